import { describe, expect, it } from 'vitest'
import { detectablePct, minimumDetectableChange } from '../../../src/stats/detectable.js'

describe('minimumDetectableChange', () => {
  it('is the threshold plus the power margin when the interval is narrow', () => {
    // se 0.02, df 9: t_0.975 * se = 0.0452 < log(1.1) = 0.0953, so the bar is the threshold;
    // t_0.8,9 = 0.8834 (scipy.stats.t.ppf(0.8, 9)) adds 0.0177: exp(0.1130) - 1 = 0.1196.
    expect(minimumDetectableChange(0.02, 9, 0.95, 0.1)).toBeCloseTo(0.1196, 3)
  })

  it('is set by the significance bar when the interval is wide', () => {
    // se 0.05, df 4: t_0.975,4 = 2.7764 -> 0.1388 > 0.0953; t_0.8,4 = 0.9410 -> exp(0.1859) - 1 = 0.2043.
    expect(minimumDetectableChange(0.05, 4, 0.95, 0.1)).toBeCloseTo(0.2043, 3)
  })

  it('grows with the noise and shrinks with more runs', () => {
    const noisy = minimumDetectableChange(0.08, 9, 0.95, 0.1) as number
    const quiet = minimumDetectableChange(0.02, 9, 0.95, 0.1) as number
    expect(noisy).toBeGreaterThan(quiet)
    expect(minimumDetectableChange(0.05, 19, 0.95, 0.1) as number).toBeLessThan(
      minimumDetectableChange(0.05, 4, 0.95, 0.1) as number,
    )
  })

  it('has no value without spread or degrees of freedom', () => {
    expect(minimumDetectableChange(Number.NaN, 4, 0.95, 0.1)).toBeNull()
    expect(minimumDetectableChange(0.05, 0, 0.95, 0.1)).toBeNull()
    expect(detectablePct({ se: 0, df: 4 }, { confidence: 0.95, threshold: 0.1 })).toBeNull()
    expect(detectablePct({ se: 0.02, df: 9 }, { confidence: 0.95, threshold: 0.1 })).toBeCloseTo(11.96, 1)
  })
})
