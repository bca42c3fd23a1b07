/**
 * The arena chart (seed 002): each gateway's composite score (median over runs, with the t CI95 of the
 * mean as an error bar) next to its seven dimension scores, so a reader sees both the ranking and
 * where it comes from. When the cell has a baseline (stored or the paired baseline variant), a
 * diamond on the score bar marks the baseline's median score, so a score drop is seen where it is gated.
 * Scores live in 0..100, and so do the drawn intervals: a t interval of a few runs can reach past
 * either end, which no score can.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { CellComparison, GateResults } from '../../model.js'
import { arenaDimensionNames } from '../../model.js'
import { CHART_CONFIG, CHART_SCHEMA, INK, tidy, type ChartDefinition } from '../../report/charts/theme.js'

type Row = Record<string, string | number>

const LABELS: Record<string, string> = {
  score: 'Score',
  sequential: 'Sequential',
  burst50: 'Burst 50',
  burst100: 'Burst 100',
  availability: 'Availability',
  errorRate: 'Error rate',
  consistency: 'Consistency',
  rampUp: 'Ramp-up',
  mcpDiscovery: 'MCP discovery',
  mcpToolExec: 'MCP tool exec',
  authChain: 'Auth chain',
  policyEngine: 'Policy engine',
  guardrails: 'Guardrails',
  rateLimiting: 'Rate limiting',
  resilience: 'Resilience',
  governance: 'Governance',
}

const Y_TITLE = 'Score (0..100)'

/** A score's interval end, kept inside the scale scores live on. */
function bound(value: number): number {
  return tidy(Math.min(100, Math.max(0, value)))
}

/** Per arena cell, best score first: its score (with the baseline's, when known) and each dimension's. */
function arenaValues(cells: CellComparison[]): Row[] {
  const values: Row[] = []
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
      lower: bound(a.candidate.lower),
      upper: bound(a.candidate.upper),
      ...(a.baseline && a.baseline.n > 0 ? { baseline: tidy(a.baseline.median) } : {}),
    })
    for (const d of arenaDimensionNames) {
      const dim = a.dimensions[d]
      if (!dim) continue
      values.push({
        gateway,
        dimension: LABELS[d] as string,
        median: tidy(dim.median),
        lower: bound(dim.lower),
        upper: bound(dim.upper),
      })
    }
  }
  return values
}

/** The bars, their error bars and (with a baseline) the baseline's score as a diamond. */
function arenaLayers(withBaseline: boolean): unknown[] {
  return [
    {
      mark: { type: 'bar' },
      encoding: {
        y: { field: 'median', type: 'quantitative', title: Y_TITLE, scale: { domain: [0, 100] } },
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
      mark: { type: 'errorbar', ticks: true, color: INK },
      // The same title on every layer's y, or Vega-Lite joins the field names into the shared axis's.
      encoding: { y: { field: 'lower', type: 'quantitative', title: Y_TITLE }, y2: { field: 'upper' } },
    },
    ...(withBaseline
      ? [
          {
            transform: [{ filter: 'isValid(datum.baseline)' }],
            mark: {
              type: 'point',
              shape: 'diamond',
              size: 110,
              filled: true,
              fill: '#ffffff',
              stroke: INK,
              strokeWidth: 2,
              opacity: 1,
            },
            encoding: {
              y: { field: 'baseline', type: 'quantitative', title: Y_TITLE },
              tooltip: [
                { field: 'gateway', title: 'Gateway' },
                { field: 'baseline', title: 'Baseline median score' },
                { field: 'median', title: 'Candidate median score' },
              ],
            },
          },
        ]
      : []),
  ]
}

/** Score and dimension scores per gateway for arena cells, or null without any. */
export function arenaChart(results: GateResults): ChartDefinition | null {
  const cells = results.cells.filter((c) => c.arena && c.arena.candidate.n > 0)
  if (cells.length === 0) return null
  const values = arenaValues(cells)
  const order = ['score', ...arenaDimensionNames].map((d) => LABELS[d] as string)
  const gateways = [...new Set(values.map((v) => v.gateway as string))]
  const x = { field: 'dimension', type: 'nominal', sort: order, title: null, axis: { labelAngle: -30 } }
  const withBaseline = values.some((v) => v.baseline !== undefined)
  const title = {
    text: 'Gateway Arena: score and dimensions',
    subtitle: [
      'Median over runs; error bars: t CI95 of the mean (seed 002), cut at 0..100; higher is better',
      ...(withBaseline ? ["White diamond on a score bar: the baseline's median score"] : []),
    ],
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
    layer: arenaLayers(withBaseline),
    config: CHART_CONFIG,
  }
  return { id: 'arena', title: title.text, spec: spec as unknown as TopLevelSpec }
}
