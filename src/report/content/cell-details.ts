/** Each cell's details: its reasons, statistics, measured runs, and a stored baseline's values. */
import type { CellComparison, RunResult } from '../../model.js'
import { formatRate, formatRps, roundForDisplay } from '../format.js'
import type { CellRow } from './cell-rows.js'
import { statistics } from './cell-statistics.js'

export interface RunRow {
  variant: string
  round: number
  p50: string
  p90: string
  p95: string
  p99: string
  max: string
  rps: string
  errorRate: string
  /** "yes", or "no: <reason>". */
  valid: string
}

export interface CellDetail {
  row: CellRow
  reasons: string[]
  /** Label/value pairs: location estimates, ratio, p-values, and any statistic the engine added. */
  statistics: Array<[string, string]>
  runs: RunRow[]
  warmupRuns: number
  /** A stored baseline keeps per-run values only for the gated metric. */
  baselineValues: string | null
}

function runRow(run: RunResult): RunRow {
  const m = run.metrics
  return {
    variant: run.variant,
    round: run.round,
    p50: roundForDisplay(m.p50),
    p90: roundForDisplay(m.p90),
    p95: roundForDisplay(m.p95),
    p99: roundForDisplay(m.p99),
    max: roundForDisplay(m.max),
    rps: formatRps(m.rps),
    errorRate: formatRate(m.errorRate),
    valid: run.valid ? 'yes' : `no: ${run.invalidReason ?? 'invalid'}`,
  }
}

export function buildDetail(cell: CellComparison, row: CellRow, metric: string): CellDetail {
  const measured = cell.runs.filter((run) => !run.warmup)
  const hasBaselineRuns = measured.some((run) => run.variant === 'baseline')
  return {
    row,
    reasons: cell.reasons,
    statistics: statistics(cell, metric),
    runs: measured.map(runRow),
    warmupRuns: cell.runs.length - measured.length,
    baselineValues:
      cell.baseline && !hasBaselineRuns && cell.baseline.values.length > 0
        ? cell.baseline.values.map(roundForDisplay).join(', ')
        : null,
  }
}
