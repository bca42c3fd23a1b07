/**
 * Latency and throughput against the load level, one line per profile, when the scenarios of one load
 * model sweep at least two levels. VUs and arrival rates are different quantities, so each model
 * gets its own chart (ids "concurrency" and "arrival-rate") with its axis named after what it is.
 * The candidate's CI is a band; a baseline, when present, is a dashed line.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { CellComparison, GateResults } from '../../model.js'
import { median } from '../../stats/descriptive.js'
import { metricLabel } from '../format.js'
import { cellConcurrency, cellLoadModel, measuredRuns, profileOrder, type LoadModel } from './order.js'
import { CHART_CONFIG, CHART_SCHEMA, tidy, variantScale, type ChartDefinition } from './theme.js'

type Row = Record<string, string | number>

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
 * The variant's median requests/s over its measured runs, or null without one. The candidate's is
 * the engine's own figure (cell.achieved) when the results carry it.
 */
function medianRps(cell: CellComparison, variant: 'baseline' | 'candidate'): number | null {
  if (variant === 'candidate' && cell.achieved) return cell.achieved.rps
  const rps = measuredRuns(cell)
    .filter((run) => run.variant === variant)
    .map((run) => run.metrics.rps)
  return rps.length === 0 ? null : median(rps)
}

/** A point per variant and cell of the model; a profile swept at several payload sizes is one series per size. */
function loadValues(cellsOfModel: CellComparison[]): Row[] {
  // A profile swept at several payload sizes gets one line per size, or its points would zigzag.
  const payloads = new Map<string, Set<number | undefined>>()
  for (const cell of cellsOfModel) {
    const set = payloads.get(cell.profile) ?? new Set()
    set.add(cell.payloadBytes)
    payloads.set(cell.profile, set)
  }
  const values: Row[] = []
  for (const cell of cellsOfModel) {
    const concurrency = cellConcurrency(cell)
    if (concurrency === undefined) continue
    const series =
      (payloads.get(cell.profile)?.size ?? 0) > 1
        ? `${cell.profile} · ${cell.payloadBytes ?? '?'} B`
        : cell.profile
    const sides = [['candidate', cell.candidate] as const, ['baseline', cell.baseline] as const]
    for (const [variant, summary] of sides) {
      if (!summary) continue
      const rps = medianRps(cell, variant)
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
  return values
}

/** The latency panel (line, candidate CI band) and the throughput panel, side by side. */
function loadPanels(
  metric: string,
  load: (typeof LOAD_AXIS)[LoadModel],
  results: GateResults,
  values: Row[],
) {
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
  const band = {
    transform: [{ filter: "datum.variant === 'candidate'" }],
    mark: { type: 'area', opacity: 0.15 },
    encoding: {
      x,
      y: { field: 'lower', type: 'quantitative' },
      y2: { field: 'upper' },
      color,
      detail: { field: 'series' },
    },
  }
  const line = (field: string, title: string) => ({
    mark: { type: 'line', point: true },
    encoding: {
      x,
      y: { field, type: 'quantitative', title },
      color,
      strokeDash,
      detail: { field: 'series' },
      tooltip,
    },
  })
  const latency = {
    width: 280,
    height: 200,
    layer: [band, line('latency', `${metric} (ms), geometric mean`)],
  }
  const throughput = {
    width: 280,
    height: 200,
    transform: [{ filter: 'isValid(datum.rps)' }],
    ...line('rps', 'Requests/s (median of runs)'),
  }
  return { panels: [latency, throughput], hasBaseline: variants.includes('baseline') }
}

/** Latency and throughput vs the load level for one load model, or null with fewer than two levels. */
export function concurrencyChart(results: GateResults, model: LoadModel = 'closed'): ChartDefinition | null {
  const metric = metricLabel(results.metric)
  const load = LOAD_AXIS[model]
  const cellsOfModel = results.cells.filter((cell) => cellLoadModel(cell) === model)
  const levels = new Set(cellsOfModel.map(cellConcurrency).filter((level) => level !== undefined))
  if (levels.size < 2) return null
  const values = loadValues(cellsOfModel)
  const { panels, hasBaseline } = loadPanels(metric, load, results, values)
  const title = `${metric} latency and throughput vs ${load.short}`
  const spec = {
    $schema: CHART_SCHEMA,
    title: hasBaseline
      ? { text: title, subtitle: 'Geometric mean of runs. Solid: candidate; dashed: baseline; band: 95% CI' }
      : { text: title, subtitle: 'Geometric mean of runs; band: 95% CI' },
    data: { values },
    hconcat: panels,
    config: CHART_CONFIG,
  }
  return { id: load.id, title, spec: spec as TopLevelSpec }
}
