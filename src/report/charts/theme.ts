/**
 * What every chart shares: the chart definition it returns, the schema URL, the font and config, the
 * colours of the variants and verdicts, and the rounding that keeps specs free of float noise.
 * Charts import from here and from nothing above them, so a chart in its own file needs no cycle back.
 */
import type { TopLevelSpec } from 'vega-lite'

/** One chart of the report: a Vega-Lite spec with its data inline (rendering needs no network). */
export interface ChartDefinition {
  /** Stable, file-name safe: used for artifact names and HTML element ids. */
  id: string
  title: string
  spec: TopLevelSpec
}

/** The one font family the charts use; render.ts ships this font to resvg so PNG text matches the SVG. */
export const CHART_FONT = 'DejaVu Sans'

export const CHART_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json'

// Titles are normal weight because only the regular face is shipped: a bold request would be drawn
// regular by resvg anyway, and the SVG and PNG should look the same.
export const CHART_CONFIG = {
  font: CHART_FONT,
  background: 'white',
  title: {
    fontSize: 14,
    fontWeight: 'normal',
    anchor: 'start',
    subtitleFontSize: 11,
    subtitleColor: '#57606a',
  },
  axis: { titleFontWeight: 'normal', labelFontSize: 11, titleFontSize: 12 },
  legend: { titleFontWeight: 'normal', labelFontSize: 11, titleFontSize: 12 },
  header: { titleFontWeight: 'normal', labelFontSize: 12, titleFontSize: 12 },
} as const

/** The shared config with the legend above the plot (small multiples leave no room beside them). */
export const CHART_CONFIG_LEGEND_TOP = { ...CHART_CONFIG, legend: { ...CHART_CONFIG.legend, orient: 'top' } }

export const VARIANT_COLORS = { baseline: '#9aa4ae', candidate: '#1f6feb' }

/** The threshold line, in the regression colour. */
export const THRESHOLD_COLOR = '#d1242f'

/** Each verdict's colour; a control cell is grey (it monitors the runner and is not gated). */
export const VERDICT_COLORS = {
  pass: '#1a7f37',
  regression: '#d1242f',
  inconclusive: '#9a6700',
  control: '#8c959f',
}

/** Text drawn on the plot and error-bar rules. */
export const INK = '#24292f'

/** Secondary text and reference lines. */
export const MUTED = '#57606a'

/** A colour scale for the variants present, so a candidate-only chart has no "baseline" legend entry. */
export function variantScale(values: Array<Record<string, unknown>>): { domain: string[]; range: string[] } {
  const present = new Set(values.map((row) => row.variant))
  const domain = ['baseline', 'candidate'].filter((variant) => present.has(variant))
  return {
    domain,
    range: domain.map((variant) => (VARIANT_COLORS as Record<string, string>)[variant] ?? '#888888'),
  }
}

/** Keeps specs and snapshots free of float noise like 1.8900000000000001. */
export function tidy(value: number): number {
  return Number(value.toPrecision(6))
}
