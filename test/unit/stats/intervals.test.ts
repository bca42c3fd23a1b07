import { describe, expect, it } from 'vitest'
import { tCritical, tTwoSidedPValue, zCritical } from '../../../src/stats/distributions.js'
import {
  meanEstimate,
  satterthwaiteDf,
  tInterval,
  toRatio,
  welchEstimate,
  wilsonInterval,
} from '../../../src/stats/intervals.js'

// Student's sleep data (Cushny & Peebles 1905, R's `sleep`): extra hours of sleep for two drugs.
const SLEEP_GROUP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
const SLEEP_GROUP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]

describe('critical values', () => {
  it('matches t tables and scipy.stats.t.ppf', () => {
    // Textbook table: t_{0.975, 4} = 2.776, t_{0.975, 10} = 2.228; digits from scipy.stats.t.ppf.
    expect(tCritical(0.95, 4)).toBeCloseTo(2.7764451051977934, 10)
    expect(tCritical(0.95, 10)).toBeCloseTo(2.228138851986274, 10)
    expect(tCritical(0.9, 7)).toBeCloseTo(1.8945786050900062, 10)
    expect(zCritical(0.95)).toBeCloseTo(1.959963984540054, 10)
    expect(tCritical(0.95, Number.POSITIVE_INFINITY)).toBeCloseTo(1.959963984540054, 10)
  })

  it('rejects impossible arguments', () => {
    expect(() => tCritical(1, 5)).toThrow(RangeError)
    expect(() => tCritical(0.95, 0)).toThrow(RangeError)
  })

  it('gives two-sided p-values from the t distribution', () => {
    // scipy: 2 * t.sf(2.228138851986274, 10) = 0.05
    expect(tTwoSidedPValue(2.228138851986274, 10)).toBeCloseTo(0.05, 10)
    expect(tTwoSidedPValue(-2.228138851986274, 10)).toBeCloseTo(0.05, 10)
    expect(tTwoSidedPValue(0, 3)).toBe(1)
  })
})

describe('t intervals', () => {
  it('reproduces the paired t-test of the sleep data (R: t = 4.0621, df = 9, p = 0.002833)', () => {
    const differences = SLEEP_GROUP_2.map((v, i) => v - (SLEEP_GROUP_1[i] as number))
    const interval = tInterval(meanEstimate(differences), 0.95)
    // scipy.stats.ttest_1samp(d, 0) and .confidence_interval(0.95)
    expect(interval.df).toBe(9)
    expect(interval.estimate / interval.se).toBeCloseTo(4.062127683382037, 10)
    expect(interval.pValue).toBeCloseTo(0.002832890197384273, 10)
    expect(interval.lower).toBeCloseTo(0.7001142367230175, 10)
    expect(interval.upper).toBeCloseTo(2.459885763276983, 10)
  })

  it("reproduces Welch's t-test of the sleep data (R: t = -1.8608, df = 17.776, p = 0.07939)", () => {
    const interval = tInterval(welchEstimate(SLEEP_GROUP_1, SLEEP_GROUP_2), 0.95)
    // scipy.stats.ttest_ind(g1, g2, equal_var=False) and .confidence_interval(0.95)
    expect(interval.estimate / interval.se).toBeCloseTo(-1.8608134674868526, 10)
    expect(interval.df).toBeCloseTo(17.776473516178488, 8)
    expect(interval.pValue).toBeCloseTo(0.0793941401873583, 10)
    expect(interval.lower).toBeCloseTo(-3.3654832307117104, 10)
    expect(interval.upper).toBeCloseTo(0.20548323071171137, 10)
  })

  it('collapses to the estimate with zero spread instead of dividing by zero', () => {
    expect(tInterval(meanEstimate([0, 0, 0]), 0.95)).toMatchObject({ lower: 0, upper: 0, pValue: 1 })
    expect(tInterval(meanEstimate([0.2, 0.2, 0.2]), 0.95)).toMatchObject({
      lower: 0.2,
      upper: 0.2,
      pValue: 0,
    })
  })

  it('computes Satterthwaite df and keeps it finite when every variance is zero', () => {
    // Two equal terms with 4 df each: (2v)^2 / (2 v^2 / 4) = 8
    expect(
      satterthwaiteDf([
        { variance: 1, df: 4 },
        { variance: 1, df: 4 },
      ]),
    ).toBeCloseTo(8, 12)
    expect(
      satterthwaiteDf([
        { variance: 0, df: 4 },
        { variance: 0, df: 2 },
      ]),
    ).toBe(6)
  })

  it('back-transforms a log-scale interval into a ratio', () => {
    const ratio = toRatio(
      { estimate: Math.log(1.2), se: 0.1, df: 5, lower: Math.log(1.1), upper: Math.log(1.3), pValue: 0.01 },
      0.9,
    )
    expect(ratio.estimate).toBeCloseTo(1.2, 12)
    expect(ratio.lower).toBeCloseTo(1.1, 12)
    expect(ratio.upper).toBeCloseTo(1.3, 12)
    expect(ratio.confidence).toBe(0.9)
  })
})

describe('Wilson score interval', () => {
  // scipy.stats.binomtest(k, n).proportion_ci(0.95, method='wilson')
  it.each([
    [0, 10, 0, 0.27753279986288926],
    [5, 50, 0.04347576493189041, 0.21360231437479654],
    [3, 1000, 0.0010207838811386186, 0.008783014053503173],
    [12, 40, 0.18074845229746528, 0.45430018818144935],
  ])('%i of %i', (k, n, lower, upper) => {
    const [lo, hi] = wilsonInterval(k, n, 0.95)
    expect(lo).toBeCloseTo(lower, 10)
    expect(hi).toBeCloseTo(upper, 10)
  })

  it('knows nothing without trials', () => {
    expect(wilsonInterval(0, 0, 0.95)).toEqual([0, 1])
  })
})
