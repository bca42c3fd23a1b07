/**
 * The capacity-search chart: for every step of every search, the achieved rate against the target
 * rate, with the pass region the rule allows (achieved within the tolerance of the target) shaded
 * and each search's capacity marked. Steps above capacity fall below the band (the stack could not
 * keep up) or fail on errors or P95: they are drawn as results, in a colour of their own.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../model.js'
import {
  CHART_CONFIG,
  CHART_SCHEMA,
  tidy,
  VARIANT_COLORS,
  VERDICT_COLORS,
  type ChartDefinition,
} from '../../report/charts/theme.js'

type Row = Record<string, string | number | boolean>

/**
 * Every step of every search (variant #round), the pass region over the targets tried per cell, and
 * each search's capacity where it found one.
 */
function capacityValues(results: GateResults): { steps: Row[]; band: Row[]; found: Row[] } {
  const steps: Row[] = []
  const band: Row[] = []
  const found: Row[] = []
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
  return { steps, band, found }
}

/** The pass band, each search's capacity as a rule, and the steps as points coloured by their result. */
function capacityLayers(x: Record<string, unknown>, log: Record<string, unknown>): unknown[] {
  return [
    {
      transform: [{ filter: "datum.layer === 'band'" }],
      mark: { type: 'area', color: VERDICT_COLORS.pass, opacity: 0.15 },
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
          scale: { range: [VARIANT_COLORS.candidate, VARIANT_COLORS.baseline] },
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
          scale: { domain: ['pass', 'fail'], range: [VERDICT_COLORS.pass, VERDICT_COLORS.regression] },
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
  ]
}

/** Achieved vs target rate per capacity cell (faceted), or null without capacity searches. */
export function capacityChart(results: GateResults): ChartDefinition | null {
  const { steps, band, found } = capacityValues(results)
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
    spec: { width: 260, height: 200, layer: capacityLayers(x, log) },
    // Each cell at its own rates (1 KB and 100 KB capacities differ by an order of magnitude); one
    // legend for the whole chart.
    resolve: { scale: { x: 'independent', y: 'independent' } },
    config: CHART_CONFIG,
  }
  return { id: 'capacity', title: title.text, spec: spec as unknown as TopLevelSpec }
}
