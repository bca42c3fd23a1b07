/**
 * Parses the JSON that our k6 scripts write from handleSummary (k6's raw summary data) into
 * RunMetrics. Validated with zod: a k6 upgrade that changes the shape fails loudly here instead of
 * producing zeros. Metrics are read from the `{scenario:load}` submetrics so that requests made in
 * setup() (the fail-fast probe) never mix into the percentiles.
 */
import { z } from 'zod'
import type { RunMetrics } from '../model.js'

const trendValues = z.object({
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
