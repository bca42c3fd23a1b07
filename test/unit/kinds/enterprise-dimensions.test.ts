/**
 * Gating each configured dimension of `script: arena-enterprise` like its ERI (issue 21): a capability
 * lost (a dimension that drops to 0) blocks even when the ERI's drop is under the threshold.
 */
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { DEFAULT_ENTERPRISE_WEIGHTS, ENTERPRISE_DIMENSIONS } from '../../../src/config/schema.js'
import type { EnterpriseDimension } from '../../../src/config/schema.js'
import { compareCells } from '../../../src/gate/compare.js'
import type { CellComparison, RunResult } from '../../../src/model.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { passingGate } from '../../support/report-fixtures.js'

const request = { requests: [{ path: '/x' }] }

function enterpriseConfig(gateDimensions?: boolean, profiles = ['gw']) {
  return parseConfig(
    {
      name: 'eri',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      profiles: profiles.map((name) => ({ name, target: `http://gw:80/${name}` })),
      scenarios: [
        {
          name: 'eri',
          script: 'arena-enterprise',
          enterprise: {
            ...(gateDimensions === undefined ? {} : { gateDimensions }),
            dimensions: Object.fromEntries(ENTERPRISE_DIMENSIONS.map((d) => [d, request])),
          },
        },
      ],
    },
    'perf-gate.yml',
    {},
  )
}

type Scores = (d: EnterpriseDimension, i: number) => number

function run(profile: string, variant: RunResult['variant'], round: number, score: Scores): RunResult {
  const dimensions = Object.fromEntries(
    ENTERPRISE_DIMENSIONS.map((d) => [d, { value: 1, score: score(d, round - 1) }]),
  )
  const eri = ENTERPRISE_DIMENSIONS.reduce(
    (s, d) => s + DEFAULT_ENTERPRISE_WEIGHTS[d] * score(d, round - 1),
    0,
  )
  return {
    cell: `${profile}/eri`,
    profile,
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
      errorRate: 0,
      failedRequests: 0,
      checkAccuracy: 1,
      droppedIterations: 0,
    },
    valid: true,
    resources: [],
    arena: { score: eri, dimensions, phases: {} },
  }
}

const baselineJitter = [0.3, -0.2, 0.1, -0.1]
const candidateJitter = [-0.1, 0.2, 0.0, 0.15]
/** Every dimension about 95 points, each run a little off. */
const steady: Scores = (_d, i) => 95 + (baselineJitter[i] as number)
const steadyCandidate: Scores = (_d, i) => 95 + (candidateJitter[i] as number)
/** The same gateway without its governance endpoints: that dimension scores 0 (weight 5%). */
const withoutGovernance: Scores = (d, i) => (d === 'governance' ? 0 : steadyCandidate(d, i))

function pairedGate(
  config: ReturnType<typeof enterpriseConfig>,
  candidate: Scores,
  rounds = 4,
): CellComparison {
  const runs = [
    ...Array.from({ length: rounds }, (_, i) => run('gw', 'baseline', i + 1, steady)),
    ...Array.from({ length: rounds }, (_, i) => run('gw', 'candidate', i + 1, candidate)),
  ]
  const { cells } = compareCells({
    runs,
    config,
    gate: config.gate,
    baseline: null,
    method: 'paired',
    now: new Date(),
  })
  return cells[0] as CellComparison
}

