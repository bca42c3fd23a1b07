import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { compareCells } from '../../../src/gate/compare.js'
import { cellProgress, Progress } from '../../../src/gate/progress.js'
import type { Logger } from '../../../src/log.js'
import { estimateGate } from '../../../src/plan/estimate.js'
import type { RunResult } from '../../../src/model.js'

const config = parseConfig(
  {
    name: 'cap',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [{ name: 'p', target: 'http://gw:80/' }],
    scenarios: [
      { name: 'cap-1kb', script: 'capacity-search', duration: '2s', capacity: { start: 100, max: 8000 } },
    ],
  },
  'perf-gate.yml',
  {},
)

/** One search of cell p/cap-1kb that found `capacity`; its latency at capacity is the same everywhere. */
function search(capacity: number, round: number, variant: 'candidate' | 'baseline'): RunResult {
  return {
    cell: 'p/cap-1kb',
    profile: 'p',
    scenario: 'cap-1kb',
    variant,
    round,
    block: round,
    warmup: false,
    startedAt: '2026-01-01T00:00:00Z',
    durationS: 60,
    metrics: {
      p50: 1,
      p90: 2,
      p95: 3,
      p99: 4,
      max: 5,
      mean: 1.5,
      rps: capacity,
      requests: capacity * 2,
      errorRate: 0,
      failedRequests: 0,
      checkAccuracy: 1,
      droppedIterations: 0,
    },
    valid: true,
    resources: [],
    capacity: {
      capacity,
      outcome: 'bracketed',
      ceiling: capacity + 100,
      rule: { errorRateCeiling: 0.01, achievedTolerance: 0.05 },
      steps: [],
    },
  }
}

function compared(candidate: number[], baseline: number[]) {
  const runs = [
    ...candidate.map((c, i) => search(c, i, 'candidate')),
    ...baseline.map((b, i) => search(b, i, 'baseline')),
  ]
  const { cells } = compareCells({
    runs,
    config,
    gate: config.gate,
    baseline: null,
    method: 'paired',
    now: new Date('2026-01-01T00:00:00Z'),
  })
  return cells[0]!
}

describe('cellProgress', () => {
  it('prints a capacity cell by its capacity and the ratio to the baseline, not by latency', () => {
    const cell = compared([3000, 3050, 2950], [4000, 4100, 3900])
    const line = cellProgress(cell)
    // The geometric mean of the candidate's searches with its CI, the baseline's, and the ratio.
    const mean = Math.exp((Math.log(3000) + Math.log(3050) + Math.log(2950)) / 3)
    expect(line).toMatch(new RegExp(`^p/cap-1kb capacity ${mean.toFixed(0)} \\[\\d+, \\d+\\] req/s`))
    expect(line).toMatch(/, baseline 399\d \[\d+, \d+\]: x0\.7\d\d \[0\.\d+, 0\.\d+\] regression$/)
    // Latency at capacity is equal on both sides: a "+0.0%" would be the latency change, not this cell's.
    expect(line).not.toContain('%')
  })

  it('says when a candidate search found no capacity and there is no ratio yet', () => {
    const cell = compared([2000], [])
    expect(cellProgress(cell)).toBe('p/cap-1kb capacity 2000 req/s inconclusive')
  })

  it('prints any other cell by its latency change', () => {
    const cell = compared([3000, 3050, 2950], [4000, 4100, 3900])
    const latency = { ...cell, capacity: undefined, changePct: 12.34, verdict: 'regression' as const }
    expect(cellProgress(latency)).toBe('p/cap-1kb +12.3% regression')
  })
})

