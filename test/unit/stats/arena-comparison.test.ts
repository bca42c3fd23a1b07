import { describe, expect, it } from 'vitest'
import { arithmeticSummary, compareArena, scoreVerdict } from '../../../src/stats/arena-comparison.js'
import { arenaRun } from '../../support/arena-fixtures.js'

describe('arithmeticSummary', () => {
  it('is the seed 002 CI95: mean +/- t(0.975, n-1) sd / sqrt(n)', () => {
    // n = 4: t = 3.182 (the seed's df = 3 value); sd of 1, 2, 3, 4 is 1.29099.
    const s = arithmeticSummary([1, 2, 3, 4], 0.95)
    expect(s.mean).toBe(2.5)
    expect(s.median).toBe(2.5)
    expect(s.upper - s.mean).toBeCloseTo((3.182446 * 1.2909944) / 2, 4)
  })
})

describe('scoreVerdict', () => {
  it('judges a drop in points against threshold x the baseline mean', () => {
    expect(scoreVerdict({ estimate: -15, lower: -17, upper: -13 }, 90, 0.1).verdict).toBe('regression')
    expect(scoreVerdict({ estimate: -1, lower: -3, upper: 1 }, 90, 0.1).verdict).toBe('pass')
    expect(scoreVerdict({ estimate: -5, lower: -12, upper: -1 }, 90, 0.1).verdict).toBe('inconclusive')
  })
})

describe('compareArena', () => {
  const scores = (values: number[], variant: 'candidate' | 'baseline' = 'candidate') =>
    values.map((v, i) => arenaRun('gw', i + 1, variant, v))

  it('blocks a score that fell by 20 points and passes an unchanged one (Welch t)', () => {
    const fell = compareArena({
      method: 'stored',
      candidateRuns: scores([70, 71, 69.5, 70.4]),
      baselineRuns: scores([90, 91, 89.6, 90.2]),
      threshold: 0.1,
      confidence: 0.95,
    })
    expect(fell.arena.verdict).toBe('regression')
    expect(fell.arena.difference?.estimate).toBeCloseTo(-19.975, 3)
    expect(fell.arena.changePct).toBeCloseTo(-22.1, 1)
    const same = compareArena({
      method: 'paired',
      candidateRuns: scores([90, 91, 89.6, 90.2]),
      baselineRuns: scores([90.3, 90.6, 89.9, 90.1], 'baseline'),
      threshold: 0.1,
      confidence: 0.95,
    })
    expect(same.arena).toMatchObject({ verdict: 'pass', test: 'paired-t' })
  })

  it('summarises each dimension and handles a score of 0 (no log scale)', () => {
    const { arena } = compareArena({
      method: 'stored',
      candidateRuns: scores([0, 0, 0]),
      baselineRuns: scores([80, 81, 79]),
      threshold: 0.1,
      confidence: 0.95,
    })
    expect(arena.verdict).toBe('regression')
    expect(arena.dimensions.sequential?.median).toBe(0)
    expect(arena.candidate.n).toBe(3)
  })

  it('is inconclusive without a baseline or with too few runs', () => {
    expect(
      compareArena({
        method: 'stored',
        candidateRuns: scores([90]),
        baselineRuns: null,
        threshold: 0.1,
        confidence: 0.95,
      }).arena.verdict,
    ).toBe('inconclusive')
    const few = compareArena({
      method: 'stored',
      candidateRuns: scores([90, 91]),
      baselineRuns: scores([90, 91, 92]),
      threshold: 0.1,
      confidence: 0.95,
    })
    expect(few.arena.verdict).toBe('inconclusive')
    expect(few.reasons[0]).toContain('fewer than 3')
  })
})
