/** The compact table: one row per cell with both sides, the change, error rate, accuracy and verdict. */
import type { CellComparison, GateResults, SampleSummary, Verdict } from '../../model.js'
import { decidedByCpu } from '../../stats/cpu-per-request.js'
import {
  formatDeltaMs,
  formatMs,
  formatRate,
  formatRps,
  formatSignedPct,
  roundForDisplay,
  verdictIcon,
} from '../format.js'

export interface CellRow {
  cell: string
  profile: string
  scenario: string
  control: boolean
  verdict: Verdict
  /**
   * The geometric mean over runs with its 95% CI, e.g. "1.82 ms [1.75, 1.90]" (the interval is one of
   * that geometric mean, so the two belong together; a baseline of nights gives a prediction interval
   * for a new night), or "—" without a baseline.
   */
  baseline: string
  candidate: string
  /** e.g. "+12.3% [+8.1, +16.4]": the change with the ratio's CI in percent. */
  change: string
  /** The change in ms (candidate geometric mean - baseline geometric mean), e.g. "+0.42 ms", or "—". */
  deltaMs: string
  errorRate: string
  /** True when the error rate fails the cell (above the ceiling or significantly up). */
  errorRateFails: boolean
  accuracy: string
  /** True when accuracy is below gate.minAccuracy: the cell fails on it, apart from latency. */
  accuracyFails: boolean
  /** Achieved throughput (median of runs), against the target rate of an open model: "998 / 1000 req/s". */
  throughput: string
  verdictLabel: string
}

/** How the baseline and candidate columns are summarised, for both renderers' headers. */
export function summaryLabel(confidence: number): string {
  return `geo. mean [${Math.round(confidence * 100)}% CI]`
}

/** The geometric mean and its own interval: the median would pair a centre with another's interval. */
function summaryWithCi(summary: SampleSummary | null): string {
  if (!summary) return '—'
  return `${formatMs(summary.mean)} [${roundForDisplay(summary.lower)}, ${roundForDisplay(summary.upper)}]`
}

/**
 * A row's verdict column: a control is not gated, a baseline run only records, else the verdict;
 * under gate.cpuPerRequest `only` it names CPU per request and its change, since the row's latency
 * columns did not decide it.
 */
export function verdictLabel(cell: CellComparison, mode: GateResults['mode'], verdict: Verdict): string {
  if (cell.control) return 'control (not gated)'
  if (mode === 'baseline') return '📦 recorded'
  if (!decidedByCpu(cell)) return `${verdictIcon(verdict)} ${verdict}`
  const change = cell.cpuPerRequest?.changePct
  return `${verdictIcon(verdict)} ${verdict} by CPU/request${change === null || change === undefined ? '' : ` ${formatSignedPct(change)}`}`
}

export function buildRow(cell: CellComparison, mode: GateResults['mode']): CellRow {
  const ratioCi = cell.ratio
    ? ` [${formatSignedPct((cell.ratio.lower - 1) * 100)}, ${formatSignedPct((cell.ratio.upper - 1) * 100)}]`
    : ''
  const errorRateFails = cell.errorRate.aboveCeiling || cell.errorRate.significantIncrease
  return {
    cell: cell.cell,
    profile: cell.profile,
    scenario: cell.scenario,
    control: cell.control,
    verdict: cell.verdict,
    baseline: summaryWithCi(cell.baseline),
    candidate: summaryWithCi(cell.candidate),
    change: cell.changePct === null ? '—' : `${formatSignedPct(cell.changePct)}${ratioCi}`,
    deltaMs: cell.baseline ? formatDeltaMs(cell.candidate.mean - cell.baseline.mean) : '—',
    errorRate: formatRate(cell.errorRate.candidate),
    errorRateFails,
    accuracy:
      cell.accuracy?.fails === true
        ? `${formatRate(cell.checkAccuracy)} < ${formatRate(cell.accuracy.min)}`
        : formatRate(cell.checkAccuracy),
    accuracyFails: cell.accuracy?.fails === true,
    throughput: cell.achieved
      ? `${formatRps(cell.achieved.rps)}${cell.achieved.targetRps !== undefined ? ` / ${formatRps(cell.achieved.targetRps)}` : ''}`
      : '—',
    verdictLabel: verdictLabel(cell, mode, cell.verdict),
  }
}
