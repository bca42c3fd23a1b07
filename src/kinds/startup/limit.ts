/**
 * The start-up kind's absolute rules on top of the latency comparison (every percentile of a start-up
 * run is its time, so that comparison gates it): `startup.toleranceMs` lets an inconclusive cell pass
 * when its change is shown to be smaller than the tolerance, and `startup.maxMs` (seed 002's
 * developer-experience targets) regresses a candidate whose median time to the first successful
 * response exceeds it, whatever the comparison said. Pure.
 */
import type { CellComparison, RunResult } from '../../model.js'
import { median } from '../../stats/descriptive.js'

/** What a start-up cell's latency figures are, for the reader of its reasons. */
export const STARTUP_NOTE =
  "start-up: this cell's latency figures are times from the gateway process's start to its first successful response, one per run (a warm restart)"

/**
 * Notes what a start-up cell measures and applies `toleranceMs`, then `maxMs`; `startup` is the
 * scenario's start-up settings (undefined: not a start-up cell, returned unchanged).
 */
export function applyStartupLimit(
  cell: CellComparison,
  runs: readonly RunResult[],
  startup: { maxMs?: number | undefined; toleranceMs?: number | undefined } | undefined,
): CellComparison {
  if (startup === undefined) return cell
  return applyMaxMs(applyTolerance(cell, startup.toleranceMs), runs, startup.maxMs)
}

/**
 * An inconclusive cell passes when its change cannot exceed `toleranceMs`: the upper bound of the
 * ratio's interval, in milliseconds over the baseline's centre, is below it (a one-sided equivalence
 * test at the interval's confidence).
 */
function applyTolerance(cell: CellComparison, toleranceMs: number | undefined): CellComparison {
  if (toleranceMs === undefined || cell.control || cell.verdict !== 'inconclusive') return cell
  if (!cell.ratio || !cell.baseline || cell.baseline.n === 0) return cell
  const upperMs = cell.baseline.mean * (cell.ratio.upper - 1)
  if (!(upperMs < toleranceMs)) return cell
  return {
    ...cell,
    verdict: 'pass',
    reasons: [
      `start-up: the change is at most ${upperMs >= 0 ? '+' : ''}${upperMs.toFixed(1)} ms (upper bound of the ${Math.round(cell.ratio.confidence * 100)}% interval over the baseline's ${cell.baseline.mean.toFixed(1)} ms), below startup.toleranceMs ${toleranceMs} ms: pass`,
      ...cell.reasons,
    ],
  }
}

function applyMaxMs(
  cell: CellComparison,
  runs: readonly RunResult[],
  maxMs: number | undefined,
): CellComparison {
  if (maxMs === undefined || cell.control) return { ...cell, reasons: [...cell.reasons, STARTUP_NOTE] }
  const times = runs
    .filter((r) => r.cell === cell.cell && r.variant === 'candidate' && !r.warmup && r.valid)
    .map((r) => r.startup?.firstResponseMs)
    .filter((v): v is number => typeof v === 'number')
  if (times.length === 0) return { ...cell, reasons: [...cell.reasons, STARTUP_NOTE] }
  const m = median(times)
  if (m > maxMs) {
    return {
      ...cell,
      verdict: 'regression',
      reasons: [
        `start-up: median ${m.toFixed(0)} ms to the first successful response over ${times.length} starts exceeds the absolute limit startup.maxMs ${maxMs} ms`,
        ...cell.reasons,
        STARTUP_NOTE,
      ],
    }
  }
  return {
    ...cell,
    reasons: [
      `start-up: median ${m.toFixed(0)} ms to the first successful response over ${times.length} starts, within startup.maxMs ${maxMs} ms`,
      ...cell.reasons,
      STARTUP_NOTE,
    ],
  }
}
