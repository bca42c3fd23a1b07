/**
 * Vega-Lite specs for the report's charts, built from gate results. Pure and deterministic: the same
 * results give the same JSON, which is what the snapshot tests pin and what the HTML report embeds.
 * Every spec carries its data inline (no URLs: rendering must work without a network).
 */
import type { TopLevelSpec } from 'vega-lite'
import type { CellComparison, GateResults, RunResult } from '../model.js'
import { formatDeltaMs, formatSignedPct, metricLabel, verdictSeverity } from './format.js'
import { capacityChart } from './capacity-chart.js'
import { arenaChart } from './arena-chart.js'

/** The one font family the charts use; render.ts ships this font to resvg so PNG text matches the SVG. */
export const CHART_FONT = 'DejaVu Sans'

export interface ChartDefinition {
  /** Stable, file-name safe: used for artifact names and HTML element ids. */
  id: string
  title: string
  spec: TopLevelSpec
}

export interface ChartOptions {
  /**
   * The profile overhead is measured against. Default: a profile named "no-policies", else the first
   * control profile (e.g. "no-gateway").
   */
  referenceProfile?: string
  /**
   * Most cells charted; beyond it the most important are kept. Default 60: a seed-000 matrix (5
   * profiles x 5 levels, plus a payload level per profile) must chart every cell.
   */
  maxCells?: number
}

/** Cells charted before the charts keep only the most important ones. */
export const DEFAULT_MAX_CHART_CELLS = 60

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json'
const VARIANT_COLORS: Record<string, string> = { baseline: '#9aa4ae', candidate: '#1f6feb' }
const THRESHOLD_COLOR = '#d1242f'
const PERCENTILES = ['p50', 'p90', 'p95', 'p99', 'max'] as const

// Titles are normal weight because only the regular face is shipped: a bold request would be drawn
// regular by resvg anyway, and the SVG and PNG should look the same.
const config = {
  font: CHART_FONT,
  background: 'white',
  title: {
    fontSize: 14,
    fontWeight: 'normal',
    anchor: 'start',
    subtitleFontSize: 11,
    subtitleColor: '#57606a',
  },
  axis: { titleFontWeight: 'normal', labelFontSize: 11, titleFontSize: 12 },
  legend: { titleFontWeight: 'normal', labelFontSize: 11, titleFontSize: 12 },
  header: { titleFontWeight: 'normal', labelFontSize: 12, titleFontSize: 12 },
} as const

/** The schema URL and config every chart shares (for chart builders in their own modules). */
export { SCHEMA as CHART_SCHEMA, config as CHART_CONFIG }

/** A colour scale for the variants present, so a candidate-only chart has no "baseline" legend entry. */
function variantScale(values: Array<Record<string, unknown>>): { domain: string[]; range: string[] } {
  const present = new Set(values.map((row) => row.variant))
  const domain = ['baseline', 'candidate'].filter((variant) => present.has(variant))
  return { domain, range: domain.map((variant) => VARIANT_COLORS[variant] ?? '#888888') }
}

/**
 * Every chart applicable to these results, in reading order. Past maxCells (default 60) the charts show
 * only the cells that matter most (regressions, then inconclusive, then the largest changes), since a
 * chart of hundreds of panels is unreadable and slow to render; the definition's title says so.
 */
export function buildCharts(results: GateResults, options: ChartOptions = {}): ChartDefinition[] {
  const shown = selectCells(results, options.maxCells ?? DEFAULT_MAX_CHART_CELLS)
  const view = shown.length === results.cells.length ? results : { ...results, cells: shown }
  const charts = [
    decisionChart(view),
    capacityChart(view),
    arenaChart(view),
    latencyComparisonChart(view),
    cdfChart(view),
    nightTrendChart(view),
    timelineChart(view),
    concurrencyChart(view, 'closed'),
    concurrencyChart(view, 'open'),
    overheadChart(view, options),
    latencyDistributionChart(view),
    resourceChart(view),
  ]
  const suffix = view === results ? '' : ` (${shown.length} of ${results.cells.length} cells)`
  return charts
    .filter((chart): chart is ChartDefinition => chart !== null)
    .map((chart) => (suffix ? { ...chart, title: `${chart.title}${suffix}` } : chart))
}

/** The cells to chart when there are too many, kept in the results' order. */
function selectCells(results: GateResults, max: number): CellComparison[] {
  if (results.cells.length <= max) return results.cells
  const rank = (cell: CellComparison): number => (cell.control ? 3 : verdictSeverity(cell.verdict))
  const picked = new Set(
    [...results.cells]
      .sort((a, b) => rank(a) - rank(b) || Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0))
      .slice(0, max),
  )
  return results.cells.filter((cell) => picked.has(cell))
}

