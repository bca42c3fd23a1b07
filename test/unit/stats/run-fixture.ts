/** Builds RunResult fixtures for the statistics tests: only the fields a test cares about vary. */
import { cellId, type RunResult, type VariantName } from '../../../src/model.js'

export interface RunSpec {
  p95: number
  p50?: number
  p99?: number
  round?: number
  variant?: VariantName
  warmup?: boolean
  valid?: boolean
  invalidReason?: string
  requests?: number
  failedRequests?: number
  checkAccuracy?: number
}

/** One measured run of cell api/steady with plausible defaults (no errors, 10,000 requests). */
export function run(spec: RunSpec): RunResult {
  const requests = spec.requests ?? 10_000
  const failed = spec.failedRequests ?? 0
  const result: RunResult = {
    cell: cellId('api', 'steady'),
    profile: 'api',
    scenario: 'steady',
    variant: spec.variant ?? 'candidate',
    round: spec.round ?? 0,
    warmup: spec.warmup ?? false,
    startedAt: '2026-01-01T00:00:00Z',
    durationS: 8,
    metrics: {
      p50: spec.p50 ?? spec.p95 * 0.5,
      p90: spec.p95 * 0.9,
      p95: spec.p95,
      p99: spec.p99 ?? spec.p95 * 1.5,
      max: spec.p95 * 3,
      mean: spec.p95 * 0.6,
      rps: requests / 8,
      requests,
      errorRate: requests === 0 ? 0 : failed / requests,
      failedRequests: failed,
      checkAccuracy: spec.checkAccuracy ?? 1,
      droppedIterations: spec.valid === false ? 12 : 0,
    },
    valid: spec.valid ?? true,
    resources: [],
  }
  if (spec.invalidReason !== undefined) result.invalidReason = spec.invalidReason
  return result
}

/** Runs of one variant from P95 values, one per round starting at round 1. */
export function runs(p95s: readonly number[], variant: VariantName = 'candidate'): RunResult[] {
  return p95s.map((p95, i) => run({ p95, round: i + 1, variant }))
}

/** Default gate settings of the config schema, the way the comparisons read them. */
export const gate = {
  metric: 'p95',
  threshold: 0.1,
  confidence: 0.95,
  errorRateCeiling: 0.01,
} as const

/** Every number reachable from a value, with its path, to prove outputs hold no NaN or Infinity. */
export function nonFiniteNumbers(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} = ${value}`]
  if (Array.isArray(value)) return value.flatMap((item, i) => nonFiniteNumbers(item, `${path}[${i}]`))
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => nonFiniteNumbers(item, `${path}.${key}`))
  }
  return []
}
