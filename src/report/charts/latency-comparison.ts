/**
 * Per profile, the geometric mean of per-run P95 for baseline and candidate with its 95% CI as error
 * bars (the interval belongs to the geometric mean, so the bar is that, not the median), and above each
 * candidate bar its change: in percent (the ratio the gate tests) and in ms (the difference of the
 * geometric means, what a latency budget is written in). The threshold is not drawn here:
 * the verdict tests the ratio's interval, which the decision chart shows against the threshold.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../model.js'
import { formatDeltaMs, formatSignedPct, metricLabel } from '../format.js'
import { byScenario, profileOrder } from './order.js'
import { CHART_CONFIG, CHART_SCHEMA, INK, tidy, variantScale, type ChartDefinition } from './theme.js'

type Row = Record<string, string | number>

/** A value row per variant and cell, and a change row per cell that has a baseline and a change. */
function comparisonValues(results: GateResults): Row[] {
  const values: Row[] = []
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
        mean: tidy(summary.mean),
        lower: tidy(summary.lower),
        upper: tidy(summary.upper),
        n: summary.n,
      })
    }
    if (cell.baseline && cell.changePct !== null) {
      const deltaMs = cell.candidate.mean - cell.baseline.mean
      values.push({
        kind: 'change',
        cell: cell.cell,
        profile: cell.profile,
        scenario: cell.scenario,
        variant: 'candidate',
        top: tidy(Math.max(cell.candidate.upper, cell.candidate.mean)),
        changePct: tidy(cell.changePct),
        deltaMs: tidy(deltaMs),
        pct: formatSignedPct(cell.changePct, 0),
        ms: formatDeltaMs(deltaMs),
      })
    }
  }
  return values
}

/** Bars, CI rules and (with a change) the two labels above each candidate bar. */
function comparisonLayers(metric: string, values: Row[], profiles: string[], hasChange: boolean): unknown[] {
  const variants = variantScale(values.filter((row) => row.kind === 'value'))
  const x = { field: 'profile', type: 'nominal', sort: profiles, title: null, axis: { labelAngle: -30 } }
  const xOffset = { field: 'variant', sort: variants.domain, scale: { domain: variants.domain } }
  return [
    {
      transform: [{ filter: "datum.kind === 'value'" }],
      mark: { type: 'bar', opacity: 0.85 },
      encoding: {
        x,
        xOffset,
        y: { field: 'mean', type: 'quantitative', title: `${metric} (ms), geometric mean` },
        color: { field: 'variant', type: 'nominal', scale: variants, title: null },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'variant', title: 'Variant' },
          { field: 'mean', title: `${metric} geometric mean (ms)` },
          { field: 'lower', title: 'CI lower' },
          { field: 'upper', title: 'CI upper' },
          { field: 'n', title: 'Runs' },
        ],
      },
    },
    {
      transform: [{ filter: "datum.kind === 'value'" }],
      mark: { type: 'rule', color: INK, strokeWidth: 1.5 },
      encoding: {
        x,
        xOffset,
        y: { field: 'lower', type: 'quantitative' },
        y2: { field: 'upper' },
      },
    },
    // Two text layers, not one two-line text: vega grows multi-line text downwards from its anchor,
    // into the bar.
    ...(hasChange
      ? [
          ['ms', -4],
          ['pct', -17],
        ].map(([field, dy]) => ({
          transform: [{ filter: "datum.kind === 'change'" }],
          mark: { type: 'text', baseline: 'bottom', dy, fontSize: 10, color: INK },
          encoding: {
            x,
            xOffset,
            y: { field: 'top', type: 'quantitative' },
            text: { field: field as string },
            tooltip: [
              { field: 'cell', title: 'Cell' },
              { field: 'changePct', title: 'Change (%)' },
              { field: 'deltaMs', title: 'Change (ms, geometric means)' },
            ],
          },
        }))
      : []),
  ]
}

/** Baseline vs candidate per profile, faceted by scenario when there are several; null without cells. */
export function latencyComparisonChart(results: GateResults): ChartDefinition | null {
  if (results.cells.length === 0) return null
  const metric = metricLabel(results.metric)
  const values = comparisonValues(results)
  const hasChange = values.some((row) => row.kind === 'change')
  const profiles = profileOrder(results)
  const layer = comparisonLayers(metric, values, profiles, hasChange)
  const nights = results.cells.some((cell) => cell.baseline?.interval === 'prediction')
  const title = {
    text: `${metric} latency: baseline vs candidate`,
    // Short lines: vega sizes the image from an estimate of text width (no canvas here), which
    // overestimates long lines and leaves the image half empty.
    subtitle: [
      `Bars: geometric mean of per-run ${metric}; lines: its 95% CI`,
      ...(nights ? ['(a baseline of nights: prediction interval)'] : []),
      ...(hasChange ? ['Above each candidate: change in % and ms'] : []),
    ],
  }
  const facet = byScenario(results)
  // Wide enough per profile for the two-line change label above the candidate bar.
  const unit = { width: Math.max(240, profiles.length * 72), height: 220, layer }
  const spec = facet
    ? {
        $schema: CHART_SCHEMA,
        title,
        data: { values },
        ...facet,
        spec: unit,
        resolve: { scale: { y: 'independent' } },
        config: CHART_CONFIG,
      }
    : { $schema: CHART_SCHEMA, title, data: { values }, ...unit, config: CHART_CONFIG }
  return { id: 'latency-comparison', title: title.text, spec: spec as TopLevelSpec }
}