/** Profiles in the order the config lists them (the order cells first appear). */
function profileOrder(results: GateResults): string[] {
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

/**
 * The cell's load level: the engine's field when set, else a number in a scenario named like "vus-50",
 * "c50" or "rate-1000" (results written before the field existed).
 */
export function cellConcurrency(cell: CellComparison): number | undefined {
  if (cell.concurrency !== undefined) return cell.concurrency
  const match = /(?:^|[^a-z])(?:vus?|c|conc|concurrency|rate|rps)[-_]?(\d+)(?:$|[^0-9])/i.exec(cell.scenario)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

function measuredRuns(cell: CellComparison): RunResult[] {
  return cell.runs.filter((run) => !run.warmup && run.valid)
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const value = sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
  return value ?? null
}

/**
 * Axis values for a ratio on a log scale: 1, 2 and 5 times powers of ten within [low, high]; on a
 * range too narrow for three of those (1x..1.6x), evenly spaced nice steps instead.
 */
export function ratioTicks(low: number, high: number): number[] {
  const ticks: number[] = []
  for (let e = Math.floor(Math.log10(low)); e <= Math.ceil(Math.log10(high)); e++) {
    for (const m of [1, 2, 5]) {
      const v = tidy(m * 10 ** e)
      if (v >= low * 0.999 && v <= high * 1.001) ticks.push(v)
    }
  }
  if (ticks.length >= 3) return ticks
  const raw = (high - low) / 4
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude
  const linear: number[] = []
  for (let v = Math.ceil(low / step) * step; v <= high * 1.001; v += step) linear.push(tidy(v))
  return linear
}

/** Keeps specs and snapshots free of float noise like 1.8900000000000001. */
function tidy(value: number): number {
  return Number(value.toPrecision(6))
}

/** Scenarios side by side in one row up to this many; more (a sweep's levels) wrap into rows of it. */
const SCENARIO_COLUMNS = 3

/**
 * Facet by scenario only when there is more than one (a single facet is just a frame): one row of
 * columns, or for a sweep's many levels, rows of SCENARIO_COLUMNS, in level order, so a 5-level sweep
 * stays as readable as a single chart instead of five panels wide.
 */
function byScenario(results: GateResults): Record<string, unknown> | null {
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
 * Per profile, the geometric mean of per-run P95 for baseline and candidate with its 95% CI as error
 * bars (the interval belongs to the geometric mean, so the bar is that, not the median), and above each
 * candidate bar its change: in percent (the ratio the gate tests) and in ms (the difference of the
 * geometric means, what a latency budget is written in). The threshold is not drawn here:
 * the verdict tests the ratio's interval, which the decision chart shows against the threshold.
 */
export function latencyComparisonChart(results: GateResults): ChartDefinition | null {
  if (results.cells.length === 0) return null
  const metric = metricLabel(results.metric)
  const values: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
    const sides = [['candidate', cell.candidate] as const, ['baseline', cell.baseline] as const]
    for (const [variant, summary] of sides) {
      if (!summary) continue
      values.push({
        kind: 'value',
        cell: cell.cell,
        profile: cell.profile,
        scenario: cell.scenario,
        variant,
        mean: tidy(summary.mean),
        lower: tidy(summary.lower),
        upper: tidy(summary.upper),
        n: summary.n,
      })
    }
    if (cell.baseline && cell.changePct !== null) {
      const deltaMs = cell.candidate.mean - cell.baseline.mean
      values.push({
        kind: 'change',
        cell: cell.cell,
        profile: cell.profile,
        scenario: cell.scenario,
        variant: 'candidate',
        top: tidy(Math.max(cell.candidate.upper, cell.candidate.mean)),
        changePct: tidy(cell.changePct),
        deltaMs: tidy(deltaMs),
        pct: formatSignedPct(cell.changePct, 0),
        ms: formatDeltaMs(deltaMs),
      })
    }
  }
  const hasChange = values.some((row) => row.kind === 'change')
  const profiles = profileOrder(results)
  const variants = variantScale(values.filter((row) => row.kind === 'value'))
  const x = { field: 'profile', type: 'nominal', sort: profiles, title: null, axis: { labelAngle: -30 } }
  const xOffset = { field: 'variant', sort: variants.domain, scale: { domain: variants.domain } }
  const layer = [
    {
      transform: [{ filter: "datum.kind === 'value'" }],
      mark: { type: 'bar', opacity: 0.85 },
      encoding: {
        x,
        xOffset,
        y: { field: 'mean', type: 'quantitative', title: `${metric} (ms), geometric mean` },
        color: { field: 'variant', type: 'nominal', scale: variants, title: null },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'variant', title: 'Variant' },
          { field: 'mean', title: `${metric} geometric mean (ms)` },
          { field: 'lower', title: 'CI lower' },
          { field: 'upper', title: 'CI upper' },
          { field: 'n', title: 'Runs' },
        ],
      },
    },
    {
      transform: [{ filter: "datum.kind === 'value'" }],
      mark: { type: 'rule', color: '#24292f', strokeWidth: 1.5 },
      encoding: {
        x,
        xOffset,
        y: { field: 'lower', type: 'quantitative' },
        y2: { field: 'upper' },
      },
    },
    // Two text layers, not one two-line text: vega grows multi-line text downwards from its anchor,
    // into the bar.
    ...(hasChange
      ? [
          ['ms', -4],
          ['pct', -17],
        ].map(([field, dy]) => ({
          transform: [{ filter: "datum.kind === 'change'" }],
          mark: { type: 'text', baseline: 'bottom', dy, fontSize: 10, color: '#24292f' },
          encoding: {
            x,
            xOffset,
            y: { field: 'top', type: 'quantitative' },
            text: { field: field as string },
            tooltip: [
              { field: 'cell', title: 'Cell' },
              { field: 'changePct', title: 'Change (%)' },
              { field: 'deltaMs', title: 'Change (ms, geometric means)' },
            ],
          },
        }))
      : []),
  ]
  const nights = results.cells.some((cell) => cell.baseline?.interval === 'prediction')
  const title = {
    text: `${metric} latency: baseline vs candidate`,
    // Short lines: vega sizes the image from an estimate of text width (no canvas here), which
    // overestimates long lines and leaves the image half empty.
    subtitle: [
      `Bars: geometric mean of per-run ${metric}; lines: its 95% CI`,
      ...(nights ? ['(a baseline of nights: prediction interval)'] : []),
      ...(hasChange ? ['Above each candidate: change in % and ms'] : []),
    ],
  }
  const facet = byScenario(results)
  // Wide enough per profile for the two-line change label above the candidate bar.
  const unit = { width: Math.max(240, profiles.length * 72), height: 220, layer }
  const spec = facet
    ? {
        $schema: SCHEMA,
        title,
        data: { values },
        ...facet,
        spec: unit,
        resolve: { scale: { y: 'independent' } },
        config,
      }
    : { $schema: SCHEMA, title, data: { values }, ...unit, config }
  return { id: 'latency-comparison', title: title.text, spec: spec as TopLevelSpec }
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

const LOAD_AXIS: Record<LoadModel, { id: string; axis: string; short: string; tooltip: string }> = {
  closed: { id: 'concurrency', axis: 'Virtual users (VUs)', short: 'VUs', tooltip: 'VUs' },
  open: {
    id: 'arrival-rate',
    axis: 'Arrival rate (req/s)',
    short: 'arrival rate',
    tooltip: 'Arrival rate (req/s)',
  },
}

/**
 * Latency and throughput against the load level, one line per profile, when the scenarios of one load
 * model sweep at least two levels. VUs and arrival rates are different quantities, so each model
 * gets its own chart (ids "concurrency" and "arrival-rate") with its axis named after what it is.
 * The candidate's CI is a band; a baseline, when present, is a dashed line.
 */
export function concurrencyChart(results: GateResults, model: LoadModel = 'closed'): ChartDefinition | null {
  const metric = metricLabel(results.metric)
  const load = LOAD_AXIS[model]
  const cellsOfModel = results.cells.filter((cell) => cellLoadModel(cell) === model)
  const levels = new Set(cellsOfModel.map(cellConcurrency).filter((level) => level !== undefined))
  if (levels.size < 2) return null
  // A profile swept at several payload sizes gets one line per size, or its points would zigzag.
  const payloads = new Map<string, Set<number | undefined>>()
  for (const cell of cellsOfModel) {
    const set = payloads.get(cell.profile) ?? new Set()
    set.add(cell.payloadBytes)
    payloads.set(cell.profile, set)
  }
  const values: Array<Record<string, string | number>> = []
  for (const cell of cellsOfModel) {
    const concurrency = cellConcurrency(cell)
    if (concurrency === undefined) continue
    const series =
      (payloads.get(cell.profile)?.size ?? 0) > 1
        ? `${cell.profile} · ${cell.payloadBytes ?? '?'} B`
        : cell.profile
    const runs = measuredRuns(cell)
    const sides = [['candidate', cell.candidate] as const, ['baseline', cell.baseline] as const]
    for (const [variant, summary] of sides) {
      if (!summary) continue
      const rps = median(runs.filter((run) => run.variant === variant).map((run) => run.metrics.rps))
      values.push({
        cell: cell.cell,
        profile: cell.profile,
        series,
        variant,
        concurrency,
        latency: tidy(summary.mean),
        lower: tidy(summary.lower),
        upper: tidy(summary.upper),
        ...(rps === null ? {} : { rps: tidy(rps) }),
      })
    }
  }
  const x = {
    field: 'concurrency',
    type: 'quantitative',
    title: load.axis,
    scale: { zero: false },
  }
  // Stroke symbols: the default circles (from the points) cannot show a dash, and would take the CI
  // band's opacity.
  const legend = { symbolType: 'stroke', symbolStrokeWidth: 2, symbolOpacity: 1 }
  const color = { field: 'profile', type: 'nominal', sort: profileOrder(results), title: 'Profile', legend }
  const variants = variantScale(values).domain.reverse()
  const strokeDash = {
    field: 'variant',
    type: 'nominal',
    scale: { domain: variants, range: variants.map((v) => (v === 'candidate' ? [1, 0] : [4, 3])) },
    // Said in the subtitle: vega-lite draws a dash legend without a colour channel with transparent
    // symbols, so this legend rendered as bare labels.
    legend: null,
  }
  const tooltip = [
    { field: 'cell', title: 'Cell' },
    { field: 'variant', title: 'Variant' },
    { field: 'concurrency', title: load.tooltip },
    { field: 'latency', title: `${metric} (ms)` },
    { field: 'rps', title: 'Requests/s' },
  ]
  const latency = {
    width: 280,
    height: 200,
    layer: [
      {
        transform: [{ filter: "datum.variant === 'candidate'" }],
        mark: { type: 'area', opacity: 0.15 },
        encoding: {
          x,
          y: { field: 'lower', type: 'quantitative' },
          y2: { field: 'upper' },
          color,
          detail: { field: 'series' },
        },
      },
      {
        mark: { type: 'line', point: true },
        encoding: {
          x,
          y: { field: 'latency', type: 'quantitative', title: `${metric} (ms), geometric mean` },
          color,
          strokeDash,
          detail: { field: 'series' },
          tooltip,
        },
      },
    ],
  }
  const throughput = {
    width: 280,
    height: 200,
    transform: [{ filter: 'isValid(datum.rps)' }],
    mark: { type: 'line', point: true },
    encoding: {
      x,
      y: { field: 'rps', type: 'quantitative', title: 'Requests/s (median of runs)' },
      color,
      strokeDash,
      detail: { field: 'series' },
      tooltip,
    },
  }
  const title = `${metric} latency and throughput vs ${load.short}`
  const hasBaseline = variants.includes('baseline')
  const spec = {
    $schema: SCHEMA,
    title: hasBaseline
      ? { text: title, subtitle: 'Geometric mean of runs. Solid: candidate; dashed: baseline; band: 95% CI' }
      : { text: title, subtitle: 'Geometric mean of runs; band: 95% CI' },
    data: { values },
    hconcat: [latency, throughput],
    config,
  }
  return { id: load.id, title, spec: spec as TopLevelSpec }
}

/** The profile overhead is measured against, or null when the results have no such profile. */
export function referenceProfile(results: GateResults, options: ChartOptions = {}): string | null {
  const profiles = profileOrder(results)
  if (options.referenceProfile !== undefined) {
    return profiles.includes(options.referenceProfile) ? options.referenceProfile : null
  }
  // The gate's own figures chose one (report.reference, or the first non-control profile): the chart
  // and the overhead table must measure against the same profile.
  const chosen = results.figures?.reference
  if (chosen && profiles.includes(chosen)) return chosen
  if (profiles.includes('no-policies')) return 'no-policies'
  return results.cells.find((cell) => cell.control)?.profile ?? null
}

/**
 * Each profile's P95 relative to the reference profile's in the same scenario, as a ratio on a log
 * scale (bars from 1x): the cost of its policy chain. Baseline bars show whether that cost changed.
 */
export function overheadChart(results: GateResults, options: ChartOptions = {}): ChartDefinition | null {
  const reference = referenceProfile(results, options)
  if (reference === null) return null
  const metric = metricLabel(results.metric)
  const values: Array<Record<string, string | number>> = []
  const gatewayLabels: string[] = []
  for (const other of results.cells) {
    if (other.profile === reference) continue
    const ref = results.cells.find((c) => c.profile === reference && c.scenario === other.scenario)
    if (!ref) continue
    // A control (no gateway) below 1x would read as a negative overhead: drawn instead is the
    // reference over the control, what the gateway itself adds (stats/overhead.ts does the same).
    const [cell, base] = other.control ? [ref, other] : [other, ref]
    const label = other.control ? `${reference} vs ${other.profile}` : other.profile
    if (other.control && !gatewayLabels.includes(label)) gatewayLabels.push(label)
    const sides = [
      ['candidate', cell.candidate, base.candidate] as const,
      ['baseline', cell.baseline, base.baseline] as const,
    ]
    // The gate's own figure (Welch CI over runs) for the candidate when it has one for this metric.
    const figure = results.figures?.overhead.find(
      (o) => o.reference === base.profile && o.profile === cell.profile && o.scenario === cell.scenario,
    )?.metrics[results.metric as 'p50' | 'p95' | 'p99']
    for (const [variant, summary, refSummary] of sides) {
      if (!summary || !refSummary || refSummary.mean <= 0) continue
      const ratio = variant === 'candidate' && figure ? figure.ratio.estimate : summary.mean / refSummary.mean
      values.push({
        cell: cell.cell,
        profile: label,
        scenario: cell.scenario,
        variant,
        ratio: tidy(ratio),
        overheadPct: tidy((ratio - 1) * 100),
        ...(variant === 'candidate' && figure
          ? {
              lowerRatio: tidy(figure.ratio.lower),
              upperRatio: tidy(figure.ratio.upper),
              lowerPct: tidy((figure.ratio.lower - 1) * 100),
              upperPct: tidy((figure.ratio.upper - 1) * 100),
              addedMs: tidy(figure.addedMs.estimate),
            }
          : {}),
      })
    }
  }
  if (values.length === 0) return null
  const withCi = values.some((row) => row.lowerPct !== undefined)
  const variants = variantScale(values)
  const controls = new Set(results.cells.filter((c) => c.control).map((c) => c.profile))
  const others = [
    ...gatewayLabels,
    ...profileOrder(results).filter((p) => p !== reference && !controls.has(p)),
  ]
  const x = {
    field: 'profile',
    type: 'nominal',
    sort: others,
    title: null,
    axis: { labelAngle: -30 },
  }
  const yTitle = `${metric} ratio to ${reference} (log scale)`
  // Ratios on a log scale, bars from 1x: the interval is a ratio's (computed on logs), so it is
  // symmetric here, and one cell's -90%..+1000% on a noisy runner does not flatten every other bar.
  const ends = values.flatMap((v) =>
    [v.ratio, v.lowerRatio, v.upperRatio].filter((x): x is number => typeof x === 'number' && x > 0),
  )
  // A little room above the tallest bar and below the lowest interval (5% on the log scale).
  const low = tidy(Math.min(1, ...ends) / 1.05)
  const high = tidy(Math.max(1, ...ends) * 1.05)
  const yScale = { type: 'log', domain: [low, high], nice: false }
  const yAxis = { values: ratioTicks(low, high), labelExpr: "datum.value + 'x'" }
  const layer = [
    {
      mark: { type: 'bar', opacity: 0.85 },
      encoding: {
        x,
        xOffset: { field: 'variant', sort: variants.domain },
        y: { field: 'ratio', type: 'quantitative', title: yTitle, scale: yScale, axis: yAxis },
        y2: { datum: 1 },
        color: { field: 'variant', type: 'nominal', scale: variants, title: null },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'variant', title: 'Variant' },
          { field: 'ratio', title: `Ratio to ${reference}` },
          { field: 'overheadPct', title: 'Overhead (%)' },
          ...(withCi
            ? [
                { field: 'lowerPct', title: 'CI low (%)' },
                { field: 'upperPct', title: 'CI high (%)' },
              ]
            : []),
        ],
      },
    },
    { mark: { type: 'rule', color: '#24292f' }, encoding: { y: { datum: 1 } } },
    ...(withCi
      ? [
          {
            transform: [{ filter: 'isValid(datum.lowerRatio)' }],
            mark: { type: 'errorbar', ticks: true },
            encoding: {
              x,
              xOffset: { field: 'variant', sort: variants.domain },
              // The same title as the bars': a shared axis otherwise lists both field names.
              y: { field: 'lowerRatio', type: 'quantitative', title: yTitle },
              y2: { field: 'upperRatio' },
            },
          },
        ]
      : []),
  ]
  const title = {
    text: `${metric} overhead vs ${reference}`,
    // Short lines: a long subtitle would set the chart's width.
    subtitle: [
      `profile ${metric} / ${reference} ${metric} (1x: no overhead),`,
      withCi
        ? `geometric means; candidate with its ${Math.round(results.confidence * 100)}% CI`
        : 'geometric means of runs',
      ...gatewayLabels.map((label) => `${label}: what the gateway itself adds`),
    ],
  }
  const facet = byScenario(results)
  const unit = { width: Math.max(140, others.length * 56), height: 200, layer }
  const spec = facet
    ? { $schema: SCHEMA, title, data: { values }, ...facet, spec: unit, config }
    : { $schema: SCHEMA, title, data: { values }, ...unit, config }
  return { id: 'overhead', title: title.text, spec: spec as TopLevelSpec }
}

