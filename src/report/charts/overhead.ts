/**
 * Each profile's P95 relative to the reference profile's in the same scenario, as a ratio on a log
 * scale (bars from 1x): the cost of its policy chain. Baseline bars show whether that cost changed.
 */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../model.js'
import { referenceProfile as referenceOf } from '../../stats/profile-roles.js'
import { metricLabel } from '../format.js'
import { byScenario, profileOrder } from './order.js'
import { CHART_CONFIG, CHART_SCHEMA, INK, tidy, variantScale, type ChartDefinition } from './theme.js'

type Row = Record<string, string | number>

export interface OverheadOptions {
  /**
   * The profile overhead is measured against. Default: the gate's reference (report.reference, else
   * the first gated profile).
   */
  referenceProfile?: string
}

/**
 * The profile overhead is measured against, or null when the results have no such profile: the gate's
 * own choice (its overhead figures), else the same rule applied to the cells (stats/profile-roles.ts),
 * so the chart and the overhead table measure against the same profile.
 */
export function referenceProfile(results: GateResults, options: OverheadOptions = {}): string | null {
  if (options.referenceProfile !== undefined) {
    return profileOrder(results).includes(options.referenceProfile) ? options.referenceProfile : null
  }
  if (results.figures !== undefined) return results.figures.reference
  return referenceOf(results.cells, null)
}

/**
 * Axis values for a ratio on a log scale: 1, 2 and 5 times powers of ten within [low, high]; on a
 * range too narrow for three of those (1x..1.6x), evenly spaced nice steps instead.
 */
export function ratioTicks(low: number, high: number): number[] {
  const ticks: number[] = []
  for (let e = Math.floor(Math.log10(low)); e <= Math.ceil(Math.log10(high)); e++) {
    for (const m of [1, 2, 5]) {
      const v = tidy(m * 10 ** e)
      if (v >= low * 0.999 && v <= high * 1.001) ticks.push(v)
    }
  }
  if (ticks.length >= 3) return ticks
  const raw = (high - low) / 4
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude
  const linear: number[] = []
  for (let v = Math.ceil(low / step) * step; v <= high * 1.001; v += step) linear.push(tidy(v))
  return linear
}

/**
 * A row per variant and profile/scenario pair: the ratio to the reference, and for the candidate the
 * gate's own figure (Welch CI over runs) when it has one for this metric. Gateway labels name the
 * rows that measure the gateway itself (reference over a control).
 */
function overheadValues(results: GateResults, reference: string): { values: Row[]; gatewayLabels: string[] } {
  const values: Row[] = []
  const gatewayLabels: string[] = []
  for (const other of results.cells) {
    if (other.profile === reference) continue
    const ref = results.cells.find((c) => c.profile === reference && c.scenario === other.scenario)
    if (!ref) continue
    // A control (no gateway) below 1x would read as a negative overhead: drawn instead is the
    // reference over the control, what the gateway itself adds (stats/overhead.ts does the same).
    const [cell, base] = other.control ? [ref, other] : [other, ref]
    const label = other.control ? `${reference} vs ${other.profile}` : other.profile
    if (other.control && !gatewayLabels.includes(label)) gatewayLabels.push(label)
    const sides = [
      ['candidate', cell.candidate, base.candidate] as const,
      ['baseline', cell.baseline, base.baseline] as const,
    ]
    const figure = results.figures?.overhead.find(
      (o) => o.reference === base.profile && o.profile === cell.profile && o.scenario === cell.scenario,
    )?.metrics[results.metric as 'p50' | 'p95' | 'p99']
    for (const [variant, summary, refSummary] of sides) {
      if (!summary || !refSummary || refSummary.mean <= 0) continue
      const ratio = variant === 'candidate' && figure ? figure.ratio.estimate : summary.mean / refSummary.mean
      values.push({
        cell: cell.cell,
        profile: label,
        scenario: cell.scenario,
        variant,
        ratio: tidy(ratio),
        overheadPct: tidy((ratio - 1) * 100),
        ...(variant === 'candidate' && figure
          ? {
              lowerRatio: tidy(figure.ratio.lower),
              upperRatio: tidy(figure.ratio.upper),
              lowerPct: tidy((figure.ratio.lower - 1) * 100),
              upperPct: tidy((figure.ratio.upper - 1) * 100),
              addedMs: tidy(figure.addedMs.estimate),
            }
          : {}),
      })
    }
  }
  return { values, gatewayLabels }
}

/**
 * Ratios on a log scale, bars from 1x: the interval is a ratio's (computed on logs), so it is
 * symmetric here, and one cell's -90%..+1000% on a noisy runner does not flatten every other bar.
 * A little room above the tallest bar and below the lowest interval (5% on the log scale).
 */
