import { describe, expect, it } from 'vitest'
import { comparePaired, pairByRound, wilcoxonPValue } from '../../../src/stats/paired-comparison.js'
import { gate, nonFiniteNumbers, run } from './run-fixture.js'

// Reference values computed with scipy 1.17 (numpy 2):
//   b = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4, 10.0, 10.3]; c = [11.6, 11.0, 11.9, 11.5, 11.1, 11.8, 11.3, 11.7]
//   r = scipy.stats.ttest_rel(log(c), log(b)); ci = r.confidence_interval(0.95)
//   exp(mean(log(c) - log(b))), exp(ci.low), exp(ci.high), r.pvalue, std(log(c) - log(b), ddof=1)
//   scipy.stats.wilcoxon(log(c) - log(b)).pvalue  (exact: all 8 positive -> 2 / 2^8)
const BASELINE = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4, 10.0, 10.3]
const CANDIDATE = [11.6, 11.0, 11.9, 11.5, 11.1, 11.8, 11.3, 11.7]
const PAIRED = {
  estimate: 1.1316581645539812,
  lower: 1.126132575460411,
  upper: 1.1372108660280082,
  pValue: 9.653400776136715e-11,
  sigma: 0.005854753502864764,
  wilcoxon: 0.0078125,
}
// With P99 = 1.6 x P95 (candidate) and 1.5 x P95 (baseline), same scipy calls on the P99 values.
const PAIRED_P99 = { lower: 1.2012080804911052, upper: 1.2130249237632087 }

function input(
  candidate: number[],
  baseline: number[],
  extra: Partial<Parameters<typeof comparePaired>[0]> = {},
) {
  return {
    profile: 'api',
    scenario: 'steady',
    control: false,
    candidateRuns: candidate.map((p95, i) =>
      run({ p95, p99: p95 * 1.6, round: i + 1, variant: 'candidate' }),
    ),
    baselineRuns: baseline.map((p95, i) => run({ p95, p99: p95 * 1.5, round: i + 1, variant: 'baseline' })),
    gate,
    ...extra,
  }
}

describe('Wilcoxon signed-rank (stdlib) against scipy.stats.wilcoxon', () => {
  it.each([
    // scipy.stats.wilcoxon(x).pvalue, exact distribution (no ties, no zeros)
    [[0.05, -0.012, 0.081, 0.034, 0.12, -0.027, 0.066, 0.043], 0.0390625],
    [[0.031, -0.044, 0.012, 0.058, -0.007, 0.026, 0.049, -0.019, 0.072, 0.004], 0.16015625],
    [[0.02, -0.03, 0.01, -0.015, 0.025, -0.005], 1],
  ])('%j', (differences, expected) => {
    expect(wilcoxonPValue(differences)).toBeCloseTo(expected, 10)
  })

  it('calls no difference at all "no evidence" and too little data "not computable"', () => {
    expect(wilcoxonPValue([0, 0, 0])).toBe(1)
    expect(wilcoxonPValue([0.1])).toBeNull()
  })
})

