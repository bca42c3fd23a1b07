/** Wording shared by the reasons the comparisons give, so every reason reads the same way. */
import type { RatioEstimate } from '../model.js'

/** A relative change as a signed percentage: 1.123 -> "+12.3%". */
export function formatChange(ratio: number): string {
  const pct = (ratio - 1) * 100
  // -0.0% reads like a bug; anything that rounds to zero is "+0.0%".
  const rounded = Math.abs(pct) < 0.05 ? 0 : pct
  return `${rounded >= 0 ? '+' : ''}${rounded.toFixed(1)}%`
}

/** A ratio with its interval as changes: "+12.3% (95% CI +4.1% to +21.2%)". */
export function formatRatio(ratio: RatioEstimate): string {
  const level = `${Math.round(ratio.confidence * 1000) / 10}%`
  return `${formatChange(ratio.estimate)} (${level} CI ${formatChange(ratio.lower)} to ${formatChange(ratio.upper)})`
}

/** A proportion as a percentage with enough digits for small error rates: 0.00123 -> "0.123%". */
export function formatRate(rate: number): string {
  return `${Number((rate * 100).toPrecision(3))}%`
}

/** A p-value for reading: 3 significant digits, tiny values as "< 0.0001". */
export function formatP(p: number): string {
  return p < 0.0001 ? '< 0.0001' : `= ${Number(p.toPrecision(3))}`
}
