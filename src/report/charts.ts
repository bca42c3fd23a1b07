/**
 * Vega-Lite specs for the report's charts, built from gate results. Pure and deterministic: the same
 * results give the same JSON, which is what the snapshot tests pin and what the HTML report embeds.
 * Every spec carries its data inline (no URLs: rendering must work without a network).
 */
import type { TopLevelSpec } from 'vega-lite'
import type { CellComparison, GateResults, RunResult } from '../model.js'
import { metricLabel, verdictSeverity } from './format.js'

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
  /** Most cells charted; beyond it the most important are kept. Default 24. */
  maxCells?: number
}

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

/** A colour scale for the variants present, so a candidate-only chart has no "baseline" legend entry. */
function variantScale(values: Array<Record<string, unknown>>): { domain: string[]; range: string[] } {
  const present = new Set(values.map((row) => row.variant))
  const domain = ['baseline', 'candidate'].filter((variant) => present.has(variant))
  return { domain, range: domain.map((variant) => VARIANT_COLORS[variant] ?? '#888888') }
}

/**
 * Every chart applicable to these results, in reading order. Past maxCells (default 24) the charts show
 * only the cells that matter most (regressions, then inconclusive, then the largest changes), since a
 * chart of hundreds of panels is unreadable and slow to render; the definition's title says so.
 */
