/**
 * The only place that touches distribution functions. They come from stdlib (maintained, tested
 * against R); this module only names the few quantities the statistics need.
 */
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile'
import tCdf from '@stdlib/stats-base-dists-t-cdf'
import tQuantile from '@stdlib/stats-base-dists-t-quantile'

function checkConfidence(confidence: number): void {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`)
}

/** The two-sided normal critical value z_{(1+confidence)/2}. */
export function zCritical(confidence: number): number {
  checkConfidence(confidence)
  return normalQuantile((1 + confidence) / 2, 0, 1)
}

/**
 * The two-sided critical value t_{(1+confidence)/2, df}. Infinite df (a variance known exactly) uses
 * the normal quantile, which is the limit of t.
 */
export function tCritical(confidence: number, df: number): number {
  checkConfidence(confidence)
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`)
  return Number.isFinite(df) ? tQuantile((1 + confidence) / 2, df) : zCritical(confidence)
}

/** Two-sided p-value of a t statistic: 2 P(T_df > |t|), computed from the lower tail to keep precision. */
export function tTwoSidedPValue(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`)
  return Math.min(1, 2 * tCdf(-Math.abs(t), df))
}
