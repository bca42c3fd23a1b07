import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { configCells } from '../../../src/config/sweep.js'
import { estimateGate } from '../../../src/plan/estimate.js'
import {
  budgetWarning,
  cellsElsewhere,
  gatedCellsSorted,
  narrowToShare,
  parseShard,
  shardsToFit,
  shareOf,
} from '../../../src/shard/share.js'

/** 3 gated profiles + a control, x 3 scenarios (one of which only two profiles run). */
const config = (gate: Record<string, unknown> = {}) =>
  parseConfig(
    {
      name: 'matrix',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      baselineVariant: { services: { gw: { image: 'gw:main' } } },
      profiles: [
        { name: 'control', target: 'http://gw:80/', control: true },
        { name: 'nginx', target: 'http://gw:80/' },
        { name: 'envoy', target: 'http://gw:80/' },
        { name: 'caddy', target: 'http://gw:80/' },
      ],
      scenarios: [
        { name: 'small', script: 'constant-arrival-rate', rate: 250, duration: '6s', warmup: '1s' },
        {
          name: 'large',
          script: 'constant-arrival-rate',
          rate: 250,
          payloadBytes: 8192,
          duration: '6s',
          warmup: '1s',
        },
        {
          name: 'slow',
          script: 'constant-arrival-rate',
          rate: 100,
          duration: '6s',
          warmup: '1s',
          profiles: ['control', 'nginx', 'envoy'],
        },
      ],
      gate: { rounds: 6, maxRounds: 20, timeBudget: '8m', ...gate },
    },
    'perf-gate.yml',
    {},
  )

const name = (c: { profile: string; scenario: string }) => `${c.profile}/${c.scenario}`

describe('parseShard', () => {
  it('reads i/N and refuses what is not a share', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 })
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 })
    for (const bad of ['0/3', '4/3', '1/0', '3', 'a/b', '1/65', '-1/2', '1/2/3'])
      expect(parseShard(bad)).toBeNull()
  })
})

describe('the deal', () => {
  it('puts every gated cell in exactly one share, for every N', () => {
    const c = config()
    const gated = gatedCellsSorted(c).map(name)
    expect(gated).toHaveLength(8)
    for (let count = 1; count <= gated.length; count++) {
      const dealt = Array.from({ length: count }, (_, i) =>
        shareOf(c, { index: i + 1, count }).gated.map(name),
      )
      expect(dealt.flat().sort()).toEqual([...gated].sort())
      expect(new Set(dealt.flat()).size).toBe(gated.length)
      // Round-robin: shares differ by at most one cell.
      const sizes = dealt.map((d) => d.length)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    }
  })

  it('is deterministic: by cell name, whatever the config order', () => {
    const c = config()
    const reordered = { ...c, profiles: [...c.profiles].reverse(), scenarios: [...c.scenarios].reverse() }
    for (let i = 1; i <= 3; i++) {
      const a = shareOf(c, { index: i, count: 3 })
      expect(shareOf(reordered, { index: i, count: 3 }).gated.map(name)).toEqual(a.gated.map(name))
      expect(shareOf(c, { index: i, count: 3 }).gated.map(name)).toEqual(a.gated.map(name))
    }
    expect(shareOf(c, { index: 1, count: 3 }).gated.map(name)).toEqual([
      'caddy/large',
      'envoy/slow',
      'nginx/slow',
    ])
  })

  it('sends a scenario’s control along to every share that runs the scenario', () => {
    const c = config()
    for (let i = 1; i <= 3; i++) {
      const share = shareOf(c, { index: i, count: 3 })
      const scenarios = new Set(share.gated.map((g) => g.scenario))
      expect(share.controls.map((x) => x.scenario).sort()).toEqual([...scenarios].sort())
      expect(share.controls.every((x) => x.profile === 'control')).toBe(true)
    }
  })
})

describe('narrowToShare', () => {
  it('keeps exactly the share’s cells, in config order, and nothing else changes', () => {
    const c = config()
    const narrowed = narrowToShare(c, { index: 2, count: 3 }, '--shard')
    const share = shareOf(c, { index: 2, count: 3 })
    expect(configCells(narrowed).map(name).sort()).toEqual(
      [...share.controls, ...share.gated].map(name).sort(),
    )
    expect(narrowed.gate).toEqual(c.gate)
    expect(narrowed.services).toEqual(c.services)
    expect(narrowed.baselineVariant).toEqual(c.baselineVariant)
  })

  it('records how many gated cells the other shares measure, surviving the gate’s spreads', () => {
    const c = config()
    expect(cellsElsewhere(c)).toBe(0)
    const narrowed = narrowToShare(c, { index: 1, count: 3 }, '--shard')
    expect(cellsElsewhere(narrowed)).toBe(8 - 3)
    expect(cellsElsewhere({ ...narrowed, services: {} })).toBe(5)
    expect(JSON.stringify(narrowed)).not.toContain('cellsElsewhere')
  })

  it('refuses more shares than gated cells, naming the flag', () => {
    expect(() => narrowToShare(config(), { index: 9, count: 9 }, '--shard')).toThrow(
      /--shard 9\/9: the config has 8 gated cell\(s\), so at most 8 shard\(s\)/,
    )
  })
})

describe('shardsToFit and the budget warning', () => {
  it('says nothing when gate.rounds pairs fit the budget', () => {
    const c = config({ timeBudget: '60m' })
    expect(shardsToFit(c, 'paired', true)).toBeUndefined()
    expect(budgetWarning(c, 'paired', true)).toBeNull()
  })

  it('names the fewest shards whose every share fits', () => {
    const c = config({ timeBudget: '4m' })
    const fit = shardsToFit(c, 'paired', true)
    expect(fit?.shards).toBeGreaterThan(1)
    const n = fit?.shards as number
    const fits = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        estimateGate(narrowToShare(c, { index: i + 1, count }, 'x'), 'paired', true),
      ).every((e) => e.expectedS <= e.budgetS)
    expect(fits(n)).toBe(true)
    expect(fits(n - 1)).toBe(false)
    expect(budgetWarning(c, 'paired', true)).toContain(`--shard i/${n}`)
  })

  it('says when no number of shards fits', () => {
    const c = config({ timeBudget: '20s' })
    expect(shardsToFit(c, 'paired', true)?.shards).toBeNull()
    expect(budgetWarning(c, 'paired', true)).toMatch(
      /no shard count up to 8 \(one gated cell per shard at most\) fits/,
    )
  })

  it('says nothing without paired blocks', () => {
    expect(shardsToFit(config({ timeBudget: '20s' }), 'stored', false)).toBeUndefined()
  })
})
