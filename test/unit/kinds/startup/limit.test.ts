import { describe, expect, it } from 'vitest'
import { startupMetrics, startupResponseOk } from '../../../../src/kinds/startup/run.js'
import type { CellComparison, RunResult } from '../../../../src/model.js'
import { applyStartupLimit, STARTUP_NOTE } from '../../../../src/kinds/startup/limit.js'

function run(ms: number | null, variant: RunResult['variant'] = 'candidate', warmup = false): RunResult {
  return {
    cell: 'gw/startup',
    profile: 'gw',
    scenario: 'startup',
    variant,
    round: 1,
    warmup,
    startedAt: '2026-01-01T00:00:00Z',
    durationS: 1,
    metrics: startupMetrics(ms),
    valid: ms !== null,
    resources: [],
    startup: { service: 'gw', firstResponseMs: ms, polls: 3 },
  }
}

const cell = {
  cell: 'gw/startup',
  control: false,
  verdict: 'pass',
  reasons: ['latency pass'],
} as unknown as CellComparison

describe('start-up runs and their absolute limit', () => {
  it('puts the one measured time in every percentile, so the latency comparison gates it', () => {
    const m = startupMetrics(812)
    expect([m.p50, m.p90, m.p95, m.p99, m.max, m.mean]).toEqual([812, 812, 812, 812, 812, 812])
    expect(m.requests).toBe(1)
    // Nothing answered in time: no request completed, which makes the run invalid.
    expect(startupMetrics(null).requests).toBe(0)
  })

  it('regresses a candidate whose median exceeds maxMs, whatever the comparison said', () => {
    const runs = [run(3100), run(3200), run(400), run(90, 'baseline'), run(9000, 'candidate', true)]
    const decided = applyStartupLimit(cell, runs, { maxMs: 1000 })
    expect(decided.verdict).toBe('regression')
    expect(decided.reasons[0]).toBe(
      'start-up: median 3100 ms to the first successful response over 3 starts exceeds the absolute limit startup.maxMs 1000 ms',
    )
  })

  it('keeps the verdict within the limit, and only notes what the cell measures without one', () => {
    const within = applyStartupLimit(cell, [run(300), run(350)], { maxMs: 1000 })
    expect(within.verdict).toBe('pass')
    expect(within.reasons[0]).toMatch(/median 325 ms .* within startup\.maxMs 1000 ms/)
    expect(applyStartupLimit(cell, [run(3000)], {})).toEqual({
      ...cell,
      reasons: ['latency pass', STARTUP_NOTE],
    })
    // Not a start-up cell: untouched.
    expect(applyStartupLimit(cell, [run(3000)], undefined)).toBe(cell)
  })

  it("counts a response as a success only with the profile's status and header values", () => {
    const response = (status: number, headers: Record<string, string>) => ({
      status,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    })
    const expect_ = { status: 200, headers: { 'X-Echo': 'perf-gate' } } as never
    expect(startupResponseOk(response(200, { 'x-echo': 'perf-gate' }), expect_)).toBe(true)
    expect(startupResponseOk(response(502, { 'x-echo': 'perf-gate' }), expect_)).toBe(false)
    expect(startupResponseOk(response(200, {}), expect_)).toBe(false)
  })

  it('passes an inconclusive cell whose change is shown below toleranceMs, and nothing else', () => {
    const undecided = {
      ...cell,
      verdict: 'inconclusive',
      baseline: { n: 8, median: 20, mean: 20, lower: 15, upper: 26, values: [] },
      ratio: { estimate: 1.18, lower: 0.84, upper: 1.67, confidence: 0.95 },
    } as unknown as CellComparison
    // Upper bound: 20 ms x 0.67 = +13.4 ms.
    const passed = applyStartupLimit(undecided, [run(22)], { toleranceMs: 50 })
    expect(passed.verdict).toBe('pass')
    expect(passed.reasons[0]).toBe(
      "start-up: the change is at most +13.4 ms (upper bound of the 95% interval over the baseline's 20.0 ms), below startup.toleranceMs 50 ms: pass",
    )
    expect(applyStartupLimit(undecided, [run(22)], { toleranceMs: 10 }).verdict).toBe('inconclusive')
    // A regression stays one; the absolute limit still applies after the tolerance.
    expect(applyStartupLimit({ ...undecided, verdict: 'regression' }, [], { toleranceMs: 50 }).verdict).toBe(
      'regression',
    )
    expect(applyStartupLimit(undecided, [run(3000)], { toleranceMs: 50, maxMs: 1000 }).verdict).toBe(
      'regression',
    )
  })
})
