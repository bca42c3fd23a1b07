/**
 * Parses the JSON that our k6 scripts write from handleSummary (k6's raw summary data) into
 * RunMetrics. Validated with zod: a k6 upgrade that changes the shape fails loudly here instead of
 * producing zeros. Metrics of the built-in scripts are read from the `{scenario:load}` submetrics so
 * that requests made in setup() (the fail-fast probe) never mix into the percentiles; a user's own
 * script, run through the wrapper, by parseWrappedSummary.
 */
import { z } from 'zod'
import {
  MAX_ENDPOINT_RESULTS,
  MAX_SCRIPT_THRESHOLDS,
  type EndpointMetrics,
  type RunMetrics,
  type ScriptThreshold,
} from '../model.js'

const trendValues = z.object({
  'p(25)': z.number().optional(),
  'p(75)': z.number().optional(),
  avg: z.number(),
  max: z.number(),
  'p(50)': z.number().optional(),
  med: z.number(),
  'p(90)': z.number(),
  'p(95)': z.number(),
  'p(99)': z.number(),
})
const counterValues = z.object({ count: z.number(), rate: z.number() })
const rateValues = z.object({ rate: z.number(), passes: z.number(), fails: z.number() })

const metric = <T extends z.ZodType>(values: T) => z.object({ values })

/** The summary's metrics for one load scenario (`load`, or a duet's variant name). */
function scenarioSchema(scenario: string) {
  return z.object({
    metrics: z
      .object({
        [`http_req_duration{scenario:${scenario}}`]: metric(trendValues),
        [`http_reqs{scenario:${scenario}}`]: metric(counterValues),
        [`http_req_failed{scenario:${scenario}}`]: metric(rateValues),
        [`checks{scenario:${scenario}}`]: metric(rateValues).optional(),
        [`valid_responses{scenario:${scenario}}`]: metric(rateValues).optional(),
        [`dropped_iterations{scenario:${scenario}}`]: metric(counterValues).optional(),
        dropped_iterations: metric(counterValues).optional(),
      })
      .loose(),
  })
}

/** The single-target summary shape (one scenario named `load`). */
export const k6SummarySchema = scenarioSchema('load')

export class SummaryFormatError extends Error {}

type Trend = z.infer<typeof trendValues>
type Counter = z.infer<typeof counterValues>
type RateValues = z.infer<typeof rateValues>
type Metric<T> = { values: T } | undefined

/**
 * Converts a k6 summary into metrics of one load scenario. `durationS` is the load phase's configured
 * duration: k6's own rate divides by the whole test including setup, which understates throughput of
 * short runs. `scenario` is `load` for a single target, or a variant's name in a duet.
 */
export function parseK6Summary(json: unknown, durationS: number, scenario = 'load'): RunMetrics {
  const parsed = scenarioSchema(scenario).safeParse(json)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first ? first.path.map(String).join('.') : ''
    throw new SummaryFormatError(
      `k6 summary is not in the expected format (${where}: ${first?.message ?? 'invalid'}); ` +
        `custom scripts must run their load in a scenario named "${scenario}" and export handleSummary from scenarios/lib/summary.js`,
    )
  }
  const m = parsed.data.metrics as Record<string, unknown>
  const get = <T>(name: string) => m[`${name}{scenario:${scenario}}`] as Metric<T>
  const latency = (get<Trend>('http_req_duration') as { values: Trend }).values
  const requests = Math.round((get<Counter>('http_reqs') as { values: Counter }).values.count)
  const failed = (get<RateValues>('http_req_failed') as { values: RateValues }).values
  // Accuracy is per request (every check of a response passed), from our scripts' valid_responses
  // Rate; a user's script without it falls back to the fraction of checks that passed.
  const checks = get<RateValues>('valid_responses')?.values ?? get<RateValues>('checks')?.values
  const totalChecks = checks ? checks.passes + checks.fails : 0
  // Per scenario when the script exposes it (ours do); the whole test's count otherwise.
  const dropped =
    get<Counter>('dropped_iterations')?.values.count ??
    (m.dropped_iterations as Metric<Counter>)?.values.count ??
    0
  return {
    ...(latency['p(25)'] !== undefined ? { p25: latency['p(25)'] } : {}),
    ...(latency['p(75)'] !== undefined ? { p75: latency['p(75)'] } : {}),
    p50: latency['p(50)'] ?? latency.med,
    p90: latency['p(90)'],
    p95: latency['p(95)'],
    p99: latency['p(99)'],
    max: latency.max,
    mean: latency.avg,
    rps: durationS > 0 ? requests / durationS : 0,
    requests,
    // http_req_failed is a Rate whose "passes" are the failed requests.
    errorRate: requests > 0 ? failed.passes / requests : 0,
    failedRequests: Math.round(failed.passes),
    checkAccuracy: totalChecks > 0 && checks ? checks.passes / totalChecks : 1,
    droppedIterations: Math.round(dropped),
  }
}

