/**
 * An arena run (seed 002): the eight phases of scenarios/arena.js in order, one k6 process each, then
 * the composite score of src/arena/score.ts. The run's metrics are the sustained phase's (1 VU x 100
 * iterations: the steadiest latency sample of the arena).
 */
import type { ProfileConfig, ScenarioConfig } from '../../config/schema.js'
import { InfrastructureError } from '../../errors.js'
import { ARENA_PHASES, scoreArena, type ArenaPhase, type PhaseMeasurement } from '../../arena/score.js'
import type { K6Binary } from '../../load/k6.js'
import { runK6Scenarios } from '../../load/k6.js'
import { scenarioEnv, scriptPath } from '../../load/scenario-env.js'
import type { Logger } from '../../log.js'
import type { ArenaRunResult, RunMetrics } from '../../model.js'

export interface ArenaRunOptions {
  k6: K6Binary
  log: Logger
  signal?: AbortSignal | undefined
  profile: ProfileConfig
  scenario: ScenarioConfig
  targetUrl: string
  label: string
}

/** Seconds a timed phase lasts (for its throughput); shared-iterations phases last as long as they take. */
function phaseSeconds(phase: ArenaPhase, scale: number): number {
  if (phase === 'burst50' || phase === 'burst100') return 18 * scale
  if (phase === 'rampup') return 60 * scale
  return 0
}

/** Requests the ramp-up schedules: a linear ramp from 10 to 100 req/s. */
export function rampScheduled(scale: number): number {
  return ((10 + 100) / 2) * 60 * scale
}

/** The health URL: the target's origin plus healthPath, or the target itself. */
export function healthUrl(targetUrl: string, healthPath: string | undefined): string {
  return healthPath ? new URL(healthPath, targetUrl).toString() : targetUrl
}

/** Runs the arena's phases against one target; returns the sustained phase's metrics and the score. */
export async function runArena(
  options: ArenaRunOptions,
): Promise<{ metrics: RunMetrics; arena: ArenaRunResult }> {
  const settings = options.scenario.arena
  if (!settings) throw new InfrastructureError(`scenario ${options.scenario.name} has no arena settings`)
  const measured: Partial<Record<ArenaPhase, RunMetrics>> = {}
  for (const phase of ARENA_PHASES) {
    if (options.signal?.aborted) throw new InfrastructureError('interrupted')
    const seconds = phaseSeconds(phase, settings.timeScale)
    const env = {
      ...scenarioEnv(options.profile, options.scenario, options.targetUrl),
      ARENA_PHASE: phase,
      ARENA_TIME_SCALE: String(settings.timeScale),
      HEALTH_URL: healthUrl(options.targetUrl, settings.healthPath),
      WARMUP: '0s',
    }
    const result = await runK6Scenarios(
      {
        k6: options.k6,
        script: scriptPath(options.scenario),
        env,
        // Throughput of an untimed phase is not scored; 1 s keeps k6's parser from dividing by 0.
        durationS: seconds > 0 ? seconds : 1,
        timeoutMs: (seconds + 180) * 1000,
        signal: options.signal,
      },
      ['load'],
    )
    measured[phase] = result.metrics.load as RunMetrics
  }
  const phases: Partial<Record<ArenaPhase, PhaseMeasurement>> = {}
  const recorded: ArenaRunResult['phases'] = {}
  for (const [phase, m] of Object.entries(measured) as [ArenaPhase, RunMetrics][]) {
    phases[phase] = {
      requests: m.requests,
      errorRate: m.errorRate,
      p25: m.p25,
      p50: m.p50,
      p75: m.p75,
      p95: m.p95,
      ...(phase === 'rampup' ? { scheduled: rampScheduled(settings.timeScale) } : {}),
    }
    recorded[phase] = {
      requests: m.requests,
      errorRate: m.errorRate,
      ...(m.p25 !== undefined ? { p25: m.p25 } : {}),
      p50: m.p50,
      ...(m.p75 !== undefined ? { p75: m.p75 } : {}),
      p95: m.p95,
      rps: m.rps,
    }
  }
  const scored = scoreArena(phases, settings.weights, settings.caps)
  options.log.info(
    `${options.label} arena score ${scored.score.toFixed(1)}: ${Object.entries(scored.dimensions)
      .map(([d, s]) => `${d} ${s.score.toFixed(1)}`)
      .join(', ')}`,
  )
  return {
    metrics: measured.sustained as RunMetrics,
    arena: { score: scored.score, dimensions: scored.dimensions, phases: recorded },
  }
}
