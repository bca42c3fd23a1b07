import { describe, expect, it } from 'vitest'
import {
  acceptRegression,
  flagAcceptance,
  labelAcceptance,
  verdictOutput,
} from '../../../src/gate/accept-regression.js'
import type { GateResults } from '../../../src/model.js'
import { acceptanceText, decisionLine } from '../../../src/report/report-content.js'
import { headline } from '../../../src/report/headline.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { gateResultsSchema } from '../../../src/model.js'
import { passingGate, regressedGate } from '../../support/report-fixtures.js'

const LABEL = 'perf-gate:accept-regression'
const byLabel = labelAcceptance(['docs', LABEL], LABEL, 7)

describe('labelAcceptance', () => {
  it('asks to accept when the pull request carries the label (case-insensitively, as GitHub matches)', () => {
    expect(byLabel).toEqual({
      by: 'label',
      label: LABEL,
      pullRequest: 7,
      reason: `pull request #7 carries the label "${LABEL}"`,
    })
    expect(labelAcceptance(['Perf-Gate:Accept-Regression'], LABEL, 7)).not.toBeNull()
  })
  it('asks nothing without the label', () => {
    expect(labelAcceptance(['docs', 'perf-gate'], LABEL, 7)).toBeNull()
    expect(labelAcceptance([], LABEL, 7)).toBeNull()
  })
})

describe('acceptRegression and the verdict output', () => {
  it('accepts a regression: results.json keeps verdict regression and each cell its own, the output reads accepted', () => {
    const regressed = regressedGate()
    const accepted = acceptRegression(regressed, byLabel)
    expect(accepted.verdict).toBe('regression')
    expect(accepted.cells.map((c) => c.verdict)).toEqual(regressed.cells.map((c) => c.verdict))
    expect(accepted.acceptedRegression).toEqual({
      by: 'label',
      label: LABEL,
      pullRequest: 7,
      reason: `pull request #7 carries the label "${LABEL}"`,
      cells: ['key-auth/vus-50', 'rate-limit/vus-50'],
    })
    expect(verdictOutput(accepted)).toBe('accepted')
    expect(verdictOutput(regressed)).toBe('regression')
    // results.json with the field still validates (publish mode reads it back as untrusted data).
    expect(gateResultsSchema.safeParse(accepted).success).toBe(true)
  })

  it('accepts by the CLI flag with its reason', () => {
    const accepted = acceptRegression(regressedGate(), flagAcceptance('adds JWT validation on purpose'))
    expect(accepted.acceptedRegression).toMatchObject({
      by: 'flag',
      reason: 'adds JWT validation on purpose',
    })
    expect(accepted.acceptedRegression?.label).toBeUndefined()
    expect(verdictOutput(accepted)).toBe('accepted')
  })

  it('leaves a pass a pass and an inconclusive gate inconclusive', () => {
    const pass = acceptRegression(passingGate(), byLabel)
    expect(pass.acceptedRegression).toBeUndefined()
    expect(verdictOutput(pass)).toBe('pass')
    const inconclusive: GateResults = { ...passingGate(), verdict: 'inconclusive' }
    expect(verdictOutput(acceptRegression(inconclusive, byLabel))).toBe('inconclusive')
  })

  it('does not accept wrong answers: an accuracy failure still fails', () => {
    const regressed = regressedGate()
    const inaccurate: GateResults = {
      ...regressed,
      cells: regressed.cells.map((c) =>
        c.cell === 'key-auth/vus-50' ? { ...c, accuracy: { min: 0.5, fails: true } } : c,
      ),
    }
    const result = acceptRegression(inaccurate, byLabel)
    expect(result.acceptedRegression).toBeUndefined()
    expect(verdictOutput(result)).toBe('regression')
  })

  it('accepts nothing without a request', () => {
    expect(acceptRegression(regressedGate(), null).acceptedRegression).toBeUndefined()
  })
})

describe('the report of an accepted regression', () => {
  const accepted = acceptRegression(regressedGate(), byLabel)

  it('says accepted in the headline and by which label in the decision line; the table still shows the regression', () => {
    expect(headline(accepted)).toMatch(/perf-gate: regression in 2 of 6 cells accepted/)
    expect(decisionLine(accepted)).toContain(
      `Regression in key-auth/vus-50, rate-limit/vus-50 accepted by the label "${LABEL}": pull request #7 carries the label "${LABEL}".`,
    )
    const md = renderMarkdown(accepted)
    expect(md).toContain('accepted by the label')
    expect(md).toMatch(/regression/i)
    // The regressed cells are still listed as regressed.
    expect(md).toContain('Regressed')
  })

  it('says the flag and its reason', () => {
    const flagged = acceptRegression(regressedGate(), flagAcceptance('adds JWT validation on purpose'))
    expect(acceptanceText(flagged.acceptedRegression!)).toBe(
      'Regression in key-auth/vus-50, rate-limit/vus-50 accepted by --accept-regression: adds JWT validation on purpose. It is measured and shown; the gate does not fail.',
    )
    expect(renderMarkdown(flagged)).toContain(
      'accepted by --accept-regression: adds JWT validation on purpose',
    )
  })
})
