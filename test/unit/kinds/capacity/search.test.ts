import { describe, expect, it } from 'vitest'
import {
  judgeStep,
  searchCapacity,
  warmupRate,
  type SearchOptions,
  type StepMeasurement,
} from '../../../../src/kinds/capacity/search.js'

const rule = { errorRateCeiling: 0.01, achievedTolerance: 0.05 }
const options: SearchOptions = { start: 100, max: 100_000, resolution: 0.05, maxSteps: 30, rule }

/**
 * A fake stack that sustains `capacity` req/s: below it every request succeeds at the target rate;
 * above it, the rate saturates at the capacity (the load generator's queue grows) and latency climbs.
 */
function saturating(capacity: number) {
  const calls: number[] = []
  const measure = async (rate: number): Promise<StepMeasurement> => {
    calls.push(rate)
    if (rate <= capacity) return { achieved: rate * 0.995, errorRate: 0, p95: 2 + rate / capacity }
    return { achieved: capacity, errorRate: 0, p95: 50 * (rate / capacity) }
  }
  return { measure, calls }
}

describe('searchCapacity', () => {
  it('doubles until a step fails, then bisects to within the resolution of the true capacity', async () => {
    const fake = saturating(3210)
    const found = await searchCapacity(options, fake.measure)
    expect(found.outcome).toBe('bracketed')
    // The highest passing rate is at most the capacity and within 5% (+ tolerance) of it.
    expect(found.capacity).not.toBeNull()
    expect(found.capacity as number).toBeLessThanOrEqual(3210 / 0.95)
    expect(found.capacity as number).toBeGreaterThan(3210 * 0.9)
    expect(found.ceiling as number).toBeGreaterThan(found.capacity as number)
    expect(
      ((found.ceiling as number) - (found.capacity as number)) / (found.ceiling as number),
    ).toBeLessThanOrEqual(0.05)
    // Doubling first: 100, 200, ..., 3200 pass, 6400 fails.
    expect(fake.calls.slice(0, 7)).toEqual([100, 200, 400, 800, 1600, 3200, 6400])
    expect(found.steps.slice(0, 7).every((s) => s.phase === 'doubling')).toBe(true)
    expect(found.steps.slice(7).every((s) => s.phase === 'bisection')).toBe(true)
    // Every step is kept, including those above capacity: they are results.
    expect(found.steps).toHaveLength(fake.calls.length)
    expect(found.steps.filter((s) => !s.pass).every((s) => s.reason?.includes('off the target'))).toBe(true)
  })

  it('counts a step within the achieved tolerance as passing even above the true capacity', async () => {
    // 3% above capacity still achieves 97% of the target: inside a 5% tolerance, so it passes.
    const fake = saturating(1000)
    const found = await searchCapacity({ ...options, start: 1030, max: 1030 }, fake.measure)
    expect(found).toMatchObject({ capacity: 1030, outcome: 'at-max', ceiling: null })
  })

  it('stops at max when max passes: the capacity is at least max', async () => {
    const fake = saturating(1e9)
    const found = await searchCapacity({ ...options, max: 1000 }, fake.measure)
    expect(found).toMatchObject({ capacity: 1000, outcome: 'at-max', ceiling: null })
    expect(fake.calls).toEqual([100, 200, 400, 800, 1000])
  })

  it('searches below start when start fails, and reports none when nothing passes', async () => {
    const found = await searchCapacity(options, saturating(30).measure)
    expect(found.outcome).toBe('bracketed')
    expect(found.capacity as number).toBeLessThanOrEqual(31)
    expect(found.capacity as number).toBeGreaterThan(25)
    const none = await searchCapacity(options, async () => ({ achieved: 0, errorRate: 1, p95: 0 }))
    expect(none).toMatchObject({ capacity: null, outcome: 'below-start' })
    expect(none.steps.at(-1)?.target).toBe(1)
  })

  it('applies the error-rate ceiling strictly and the optional P95 ceiling', async () => {
    // Errors appear above 500 req/s while the rate is still delivered.
    const errors = async (rate: number) => ({ achieved: rate, errorRate: rate > 500 ? 0.01 : 0.005, p95: 1 })
    const byErrors = await searchCapacity(options, errors)
    expect(byErrors.capacity as number).toBeLessThanOrEqual(500)
    expect(byErrors.capacity as number).toBeGreaterThan(470)
    const slow = async (rate: number) => ({ achieved: rate, errorRate: 0, p95: rate / 100 })
    const byP95 = await searchCapacity({ ...options, rule: { ...rule, p95CeilingMs: 20 } }, slow)
    expect(byP95.capacity as number).toBeLessThanOrEqual(2000)
    expect(byP95.capacity as number).toBeGreaterThan(1900)
    expect(byP95.steps.find((s) => !s.pass)?.reason).toContain('above 20 ms')
  })

  it('ends with step-limit when maxSteps runs out before the bracket closes', async () => {
    const found = await searchCapacity({ ...options, maxSteps: 3 }, saturating(3210).measure)
    expect(found).toMatchObject({ capacity: 400, outcome: 'step-limit', ceiling: null })
    expect(found.steps).toHaveLength(3)
  })

  it('retries a failing step, so one stalled step does not send the search below the capacity', async () => {
    // The stack sustains 3210 req/s, but the runner stalls during the 2nd measurement (at 1600):
    // without a retry that step fails and the bisection closes below 1600; with one, the retry passes.
    const stalled = (capacity: number, stallAt: number) => {
      const fake = saturating(capacity)
      let n = 0
      return async (rate: number) => {
        n++
        return n === stallAt ? { achieved: rate * 0.8, errorRate: 0, p95: 300 } : fake.measure(rate)
      }
    }
    const once = await searchCapacity({ ...options, start: 800 }, stalled(3210, 2))
    expect(once.capacity as number).toBeLessThan(1600)
    const retried = await searchCapacity({ ...options, start: 800, retries: 1 }, stalled(3210, 2))
    expect(retried.capacity as number).toBeGreaterThan(3210 * 0.9)
    expect(retried.capacity as number).toBeLessThanOrEqual(3210 / 0.95)
    // Every attempt is a step of its own; the retry is attempt 2 at the same rate.
    expect(retried.steps.slice(0, 3).map((s) => [s.target, s.attempt, s.pass])).toEqual([
      [800, 1, true],
      [1600, 1, false],
      [1600, 2, true],
    ])
  })

  it('gives a rate above the capacity up only after every retry failed', async () => {
    const fake = saturating(1000)
    const found = await searchCapacity({ ...options, start: 800, retries: 2 }, fake.measure)
    // 1600 fails three times (first attempt + 2 retries) before the bisection goes below it.
    expect(fake.calls.slice(0, 4)).toEqual([800, 1600, 1600, 1600])
    expect(found.steps.filter((s) => s.target === 1600).map((s) => s.attempt)).toEqual([1, 2, 3])
    expect(found.ceiling as number).toBeGreaterThan(1000)
    expect(found.capacity as number).toBeGreaterThan(1000 * 0.9)
    // Retries count against maxSteps.
    const short = await searchCapacity(
      { ...options, start: 800, retries: 2, maxSteps: 3 },
      saturating(1000).measure,
    )
    expect(short.steps).toHaveLength(3)
    expect(short.outcome).toBe('step-limit')
  })

  it('propagates a failing measurement', async () => {
    await expect(
      searchCapacity(options, async () => {
        throw new Error('k6 crashed')
      }),
    ).rejects.toThrow('k6 crashed')
  })

  it('refuses options it cannot search with', async () => {
    const m = saturating(10).measure
    await expect(searchCapacity({ ...options, start: 0 }, m)).rejects.toThrow('start')
    await expect(searchCapacity({ ...options, max: 50 }, m)).rejects.toThrow('max')
    await expect(searchCapacity({ ...options, resolution: 0 }, m)).rejects.toThrow('resolution')
    await expect(searchCapacity({ ...options, retries: -1 }, m)).rejects.toThrow('retries')
  })
})

describe('judgeStep', () => {
  it('names every reason a step fails', () => {
    const judged = judgeStep(1000, { achieved: 900, errorRate: 0.02, p95: 30 }, { ...rule, p95CeilingMs: 10 })
    expect(judged.pass).toBe(false)
    expect(judged.reason).toContain('error rate 2.00% is not below 1.00%')
    expect(judged.reason).toContain('10.0% off the target')
    expect(judged.reason).toContain('P95 30.00 ms is above 10 ms')
    expect(judgeStep(1000, { achieved: 1049, errorRate: 0.0099, p95: 30 }, rule)).toEqual({ pass: true })
  })
})

describe('warmupRate', () => {
  it('is the fraction of the target, at least 1 req/s', () => {
    expect(warmupRate(5000, 0.1)).toBe(500)
    expect(warmupRate(4, 0.1)).toBe(1)
  })
})
