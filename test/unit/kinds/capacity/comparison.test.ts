import { describe, expect, it } from 'vitest'
import { capacityVerdict, compareCapacity } from '../../../../src/kinds/capacity/comparison.js'
import type { CapacitySearchResult, RunResult, VariantName } from '../../../../src/model.js'
import { run } from '../../stats/run-fixture.js'

function search(capacity: number | null, outcome: CapacitySearchResult['outcome'] = 'bracketed') {
  return {
    capacity,
    outcome,
    ceiling: capacity === null ? 1 : capacity * 1.04,
    rule: { errorRateCeiling: 0.01, achievedTolerance: 0.05 },
    steps: [],
  }
}

function searches(capacities: readonly (number | null)[], variant: VariantName = 'candidate'): RunResult[] {
  return capacities.map((c, i) => ({ ...run({ p95: 5, round: i + 1, variant }), capacity: search(c) }))
}

const common = { threshold: 0.1, confidence: 0.95 }

describe('capacityVerdict', () => {
  it('treats higher as better: a drop beyond the threshold regresses, a small one passes', () => {
    expect(capacityVerdict({ estimate: 0.8, lower: 0.75, upper: 0.85, confidence: 0.95 }, 0.1).verdict).toBe(
      'regression',
    )
    expect(capacityVerdict({ estimate: 0.98, lower: 0.95, upper: 1.01, confidence: 0.95 }, 0.1).verdict).toBe(
      'pass',
    )
    // Significant but within the threshold, or too wide: undecided.
    expect(capacityVerdict({ estimate: 0.95, lower: 0.85, upper: 0.99, confidence: 0.95 }, 0.1).verdict).toBe(
      'inconclusive',
    )
    expect(capacityVerdict({ estimate: 1.2, lower: 0.5, upper: 2, confidence: 0.95 }, 0.1).verdict).toBe(
      'inconclusive',
    )
  })
})

describe('compareCapacity', () => {
  it('blocks a 20% capacity drop against a stored baseline (Welch t on log capacity)', () => {
    const { capacity, reasons } = compareCapacity({
      ...common,
      method: 'stored',
      candidateRuns: searches([1600, 1620, 1580, 1610]),
      baselineRuns: searches([2000, 2020, 1990, 2010]),
    })
    expect(capacity.verdict).toBe('regression')
    expect(capacity.test).toBe('welch')
    expect(capacity.ratio?.estimate).toBeCloseTo(0.8, 2)
    expect(capacity.changePct).toBeCloseTo(-20, 0)
    expect(capacity.candidate.n).toBe(4)
    // The interval of the candidate's capacity brackets its searches' centre.
    expect(capacity.candidate.lower).toBeLessThan(1602)
    expect(capacity.candidate.upper).toBeGreaterThan(1602)
    expect(reasons.join(' ')).toContain('Welch t')
  })

  it('passes an unchanged capacity and pairs searches by round in paired mode', () => {
    const { capacity } = compareCapacity({
      ...common,
      method: 'paired',
      candidateRuns: searches([2000, 1900, 2100, 1950]),
      baselineRuns: searches([1990, 1910, 2080, 1960], 'baseline'),
    })
    expect(capacity.test).toBe('paired-t')
    expect(capacity.verdict).toBe('pass')
    expect(capacity.ratio?.lower).toBeGreaterThan(0.9)
  })

  it('is inconclusive without enough searches or without a baseline', () => {
    const few = compareCapacity({
      ...common,
      method: 'stored',
      candidateRuns: searches([1000, 1010]),
      baselineRuns: searches([2000, 2000, 2000]),
    })
    expect(few.capacity.verdict).toBe('inconclusive')
    expect(few.capacity.changePct).toBeCloseTo(-49.75, 1)
    expect(few.reasons.join(' ')).toContain('at least 3')
    const none = compareCapacity({
      ...common,
      method: 'stored',
      candidateRuns: searches([1000]),
      baselineRuns: null,
    })
    expect(none.capacity).toMatchObject({ verdict: 'inconclusive', baseline: null, ratio: null })
  })

  it('counts searches that found nothing as a regression when the baseline found a capacity', () => {
    const { capacity, reasons } = compareCapacity({
      ...common,
      method: 'stored',
      candidateRuns: searches([null, null, 900]),
      baselineRuns: searches([2000, 2000, 2000]),
    })
    expect(capacity.verdict).toBe('regression')
    expect(capacity.noCapacity.candidate).toBe(2)
    expect(reasons[0]).toContain('found no rate meeting the pass rule')
  })

  it('leaves out warm-up searches and says when a capacity is only a lower bound', () => {
    const candidate = [
      { ...searches([10])[0]!, warmup: true },
      ...searches([2000, 2000, 2000]).map((r) => ({ ...r, capacity: search(2000, 'at-max') })),
    ]
    const { capacity, reasons } = compareCapacity({
      ...common,
      method: 'stored',
      candidateRuns: candidate,
      baselineRuns: searches([2000, 2000, 2000]),
    })
    expect(capacity.candidate.n).toBe(3)
    expect(capacity.atMax.candidate).toBe(3)
    expect(reasons[0]).toContain('lower bound')
  })
})
