import { describe, expect, it } from 'vitest'
import type { CellComparison, RunResult } from '../../../src/model.js'
import { tCritical } from '../../../src/stats/distributions.js'
import { growthStatement, olsSlope, resourceFigures } from '../../../src/stats/resources.js'
import { makeCell } from '../../support/report-fixtures.js'
import { run } from './run-fixture.js'

/**
 * A measured run starting `minute` minutes into the gate whose gateway memory is `memory(t)` (t in s),
 * sampled at `times` (default: 0 to 70 s every 10 s, long enough to speak of growth).
 */
function sampled(
  round: number,
  minute: number,
  memory: (t: number) => number,
  cpu = 50,
  times = [0, 10, 20, 30, 40, 50, 60, 70],
): RunResult {
  return {
    ...run({ p95: 2, round }),
    phase: 'stored',
    startedAt: new Date(Date.UTC(2026, 10, 21, 23, minute)).toISOString(),
    resources: times.flatMap((t) => [
      { service: 'gateway', t, cpuPercent: cpu + t, memoryMiB: memory(t), pids: 4 + (t % 2) },
      { service: 'echo', t, cpuPercent: 10, memoryMiB: 8 },
    ]),
  }
}

function cellWith(runs: RunResult[]): CellComparison {
  return {
    ...makeCell({ profile: 'gw', scenario: 'c@vus=1', baselineP95: 2, candidateP95: 2, verdict: 'pass' }),
    runs,
  }
}

describe('olsSlope', () => {
  it('fits a line and its standard error as a textbook regression does', () => {
    // y = 1 + 2x with residuals +0.1, -0.1, -0.1, +0.1: slope 2, SSE 0.04, Sxx 5.
    const fit = olsSlope([0, 1, 2, 3], [1.1, 2.9, 4.9, 7.1])!
    expect(fit.slope).toBeCloseTo(2, 10)
    expect(fit.df).toBe(2)
    expect(fit.se).toBeCloseTo(Math.sqrt(0.04 / 2 / 5), 10)
    expect(olsSlope([1, 2], [1, 2])).toBeNull()
    expect(olsSlope([1, 1, 1], [1, 2, 3])).toBeNull()
  })
})

describe('resourceFigures', () => {
  it('measures a leak within runs and across the gate, and says so', () => {
    // 60 MiB per minute inside every run (1 MiB/s), and each run starts 10 MiB above the last,
    // two minutes later: 5 MiB/min across the gate.
    const runs = [0, 1, 2].map((i) => sampled(i + 1, i * 2, (t) => 100 + 10 * i + t))
    const [gateway, echo] = resourceFigures([cellWith(runs)], 0.95)
    expect(gateway).toMatchObject({ service: 'gateway', runs: 3, cpuPercent: 85, memoryMiB: 190, pids: 4 })
    expect(gateway?.growthInRun?.estimate).toBeCloseTo(60, 8)
    expect(gateway?.growthAcrossRuns?.estimate).toBeCloseTo(5, 8)
    expect(growthStatement(gateway?.growthInRun)).toBe('grows +60 MiB/min [+60, +60]')
    expect(echo).toMatchObject({ service: 'echo', memoryMiB: 8 })
    expect(echo).not.toHaveProperty('pids')
    expect(growthStatement(echo?.growthInRun)).toBe('no growth shown (at most +0 MiB/min, 95% CI)')
  })

  it('claims no memory growth from runs shorter than 60 s, however steep the slope', () => {
    // 4-second runs, 15 MiB/min within each, started 10 s apart: no 60 s of samples anywhere.
    const runs = [0, 1, 2].map((i) => ({
      ...sampled(i + 1, 0, (t) => 100 + t / 4, 50, [0, 1, 2, 3, 4]),
      startedAt: new Date(Date.UTC(2026, 10, 21, 23, 0, i * 10)).toISOString(),
    }))
    const [gateway] = resourceFigures([cellWith(runs)], 0.95)
    expect(gateway?.growthInRun).toBeUndefined()
    expect(gateway?.growthAcrossRuns).toBeUndefined()
    expect(growthStatement(gateway?.growthInRun, 'in-run')).toBe(
      'not measured (needs 2 runs with at least 60 s of samples each)',
    )
    expect(growthStatement(gateway?.growthAcrossRuns, 'across-runs')).toBe(
      'not measured (needs 3 runs of one stack spanning at least 60 s)',
    )
  })

  it('bounds the growth it cannot rule out when memory is flat with noise', () => {
    const noise = [0.3, -0.2, 0.1, -0.4, 0.2, 0]
    const runs = [0, 1, 2].map((i) =>
      sampled(
        i + 1,
        i,
        (t) => 50 + ([0.1, -0.2, 0.05][i] as number) + (noise[t] as number),
        50,
        [0, 1, 2, 3, 4, 5],
      ),
    )
    const [gateway] = resourceFigures([cellWith(runs)], 0.95)
    const across = gateway!.growthAcrossRuns!
    expect(across.lower).toBeLessThan(0)
    expect(across.upper).toBeGreaterThan(0)
    // The interval is the regression's t interval with n - 2 = 1 degree of freedom.
    expect(across.upper - across.estimate).toBeCloseTo(
      tCritical(0.95, 1) *
        olsSlope(
          [0, 1, 2],
          runs.map((r) => {
            const m = r.resources.filter((s) => s.service === 'gateway')
            return m.reduce((a, s) => a + s.memoryMiB, 0) / m.length
          }),
        )!.se,
      10,
    )
    expect(growthStatement(across)).toMatch(/^no growth shown \(at most \+[\d.]+ MiB\/min, 95% CI\)$/)
  })

  it('leaves paired runs out of the across-gate slope (each block is a fresh stack)', () => {
    const runs = [0, 1, 2].map((i) => ({
      ...sampled(i + 1, i, (t) => 100 + 50 * i + t),
      phase: 'paired' as const,
    }))
    const [gateway] = resourceFigures([cellWith(runs)], 0.95)
    expect(gateway?.growthAcrossRuns).toBeUndefined()
    expect(growthStatement(gateway?.growthAcrossRuns, 'across-runs')).toBe(
      'not measured (needs 3 runs of one stack spanning at least 60 s)',
    )
  })
})