describe('pairing by round', () => {
  it('pairs runs of the same round and counts runs without a partner', () => {
    const candidate = [run({ p95: 2, round: 1 }), run({ p95: 3, round: 2 }), run({ p95: 4, round: 3 })]
    const baseline = [
      run({ p95: 1, round: 2, variant: 'baseline' }),
      run({ p95: 1, round: 3, variant: 'baseline' }),
      run({ p95: 1, round: 4, variant: 'baseline' }),
    ]
    const pairing = pairByRound(candidate, baseline, 'p95')
    expect(pairing.pairs).toEqual([
      { round: 2, candidate: 3, baseline: 1 },
      { round: 3, candidate: 4, baseline: 1 },
    ])
    expect(pairing.unpaired).toBe(2)
  })

  it('pairs runs of paired blocks by block: the block of fresh stacks is the unit', () => {
    // Block 0 has two rounds; its runs share stack instances, so they form one pair (geometric means).
    const inBlock = (p95: number, round: number, block: number, variant: 'candidate' | 'baseline') => ({
      ...run({ p95, round, variant }),
      block,
    })
    const candidate = [
      inBlock(2, 0, 0, 'candidate'),
      inBlock(8, 1, 0, 'candidate'),
      inBlock(3, 2, 1, 'candidate'),
    ]
    const baseline = [
      inBlock(1, 0, 0, 'baseline'),
      inBlock(4, 1, 0, 'baseline'),
      inBlock(3, 2, 1, 'baseline'),
    ]
    const pairing = pairByRound(candidate, baseline, 'p95')
    expect(pairing.pairs).toHaveLength(2)
    expect(pairing.pairs[0]?.candidate).toBeCloseTo(4, 12)
    expect(pairing.pairs[0]?.baseline).toBeCloseTo(2, 12)
    expect(pairing.pairs[1]).toEqual({ round: 1, candidate: 3, baseline: 3 })
    // Several runs per block are the design, not an anomaly worth a note.
    expect(pairing.duplicateRounds).toEqual([])
  })

  it('combines two runs of one variant in a round by geometric mean', () => {
    const candidate = [run({ p95: 2, round: 1 }), run({ p95: 8, round: 1 })]
    const pairing = pairByRound(candidate, [run({ p95: 1, round: 1, variant: 'baseline' })], 'p95')
    expect(pairing.pairs[0]?.candidate).toBeCloseTo(4, 12)
    expect(pairing.duplicateRounds).toEqual([1])
  })
})

