/**
 * Descriptive statistics of per-run values. The primitives throw on inputs they cannot describe
 * (an empty sample, a standard deviation of one value) because those are programming errors; the
 * comparisons check sample sizes first and turn small samples into an inconclusive verdict instead.
 */
import type { SampleSummary } from '../model.js'
import { tCritical } from './distributions.js'

function requireValues(values: readonly number[], what: string): void {
  if (values.length === 0) throw new RangeError(`${what} of an empty sample`)
}

/** Arithmetic mean. Throws on an empty sample. */
export function mean(values: readonly number[]): number {
  requireValues(values, 'mean')
  // Summing can round the mean of equal values away from them (0.1 + 0.1 + 0.1); returning the
  // value itself keeps "identical samples" exactly identical downstream (a ratio of exactly 1).
  const first = values[0] as number
  if (values.every((v) => v === first)) return first
  let sum = 0
  for (const v of values) sum += v
  return sum / values.length
}

/** Sample standard deviation (n - 1 denominator). Throws with fewer than two values. */
export function sd(values: readonly number[]): number {
  if (values.length < 2) throw new RangeError('standard deviation needs at least two values')
  // Equal values have exactly zero spread, without rounding residue.
  if (values.every((v) => v === values[0])) return 0
  const m = mean(values)
  let squares = 0
  for (const v of values) squares += (v - m) ** 2
  return Math.sqrt(squares / (values.length - 1))
}

/**
 * Quantile by linear interpolation between order statistics (Hyndman-Fan type 7, the default of
 * numpy and R), so values agree with what a reader reproduces in a notebook.
 */
export function quantile(values: readonly number[], p: number): number {
  requireValues(values, 'quantile')
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile probability must be in [0, 1], got ${p}`)
  const sorted = [...values].sort((a, b) => a - b)
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const hi = Math.ceil(h)
  const a = sorted[lo] as number
  const b = sorted[hi] as number
  return a + (h - lo) * (b - a)
}

/** Median (the 0.5 quantile). */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5)
}

/**
 * Summarizes per-run latencies of one side of a cell.
 *
 * Latency is positive and right-skewed, and a regression acts multiplicatively (a slower gateway
 * scales the tail), so the CI is a Student-t interval on log(values), back-transformed: `mean` is
 * the geometric mean exp(mean(log x)) and [lower, upper] its CI. That is the same scale the ratio
 * comparisons use, so a summary and a ratio never disagree about what "the centre" is. `median` is
 * the plain sample median, for readers who want the middle run.
 *
 * With one value there is no interval (`interval: 'none'`, lower = upper = the value); with none,
 * every number is 0 and `n` says why. Throws on non-positive or non-finite values: callers exclude
 * runs that measured nothing before summarizing.
 */
export function summarize(values: readonly number[], confidence: number): SampleSummary {
  for (const v of values) {
    if (!(Number.isFinite(v) && v > 0)) throw new RangeError(`latency values must be positive, got ${v}`)
  }
  if (values.length === 0) {
    return { n: 0, median: 0, mean: 0, lower: 0, upper: 0, values: [], unit: 'run', interval: 'none' }
  }
  const logs = values.map(Math.log)
  const logMean = mean(logs)
  const centre = Math.exp(logMean)
  if (values.length < 2) {
    const only = values[0] as number
    return {
      n: 1,
      median: only,
      mean: only,
      lower: only,
      upper: only,
      values: [...values],
      unit: 'run',
      interval: 'none',
    }
  }
  const half = tCritical(confidence, values.length - 1) * (sd(logs) / Math.sqrt(values.length))
  return {
    n: values.length,
    median: median(values),
    mean: centre,
    lower: Math.exp(logMean - half),
    upper: Math.exp(logMean + half),
    values: [...values],
    unit: 'run',
    interval: 'confidence',
  }
}
