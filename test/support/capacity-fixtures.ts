/** Capacity-search runs and results for the report and comparison tests. */
import { parseConfig } from '../../src/config/load.js'
import { compareCells } from '../../src/gate/compare.js'
import type { GateResults, RunResult, VariantName } from '../../src/model.js'
import { passingGate } from './report-fixtures.js'

export const capacityConfig = parseConfig(
  {
    name: 'c',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [{ name: 'p', target: 'http://gw:80/' }],
    scenarios: [
      { name: 'cap-1kb', script: 'capacity-search', duration: '2s', capacity: { start: 500, max: 8000 } },
    ],
  },
  'perf-gate.yml',
  {},
)

/** One search that found `capacity`: doubling from 500 until the rate saturates, then bisection. */
export function searchRun(capacity: number, round: number, variant: VariantName): RunResult {
  const steps: NonNullable<RunResult['capacity']>['steps'] = []
  const measure = (target: number, phase: 'doubling' | 'bisection') => {
    const pass = target <= capacity
    steps.push({
      step: steps.length + 1,
      phase,
      target,
      achieved: pass ? target * 0.998 : capacity,
      errorRate: 0,
      p95: pass ? 2 : 40,
      requests: Math.round(2 * Math.min(target, capacity)),
      droppedIterations: pass ? 0 : Math.round(2 * (target - capacity)),
      pass,
      ...(pass ? {} : { reason: 'achieved rate off the target' }),
    })
    return pass
  }
  let lo = 0
  let hi: number
  for (let rate = 500; ; rate *= 2) {
    if (!measure(rate, 'doubling')) {
      hi = rate
      break
    }
    lo = rate
  }
  while (hi - lo > 0.05 * hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (measure(mid, 'bisection')) lo = mid
    else hi = mid
  }
  return {
    cell: 'p/cap-1kb',
    profile: 'p',
    scenario: 'cap-1kb',
    variant,
    round,
    warmup: false,
    startedAt: '2026-01-01T00:00:00Z',
    durationS: 60,
    metrics: {
      p50: 1,
      p90: 1.6,
      p95: 2,
      p99: 3,
      max: 9,
      mean: 1.2,
      rps: lo,
      requests: lo * 2,
      errorRate: 0,
      failedRequests: 0,
      checkAccuracy: 1,
      droppedIterations: 0,
    },
    valid: true,
    resources: [],
    capacity: {
      capacity: lo,
      outcome: 'bracketed',
      ceiling: hi,
      rule: { errorRateCeiling: 0.01, achievedTolerance: 0.05 },
      steps,
    },
  }
}

/** A paired gate where the candidate's capacity is about `factor` of the baseline's. */
export function capacityGate(factor: number): GateResults {
  const runs = [1, 2, 3, 4].flatMap((round) => [
    searchRun(Math.round((3000 + round * 37) * factor), round, 'candidate'),
    searchRun(3000 + round * 41, round, 'baseline'),
  ])
  const { cells, notes } = compareCells({
    runs,
    config: capacityConfig,
    gate: capacityConfig.gate,
    baseline: null,
    method: 'paired',
    now: new Date('2026-01-01T00:00:00Z'),
  })
  const verdict = cells.some((c) => c.verdict === 'regression')
    ? 'regression'
    : cells.every((c) => c.verdict === 'pass')
      ? 'pass'
      : 'inconclusive'
  return { ...passingGate(), name: 'c', method: 'paired', verdict, cells, notes }
}
