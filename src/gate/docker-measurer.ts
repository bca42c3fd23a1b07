/**
 * The Docker measurer: measures on real stacks (testcontainers) with k6. Each phase runs on a session
 * of its own, disposed (stacks stopped) before it returns: the stored phase on one stack, every
 * paired block on fresh stacks of both variants.
 */
import { randomUUID } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import type { Config, VariantConfig } from '../config/schema.js'
import { InfrastructureError } from '../errors.js'
import { findK6, type K6Binary } from '../load/k6.js'
import type { RunResult, VariantName } from '../model.js'
import { configCells, type CellRef } from '../config/sweep.js'
import { isolateSchedule, planSchedule, stackOrder, type PlannedRun } from '../plan/schedule.js'
import { planPlacement, type Placement } from '../plan/placement.js'
import { ensureEchoImage, usesEchoImage } from '../stack/echo-image.js'
import { buildServiceImages, removeLeftovers, removeOrphans } from '../stack/stack.js'
import { buildVariantImages, planVariantBuilds, type VariantBuildPlan } from '../stack/variant-build.js'
import { findTool, trustedPath } from '../trusted-path.js'
import {
  blockWarmup,
  blockWarmupNote,
  runSchedule,
  warmUpSession,
  type ExecuteContext,
  type WarmUpEvent,
} from './measure.js'
import { StackSession, type SetupReach } from './stack-session.js'
import type { GatePlan, Measurer, MeasurerSetup, OnEvent, OnRun } from './decision/measurer.js'

/** taskset (util-linux) runs k6 on the placement's CPUs; without it the gate does not pin. */
export function hasTaskset(): boolean {
  const taskset = findTool('taskset')
  if (!taskset) return false
  try {
    execFileSync(taskset, ['--version'], { stdio: 'ignore', env: { PATH: trustedPath() } })
    return true
  } catch {
    return false
  }
}

/**
 * The Docker measurer for a gate: finds k6 (and checks its version), builds the images the config
 * builds from a Dockerfile, places k6 and the services on CPUs, and removes the stacks of earlier
 * gates whose process is gone. Throws before any stack starts when k6 is missing or wrong.
 */
export async function dockerMeasurer(setup: MeasurerSetup): Promise<Measurer> {
  const { plan, loaded, log, env } = setup
  let config = plan.config
  const buildPlans = plan.hasVariant ? await planVariantBuilds(config, loaded.file, env, loaded.root) : []
  const k6 = await (setup.locateK6 ?? (() => findK6(env)))()
  if (!k6) throw new InfrastructureError('k6 was not found: install k6 (see README) or set K6_PATH')
  if (config.k6.version && k6.version !== config.k6.version) {
    throw new InfrastructureError(
      `${loaded.file}: k6.version asks for k6 ${config.k6.version}, but ${k6.path} is ${k6.version}: install that release or point K6_PATH at it`,
    )
  }
  // The echo backend the examples and `init` name: built from the binary perf-gate ships when Docker
  // lacks it, since no registry serves it (src/stack/echo-image.ts).
  if (usesEchoImage(loaded)) await ensureEchoImage(log)
  // Images built from a Dockerfile are built once here, not for every stack a paired block starts.
  if (Object.values(config.services).some((s) => s.build)) {
    const services = await log.group('Build images', () => buildServiceImages(config.services, log))
    config = { ...config, services }
  }
  const placement = planPlacement(config, availableParallelism(), hasTaskset())
  log.info(placement.summary)
  // PERF_GATE_RUN_ID labels every container and network of this gate (docker ps --filter label=...).
  const runId =
    env.PERF_GATE_RUN_ID && /^[\w.-]{1,40}$/.test(env.PERF_GATE_RUN_ID)
      ? env.PERF_GATE_RUN_ID
      : randomUUID().slice(0, 12)
  // A gate killed with SIGKILL could not remove its stack: the next gate on this host does.
  const orphans = await removeOrphans()
  if (orphans.length > 0)
    log.warning(
      `removed the containers of ${orphans.length} earlier gate(s) whose process is gone: ${orphans.join(', ')}`,
    )
  // On a signal, stacks still starting are not registered yet: sweep everything labelled with this run.
  const unregisterSweep = setup.cleanup.add(async () => {
    await removeLeftovers(runId)
  })
  return new DockerMeasurer(
    {
      plan: { ...plan, config },
      buildPlans,
      k6: placement.mode === 'split' ? { ...k6, cpus: placement.k6Cpus } : k6,
      placement,
      runId,
      reach: { allowedHosts: loaded.allowedHosts, interpolated: loaded.interpolated },
    },
    setup,
    unregisterSweep,
  )
}

