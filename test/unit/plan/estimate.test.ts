import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import {
  estimateGate,
  FIXED_S,
  formatSeconds,
  RUN_OVERHEAD_S,
  SESSION_S,
  sessionsPerPhase,
} from '../../../src/plan/estimate.js'
import { WARMUP_WINDOW_S } from '../../../src/stats/steady-state.js'

const config = (gate: Record<string, unknown> = {}, script = 'constant-arrival-rate') =>
  parseConfig(
    {
      name: 'e',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      baselineVariant: { services: { gw: { image: 'gw:main' } } },
      profiles: [
        { name: 'control', target: 'http://gw:80/', control: true },
        { name: 'gw', target: 'http://gw:80/' },
      ],
      scenarios: [{ name: 's', script, rate: 500, duration: '4s', warmup: '1s' }],
      gate: { rounds: 5, warmupRounds: 1, maxRounds: 12, timeBudget: '8m', ...gate },
    },
    'perf-gate.yml',
    {},
  )

describe('estimateGate', () => {
  it('adds the stored phase and the least paired blocks for the usual case', () => {
    const run = 5 + RUN_OVERHEAD_S
    const e = estimateGate(config(), 'stored', true)
    expect(e.stored).toEqual({ runs: 12, seconds: SESSION_S + 6 * 2 * run })
    // A duet: one k6 process per cell and pair.
    expect(e.block).toEqual({ processes: 2, seconds: SESSION_S + 2 * run, warmupS: 0 })
    expect(e.minBlocks).toBe(5)
    expect(e.maxBlocks).toBe(12)
    expect(e.storedOnlyS).toBeCloseTo(FIXED_S + SESSION_S + 12 * run, 6)
    expect(e.expectedS).toBeCloseTo(FIXED_S + SESSION_S + 12 * run + 5 * (SESSION_S + 2 * run), 6)
    expect(e.worstS).toBeCloseTo(FIXED_S + SESSION_S + 12 * run + 12 * (SESSION_S + 2 * run), 6)
  })

  it("adds a block's warm-up: both stacks, every gated cell, a fixed window or auto's least three", () => {
    const plain = estimateGate(config(), 'paired', true).block
    const fixed = estimateGate(config({ blockWarmup: '10s' }), 'paired', true).block
    // One gated cell on each of 2 stacks: the control is not warmed.
    expect(fixed?.warmupS).toBeCloseTo(2 * 1 * (10 + RUN_OVERHEAD_S), 6)
    expect(fixed?.seconds).toBeCloseTo((plain?.seconds ?? 0) + (fixed?.warmupS ?? 0), 6)
    const auto = estimateGate(config({ blockWarmup: 'auto' }), 'paired', true).block
    expect(auto?.warmupS).toBeCloseTo(2 * 1 * 3 * (WARMUP_WINDOW_S + RUN_OVERHEAD_S), 6)
    // blockWarmupMin, when longer than auto's least three windows, is the least.
    const atLeast = estimateGate(config({ blockWarmup: 'auto', blockWarmupMin: '45s' }), 'paired', true).block
    expect(atLeast?.warmupS).toBeCloseTo(2 * 1 * 45, 6)
    // A user's own script is not warmed (its length is its own).
    expect(estimateGate(config({ blockWarmup: '10s' }, './own.js'), 'paired', true).block?.warmupS).toBe(0)
  })

  it('counts two processes per pair for interleaved pairs and for a custom script', () => {
    expect(estimateGate(config({ pairing: 'interleaved' }), 'paired', true).block?.processes).toBe(4)
  })

  it('caps the worst case at the time budget and has no blocks without a variant', () => {
    const capped = estimateGate(config({ timeBudget: '2m' }), 'stored', true)
    expect(capped.worstS).toBe(Math.max(120, capped.expectedS))
    const stored = estimateGate(config(), 'stored', false)
    expect(stored.block).toBeNull()
    expect(stored.expectedS).toBe(stored.storedOnlyS)
  })

  it('formats seconds as minutes and seconds', () => {
    expect(formatSeconds(164.4)).toBe('2m44s')
    expect(formatSeconds(45)).toBe('45s')
  })
})

