/**
 * Measurement: starts the stack (one per variant), configures every profile, and executes a schedule
 * of k6 runs. Stacks are always stopped, whatever happens, before this returns or throws.
 */
import type { Config, ProfileConfig, ScenarioConfig } from '../config/schema.js'
import { InfrastructureError } from '../errors.js'
import type { K6Binary } from '../load/k6.js'
import { runK6 } from '../load/k6.js'
import { scenarioDurationS, scenarioEnv, scriptPath } from '../load/scenario-env.js'
import type { Logger } from '../log.js'
import type { ResourceSample, RunMetrics, RunResult, VariantName } from '../model.js'
import type { PlannedRun } from '../plan/schedule.js'
import { setUpProfile } from '../stack/profile-setup.js'
import { sampleResources } from '../stack/resource-sampler.js'
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

export interface MeasureContext {
  config: Config
  k6: K6Binary
  runId: string
  log: Logger
  cleanup: Cleanup
  signal?: AbortSignal | undefined
  /** Executes an extra schedule while the stacks are still up (adaptive pairs); return [] to stop. */
  extend?: (runs: RunResult[]) => PlannedRun[] | Promise<PlannedRun[]>
}

/**
 * Why a run cannot be compared, if it cannot: no request completed (every percentile reads 0), or an
 * open-model run dropped iterations and so did not deliver the planned load.
 */
export function invalidReason(scenario: ScenarioConfig, metrics: RunMetrics): string | undefined {
  if (metrics.requests === 0) return 'no request completed during the load phase'
  const droppedIterations = metrics.droppedIterations
  const openModel = scenario.rate !== undefined || scenario.script.includes('arrival-rate')
  if (openModel && droppedIterations > 0) {
    return `dropped ${droppedIterations} iterations: the open-model load was not delivered (raise maxVUs or lower rate)`
  }
  return undefined
}

/** An invalid run is retried this many times before it is kept as invalid. */
const INVALID_RETRIES = 2

async function executeRun(ctx: MeasureContext, planned: PlannedRun, stack: RunningStack): Promise<RunResult> {
  const profile = ctx.config.profiles.find((p) => p.name === planned.profile) as ProfileConfig
  const scenario = ctx.config.scenarios.find((s) => s.name === planned.scenario) as ScenarioConfig
  const durationS = scenarioDurationS(scenario)
  let result: RunResult | undefined
  for (let attempt = 0; attempt <= INVALID_RETRIES; attempt++) {
    if (ctx.signal?.aborted) throw new InfrastructureError('interrupted')
    const startedAt = new Date()
    const stopSampling = ctx.config.gate.sampleResources
      ? await sampleResources(new Map([...stack.services].map(([name, s]) => [name, s.container.getId()])))
      : async () => []
    let metrics: RunMetrics
    let resources: ResourceSample[]
    try {
      metrics = await runK6({
        k6: ctx.k6,
        script: scriptPath(scenario),
        env: scenarioEnv(profile, scenario, stack.resolveUrl(profile.target)),
        durationS,
        timeoutMs: durationS * 1000 + 120_000,
        signal: ctx.signal,
      })
    } finally {
      resources = await stopSampling()
    }
    const reason = invalidReason(scenario, metrics)
    result = {
      cell: planned.cell,
      profile: planned.profile,
      scenario: planned.scenario,
      variant: planned.variant,
      round: planned.round,
      warmup: planned.warmup,
      startedAt: startedAt.toISOString(),
      durationS: (Date.now() - startedAt.getTime()) / 1000,
      metrics,
      valid: reason === undefined,
      ...(reason ? { invalidReason: reason } : {}),
      resources,
    }
    if (result.valid || planned.warmup) break
    ctx.log.warning(`${planned.cell} [${planned.variant}] round ${planned.round}: ${reason}; re-running`)
  }
  return result as RunResult
}

function describe(run: RunResult): string {
  const m = run.metrics
  const flags = [run.warmup ? 'warm-up' : '', run.valid ? '' : 'INVALID'].filter(Boolean).join(', ')
  return (
    `round ${run.round} ${run.cell} [${run.variant}]: p95 ${m.p95.toFixed(2)} ms, p50 ${m.p50.toFixed(2)} ms, ` +
    `${m.rps.toFixed(0)} req/s, errors ${(m.errorRate * 100).toFixed(2)}%, checks ${(m.checkAccuracy * 100).toFixed(2)}%` +
    (flags ? ` (${flags})` : '')
  )
}

/**
 * Starts the stacks for the variants the schedule needs, configures profiles, executes the schedule
 * (and any extension), and stops everything. Returns every run, warm-up included (marked).
 */
export async function measure(
  ctx: MeasureContext,
  schedule: PlannedRun[],
  overrides: Partial<Record<VariantName, Config['baselineVariant']>>,
): Promise<RunResult[]> {
  const variants = [...new Set(schedule.map((r) => r.variant))].sort()
  const stacks = new Map<VariantName, RunningStack>()
  // Each stack's stop() is memoized, so the signal handler and this finally share one teardown.
  const stopAll = async () => {
    await Promise.allSettled([...stacks.values()].map((s) => s.stop()))
  }
  const unregister = ctx.cleanup.add(stopAll)
  try {
    await ctx.log.group(`Start the stack (${variants.join(' + ')})`, async () => {
      for (const variant of variants) {
        const stack = await startStack(ctx.config, {
          runId: ctx.runId,
          variant,
          overrides: overrides[variant],
          log: ctx.log,
        })
        stacks.set(variant, stack)
        if (ctx.signal?.aborted) throw new InfrastructureError('interrupted')
      }
    })
    await ctx.log.group('Configure profiles', async () => {
      for (const [variant, stack] of stacks) {
        for (const profile of ctx.config.profiles) {
          await setUpProfile(profile, stack.resolveUrl)
          ctx.log.info(`[${variant}] profile ${profile.name} ready: ${stack.resolveUrl(profile.target)}`)
        }
      }
    })
    const runs: RunResult[] = []
    let batch = schedule
    let part = 1
    while (batch.length > 0) {
      const title =
        part === 1
          ? `Run ${batch.length} k6 runs`
          : `Run ${batch.length} more k6 runs (extension ${part - 1})`
      await ctx.log.group(title, async () => {
        for (const planned of batch) {
          const stack = stacks.get(planned.variant)
          if (!stack) throw new InfrastructureError(`no stack for variant ${planned.variant}`)
          const run = await executeRun(ctx, planned, stack)
          runs.push(run)
          ctx.log.info(describe(run))
        }
      })
      batch = ctx.extend ? await ctx.extend(runs) : []
      part++
    }
    return runs
  } finally {
    await ctx.log.group('Stop the stack', stopAll)
    unregister()
  }
}
