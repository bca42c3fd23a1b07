import { describe, expect, it } from 'vitest'
import {
  cappedScore,
  DEFAULT_ARENA_WEIGHTS,
  iqrCv,
  scoreArena,
  type PhaseMeasurement,
} from '../../../src/arena/score.js'

const ok = (p95: number, extra: Partial<PhaseMeasurement> = {}): PhaseMeasurement => ({
  requests: 100,
  errorRate: 0,
  p50: p95 / 2,
  p95,
  ...extra,
})

describe('the seed 002 formula', () => {
  it('weights sum to 1, as the seed states', () => {
    const total = Object.values(DEFAULT_ARENA_WEIGHTS).reduce((a, b) => a + b, 0)
    expect(total).toBeCloseTo(1, 12)
  })

  it('scores latency as max(0, 100 (1 - P95/cap)) and consistency from the IQR CV', () => {
    expect(cappedScore(100, 400)).toBe(75)
    expect(cappedScore(500, 400)).toBe(0)
    expect(iqrCv(8, 10, 13)).toBeCloseTo(0.5, 12)
  })

  it('reproduces a hand-computed composite score', () => {
    const result = scoreArena({
      health: ok(1),
      sequential: ok(40), // 100 (1 - 40/400) = 90
      burst10: ok(5, { errorRate: 0.1 }), // 90
      burst50: ok(500), // 100 (1 - 500/2500) = 80
      burst100: ok(2000), // 50
      sustained: ok(3, { p25: 1.8, p50: 2, p75: 2.4 }), // CV 0.3 -> 70
      rampup: ok(3, { requests: 990, scheduled: 1100, errorRate: 0 }), // 90% delivered -> 90
    })
    const expected = 0.1 * 90 + 0.2 * 80 + 0.2 * 50 + 0.15 * 100 + 0.1 * 90 + 0.1 * 70 + 0.15 * 90
    expect(result.score).toBeCloseTo(expected, 9)
    expect(result.dimensions.consistency.value).toBeCloseTo(0.3, 12)
    expect(result.dimensions.rampUp).toEqual({ value: 90, score: 90 })
    expect(result.dimensions.errorRate.score).toBeCloseTo(90, 12)
  })

  it('gives a perfect, fast gateway 100 and a dead one 0', () => {
    const perfect = scoreArena({
      health: ok(0.1),
      sequential: ok(0),
      burst10: ok(0),
      burst50: ok(0),
      burst100: ok(0),
      sustained: ok(1, { p25: 1, p50: 1, p75: 1 }),
      rampup: ok(1, { requests: 1100, scheduled: 1100 }),
    })
    expect(perfect.score).toBeCloseTo(100, 9)
    const dead = { requests: 10, errorRate: 1, p50: 0, p95: 0, p25: 0, p75: 0, scheduled: 1100 }
    const down = scoreArena({
      health: dead,
      sequential: dead,
      burst10: dead,
      burst50: dead,
      burst100: dead,
      sustained: dead,
      rampup: dead,
    })
    expect(down.score).toBe(0)
  })

  it('takes weights and caps from configuration', () => {
    const phases = {
      health: ok(1),
      sequential: ok(200),
      burst10: ok(1),
      burst50: ok(1),
      burst100: ok(1),
      sustained: ok(2, { p25: 1, p50: 1, p75: 1 }),
      rampup: ok(1, { requests: 10, scheduled: 10 }),
    }
    const onlySequential = {
      ...DEFAULT_ARENA_WEIGHTS,
      sequential: 1,
      burst50: 0,
      burst100: 0,
      availability: 0,
      errorRate: 0,
      consistency: 0,
      rampUp: 0,
    }
    expect(scoreArena(phases, onlySequential).score).toBeCloseTo(50, 9)
    expect(
      scoreArena(phases, onlySequential, {
        sequentialP95Ms: 800,
        burst50P95Ms: 1,
        burst100P95Ms: 1,
        consistencyCv: 1,
        rampUpRps: 100,
      }).score,
    ).toBeCloseTo(75, 9)
    expect(() => scoreArena({ health: ok(1) })).toThrow('was not measured')
  })
})
