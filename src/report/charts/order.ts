/**
 * Which cells and runs the charts show, and in which order: profiles as the config lists them,
 * scenarios from light to heavy load, and the cells that matter most when there are too many.
 */
import type { CellComparison, GateResults, RunResult } from '../../model.js'
import { verdictSeverity } from '../format.js'

/** The cells to chart when there are too many, kept in the results' order. */
export function selectCells(results: GateResults, max: number): CellComparison[] {
  if (results.cells.length <= max) return results.cells
  const rank = (cell: CellComparison): number => (cell.control ? 3 : verdictSeverity(cell.verdict))
  const picked = new Set(
    [...results.cells]
      .sort((a, b) => rank(a) - rank(b) || Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0))
      .slice(0, max),
  )
  return results.cells.filter((cell) => picked.has(cell))
}

/** The runs the statistics use: measured (not warm-up) and valid (stats/run-selection.ts). */
export function measuredRuns(cell: CellComparison): RunResult[] {
  return cell.runs.filter((run) => !run.warmup && run.valid)
}

/** Profiles in the order the config lists them (the order cells first appear). */
export function profileOrder(results: GateResults): string[] {
  return [...new Set(results.cells.map((cell) => cell.profile))]
}

/**
 * Scenarios by load level when known, so facets read from light to heavy load. A sweep's levels
 * (`c@vus=1`, `c@vus=2`, ...) stay together, in the order the config lists the sweeps, so a scenario
 * at the same level (`kib` at one user) does not land between them.
 */
export function scenarioOrder(results: GateResults): string[] {
  const first = new Map<string, number>()
  results.cells.forEach((cell, i) => {
    if (!first.has(cell.scenario)) first.set(cell.scenario, i)
  })
  const family = (scenario: string): string => {
    const at = scenario.indexOf('@')
    return at > 0 ? scenario.slice(0, at) : ''
  }
  const families = [...new Set([...first.keys()].map(family))]
  const level = (scenario: string): number => {
    const cell = results.cells.find((c) => c.scenario === scenario)
    return cell ? (cellConcurrency(cell) ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY
  }
  return [...first.keys()].sort(
    (a, b) =>
      families.indexOf(family(a)) - families.indexOf(family(b)) ||
      level(a) - level(b) ||
      (first.get(a) ?? 0) - (first.get(b) ?? 0),
  )
}

/** Scenarios side by side in one row up to this many; more (a sweep's levels) wrap into rows of it. */
const SCENARIO_COLUMNS = 3

/**
 * Facet by scenario only when there is more than one (a single facet is just a frame): one row of
 * columns, or for a sweep's many levels, rows of SCENARIO_COLUMNS, in level order, so a 5-level sweep
 * stays as readable as a single chart instead of five panels wide.
 */
export function byScenario(results: GateResults): Record<string, unknown> | null {
  const scenarios = scenarioOrder(results)
  if (scenarios.length <= 1) return null
  if (scenarios.length <= SCENARIO_COLUMNS)
    return { facet: { column: { field: 'scenario', sort: scenarios, title: null } } }
  // Each panel keeps its own x axis: with a shared one, Vega-Lite draws the bottom row's axis under
  // an empty slot too (5 levels in rows of 3), labelling a panel that is not there.
  return {
    facet: { field: 'scenario', sort: scenarios, title: null },
    columns: SCENARIO_COLUMNS,
    resolve: { axis: { x: 'independent' } },
  }
}

/**
 * The cell's load level: the engine's field when set, else a number in a scenario named like "vus-50",
 * "c50" or "rate-1000" (results written before the field existed).
 */
export function cellConcurrency(cell: CellComparison): number | undefined {
  if (cell.concurrency !== undefined) return cell.concurrency
  const match = /(?:^|[^a-z])(?:vus?|c|conc|concurrency|rate|rps)[-_]?(\d+)(?:$|[^0-9])/i.exec(cell.scenario)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

/** How a cell's load is driven: an arrival rate (open model) or a number of VUs (closed model). */
export type LoadModel = 'open' | 'closed'

/**
 * The cell's load model: the engine's field when set, else a guess from the scenario name (results
 * written before the field existed): "rate", "rps" or "arrival" in it means an arrival rate.
 */
export function cellLoadModel(cell: CellComparison): LoadModel {
  return cell.loadModel ?? (/rate|rps|arrival/i.test(cell.scenario) ? 'open' : 'closed')
}
