import { describe, expect, it } from 'vitest'
import {
  isolateSchedule,
  pairOrder,
  planSchedule,
  seededRandom,
  shuffle,
  stackOrder,
} from '../../../src/plan/schedule.js'
import { serviceWaves } from '../../../src/config/service-order.js'

const base = {
  profiles: ['a', 'b'],
  scenarios: ['x', 'y'],
  rounds: 3,
  warmupRounds: 1,
  seed: 7,
  paired: false,
}

describe('planSchedule', () => {
  it('runs every cell once per round, warm-up rounds first', () => {
    const runs = planSchedule(base)
    expect(runs).toHaveLength(4 * 4)
    for (let round = 0; round < 4; round++) {
      const inRound = runs.filter((r) => r.round === round)
      expect(inRound.map((r) => r.cell).sort()).toEqual(['a/x', 'a/y', 'b/x', 'b/y'])
      expect(inRound.every((r) => r.warmup === (round === 0))).toBe(true)
    }
    expect(runs.map((r) => r.index)).toEqual([...runs.keys()])
  })

  it('is reproducible for a seed and differs between seeds', () => {
    const order = (seed: number) =>
      planSchedule({ ...base, seed })
        .map((r) => r.cell)
        .join()
    expect(order(7)).toBe(order(7))
    expect(order(7)).not.toBe(order(8))
  })

  it('randomizes the cell order across rounds', () => {
    const runs = planSchedule({ ...base, rounds: 12, warmupRounds: 0 })
    const orders = new Set(
      Array.from({ length: 12 }, (_, r) =>
        runs
          .filter((x) => x.round === r)
          .map((x) => x.cell)
          .join(),
      ),
    )
    expect(orders.size).toBeGreaterThan(3)
  })

  it('pairs variants within a cell and round, in both orders', () => {
    const runs = planSchedule({ ...base, rounds: 20, warmupRounds: 0, paired: true })
    expect(runs).toHaveLength(20 * 4 * 2)
    let ab = 0
    for (let i = 0; i < runs.length; i += 2) {
      const [first, second] = [runs[i]!, runs[i + 1]!]
      expect(first.cell).toBe(second.cell)
      expect(first.round).toBe(second.round)
      expect(new Set([first.variant, second.variant])).toEqual(new Set(['baseline', 'candidate']))
      if (first.variant === 'baseline') ab++
    }
    // 80 pairs of 4 cells over 20 rounds, alternating per cell: exactly half one way.
    expect(ab).toBe(40)
  })

  it("alternates each cell's order from round to round, across extensions (paired blocks)", () => {
    // One block per call, as paired blocks plan them (firstRound = block).
    const blocks = Array.from({ length: 6 }, (_, block) =>
      planSchedule({ ...base, rounds: 1, warmupRounds: 0, paired: true, firstRound: block }),
    )
    const firstOf = (cell: string) =>
      blocks.map((runs) => runs.find((r) => r.cell === cell)?.variant ?? 'missing')
    const starts = new Set<string>()
    for (const cell of ['a/x', 'a/y', 'b/x', 'b/y']) {
      const firsts = firstOf(cell)
      for (let b = 1; b < firsts.length; b++) expect(firsts[b], `${cell} block ${b}`).not.toBe(firsts[b - 1])
      starts.add(firsts[0] as string)
    }
    // The starting order is drawn per cell, not the same for every cell.
    expect(starts.size).toBe(2)
    expect(pairOrder(7, 'a/x', 3)).toEqual(pairOrder(7, 'a/x', 3))
  })

  it('continues numbering rounds for extensions', () => {
    const more = planSchedule({ ...base, rounds: 2, warmupRounds: 0, firstRound: 6 })
    expect([...new Set(more.map((r) => r.round))]).toEqual([6, 7])
    expect(more.every((r) => !r.warmup)).toBe(true)
  })
})

describe('shuffle', () => {
  it('permutes without losing items', () => {
    const items = Array.from({ length: 50 }, (_, i) => i)
    const out = shuffle(items, seededRandom(1))
    expect([...out].sort((a, b) => a - b)).toEqual(items)
    expect(out).not.toEqual(items)
  })
})

describe('serviceWaves', () => {
  it('orders services by dependsOn', () => {
    expect(serviceWaves({ gateway: ['echo', 'control'], control: ['db'], echo: [], db: [] })).toEqual([
      ['db', 'echo'],
      ['control'],
      ['gateway'],
    ])
  })
  it('rejects cycles', () => {
    expect(() => serviceWaves({ a: ['b'], b: ['a'], c: [] })).toThrow('dependsOn has a cycle among: a, b')
  })
})

describe('planSchedule with listed cells', () => {
  it('runs only the cells given (a scenario limited to some profiles)', () => {
    const cells = [
      { profile: 'a', scenario: 'x' },
      { profile: 'b', scenario: 'x' },
      { profile: 'b', scenario: 'y' },
    ]
    const runs = planSchedule({ ...base, cells, warmupRounds: 0 })
    expect(runs).toHaveLength(9)
    expect(new Set(runs.map((r) => r.cell))).toEqual(new Set(['a/x', 'b/x', 'b/y']))
  })
})

describe('isolateSchedule', () => {
  const runs = planSchedule({ ...base, rounds: 2, warmupRounds: 1 })

  it('keeps one part when stacks are shared', () => {
    expect(isolateSchedule(runs, 'shared')).toEqual([runs])
  })

  it('splits by profile, each part in schedule order with its warm-up round first', () => {
    const parts = isolateSchedule(runs, 'profile')
    expect(parts).toHaveLength(2)
    for (const part of parts) {
      expect(new Set(part.map((r) => r.profile)).size).toBe(1)
      expect(part.map((r) => r.index)).toEqual([...part.map((r) => r.index)].sort((a, b) => a - b))
      expect(part.slice(0, 2).every((r) => r.warmup)).toBe(true)
    }
    expect(parts.flat()).toHaveLength(runs.length)
  })

  it('splits by cell: every cell its own stack, all of its rounds on it', () => {
    const parts = isolateSchedule(runs, 'cell')
    expect(parts).toHaveLength(4)
    for (const part of parts) {
      expect(new Set(part.map((r) => r.cell)).size).toBe(1)
      expect(part.map((r) => r.warmup)).toEqual([true, false, false])
    }
  })
})

describe('stackOrder', () => {
  it('is the same for the same seed, block and session', () => {
    for (let block = 0; block < 10; block++) {
      expect(stackOrder(7, block)).toEqual(stackOrder(7, block))
      expect(stackOrder(7, block, 2)).toEqual(stackOrder(7, block, 2))
    }
  })

  it('holds both variants once each', () => {
    for (let block = 0; block < 10; block++)
      expect([...stackOrder(3, block)].sort()).toEqual(['baseline', 'candidate'])
  })

  it('starts either variant first, about as often, across the blocks of a gate', () => {
    for (const seed of [1, 2, 42]) {
      const firsts = Array.from({ length: 40 }, (_, block) => stackOrder(seed, block)[0])
      const baselineFirst = firsts.filter((v) => v === 'baseline').length
      expect(baselineFirst).toBeGreaterThan(10)
      expect(baselineFirst).toBeLessThan(30)
    }
  })

  it('draws differently for different seeds and sessions', () => {
    const orders = (f: (i: number) => string[]) => Array.from({ length: 20 }, (_, i) => f(i)[0]).join()
    expect(orders((block) => stackOrder(1, block))).not.toEqual(orders((block) => stackOrder(2, block)))
    expect(orders((block) => stackOrder(1, block, 0))).not.toEqual(orders((block) => stackOrder(1, block, 1)))
  })
})
