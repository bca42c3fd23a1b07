/**
 * The head of the report after the headline: the gate's context (metric, threshold, confidence,
 * evidence), the cells to look at first, and what more runs would resolve for inconclusive cells.
 */
import type { CellComparison, GateResults } from '../../model.js'
import { formatSignedPct } from '../format.js'
import { decidedByCpu, decidingChangePct } from '../../stats/cpu-per-request.js'

export interface Attention {
  label: 'Regressed' | 'Inconclusive'
  cells: Array<{ cell: string; change: string | null }>
  /** Cells of this kind not listed, to keep the line short. */
  more: number
}

/** Cells that the gate judges: control profiles only monitor the runner's noise. */
export function gatedCells(results: GateResults): CellComparison[] {
  return results.cells.filter((cell) => !cell.control)
}

/** The gate's context after its name: metric, threshold, confidence, and which evidence it used. */
export function context(results: GateResults, metric: string): string[] {
  // gate.cpuPerRequest `only`: CPU per request decides, the latency metric is only shown.
  const only = results.cells.some((cell) => cell.cpuPerRequest?.only)
  const parts = [
    only ? `CPU per request (${metric} shown, not gated)` : metric,
    `threshold ${formatSignedPct(results.threshold * 100, 0)}`,
    `${Math.round(results.confidence * 100)}% confidence`,
  ]
  if (results.method === 'paired' && results.paired) {
    parts.push(
      `paired A/B on this runner (${results.paired.pairing}, ${results.paired.pairs} pairs in ${results.paired.blocks} blocks of fresh stacks)`,
    )
  } else if (results.method === 'paired') parts.push('paired A/B runs on this runner')
  else if (results.method === 'stored' && results.baseline) {
    parts.push(`stored baseline, ${results.baseline.ageDays.toFixed(1)} days old`)
  } else if (results.method === 'stored') parts.push('stored baseline')
  return parts
}

/** The regressed cells or, without any, the inconclusive ones: what to look at first; null for none. */
export function attention(results: GateResults): Attention | null {
  const limit = 10
  for (const verdict of ['regression', 'inconclusive'] as const) {
    const cells = gatedCells(results).filter((cell) => cell.verdict === verdict)
    if (cells.length === 0) continue
    return {
      label: verdict === 'regression' ? 'Regressed' : 'Inconclusive',
      cells: cells.slice(0, limit).map((cell) => ({
        cell: cell.cell,
        // A capacity cell is decided by its capacity: name that change, not latency at capacity.
        change: cell.capacity
          ? cell.capacity.changePct === null
            ? null
            : `capacity ${formatSignedPct(cell.capacity.changePct)}`
          : decidingChangePct(cell) === null
            ? null
            : `${decidedByCpu(cell) ? 'CPU/request ' : ''}${formatSignedPct(decidingChangePct(cell) as number)}`,
      })),
      more: Math.max(0, cells.length - limit),
    }
  }
  return null
}

/** Latency cells still undecided that carry a detectable change (capacity and arena cells have none). */
function undecidedWithDetectable(results: GateResults): Array<{ cell: string; pct: number }> {
  return gatedCells(results)
    .filter((c) => c.verdict === 'inconclusive' && !c.capacity && !c.arena)
    .flatMap((c) =>
      c.minDetectablePct === undefined || c.minDetectablePct === null
        ? []
        : [{ cell: c.cell, pct: c.minDetectablePct }],
    )
}

/**
 * "Inconclusive cells, the smallest change these runs would block (80% power): `a` +13%. ...": said
 * of inconclusive cells only, as a property of the runs, not of the code.
 */
export function inconclusiveResolution(results: GateResults): string | null {
  const cells = undecidedWithDetectable(results)
  if (cells.length === 0) return null
  const limit = 10
  const listed = cells
    .slice(0, limit)
    .map(({ cell, pct }) => `\`${cell}\` ${formatSignedPct(pct, 0)}`)
    .join(', ')
  const more = cells.length > limit ? ` and ${cells.length - limit} more` : ''
  return `Inconclusive cells, the smallest change these runs would block (80% power): ${listed}${more}. A smaller change may still be real; more runs resolve it.`
}