/** Per profile, each measured run's p50/p90/p95/p99/max as a line: spread, tails and outlier runs. */
export function latencyDistributionChart(results: GateResults): ChartDefinition | null {
  const values: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
    for (const run of measuredRuns(cell)) {
      for (const percentile of PERCENTILES) {
        values.push({
          cell: cell.cell,
          profile: cell.profile,
          scenario: cell.scenario,
          variant: run.variant,
          run: `${run.variant} #${run.round}`,
          percentile,
          latency: tidy(run.metrics[percentile]),
        })
      }
    }
  }
  if (values.length === 0) return null
  const scenarios = scenarioOrder(results)
  const profiles = profileOrder(results)
  const facet =
    scenarios.length > 1
      ? {
          facet: {
            row: { field: 'scenario', sort: scenarios, title: null },
            column: { field: 'profile', sort: profiles, title: null },
          },
        }
      : { facet: { field: 'profile', sort: profiles, title: null }, columns: 4 }
  const title = {
    text: 'Latency distribution per run',
    subtitle: 'One line per measured run; log scale',
  }
  const spec = {
    $schema: SCHEMA,
    title,
    data: { values },
    ...facet,
    spec: {
      width: 150,
      height: 130,
      mark: { type: 'line', point: { size: 20 }, opacity: 0.7, strokeWidth: 1 },
      encoding: {
        x: {
          field: 'percentile',
          type: 'ordinal',
          sort: [...PERCENTILES],
          title: null,
          axis: { labelAngle: 0 },
        },
        y: { field: 'latency', type: 'quantitative', scale: { type: 'log' }, title: 'Latency (ms)' },
        color: { field: 'variant', type: 'nominal', scale: variantScale(values), title: null },
        detail: { field: 'run' },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'run', title: 'Run' },
          { field: 'percentile', title: 'Percentile' },
          { field: 'latency', title: 'Latency (ms)' },
        ],
      },
    },
    resolve: { scale: { y: 'independent' } },
    config,
  }
  return { id: 'latency-distribution', title: title.text, spec: spec as TopLevelSpec }
}

