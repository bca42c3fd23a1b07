import { describe, expect, it } from 'vitest'
import { jsonSummary } from '../../../src/cli/json-summary.js'
import { acceptRegression, flagAcceptance } from '../../../src/gate/accept-regression.js'
import { regressedGate } from '../../support/report-fixtures.js'

describe('jsonSummary', () => {
  it('carries the verdict, each cell’s ratio and verdict, the regressed gated cells and the paths', () => {
    const results = regressedGate()
    const summary = jsonSummary(results, { resultsPath: '/o/results.json', reportPath: '/o/report.md' })
    expect(summary.verdict).toBe(results.verdict)
    expect(summary.regressed.sort()).toEqual(['key-auth/vus-50', 'rate-limit/vus-50'])
    const cell = summary.cells.find((c) => c.cell === 'key-auth/vus-50')!
    const source = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    expect(cell).toMatchObject({ verdict: 'regression', ratio: source.ratio, changePct: source.changePct })
    expect(summary.paths).toMatchObject({ results: '/o/results.json', report: '/o/report.md' })
  })

  it('reads `accepted` for a regression accepted on purpose, as the action output does, and says why', () => {
    const results = acceptRegression(regressedGate(), flagAcceptance('adds JWT validation on purpose'))
    const summary = jsonSummary(results, { resultsPath: '/o/results.json', reportPath: '/o/report.md' })
    expect(summary.verdict).toBe('accepted')
    expect(summary.gateVerdict).toBe('regression')
    expect(summary.acceptedRegression).toMatchObject({
      by: 'flag',
      reason: 'adds JWT validation on purpose',
    })
    expect(summary.acceptedRegression?.cells.sort()).toEqual(['key-auth/vus-50', 'rate-limit/vus-50'])
    const plain = jsonSummary(regressedGate(), { resultsPath: '/o/r.json', reportPath: '/o/r.md' })
    expect(plain.verdict).toBe('regression')
    expect(plain.acceptedRegression).toBeNull()
  })
})
