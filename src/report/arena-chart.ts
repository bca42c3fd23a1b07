/**
 * The arena chart (seed 002): each gateway's composite score (median over runs, with the t CI95 of the
 * mean as an error bar) next to its seven dimension scores, so a reader sees both the ranking and
 * where it comes from.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../model.js'
import { arenaDimensionNames } from '../model.js'
import { CHART_CONFIG, CHART_SCHEMA, type ChartDefinition } from './charts.js'

const LABELS: Record<string, string> = {
  score: 'Score',
  sequential: 'Sequential',
  burst50: 'Burst 50',
  burst100: 'Burst 100',
  availability: 'Availability',
  errorRate: 'Error rate',
  consistency: 'Consistency',
  rampUp: 'Ramp-up',
}

function tidy(value: number): number {
  return Number(value.toPrecision(6))
}

/** Score and dimension scores per gateway for arena cells, or null without any. */
export function arenaChart(results: GateResults): ChartDefinition | null {
  const values: Array<Record<string, string | number>> = []
  const cells = results.cells.filter((c) => c.arena && c.arena.candidate.n > 0)
  if (cells.length === 0) return null
  const ranked = [...cells].sort(
    (a, b) => (b.arena?.candidate.median ?? 0) - (a.arena?.candidate.median ?? 0),
  )
  for (const cell of ranked) {
    const a = cell.arena
    if (!a) continue
    const gateway = cell.scenario === ranked[0]?.scenario ? cell.profile : cell.cell
    values.push({
      gateway,
      dimension: LABELS.score as string,
      median: tidy(a.candidate.median),
      lower: tidy(a.candidate.lower),
      upper: tidy(a.candidate.upper),
    })
    for (const d of arenaDimensionNames) {
      const dim = a.dimensions[d]
      if (!dim) continue
      values.push({
        gateway,
        dimension: LABELS[d] as string,
        median: tidy(dim.median),
        lower: tidy(dim.lower),
        upper: tidy(dim.upper),
      })
    }
  }
  const order = ['score', ...arenaDimensionNames].map((d) => LABELS[d] as string)
  const gateways = [...new Set(values.map((v) => v.gateway as string))]
  const x = { field: 'dimension', type: 'nominal', sort: order, title: null, axis: { labelAngle: -30 } }
  const title = {
    text: 'Gateway Arena: score and dimensions',
    subtitle: 'Median over runs; error bars: t CI95 of the mean (seed 002); 0..100, higher is better',
  }
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    width: 520,
    height: 220,
    encoding: {
      x,
      xOffset: { field: 'gateway', type: 'nominal', sort: gateways },
      color: { field: 'gateway', type: 'nominal', sort: gateways, title: 'Gateway' },
    },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: { field: 'median', type: 'quantitative', title: 'Score (0..100)', scale: { domain: [0, 100] } },
          tooltip: [
            { field: 'gateway', title: 'Gateway' },
            { field: 'dimension', title: 'Dimension' },
            { field: 'median', title: 'Median' },
            { field: 'lower', title: 'CI low' },
            { field: 'upper', title: 'CI high' },
          ],
        },
      },
      {
        mark: { type: 'errorbar', ticks: true, color: '#24292f' },
        encoding: { y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' } },
      },
    ],
    config: CHART_CONFIG,
  }
  return { id: 'arena', title: title.text, spec: spec as unknown as TopLevelSpec }
}
