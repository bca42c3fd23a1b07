/**
 * What a report says, independent of how it is written: the headline, the table rows, each cell's
 * details, the environment. The markdown and HTML renderers both read this, so the PR comment and the
 * HTML report can never disagree on a number.
 *
 * This module assembles the content; each section is built in content/: the head (context, attention,
 * inconclusive resolution), the decision line and notes, the cell table, each cell's details and
 * statistics, capacity and arena tables, figures, change points and the environment.
 */
import type { GateResults, Verdict } from '../model.js'
import type { FigureTable } from './format.js'
import { metricLabel, verdictSeverity } from './format.js'
import { headline } from './headline.js'
import { cpuPerRequestLine } from './cpu-content.js'
import { arenaTables, type ArenaTable } from './content/arena.js'
import { capacityRow, type CapacityRow } from './content/capacity.js'
import { buildDetail, type CellDetail } from './content/cell-details.js'
import { buildRow, type CellRow } from './content/cell-rows.js'
import { changePointSection, type ChangePointSection } from './content/change-points.js'
import { decisionLine, reportNotes } from './content/decision.js'
import { baselineRows, environment } from './content/environment.js'
import { figureTables } from './content/figures.js'
import { attention, context, inconclusiveResolution, type Attention } from './content/head.js'

export type { FigureTable }
export type { ArenaRow, ArenaTable } from './content/arena.js'
export type { CapacityRow } from './content/capacity.js'
export type { CellDetail, RunRow } from './content/cell-details.js'
export { summaryLabel, type CellRow } from './content/cell-rows.js'
export { changePointSection, type ChangePointRow, type ChangePointSection } from './content/change-points.js'
export { acceptanceText, decisionLine, reportNotes } from './content/decision.js'
export { figureTables } from './content/figures.js'
export { gatedCells, inconclusiveResolution, type Attention } from './content/head.js'

export interface ReportContent {
  verdict: Verdict
  mode: GateResults['mode']
  headline: string
  /** Which evidence decided and why, in one line; null for results without a decision policy. */
  decision: string | null
  gateName: string
  /** Context for the headline after the gate's name: metric, threshold, confidence, baseline. */
  context: string[]
  /** The cells to look at first, or null when there are none. */
  attention: Attention | null
  metric: string
  /** The confidence level of every interval shown, e.g. 0.95. */
  confidence: number
  rows: CellRow[]
  /** Capacity-search cells, empty when the gate ran none. */
  capacity: CapacityRow[]
  /** Arena scenarios, one ranking each; empty when the gate ran none. */
  arena: ArenaTable[]
  details: CellDetail[]
  environment: Array<[string, string]>
  baseline: Array<[string, string]> | null
  /**
   * For inconclusive cells only, the smallest change their runs would block (80% power): what more
   * runs would resolve. Null when no inconclusive cell has one. Beside a pass or a regression such a
   * number reads as a second verdict, so it is never shown there.
   */
  inconclusiveResolution: string | null
  /** Said under the table when a baseline of nights gives a prediction interval, not a CI; else null. */
  intervalNote: string | null
  /** The gate's notes, less those that repeat what the report already says (see reportNotes). */
  notes: string[]
  /** Overhead vs the reference profile per level and per-hook cost; empty without figures. */
  figures: FigureTable[]
  /** Change points of the stored history; null when results.json has none. */
  changePoints: ChangePointSection | null
  /** The gateway CPU per request in one line for the comment's head; null without it. */
  cpuLine: string | null
}

/** Builds the report's content from the gate results; pure and deterministic. */
export function buildReportContent(results: GateResults): ReportContent {
  const metric = metricLabel(results.metric)
  // Regressions first: when the comment has to be cut, what gets cut is what needs no action.
  const cells = results.cells
    .map((cell, index) => ({ cell, index }))
    .sort((a, b) => verdictSeverity(a.cell.verdict) - verdictSeverity(b.cell.verdict) || a.index - b.index)
    .map(({ cell }) => cell)
  const rows = cells.map((cell) => buildRow(cell, results.mode))
  return {
    verdict: results.verdict,
    mode: results.mode,
    headline: headline(results),
    decision: decisionLine(results),
    gateName: results.name,
    context: context(results, metric),
    attention: attention(results),
    metric,
    confidence: results.confidence,
    rows,
    capacity: cells.filter((cell) => cell.capacity).map((cell) => capacityRow(cell, results.mode)),
    arena: arenaTables(results),
    details: cells.map((cell, i) => buildDetail(cell, rows[i] as CellRow, metric)),
    environment: environment(results),
    baseline: baselineRows(results),
    inconclusiveResolution: inconclusiveResolution(results),
    intervalNote: results.cells.some((c) => c.baseline?.interval === 'prediction')
      ? `A baseline of nights: its interval is the ${Math.round(results.confidence * 100)}% prediction interval for a new night, around the nights' geometric mean.`
      : null,
    notes: reportNotes(results),
    figures: figureTables(results),
    changePoints: changePointSection(results),
    cpuLine: cpuPerRequestLine(results),
  }
}
