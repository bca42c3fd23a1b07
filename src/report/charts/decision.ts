/**
 * The rule that decides, drawn: each cell's change (the ratio's estimate and interval, in %) against
 * 0% and the threshold. Bars are coloured by the latency verdict, the region beyond the threshold is
 * shaded, and each row says which bound decided. Only cells with a ratio appear.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { CellComparison, GateResults, RatioEstimate, Verdict } from '../../model.js'
import { formatSignedPct, metricLabel } from '../format.js'
import {
  CHART_CONFIG,
  CHART_SCHEMA,
  MUTED,
  THRESHOLD_COLOR,
  tidy,
  VERDICT_COLORS,
  type ChartDefinition,
} from './theme.js'

type Row = Record<string, string | number>

/** The comparison a cell was decided by: its latency ratio, or its CPU per request's under `only`. */
interface Decided {
  ratio: RatioEstimate
  verdict: Verdict
  /** Candidate minus baseline mean, in the metric's unit (ms, or µs per request). */
  delta: number
}

function decidedBy(cell: CellComparison, cpuOnly: boolean): Decided | null {
  if (cpuOnly) {
    const cpu = cell.cpuPerRequest
    if (!cpu?.ratio || !cpu.baseline) return null
    return { ratio: cpu.ratio, verdict: cpu.verdict, delta: cpu.candidate.mean - cpu.baseline.mean }
  }
  if (!cell.ratio || !cell.baseline) return null
  return { ratio: cell.ratio, verdict: cell.latencyVerdict, delta: cell.candidate.mean - cell.baseline.mean }
}

/**
 * Which part of the verdict rule decided a cell's latency verdict (stats/verdict.ts), in the words of
 * the rule: pass when the upper bound is below 1 + threshold; regression when the lower bound is above
 * 1 and the estimate above 1 + threshold; inconclusive otherwise.
 */
function ruleText(cell: CellComparison, decided: Decided, thresholdPct: number): string {
  const { ratio, verdict } = decided
  const pct = (value: number): string => formatSignedPct((value - 1) * 100)
  const limit = formatSignedPct(thresholdPct, 0)
  if (cell.control) return 'control: monitors the runner, not gated'
  let text: string
  if (verdict === 'pass') text = `pass: upper ${pct(ratio.upper)} < ${limit}`
  else if (verdict === 'regression')
    text = `regression: lower ${pct(ratio.lower)} > 0%, estimate ${pct(ratio.estimate)} > ${limit}`
  // Significant and above the threshold, yet inconclusive: the stricter block confidence or Holm's
  // correction over the cells held it back (stats/verdict.ts, multiple-testing.ts).
  else if (ratio.lower > 1 && ratio.estimate > 1 + thresholdPct / 100)
    text = `inconclusive: estimate ${pct(ratio.estimate)} > ${limit}, not yet significant enough to block`
  else if (ratio.lower > 1)
    text = `inconclusive: estimate ${pct(ratio.estimate)} ≤ ${limit}, upper ${pct(ratio.upper)} above`
  else text = `inconclusive: upper ${pct(ratio.upper)} ≥ ${limit}, lower ≤ 0%`
  return cell.verdict === verdict ? text : `${text}; error rate: ${cell.verdict}`
}

/** A row per cell decided by its ratio (latency's, or CPU per request's under `only`). */
function decisionValues(results: GateResults, thresholdPct: number, cpuOnly: boolean): Row[] {
  const values: Row[] = []
  for (const cell of results.cells) {
    // Capacity and arena cells are decided by their capacity or score, which this chart does not draw.
    const decided = decidedBy(cell, cpuOnly)
    if (!decided || cell.capacity || cell.arena) continue
    values.push({
      cell: cell.cell,
      region: cell.control ? 'control' : decided.verdict,
      estimatePct: tidy((decided.ratio.estimate - 1) * 100),
      lowerPct: tidy((decided.ratio.lower - 1) * 100),
      upperPct: tidy((decided.ratio.upper - 1) * 100),
      // Latency in ms, CPU per request in µs: named by unit, as the tooltip says.
      [cpuOnly ? 'deltaUs' : 'deltaMs']: tidy(decided.delta),
      rule: ruleText(cell, decided, thresholdPct),
    })
  }
  return values
}

