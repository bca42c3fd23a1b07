/** Per profile, each measured run's p50/p90/p95/p99/max as a line: spread, tails and outlier runs. */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../model.js'
import { measuredRuns, profileOrder, scenarioOrder } from './order.js'
import { CHART_CONFIG, CHART_SCHEMA, tidy, variantScale, type ChartDefinition } from './theme.js'

const PERCENTILES = ['p50', 'p90', 'p95', 'p99', 'max'] as const

/** A line per measured run, faceted by profile (and by scenario when there are several); null without runs. */
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
    $schema: CHART_SCHEMA,
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
    config: CHART_CONFIG,
  }
  return { id: 'latency-distribution', title: title.text, spec: spec as TopLevelSpec }
}
