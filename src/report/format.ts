/**
 * Number and label formatting shared by the markdown, HTML and chart builders, so that a value reads the
 * same in the comment, the HTML report and a chart tooltip.
 */
import type { Verdict } from '../model.js'

/** Milliseconds with a precision that suits the magnitude: 0.412 ms, 1.82 ms, 23.4 ms, 1210 ms. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—'
  return `${roundForDisplay(ms)} ms`
}

/** A bare number with the same magnitude-aware precision as formatMs. */
export function roundForDisplay(value: number): string {
  const abs = Math.abs(value)
  if (abs >= 100) return value.toFixed(0)
  if (abs >= 10) return value.toFixed(1)
  if (abs >= 1) return value.toFixed(2)
  return value.toFixed(3)
}

/** A signed percentage: +12.3%, -4.0%, +0.0%. */
export function formatSignedPct(pct: number, digits = 1): string {
  if (!Number.isFinite(pct)) return '—'
  const fixed = pct.toFixed(digits)
  // toFixed keeps the sign of tiny negatives ("-0.0"), which reads as a change when there is none.
  return Number(fixed) === 0
    ? `+${Math.abs(Number(fixed)).toFixed(digits)}%`
    : `${pct > 0 ? '+' : ''}${fixed}%`
}

/** A signed difference in ms with formatMs's precision: +0.42 ms, -1.30 ms, +0.000 ms. */
export function formatDeltaMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—'
  const text = roundForDisplay(Math.abs(ms))
  // Like formatSignedPct: a difference that rounds to zero reads "+0", never "-0".
  return `${ms < 0 && Number(text) !== 0 ? '-' : '+'}${text} ms`
}

/** A fraction in [0, 1] as a percentage; small non-zero rates keep enough digits to stay visible. */
export function formatRate(fraction: number): string {
  if (!Number.isFinite(fraction)) return '—'
  const pct = fraction * 100
  if (pct === 0) return '0%'
  if (pct < 0.01) return '<0.01%'
  if (pct < 1) return `${pct.toFixed(2)}%`
  if (pct >= 99.995 && pct < 100) return '>99.99%'
  return `${pct.toFixed(pct >= 10 ? 1 : 2).replace(/\.0+$/, '')}%`
}

/** Requests per second, rounded for reading. */
export function formatRps(rps: number): string {
  if (!Number.isFinite(rps)) return '—'
  return rps >= 100 ? rps.toFixed(0) : rps.toFixed(1)
}

/** A p-value as people quote it: 0.003, <0.001. */
export function formatPValue(p: number): string {
  if (!Number.isFinite(p)) return '—'
  if (p < 0.001) return '<0.001'
  return p.toFixed(3)
}

/** "P95" for "p95": how the metric is named in headings and axes. */
export function metricLabel(metric: string): string {
  return metric.toUpperCase()
}

const verdictIcons: Record<Verdict, string> = { pass: '✅', regression: '❌', inconclusive: '⚠️' }

/** An icon for a verdict, used in headlines and table cells. */
export function verdictIcon(verdict: Verdict): string {
  return verdictIcons[verdict]
}

/** Sort key that puts what the reader must act on first. */
export function verdictSeverity(verdict: Verdict): number {
  return verdict === 'regression' ? 0 : verdict === 'inconclusive' ? 1 : 2
}

/** A table of figures (overhead, per-hook cost): headers, then rows of display strings. */
export interface FigureTable {
  title: string
  headers: string[]
  rows: string[][]
}
