/**
 * A capacity-search run: the search of search.ts driven by real k6 steps, each one k6
 * process running scenarios/capacity-search.js at a constant arrival rate after a warm-up at a
 * fraction of it. The run's metrics are those of the capacity step (the highest passing rate), so the
 * report can say what latency the stack had at its capacity.
 */
import type { ProfileConfig, ScenarioConfig } from '../../config/schema.js'
import { durationMs } from '../../config/schema.js'
import { InfrastructureError } from '../../errors.js'
import { searchCapacity, warmupRate } from './search.js'
import type { K6Binary } from '../../load/k6.js'
import { runK6Scenarios } from '../../load/k6.js'
import { scenarioDurationS, scenarioEnv, scriptPath } from '../../load/scenario-env.js'
import type { Logger } from '../../log.js'
import type { CapacitySearchResult, RunMetrics } from '../../model.js'

export interface CapacityRunOptions {
  k6: K6Binary
  log: Logger
  signal?: AbortSignal | undefined
  profile: ProfileConfig
  scenario: ScenarioConfig
  /** The resolved target URL (a container address). */
  targetUrl: string
  /** Labels log lines, e.g. the cell and round. */
  label: string
}

/** Runs one capacity search; returns the metrics of the capacity step and the search. */
export async function runCapacitySearch(
  options: CapacityRunOptions,
): Promise<{ metrics: RunMetrics; capacity: CapacitySearchResult }> {
  const { scenario } = options
  const settings = scenario.capacity
  if (!settings) throw new InfrastructureError(`scenario ${scenario.name} has no capacity settings`)
  const durationS = scenarioDurationS(scenario)
  const rule = {
    errorRateCeiling: settings.errorRateCeiling,
    achievedTolerance: settings.achievedTolerance,
    ...(settings.p95CeilingMs !== undefined ? { p95CeilingMs: settings.p95CeilingMs } : {}),
  }
  const found = await searchCapacity(
    {
      start: settings.start,
      max: settings.max,
      resolution: settings.resolution,
      maxSteps: settings.maxSteps,
      retries: settings.retries,
      rule,
    },
    async (rate) => {
      if (options.signal?.aborted) throw new InfrastructureError('interrupted')
      const env = {
        ...scenarioEnv(options.profile, scenario, options.targetUrl),
        RATE: String(rate),
        WARMUP_RATE: String(warmupRate(rate, settings.warmupFraction)),
      }
      const measured = await runK6Scenarios(
        {
          k6: options.k6,
          script: scriptPath(scenario),
          env,
          durationS,
          timeoutMs: durationS * 1000 + durationMs(scenario.warmup) + 120_000,
          signal: options.signal,
        },
        ['load'],
      )
      const metrics = measured.metrics.load as RunMetrics
      return { achieved: metrics.rps, errorRate: metrics.errorRate, p95: metrics.p95, metrics }
    },
  )
  for (const step of found.steps) {
    const m = step.measurement
    options.log.info(
      `${options.label} capacity step ${step.step} (${step.phase}${step.attempt > 1 ? `, retry ${step.attempt - 1}` : ''}) ${step.target} req/s: achieved ${m.achieved.toFixed(1)}, errors ${(m.errorRate * 100).toFixed(2)}%, p95 ${m.p95.toFixed(2)} ms: ${step.pass ? 'pass' : `fail (${step.reason})`}`,
    )
  }
  const best = found.steps.filter((s) => s.pass).sort((a, b) => b.target - a.target)[0] ?? found.steps[0]
  if (!best) throw new InfrastructureError(`capacity search of ${options.label} measured no step`)
  return {
    metrics: best.measurement.metrics,
    capacity: {
      capacity: found.capacity,
      outcome: found.outcome,
      ceiling: found.ceiling,
      rule,
      steps: found.steps.map((s) => ({
        step: s.step,
        phase: s.phase,
        ...(s.attempt > 1 ? { attempt: s.attempt } : {}),
        target: s.target,
        achieved: s.measurement.achieved,
        errorRate: s.measurement.errorRate,
        p95: s.measurement.p95,
        requests: s.measurement.metrics.requests,
        droppedIterations: s.measurement.metrics.droppedIterations,
        pass: s.pass,
        ...(s.reason ? { reason: s.reason } : {}),
      })),
    },
  }
}
