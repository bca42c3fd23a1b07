import { describe, expect, it } from 'vitest'
import type { RunResult } from '../../../src/model.js'
import { compareStored } from '../../../src/stats/stored-comparison.js'
import { gate, nonFiniteNumbers, run, runs } from './run-fixture.js'

// Reference values computed with scipy 1.17 (numpy 2):
//   cand = [11.6, 11.9, 11.2, 12.1, 11.5]; base = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4]
//   r = scipy.stats.ttest_ind(log(cand), log(base), equal_var=False); ci = r.confidence_interval(0.95)
//   exp(mean(log cand) - mean(log base)), exp(ci.low), exp(ci.high), r.pvalue
const WELCH_CANDIDATE = [11.6, 11.9, 11.2, 12.1, 11.5]
const WELCH_BASELINE = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4]
const WELCH = {
  estimate: 1.1487009875230072,
  lower: 1.1037266604660751,
  upper: 1.1955079151382784,
  pValue: 3.883491806040009e-5,
}

// Five nights whose runners differ by a few percent, and an unchanged candidate on a slower runner.
// Reference computed in numpy/scipy from the formulas (an implementation independent of ours):
//   m_j = mean(log(night_j)); k = 5; s_b = std(m, ddof=1)
//   prediction interval: exp(mean(m) +/- t.ppf(0.975, k-1) * s_b * sqrt(1 + 1/k))
//   A = s_b^2 (1 + 1/k); B = var(log cand, ddof=1) / n; se = sqrt(A + B)
//   df = (A + B)^2 / (A^2 / (k-1) + B^2 / (n-1)); d = mean(log cand) - mean(m)
//   ratio CI exp(d +/- t.ppf(0.975, df) * se); p = 2 t.sf(|d| / se, df)
const NIGHTS = [
  [10.0, 10.3, 9.9, 10.1],
  [11.2, 11.0, 11.5, 11.1],
  [9.5, 9.7, 9.4, 9.6],
  [10.6, 10.8, 10.5, 10.9],
  [10.1, 9.8, 10.2, 10.0],
]
const HISTORY_CANDIDATE = [11.4, 11.6, 11.3, 11.5, 11.7]
const PREDICTION = { centre: 10.29296839510187, lower: 8.52320461992123, upper: 12.43020707668345 }
const HISTORY = {
  estimate: 1.1171831015568694,
  lower: 0.925490601174518,
  upper: 1.3485799648535546,
  pValue: 0.17854286213011117,
}
// The same candidate against the last night alone (Welch): exp(ci) = [1.1177, 1.1774], estimate 1.1472.

function nights(values: readonly (readonly number[])[]): RunResult[][] {
  return values.map((night) => runs(night))
}

function input(candidate: readonly number[], baselineNights: RunResult[][] | null) {
  return {
    profile: 'api',
    scenario: 'steady',
    control: false,
    candidateRuns: runs(candidate),
    baselineNights,
    gate,
  }
}

