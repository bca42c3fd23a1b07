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

export const k6SummarySchema = z.object({
  metrics: z
    .object({
      'http_req_duration{scenario:load}': metric(trendValues),
      'http_reqs{scenario:load}': metric(counterValues),
      'http_req_failed{scenario:load}': metric(rateValues),
      'checks{scenario:load}': metric(rateValues).optional(),
      'valid_responses{scenario:load}': metric(rateValues).optional(),
      dropped_iterations: metric(counterValues).optional(),
    })
    .loose(),
})

export class SummaryFormatError extends Error {}

/**
 * Converts a k6 summary into metrics. `durationS` is the load phase's configured duration: k6's own
 * rate divides by the whole test including setup, which understates throughput of short runs.
 */
export function parseK6Summary(json: unknown, durationS: number): RunMetrics {
  const parsed = k6SummarySchema.safeParse(json)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first ? first.path.map(String).join('.') : ''
    throw new SummaryFormatError(
      `k6 summary is not in the expected format (${where}: ${first?.message ?? 'invalid'}); ` +
        'custom scripts must run their load in a scenario named "load" and export handleSummary from scenarios/lib/summary.js',
    )
  }
  const m = parsed.data.metrics
  const latency = m['http_req_duration{scenario:load}'].values
  const requests = Math.round(m['http_reqs{scenario:load}'].values.count)
  const failed = m['http_req_failed{scenario:load}'].values
  // Accuracy is per request (every check of a response passed), from our scripts' valid_responses
  // Rate; a user's script without it falls back to the fraction of checks that passed.
  const checks = m['valid_responses{scenario:load}']?.values ?? m['checks{scenario:load}']?.values
  const totalChecks = checks ? checks.passes + checks.fails : 0
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
    droppedIterations: Math.round(m.dropped_iterations?.values.count ?? 0),
  }
}
