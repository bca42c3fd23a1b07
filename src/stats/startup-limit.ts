/**
 * The start-up kind's optional absolute limit (startup.maxMs, seed 002's developer-experience
 * targets): a candidate whose median time to the first successful response exceeds it regresses,
 * whatever the comparison with the baseline said. The comparison itself is the latency one (every
 * percentile of a start-up run is its time). Pure.
 */
import type { CellComparison, RunResult } from '../model.js'
import { median } from './descriptive.js'

/** What a start-up cell's latency figures are, for the reader of its reasons. */
export const STARTUP_NOTE =
  "start-up: this cell's latency figures are times from the container's start to its first successful response, one per run (a warm restart)"

/**
 * Notes what a start-up cell measures and applies `maxMs`; `startup` is the scenario's start-up
 * settings (undefined: not a start-up cell, returned unchanged).
 */
export function applyStartupLimit(
  cell: CellComparison,
  runs: readonly RunResult[],
  startup: { maxMs?: number | undefined } | undefined,
): CellComparison {
  if (startup === undefined) return cell
  const maxMs = startup.maxMs
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