/** CPU and memory of each container over each run, when the stack sampled them. */
export function resourceChart(results: GateResults): ChartDefinition | null {
  const values: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
    for (const run of measuredRuns(cell)) {
      for (const sample of run.resources) {
        values.push({
          cell: cell.cell,
          service: sample.service,
          run: `${run.variant} #${run.round}`,
          t: sample.t,
          cpuPercent: tidy(sample.cpuPercent),
          memoryMiB: tidy(sample.memoryMiB),
        })
      }
    }
  }
  if (values.length === 0) return null
  const cells = [...new Set(values.map((row) => row.cell as string))]
  const panel = (field: string, title: string) => ({
    facet: { field: 'cell', sort: cells, title: null },
    columns: 4,
    spec: {
      width: 150,
      height: 110,
      mark: { type: 'line', opacity: 0.6, strokeWidth: 1 },
      encoding: {
        x: { field: 't', type: 'quantitative', title: 'Seconds into the run' },
        y: { field, type: 'quantitative', title },
        color: { field: 'service', type: 'nominal', title: 'Service' },
        detail: { field: 'run' },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'service', title: 'Service' },
          { field: 'run', title: 'Run' },
          { field: 't', title: 'Second' },
          { field, title },
        ],
      },
    },
  })
  const title = {
    text: 'Resource usage per container',
    subtitle: "Docker stats during each measured run's load phase",
  }
  const spec = {
    $schema: SCHEMA,
    title,
    data: { values },
    vconcat: [panel('cpuPercent', 'CPU (%)'), panel('memoryMiB', 'Memory (MiB)')],
    config,
  }
  return { id: 'resources', title: title.text, spec: spec as TopLevelSpec }
}

