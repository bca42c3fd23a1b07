import { describe, expect, it } from 'vitest'
import { interpolateLevel } from '../../../bench/harness.js'

describe('interpolateLevel', () => {
  const levels = [
    { iterations: 0, effect: 0 },
    { iterations: 1000, effect: 0.04 },
    { iterations: 2000, effect: 0.12 },
  ]

  it('interpolates linearly in iterations between the bracketing levels', () => {
    expect(interpolateLevel(levels, 0.02)).toBe(500)
    expect(interpolateLevel(levels, 0.08)).toBe(1500)
    expect(interpolateLevel(levels, 0.12)).toBe(2000)
  })

  it('does not extrapolate beyond the measured effects', () => {
    expect(interpolateLevel(levels, 0.2)).toBeUndefined()
  })

  it('ignores the input order and skips a non-increasing segment', () => {
    const noisy = [
      { iterations: 2000, effect: 0.1 },
      { iterations: 0, effect: 0 },
      { iterations: 1000, effect: 0.11 },
      { iterations: 4000, effect: 0.3 },
    ]
    // 0 -> 1000 brackets +5%; 1000 -> 2000 goes down (noise), 2000 -> 4000 brackets +20%.
    expect(interpolateLevel(noisy, 0.05)).toBe(455)
    expect(interpolateLevel(noisy, 0.2)).toBe(3000)
  })
})
