/**
 * Per gated cell, the empirical CDF of the compared values, baseline vs candidate: one value per run
 * (per night for a stored history), so the reader sees how far the two samples overlap, not only their
 * centres.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../model.js'
import { metricLabel } from '../format.js'
import { CHART_CONFIG_LEGEND_TOP, CHART_SCHEMA, tidy, variantScale, type ChartDefinition } from './theme.js'

type Row = Record<string, string | number>

/** The steps of each gated cell's two CDFs, and the cells that have both sides. */
function cdfValues(results: GateResults): { values: Row[]; cellsShown: string[] } {
  const values: Row[] = []
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
  return { values, cellsShown }
}

/** The CDF of each gated cell's per-run (or per-night) values, or null without a cell with both sides. */
export function cdfChart(results: GateResults): ChartDefinition | null {
  const metric = metricLabel(results.metric)
  const { values, cellsShown } = cdfValues(results)
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
    $schema: CHART_SCHEMA,
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
    config: CHART_CONFIG_LEGEND_TOP,
  }
  return { id: 'cdf', title: title.text, spec: spec as TopLevelSpec }
}
