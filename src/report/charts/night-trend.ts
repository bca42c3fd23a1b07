/**
 * Per cell compared with a stored history, the metric over the baseline's nights (each night's
 * geometric mean, oldest first), the prediction interval for a new night as a band, and this run's
 * geometric mean and CI at the end: a drifting or noisy history shows here before it shows in a verdict.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../model.js'
import { metricLabel } from '../format.js'
import { CHART_CONFIG, CHART_SCHEMA, MUTED, tidy, VARIANT_COLORS, type ChartDefinition } from './theme.js'

type Row = Record<string, string | number>

/** Each night, the band over the nights and this run, per cell with a history of nights. */
function nightValues(results: GateResults): { values: Row[]; cellsShown: string[] } {
  const values: Row[] = []
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
  return { values, cellsShown }
}

/** The night axis: whole nights only, at most about eight labels, and "PR" for this run. */
function nightAxis(values: Row[]): Record<string, unknown> {
  const oldest = Math.min(...values.map((row) => row.night as number))
  const step = Math.max(1, Math.ceil(-oldest / 7))
  const ticks = [1]
  for (let night = 0; night >= oldest; night -= step) ticks.unshift(night)
  return {
    field: 'night',
    type: 'quantitative',
    scale: { domain: [oldest - 0.5, 1.5], nice: false },
    title: 'Night (0 = newest), then this run (PR)',
    axis: { values: ticks, labelExpr: "datum.value === 1 ? 'PR' : datum.label", grid: false },
  }
}

/** The band, the nights and this run, in that order (later layers are drawn on top). */
function nightLayers(metric: string, x: Record<string, unknown>): unknown[] {
  const y = { type: 'quantitative', scale: { zero: false } }
  const kind = (k: string) => [{ filter: `datum.kind === '${k}'` }]
  return [
    {
      transform: kind('band'),
      mark: { type: 'area', color: VARIANT_COLORS.baseline, opacity: 0.2 },
      encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' } },
    },
    {
      transform: kind('night'),
      mark: { type: 'line', color: MUTED, point: { color: MUTED, size: 20 }, strokeWidth: 1 },
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
  ]
}

/** The nights of each stored-history cell and this run, or null without a history of nights. */
export function nightTrendChart(results: GateResults): ChartDefinition | null {
  const metric = metricLabel(results.metric)
  const { values, cellsShown } = nightValues(results)
  if (cellsShown.length === 0) return null
  const spec = {
    $schema: CHART_SCHEMA,
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
    spec: { width: 170, height: 120, layer: nightLayers(metric, nightAxis(values)) },
    // Each panel its own x axis: a shared one is drawn under the empty slots of a last, short row.
    resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } },
    config: CHART_CONFIG,
  }
  return { id: 'night-trend', title: spec.title.text, spec: spec as TopLevelSpec }
}
