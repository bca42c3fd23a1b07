import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ENTERPRISE_CAPS_MS,
  DEFAULT_ENTERPRISE_WEIGHTS,
  ENTERPRISE_DIMENSIONS,
} from '../../../src/config/schema.js'
import { dimensionScore, scoreEnterprise } from '../../../src/arena/enterprise-score.js'

describe('seed 002 layer 1: the Enterprise Readiness Index', () => {
  it("has the seed's eight weights (summing to 1) and caps", () => {
    expect(ENTERPRISE_DIMENSIONS).toHaveLength(8)
    expect(Object.values(DEFAULT_ENTERPRISE_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    expect(DEFAULT_ENTERPRISE_WEIGHTS.mcpToolExec).toBe(0.2)
    expect(DEFAULT_ENTERPRISE_WEIGHTS.governance).toBe(0.05)
    expect(DEFAULT_ENTERPRISE_CAPS_MS.policyEngine).toBe(200)
    expect(DEFAULT_ENTERPRISE_CAPS_MS.governance).toBe(2000)
  })

  it('scores a dimension 0.6 x availability + 0.4 x max(0, 100 (1 - P95/cap))', () => {
    // 80% of iterations pass, P95 125 ms against the 500 ms cap: 0.6 x 80 + 0.4 x 75 = 78.
    expect(dimensionScore({ passRate: 0.8, p95: 125 }, 500)).toBeCloseTo(78, 12)
    // Slower than the cap: only availability counts.
    expect(dimensionScore({ passRate: 1, p95: 900 }, 500)).toBeCloseTo(60, 12)
  })

  it('scores 0 for a dimension that never passed, however fast its failures came back', () => {
    expect(dimensionScore({ passRate: 0, p95: 1 }, 500)).toBe(0)
  })

  it('reproduces a hand-computed ERI; a dimension left out scores 0, not n/a', () => {
    const eri = scoreEnterprise({
      authChain: { passRate: 1, p95: 0 }, // 100
      rateLimiting: { passRate: 0.5, p95: 500 }, // 0.6 x 50 + 0.4 x 50 = 50
      resilience: { passRate: 1, p95: 1000 }, // 60
    })
    // 0.15 x 100 + 0.10 x 50 + 0.10 x 60 = 26
    expect(eri.score).toBeCloseTo(26, 10)
    expect(eri.dimensions.mcpDiscovery).toEqual({ value: 0, score: 0 })
    expect(eri.dimensions.rateLimiting.score).toBeCloseTo(50, 12)
  })

  it('a gateway with every dimension passing instantly scores 100', () => {
    const all = Object.fromEntries(ENTERPRISE_DIMENSIONS.map((d) => [d, { passRate: 1, p95: 0 }]))
    expect(scoreEnterprise(all).score).toBeCloseTo(100, 10)
  })

  it('applies configured weights and caps', () => {
    const weights = { ...DEFAULT_ENTERPRISE_WEIGHTS, mcpDiscovery: 0, governance: 0.2 }
    const caps = { ...DEFAULT_ENTERPRISE_CAPS_MS, governance: 100 }
    const eri = scoreEnterprise({ governance: { passRate: 1, p95: 50 } }, weights, caps)
    // governance: 0.6 x 100 + 0.4 x 50 = 80, weighted 0.2.
    expect(eri.score).toBeCloseTo(16, 10)
  })
})
