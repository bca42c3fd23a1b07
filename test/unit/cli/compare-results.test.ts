import { describe, expect, it } from 'vitest'
import { compareResults, formatComparison } from '../../../src/cli/compare-results.js'
import { regressedGate } from '../../support/report-fixtures.js'

describe('compareResults', () => {
  it('reports b/a per common cell from the measured candidate runs, and the cells in one file only', () => {
    const a = regressedGate()
    const b = structuredClone(a)
    for (const run of b.cells[2]!.runs) run.metrics.p95 *= 1.5
    // A warm-up run, however slow, does not count.
    b.cells[3]!.runs.find((r) => r.variant === 'candidate')!.warmup = true
    b.cells[3]!.runs.find((r) => r.variant === 'candidate' && r.warmup)!.metrics.p95 = 1e6
    b.cells.pop()
    const comparison = compareResults(a, b)
    expect(comparison.cells).toHaveLength(a.cells.length - 1)
    expect(comparison.cells[2]!.ratio).toBeCloseTo(1.5, 9)
    expect(comparison.cells[2]!.changePct).toBeCloseTo(50, 9)
    expect(comparison.cells[0]!.ratio).toBe(1)
    expect(comparison.cells[3]!.b).toBeLessThan(1e3)
    expect(comparison.onlyInA).toEqual([a.cells.at(-1)!.cell])
    expect(comparison.onlyInB).toEqual([])
  })

  it('formats an aligned table with signed changes', () => {
    const a = regressedGate()
    const b = structuredClone(a)
    for (const run of b.cells[1]!.runs) run.metrics.p95 *= 0.9
    const text = formatComparison(compareResults(a, b), 'a.json', 'b.json')
    const lines = text.split('\n')
    expect(lines[0]).toBe('a: a.json')
    expect(lines[3]).toMatch(/^cell\s+P95 a \(ms\)\s+P95 b \(ms\)\s+b\/a\s+change$/)
    expect(lines.find((l) => l.startsWith(a.cells[1]!.cell))).toMatch(/0\.900\s+-10\.0%$/)
    expect(lines.find((l) => l.startsWith(a.cells[0]!.cell))).toMatch(/1\.000\s+\+0\.0%$/)
  })
})
