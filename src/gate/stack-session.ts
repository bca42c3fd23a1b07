/**
 * A disposable session of running stacks: one per variant, started fresh for every session, every
 * profile set up on each. Sessions are used with `await using`, so their stacks are stopped whatever
 * happens; a signal handler stops them through `Cleanup` while a run is in flight.
 */
import type { Config, ProfileConfig, VariantConfig } from '../config/schema.js'
import { redact, type InterpolatedValue } from '../config/secrets.js'
import { InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'
import type { VariantName } from '../model.js'
import { setUpProfile, type SetupGuard } from '../stack/profile-setup.js'
import { startStack, type RunningStack } from '../stack/stack.js'

/** Stops registered stacks on SIGINT/SIGTERM even while a run is in flight. */
export class Cleanup {
  private readonly tasks = new Set<() => Promise<void>>()
  add(task: () => Promise<void>): () => void {
    this.tasks.add(task)
    return () => this.tasks.delete(task)
  }
  async runAll(): Promise<void> {
    const tasks = [...this.tasks]
    this.tasks.clear()
    await Promise.allSettled(tasks.map((task) => task()))
  }
}

export interface SessionOptions {
  config: Config
  runId: string
  log: Logger
  cleanup: Pick<Cleanup, 'add'>
  signal?: AbortSignal | undefined
  variants: readonly VariantName[]
  /** Service overrides per variant (the baseline variant's images, env, command). */
  overrides: Partial<Record<VariantName, VariantConfig | undefined>>
  /** Names this session's instances (networks), e.g. "stored" or "b3" for paired block 3. */
  instance: string
  /** The profiles set up on these stacks (gate.isolation); default every profile. */
  profiles?: readonly string[] | undefined
  /** Docker cpuset per service (the gate's CPU placement); absent: every CPU. */
  cpusets?: Readonly<Record<string, string>> | undefined
  /** What profile setup may reach besides the stack's services, and the values it must not quote. */
  reach?: SetupReach | undefined
}

/** Hosts the stack's names do not cover, and the values `${NAME}` took. */
export interface SetupReach {
  /**
   * LoadedConfig.allowedHosts: what the workflow allows (allowed-hosts, --allow-host) and a compose
   * file's network aliases, which the stack's resolveUrl maps to their service's address.
   */
  allowedHosts: readonly string[]
  interpolated: readonly InterpolatedValue[]
}

/** Setup on one stack reaches its own services (by name or network alias) and the hosts the workflow allows. */
function setupGuard(stack: RunningStack, reach: SetupReach | undefined): SetupGuard {
  const interpolated = reach?.interpolated ?? []
  return {
    hosts: new Set([
      ...[...stack.services.keys()].map((n) => n.toLowerCase()),
      ...(reach?.allowedHosts ?? []),
    ]),
    mask: (text) => redact(text, interpolated),
  }
}

/** Running stacks for some variants, every profile set up; disposing stops them all. */
export class StackSession implements AsyncDisposable {
  private constructor(
    readonly stacks: ReadonlyMap<VariantName, RunningStack>,
    private readonly stopAll: () => Promise<void>,
    private readonly unregister: () => void,
    /** Per variant and profile: the request headers, with values captured by the setup filled in. */
    private readonly profileHeaders: ReadonlyMap<string, Record<string, string>>,
  ) {}

  /**
   * Starts the variants' stacks side by side and configures every profile on each. On any failure,
   * whatever started is stopped before the error propagates.
   */
  static async open(options: SessionOptions): Promise<StackSession> {
    const stacks = new Map<VariantName, RunningStack>()
    const headers = new Map<string, Record<string, string>>()
    const starting: Promise<RunningStack>[] = []
    const profiles = options.config.profiles.filter(
      (p) => options.profiles === undefined || options.profiles.includes(p.name),
    )
    // Each stack's stop() is memoized, so the signal handler and dispose share one teardown.
    const stopAll = async () => {
      await Promise.allSettled(starting.map(async (s) => (await s).stop()))
    }
    // After a SIGINT/SIGTERM the cleanup has already taken its tasks (and swept this run's label):
    // a stack started now would be registered too late and outlive the exit.
    if (options.signal?.aborted) throw new InfrastructureError('interrupted')
    const unregister = options.cleanup.add(stopAll)
    try {
      await options.log.group(
        `Start the stack (${options.variants.join(' + ')}, ${options.instance})`,
        async () => {
          for (const variant of options.variants) {
            starting.push(
              startStack(options.config, {
                runId: options.runId,
                variant,
                instance: options.instance,
                overrides: options.overrides[variant],
                cpusets: options.cpusets,
                log: options.log,
              }),
            )
          }
          const settled = await Promise.allSettled(starting)
          const failed = settled.find((s) => s.status === 'rejected')
          if (failed) throw (failed as PromiseRejectedResult).reason
          options.variants.forEach((variant, i) =>
            stacks.set(variant, (settled[i] as PromiseFulfilledResult<RunningStack>).value),
          )
          if (options.signal?.aborted) throw new InfrastructureError('interrupted')
          // Every fresh stack gets its own setup, so paired blocks and isolated sessions are configured alike.
          for (const [variant, stack] of stacks) {
            for (const profile of profiles) {
              const result = await setUpProfile(profile, stack.resolveUrl, setupGuard(stack, options.reach))
              headers.set(`${variant}/${profile.name}`, result.headers)
              options.log.info(
                `[${variant}] profile ${profile.name} ready: ${stack.resolveUrl(profile.target)}`,
              )
            }
          }
        },
      )
    } catch (error) {
      await stopAll()
      unregister()
      throw error
    }
    return new StackSession(stacks, stopAll, unregister, headers)
  }

  /** The request headers of a profile on a variant's stack (captured values filled in). */
  headers(variant: VariantName, profile: ProfileConfig): Record<string, string> {
    return this.profileHeaders.get(`${variant}/${profile.name}`) ?? profile.headers
  }

  stack(variant: VariantName): RunningStack {
    const stack = this.stacks.get(variant)
    if (!stack) throw new InfrastructureError(`no stack for variant ${variant}`)
    return stack
  }

  async [Symbol.asyncDispose](): Promise<void> {
    try {
      await this.stopAll()
    } finally {
      this.unregister()
    }
  }
}