describe('compareStored with one baseline night (Welch)', () => {
  it("reproduces scipy's Welch t on log P95 and calls +15% a regression", () => {
    const cell = compareStored(input(WELCH_CANDIDATE, nights([WELCH_BASELINE])))
    expect(cell.method).toBe('stored')
    expect(cell.latencyTest).toBe('welch')
    expect(cell.ratio?.estimate).toBeCloseTo(WELCH.estimate, 10)
    expect(cell.ratio?.lower).toBeCloseTo(WELCH.lower, 10)
    expect(cell.ratio?.upper).toBeCloseTo(WELCH.upper, 10)
    expect(cell.pValue).toBeCloseTo(WELCH.pValue, 12)
    expect(cell.adjustedPValue).toBeNull()
    expect(cell.verdict).toBe('regression')
    expect(cell.reasons.join('\n')).toMatch(/does not account for runner-to-runner differences/)
  })

  it('passes an identical candidate with a ratio of exactly 1', () => {
    const cell = compareStored(input(WELCH_BASELINE, nights([WELCH_BASELINE])))
    expect(cell.ratio?.estimate).toBe(1)
    expect(cell.ratio?.upper).toBeLessThan(1.1)
    expect(cell.verdict).toBe('pass')
    expect(nonFiniteNumbers(cell)).toEqual([])
  })

  it('handles all-equal samples (zero variance) on both sides', () => {
    const same = compareStored(input([8, 8, 8], nights([[8, 8, 8, 8]])))
    expect(same.ratio).toEqual({ estimate: 1, lower: 1, upper: 1, confidence: 0.95 })
    expect(same.pValue).toBe(1)
    expect(same.verdict).toBe('pass')
    const slower = compareStored(input([10, 10, 10], nights([[8, 8, 8]])))
    expect(slower.ratio?.lower).toBeCloseTo(1.25, 12)
    expect(slower.verdict).toBe('regression')
    expect(slower.reasons.join('\n')).toMatch(/zero width/)
    expect(nonFiniteNumbers([same, slower])).toEqual([])
  })

  it('calls a small effect with noisy runs inconclusive', () => {
    // About +5% with 8% run-to-run noise.
    const cell = compareStored(input([10.2, 11.5, 9.8, 11.9, 10.6], nights([[10.0, 9.1, 10.9, 10.4, 9.6]])))
    expect(cell.ratio?.lower).toBeLessThan(1)
    expect(cell.ratio?.upper).toBeGreaterThan(1.1)
    expect(cell.verdict).toBe('inconclusive')
  })

  it('is inconclusive with fewer than 3 runs on either side, with a reason and no NaN', () => {
    for (const cell of [
      compareStored(input([12, 13], nights([WELCH_BASELINE]))),
      compareStored(input(WELCH_CANDIDATE, nights([[10, 10.5]]))),
      compareStored(input([12], nights([[10]]))),
    ]) {
      expect(cell.verdict).toBe('inconclusive')
      expect(cell.ratio).toBeNull()
      expect(cell.reasons.join('\n')).toMatch(/at least 3 per side are needed for a confidence interval/)
      expect(nonFiniteNumbers(cell)).toEqual([])
    }
  })

  it('is inconclusive for a cell missing from the baseline: "no baseline for this cell"', () => {
    for (const baselineNights of [null, [], [[]]]) {
      const cell = compareStored(input(WELCH_CANDIDATE, baselineNights))
      expect(cell.verdict).toBe('inconclusive')
      expect(cell.baseline).toBeNull()
      expect(cell.ratio).toBeNull()
      expect(cell.changePct).toBeNull()
      expect(cell.errorRate.baseline).toBeNull()
      expect(cell.reasons).toContain('no baseline for this cell')
      expect(nonFiniteNumbers(cell)).toEqual([])
    }
  })

  it('is inconclusive without any usable candidate run, never NaN', () => {
    const candidateRuns = [
      run({ p95: 10, warmup: true }),
      run({ p95: 0, requests: 0 }),
      run({ p95: 12, valid: false }),
    ]
    const cell = compareStored({ ...input([], nights([WELCH_BASELINE])), candidateRuns })
    expect(cell.verdict).toBe('inconclusive')
    expect(cell.candidate.n).toBe(0)
    expect(cell.excludedRuns).toBe(3)
    expect(cell.reasons.join('\n')).toMatch(/only 0 candidate runs/)
    expect(nonFiniteNumbers(cell)).toEqual([])
  })

  it('excludes warm-up and invalid runs, says so, and keeps them in the run list', () => {
    const candidateRuns = [
      run({ p95: 90, warmup: true }),
      ...runs(WELCH_CANDIDATE),
      run({ p95: 95, valid: false, invalidReason: 'dropped 40 iterations' }),
    ]
    const cell = compareStored({ ...input([], nights([WELCH_BASELINE])), candidateRuns })
    expect(cell.candidate.n).toBe(5)
    expect(cell.ratio?.estimate).toBeCloseTo(WELCH.estimate, 10)
    expect(cell.reasons[0]).toBe(
      'candidate: excluded 1 warm-up run, 1 invalid run (dropped 40 iterations) from the statistics',
    )
    expect(cell.runs.filter((r) => r.variant === 'candidate')).toHaveLength(7)
    expect(cell.runs.filter((r) => r.variant === 'baseline')).toHaveLength(6)
  })

  it('fails on the error rate, reported apart from a passing latency', () => {
    const candidateRuns = runs(WELCH_BASELINE).map((r) => ({
      ...r,
      metrics: { ...r.metrics, failedRequests: 200 },
    }))
    const cell = compareStored({ ...input([], nights([WELCH_BASELINE])), candidateRuns })
    expect(cell.latencyVerdict).toBe('pass')
    expect(cell.verdict).toBe('regression')
    expect(cell.errorRate.aboveCeiling).toBe(true)
    expect(cell.errorRate.candidate).toBeCloseTo(0.02, 12)
  })

  it('reports the P50 and P99 ratios too', () => {
    const cell = compareStored(input(WELCH_CANDIDATE, nights([WELCH_BASELINE])))
    // The fixture's P50 and P99 are fixed multiples of P95, so their ratios equal the P95 ratio.
    expect(cell.otherRatios?.p50?.estimate).toBeCloseTo(WELCH.estimate, 10)
    expect(cell.otherRatios?.p99?.lower).toBeCloseTo(WELCH.lower, 10)
  })
})