const REGION_COLORS = { pass: '#1a7f37', regression: '#d1242f', inconclusive: '#9a6700', control: '#8c959f' }

/**
 * Which part of the verdict rule decided a cell's latency verdict (stats/verdict.ts), in the words of
 * the rule: pass when the upper bound is below 1 + threshold; regression when the lower bound is above
 * 1 and the estimate above 1 + threshold; inconclusive otherwise.
 */
function ruleText(cell: CellComparison, thresholdPct: number): string {
  const ratio = cell.ratio
  if (!ratio) return ''
  const pct = (value: number): string => formatSignedPct((value - 1) * 100)
  const limit = formatSignedPct(thresholdPct, 0)
  if (cell.control) return 'control: monitors the runner, not gated'
  let text: string
  if (cell.latencyVerdict === 'pass') text = `pass: upper ${pct(ratio.upper)} < ${limit}`
  else if (cell.latencyVerdict === 'regression')
    text = `regression: lower ${pct(ratio.lower)} > 0%, estimate ${pct(ratio.estimate)} > ${limit}`
  // Significant and above the threshold, yet inconclusive: the stricter block confidence or Holm's
  // correction over the cells held it back (stats/verdict.ts, multiple-testing.ts).
  else if (ratio.lower > 1 && ratio.estimate > 1 + thresholdPct / 100)
    text = `inconclusive: estimate ${pct(ratio.estimate)} > ${limit}, not yet significant enough to block`
  else if (ratio.lower > 1)
    text = `inconclusive: estimate ${pct(ratio.estimate)} ≤ ${limit}, upper ${pct(ratio.upper)} above`
  else text = `inconclusive: upper ${pct(ratio.upper)} ≥ ${limit}, lower ≤ 0%`
  return cell.verdict === cell.latencyVerdict ? text : `${text}; error rate: ${cell.verdict}`
}