/** What the Docker measurer prepared before the first container starts. */
interface DockerPrepared {
  /** The plan, its config with built images. */
  plan: GatePlan
  buildPlans: VariantBuildPlan[]
  /** k6, with its CPUs when the placement splits them. */
  k6: K6Binary
  placement: Placement
  runId: string
  /** What profile setup may reach besides the stack's services (allowed-hosts), and what it masks. */
  reach: SetupReach
}

/** Measures on disposable sessions of running stacks (stack-session.ts, measure.ts). */
class DockerMeasurer implements Measurer {
  private variant: VariantConfig | undefined

  constructor(
    private readonly p: DockerPrepared,
    private readonly setup: Pick<MeasurerSetup, 'log' | 'cleanup' | 'signal' | 'now'>,
    private readonly unregisterSweep: () => void,
  ) {}

  get config(): Config {
    return this.p.plan.config
  }

  get k6Version(): string {
    return this.p.k6.version
  }

  /** The block warm-ups so far (gate.blockWarmup), for the report's note. */
  private readonly warmUps: WarmUpEvent[] = []

  get notes(): string[] {
    const warmup = blockWarmup(this.p.plan.gate)
    const warmUpNote = warmup ? blockWarmupNote(this.warmUps, warmup) : null
    return [`${this.p.placement.summary}.`, ...(warmUpNote ? [warmUpNote] : [])]
  }

  close(): void {
    this.unregisterSweep()
  }

  private context(
    phase: ExecuteContext['phase'],
    onRun: OnRun,
    onEvent: OnEvent | undefined,
    block?: number,
  ): ExecuteContext {
    return {
      config: this.config,
      k6: this.p.k6,
      log: this.setup.log,
      signal: this.setup.signal,
      pairing: this.p.plan.gate.pairing,
      phase,
      block,
      onRun,
      onEvent: async (event) => {
        if (event.event === 'warm-up') this.warmUps.push(event)
        await onEvent?.(event)
      },
    }
  }

  private session(
    variants: VariantName[],
    instance: string,
    baselineVariant: VariantConfig | undefined,
    profiles: readonly string[],
  ) {
    return StackSession.open({
      config: this.config,
      runId: this.p.runId,
      log: this.setup.log,
      cleanup: this.setup.cleanup,
      signal: this.setup.signal,
      variants,
      overrides: { baseline: baselineVariant },
      instance,
      profiles,
      cpusets: this.p.placement.mode === 'split' ? this.p.placement.services : undefined,
      reach: this.p.reach,
    })
  }

  private names() {
    return {
      profiles: this.config.profiles.map((p) => p.name),
      scenarios: this.config.scenarios.map((s) => s.name),
      cells: configCells(this.config),
    }
  }