describe('comparePaired', () => {
  it('reproduces scipy paired t on log ratios, Wilcoxon and sigma, and calls +13% a regression', () => {
    const cell = comparePaired(input(CANDIDATE, BASELINE))
    expect(cell.method).toBe('paired')
    expect(cell.latencyTest).toBe('paired-t')
    expect(cell.ratio?.estimate).toBeCloseTo(PAIRED.estimate, 10)
    expect(cell.ratio?.lower).toBeCloseTo(PAIRED.lower, 10)
    expect(cell.ratio?.upper).toBeCloseTo(PAIRED.upper, 10)
    expect(cell.pValue).toBeCloseTo(PAIRED.pValue, 14)
    expect(cell.sigmaLogRatio).toBeCloseTo(PAIRED.sigma, 12)
    // se = sigma / sqrt(8), df 7: far below the threshold, so the least detectable change is the
    // threshold plus the power margin, exp(log(1.1) + t_0.8,7 * se) - 1.
    expect(cell.minDetectablePct).toBeCloseTo(
      (Math.exp(Math.log(1.1) + 0.8960296 * (PAIRED.sigma / Math.sqrt(8))) - 1) * 100,
      4,
    )
    expect(cell.wilcoxonPValue).toBeCloseTo(PAIRED.wilcoxon, 12)
    expect(cell.changePct).toBeCloseTo((PAIRED.estimate - 1) * 100, 8)
    expect(cell.latencyVerdict).toBe('regression')
    expect(cell.verdict).toBe('regression')
    expect(cell.candidate.n).toBe(8)
    expect(cell.baseline?.n).toBe(8)
  })

  it('reports the other percentiles from the same pairs', () => {
    const cell = comparePaired(input(CANDIDATE, BASELINE))
    expect(cell.otherRatios?.p99?.lower).toBeCloseTo(PAIRED_P99.lower, 10)
    expect(cell.otherRatios?.p99?.upper).toBeCloseTo(PAIRED_P99.upper, 10)
    // P50 = P95 / 2 on both sides: the same ratio as P95.
    expect(cell.otherRatios?.p50?.estimate).toBeCloseTo(PAIRED.estimate, 10)
    expect(cell.otherRatios?.p95).toBeUndefined()
  })

  it('passes identical variants with a ratio of exactly 1', () => {
    const cell = comparePaired(input(BASELINE, BASELINE))
    expect(cell.ratio).toEqual({ estimate: 1, lower: 1, upper: 1, confidence: 0.95 })
    expect(cell.pValue).toBe(1)
    expect(cell.wilcoxonPValue).toBe(1)
    expect(cell.verdict).toBe('pass')
    expect(nonFiniteNumbers(cell)).toEqual([])
  })

  it('calls a small effect in noisy pairs inconclusive', () => {
    // About +6% with pair-to-pair noise of ~10%: the interval spans both 1 and 1.1.
    const cell = comparePaired(input([10.9, 9.4, 12.0, 10.2, 11.5], [10.0, 10.1, 10.6, 9.8, 10.4]))
    expect(cell.ratio?.lower).toBeLessThan(1)
    expect(cell.ratio?.upper).toBeGreaterThan(1.1)
    expect(cell.verdict).toBe('inconclusive')
  })

  it('is inconclusive with fewer than 3 pairs, with a reason and no NaN', () => {
    const cell = comparePaired(input([12, 13], [10, 10]))
    expect(cell.verdict).toBe('inconclusive')
    expect(cell.ratio).toBeNull()
    expect(cell.pValue).toBeNull()
    expect(cell.reasons.join('\n')).toMatch(/only 2 pairs: at least 3 are needed/)
    expect(nonFiniteNumbers(cell)).toEqual([])
  })

  it('is inconclusive without baseline runs: "no baseline for this cell"', () => {
    const cell = comparePaired({ ...input(CANDIDATE, []), baselineRuns: [] })
    expect(cell.verdict).toBe('inconclusive')
    expect(cell.baseline).toBeNull()
    expect(cell.candidate.n).toBe(8)
    expect(cell.reasons).toContain('no baseline for this cell')
    expect(nonFiniteNumbers(cell)).toEqual([])
  })

  it('leaves warm-up and invalid runs (and their partners) out, and says so', () => {
    const base = input(CANDIDATE, BASELINE)
    const candidateRuns = [
      run({ p95: 50, round: 0, warmup: true }),
      ...base.candidateRuns.slice(0, 7),
      run({ p95: 99, round: 8, valid: false, invalidReason: 'dropped 12 iterations' }),
    ]
    const baselineRuns = [run({ p95: 40, round: 0, warmup: true, variant: 'baseline' }), ...base.baselineRuns]
    const cell = comparePaired({ ...base, candidateRuns, baselineRuns })
    expect(cell.candidate.n).toBe(7)
    expect(cell.excludedRuns).toBe(4) // two warm-ups, one invalid, round 8's baseline left without a partner
    const reasons = cell.reasons.join('\n')
    expect(reasons).toMatch(/candidate: excluded 1 warm-up run, 1 invalid run \(dropped 12 iterations\)/)
    expect(reasons).toMatch(/baseline: excluded 1 warm-up run/)
    expect(reasons).toMatch(/1 run without a partner/)
    expect(cell.runs).toHaveLength(candidateRuns.length + baselineRuns.length)
  })

  it('fails the cell on the error rate even when latency passes, reported separately', () => {
    const base = input(BASELINE, BASELINE)
    const candidateRuns = base.candidateRuns.map((r) => ({
      ...r,
      metrics: { ...r.metrics, failedRequests: 300, errorRate: 0.03 },
    }))
    const cell = comparePaired({ ...base, candidateRuns })
    expect(cell.latencyVerdict).toBe('pass')
    expect(cell.errorRate.aboveCeiling).toBe(true)
    expect(cell.errorRate.significantIncrease).toBe(true)
    expect(cell.verdict).toBe('regression')
    expect(cell.reasons.join('\n')).toMatch(/error rate 3% .* above the 1% ceiling/)
  })

  it('runs the Wilcoxon cross-check but says when too few pairs make it unable to confirm', () => {
    const cell = comparePaired(input(CANDIDATE.slice(0, 5), BASELINE.slice(0, 5)))
    expect(cell.verdict).toBe('regression')
    expect(cell.wilcoxonPValue).toBeCloseTo(0.0625, 12) // exact: 2 / 2^5
    expect(cell.reasons.join('\n')).toMatch(/with 5 pairs it cannot go below 0.0625/)
  })
})
