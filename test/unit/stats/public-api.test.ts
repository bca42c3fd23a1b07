import { describe, expect, it } from 'vitest'
import { applyHolm, compareStored, noiseMonitor, overallVerdict } from '../../../src/stats/index.js'
import { gate, runs } from './run-fixture.js'

// The flow main.ts runs: compare every cell, correct across cells, decide, and check the runner.
describe('stats public API, end to end over cells', () => {
  const night = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4]
  const compare = (profile: string, control: boolean, candidate: number[]) =>
    compareStored({
      profile,
      scenario: 'steady',
      control,
      candidateRuns: runs(candidate),
      baselineNights: [runs(night)],
      gate,
    })

  it('blocks on a clear regression and reports a markedly different runner from the control', () => {
    const cells = applyHolm([
      compare('no-gateway', true, [13.1, 13.4, 12.9, 13.3, 13.0]),
      compare('nginx', false, [12.4, 12.8, 12.1, 12.9, 12.5]),
      compare('policies', false, [10.1, 10.3, 10.0, 10.2, 10.4]),
    ])
    expect(cells.map((c) => c.verdict)).toEqual(['regression', 'regression', 'pass'])
    expect(cells[0]?.adjustedPValue).toBeNull()
    expect(cells[1]?.adjustedPValue).toBeGreaterThan(cells[1]?.pValue ?? 1)
    expect(overallVerdict(cells, { onInconclusive: 'warn' })).toMatchObject({
      verdict: 'regression',
      fails: true,
      reasons: ['regression in nginx/steady'],
    })
    expect(
      noiseMonitor(
        cells.filter((c) => c.control),
        gate,
      ),
    ).toMatch(/markedly slower/)
  })
})
