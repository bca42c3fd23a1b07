/**
 * An arena layer 1 run (seed 002, enterprise readiness): each configured dimension of
 * scenarios/arena-enterprise.js in the seed's order, one k6 process each, then the ERI of
 * src/arena/enterprise-score.ts. Dimensions left out of the config are not run and score 0. The run's
 * metrics are the first measured dimension's (reported, never gated: the ERI and, by default, each
 * configured dimension decide the cell; ./dimensions.ts).
 */
import type { ProfileConfig, ScenarioConfig } from '../../config/schema.js'
import { InfrastructureError } from '../../errors.js'
import {
  ENTERPRISE_DIMENSIONS,
  scoreEnterprise,
  type DimensionMeasurement,
  type EnterpriseDimension,
} from '../../arena/enterprise-score.js'
import type { K6Binary } from '../../load/k6.js'
import { runK6Scenarios } from '../../load/k6.js'
import { scriptPath } from '../../load/scenario-env.js'
import type { Logger } from '../../log.js'
import type { ArenaRunResult, RunMetrics } from '../../model.js'

export interface EnterpriseRunOptions {
  k6: K6Binary
  log: Logger
  signal?: AbortSignal | undefined
  profile: ProfileConfig
  scenario: ScenarioConfig
  targetUrl: string
  /** The profile's request headers (captured values filled in), sent with every request. */
  headers?: Record<string, string> | undefined
  label: string
  /** Makes `{{consumer}}` unique across runs (a rate limiter's counters outlive one run). */
  runKey?: string | undefined
}

/** The k6 environment of one dimension. */
export function enterpriseEnv(
  options: Pick<EnterpriseRunOptions, 'scenario' | 'targetUrl' | 'headers' | 'profile' | 'runKey'>,
  dimension: EnterpriseDimension,
): Record<string, string> {
  const settings = options.scenario.enterprise
  const spec = settings?.dimensions[dimension]
  if (!settings || !spec)
    throw new InfrastructureError(
      `scenario ${options.scenario.name} has no enterprise dimension ${dimension}`,
    )
  return {
    TARGET_URL: options.targetUrl,
    HEADERS: JSON.stringify(options.headers ?? options.profile.headers),
    ENTERPRISE_DIMENSION: dimension,
    ENTERPRISE_SPEC: JSON.stringify(spec),
    ITERATIONS: String(settings.iterations),
    RUN_ID: options.runKey ?? String(Date.now()),
    WARMUP: '0s',
    ...(settings.jwt ? { JWT: JSON.stringify(settings.jwt) } : {}),
  }
}

/** Runs the configured dimensions against one target; returns the metrics and the ERI. */
export async function runArenaEnterprise(
  options: EnterpriseRunOptions,
): Promise<{ metrics: RunMetrics; arena: ArenaRunResult }> {
  const settings = options.scenario.enterprise
  if (!settings) throw new InfrastructureError(`scenario ${options.scenario.name} has no enterprise settings`)
  const measured: Partial<Record<EnterpriseDimension, RunMetrics>> = {}
  const runKey = options.runKey ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
  for (const dimension of ENTERPRISE_DIMENSIONS) {
    if (settings.dimensions[dimension] === undefined) continue
    if (options.signal?.aborted) throw new InfrastructureError('interrupted')
    const result = await runK6Scenarios(
      {
        k6: options.k6,
        script: scriptPath(options.scenario),
        env: enterpriseEnv({ ...options, runKey }, dimension),
        // Throughput is not scored; 1 s keeps k6's parser from dividing by 0.
        durationS: 1,
        timeoutMs: 360_000,
        signal: options.signal,
      },
      ['load'],
    )
    measured[dimension] = result.metrics.load as RunMetrics
  }
  const inputs: Partial<Record<EnterpriseDimension, DimensionMeasurement>> = {}
  const phases: ArenaRunResult['phases'] = {}
  for (const [dimension, m] of Object.entries(measured) as [EnterpriseDimension, RunMetrics][]) {
    // valid_responses: one value per iteration (per request for rate limiting), so its rate is the
    // dimension's availability; with no request at all nothing passed.
    inputs[dimension] = { passRate: m.requests > 0 ? m.checkAccuracy : 0, p95: m.p95 }
    phases[dimension] = {
      requests: m.requests,
      errorRate: m.errorRate,
      p50: m.p50,
      p95: m.p95,
      rps: m.rps,
    }
  }
  const scored = scoreEnterprise(inputs, settings.weights, settings.capsMs)
  options.log.info(
    `${options.label} ERI ${scored.score.toFixed(1)}: ${Object.entries(scored.dimensions)
      .map(([d, s]) => `${d} ${s.score.toFixed(1)}`)
      .join(', ')}`,
  )
  const first = Object.values(measured)[0]
  return {
    metrics: first ?? emptyMetrics(),
    arena: { score: scored.score, dimensions: scored.dimensions, phases },
  }
}

/** A run where no dimension was configured: nothing measured (the schema requires one, so rare). */
function emptyMetrics(): RunMetrics {
  return {
    p50: 0,
    p90: 0,
    p95: 0,
    p99: 0,
    max: 0,
    mean: 0,
    rps: 0,
    requests: 0,
    errorRate: 0,
    failedRequests: 0,
    checkAccuracy: 1,
    droppedIterations: 0,
  }
}