describe('Progress', () => {
  const paired = parseConfig(
    {
      name: 'eta',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      profiles: [{ name: 'p', target: 'http://gw:80/' }],
      scenarios: [{ name: 's', script: 'constant-vus', duration: '10s', warmup: '0s' }],
    },
    'perf-gate.yml',
    {},
  )
  /** A paired gate of 2 blocks, 1 cell: 2 runs per block, 4 in all; the clock is set by each test. */
  function progress() {
    let t = 0
    const lines: string[] = []
    const log = { info: (m: string) => lines.push(m) } as unknown as Logger
    const estimate = { ...estimateGate(paired, 'paired', true), minBlocks: 2 }
    const p = new Progress(estimate, { ...paired.gate, pairsPerBlock: 1 }, () => new Date(t * 1000), log)
    return { p, lines, at: (s: number) => (t = s) }
  }
  const measured = (variant: 'candidate' | 'baseline', block: number): RunResult => ({
    ...search(100, block, variant),
    capacity: undefined,
    phase: 'paired',
  })

  it('counts re-runs and says so, their time in the pace', () => {
    const { p, lines, at } = progress()
    p.event({
      event: 're-run',
      phase: 'paired',
      block: 0,
      cell: 'p/s',
      round: 0,
      variants: ['baseline', 'candidate'],
      attempt: 0,
      reason: 'dropped',
      seconds: 10,
    })
    at(20)
    p.done(measured('baseline', 0))
    p.done(measured('candidate', 0))
    // 2 of 4 runs in 20 s (10 of them the discarded attempt): 20 s left at that pace.
    expect(lines.at(-1)).toBe('progress: 2/4 runs, 20s elapsed, about 20s left, 1 re-run (10s)')
  })

  it('leaves warm-up windows out of the runs, and adds each block still to come its warm-up', () => {
    const { p, lines, at } = progress()
    at(30)
    p.done({ ...measured('candidate', 0), warmup: true, warmupWindow: 0 })
    p.event({
      event: 'warm-up',
      block: 0,
      session: 0,
      variant: 'candidate',
      cell: 'p/s',
      windows: 3,
      seconds: 30,
      steady: true,
      latencies: [9, 5, 5],
    })
    expect(lines).toEqual([])
    at(50)
    p.done(measured('baseline', 0))
    p.done(measured('candidate', 0))
    // 2 runs in 20 s besides 30 s of warm-up: the next block costs 20 s of runs and 30 s of warm-up.
    expect(lines.at(-1)).toBe('progress: 2/4 runs, 50s elapsed, about 50s left, warm-up 30s per block')
  })
})

describe('Progress with adaptive blocks', () => {
  function lines(blocks: Array<{ cells: number; runs: number }>) {
    const out: string[] = []
    const log = { info: (m: string) => out.push(m) } as unknown as Logger
    const estimate = {
      cells: 9,
      stored: null,
      block: { processes: 9, seconds: 90, warmupS: 0 },
      minBlocks: 3,
      maxBlocks: 20,
      storedOnlyS: null,
      expectedS: 270,
      worstS: 480,
      budgetS: 480,
    }
    let t = 0
    const p = new Progress(estimate, { ...config.gate, pairsPerBlock: 1 }, () => new Date(t * 1000), log)
    blocks.forEach(({ cells, runs }, block) => {
      p.block(block, cells)
      for (let i = 0; i < runs; i++) {
        t += 5
        p.done({ ...search(1000, block, 'candidate'), phase: 'paired' })
      }
    })
    return out
  }

  it('counts the runs of the cells each block measures, and plans the blocks to come from the last', () => {
    // Three blocks of 9 cells (18 runs each) would be 54 runs; the third measures 3 cells (6 runs).
    const out = lines([
      { cells: 9, runs: 18 },
      { cells: 9, runs: 18 },
      { cells: 3, runs: 6 },
    ])
    expect(out.at(-1)).toMatch(/^progress: 42\/42 runs/)
    expect(out[36]).toMatch(/^progress: 37\/42 runs/)
  })

  it('measures every cell until a block says otherwise, as before', () => {
    expect(lines([{ cells: 9, runs: 1 }])[0]).toMatch(/^progress: 1\/54 runs/)
  })
})
