import { describe, expect, it } from 'vitest'
import { NO_ERRORS } from '../../support/stats-fixtures.js'
import type { CellComparison, RatioEstimate, Verdict } from '../../../src/model.js'
import { cellVerdict, latencyVerdict, overallVerdict } from '../../../src/stats/verdict.js'

function ratio(estimate: number, lower: number, upper: number): RatioEstimate {
  return { estimate, lower, upper, confidence: 0.95 }
}

function cell(name: string, verdict: Verdict, control = false): CellComparison {
  return { cell: name, control, verdict } as CellComparison
}

describe('three-way latency verdict (threshold 10%)', () => {
  it.each<[string, RatioEstimate, Verdict]>([
    ['whole interval below the threshold', ratio(1.02, 0.97, 1.08), 'pass'],
    ['clearly faster', ratio(0.8, 0.75, 0.85), 'pass'],
    ['significant and estimate above the threshold', ratio(1.2, 1.12, 1.28), 'regression'],
    [
      'significant, estimate above, lower bound still below the threshold',
      ratio(1.13, 1.04, 1.22),
      'regression',
    ],
    ['significant but estimate within the threshold', ratio(1.05, 1.02, 1.12), 'inconclusive'],
    ['estimate above the threshold but not significant', ratio(1.15, 0.95, 1.38), 'inconclusive'],
    ['wide interval around 1', ratio(1.0, 0.85, 1.18), 'inconclusive'],
  ])('%s', (_name, r, expected) => {
    expect(latencyVerdict(r, 0.1, 'p95').verdict).toBe(expected)
  })

  it('treats the boundaries as not decided: upper exactly at the threshold does not pass', () => {
    expect(latencyVerdict(ratio(1.05, 1.0, 1.1), 0.1, 'p95').verdict).toBe('inconclusive')
    // Lower bound exactly 1 is not significant.
    expect(latencyVerdict(ratio(1.2, 1.0, 1.4), 0.1, 'p95').verdict).toBe('inconclusive')
  })

  it('explains the decision with the numbers', () => {
    const decision = latencyVerdict(ratio(1.2, 1.12, 1.28), 0.1, 'p95')
    expect(decision.reason).toBe(
      'P95 +20.0% (95% CI +12.0% to +28.0%): significantly slower (lower bound above +0%) and the estimate exceeds the +10.0% threshold',
    )
  })
})

describe('block confidence (gate.blockConfidence)', () => {
  it('blocks only when the stricter lower bound also excludes +0%', () => {
    const shown = ratio(1.2, 1.04, 1.38)
    expect(latencyVerdict(shown, 0.1, 'p95', { lower: 1.01, confidence: 0.99 }).verdict).toBe('regression')
    const held = latencyVerdict(shown, 0.1, 'p95', { lower: 0.98, confidence: 0.99 })
    expect(held.verdict).toBe('inconclusive')
    expect(held.reason).toContain('not yet at the 99% confidence a block needs (lower bound -2.0% at 99%)')
  })

  it('leaves the pass rule on the shown interval', () => {
    expect(
      latencyVerdict(ratio(1.01, 0.96, 1.07), 0.1, 'p95', { lower: 0.93, confidence: 0.99 }).verdict,
    ).toBe('pass')
  })

  it('never blocks on a stricter bound that is looser than the shown one', () => {
    // A caller passing a bound from a lower confidence must not make blocking easier.
    expect(latencyVerdict(ratio(1.2, 0.99, 1.4), 0.1, 'p95', { lower: 1.05, confidence: 0.9 }).verdict).toBe(
      'inconclusive',
    )
  })
})

describe('cell verdict', () => {
  it('lets a failing error rate make the cell a regression whatever latency says', () => {
    expect(cellVerdict('pass', { ...NO_ERRORS, aboveCeiling: true })).toBe('regression')
    expect(cellVerdict('inconclusive', { ...NO_ERRORS, significantIncrease: true })).toBe('regression')
    expect(cellVerdict('pass', NO_ERRORS)).toBe('pass')
    expect(cellVerdict('inconclusive', NO_ERRORS)).toBe('inconclusive')
  })
})

describe('overall verdict', () => {
  const warn = { onInconclusive: 'warn' } as const
  const fail = { onInconclusive: 'fail' } as const

  it('ignores control cells', () => {
    const result = overallVerdict([cell('ctl/s', 'regression', true), cell('gw/s', 'pass')], warn)
    expect(result).toMatchObject({ verdict: 'pass', fails: false })
  })

  it('any regression wins, and names the cell', () => {
    const result = overallVerdict(
      [cell('a/s', 'inconclusive'), cell('b/s', 'regression'), cell('c/s', 'pass')],
      warn,
    )
    expect(result.verdict).toBe('regression')
    expect(result.fails).toBe(true)
    expect(result.reasons[0]).toBe('regression in b/s')
  })

  it('inconclusive beats pass, and on-inconclusive decides whether the job fails', () => {
    const cells = [cell('a/s', 'inconclusive'), cell('b/s', 'pass')]
    expect(overallVerdict(cells, warn)).toMatchObject({ verdict: 'inconclusive', fails: false })
    expect(overallVerdict(cells, fail)).toMatchObject({ verdict: 'inconclusive', fails: true })
  })

  it('is inconclusive when nothing was gated', () => {
    expect(overallVerdict([cell('ctl/s', 'pass', true)], warn).verdict).toBe('inconclusive')
    expect(overallVerdict([], warn).verdict).toBe('inconclusive')
  })
})
