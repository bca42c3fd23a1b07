/**
 * Comparing a candidate with a stored history of baseline nights.
 *
 * Why not pool the nights' runs: runs of one night share a runner (CPU model, neighbours, kernel),
 * so they agree with each other far better than with a run on another machine. Pooling treats that
 * shared offset as if it averaged out, and then an unchanged PR on a different runner is flagged
 * 30-40% of the time. The history tells us how far a whole night moves, so the unit of comparison
 * is the night: each night is reduced to its log-mean m_j (mean of log metric over its runs).
 *
 * Prediction interval for a new night's log-mean, from k nights:
 *   mbar +/- t_{k-1} * s_b * sqrt(1 + 1/k)
 * where s_b is the sd of the m_j. The "1" is the new night's own deviation from the true mean; the
 * "1/k" is the uncertainty of mbar itself. A PR run on an arbitrary runner is such a "new night".
 */
import { mean, sd } from './descriptive.js'
import { tCritical } from './distributions.js'
import { satterthwaiteDf, type LogEstimate } from './intervals.js'

/** Fewest nights for which the spread between nights is estimated; fewer fall back to Welch. */
export const HISTORY_MIN_NIGHTS = 3

/** A prediction interval on the log scale for one new night's log-mean. */
export interface NightPrediction {
  /** Mean of the nights' log-means. */
  centre: number
  /** Sd between nights' log-means (includes each night's own sampling noise). */
  sBetween: number
  nights: number
  lower: number
  upper: number
}

/** Each night's log-mean: the mean of log(value) over its runs. Nights without values are skipped. */
export function nightLogMeans(nights: readonly (readonly number[])[]): number[] {
  return nights.filter((values) => values.length > 0).map((values) => mean(values.map(Math.log)))
}

/** The prediction interval for a new night's log-mean; needs at least two nights. */
export function predictionInterval(logMeans: readonly number[], confidence: number): NightPrediction {
  const k = logMeans.length
  if (k < 2) throw new RangeError('a prediction interval needs at least two nights')
  const centre = mean(logMeans)
  const sBetween = sd(logMeans)
  const half = tCritical(confidence, k - 1) * sBetween * Math.sqrt(1 + 1 / k)
  return { centre, sBetween, nights: k, lower: centre - half, upper: centre + half }
}

/**
 * The candidate's log-mean minus the history's centre, with a standard error that combines both
 * uncertainties:
 *
 *   d  = mean(log candidate) - mbar
 *   se = sqrt( s_b^2 (1 + 1/k)  +  s_c^2 / n_c )
 *   df = Welch-Satterthwaite of the two terms (k - 1 and n_c - 1 degrees of freedom)
 *
 * The first term is the prediction variance above: how far an unchanged candidate's night may sit
 * from the history just because it ran on another runner. The second is the candidate's own
 * within-run uncertainty (s_c the sd of its log metric over n_c runs). Strictly, s_b^2 already
 * contains a night's within-run noise, so adding s_c^2 / n_c counts it twice when the candidate ran
 * as many runs as a night; that errs towards wider intervals, which is the side we want: the gate
 * should rarely block unchanged code on a different runner, and a real regression above the
 * threshold still shows because the estimate condition of the verdict is not widened. The ratio CI is
 * exp(d +/- t_df * se); an unchanged candidate falls outside it (one side) at most about
 * (1 - confidence) / 2 of the time, less with the double count.
 */
export function historyEstimate(candidateLogs: readonly number[], logMeans: readonly number[]): LogEstimate {
  const k = logMeans.length
  const n = candidateLogs.length
  if (k < 2 || n < 2) throw new RangeError('a history comparison needs two nights and two candidate runs')
  const sBetween = sd(logMeans)
  const terms = [
    { variance: sBetween ** 2 * (1 + 1 / k), df: k - 1 },
    { variance: sd(candidateLogs) ** 2 / n, df: n - 1 },
  ]
  return {
    estimate: mean(candidateLogs) - mean(logMeans),
    se: Math.sqrt(terms[0]!.variance + terms[1]!.variance),
    df: satterthwaiteDf(terms),
  }
}