  /**
   * Runs a schedule under gate.isolation: all of it on one session (shared), or each profile's or
   * cell's runs on a session of their own, started fresh and set up with that profile only. Each
   * session is disposed (its stacks stopped) before the next starts. A paired block (`block` given)
   * starts and sets up its stacks in an order drawn from gate.seed, and warms them up
   * (gate.blockWarmup) before the measured runs; the seconds spent warming are returned.
   */
  private async runIsolated(
    title: string,
    schedule: readonly PlannedRun[],
    variants: VariantName[],
    instance: string,
    ctx: ExecuteContext,
    baselineVariant?: VariantConfig,
    block?: number,
  ): Promise<{ runs: RunResult[]; warmupS: number }> {
    const runs: RunResult[] = []
    let warmupS = 0
    const { gate } = this.p.plan
    const warmup = block === undefined ? null : blockWarmup(gate)
    const isolation = gate.isolation
    const parts = isolateSchedule(schedule, isolation)
    for (const [i, part] of parts.entries()) {
      const profiles = [...new Set(part.map((r) => r.profile))]
      const name = parts.length === 1 ? instance : `${instance}-i${i}`
      // Neither variant's stack always starts first (issue 22: the first started read slower).
      const order = block === undefined ? variants : stackOrder(gate.seed, block, i)
      if (block !== undefined) await ctx.onEvent?.({ event: 'stacks', block, session: i, order })
      // Log groups do not nest in the Actions log: the session's start is a group of its own.
      await using stack = await this.session(order, name, baselineVariant, profiles)
      if (warmup) {
        warmupS += await this.setup.log.group(
          `${title}: warm up ${order.join(', then ')} (blockWarmup ${gate.blockWarmup})`,
          () => warmUpSession(ctx, stack, order, part, warmup, i),
        )
      }
      const what =
        isolation === 'shared' ? '' : ` [${isolation} ${isolation === 'cell' ? part[0]?.cell : profiles[0]}]`
      runs.push(
        ...(await this.setup.log.group(`${title}${what}: ${part.length} runs`, () =>
          runSchedule(ctx, stack, part),
        )),
      )
    }
    return { runs, warmupS }
  }

  /** The candidate alone on one stack: warm-up and measured rounds. */
  async storedPhase(phase: 'stored' | 'baseline', onRun: OnRun, onEvent?: OnEvent): Promise<RunResult[]> {
    const { gate } = this.p.plan
    const schedule = planSchedule({
      ...this.names(),
      rounds: gate.rounds,
      warmupRounds: gate.warmupRounds,
      seed: gate.seed,
      paired: false,
    })
    const { runs } = await this.runIsolated(
      `Run k6 (${phase === 'baseline' ? 'baseline' : 'stored comparison'})`,
      schedule,
      ['candidate'],
      phase,
      this.context(phase, onRun, onEvent),
    )
    return runs
  }

  /** One paired A/B block of `cells` on freshly started stacks of both variants. */
  async pairedBlock(
    block: number,
    _why: string,
    cells: readonly CellRef[],
    onRun: OnRun,
    onEvent?: OnEvent,
  ): Promise<{ runs: RunResult[]; ms: number }> {
    const { gate } = this.p.plan
    const log = this.setup.log
    this.variant ??= await buildVariantImages(
      this.config.baselineVariant as VariantConfig,
      this.p.buildPlans,
      log,
    )
    const began = this.setup.now().getTime()
    // The block's cells only (adaptive blocks: the undecided gated cells and their controls).
    const schedule = planSchedule({
      ...this.names(),
      cells,
      rounds: gate.pairsPerBlock,
      warmupRounds: 0,
      seed: gate.seed,
      paired: true,
      firstRound: block * gate.pairsPerBlock,
    })
    const { runs, warmupS } = await this.runIsolated(
      `Paired block ${block + 1} (${gate.pairing})`,
      schedule,
      ['baseline', 'candidate'],
      `b${block}`,
      this.context('paired', onRun, onEvent, block),
      this.variant,
      block,
    )
    // Warm-up windows went to the journal; the comparison sees the measured runs only.
    if (gate.blockWarmup !== 'off')
      log.info(`paired block ${block + 1}: warm-up took ${warmupS.toFixed(0)} s`)
    return { runs, ms: this.setup.now().getTime() - began }
  }
}
