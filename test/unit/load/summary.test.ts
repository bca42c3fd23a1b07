import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseK6Summary, SummaryFormatError } from '../../../src/load/summary.js'

// Real summaries written by our scenarios' handleSummary against the echo backend and nginx.
const fixture = (name: string) =>
  JSON.parse(readFileSync(`test/fixtures/k6/${name}.summary.json`, 'utf8')) as any // eslint-disable-line @typescript-eslint/no-explicit-any -- raw k6 JSON

describe('parseK6Summary', () => {
  it('reads latency percentiles from the load scenario only', () => {
    const raw = fixture('constant-vus')
    const load = raw.metrics['http_req_duration{scenario:load}'].values
    const metrics = parseK6Summary(raw, 3)
    expect(metrics.p95).toBe(load['p(95)'])
    expect(metrics.p50).toBe(load['p(50)'])
    expect(metrics.p99).toBe(load['p(99)'])
    expect(metrics.max).toBe(load.max)
    expect(metrics.mean).toBe(load.avg)
    expect(metrics.requests).toBe(raw.metrics['http_reqs{scenario:load}'].values.count)
    // Throughput over the load phase, not over k6's whole run (which includes setup).
    expect(metrics.rps).toBeCloseTo(metrics.requests / 3, 6)
    expect(metrics.errorRate).toBe(0)
    expect(metrics.checkAccuracy).toBe(1)
    expect(metrics.droppedIterations).toBe(0)
  })

  it('counts failed checks', () => {
    const metrics = parseK6Summary(fixture('constant-vus.failed-checks'), 3)
    expect(metrics.checkAccuracy).toBeLessThan(1)
    expect(metrics.checkAccuracy).toBeGreaterThan(0)
  })

  it('reports dropped iterations of an open-model run', () => {
    const raw = fixture('constant-arrival-rate.dropped')
    const metrics = parseK6Summary(raw, 2)
    expect(metrics.droppedIterations).toBe(raw.metrics.dropped_iterations.values.count)
    expect(metrics.droppedIterations).toBeGreaterThan(0)
  })

  it('reports failed requests as the error rate', () => {
    const raw = fixture('constant-arrival-rate.upstream-down')
    const failed = raw.metrics['http_req_failed{scenario:load}'].values.passes
    const metrics = parseK6Summary(raw, 2)
    expect(metrics.failedRequests).toBe(failed)
    expect(metrics.errorRate).toBeCloseTo(failed / metrics.requests, 9)
    expect(metrics.errorRate).toBeGreaterThan(0)
  })

  it('rejects a summary without the load submetrics, naming what is missing', () => {
    const raw = fixture('constant-vus')
    delete raw.metrics['http_req_duration{scenario:load}']
    expect(() => parseK6Summary(raw, 3)).toThrow(SummaryFormatError)
    expect(() => parseK6Summary(raw, 3)).toThrow(/http_req_duration\{scenario:load\}/)
  })

  it('reads each variant of a duet from its own scenario, warm-up excluded', () => {
    // One k6 process drove two echo backends at 200 req/s each for 3 s after a 1 s warm-up phase
    // (WARMUP=1s); the "candidate" backend sleeps 2 ms per request (ECHO_DELAY_US=2000).
    const raw = fixture('duet')
    const baseline = parseK6Summary(raw, 3, 'baseline')
    const candidate = parseK6Summary(raw, 3, 'candidate')
    expect(baseline.requests).toBe(raw.metrics['http_reqs{scenario:baseline}'].values.count)
    expect(candidate.requests).toBe(raw.metrics['http_reqs{scenario:candidate}'].values.count)
    // The warm-up's requests are in their own scenarios, not in the load scenarios' counts.
    expect(raw.metrics['http_reqs{scenario:warmup_baseline}']).toBeUndefined()
    expect(raw.metrics.http_reqs.values.count).toBeGreaterThan(baseline.requests + candidate.requests)
    expect(baseline.requests).toBeLessThanOrEqual(3 * 200 + 1)
    expect(candidate.p50 - baseline.p50).toBeGreaterThan(1.5)
    expect(baseline.droppedIterations).toBe(raw.metrics['dropped_iterations{scenario:baseline}'].values.count)
    expect(() => parseK6Summary(raw, 3)).toThrow(/scenario named "load"/)
  })
})
