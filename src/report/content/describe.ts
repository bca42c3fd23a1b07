/** Statistics as text for a cell's details, including those the report does not know by name. */
import type { SampleSummary } from '../../model.js'
import { formatMs, roundForDisplay } from '../format.js'

/** The geometric mean with its own interval first, then the median for readers who want the middle run. */
export function describeSummary(summary: SampleSummary): string {
  const interval = summary.interval === 'prediction' ? 'prediction interval for a new night' : 'CI'
  const unit = summary.unit === 'night' ? 'nights' : 'runs'
  return `geometric mean ${formatMs(summary.mean)} [${roundForDisplay(summary.lower)}, ${roundForDisplay(summary.upper)}] (${interval}), median ${roundForDisplay(summary.median)}, n = ${summary.n} ${unit}`
}

function isRatioLike(value: unknown): value is { estimate: number; lower: number; upper: number } {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.estimate === 'number' && typeof v.lower === 'number' && typeof v.upper === 'number'
}

export function describeRatio(r: { estimate: number; lower: number; upper: number }): string {
  return `${r.estimate.toFixed(3)} [${r.lower.toFixed(3)}, ${r.upper.toFixed(3)}]`
}

/** Renders a statistic the report does not know by name, or returns null when it has no readable form. */
export function describeExtra(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(4))) : null
  if (typeof value === 'string' || typeof value === 'boolean') return String(value)
  if (isRatioLike(value)) return describeRatio(value)
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const parts = Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => {
      const text = isRatioLike(inner)
        ? describeRatio(inner)
        : typeof inner === 'number'
          ? describeExtra(inner)
          : null
      return text === null ? [] : [`${key} ${text}`]
    })
    return parts.length > 0 ? parts.join('; ') : null
  }
  return null
}

/** "wilcoxonPValue" -> "wilcoxon p value": readable without a lookup table for fields added later. */
export function humanizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bp value\b/g, 'p-value')
}
