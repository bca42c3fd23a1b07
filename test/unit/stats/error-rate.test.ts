import { describe, expect, it } from 'vitest'
import { compareErrorRates, errorRateReasons } from '../../../src/stats/error-rate.js'
import { run } from './run-fixture.js'

const gate = { errorRateCeiling: 0.01, confidence: 0.95 }

describe('error rate', () => {
  it('pools failures over runs and gives the Wilson interval (scipy reference)', () => {
    // 12 failures in 40 requests: scipy.stats.binomtest(12, 40).proportion_ci(0.95, 'wilson')
    const candidate = [
      run({ p95: 5, requests: 10, failedRequests: 2 }),
      run({ p95: 5, requests: 30, failedRequests: 10 }),
    ]
    const result = compareErrorRates(candidate, null, gate)
    expect(result.candidate).toBeCloseTo(0.3, 12)
    expect(result.candidateInterval[0]).toBeCloseTo(0.18074845229746528, 10)
    expect(result.candidateInterval[1]).toBeCloseTo(0.45430018818144935, 10)
    expect(result.baseline).toBeNull()
    expect(result.aboveCeiling).toBe(true)
    expect(result.significantIncrease).toBe(false)
  })

  it('compares the point estimate with the ceiling', () => {
    const at = compareErrorRates([run({ p95: 5, requests: 1000, failedRequests: 10 })], null, gate)
    expect(at.aboveCeiling).toBe(false) // exactly 1% is not above 1%
    const above = compareErrorRates([run({ p95: 5, requests: 1000, failedRequests: 11 })], null, gate)
    expect(above.aboveCeiling).toBe(true)
  })

  it('flags a significant increase only when the Wilson intervals do not overlap', () => {
    const baseline = [run({ p95: 5, requests: 20_000, failedRequests: 0 })]
    // 0.05%: below the 1% ceiling but clearly above a baseline with no errors in 20,000 requests.
    const increased = compareErrorRates(
      [run({ p95: 5, requests: 20_000, failedRequests: 10 })],
      baseline,
      gate,
    )
    expect(increased).toMatchObject({ aboveCeiling: false, significantIncrease: true, baseline: 0 })
    expect(errorRateReasons(increased)[0]).toMatch(/significantly above the baseline's 0%/)
    // 1 failure in 20,000 could be noise.
    const noise = compareErrorRates([run({ p95: 5, requests: 20_000, failedRequests: 1 })], baseline, gate)
    expect(noise.significantIncrease).toBe(false)
    expect(errorRateReasons(noise)).toEqual([])
  })

  it('reports no rate and no failure without requests', () => {
    const result = compareErrorRates([run({ p95: 5, requests: 0 })], [run({ p95: 5, requests: 0 })], gate)
    expect(result).toMatchObject({
      candidate: 0,
      candidateInterval: [0, 1],
      baseline: null,
      aboveCeiling: false,
      significantIncrease: false,
    })
  })
})
