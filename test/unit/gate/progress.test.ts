import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { compareCells } from '../../../src/gate/compare.js'
import { cellProgress } from '../../../src/gate/progress.js'
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