/** What the wrapper (src/load/wrapper.ts) records in the summary about the script it wrapped. */
const wrapperMetaSchema = z.object({
  selector: z.string(),
  scenarios: z.array(z.string()),
  userThresholds: z.record(z.string(), z.array(z.string())),
  latencyMetric: z.string(),
  endpointTag: z.string(),
  endpoints: z.array(z.string()),
})

const anyMetric = z
  .object({
    values: z.record(z.string(), z.number()),
    thresholds: z.record(z.string(), z.object({ ok: z.boolean() })).optional(),
  })
  .loose()

const wrappedSummarySchema = z.object({
  perfGate: wrapperMetaSchema,
  state: z.object({ testRunDurationMs: z.number().nonnegative() }).loose(),
  metrics: z.record(z.string(), anyMetric),
})

/** The script's own thresholds, and the run's metrics, from the summary of a wrapped script. */
export interface WrappedSummary {
  metrics: RunMetrics
  /** The script's load scenarios (k6's implicit `default` when its options have none). */
  scenarios: string[]
}

/**
 * Converts the summary of a user's script run through the wrapper into RunMetrics. The load is every
 * scenario of the script together, selected by the tag the wrapper puts on them (or k6's implicit
 * `default` scenario), so setup()/teardown() requests stay out. Latency is the configured metric
 * (`http_req_duration`, `grpc_req_duration`, `ws_session_duration`, `ws_connecting`); requests are
 * its sample count (`http_reqs` for HTTP). Throughput divides by k6's whole test run, as the script's
 * own stages define the load phase. Errors are `http_req_failed` (0 for a script without HTTP
 * requests: checks then tell failures, as checkAccuracy).
 */
export function parseWrappedSummary(json: unknown): WrappedSummary {
  const parsed = wrappedSummarySchema.safeParse(json)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first ? first.path.map(String).join('.') : ''
    throw new SummaryFormatError(
      `k6 summary of the wrapped script is not in the expected format (${where}: ${first?.message ?? 'invalid'})`,
    )
  }
  const { perfGate: meta, metrics: m, state } = parsed.data
  const at = (name: string, extra = '') => m[`${name}{${meta.selector}${extra}}`]?.values
  const latency = at(meta.latencyMetric)
  if (!latency) {
    throw new SummaryFormatError(
      `k6 summary has no ${meta.latencyMetric} for the script's scenarios (${meta.scenarios.join(', ')}): does the script make ${meta.latencyMetric.split('_')[0]} requests? (scenario option latencyMetric)`,
    )
  }
  const isHttp = meta.latencyMetric === 'http_req_duration'
  const requests = Math.round((isHttp ? at('http_reqs')?.count : undefined) ?? latency.count ?? 0)
  const failed = at('http_req_failed')?.passes ?? 0
  const checks = at('checks')
  const totalChecks = checks ? (checks.passes ?? 0) + (checks.fails ?? 0) : 0
  const dropped = at('dropped_iterations')?.count ?? m.dropped_iterations?.values.count ?? 0
  const seconds = state.testRunDurationMs / 1000
  const thresholds: ScriptThreshold[] = []
  for (const [metric, expressions] of Object.entries(meta.userThresholds)) {
    for (const threshold of expressions) {
      // k6 evaluates a threshold of a metric that saw no sample as kept, and may leave it out.
      const ok = m[metric]?.thresholds?.[threshold]?.ok ?? true
      thresholds.push({ metric, threshold, ok })
    }
  }
  const endpoints: EndpointMetrics[] = []
  for (const value of meta.endpoints) {
    const extra = `,${meta.endpointTag}:${value}`
    const trend = at(meta.latencyMetric, extra)
    const count = Math.round(trend?.count ?? 0)
    // Literal values found in the script that tagged no load request (setup's, or not a tag at all).
    if (!trend || count === 0) continue
    const endpointFailed = at('http_req_failed', extra)?.passes ?? 0
    endpoints.push({
      tag: meta.endpointTag,
      value,
      requests: count,
      p50: trend['p(50)'] ?? trend.med ?? 0,
      p95: trend['p(95)'] ?? 0,
      p99: trend['p(99)'] ?? 0,
      errorRate: Math.min(1, endpointFailed / count),
    })
  }
  return {
    scenarios: meta.scenarios,
    metrics: {
      p50: latency['p(50)'] ?? latency.med ?? 0,
      p90: latency['p(90)'] ?? 0,
      p95: latency['p(95)'] ?? 0,
      p99: latency['p(99)'] ?? 0,
      max: latency.max ?? 0,
      mean: latency.avg ?? 0,
      rps: seconds > 0 ? requests / seconds : 0,
      requests,
      errorRate: requests > 0 ? Math.min(1, failed / requests) : 0,
      failedRequests: Math.round(failed),
      checkAccuracy: totalChecks > 0 && checks ? (checks.passes ?? 0) / totalChecks : 1,
      droppedIterations: Math.round(dropped),
      thresholds: thresholds.slice(0, MAX_SCRIPT_THRESHOLDS),
      endpoints: endpoints.slice(0, MAX_ENDPOINT_RESULTS),
    },
  }
}
