import { describe, expect, it } from 'vitest'
import { NO_ERRORS } from '../../support/stats-fixtures.js'
import type { CellComparison } from '../../../src/model.js'
import { applyHolm, holmAdjust } from '../../../src/stats/multiple-testing.js'

function cell(
  name: string,
  pValue: number | null,
  latencyVerdict: CellComparison['latencyVerdict'],
  control = false,
) {
  return {
    cell: name,
    control,
    pValue,
    adjustedPValue: null,
    latencyVerdict,
    verdict: latencyVerdict,
    ratio: { estimate: 1.2, lower: 1.05, upper: 1.35, confidence: 0.95 },
    errorRate: NO_ERRORS,
    reasons: [],
  } as unknown as CellComparison
}

describe('Holm-Bonferroni', () => {
  it('matches the worked example (Holm 1979, as on Wikipedia; R p.adjust(p, "holm"))', () => {
    // p = 0.01, 0.04, 0.03, 0.005 -> sorted 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, max(0.04*1, 0.06) = 0.06.
    // At alpha = 0.05 hypotheses 1 and 4 are rejected, 2 and 3 are not.
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005])
    expect(adjusted[0]).toBeCloseTo(0.03, 12)
    expect(adjusted[1]).toBeCloseTo(0.06, 12)
    expect(adjusted[2]).toBeCloseTo(0.06, 12)
    expect(adjusted[3]).toBeCloseTo(0.02, 12)
  })

  it('caps at 1 and handles an empty family', () => {
    expect(holmAdjust([0.5, 0.9])).toEqual([1, 1])
    expect(holmAdjust([])).toEqual([])
  })

  it('downgrades a regression that is not significant after correction, and says why', () => {
    const cells = [
      cell('a/s', 0.01, 'regression'),
      cell('b/s', 0.04, 'regression'),
      cell('c/s', 0.03, 'inconclusive'),
      cell('d/s', 0.005, 'regression'),
    ]
    const result = applyHolm(cells)
    expect(result.map((c) => c.latencyVerdict)).toEqual([
      'regression',
      'inconclusive',
      'inconclusive',
      'regression',
    ])
    expect(result.map((c) => c.verdict)).toEqual(['regression', 'inconclusive', 'inconclusive', 'regression'])
    expect(result[1]?.adjustedPValue).toBeCloseTo(0.06, 12)
    expect(result[1]?.reasons.at(-1)).toMatch(
      /not significant after Holm correction across 4 cells.*downgraded to inconclusive/,
    )
    expect(result[0]?.reasons).toEqual([])
    // The input is left as it was.
    expect(cells[1]?.latencyVerdict).toBe('regression')
  })

  it('leaves control cells and cells without a p-value out of the family', () => {
    const cells = [
      cell('ctl/s', 0.001, 'regression', true),
      cell('a/s', 0.03, 'regression'),
      cell('b/s', null, 'inconclusive'),
    ]
    const result = applyHolm(cells)
    expect(result[0]?.adjustedPValue).toBeNull()
    expect(result[1]?.adjustedPValue).toBeCloseTo(0.03, 12) // a family of one: unchanged
    expect(result[1]?.latencyVerdict).toBe('regression')
    expect(result[2]?.adjustedPValue).toBeNull()
  })

  it('keeps an error-rate failure a regression after a latency downgrade', () => {
    const failing = { ...cell('a/s', 0.04, 'regression'), errorRate: { ...NO_ERRORS, aboveCeiling: true } }
    const result = applyHolm([failing, cell('b/s', 0.04, 'pass')])
    expect(result[0]?.latencyVerdict).toBe('inconclusive')
    expect(result[0]?.verdict).toBe('regression')
  })
})
