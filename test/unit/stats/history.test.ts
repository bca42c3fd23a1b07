import { describe, expect, it } from 'vitest'
import { historyEstimate, nightLogMeans, predictionInterval } from '../../../src/stats/history.js'

describe('history helpers', () => {
  it('reduces each night to its log-mean and skips empty nights', () => {
    const means = nightLogMeans([[2, 8], [], [5]])
    expect(means).toHaveLength(2)
    expect(means[0]).toBeCloseTo(Math.log(4), 12) // geometric mean of 2 and 8
    expect(means[1]).toBeCloseTo(Math.log(5), 12)
  })

  it('builds the prediction interval mbar +/- t_{k-1} s_b sqrt(1 + 1/k)', () => {
    // Log-means 0, 0.1, 0.2: mbar 0.1, s_b 0.1, k 3; t_{0.975, 2} = 4.302652729749462 (scipy.stats.t.ppf).
    const interval = predictionInterval([0, 0.1, 0.2], 0.95)
    const half = 4.302652729749462 * 0.1 * Math.sqrt(1 + 1 / 3)
    expect(interval.centre).toBeCloseTo(0.1, 12)
    expect(interval.sBetween).toBeCloseTo(0.1, 12)
    expect(interval.lower).toBeCloseTo(0.1 - half, 10)
    expect(interval.upper).toBeCloseTo(0.1 + half, 10)
  })

  it("adds the prediction variance and the candidate's own variance of the mean", () => {
    // var(candidate, ddof=1) = 0.0017666666666666666 (numpy)
    const nights = [0, 0.1, 0.2]
    const candidate = [0.1, 0.15, 0.05, 0.12]
    const estimate = historyEstimate(candidate, nights)
    expect(estimate.se ** 2).toBeCloseTo(0.01 * (1 + 1 / 3) + 0.0017666666666666666 / 4, 12)
    expect(estimate.df).toBeGreaterThan(2)
    expect(estimate.df).toBeLessThan(2 + 3)
  })

  it('refuses too little history instead of returning NaN', () => {
    expect(() => predictionInterval([0.1], 0.95)).toThrow(RangeError)
    expect(() => historyEstimate([0.1, 0.2], [0.1])).toThrow(RangeError)
  })
})
