import { describe, expect, it } from 'vitest'
import { DEFAULT_STEADY_RULE, isSteady } from '../../../src/stats/steady-state.js'

describe('isSteady', () => {
  it('is not steady before enough windows to judge', () => {
    expect(isSteady([])).toBe(false)
    expect(isSteady([5])).toBe(false)
    expect(isSteady([5, 5])).toBe(false)
  })

  it('is steady once the last windows are within the tolerance of each other', () => {
    expect(isSteady([5, 5.2, 5.1])).toBe(true)
    // Only the tail counts: a cold start before it does not matter.
    expect(isSteady([205, 40, 14, 5, 5.3, 5.1])).toBe(true)
  })

  it('is not steady while a JIT curve is still falling', () => {
    // The cold-JVM shape seen in issue 22: 25-205 ms first, 3.5-14 ms later.
    const falling = [205, 60, 25, 14, 9, 7, 6]
    for (let n = 1; n <= falling.length; n++) expect(isSteady(falling.slice(0, n))).toBe(false)
    expect(isSteady([...falling, 5.8, 5.9])).toBe(true)
  })

  it('needs every one of the last changes settled, not one lucky window', () => {
    expect(isSteady([14, 9, 9.1])).toBe(false)
    expect(isSteady([14, 9, 9.1, 9.0])).toBe(true)
  })

  it('takes the tolerance and the number of settled changes from the rule', () => {
    expect(isSteady([10, 11.5, 10.5], DEFAULT_STEADY_RULE)).toBe(false)
    expect(isSteady([10, 11.5, 10.5], { tolerance: 0.2, settledChanges: 2 })).toBe(true)
    expect(isSteady([20, 10, 10.4], { tolerance: 0.05, settledChanges: 1 })).toBe(true)
  })

  it('never calls a window with no latency settled', () => {
    expect(isSteady([0, 0, 0])).toBe(false)
    expect(isSteady([5, 5, 0])).toBe(false)
  })
})
