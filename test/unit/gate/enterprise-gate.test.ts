import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { ENTERPRISE_DIMENSIONS } from '../../../src/config/schema.js'
import { compareCells } from '../../../src/gate/compare.js'
import type { RunResult } from '../../../src/model.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { passingGate } from '../../support/report-fixtures.js'

const config = parseConfig(
  {
    name: 'eri',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [{ name: 'gw', target: 'http://gw:80/' }],
    scenarios: [
      {
        name: 'eri',
        script: 'arena-enterprise',
        enterprise: { dimensions: { authChain: { requests: [{ path: '/auth' }] } } },
      },
    ],
  },
  'perf-gate.yml',
  {},
)

function run(variant: RunResult['variant'], round: number, eri: number): RunResult {
  const dimensions = Object.fromEntries(
    ENTERPRISE_DIMENSIONS.map((d) => [d, { value: 1, score: d === 'authChain' ? eri / 0.15 : 0 }]),
  )
  return {
    cell: 'gw/eri',
    profile: 'gw',
    scenario: 'eri',
    variant,
    round,
    warmup: false,
    startedAt: '2026-01-01T00:00:00Z',
    durationS: 5,
    metrics: {
      p50: 1,
      p90: 1,
      p95: 1,
      p99: 1,
      max: 1,
      mean: 1,
      rps: 10,
      requests: 10,
      // A rate-limit or resilience dimension fails requests on purpose: never gated here.
      errorRate: 0.5,
      failedRequests: 5,
      checkAccuracy: 1,
      droppedIterations: 0,
    },
    valid: true,
    resources: [],
    arena: { score: eri, dimensions, phases: {} },
  }
}

function gate(candidate: number[]) {
  const runs = [
    ...[14.9, 15.0, 15.1].map((v, i) => run('baseline', i + 1, v)),
    ...candidate.map((v, i) => run('candidate', i + 1, v)),
  ]
  const { cells } = compareCells({
    runs,
    config,
    gate: config.gate,
    baseline: null,
    method: 'paired',
    now: new Date(),
  })
  return cells[0]!
}

describe('an arena-enterprise cell in the gate', () => {
  it('is decided by its ERI: a drop beyond the threshold regresses, however its error rate reads', () => {
    const dropped = gate([10.9, 11.0, 11.1])
    expect(dropped.arena?.verdict).toBe('regression')
    expect(dropped.verdict).toBe('regression')
    expect(dropped.reasons.join('\n')).toContain('the ERI and each configured dimension decide')
    const same = gate([14.95, 15.0, 15.05])
    expect(same.verdict).toBe('pass')
  })

  it('is ranked in an ERI table with layer 1 columns only', () => {
    const cell = gate([14.95, 15.0, 15.05])
    const md = renderMarkdown({ ...passingGate(), method: 'paired', cells: [cell], verdict: 'pass' })
    expect(md).toContain('seed 002 layer 1 Enterprise Readiness Index')
    expect(md).toContain('| \\# | Gateway | ERI (CI) | Runs | MCP discovery | MCP tool exec | Auth chain |')
    expect(md).not.toContain('Burst 50 |')
  })

  it('carries no CPU-per-request comparison: its runs read no CPU window (as capacity and arena cells)', () => {
    const withCpu = { ...config, gate: { ...config.gate, cpuPerRequest: 'gate' as const } }
    const runs = [
      ...[14.9, 15.0, 15.1].map((v, i) => run('baseline', i + 1, v)),
      ...[14.95, 15.0, 15.05].map((v, i) => run('candidate', i + 1, v)),
    ]
    const [cell] = compareCells({
      runs,
      config: withCpu,
      gate: withCpu.gate,
      baseline: null,
      method: 'paired',
      now: new Date(),
    }).cells
    expect(cell?.cpuPerRequest).toBeUndefined()
    expect(cell?.reasons.join('\n')).not.toContain('CPU counters')
    expect(cell?.verdict).toBe('pass')
  })
})
