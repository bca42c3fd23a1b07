import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseWrappedSummary, SummaryFormatError } from '../../../src/load/summary.js'

// Real summaries of user scripts (test/fixtures/k6/byo) run by k6 1.8.1 through the wrapper of
// src/load/wrapper.ts: echo-stages.js against the echo backend; two-scenarios.js likewise, with its
// setup() request; grpc-echo.js against a @grpc/grpc-js echo server; ws-connect.js against a minimal
// WebSocket server.
const fixture = (name: string) =>
  JSON.parse(readFileSync(`test/fixtures/k6/byo/${name}.summary.json`, 'utf8')) as any // eslint-disable-line @typescript-eslint/no-explicit-any -- raw k6 JSON

describe('parseWrappedSummary', () => {
  it("reads k6's implicit default scenario of a stages-only script, its thresholds and its endpoint", () => {
    const raw = fixture('echo-stages')
    const { metrics, scenarios } = parseWrappedSummary(raw)
    const load = raw.metrics['http_req_duration{scenario:default}'].values
    expect(scenarios).toEqual(['default'])
    expect(metrics.p95).toBe(load['p(95)'])
    expect(metrics.p50).toBe(load['p(50)'])
    expect(metrics.requests).toBe(raw.metrics['http_reqs{scenario:default}'].values.count)
    // The script's stages are its load phase: throughput over k6's whole run.
    expect(metrics.rps).toBeCloseTo(metrics.requests / (raw.state.testRunDurationMs / 1000), 6)
    expect(metrics.errorRate).toBe(0)
    expect(metrics.checkAccuracy).toBe(1)
    expect(metrics.thresholds).toEqual([
      { metric: 'http_req_duration', threshold: 'p(95)<500', ok: true },
      { metric: 'http_req_failed', threshold: 'rate<0.01', ok: true },
      { metric: 'checks', threshold: 'rate>0.99', ok: true },
    ])
    const echo = raw.metrics['http_req_duration{scenario:default,name:echo}'].values
    expect(metrics.endpoints).toEqual([
      {
        tag: 'name',
        value: 'echo',
        requests: echo.count,
        p50: echo['p(50)'],
        p95: echo['p(95)'],
        p99: echo['p(99)'],
        errorRate: 0,
      },
    ])
  })

  it("selects all of a script's scenarios and none of its setup() requests, and reports a crossed threshold", () => {
    const raw = fixture('two-scenarios')
    const { metrics, scenarios } = parseWrappedSummary(raw)
    expect(scenarios).toEqual(['readers', 'writers'])
    const load = raw.metrics['http_reqs{perf_gate:load}'].values.count
    expect(metrics.requests).toBe(load)
    // setup() made one request, outside the scenarios.
    expect(raw.metrics.http_reqs.values.count).toBe(load + 1)
    expect(metrics.p95).toBe(raw.metrics['http_req_duration{perf_gate:load}'].values['p(95)'])
    expect(metrics.thresholds).toEqual([
      { metric: 'http_req_duration{name:read}', threshold: 'p(95)<0.001', ok: false },
      { metric: 'http_req_duration', threshold: 'p(99)<1500', ok: true },
    ])
    // "setup" is a literal tag value in the script, but no load request carries it.
    expect(metrics.endpoints?.map((e) => e.value)).toEqual(['read', 'write'])
    const total = (metrics.endpoints ?? []).reduce((sum, e) => sum + e.requests, 0)
    expect(total).toBe(metrics.requests)
  })

  it('measures gRPC by grpc_req_duration, counting its samples as requests', () => {
    const raw = fixture('grpc/grpc-echo')
    const { metrics } = parseWrappedSummary(raw)
    const grpc = raw.metrics['grpc_req_duration{scenario:default}'].values
    expect(metrics.p95).toBe(grpc['p(95)'])
    expect(metrics.requests).toBe(grpc.count)
    expect(metrics.requests).toBeGreaterThan(0)
    expect(metrics.errorRate).toBe(0)
    expect(metrics.checkAccuracy).toBe(1)
    expect(metrics.thresholds).toEqual([{ metric: 'grpc_req_duration', threshold: 'p(95)<500', ok: true }])
    expect(metrics.endpoints?.map((e) => [e.value, e.requests])).toEqual([['say', grpc.count]])
  })

  it('measures WebSocket by ws_connecting', () => {
    const raw = fixture('ws/ws-connect')
    const { metrics } = parseWrappedSummary(raw)
    const ws = raw.metrics['ws_connecting{scenario:default}'].values
    expect(metrics.p95).toBe(ws['p(95)'])
    expect(metrics.requests).toBe(ws.count)
    expect(metrics.endpoints?.[0]?.value).toBe('connect')
  })

  it('names the latency metric when the script made none of those requests', () => {
    const raw = fixture('echo-stages')
    raw.perfGate.latencyMetric = 'grpc_req_duration'
    expect(() => parseWrappedSummary(raw)).toThrow(
      /no grpc_req_duration for the script's scenarios \(default\)/,
    )
  })

  it('rejects a summary the wrapper did not write', () => {
    const raw = fixture('echo-stages')
    delete raw.perfGate
    expect(() => parseWrappedSummary(raw)).toThrow(SummaryFormatError)
  })
})
