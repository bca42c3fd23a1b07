import { describe, expect, it } from 'vitest'
import { mean, median, quantile, sd, summarize } from '../../../src/stats/descriptive.js'

// Reference values computed with numpy 2 / scipy 1.17:
//   x = [3, 1, 4, 1, 5, 9, 2, 6]; np.quantile(x, [0.25, 0.5, 0.9]); np.mean(x); np.std(x, ddof=1)
const X = [3, 1, 4, 1, 5, 9, 2, 6]
// lat = [12.1, 11.8, 12.9, 13.4, 12.2]; l = np.log(lat)
// exp(l.mean()), exp(scipy.stats.t.interval(0.95, 4, loc=l.mean(), scale=scipy.stats.sem(l)))
const LATENCIES = [12.1, 11.8, 12.9, 13.4, 12.2]
const LATENCY_GEOMETRIC_MEAN = 12.46649431712919
const LATENCY_CI = [11.689001312750852, 13.295702207637094] as const

describe('descriptive statistics', () => {
  it('matches numpy quantiles (linear interpolation, type 7)', () => {
    expect(quantile(X, 0.25)).toBeCloseTo(1.75, 12)
    expect(median(X)).toBeCloseTo(3.5, 12)
    expect(quantile(X, 0.9)).toBeCloseTo(6.9, 12)
    expect(quantile(X, 0)).toBe(1)
    expect(quantile(X, 1)).toBe(9)
  })

  it('matches numpy mean and sample sd', () => {
    expect(mean(X)).toBeCloseTo(3.875, 12)
    expect(sd(X)).toBeCloseTo(2.748376143938713, 12)
  })

  it('gives exactly zero spread and the value itself for equal values', () => {
    const tenths = [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]
    expect(sd(tenths)).toBe(0)
    expect(mean(tenths)).toBe(0.1)
  })

  it('throws on samples it cannot describe instead of returning NaN', () => {
    expect(() => mean([])).toThrow(RangeError)
    expect(() => median([])).toThrow(RangeError)
    expect(() => sd([4])).toThrow(RangeError)
    expect(() => quantile(X, 1.5)).toThrow(RangeError)
  })
})

describe('summarize', () => {
  it('gives the geometric mean and a back-transformed log-scale Student t CI (scipy reference)', () => {
    const summary = summarize(LATENCIES, 0.95)
    expect(summary.n).toBe(5)
    expect(summary.median).toBe(12.2)
    expect(summary.mean).toBeCloseTo(LATENCY_GEOMETRIC_MEAN, 10)
    expect(summary.lower).toBeCloseTo(LATENCY_CI[0], 10)
    expect(summary.upper).toBeCloseTo(LATENCY_CI[1], 10)
    expect(summary.interval).toBe('confidence')
  })

  it('has no interval with one value and all zeros with none, never NaN', () => {
    expect(summarize([7], 0.95)).toMatchObject({
      n: 1,
      median: 7,
      mean: 7,
      lower: 7,
      upper: 7,
      interval: 'none',
    })
    expect(summarize([], 0.95)).toMatchObject({
      n: 0,
      median: 0,
      mean: 0,
      lower: 0,
      upper: 0,
      interval: 'none',
    })
  })

  it('collapses the interval for zero variance', () => {
    expect(summarize([5, 5, 5, 5], 0.95)).toMatchObject({ mean: 5, lower: 5, upper: 5, median: 5 })
  })

  it('refuses latencies that are not positive (a log scale cannot hold them)', () => {
    expect(() => summarize([1, 0, 2], 0.95)).toThrow(/positive/)
    expect(() => summarize([1, Number.NaN, 2], 0.95)).toThrow(/positive/)
  })
})
