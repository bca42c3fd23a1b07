/**
 * Interval estimates: Student t intervals on the log scale (one-sample, Welch, paired) and the Wilson
 * score interval for proportions. Distributions come from stdlib; nothing here approximates a
 * quantile by hand.
 */
import type { RatioEstimate } from '../model.js'
import { mean, sd } from './descriptive.js'
import { tCritical, tTwoSidedPValue, zCritical } from './distributions.js'

/** A difference (or a mean) on the log scale with its standard error and t degrees of freedom. */
export interface LogEstimate {
  estimate: number
  /** Standard error; 0 when the inputs had no spread at all. */
  se: number
  df: number
}

/** A log-scale estimate with its two-sided interval and two-sided p-value against 0. */
export interface LogInterval extends LogEstimate {
  lower: number
  upper: number
  pValue: number
}

/** One term of a Welch-Satterthwaite sum: a variance of a mean and the df it was estimated with. */
export interface VarianceTerm {
  variance: number
  df: number
}

/**
 * Welch-Satterthwaite degrees of freedom of a sum of independent variance estimates:
 * (sum v)^2 / sum(v^2 / df). Terms with zero variance add nothing to either side.
 */
export function satterthwaiteDf(terms: readonly VarianceTerm[]): number {
  let total = 0
  let denominator = 0
  for (const term of terms) {
    total += term.variance
    denominator += term.variance ** 2 / term.df
  }
  // With no variance at all the df is never used (the interval has zero width); return the
  // pooled df so callers still get a finite, positive number.
  if (denominator === 0) return terms.reduce((sum, term) => sum + term.df, 0)
  return (total * total) / denominator
}

/** The mean of a sample with the standard error of the mean; needs at least two values. */
export function meanEstimate(values: readonly number[]): LogEstimate {
  const { mean: m, variance } = meanAndVariance(values)
  return { estimate: m, se: Math.sqrt(variance / values.length), df: values.length - 1 }
}

/**
 * Welch's difference of means mean(x) - mean(y), without assuming equal variances (a candidate on
 * a different day need not be as noisy as the baseline). Each side needs at least two values.
 */
export function welchEstimate(x: readonly number[], y: readonly number[]): LogEstimate {
  const a = meanAndVariance(x)
  const b = meanAndVariance(y)
  const terms = [
    { variance: a.variance / x.length, df: x.length - 1 },
    { variance: b.variance / y.length, df: y.length - 1 },
  ]
  return {
    estimate: a.mean - b.mean,
    se: Math.sqrt(terms[0]!.variance + terms[1]!.variance),
    df: satterthwaiteDf(terms),
  }
}

/**
 * The two-sided t interval and p-value of a log-scale estimate.
 *
 * The p-value is two-sided on purpose: with an equal-tailed interval, "the interval excludes 0" and
 * "p < 1 - confidence" are then the same statement, so the verdict (read from the interval) and the
 * Holm correction (read from p-values) can never disagree. A regression additionally needs the
 * estimate above the threshold, so the direction is still checked.
 *
 * Zero spread (every run equal) has no sampling uncertainty to report: the interval collapses to
 * the estimate and the p-value is 1 for no difference and 0 for any difference, instead of 0/0.
 */
export function tInterval(estimate: LogEstimate, confidence: number): LogInterval {
  if (estimate.se === 0) {
    return {
      ...estimate,
      lower: estimate.estimate,
      upper: estimate.estimate,
      pValue: estimate.estimate === 0 ? 1 : 0,
    }
  }
  const half = tCritical(confidence, estimate.df) * estimate.se
  return {
    ...estimate,
    lower: estimate.estimate - half,
    upper: estimate.estimate + half,
    pValue: tTwoSidedPValue(estimate.estimate / estimate.se, estimate.df),
  }
}

/** Back-transforms a log-scale interval of a difference into a ratio candidate/baseline. */
export function toRatio(interval: LogInterval, confidence: number): RatioEstimate {
  return {
    estimate: Math.exp(interval.estimate),
    lower: Math.exp(interval.lower),
    upper: Math.exp(interval.upper),
    confidence,
  }
}

/**
 * Wilson score interval for a binomial proportion. Unlike the Wald interval it stays inside [0, 1]
 * and does not collapse to [0, 0] when no failure was seen, which is the usual case for error rates.
 * With no trials at all nothing is known: [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, confidence: number): [number, number] {
  if (trials === 0) return [0, 1]
  if (successes < 0 || successes > trials) throw new RangeError(`expected 0 <= ${successes} <= ${trials}`)
  const z = zCritical(confidence)
  const p = successes / trials
  const z2n = (z * z) / trials
  const centre = (p + z2n / 2) / (1 + z2n)
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

function meanAndVariance(values: readonly number[]): { mean: number; variance: number } {
  if (values.length < 2) throw new RangeError('an interval needs at least two values')
  return { mean: mean(values), variance: sd(values) ** 2 }
}