/**
 * The rule that decides, drawn: each cell's change (the ratio's estimate and interval, in %) against
 * 0% and the threshold. Bars are coloured by the latency verdict, the region beyond the threshold is
 * shaded, and each row says which bound decided. Only cells with a ratio appear.
 */
export function decisionChart(results: GateResults): ChartDefinition | null {
  const thresholdPct = results.threshold * 100
  const metric = metricLabel(results.metric)
  const values: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
    // Capacity and arena cells are decided by their capacity or score, which this chart does not draw.
    if (!cell.ratio || !cell.baseline || cell.capacity || cell.arena) continue
    values.push({
      cell: cell.cell,
      region: cell.control ? 'control' : cell.latencyVerdict,
      estimatePct: tidy((cell.ratio.estimate - 1) * 100),
      lowerPct: tidy((cell.ratio.lower - 1) * 100),
      upperPct: tidy((cell.ratio.upper - 1) * 100),
      deltaMs: tidy(cell.candidate.mean - cell.baseline.mean),
      rule: ruleText(cell, thresholdPct),
    })
  }
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
    scale: { domain: regions, range: regions.map((r) => REGION_COLORS[r as keyof typeof REGION_COLORS]) },
  }
  const tooltip = [
    { field: 'cell', title: 'Cell' },
    { field: 'estimatePct', title: 'Change (%)' },
    { field: 'lowerPct', title: 'CI lower (%)' },
    { field: 'upperPct', title: 'CI upper (%)' },
    { field: 'deltaMs', title: 'Change (ms, geometric means)' },
    { field: 'rule', title: 'Decided by' },
  ]
  const plot = {
    width: 300,
    height: { step: 26 },
    layer: [
      {
        // The regression side of the threshold: only an interval whose lower end is above 0% and
        // whose estimate lies in here blocks. One datum: inherited rows would stack one rect each.
        data: { values: [{}] },
        mark: { type: 'rect', color: REGION_COLORS.regression, opacity: 0.08 },
        encoding: { x: { ...x, datum: thresholdPct }, x2: { value: 'width' } },
      },
      {
        data: { values: [{}] },
        mark: { type: 'rule', color: '#57606a', strokeWidth: 1 },
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
  // The rule that decided each row, beside it: a second view sharing the rows.
  const rules = {
    width: 10,
    height: { step: 26 },
    view: { stroke: null },
    mark: { type: 'text', align: 'left', fontSize: 11 },
    encoding: {
      y: { ...y, axis: null },
      text: { field: 'rule' },
      color,
    },
  }
  const title = {
    text: `${metric} change against the ${formatSignedPct(thresholdPct, 0)} threshold`,
    subtitle: [
      `Pass: upper end left of the red line. Regression: lower end right of 0%`,
      `and the dot right of the red line. Otherwise inconclusive.`,
    ],
  }
  const spec = {
    $schema: SCHEMA,
    title,
    data: { values },
    hconcat: [plot, rules],
    spacing: 12,
    config,
  }
  return { id: 'decision', title: title.text, spec: spec as TopLevelSpec }
}

/**
 * Per gated cell, the empirical CDF of the compared values, baseline vs candidate: one value per run
 * (per night for a stored history), so the reader sees how far the two samples overlap, not only their
 * centres.
 */
export function cdfChart(results: GateResults): ChartDefinition | null {
  const metric = metricLabel(results.metric)
  const values: Array<Record<string, string | number>> = []
  const cellsShown: string[] = []
  for (const cell of results.cells) {
    if (cell.control || !cell.baseline || cell.baseline.values.length === 0) continue
    if (cell.candidate.values.length === 0) continue
    cellsShown.push(cell.cell)
    const sides = [['baseline', cell.baseline] as const, ['candidate', cell.candidate] as const]
    for (const [variant, summary] of sides) {
      const sorted = [...summary.values].sort((a, b) => a - b)
      const unit = summary.unit === 'night' ? 'night' : 'run'
      // A step CDF starts at 0 at the smallest value, then rises by 1/n at each value.
      values.push({ cell: cell.cell, variant, unit, value: tidy(sorted[0] ?? 0), fraction: 0, order: 0 })
      sorted.forEach((value, i) => {
        values.push({
          cell: cell.cell,
          variant,
          unit,
          value: tidy(value),
          fraction: tidy((i + 1) / sorted.length),
          order: i + 1,
        })
      })
    }
  }
  if (cellsShown.length === 0) return null
  const nights = values.some((row) => row.unit === 'night')
  const x = { field: 'value', type: 'quantitative', scale: { zero: false }, title: `${metric} (ms)` }
  const y = {
    field: 'fraction',
    type: 'quantitative',
    scale: { domain: [0, 1] },
    axis: { format: '%', tickCount: 4 },
    title: 'Share ≤ x',
  }
  const color = { field: 'variant', type: 'nominal', scale: variantScale(values), title: null }
  const tooltip = [
    { field: 'cell', title: 'Cell' },
    { field: 'variant', title: 'Variant' },
    { field: 'unit', title: 'One value per' },
    { field: 'value', title: `${metric} (ms)` },
    { field: 'fraction', title: 'Share at or below', format: '.0%' },
  ]
  const title = {
    text: `${metric} distribution, baseline vs candidate (CDF)`,
    subtitle: nights
      ? [
          `One step per run's ${metric}; a stored history's baseline`,
          `steps once per night (its geometric mean)`,
        ]
      : `One step per run's ${metric}: right of the other is slower`,
  }
  const spec = {
    $schema: SCHEMA,
    title,
    data: { values },
    facet: { field: 'cell', sort: cellsShown, title: null },
    columns: 4,
    spec: {
      width: 170,
      height: 120,
      layer: [
        {
          mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
          encoding: { x, y, color, order: { field: 'order' } },
        },
        {
          // A dot per value; the step's starting point at 0% is not a value.
          transform: [{ filter: 'datum.order > 0' }],
          mark: { type: 'point', filled: true, size: 16, opacity: 1 },
          encoding: { x, y, color, tooltip },
        },
      ],
    },
    resolve: { scale: { x: 'independent' } },
    config: { ...config, legend: { ...config.legend, orient: 'top' } },
  }
  return { id: 'cdf', title: title.text, spec: spec as TopLevelSpec }
}

/**
 * Per cell compared with a stored history, the metric over the baseline's nights (each night's
 * geometric mean, oldest first), the prediction interval for a new night as a band, and this run's
 * geometric mean and CI at the end: a drifting or noisy history shows here before it shows in a verdict.
 */
export function nightTrendChart(results: GateResults): ChartDefinition | null {
  const metric = metricLabel(results.metric)
  const values: Array<Record<string, string | number>> = []
  const cellsShown: string[] = []
  for (const cell of results.cells) {
    const baseline = cell.baseline
    if (!baseline || baseline.unit !== 'night' || baseline.values.length === 0) continue
    const label = cell.control ? `${cell.cell} (ctrl)` : cell.cell
    cellsShown.push(label)
    const n = baseline.values.length
    baseline.values.forEach((value, i) => {
      // Night 0 is the newest; older nights count back.
      values.push({ cell: label, kind: 'night', night: i - (n - 1), latency: tidy(value) })
    })
    for (const night of [-(n - 1), 1]) {
      values.push({
        cell: label,
        kind: 'band',
        night,
        lower: tidy(baseline.lower),
        upper: tidy(baseline.upper),
      })
    }
    values.push({
      cell: label,
      kind: 'candidate',
      night: 1,
      latency: tidy(cell.candidate.mean),
      lower: tidy(cell.candidate.lower),
      upper: tidy(cell.candidate.upper),
    })
  }
  if (cellsShown.length === 0) return null
  const oldest = Math.min(...values.map((row) => row.night as number))
  // Whole nights only, at most about eight labels, and "PR" for this run.
  const step = Math.max(1, Math.ceil(-oldest / 7))
  const ticks = [1]
  for (let night = 0; night >= oldest; night -= step) ticks.unshift(night)
  const x = {
    field: 'night',
    type: 'quantitative',
    scale: { domain: [oldest - 0.5, 1.5], nice: false },
    title: 'Night (0 = newest), then this run (PR)',
    axis: { values: ticks, labelExpr: "datum.value === 1 ? 'PR' : datum.label", grid: false },
  }
  const y = { type: 'quantitative', scale: { zero: false } }
  const kind = (k: string) => [{ filter: `datum.kind === '${k}'` }]
  const spec = {
    $schema: SCHEMA,
    title: {
      text: `${metric} over the baseline's nights, and this run`,
      // Clear of the first row's headers, which vega otherwise draws into the subtitle.
      offset: 14,
      subtitle: [
        `Grey: each night's geometric mean; band: ${Math.round(results.confidence * 100)}% prediction`,
        `interval for a new night; blue: this run's geometric mean and CI`,
      ],
    },
    data: { values },
    facet: { field: 'cell', sort: cellsShown, title: null },
    columns: 4,
    spec: {
      width: 170,
      height: 120,
      layer: [
        {
          transform: kind('band'),
          mark: { type: 'area', color: VARIANT_COLORS.baseline, opacity: 0.2 },
          encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' } },
        },
        {
          transform: kind('night'),
          mark: { type: 'line', color: '#57606a', point: { color: '#57606a', size: 20 }, strokeWidth: 1 },
          encoding: {
            x,
            y: { ...y, field: 'latency', title: `${metric} (ms)` },
            tooltip: [
              { field: 'cell', title: 'Cell' },
              { field: 'night', title: 'Night' },
              { field: 'latency', title: `${metric} (ms)` },
            ],
          },
        },
        {
          transform: kind('candidate'),
          mark: { type: 'rule', color: VARIANT_COLORS.candidate, strokeWidth: 2 },
          encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' } },
        },
        {
          transform: kind('candidate'),
          mark: { type: 'point', filled: true, color: VARIANT_COLORS.candidate, size: 50, opacity: 1 },
          encoding: {
            x,
            y: { ...y, field: 'latency' },
            tooltip: [
              { field: 'cell', title: 'Cell' },
              { field: 'latency', title: `This run ${metric} geometric mean (ms)` },
              { field: 'lower', title: 'CI lower' },
              { field: 'upper', title: 'CI upper' },
            ],
          },
        },
      ],
    },
    // Each panel its own x axis: a shared one is drawn under the empty slots of a last, short row.
    resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } },
    config,
  }
  return { id: 'night-trend', title: spec.title.text, spec: spec as TopLevelSpec }
}

