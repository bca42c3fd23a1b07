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
    expect(comparison.cells[2]!.ratio.estimate).toBeCloseTo(1.5, 9)
    expect(comparison.cells[2]!.changePct).toBeCloseTo(50, 9)
    expect(comparison.cells[0]!.ratio.estimate).toBe(1)
    expect(comparison.cells[3]!.b.estimate).toBeLessThan(1e3)
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
    expect(lines[4]).toMatch(/^cell\s+P95 a \(ms\)\s+P95 b \(ms\)\s+b\/a\s+change$/)
    expect(lines.find((l) => l.startsWith(a.cells[1]!.cell))).toMatch(
      /0\.900 \[[\d.]+, [\d.]+\]\s+-10\.0% \[/,
    )
    // Identical runs: the ratio is 1; as independent samples, its interval still has the runs' spread.
    expect(lines.find((l) => l.startsWith(a.cells[0]!.cell))).toMatch(
      /1\.000 \[0\.9\d\d, 1\.0\d\d\]\s+\+0\.0% \[-\d\.\d%, \+\d\.\d%\]$/,
    )
  })
})

describe('compare: estimates with their confidence intervals', () => {
  it("gives each side's geometric mean with its t interval, and b/a with a Welch interval", () => {
    const a = regressedGate()
    const b = structuredClone(a)
    for (const run of b.cells[2]!.runs) run.metrics.p95 *= 1.5
    const cell = compareResults(a, b).cells[2]!
    const runs = a.cells[2]!.runs.filter((r) => r.variant === 'candidate' && !r.warmup && r.valid)
    const logs = runs.map((r) => Math.log(r.metrics.p95))
    const geo = Math.exp(logs.reduce((s, v) => s + v, 0) / logs.length)
    expect(cell.confidence).toBe(a.confidence)
    expect(cell.a.n).toBe(runs.length)
    expect(cell.a.estimate).toBeCloseTo(geo, 9)
    expect(cell.a.lower).toBeLessThan(cell.a.estimate)
    expect(cell.a.upper).toBeGreaterThan(cell.a.estimate)
    expect(cell.b.estimate).toBeCloseTo(geo * 1.5, 9)
    // Same spread on the log scale, shifted by log 1.5: the ratio's interval is around 1.5.
    expect(cell.ratio.estimate).toBeCloseTo(1.5, 9)
    expect(cell.ratio.lower).toBeLessThan(1.5)
    expect(cell.ratio.upper).toBeGreaterThan(1.5)
    expect(cell.changePct).toBeCloseTo(50, 9)
  })

  it('prints every estimate with its interval, and says when a side has too few runs for one', () => {
    const a = regressedGate()
    const b = structuredClone(a)
    for (const run of b.cells[1]!.runs) run.metrics.p95 *= 0.9
    // Cell 0 of b keeps one measured candidate run: no interval for it, nor for the ratio.
    const keep = b.cells[0]!.runs.find((r) => r.variant === 'candidate' && !r.warmup && r.valid)!
    b.cells[0]!.runs = [keep]
    const comparison = compareResults(a, b)
    const text = formatComparison(comparison, 'a.json', 'b.json')
    const lines = text.split('\n')
    const pct = Math.round(a.confidence * 100)
    expect(text).toContain(`geometric mean over the measured runs [${pct}% confidence interval]`)
    const row1 = lines.find((l) => l.startsWith(a.cells[1]!.cell))!
    const c1 = comparison.cells[1]!
    expect(row1).toContain(`${c1.a.estimate.toFixed(2)} [${c1.a.lower.toFixed(2)}, ${c1.a.upper.toFixed(2)}]`)
    expect(row1).toContain(`${c1.b.estimate.toFixed(2)} [${c1.b.lower.toFixed(2)}, ${c1.b.upper.toFixed(2)}]`)
    expect(row1).toContain(`0.900 [${c1.ratio.lower.toFixed(3)}, ${c1.ratio.upper.toFixed(3)}]`)
    expect(row1).toMatch(/-10\.0% \[[-+]\d+\.\d%, [-+]\d+\.\d%\]$/)
    const row0 = lines.find((l) => l.startsWith(a.cells[0]!.cell))!
    expect(row0).toContain(`${keep.metrics.p95.toFixed(2)} (1 run)`)
    expect(row0).toMatch(/\(no interval\)/)
  })
})
