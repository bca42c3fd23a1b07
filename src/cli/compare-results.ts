/**
 * `perf-gate compare a.json b.json`: the same cells of two results files side by side, each estimate
 * with its confidence interval. Pure: the caller reads the files and prints the table.
 */
import type { CellComparison, GateResults, LatencyMetric } from '../model.js'
import { summarize } from '../stats/descriptive.js'
import { toRatio, tInterval, welchEstimate } from '../stats/intervals.js'

/** One side of a compared cell: the metric's geometric mean over its runs with its t interval. */
export interface SideEstimate {
  /** Geometric mean over the measured candidate runs, in ms (the gate's own centre). */
  estimate: number
  lower: number
  upper: number
  /** Runs it is made of; 0 when taken from the summary stored in the file (no runs kept). */
  n: number
  /** False with fewer than two runs: lower = upper = estimate. */
  interval: boolean
}

/** One cell present in both files. */
export interface ComparedCell {
  cell: string
  a: SideEstimate
  b: SideEstimate
  /** b / a with a Welch t interval on the log scale (none when a side has fewer than two runs). */
  ratio: { estimate: number; lower: number; upper: number; interval: boolean }
  /** (ratio - 1) * 100. */
  changePct: number
  /** Of every interval here: file a's gate confidence. */
  confidence: number
}

export interface ResultsComparison {
  metric: LatencyMetric
  confidence: number
  cells: ComparedCell[]
  onlyInA: string[]
  onlyInB: string[]
}

/** The measured values of one cell's metric: candidate runs, warm-up and invalid runs left out, as the gate does. */
function measuredValues(cell: CellComparison, metric: LatencyMetric): number[] {
  return cell.runs
    .filter((r) => r.variant === 'candidate' && !r.warmup && r.valid && r.metrics.requests > 0)
    .map((r) => r.metrics[metric])
    .filter((v) => Number.isFinite(v) && v > 0)
}

/**
 * The metric of one cell with its interval: from its measured candidate runs, or the summary the gate
 * stored when the file carries no runs. Null when neither has a value.
 */
export function cellEstimate(
  cell: CellComparison,
  metric: LatencyMetric,
  confidence: number,
): { side: SideEstimate; logs: number[] } | null {
  const values = measuredValues(cell, metric)
  if (values.length > 0) {
    const s = summarize(values, confidence)
    return {
      side: { estimate: s.mean, lower: s.lower, upper: s.upper, n: s.n, interval: s.n >= 2 },
      logs: values.map(Math.log),
    }
  }
  if (cell.metric !== metric || cell.candidate.n === 0 || !(cell.candidate.mean > 0)) return null
  const c = cell.candidate
  const interval = c.n >= 2 && c.interval !== 'none'
  return {
    side: {
      estimate: c.mean,
      lower: interval ? c.lower : c.mean,
      upper: interval ? c.upper : c.mean,
      n: 0,
      interval,
    },
    logs: [],
  }
}

/** Compares the cells the two files have in common, in file a's order, at file a's confidence. */
export function compareResults(
  a: GateResults,
  b: GateResults,
  metric: LatencyMetric = 'p95',
): ResultsComparison {
  const confidence = a.confidence
  const inB = new Map(b.cells.map((c) => [c.cell, c]))
  const inA = new Set(a.cells.map((c) => c.cell))
  const cells: ComparedCell[] = []
  for (const cellA of a.cells) {
    const cellB = inB.get(cellA.cell)
    if (!cellB) continue
    const ea = cellEstimate(cellA, metric, confidence)
    const eb = cellEstimate(cellB, metric, confidence)
    if (!ea || !eb) continue
    const point = eb.side.estimate / ea.side.estimate
    // Runs of two files are independent samples (different runners or days): Welch, not paired.
    const ratio =
      ea.logs.length >= 2 && eb.logs.length >= 2
        ? { ...toRatio(tInterval(welchEstimate(eb.logs, ea.logs), confidence), confidence), interval: true }
        : { estimate: point, lower: point, upper: point, interval: false }
    cells.push({
      cell: cellA.cell,
      a: ea.side,
      b: eb.side,
      ratio: { estimate: ratio.estimate, lower: ratio.lower, upper: ratio.upper, interval: ratio.interval },
      changePct: (ratio.estimate - 1) * 100,
      confidence,
    })
  }
  return {
    metric,
    confidence,
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

const signed = (pct: number) => `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`

function formatSide(side: SideEstimate): string {
  const value = side.estimate.toFixed(2)
  if (side.interval) return `${value} [${side.lower.toFixed(2)}, ${side.upper.toFixed(2)}]`
  return side.n === 1 ? `${value} (1 run)` : `${value} (no interval)`
}

/**
 * A plain-text table for the terminal, one line per common cell, with the labels of both files: each
 * side's estimate, b/a and the change, each with its confidence interval.
 */
export function formatComparison(comparison: ResultsComparison, labelA: string, labelB: string): string {
  const metric = comparison.metric.toUpperCase()
  const header = ['cell', `${metric} a (ms)`, `${metric} b (ms)`, 'b/a', 'change']
  const rows = comparison.cells.map((c) => [
    c.cell,
    formatSide(c.a),
    formatSide(c.b),
    c.ratio.interval
      ? `${c.ratio.estimate.toFixed(3)} [${c.ratio.lower.toFixed(3)}, ${c.ratio.upper.toFixed(3)}]`
      : `${c.ratio.estimate.toFixed(3)} (no interval)`,
    c.ratio.interval
      ? `${signed(c.changePct)} [${signed((c.ratio.lower - 1) * 100)}, ${signed((c.ratio.upper - 1) * 100)}]`
      : signed(c.changePct),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const right = [false, true, true, true, true]
  const pct = Math.round(comparison.confidence * 1000) / 10
  const lines = [
    `a: ${labelA}`,
    `b: ${labelB}`,
    `${metric}: geometric mean over the measured runs [${pct}% confidence interval]; b/a: Welch t interval on the log scale; "no interval" below 2 runs`,
    '',
    pad(header, widths, right),
  ]
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