/**
 * Latency over time within the runs, per cell and variant: each second's P95, the median over the
 * measured runs as a line and their range as a band. Warm-up effects, stalls and drifts within a run
 * show here; a per-run summary hides them.
 */
export function timelineChart(results: GateResults): ChartDefinition | null {
  const metric = 'P95'
  const values: Array<Record<string, string | number>> = []
  const cellsShown: string[] = []
  for (const cell of results.cells) {
    let shown = false
    for (const variant of ['baseline', 'candidate'] as const) {
      const runs = measuredRuns(cell).filter((run) => run.variant === variant && run.timeline?.length)
      if (runs.length === 0) continue
      shown = true
      const seconds = new Map<number, { p95: number[]; p50: number[]; requests: number[] }>()
      for (const run of runs) {
        for (const bucket of run.timeline ?? []) {
          const entry = seconds.get(bucket.t) ?? { p95: [], p50: [], requests: [] }
          entry.requests.push(bucket.requests)
          if (bucket.p95 !== undefined) entry.p95.push(bucket.p95)
          if (bucket.p50 !== undefined) entry.p50.push(bucket.p50)
          seconds.set(bucket.t, entry)
        }
      }
      for (const [t, entry] of [...seconds].sort((a, b) => a[0] - b[0])) {
        const p95 = median(entry.p95)
        values.push({
          cell: cell.cell,
          variant,
          t,
          runs: runs.length,
          requests: tidy(median(entry.requests) ?? 0),
          ...(p95 === null
            ? {}
            : {
                p95: tidy(p95),
                p95Low: tidy(Math.min(...entry.p95)),
                p95High: tidy(Math.max(...entry.p95)),
                p50: tidy(median(entry.p50) ?? 0),
              }),
        })
      }
    }
    if (shown) cellsShown.push(cell.cell)
  }
  if (cellsShown.length === 0) return null
  // Stroke symbols: the band's pale fill would otherwise stand for the variant in the legend.
  const color = {
    field: 'variant',
    type: 'nominal',
    scale: variantScale(values),
    title: null,
    legend: { symbolType: 'stroke', symbolStrokeWidth: 2, symbolOpacity: 1 },
  }
  const x = { field: 't', type: 'quantitative', title: 'Seconds into the load phase' }
  const spec = {
    $schema: SCHEMA,
    title: {
      text: `${metric} latency over time within runs`,
      subtitle: ["Each second's P95: line = median over the runs,", 'band = their range'],
    },
    data: { values },
    facet: { field: 'cell', sort: cellsShown, title: null },
    columns: 4,
    spec: {
      width: 170,
      height: 120,
      layer: [
        {
          transform: [{ filter: 'isValid(datum.p95)' }],
          mark: { type: 'area', opacity: 0.18 },
          encoding: { x, y: { field: 'p95Low', type: 'quantitative' }, y2: { field: 'p95High' }, color },
        },
        {
          transform: [{ filter: 'isValid(datum.p95)' }],
          mark: { type: 'line', strokeWidth: 1.5, point: { size: 12 } },
          encoding: {
            x,
            // Short: an axis title longer than the plot is tall pushes the facet headers away.
            y: { field: 'p95', type: 'quantitative', title: `${metric} (ms)` },
            color,
            tooltip: [
              { field: 'cell', title: 'Cell' },
              { field: 'variant', title: 'Variant' },
              { field: 't', title: 'Second' },
              { field: 'p95', title: 'P95 (ms), median over runs' },
              { field: 'p95Low', title: 'P95 lowest run' },
              { field: 'p95High', title: 'P95 highest run' },
              { field: 'p50', title: 'P50 (ms), median over runs' },
              { field: 'requests', title: 'Requests in the second' },
              { field: 'runs', title: 'Runs' },
            ],
          },
        },
      ],
    },
    // Each panel its own x axis: a shared one is drawn under the empty slots of a last, short row.
    resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } },
    config: { ...config, legend: { ...config.legend, orient: 'top' } },
  }
  return { id: 'timeline', title: spec.title.text, spec: spec as TopLevelSpec }
}
