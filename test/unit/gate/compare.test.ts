import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { compareCells } from '../../../src/gate/compare.js'

const config = parseConfig(
  {
    name: 'v',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [{ name: 'p', target: 'http://gw:80/' }],
    scenarios: [
      { name: 'open', script: 'constant-arrival-rate', rate: 500, vus: 40 },
      { name: 'closed', script: 'constant-vus', vus: 10 },
    ],
  },
  'perf-gate.yml',
  {},
)

describe('compareCells', () => {
  it('records the load level as what it is: the arrival rate of an open model, the VUs of a closed one', () => {
    const { cells } = compareCells({
      runs: [],
      config,
      gate: config.gate,
      baseline: null,
      method: 'stored',
      now: new Date('2026-01-01T00:00:00Z'),
    })
    const byScenario = Object.fromEntries(cells.map((cell) => [cell.scenario, cell]))
    // The open model's 40 VUs are only a pool; its load level is the rate.
    expect(byScenario.open).toMatchObject({ concurrency: 500, loadModel: 'open' })
    expect(byScenario.closed).toMatchObject({ concurrency: 10, loadModel: 'closed' })
  })
})

describe('compareCells with a capacity search', () => {
  const capacityConfig = parseConfig(
    {
      name: 'c',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      profiles: [{ name: 'p', target: 'http://gw:80/' }],
      scenarios: [
        { name: 'cap-1kb', script: 'capacity-search', duration: '2s', capacity: { start: 100, max: 8000 } },
      ],
    },
    'perf-gate.yml',
    {},
  )
  const searchRun = (capacity: number, round: number, variant: 'candidate' | 'baseline') => ({
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
      outcome: 'bracketed' as const,
      ceiling: capacity + 100,
      rule: { errorRateCeiling: 0.01, achievedTolerance: 0.05 },
      steps: [],
    },
  })

  it('decides the cell by its capacity: a 25% drop is a regression though latency is unchanged', () => {
    const runs = [1, 2, 3, 4].flatMap((round) => [
      searchRun(3000 + round * 10, round, 'candidate'),
      searchRun(4000 + round * 10, round, 'baseline'),
    ])
    const { cells } = compareCells({
      runs,
      config: capacityConfig,
      gate: capacityConfig.gate,
      baseline: null,
      method: 'paired',
      now: new Date('2026-01-01T00:00:00Z'),
    })
    const cell = cells[0]!
    expect(cell.capacity?.verdict).toBe('regression')
    expect(cell.verdict).toBe('regression')
    expect(cell.capacity?.adjustedPValue).not.toBeNull()
    expect(cell.loadModel).toBe('open')
    expect(cell.reasons[0]).toContain('capacity')
  })
})

describe('compareCells with GraphQL scenarios', () => {
  it('records the request body of a GraphQL scenario as its payload, so charts tell queries apart', () => {
    const gql = parseConfig(
      {
        name: 'g',
        services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
        profiles: [{ name: 'p', target: 'http://gw:80/graphql' }],
        scenarios: [
          { name: 'ops-1', script: 'graphql', vus: 50, graphql: { query: '{ a { id } }' } },
          {
            name: 'ops-2',
            script: 'graphql',
            vus: 50,
            graphql: { query: '{ a { id } b { id } }', variables: { n: 1 } },
          },
        ],
      },
      'perf-gate.yml',
      {},
    )
    const { cells } = compareCells({
      runs: [],
      config: gql,
      gate: gql.gate,
      baseline: null,
      method: 'stored',
      now: new Date('2026-01-01T00:00:00Z'),
    })
    expect(cells.map((c) => c.payloadBytes)).toEqual([
      JSON.stringify({ query: '{ a { id } }', variables: {} }).length,
      JSON.stringify({ query: '{ a { id } b { id } }', variables: { n: 1 } }).length,
    ])
    expect(cells[0]).toMatchObject({ concurrency: 50, loadModel: 'closed' })
  })
})