function storedGate(config: ReturnType<typeof enterpriseConfig>, candidate: Scores): CellComparison {
  const baselineRuns = Array.from({ length: 4 }, (_, i) => run('gw', 'candidate', i + 1, steady))
  const runs = Array.from({ length: 4 }, (_, i) => run('gw', 'candidate', i + 1, candidate))
  const { cells } = compareCells({
    runs,
    config,
    gate: config.gate,
    baseline: {
      schemaVersion: 1,
      name: 'eri',
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
  return cells[0] as CellComparison
}

describe('arena-enterprise: per-dimension gating', () => {
  it('is on by default (enterprise.gateDimensions: true)', () => {
    const scenario = enterpriseConfig().scenarios[0]
    expect(scenario?.enterprise?.gateDimensions).toBe(true)
  })

  it('blocks on a dimension that drops to 0 although the ERI drop (5%) is under the threshold (paired t)', () => {
    const cell = pairedGate(enterpriseConfig(), withoutGovernance)
    const a = cell.arena!
    // The ERI alone would pass: -4.75 points is above -10% of 95.
    expect(a.difference!.estimate).toBeCloseTo(-4.75, 0)
    expect(a.difference!.lower).toBeGreaterThan(-9.5)
    expect(a.dimensions.governance?.gate?.verdict).toBe('regression')
    expect(a.dimensions.governance?.gate?.difference?.estimate).toBeCloseTo(-95, 0)
    expect(a.dimensions.authChain?.gate?.verdict).toBe('pass')
    expect(cell.verdict).toBe('regression')
    expect(a.verdict).toBe('regression')
    const reasons = cell.reasons.join('\n')
    expect(reasons).toMatch(/ERI \(paired t, p [^)]*\): score -4\.\d points .*lower bound is above/)
    expect(reasons).toMatch(/dimension Governance \(paired t, p [^)]*\): -9\d\.\d points .*regression/)
  })

  it('blocks luagw without its limit-count plugin: rate limiting falls from 100 to 0 (stored runs)', () => {
    // luagw's measured shape (docs/arena.md): auth chain, rate limiting and resilience near 100, the rest 0.
    const luagw: Scores = (d, i) =>
      d === 'authChain' || d === 'resilience'
        ? 99.8 + (baselineJitter[i] as number) / 10
        : d === 'rateLimiting'
          ? 100
          : 0
    const withoutLimitCount: Scores = (d, i) => (d === 'rateLimiting' ? 0 : luagw(d, i))
    const baselineRuns = Array.from({ length: 4 }, (_, i) => run('gw', 'candidate', i + 1, luagw))
    const runs = Array.from({ length: 4 }, (_, i) => run('gw', 'candidate', i + 1, withoutLimitCount))
    const config = enterpriseConfig()
    const night = {
      createdAt: '2026-01-01T00:00:00Z',
      gitSha: null,
      k6Version: '1.8.1',
      machine: passingGate().machine,
    }
    const [cell] = compareCells({
      runs,
      config,
      gate: config.gate,
      baseline: { schemaVersion: 1, name: 'eri', metric: 'p95', nights: [{ ...night, runs: baselineRuns }] },
      method: 'stored',
      now: new Date('2026-01-01T12:00:00Z'),
    }).cells
    const dims = cell!.arena!.dimensions
    expect(dims.rateLimiting?.gate?.verdict).toBe('regression')
    expect(dims.authChain?.gate?.verdict).toBe('pass')
    // Dimensions luagw never offered score 0 on both sides: nothing to lose.
    expect(dims.mcpDiscovery?.gate?.verdict).toBe('pass')
    expect(cell!.verdict).toBe('regression')
    expect(cell!.reasons.join('\n')).toMatch(/dimension Rate limiting \(Welch t, p [^)]*\): -100\.0 points/)
  })

  it('blocks on a lost dimension against stored runs too (Welch t)', () => {
    const cell = storedGate(enterpriseConfig(), withoutGovernance)
    expect(cell.arena?.dimensions.governance?.gate?.verdict).toBe('regression')
    expect(cell.arena?.dimensions.governance?.gate?.test).toBe('welch')
    expect(cell.verdict).toBe('regression')
  })

  it('passes when every dimension is unchanged, each dimension with its own pass', () => {
    const cell = pairedGate(enterpriseConfig(), steadyCandidate)
    for (const d of ENTERPRISE_DIMENSIONS) expect(cell.arena?.dimensions[d]?.gate?.verdict, d).toBe('pass')
    expect(cell.verdict).toBe('pass')
    expect(storedGate(enterpriseConfig(), steadyCandidate).verdict).toBe('pass')
  })

  it('corrects the ERI and the dimensions as one family (Holm): every hypothesis gets an adjusted p-value', () => {
    const cell = pairedGate(enterpriseConfig(), withoutGovernance)
    const gated = ENTERPRISE_DIMENSIONS.map((d) => cell.arena?.dimensions[d]?.gate)
    for (const g of gated) {
      expect(g?.adjustedPValue).not.toBeNull()
      expect(g?.adjustedPValue).toBeGreaterThanOrEqual(g?.pValue as number)
    }
    expect(cell.arena?.adjustedPValue).toBeGreaterThanOrEqual(cell.arena?.pValue as number)
  })

  it('downgrades a dimension drop that is significant alone but not across the family', () => {
    // Guardrails drops by 12 points with paired differences whose raw p is about 0.02: significant
    // alone, not after Holm across nine hypotheses.
    const drops = [8, 16, 10, 14]
    const slipping: Scores = (d, i) =>
      d === 'guardrails'
        ? steady(d, i) - (drops[i] as number)
        : steady(d, i) + (candidateJitter[i] as number) * 0.01
    const cell = pairedGate(enterpriseConfig(), slipping)
    const g = cell.arena?.dimensions.guardrails?.gate
    expect(g?.pValue).toBeLessThan(0.05)
    expect(g?.adjustedPValue).toBeGreaterThanOrEqual(0.05)
    expect(g?.verdict).toBe('inconclusive')
    expect(cell.reasons.join('\n')).toMatch(
      /Guardrails .*not significant after Holm correction across 9 hypotheses/,
    )
    expect(cell.verdict).toBe('inconclusive')
  })

  it('with gateDimensions: false the ERI alone decides: a lost dimension is reported, not gated', () => {
    const cell = pairedGate(enterpriseConfig(false), withoutGovernance)
    expect(cell.arena?.dimensions.governance?.gate).toBeUndefined()
    expect(cell.arena?.dimensions.governance?.median).toBe(0)
    expect(cell.verdict).toBe('pass')
    expect(cell.reasons.join('\n')).not.toMatch(/dimension Governance/)
  })

  it('passes a configured dimension that scores 0 on both sides: nothing to lose', () => {
    const neverGoverned: Scores = (d, i) => (d === 'governance' ? 0 : steady(d, i))
    const runs = [
      ...Array.from({ length: 4 }, (_, i) => run('gw', 'baseline', i + 1, neverGoverned)),
      ...Array.from({ length: 4 }, (_, i) => run('gw', 'candidate', i + 1, withoutGovernance)),
    ]
    const config = enterpriseConfig()
    const [cell] = compareCells({
      runs,
      config,
      gate: config.gate,
      baseline: null,
      method: 'paired',
      now: new Date(),
    }).cells
    expect(cell?.arena?.dimensions.governance?.gate?.verdict).toBe('pass')
    expect(cell?.verdict).toBe('pass')
  })

  it('gates only configured dimensions', () => {
    const config = enterpriseConfig()
    const scenario = config.scenarios[0]!
    const only = {
      ...config,
      scenarios: [
        { ...scenario, enterprise: { ...scenario.enterprise!, dimensions: { authChain: request } } },
      ],
    } as typeof config
    const cell = pairedGate(only, withoutGovernance)
    expect(cell.arena?.dimensions.authChain?.gate?.verdict).toBe('pass')
    expect(cell.arena?.dimensions.governance?.gate).toBeUndefined()
  })

  it('shows the lost dimension in the arena table and its verdict in the details', () => {
    const cell = pairedGate(enterpriseConfig(), withoutGovernance)
    const md = renderMarkdown({ ...passingGate(), method: 'paired', cells: [cell], verdict: 'regression' })
    const row = md.split('\n').find((line) => line.startsWith('| 1 | gw |'))
    expect(row).toMatch(/\| +0\.0 ❌ \|/)
    expect(md).toMatch(/Arena Governance.*regression/)
  })
})
