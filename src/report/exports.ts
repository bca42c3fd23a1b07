/**
 * Each gate's results in the formats of two trend dashboards teams may already run, so perf-gate can
 * feed them without a converter:
 * - github-action-benchmark, tool `customSmallerIsBetter`: an array of { name, unit, value, range?,
 *   extra? } where `range` is read as "± x" and `extra` is free text shown in the chart's tooltip;
 * - Bencher Metric Format (BMF): { "<benchmark>": { "<measure>": { value, lower_value?, upper_value? } } }.
 *   The measures are Bencher's built-in `latency` (nanoseconds) and `throughput` (operations / second).
 * Pure: the artifact writer (gate/artifacts.ts) writes them next to results.json.
 */
import type { CellComparison, GateResults } from '../model.js'
import { median } from '../stats/descriptive.js'
import { metricLabel } from './format.js'

/** One entry of github-action-benchmark's customSmallerIsBetter / customBiggerIsBetter input. */
export interface BenchmarkActionEntry {
  name: string
  unit: string
  value: number
  range?: string
  extra?: string
}

/** One Bencher metric: the value and, optionally, its interval. */
export interface BencherMetric {
  value: number
  lower_value?: number
  upper_value?: number
}

/** Bencher Metric Format: benchmark name -> measure slug -> metric. */
export type BencherMetricFormat = Record<string, Record<string, BencherMetric>>

/** Keeps exported numbers readable (latency in ms to the microsecond). */
function round(value: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/** Cells whose candidate measured the metric: a cell with no usable run has nothing to export. */
function measuredCells(results: GateResults): CellComparison[] {
  return results.cells.filter((cell) => cell.candidate.n > 0)
}

/** The summary's [lower, upper] is a CI (results before `interval` existed: when n >= 2). */
function hasCi(summary: CellComparison['candidate']): boolean {
  return summary.interval === 'confidence' || (summary.interval === undefined && summary.n >= 2)
}

/** Median requests/s of the candidate's measured runs, or null without any. */
function candidateRps(cell: CellComparison): number | null {
  const rps = cell.runs
    .filter((run) => run.variant === 'candidate' && !run.warmup && run.valid)
    .map((run) => run.metrics.rps)
  return rps.length > 0 ? median(rps) : null
}

/**
 * github-action-benchmark `customSmallerIsBetter`: per cell its latency metric (geometric mean of the
 * candidate's runs, ms, with the CI as `range` text) and its error rate (%).
 */
export function benchmarkActionJson(results: GateResults): BenchmarkActionEntry[] {
  const metric = metricLabel(results.metric)
  const level = `${Math.round(results.confidence * 100)}% CI`
  return measuredCells(results).flatMap((cell) => {
    const c = cell.candidate
    const half = (c.upper - c.lower) / 2
    const latency: BenchmarkActionEntry = {
      name: `${cell.cell} ${metric}`,
      unit: 'ms',
      value: round(c.mean, 3),
      ...(hasCi(c) ? { range: `± ${round(half, 3)}` } : {}),
      extra: [
        `geometric mean of ${c.n} ${c.unit === 'night' ? 'night(s)' : 'run(s)'}`,
        ...(hasCi(c) ? [`${level} ${round(c.lower, 3)} to ${round(c.upper, 3)} ms`] : []),
        `verdict ${cell.verdict}`,
        ...(results.gitSha ? [`commit ${results.gitSha}`] : []),
      ].join('\n'),
    }
    const errors: BenchmarkActionEntry = {
      name: `${cell.cell} error rate`,
      unit: '%',
      value: round(cell.errorRate.candidate * 100, 4),
      // Not `range`: the action reads that as "± x", and a Wilson interval is not symmetric.
      extra: `Wilson ${level} ${round(cell.errorRate.candidateInterval[0] * 100, 4)} to ${round(cell.errorRate.candidateInterval[1] * 100, 4)} %`,
    }
    return [latency, errors]
  })
}

/**
 * Bencher Metric Format: one benchmark per cell (`<cell> <metric>`), measure `latency` in nanoseconds
 * (the geometric mean with its CI) and `throughput` (median requests/s of the candidate's runs).
 */
export function bencherJson(results: GateResults): BencherMetricFormat {
  const metric = metricLabel(results.metric)
  const out: BencherMetricFormat = {}
  for (const cell of measuredCells(results)) {
    const c = cell.candidate
    const ns = (ms: number) => round(ms * 1e6, 0)
    const measures: Record<string, BencherMetric> = {
      latency: {
        value: ns(c.mean),
        ...(hasCi(c) ? { lower_value: ns(c.lower), upper_value: ns(c.upper) } : {}),
      },
    }
    const rps = candidateRps(cell)
    if (rps !== null) measures.throughput = { value: round(rps, 3) }
    out[`${cell.cell} ${metric}`] = measures
  }
  return out
}