describe('estimateGate with sweeps and isolation', () => {
  const swept = (gate: Record<string, unknown> = {}) =>
    parseConfig(
      {
        name: 'e',
        services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
        profiles: [
          { name: 'control', target: 'http://gw:80/', control: true },
          { name: 'gw', target: 'http://gw:80/' },
        ],
        scenarios: [
          { name: 's', script: 'constant-vus', vus: [1, 2, 5], duration: '4s', warmup: '1s' },
          { name: 'only-gw', script: 'constant-vus', vus: 1, duration: '4s', warmup: '1s', profiles: ['gw'] },
        ],
        gate: { rounds: 2, warmupRounds: 0, ...gate },
      },
      'perf-gate.yml',
      {},
    )

  it('counts expanded cells, leaving out profiles a scenario does not list', () => {
    const e = estimateGate(swept(), 'stored', false)
    expect(e.cells).toBe(7)
    expect(e.stored?.runs).toBe(14)
    expect(e.stored?.seconds).toBeCloseTo(SESSION_S + 14 * (5 + RUN_OVERHEAD_S), 6)
  })

  it('adds a stack start per profile or per cell', () => {
    expect(sessionsPerPhase(swept())).toBe(1)
    expect(sessionsPerPhase(swept({ isolation: 'profile' }))).toBe(2)
    expect(sessionsPerPhase(swept({ isolation: 'cell' }))).toBe(7)
    const cell = estimateGate(swept({ isolation: 'cell' }), 'stored', false)
    expect(cell.stored?.seconds).toBeCloseTo(7 * SESSION_S + 14 * (5 + RUN_OVERHEAD_S), 6)
  })
})

describe('estimateGate for searches and arenas', () => {
  const kinds = (scenario: Record<string, unknown>) =>
    parseConfig(
      {
        name: 'e',
        services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
        baselineVariant: { services: { gw: { image: 'gw:main' } } },
        profiles: [{ name: 'gw', target: 'http://gw:80/' }],
        scenarios: [{ name: 's', duration: '2s', warmup: '1s', ...scenario }],
        gate: { method: 'paired', rounds: 3, maxRounds: 3, warmupRounds: 0, timeBudget: '1h' },
      },
      'perf-gate.yml',
      {},
    )

  it('counts a capacity search as its doublings plus its bisections, each a k6 process, never a duet', () => {
    // 1000 -> 16000: 5 doublings; resolution 0.1: 4 bisections; 9 steps of 3 s + overhead.
    const estimate = estimateGate(
      kinds({ script: 'capacity-search', capacity: { start: 1000, max: 16000, resolution: 0.1 } }),
      'paired',
      true,
    )
    expect(estimate.block?.processes).toBe(2)
    expect(estimate.block?.seconds).toBeCloseTo(SESSION_S + 2 * 9 * (3 + RUN_OVERHEAD_S), 6)
  })

  it('counts an arena run as its timed phases plus eight k6 processes', () => {
    const estimate = estimateGate(kinds({ script: 'arena', arena: { timeScale: 0.5 } }), 'paired', true)
    expect(estimate.block?.seconds).toBeCloseTo(SESSION_S + 2 * (48 + 8 * (RUN_OVERHEAD_S + 1)), 6)
  })

  it('counts an enterprise run as one k6 process per configured dimension, never a duet', () => {
    const estimate = estimateGate(
      kinds({
        script: 'arena-enterprise',
        enterprise: {
          iterations: 10,
          dimensions: {
            authChain: { requests: [{ path: '/a' }, { path: '/b' }] },
            rateLimiting: { requests: [{ path: '/l' }], rateLimit: { limit: 5, burst: 8 } },
          },
        },
      }),
      'paired',
      true,
    )
    expect(estimate.block?.processes).toBe(2)
    // 2 dimensions; (2 + 8) requests x 10 iterations at 20 ms each.
    expect(estimate.block?.seconds).toBeCloseTo(SESSION_S + 2 * (2 * RUN_OVERHEAD_S + 100 * 0.02), 6)
  })

  it('counts a start-up run as a restart of a few seconds, never a duet', () => {
    const estimate = estimateGate(kinds({ script: 'startup', startup: {} }), 'paired', true)
    expect(estimate.block?.processes).toBe(2)
    expect(estimate.block?.seconds).toBeCloseTo(SESSION_S + 2 * 5, 6)
  })
})