export function buildCharts(results: GateResults, options: ChartOptions = {}): ChartDefinition[] {
  const shown = selectCells(results, options.maxCells ?? 24)
  const view = shown.length === results.cells.length ? results : { ...results, cells: shown }
  const charts = [
    latencyComparisonChart(view),
    concurrencyChart(view),
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

/** Scenarios by load level when known, so facets read from light to heavy load. */
function scenarioOrder(results: GateResults): string[] {
  const first = new Map<string, number>()
  results.cells.forEach((cell, i) => {
    if (!first.has(cell.scenario)) first.set(cell.scenario, i)
  })
  const level = (scenario: string): number => {
    const cell = results.cells.find((c) => c.scenario === scenario)
    return cell ? (cellConcurrency(cell) ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY
  }
  return [...first.keys()].sort((a, b) => level(a) - level(b) || (first.get(a) ?? 0) - (first.get(b) ?? 0))
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

/** Keeps specs and snapshots free of float noise like 1.8900000000000001. */
function tidy(value: number): number {
  return Number(value.toPrecision(6))
}

/** Column facet by scenario only when there is more than one: a single facet is just a frame. */
function byScenario(results: GateResults): { column: { field: string; sort: string[]; title: null } } | null {
  const scenarios = scenarioOrder(results)
  return scenarios.length > 1 ? { column: { field: 'scenario', sort: scenarios, title: null } } : null
}

/**
 * Per profile, the median of per-run P95 for baseline and candidate with their 95% CI as error bars,
 * and the threshold (baseline x (1 + threshold)) as a red dashed tick over each profile.
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
        median: tidy(summary.median),
        lower: tidy(summary.lower),
        upper: tidy(summary.upper),
        n: summary.n,
      })
    }
    if (cell.baseline && !cell.control) {
      values.push({
        kind: 'limit',
        cell: cell.cell,
        profile: cell.profile,
        scenario: cell.scenario,
        limit: tidy(cell.baseline.median * (1 + results.threshold)),
      })
    }
  }
  const hasLimit = values.some((row) => row.kind === 'limit')
  const profiles = profileOrder(results)
  const variants = variantScale(values)
  const x = { field: 'profile', type: 'nominal', sort: profiles, title: null, axis: { labelAngle: -30 } }
  const layer = [
    {
      transform: [{ filter: "datum.kind === 'value'" }],
      mark: { type: 'bar', opacity: 0.85 },
      encoding: {
        x,
        xOffset: { field: 'variant', sort: variants.domain },
        y: { field: 'median', type: 'quantitative', title: `${metric} (ms), median of runs` },
        color: { field: 'variant', type: 'nominal', scale: variants, title: null },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'variant', title: 'Variant' },
          { field: 'median', title: `${metric} median (ms)` },
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
        xOffset: { field: 'variant', sort: variants.domain },
        y: { field: 'lower', type: 'quantitative' },
        y2: { field: 'upper' },
      },
    },
    ...(hasLimit
      ? [
          {
            transform: [{ filter: "datum.kind === 'limit'" }],
            mark: { type: 'tick', color: THRESHOLD_COLOR, thickness: 2, strokeDash: [5, 3] },
            encoding: {
              x,
              y: { field: 'limit', type: 'quantitative' },
              tooltip: [
                { field: 'cell', title: 'Cell' },
                { field: 'limit', title: `Threshold (ms)` },
              ],
            },
          },
        ]
      : []),
  ]
  const thresholdPct = Math.round(results.threshold * 100)
  const title = {
    text: `${metric} latency: baseline vs candidate`,
    // Short lines: vega sizes the image from an estimate of text width (no canvas here), which
    // overestimates long lines and leaves the image half empty.
    subtitle: hasLimit
      ? [
          `Bars: median of per-run ${metric}; black lines: 95% CI`,
          `Red lines: baseline +${thresholdPct}% (threshold)`,
        ]
      : `Bars: median of per-run ${metric}; black lines: 95% CI`,
  }
  const facet = byScenario(results)
  // A fixed width, not a step: the threshold layer has no xOffset, and a step would conflict with the
  // offset layers' band sizing.
  const unit = { width: Math.max(240, profiles.length * 56), height: 220, layer }
  const spec = facet
    ? {
        $schema: SCHEMA,
        title,
        data: { values },
        facet,
        spec: unit,
        resolve: { scale: { y: 'independent' } },
        config,
      }
    : { $schema: SCHEMA, title, data: { values }, ...unit, config }
  return { id: 'latency-comparison', title: title.text, spec: spec as TopLevelSpec }
}

/**
 * Latency and throughput against the load level, one line per profile, when the scenarios sweep at
 * least two levels. The candidate's CI is a band; a baseline, when present, is a dashed line.
 */
export function concurrencyChart(results: GateResults): ChartDefinition | null {
  const metric = metricLabel(results.metric)
  const levels = new Set(results.cells.map(cellConcurrency).filter((level) => level !== undefined))
  if (levels.size < 2) return null
  // A profile swept at several payload sizes gets one line per size, or its points would zigzag.
  const payloads = new Map<string, Set<number | undefined>>()
  for (const cell of results.cells) {
    const set = payloads.get(cell.profile) ?? new Set()
    set.add(cell.payloadBytes)
    payloads.set(cell.profile, set)
  }
  const values: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
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
        latency: tidy(summary.median),
        lower: tidy(summary.lower),
        upper: tidy(summary.upper),
        ...(rps === null ? {} : { rps: tidy(rps) }),
      })
    }
  }
  const x = {
    field: 'concurrency',
    type: 'quantitative',
    title: 'Concurrency (VUs or arrival rate)',
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
    title: 'Variant',
    // This legend has no colour of its own; without one its stroke symbols would be invisible.
    legend: { ...legend, symbolStrokeColor: '#57606a' },
  }
  const tooltip = [
    { field: 'cell', title: 'Cell' },
    { field: 'variant', title: 'Variant' },
    { field: 'concurrency', title: 'Concurrency' },
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
          y: { field: 'latency', type: 'quantitative', title: `${metric} (ms)` },
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
  const title = `${metric} latency and throughput vs concurrency`
  const spec = { $schema: SCHEMA, title, data: { values }, hconcat: [latency, throughput], config }
  return { id: 'concurrency', title, spec: spec as TopLevelSpec }
}

/** The profile overhead is measured against, or null when the results have no such profile. */
export function referenceProfile(results: GateResults, options: ChartOptions = {}): string | null {
  const profiles = profileOrder(results)
  if (options.referenceProfile !== undefined) {
    return profiles.includes(options.referenceProfile) ? options.referenceProfile : null
  }
  if (profiles.includes('no-policies')) return 'no-policies'
  return results.cells.find((cell) => cell.control)?.profile ?? null
}

/**
 * Each profile's P95 relative to the reference profile's in the same scenario, in percent: the cost of
 * its policy chain. Baseline bars show whether that cost changed.
 */
export function overheadChart(results: GateResults, options: ChartOptions = {}): ChartDefinition | null {
  const reference = referenceProfile(results, options)
  if (reference === null) return null
  const metric = metricLabel(results.metric)
  const values: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
    if (cell.profile === reference) continue
    const ref = results.cells.find((c) => c.profile === reference && c.scenario === cell.scenario)
    if (!ref) continue
    const sides = [
      ['candidate', cell.candidate, ref.candidate] as const,
      ['baseline', cell.baseline, ref.baseline] as const,
    ]
    for (const [variant, summary, refSummary] of sides) {
      if (!summary || !refSummary || refSummary.median <= 0) continue
      const ratio = summary.median / refSummary.median
      values.push({
        cell: cell.cell,
        profile: cell.profile,
        scenario: cell.scenario,
        variant,
        ratio: tidy(ratio),
        overheadPct: tidy((ratio - 1) * 100),
      })
    }
  }
  if (values.length === 0) return null
  const variants = variantScale(values)
  const others = profileOrder(results).filter((p) => p !== reference)
  const x = {
    field: 'profile',
    type: 'nominal',
    sort: others,
    title: null,
    axis: { labelAngle: -30 },
  }
  const layer = [
    {
      mark: { type: 'bar', opacity: 0.85 },
      encoding: {
        x,
        xOffset: { field: 'variant', sort: variants.domain },
        y: { field: 'overheadPct', type: 'quantitative', title: `${metric} overhead vs ${reference} (%)` },
        color: { field: 'variant', type: 'nominal', scale: variants, title: null },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'variant', title: 'Variant' },
          { field: 'ratio', title: `Ratio to ${reference}` },
          { field: 'overheadPct', title: 'Overhead (%)' },
        ],
      },
    },
    { mark: { type: 'rule', color: '#24292f' }, encoding: { y: { datum: 0 } } },
  ]
  const title = {
    text: `${metric} overhead vs ${reference}`,
    subtitle: `(profile ${metric} / ${reference} ${metric} - 1), medians of runs`,
  }
  const facet = byScenario(results)
  const unit = { width: Math.max(140, others.length * 56), height: 200, layer }
  const spec = facet
    ? { $schema: SCHEMA, title, data: { values }, facet, spec: unit, config }
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
  const title = { text: 'Resource usage per container', subtitle: 'Docker stats during each measured run' }
  const spec = {
    $schema: SCHEMA,
    title,
    data: { values },
    vconcat: [panel('cpuPercent', 'CPU (%)'), panel('memoryMiB', 'Memory (MiB)')],
    config,
  }
  return { id: 'resources', title: title.text, spec: spec as TopLevelSpec }
}
