import { describe, expect, it } from 'vitest'
import { duetPairs, positionRow } from '../../../bench/duet-position-pairs.js'
import type { RunResult } from '../../../src/model.js'

/** A measured duet run: its P95 and CPU per request. */
function run(block: number, variant: 'candidate' | 'baseline', p95: number, cpu?: number): RunResult {
  return {
    cell: 'gw/r100',
    profile: 'gw',
    scenario: 'r100',
    variant,
    round: block,
    block,
    warmup: false,
    valid: true,
    metrics: { p95 },
    ...(cpu !== undefined ? { cpuPerRequest: { usPerRequest: cpu } } : {}),
  } as unknown as RunResult
}

/**
 * Blocks of an A/A duet where whoever is listed first reads `cost` times slower; the listing
 * alternates and a little noise keeps the sd above 0.
 */
function aaWithPositionCost(blocks: number, cost: number): RunResult[] {
  const runs: RunResult[] = []
  for (let b = 0; b < blocks; b++) {
    const noise = 1 + 0.01 * ((b % 3) - 1)
    const order = b % 2 === 0 ? (['candidate', 'baseline'] as const) : (['baseline', 'candidate'] as const)
    runs.push(run(b, order[0], 10 * cost * noise, 500 * cost), run(b, order[1], 10, 500 * noise))
  }
  return runs
}

describe('duet position effect', () => {
  it('reads the position from journal order and finds a cost of the first-listed stream', () => {
    const pairs = duetPairs(aaWithPositionCost(12, 1.1))
    const p95 = positionRow('gw/r100', 'p95', pairs.get('gw/r100|p95') ?? [])
    expect(p95?.pairs).toBe(12)
    expect(p95?.firstVsSecondPct).toBeGreaterThan(8)
    expect(p95?.firstVsSecondPct).toBeLessThan(12)
    // The cost lands on either variant, so the gate's ratio is noisy; fitted out, little is left.
    expect(p95?.sdRatio).toBeGreaterThan(0.08)
    expect(p95?.sdPositionFitted).toBeLessThan(0.02)
  })

  it('finds nothing when the positions cost the same', () => {
    const row = positionRow('gw/r100', 'cpu', duetPairs(aaWithPositionCost(12, 1)).get('gw/r100|cpu') ?? [])
    expect(Math.abs(row?.firstVsSecondPct ?? 99)).toBeLessThan(1.5)
    expect(Math.abs(row?.firstVsSecondT ?? 99)).toBeLessThan(2)
  })

  it('skips warm-up, invalid and unmatched runs', () => {
    const runs = aaWithPositionCost(4, 1.1)
    runs.push({ ...run(9, 'candidate', 10, 500), warmup: true } as RunResult, run(9, 'baseline', 10, 500))
    runs.push({ ...run(10, 'candidate', 10, 500), valid: false } as RunResult, run(10, 'baseline', 10, 500))
    runs.push(run(11, 'candidate', 10, 500))
    expect(duetPairs(runs).get('gw/r100|p95')).toHaveLength(4)
  })

  it('keeps runs without CPU out of the CPU rows only', () => {
    const runs = [
      run(0, 'candidate', 10),
      run(0, 'baseline', 11),
      run(1, 'baseline', 10),
      run(1, 'candidate', 9),
    ]
    const pairs = duetPairs(runs)
    expect(pairs.get('gw/r100|p95')).toHaveLength(2)
    expect(pairs.get('gw/r100|cpu')).toBeUndefined()
  })
})
