// Accuracy as its own failure, the achieved load, and the overhead figures (stats/overhead.ts).
import { describe, expect, it } from 'vitest'
import type { CellComparison, RunResult } from '../../../src/model.js'
import { accuracyReason, achievedLoad } from '../../../src/stats/cell-comparison.js'
import { tCritical } from '../../../src/stats/distributions.js'
import { applyHolm } from '../../../src/stats/multiple-testing.js'
import { chooseReference, overheadFigures, payloadFigures } from '../../../src/stats/overhead.js'
import { compareStored } from '../../../src/stats/stored-comparison.js'
import { gate, run, runs } from './run-fixture.js'

const nights = (values: number[][]): RunResult[][] => values.map((night) => runs(night, 'candidate'))

describe('accuracy below gate.minAccuracy', () => {
  const faster = [8.1, 8.0, 8.2, 7.9, 8.0]
  const baseline = nights([[10.2, 9.8, 10.5, 10.1, 9.9, 10.4]])
  const candidateRuns = faster.map((p95, i) => run({ p95, round: i + 1, checkAccuracy: 0.992 }))
  const common = {
    profile: 'api',
    scenario: 'steady',
    control: false,
    candidateRuns,
    baselineNights: baseline,
  }

  it('fails the cell even when its latency improved, with a reason of its own', () => {
    const cell = compareStored({ ...common, gate: { ...gate, minAccuracy: 1 } })
    expect(cell.latencyVerdict).toBe('pass')
    expect(cell.verdict).toBe('regression')
    expect(cell.accuracy).toEqual({ min: 1, fails: true })
    expect(cell.checkAccuracy).toBeCloseTo(0.992, 10)
    expect(cell.reasons).toContain('accuracy 99.2% < 100%: fewer requests than required passed every check')
  })

  it('stands through the Holm correction', () => {
    const cell = compareStored({ ...common, gate: { ...gate, minAccuracy: 1 } })
    const [adjusted] = applyHolm([{ ...cell, latencyVerdict: 'regression', pValue: 0.5 }])
    expect(adjusted?.verdict).toBe('regression')
  })

  it('passes at or above the minimum, and is only reported without one', () => {
    expect(compareStored({ ...common, gate: { ...gate, minAccuracy: 0.99 } }).verdict).toBe('pass')
    const reported = compareStored({ ...common, gate })
    expect(reported.verdict).toBe('pass')
    expect(reported.accuracy).toBeUndefined()
  })

  it('never rounds a failing accuracy up to its minimum', () => {
    expect(accuracyReason(0.99999, 1)).toMatch(/^accuracy 99\.999% < 100%/)
    expect(accuracyReason(0.5, 0.995)).toMatch(/^accuracy 50% < 99\.5%/)
  })
})

describe('achievedLoad', () => {
  it('takes medians of mean latency and throughput and the largest max', () => {
    const a = run({ p95: 10, requests: 8000 })
    const b = run({ p95: 20, requests: 16_000 })
    const c = run({ p95: 30, requests: 800 })
    expect(achievedLoad([a, b, c])).toEqual({ meanMs: 12, maxMs: 90, rps: 1000, runs: 3 })
    expect(achievedLoad([])).toBeUndefined()
  })
})

/** A cell of `profile` at `scenario` whose candidate runs have these P95s (P50 = P95 / 2). */
function cellOf(profile: string, scenario: string, p95s: number[], control = false): CellComparison {
  const cellRuns = p95s.map((p95, i) => ({
    ...run({ p95, round: i + 1 }),
    cell: `${profile}/${scenario}`,
    profile,
    scenario,
  }))
  const cell = compareStored({
    profile,
    scenario,
    control,
    candidateRuns: cellRuns,
    baselineNights: null,
    gate,
  })
  return {
    ...cell,
    concurrency: 10,
    loadModel: 'closed',
    sweep: { scenario: 'c', level: scenario.split('@')[1] ?? '' },
  }
}

