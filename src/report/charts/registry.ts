/**
 * The report's charts, in reading order: the decision chart, each scenario kind's own charts (given
 * by the kinds, src/kinds/charts.ts), then the charts of any gate, listed here. Each entry names the
 * chart it builds and whether it is a headline chart, shown open in the PR comment; the rest fold
 * into a details block. Adding a chart is a file beside this one and a line here (or, for a chart of
 * one kind's figure, a file in the kind's folder and an entry in its `charts`).
 */
import type { GateResults } from '../../model.js'
import { cdfChart } from './cdf.js'
import { concurrencyChart } from './concurrency.js'
import { decisionChart } from './decision.js'
import { latencyComparisonChart } from './latency-comparison.js'
import { latencyDistributionChart } from './latency-distribution.js'
import { nightTrendChart } from './night-trend.js'
import { selectCells } from './order.js'
import { overheadChart, type OverheadOptions } from './overhead.js'
import { resourceChart } from './resources.js'
import type { ChartDefinition } from './theme.js'
import { timelineChart } from './timeline.js'

export interface ChartOptions extends OverheadOptions {
  /**
   * Most cells charted; beyond it the most important are kept. Default 60: a seed-000 matrix (5
   * profiles x 5 levels, plus a payload level per profile) must chart every cell.
   */
  maxCells?: number
}

/** Cells charted before the charts keep only the most important ones. */
export const DEFAULT_MAX_CHART_CELLS = 60

export interface ChartEntry {
  /** The id of the chart it builds. */
  id: string
  /** Null when the results have nothing for this chart. */
  build: (results: GateResults, options: ChartOptions) => ChartDefinition | null
  /** A headline chart: the comment shows it open (at most CHARTS_OPEN_IN_COMMENT of them). */
  shownInComment: boolean
}

/** The first chart: the verdict's own view of the cells. */
const DECISION_CHART: ChartEntry = { id: 'decision', build: decisionChart, shownInComment: true }

/** The charts of any gate, in reading order, after the kinds' own. */
const GATE_CHARTS: readonly ChartEntry[] = [
  { id: 'latency-comparison', build: latencyComparisonChart, shownInComment: true },
  { id: 'cdf', build: cdfChart, shownInComment: false },
  { id: 'night-trend', build: nightTrendChart, shownInComment: false },
  { id: 'timeline', build: timelineChart, shownInComment: false },
  { id: 'concurrency', build: (results) => concurrencyChart(results, 'closed'), shownInComment: false },
  { id: 'arrival-rate', build: (results) => concurrencyChart(results, 'open'), shownInComment: false },
  { id: 'overhead', build: overheadChart, shownInComment: false },
  { id: 'latency-distribution', build: latencyDistributionChart, shownInComment: false },
  { id: 'resources', build: resourceChart, shownInComment: false },
]

/** Charts the PR comment shows open; a comment that opens with nine charts buries the table. */
export const CHARTS_OPEN_IN_COMMENT = 2

/** A report's charts: every entry in reading order, and the two questions asked of them. */
export interface ChartRegistry {
  entries: readonly ChartEntry[]
  build(results: GateResults, options?: ChartOptions): ChartDefinition[]
  shownInComment(ids: readonly string[]): Set<string>
}

/** The charts of a report whose scenario kinds chart their own figures with `kindCharts`. */
export function chartRegistry(kindCharts: readonly ChartEntry[]): ChartRegistry {
  const entries = [DECISION_CHART, ...kindCharts, ...GATE_CHARTS]
  return {
    entries,
    build: (results, options = {}) => buildCharts(entries, results, options),
    shownInComment: (ids) => shownInComment(entries, ids),
  }
}

/**
 * Which of these charts (ids, in reading order) the comment shows open: the headline charts, then,
 * when fewer than CHARTS_OPEN_IN_COMMENT are present, the next charts in reading order, at most
 * CHARTS_OPEN_IN_COMMENT in all.
 */
function shownInComment(charts: readonly ChartEntry[], ids: readonly string[]): Set<string> {
  const headline = new Set(charts.filter((entry) => entry.shownInComment).map((entry) => entry.id))
  const ordered = [...ids.filter((id) => headline.has(id)), ...ids.filter((id) => !headline.has(id))]
  return new Set(ordered.slice(0, CHARTS_OPEN_IN_COMMENT))
}

/**
 * Every chart applicable to these results, in reading order. Past maxCells (default 60) the charts show
 * only the cells that matter most (regressions, then inconclusive, then the largest changes), since a
 * chart of hundreds of panels is unreadable and slow to render; the definition's title says so.
 */
function buildCharts(
  charts: readonly ChartEntry[],
  results: GateResults,
  options: ChartOptions,
): ChartDefinition[] {
  const shown = selectCells(results, options.maxCells ?? DEFAULT_MAX_CHART_CELLS)
  const view = shown.length === results.cells.length ? results : { ...results, cells: shown }
  const suffix = view === results ? '' : ` (${shown.length} of ${results.cells.length} cells)`
  return charts
    .map((entry) => entry.build(view, options))
    .filter((chart): chart is ChartDefinition => chart !== null)
    .map((chart) => (suffix ? { ...chart, title: `${chart.title}${suffix}` } : chart))
}