/** The plot: the shaded regression side, the 0% and threshold lines, and each cell's interval and estimate. */
function decisionPlot(
  x: Record<string, unknown>,
  y: Record<string, unknown>,
  color: Record<string, unknown>,
  thresholdPct: number,
  delta: { field: string; title: string },
): Record<string, unknown> {
  const tooltip = [
    { field: 'cell', title: 'Cell' },
    { field: 'estimatePct', title: 'Change (%)' },
    { field: 'lowerPct', title: 'CI lower (%)' },
    { field: 'upperPct', title: 'CI upper (%)' },
    delta,
    { field: 'rule', title: 'Decided by' },
  ]
  return {
    width: 300,
    height: { step: 26 },
    layer: [
      {
        // The regression side of the threshold: only an interval whose lower end is above 0% and
        // whose estimate lies in here blocks. One datum: inherited rows would stack one rect each.
        data: { values: [{}] },
        mark: { type: 'rect', color: VERDICT_COLORS.regression, opacity: 0.08 },
        encoding: { x: { ...x, datum: thresholdPct }, x2: { value: 'width' } },
      },
      {
        data: { values: [{}] },
        mark: { type: 'rule', color: MUTED, strokeWidth: 1 },
        encoding: { x: { ...x, datum: 0 } },
      },
      {
        data: { values: [{}] },
        mark: { type: 'rule', color: THRESHOLD_COLOR, strokeWidth: 1.5, strokeDash: [5, 3] },
        encoding: { x: { ...x, datum: thresholdPct } },
      },
      {
        mark: { type: 'rule', strokeWidth: 3 },
        encoding: { x: { ...x, field: 'lowerPct' }, x2: { field: 'upperPct' }, y, color, tooltip },
      },
      {
        mark: { type: 'point', filled: true, size: 60, opacity: 1 },
        encoding: { x: { ...x, field: 'estimatePct' }, y, color, tooltip },
      },
    ],
  }
}

/** Each cell's change against 0% and the threshold, or null without a cell decided by its ratio. */
export function decisionChart(results: GateResults): ChartDefinition | null {
  const thresholdPct = results.threshold * 100
  const cpuOnly = results.cells.some((cell) => cell.cpuPerRequest?.only)
  const metric = cpuOnly ? 'CPU per request' : metricLabel(results.metric)
  const values = decisionValues(results, thresholdPct, cpuOnly)
  if (values.length === 0) return null
  const cells = values.map((row) => row.cell as string)
  const lows = values.map((row) => row.lowerPct as number)
  const highs = values.map((row) => row.upperPct as number)
  // Room on both sides of 0 and the threshold, in whole 5% steps, so both lines are always in view.
  const domain = [
    Math.floor((Math.min(0, ...lows) - 2) / 5) * 5,
    Math.ceil((Math.max(thresholdPct, ...highs) + 2) / 5) * 5,
  ]
  const regions = ['pass', 'inconclusive', 'regression', 'control'].filter((r) =>
    values.some((row) => row.region === r),
  )
  const x = {
    type: 'quantitative',
    scale: { domain, nice: false },
    title: `${metric} change vs baseline (%), ${Math.round(results.confidence * 100)}% CI`,
  }
  // Cell names (profile/scenario) run long; a label cut to vega's default 180 px hides which cell it is.
  const y = { field: 'cell', type: 'nominal', sort: cells, title: null, axis: { labelLimit: 360 } }
  const color = {
    field: 'region',
    type: 'nominal',
    // The text beside each row names the verdict; a legend would repeat it.
    legend: null,
    scale: { domain: regions, range: regions.map((r) => VERDICT_COLORS[r as keyof typeof VERDICT_COLORS]) },
  }
  // The rule that decided each row, beside it: a second view sharing the rows.
  const rules = {
    width: 10,
    height: { step: 26 },
    view: { stroke: null },
    mark: { type: 'text', align: 'left', fontSize: 11 },
    encoding: { y: { ...y, axis: null }, text: { field: 'rule' }, color },
  }
  const title = {
    text: `${metric} change against the ${formatSignedPct(thresholdPct, 0)} threshold`,
    subtitle: [
      `Pass: upper end left of the red line. Regression: lower end right of 0%`,
      `and the dot right of the red line. Otherwise inconclusive.`,
    ],
  }
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    hconcat: [
      decisionPlot(
        x,
        y,
        color,
        thresholdPct,
        cpuOnly
          ? { field: 'deltaUs', title: 'Change (µs per request)' }
          : { field: 'deltaMs', title: 'Change (ms, geometric means)' },
      ),
      rules,
    ],
    spacing: 12,
    config: CHART_CONFIG,
  }
  return { id: 'decision', title: title.text, spec: spec as TopLevelSpec }
}
