/**
 * `perf-gate compare a.json b.json`: the same cells of two results files side by side. Pure: the
 * caller reads the files and prints the table.
 */
import type { CellComparison, GateResults, LatencyMetric } from '../model.js'
import { median } from '../stats/descriptive.js'

/** One cell present in both files. */
export interface ComparedCell {
  cell: string
  /** The metric's median over the measured candidate runs of file a, in ms. */
  a: number
  b: number
  /** b / a. */
  ratio: number
  /** (ratio - 1) * 100. */
  changePct: number
}

export interface ResultsComparison {
  metric: LatencyMetric
  cells: ComparedCell[]
  onlyInA: string[]
  onlyInB: string[]
}

/**
 * The metric of one cell: the median over its measured candidate runs (warm-up and invalid runs left
 * out, as the gate does), or the summary the gate stored when the file carries no runs.
 */
export function cellLatency(cell: CellComparison, metric: LatencyMetric): number | null {
  const values = cell.runs
    .filter((r) => r.variant === 'candidate' && !r.warmup && r.valid && r.metrics.requests > 0)
    .map((r) => r.metrics[metric])
  if (values.length > 0) return median(values)
  return cell.metric === metric && cell.candidate.n > 0 ? cell.candidate.median : null
}

/** Compares the cells the two files have in common, in file a's order. */
export function compareResults(
  a: GateResults,
  b: GateResults,
  metric: LatencyMetric = 'p95',
): ResultsComparison {
  const inB = new Map(b.cells.map((c) => [c.cell, c]))
  const inA = new Set(a.cells.map((c) => c.cell))
  const cells: ComparedCell[] = []
  for (const cellA of a.cells) {
    const cellB = inB.get(cellA.cell)
    if (!cellB) continue
    const va = cellLatency(cellA, metric)
    const vb = cellLatency(cellB, metric)
    if (va === null || vb === null || va <= 0) continue
    const ratio = vb / va
    cells.push({ cell: cellA.cell, a: va, b: vb, ratio, changePct: (ratio - 1) * 100 })
  }
  return {
    metric,
    cells,
    onlyInA: a.cells.filter((c) => !inB.has(c.cell)).map((c) => c.cell),
    onlyInB: b.cells.filter((c) => !inA.has(c.cell)).map((c) => c.cell),
  }
}

function pad(cells: string[], widths: number[], rightAligned: boolean[]): string {
  return cells
    .map((text, i) => (rightAligned[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0)))
    .join('  ')
    .trimEnd()
}

/** A plain-text table for the terminal, one line per common cell, with the labels of both files. */
export function formatComparison(comparison: ResultsComparison, labelA: string, labelB: string): string {
  const metric = comparison.metric.toUpperCase()
  const header = ['cell', `${metric} a (ms)`, `${metric} b (ms)`, 'b/a', 'change']
  const rows = comparison.cells.map((c) => [
    c.cell,
    c.a.toFixed(2),
    c.b.toFixed(2),
    c.ratio.toFixed(3),
    `${c.changePct >= 0 ? '+' : ''}${c.changePct.toFixed(1)}%`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const right = [false, true, true, true, true]
  const lines = [`a: ${labelA}`, `b: ${labelB}`, '', pad(header, widths, right)]
  lines.push(
    pad(
      widths.map((w) => '-'.repeat(w)),
      widths,
      right,
    ),
  )
  for (const row of rows) lines.push(pad(row, widths, right))
  if (rows.length === 0) lines.push('(no cell in common)')
  if (comparison.onlyInA.length > 0) lines.push('', `only in a: ${comparison.onlyInA.join(', ')}`)
  if (comparison.onlyInB.length > 0) lines.push('', `only in b: ${comparison.onlyInB.join(', ')}`)
  return `${lines.join('\n')}\n`
}
