/** Arena runs and results for the comparison and report tests. */
import { parseConfig } from '../../src/config/load.js'
import { compareCells } from '../../src/gate/compare.js'
import { ARENA_DIMENSIONS } from '../../src/arena/score.js'
import type { GateResults, RunResult, VariantName } from '../../src/model.js'
import { passingGate } from './report-fixtures.js'

export const arenaConfig = parseConfig(
  {
    name: 'arena',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [
      { name: 'fast', target: 'http://gw:80/a' },
      { name: 'slow', target: 'http://gw:80/b' },
      { name: 'mid', target: 'http://gw:80/c' },
    ],
    scenarios: [{ name: 'arena', script: 'arena', arena: {} }],
  },
  'perf-gate.yml',
  {},
)

/** One arena run of `profile` whose dimensions all score `dimension(d)` and whose score is `score`. */
export function arenaRun(
  profile: string,
  round: number,
  variant: VariantName,
  score: number,
  dimension: (d: string) => number = () => score,
): RunResult {
  const dims = Object.fromEntries(ARENA_DIMENSIONS.map((d) => [d, { value: 1, score: dimension(d) }]))
  return {
    cell: `${profile}/arena`,
    profile,
    scenario: 'arena',
    variant,
    round,
    warmup: false,
    startedAt: '2026-01-01T00:00:00Z',
    durationS: 30,
    metrics: {
      p50: 1,
      p90: 1.5,
      p95: 2,
      p99: 3,
      max: 5,
      mean: 1.1,
      rps: 50,
      requests: 100,
      errorRate: 0,
      failedRequests: 0,
      checkAccuracy: 1,
      droppedIterations: 0,
    },
    valid: true,
    resources: [],
    arena: { score, dimensions: dims, phases: {} },
  }
}

/** A stored-mode gate ranking three gateways; `fast` lost `drop` points against its baseline. */
export function arenaGate(drop: number): GateResults {
  const jitter = [0.4, -0.3, 0.1, -0.2]
  const runs: RunResult[] = []
  const baselineRuns: RunResult[] = []
  jitter.forEach((j, i) => {
    runs.push(
      arenaRun('fast', i + 1, 'candidate', 95 - drop + j, (d) => (d === 'burst100' ? 90 + j : 96 + j)),
    )
    runs.push(arenaRun('mid', i + 1, 'candidate', 80 + j, (d) => (d === 'burst100' ? 40 + j : 96 + j)))
    runs.push(arenaRun('slow', i + 1, 'candidate', 79.5 - j, (d) => (d === 'burst100' ? 40 - j : 95.8 - j)))
    baselineRuns.push(arenaRun('fast', i + 1, 'candidate', 95 + j))
    baselineRuns.push(arenaRun('mid', i + 1, 'candidate', 80 + j))
    baselineRuns.push(arenaRun('slow', i + 1, 'candidate', 79.5 + j))
  })
  const { cells, notes } = compareCells({
    runs,
    config: arenaConfig,
    gate: arenaConfig.gate,
    baseline: {
      schemaVersion: 1,
      name: 'arena',
      metric: 'p95',
      nights: [
        {
          createdAt: '2026-01-01T00:00:00Z',
          gitSha: null,
          k6Version: '1.8.1',
          machine: passingGate().machine,
          runs: baselineRuns,
        },
      ],
    },
    method: 'stored',
    now: new Date('2026-01-01T12:00:00Z'),
  })
  const verdict = cells.some((c) => c.verdict === 'regression') ? 'regression' : 'pass'
  return { ...passingGate(), name: 'arena', method: 'stored', verdict, cells, notes }
}
