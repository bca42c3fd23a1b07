/**
 * The capacity-search chart: for every step of every search, the achieved rate against the target
 * rate, with the pass region the rule allows (achieved within the tolerance of the target) shaded
 * and each search's capacity marked. Steps above capacity fall below the band (the stack could not
 * keep up) or fail on errors or P95: they are drawn as results, in a colour of their own.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../model.js'
import { CHART_CONFIG, CHART_SCHEMA, type ChartDefinition } from './charts.js'

function tidy(value: number): number {
  return Number(value.toPrecision(6))
}

/** Achieved vs target rate per capacity cell (faceted), or null without capacity searches. */
export function capacityChart(results: GateResults): ChartDefinition | null {
  const steps: Array<Record<string, string | number | boolean>> = []
  const band: Array<Record<string, string | number>> = []
  const found: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
    const searches = cell.runs.filter((r) => !r.warmup && r.capacity)
    if (searches.length === 0) continue
    let low = Number.POSITIVE_INFINITY
    let high = 0
    let tolerance = 0
    for (const run of searches) {
      const search = run.capacity
      if (!search) continue
      tolerance = search.rule.achievedTolerance
      for (const step of search.steps) {
        low = Math.min(low, step.target)
        high = Math.max(high, step.target)
        steps.push({
          cell: cell.cell,
          search: `${run.variant} #${run.round}`,
          variant: run.variant,
          target: step.target,
          achieved: tidy(step.achieved),
          errorPct: tidy(step.errorRate * 100),
          p95: tidy(step.p95),
          result: step.pass ? 'pass' : 'fail',
          reason: step.reason ?? '',
        })
      }
      if (search.capacity !== null) {
        found.push({ cell: cell.cell, variant: run.variant, capacity: search.capacity })
      }
    }
    // The pass region: achieved within the tolerance of the target, over the targets tried.
    for (const target of [low, high]) {
      band.push({
        cell: cell.cell,
        target,
        lower: tidy(target * (1 - tolerance)),
        upper: tidy(target * (1 + tolerance)),
      })
    }
  }
  if (steps.length === 0) return null
  const cells = [...new Set(steps.map((s) => s.cell as string))]
  // Log scales fitted to the rates tried (not rounded out to powers of ten, which left most of the
  // plot empty).
  const log = { type: 'log', nice: false, padding: 12 }
  const x = { field: 'target', type: 'quantitative', title: 'Target rate (req/s)', scale: log }
  const title = {
    text: 'Capacity search: achieved vs target rate',
    subtitle:
      'Shaded: the pass region (achieved within the tolerance of the target); lines: each search’s capacity',
  }
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    facet: { field: 'cell', sort: cells, title: null },
    columns: 3,
    data: {
      values: [
        ...steps.map((s) => ({ ...s, layer: 'step' })),
        ...band.map((b) => ({ ...b, layer: 'band' })),
        ...found.map((f) => ({ ...f, layer: 'capacity' })),
      ],
    },
    spec: {
      width: 260,
      height: 200,
      layer: [
        {
          transform: [{ filter: "datum.layer === 'band'" }],
          mark: { type: 'area', color: '#1a7f37', opacity: 0.15 },
          encoding: {
            x,
            y: {
              field: 'lower',
              type: 'quantitative',
              title: 'Achieved rate (req/s)',
              scale: log,
            },
            y2: { field: 'upper' },
          },
        },
        {
          transform: [{ filter: "datum.layer === 'capacity'" }],
          mark: { type: 'rule', strokeDash: [4, 3] },
          encoding: {
            x: { field: 'capacity', type: 'quantitative' },
            color: {
              field: 'variant',
              type: 'nominal',
              // The same title as the points' shape: one legend, each variant's shape in its line colour.
              title: 'Variant',
              scale: { range: ['#1f6feb', '#9aa4ae'] },
            },
          },
        },
        {
          transform: [{ filter: "datum.layer === 'step'" }],
          mark: { type: 'point', filled: true, size: 50 },
          encoding: {
            x,
            y: { field: 'achieved', type: 'quantitative', scale: log },
            shape: { field: 'variant', type: 'nominal', title: 'Variant' },
            fill: {
              field: 'result',
              type: 'nominal',
              title: 'Step',
              scale: { domain: ['pass', 'fail'], range: ['#1a7f37', '#d1242f'] },
            },
            tooltip: [
              { field: 'search', title: 'Search' },
              { field: 'target', title: 'Target req/s' },
              { field: 'achieved', title: 'Achieved req/s' },
              { field: 'errorPct', title: 'Errors %' },
              { field: 'p95', title: 'P95 ms' },
              { field: 'reason', title: 'Failed because' },
            ],
          },
        },
      ],
    },
    // Each cell at its own rates (1 KB and 100 KB capacities differ by an order of magnitude); one
    // legend for the whole chart.
    resolve: { scale: { x: 'independent', y: 'independent' } },
    config: CHART_CONFIG,
  }
  return { id: 'capacity', title: title.text, spec: spec as unknown as TopLevelSpec }
}
