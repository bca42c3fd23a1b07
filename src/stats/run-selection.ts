/**
 * Which runs enter the statistics. Warm-up runs measure a cold stack and invalid runs (an open-model
 * run that dropped iterations measured a different load than it was asked for) would bias the
 * comparison, so both are left out; a run whose metric is not a positive number measured nothing.
 * Exclusions are counted so the report can say what was left out instead of doing it silently.
 */
import type { LatencyMetric, RunResult } from '../model.js'

/** The runs of one side of a cell that the statistics use, and what was left out. */
export interface RunSelection {
  /** Valid, measured (non-warm-up) runs: the error rate and check accuracy use these. */
  eligible: RunResult[]
  /** The eligible runs whose metric is a positive number: the latency statistics use these. */
  measured: RunResult[]
  warmup: number
  invalid: number
  /** Eligible runs whose metric was 0 or not a number (no request completed). */
  empty: number
  /** Distinct invalidReason texts, for the report. */
  invalidReasons: string[]
}

/** True when a run's metric can enter a log-scale statistic. */
export function hasUsableMetric(run: RunResult, metric: LatencyMetric): boolean {
  const value = run.metrics[metric]
  return Number.isFinite(value) && value > 0
}

/** A selection of no runs, to fill or to merge into. */
export function emptySelection(): RunSelection {
  return { eligible: [], measured: [], warmup: 0, invalid: 0, empty: 0, invalidReasons: [] }
}

/** Splits runs into those the statistics use and those they leave out (warm-up, invalid, empty). */
export function selectRuns(runs: readonly RunResult[], metric: LatencyMetric): RunSelection {
  const selection = emptySelection()
  for (const run of runs) {
    if (run.warmup) {
      selection.warmup += 1
    } else if (!run.valid) {
      selection.invalid += 1
      const reason = run.invalidReason ?? 'marked invalid'
      if (!selection.invalidReasons.includes(reason)) selection.invalidReasons.push(reason)
    } else {
      selection.eligible.push(run)
      if (hasUsableMetric(run, metric)) selection.measured.push(run)
      else selection.empty += 1
    }
  }
  return selection
}

/** Number of runs a selection left out. */
export function excludedCount(selection: RunSelection): number {
  return selection.warmup + selection.invalid + selection.empty
}

/** A sentence naming what was excluded from one side ("candidate", "baseline"), or null if nothing. */
export function exclusionReason(side: string, selection: RunSelection, metric: LatencyMetric): string | null {
  const parts: string[] = []
  if (selection.warmup > 0) parts.push(`${selection.warmup} warm-up run${plural(selection.warmup)}`)
  if (selection.invalid > 0) {
    parts.push(
      `${selection.invalid} invalid run${plural(selection.invalid)} (${selection.invalidReasons.join('; ')})`,
    )
  }
  if (selection.empty > 0) {
    parts.push(
      `${selection.empty} run${plural(selection.empty)} without a ${metric.toUpperCase()} (no request completed)`,
    )
  }
  if (parts.length === 0) return null
  return `${side}: excluded ${parts.join(', ')} from the statistics`
}

function plural(n: number): string {
  return n === 1 ? '' : 's'
}
