/**
 * A user's own k6 script brings its own thresholds and request tags. k6 evaluates the thresholds in
 * every run (src/load/summary.ts reads them); here they are gathered per cell over its measured
 * candidate runs and, unless the scenario says `thresholds: report`, a crossing fails the cell as a
 * regression whatever the comparison with the baseline found: a threshold is an absolute limit the
 * script's author set, not a change this runner's noise could explain. Failing is the default because
 * it is k6's own (a crossed threshold exits 99) and run-k6-action's. Pure: no I/O.
 */
import type { ScenarioConfig } from '../config/schema.js'
import type { CellComparison, RunResult, Verdict } from '../model.js'
import { median } from '../stats/descriptive.js'

type ScriptThresholds = NonNullable<CellComparison['scriptThresholds']>
type CellEndpoints = NonNullable<CellComparison['endpoints']>

function measuredCandidateRuns(cell: CellComparison): RunResult[] {
  return cell.runs.filter((r) => r.variant === 'candidate' && !r.warmup && r.valid)
}

/** What a crossed threshold of the scenario's script does: `thresholds:`, "fail" when unset. */
export function thresholdsMode(scenario: ScenarioConfig): 'report' | 'fail' {
  return scenario.thresholds ?? 'fail'
}

/** The thresholds of the cell's script, each with how many measured candidate runs crossed it. */
export function cellThresholds(cell: CellComparison, scenario: ScenarioConfig): ScriptThresholds {
  const runs = measuredCandidateRuns(cell)
  const byKey = new Map<string, ScriptThresholds[number]>()
  for (const run of runs) {
    for (const t of run.metrics.thresholds ?? []) {
      const key = `${t.metric}\u0000${t.threshold}`
      const entry = byKey.get(key) ?? {
        metric: t.metric,
        threshold: t.threshold,
        crossed: 0,
        runs: 0,
        fails: false,
      }
      entry.runs += 1
      if (!t.ok) entry.crossed += 1
      entry.fails = thresholdsMode(scenario) === 'fail' && !cell.control && entry.crossed > 0
      byKey.set(key, entry)
    }
  }
  return [...byKey.values()]
}

/** Per endpoint: medians of its percentiles and error rate over the runs, requests summed. */
export function cellEndpoints(cell: CellComparison): CellEndpoints {
  const byKey = new Map<string, RunResult['metrics']['endpoints'] & object>()
  for (const run of measuredCandidateRuns(cell)) {
    for (const e of run.metrics.endpoints ?? []) {
      const key = `${e.tag}\u0000${e.value}`
      byKey.set(key, [...(byKey.get(key) ?? []), e])
    }
  }
  return [...byKey.values()].map((list) => {
    const first = list[0] as (typeof list)[number]
    return {
      tag: first.tag,
      value: first.value,
      runs: list.length,
      requests: list.reduce((sum, e) => sum + e.requests, 0),
      p50: median(list.map((e) => e.p50)),
      p95: median(list.map((e) => e.p95)),
      p99: median(list.map((e) => e.p99)),
      errorRate: median(list.map((e) => e.errorRate)),
    }
  })
}

/** How a crossed threshold reads in a cell's reasons and the report. */
export function thresholdText(t: ScriptThresholds[number]): string {
  return `k6 threshold ${t.metric}: ${t.threshold} crossed in ${t.crossed} of ${t.runs} run${t.runs === 1 ? '' : 's'}`
}

/**
 * Adds the script's thresholds and endpoints to every cell of a user's own script, and turns a cell
 * whose failing threshold was crossed into a regression with the threshold in its reasons.
 */
export function applyScriptThresholds(
  cells: readonly CellComparison[],
  scenarios: readonly ScenarioConfig[],
): CellComparison[] {
  return cells.map((cell) => {
    const scenario = scenarios.find((s) => s.name === cell.scenario)
    if (!scenario) return cell
    const thresholds = cellThresholds(cell, scenario)
    const endpoints = cellEndpoints(cell)
    if (thresholds.length === 0 && endpoints.length === 0) return cell
    const failing = thresholds.filter((t) => t.fails)
    const crossed = thresholds.filter((t) => t.crossed > 0 && !t.fails)
    return {
      ...cell,
      scriptThresholds: thresholds,
      endpoints,
      ...(failing.length > 0 ? { verdict: 'regression' as const } : {}),
      reasons: [
        ...cell.reasons,
        ...failing.map((t) => `${thresholdText(t)} (thresholds: fail)`),
        ...crossed.map((t) => `${thresholdText(t)} (reported only; thresholds: report)`),
      ],
    }
  })
}

/** The gate's verdict once failing thresholds are counted: any such cell makes it a regression. */
export function verdictWithThresholds(verdict: Verdict, cells: readonly CellComparison[]): Verdict {
  return cells.some((c) => !c.control && c.scriptThresholds?.some((t) => t.fails)) ? 'regression' : verdict
}