describe('overheadFigures', () => {
  const profile = [11.6, 11.9, 11.2, 12.1, 11.5]
  const reference = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4]

  it("gives the ratio with scipy's Welch interval and the added ms with its own, per hook too", () => {
    const cells = [
      cellOf('no-gateway', 'c@vus=10', [5, 5.1, 4.9], true),
      cellOf('no-policies', 'c@vus=10', reference),
      cellOf('chain', 'c@vus=10', profile),
    ]
    const { reference: ref, overhead } = overheadFigures({
      cells,
      reference: null,
      confidence: 0.95,
      hooks: { chain: 4 },
    })
    expect(ref).toBe('no-policies')
    // The control comes first as what the gateway itself adds over it (see the next test).
    expect(overhead.map((o) => `${o.profile} vs ${o.reference}`)).toEqual([
      'no-policies vs no-gateway',
      'chain vs no-policies',
    ])
    const chain = overhead[1]!
    expect(chain).toMatchObject({
      scenario: 'c@vus=10',
      sweep: { scenario: 'c', level: 'vus=10' },
      hooks: 4,
      runs: 5,
      referenceRuns: 6,
    })
    // The same numbers as scipy's ttest_ind(log(profile), log(reference), equal_var=False) (stored-comparison.test).
    const ratio = chain.metrics.p95!.ratio
    expect(ratio.estimate).toBeCloseTo(1.1487009875230072, 10)
    expect(ratio.lower).toBeCloseTo(1.1037266604660751, 10)
    expect(ratio.upper).toBeCloseTo(1.1955079151382784, 10)
    // Added ms: Welch on the raw values, by the textbook formula.
    const m = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    const v = (xs: number[]) => xs.reduce((a, x) => a + (x - m(xs)) ** 2, 0) / (xs.length - 1)
    const va = v(profile) / profile.length
    const vb = v(reference) / reference.length
    const df = (va + vb) ** 2 / (va ** 2 / (profile.length - 1) + vb ** 2 / (reference.length - 1))
    const half = tCritical(0.95, df) * Math.sqrt(va + vb)
    const added = chain.metrics.p95!.addedMs
    expect(added.estimate).toBeCloseTo(m(profile) - m(reference), 10)
    expect(added.estimate).toBeCloseTo(1.51, 10)
    expect(added.upper - added.estimate).toBeCloseTo(half, 10)
    expect(added.estimate - added.lower).toBeCloseTo(half, 10)
    expect(chain.perHookMs?.p95?.estimate).toBeCloseTo(1.51 / 4, 10)
    expect(chain.perHookMs?.p95?.lower).toBeCloseTo(added.lower / 4, 10)
    // P50 is half of P95 in these runs: the same ratio, half the added ms.
    expect(chain.metrics.p50!.ratio.estimate).toBeCloseTo(ratio.estimate, 10)
    expect(chain.metrics.p50!.addedMs.estimate).toBeCloseTo(0.755, 10)
    expect(overhead[0]).not.toHaveProperty('hooks')
  })

  it('reports a control as what the gateway adds over it, never as an "overhead" below 1x', () => {
    const cells = [
      cellOf('no-gateway', 'c@vus=10', [5, 5.1, 4.9], true),
      cellOf('no-policies', 'c@vus=10', reference),
      cellOf('chain', 'c@vus=10', profile),
    ]
    const { overhead } = overheadFigures({ cells, reference: null, confidence: 0.95, hooks: {} })
    expect(overhead.some((o) => o.profile === 'no-gateway')).toBe(false)
    const gateway = overhead.find((o) => o.reference === 'no-gateway')!
    expect(gateway).toMatchObject({ profile: 'no-policies', scenario: 'c@vus=10', runs: 6, referenceRuns: 3 })
    const geo = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length)
    expect(gateway.metrics.p95!.ratio.estimate).toBeCloseTo(geo(reference) / geo([5, 5.1, 4.9]), 10)
    expect(gateway.metrics.p95!.ratio.lower).toBeGreaterThan(1)
    expect(gateway.metrics.p95!.addedMs.estimate).toBeCloseTo(10.15 - 5, 10)
  })

  it('compares level with level only, and leaves out cells with fewer than two runs', () => {
    const cells = [
      cellOf('no-policies', 'c@vus=1', [1, 1.1, 1.2]),
      cellOf('no-policies', 'c@vus=10', [2, 2.1, 2.2]),
      cellOf('chain', 'c@vus=1', [1.5, 1.6, 1.7]),
      cellOf('chain', 'c@vus=10', [3]),
    ]
    const { overhead } = overheadFigures({ cells, reference: 'no-policies', confidence: 0.95, hooks: {} })
    expect(overhead).toHaveLength(1)
    expect(overhead[0]?.scenario).toBe('c@vus=1')
    expect(overhead[0]?.metrics.p95?.addedMs.estimate).toBeCloseTo(0.5, 10)
  })

  it('takes the configured reference when it ran, none otherwise', () => {
    const cells = [cellOf('a', 's', [1, 2]), cellOf('b', 's', [1, 2])]
    expect(chooseReference(cells, 'b')).toBe('b')
    expect(chooseReference(cells, 'ghost')).toBeNull()
    expect(chooseReference([cellOf('ctl', 's', [1], true)], null)).toBeNull()
  })
})

describe('payloadFigures', () => {
  const sized = (profile: string, scenario: string, bytes: number, p95s: number[], concurrency = 1) => ({
    ...cellOf(profile, scenario, p95s),
    payloadBytes: bytes,
    concurrency,
  })

  it('compares each payload with the smallest at the same profile and load level, across scenarios', () => {
    const cells = [
      sized('gw', 'c@vus=1', 50, [1, 1.1, 1.2]),
      sized('gw', 'c@vus=10', 50, [2, 2.1, 2.2], 10),
      sized('gw', 'kib', 1024, [1.5, 1.6, 1.7]),
      sized('other', 'c@vus=1', 50, [3, 3.1, 3.2]),
    ]
    const figures = payloadFigures(cells, 0.95)
    expect(figures).toHaveLength(1)
    expect(figures[0]).toMatchObject({
      profile: 'gw',
      scenario: 'kib',
      referenceScenario: 'c@vus=1',
      payloadBytes: 1024,
      referenceBytes: 50,
      concurrency: 1,
      runs: 3,
      referenceRuns: 3,
    })
    expect(figures[0]?.metrics.p95?.addedMs.estimate).toBeCloseTo(0.5, 10)
    expect(figures[0]?.metrics.p95?.ratio.estimate).toBeCloseTo(
      Math.exp((Math.log(1.5 * 1.6 * 1.7) - Math.log(1 * 1.1 * 1.2)) / 3),
      10,
    )
  })
})
