/** Capacity-search cells: their table row (capacities in req/s) and their statistics in the details. */
import type { CellComparison, GateResults, SampleSummary } from '../../model.js'
import { formatMs, formatPValue, formatRps, formatSignedPct } from '../format.js'
import { verdictLabel } from './cell-rows.js'
import { describeRatio } from './describe.js'

/** One capacity-search cell: capacities in req/s over its searches. */
export interface CapacityRow {
  cell: string
  /** e.g. "2400 [2310, 2490]", or "—" without a baseline. */
  baseline: string
  candidate: string
  /** e.g. "-12.3% [-16.0, -8.4]". */
  change: string
  /** Candidate searches, and how many only found a lower bound or nothing. */
  searches: string
  /** The median P95 of the candidate's capacity steps. */
  p95AtCapacity: string
  verdictLabel: string
}

function capacityWithCi(summary: SampleSummary | null): string {
  if (!summary || summary.n === 0) return '—'
  return `${formatRps(summary.median)} [${formatRps(summary.lower)}, ${formatRps(summary.upper)}]`
}

export function capacityRow(cell: CellComparison, mode: GateResults['mode']): CapacityRow {
  const c = cell.capacity as NonNullable<CellComparison['capacity']>
  const ratioCi = c.ratio
    ? ` [${formatSignedPct((c.ratio.lower - 1) * 100)}, ${formatSignedPct((c.ratio.upper - 1) * 100)}]`
    : ''
  const searches = cell.runs.filter((r) => !r.warmup && r.capacity && r.variant === 'candidate')
  const p95s = searches.map((r) => r.metrics.p95).sort((a, b) => a - b)
  const flags = [
    c.atMax.candidate > 0 ? `${c.atMax.candidate} at max` : '',
    c.noCapacity.candidate > 0 ? `${c.noCapacity.candidate} none` : '',
  ].filter(Boolean)
  return {
    cell: cell.cell,
    baseline: capacityWithCi(c.baseline),
    candidate: capacityWithCi(c.candidate),
    change: c.changePct === null ? '—' : `${formatSignedPct(c.changePct)}${ratioCi}`,
    searches: `${searches.length}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`,
    p95AtCapacity: p95s.length > 0 ? formatMs(p95s[Math.floor((p95s.length - 1) / 2)] as number) : '—',
    verdictLabel: verdictLabel(cell, mode, c.verdict),
  }
}

function capacitySummary(summary: SampleSummary): string {
  if (summary.n === 0) return 'none found'
  return `median ${formatRps(summary.median)}, geometric mean ${formatRps(summary.mean)}, CI [${formatRps(summary.lower)}, ${formatRps(summary.upper)}], n = ${summary.n} searches`
}

/** A capacity cell's rows in the details: both capacities, their ratio, and the verdict that decides. */
export function capacityStatistics(c: NonNullable<CellComparison['capacity']>): Array<[string, string]> {
  const stats: Array<[string, string]> = []
  stats.push(['Candidate capacity (req/s)', capacitySummary(c.candidate)])
  if (c.baseline) stats.push(['Baseline capacity (req/s)', capacitySummary(c.baseline)])
  if (c.ratio) {
    const p = c.pValue === null ? '' : `, p ${formatPValue(c.pValue)}`
    const adj = c.adjustedPValue === null ? '' : ` (Holm-adjusted ${formatPValue(c.adjustedPValue)})`
    stats.push([
      `Capacity ratio (${Math.round(c.ratio.confidence * 100)}% CI, ${c.test ?? ''})`,
      `${describeRatio(c.ratio)}${p}${adj}`,
    ])
  }
  stats.push(['Capacity verdict (decides the cell)', c.verdict])
  return stats
}
