import { describe, expect, it } from 'vitest'
import { flagAcceptance, acceptRegression } from '../../../src/gate/accept-regression.js'
import { headline } from '../../../src/report/headline.js'
import { baselineModeGate, passingGate, regressedGate } from '../../support/report-fixtures.js'

describe('headline: one wording of the verdict for the report, the action log and the terminal', () => {
  it('words a regression alike in every style', () => {
    const results = regressedGate()
    expect(headline(results, 'report')).toBe('❌ perf-gate: regression in 2 of 6 cells')
    expect(headline(results, 'log')).toBe('perf-gate: regression in 2 of 6 cells')
    expect(headline(results, 'terminal')).toBe(
      'perf-gate verdict: REGRESSION (regressed: key-auth/vus-50, rate-limit/vus-50)',
    )
  })

  it('names an accepted regression and why, and the terminal says ACCEPTED', () => {
    const accepted = acceptRegression(regressedGate(), flagAcceptance('adds JWT on purpose'))
    expect(headline(accepted, 'report')).toBe('☑️ perf-gate: regression in 2 of 6 cells accepted')
    expect(headline(accepted, 'log')).toBe(
      'perf-gate: regression in 2 of 6 cells accepted (adds JWT on purpose)',
    )
    expect(headline(accepted, 'terminal')).toBe(
      'perf-gate verdict: ACCEPTED (regressed: key-auth/vus-50, rate-limit/vus-50)\naccepted: adds JWT on purpose',
    )
  })

  it('a pass and a baseline night', () => {
    expect(headline(passingGate(), 'log')).toBe('perf-gate: pass (1 cell within +10%)')
    expect(headline(passingGate(), 'terminal')).toBe('perf-gate verdict: PASS')
    expect(headline(baselineModeGate(), 'log')).toMatch(/^perf-gate: baseline recorded for \d+ cells?$/)
    expect(headline(baselineModeGate(), 'terminal')).toBe('perf-gate baseline written')
  })
})