function ratioScale(values: Row[]): { yScale: Record<string, unknown>; yAxis: Record<string, unknown> } {
  const ends = values.flatMap((v) =>
    [v.ratio, v.lowerRatio, v.upperRatio].filter((x): x is number => typeof x === 'number' && x > 0),
  )
  const low = tidy(Math.min(1, ...ends) / 1.05)
  const high = tidy(Math.max(1, ...ends) * 1.05)
  return {
    yScale: { type: 'log', domain: [low, high], nice: false },
    yAxis: { values: ratioTicks(low, high), labelExpr: "datum.value + 'x'" },
  }
}

/** Bars from 1x, the 1x rule and (with the gate's figures) the candidate's CI. */
function overheadLayers(
  values: Row[],
  x: Record<string, unknown>,
  yTitle: string,
  reference: string,
): unknown[] {
  const withCi = values.some((row) => row.lowerPct !== undefined)
  const variants = variantScale(values)
  const { yScale, yAxis } = ratioScale(values)
  return [
    {
      mark: { type: 'bar', opacity: 0.85 },
      encoding: {
        x,
        xOffset: { field: 'variant', sort: variants.domain },
        y: { field: 'ratio', type: 'quantitative', title: yTitle, scale: yScale, axis: yAxis },
        y2: { datum: 1 },
        color: { field: 'variant', type: 'nominal', scale: variants, title: null },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'variant', title: 'Variant' },
          { field: 'ratio', title: `Ratio to ${reference}` },
          { field: 'overheadPct', title: 'Overhead (%)' },
          ...(withCi
            ? [
                { field: 'lowerPct', title: 'CI low (%)' },
                { field: 'upperPct', title: 'CI high (%)' },
              ]
            : []),
        ],
      },
    },
    { mark: { type: 'rule', color: INK }, encoding: { y: { datum: 1 } } },
    ...(withCi
      ? [
          {
            transform: [{ filter: 'isValid(datum.lowerRatio)' }],
            mark: { type: 'errorbar', ticks: true },
            encoding: {
              x,
              xOffset: { field: 'variant', sort: variants.domain },
              // The same title as the bars': a shared axis otherwise lists both field names.
              y: { field: 'lowerRatio', type: 'quantitative', title: yTitle },
              y2: { field: 'upperRatio' },
            },
          },
        ]
      : []),
  ]
}

/** The overhead of each profile over the reference, or null without a reference or a pair to compare. */
export function overheadChart(results: GateResults, options: OverheadOptions = {}): ChartDefinition | null {
  const reference = referenceProfile(results, options)
  if (reference === null) return null
  const metric = metricLabel(results.metric)
  const { values, gatewayLabels } = overheadValues(results, reference)
  if (values.length === 0) return null
  const withCi = values.some((row) => row.lowerPct !== undefined)
  const controls = new Set(results.cells.filter((c) => c.control).map((c) => c.profile))
  const others = [
    ...gatewayLabels,
    ...profileOrder(results).filter((p) => p !== reference && !controls.has(p)),
  ]
  const x = { field: 'profile', type: 'nominal', sort: others, title: null, axis: { labelAngle: -30 } }
  // With no other profile beside the reference, the only bars are the gateway against the no-gateway
  // control: say that, not "overhead vs <the gateway>" (a gateway engineer read it as a self-ratio).
  const onlyGateway = others.length === gatewayLabels.length
  const yTitle = onlyGateway
    ? `${metric} ratio to no gateway (log scale)`
    : `${metric} ratio to ${reference} (log scale)`
  const layer = overheadLayers(values, x, yTitle, reference)
  const title = {
    text: onlyGateway
      ? `${metric} overhead of ${reference} over no gateway`
      : `${metric} overhead vs ${reference}`,
    // Short lines: a long subtitle would set the chart's width.
    subtitle: [
      onlyGateway
        ? `${reference} ${metric} / the control's ${metric} (1x: no overhead),`
        : `profile ${metric} / ${reference} ${metric} (1x: no overhead),`,
      withCi
        ? `geometric means; candidate with its ${Math.round(results.confidence * 100)}% CI`
        : 'geometric means of runs',
      ...gatewayLabels.map((label) => `${label}: what the gateway itself adds`),
    ],
  }
  const facet = byScenario(results)
  const unit = { width: Math.max(140, others.length * 56), height: 200, layer }
  const spec = facet
    ? { $schema: CHART_SCHEMA, title, data: { values }, ...facet, spec: unit, config: CHART_CONFIG }
    : { $schema: CHART_SCHEMA, title, data: { values }, ...unit, config: CHART_CONFIG }
  return { id: 'overhead', title: title.text, spec: spec as TopLevelSpec }
}
