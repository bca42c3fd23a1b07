/**
 * How much a comparison was worth: the smallest true regression it would have blocked with 80%
 * power. A "pass" from a gate that could only have seen +40% says little; the report states this
 * number next to every verdict so a reader knows.
 */
import { tCritical } from './distributions.js'
import type { LogInterval } from './intervals.js'

/** The power at which "could have detected" is stated. */
export const DETECTION_POWER = 0.8

/**
 * The smallest true change (as a fraction: 0.12 is +12%) that the verdict rule blocks with
 * probability `power`, given the standard error of the log ratio and its degrees of freedom.
 *
 * The rule blocks when the estimate d exceeds log(1 + threshold) and its interval's lower bound is
 * above 0 (d > t * se), so the bar is b = max(log(1 + threshold), t * se). A true effect delta
 * clears it with probability `power` when delta - t_power * se >= b. Null when there is no spread to
 * work from (fewer than two values).
 */
export function minimumDetectableChange(
  se: number,
  df: number,
  confidence: number,
  threshold: number,
  power = DETECTION_POWER,
): number | null {
  if (!Number.isFinite(se) || !(df > 0)) return null
  const bar = Math.max(Math.log1p(threshold), tCritical(confidence, df) * se)
  // One-sided quantile at `power`: the two-sided critical value at 2 * power - 1.
  const tPower = tCritical(2 * power - 1, df)
  return Math.expm1(bar + tPower * se)
}

/** The minimum detectable change of a log-scale interval, in percent (null when it has no spread). */
export function detectablePct(
  interval: Pick<LogInterval, 'se' | 'df'>,
  gate: { confidence: number; threshold: number; blockConfidence?: number | undefined },
): number | null {
  if (interval.se === 0) return null
  // Blocking reads the interval at gate.blockConfidence (verdict.ts), so detection does too.
  const confidence = Math.max(gate.confidence, gate.blockConfidence ?? gate.confidence)
  const change = minimumDetectableChange(interval.se, interval.df, confidence, gate.threshold)
  return change === null ? null : change * 100
}