describe('compareStored with a history (3+ nights)', () => {
  it('matches the prediction-interval formula computed independently in numpy/scipy', () => {
    const cell = compareStored(input(HISTORY_CANDIDATE, nights(NIGHTS)))
    expect(cell.latencyTest).toBe('history')
    expect(cell.baseline).toMatchObject({ n: 5, unit: 'night', interval: 'prediction' })
    expect(cell.baseline?.mean).toBeCloseTo(PREDICTION.centre, 10)
    expect(cell.baseline?.lower).toBeCloseTo(PREDICTION.lower, 10)
    expect(cell.baseline?.upper).toBeCloseTo(PREDICTION.upper, 10)
    expect(cell.ratio?.estimate).toBeCloseTo(HISTORY.estimate, 10)
    expect(cell.ratio?.lower).toBeCloseTo(HISTORY.lower, 10)
    expect(cell.ratio?.upper).toBeCloseTo(HISTORY.upper, 10)
    expect(cell.pValue).toBeCloseTo(HISTORY.pValue, 10)
  })

  it('does not flag an unchanged candidate on a slower runner that one night alone would flag', () => {
    const againstLastNight = compareStored(input(HISTORY_CANDIDATE, nights(NIGHTS.slice(-1))))
    expect(againstLastNight.verdict).toBe('regression')
    const againstHistory = compareStored(input(HISTORY_CANDIDATE, nights(NIGHTS)))
    expect(againstHistory.verdict).toBe('inconclusive')
  })

  it('still flags a large regression', () => {
    const cell = compareStored(input([15.1, 15.4, 14.9, 15.3, 15.0], nights(NIGHTS)))
    expect(cell.verdict).toBe('regression')
  })

  it('passes identical nights and candidate (zero spread everywhere)', () => {
    const cell = compareStored(input([9, 9, 9], nights([[9, 9], [9, 9, 9], [9]])))
    expect(cell.ratio).toEqual({ estimate: 1, lower: 1, upper: 1, confidence: 0.95 })
    expect(cell.verdict).toBe('pass')
    expect(nonFiniteNumbers(cell)).toEqual([])
  })

  it('keeps the false-alarm rate low across runners, where Welch against one night does not (simulation)', () => {
    // Per-run sd of log P95 0.058 (measured, DESIGN.md) and a runner-to-runner sd of 0.08 between nights.
    const random = seededNormal(20260101)
    const simulateNight = (shift: number): number[] => {
      const runner = 0.08 * random()
      return Array.from({ length: 5 }, () => 10 * Math.exp(shift + runner + 0.058 * random()))
    }
    const trials = 1000
    let historyAlarms = 0
    let singleNightAlarms = 0
    let detected = 0
    for (let i = 0; i < trials; i++) {
      const history = Array.from({ length: 7 }, () => simulateNight(0))
      const unchanged = simulateNight(0)
      if (compareStored(input(unchanged, nights(history))).verdict === 'regression') historyAlarms++
      if (compareStored(input(unchanged, nights(history.slice(-1)))).verdict === 'regression')
        singleNightAlarms++
      if (compareStored(input(simulateNight(Math.log(1.5)), nights(history))).verdict === 'regression')
        detected++
    }
    // Expected about 2.5% (one tail of a 95% interval; seed 20260101 gives 2.2%), against the issue's
    // target of at most 5%; one night alone flags about 19%; +50% is detected about 96% of the time.
    expect(historyAlarms / trials).toBeLessThan(0.05)
    expect(singleNightAlarms / trials).toBeGreaterThan(0.1)
    expect(detected / trials).toBeGreaterThan(0.9)
  })
})

/** A seeded standard normal generator (mulberry32 + Box-Muller), for a reproducible simulation. */
function seededNormal(seed: number): () => number {
  let state = seed >>> 0
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())
}
