/**
 * Latency over time within the runs, per cell and variant: each second's P95, the median over the
 * measured runs as a line and their range as a band. Warm-up effects, stalls and drifts within a run
 * show here; a per-run summary hides them.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { CellComparison, GateResults } from '../../model.js'
import { median } from '../../stats/descriptive.js'
import { measuredRuns } from './order.js'
import { CHART_CONFIG_LEGEND_TOP, CHART_SCHEMA, tidy, variantScale, type ChartDefinition } from './theme.js'

type Row = Record<string, string | number>

/** One row per second of the variant's runs: medians over the runs, and the range of their P95. */
function secondRows(cell: CellComparison, variant: 'baseline' | 'candidate'): Row[] {
  const runs = measuredRuns(cell).filter((run) => run.variant === variant && run.timeline?.length)
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
  return [...seconds]
    .sort((a, b) => a[0] - b[0])
    .map(([t, entry]) => ({
      cell: cell.cell,
      variant,
      t,
      runs: runs.length,
      requests: tidy(median(entry.requests)),
      ...(entry.p95.length === 0
        ? {}
        : {
            p95: tidy(median(entry.p95)),
            p95Low: tidy(Math.min(...entry.p95)),
            p95High: tidy(Math.max(...entry.p95)),
            p50: tidy(entry.p50.length === 0 ? 0 : median(entry.p50)),
          }),
    }))
}

/** The P95 over each second of the runs, per cell and variant; null without a run's timeline. */
export function timelineChart(results: GateResults): ChartDefinition | null {
  const metric = 'P95'
  const values: Row[] = []
  const cellsShown: string[] = []
  for (const cell of results.cells) {
    const rows = [...secondRows(cell, 'baseline'), ...secondRows(cell, 'candidate')]
    values.push(...rows)
    if (rows.length > 0) cellsShown.push(cell.cell)
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
    $schema: CHART_SCHEMA,
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
    config: CHART_CONFIG_LEGEND_TOP,
  }
  return { id: 'timeline', title: spec.title.text, spec: spec as TopLevelSpec }
}
