/**
 * Change points in the main branch's nightly history: E-divisive means (Matteson & James 2014), the
 * test Apache Otava (formerly Hunter) and MongoDB's signal processing run over their CI history.
 *
 * Why: a PR gate sees one change at a time, so a slowdown that arrives in several small steps, each
 * under the threshold, passes every gate. Looking at the history as a whole finds the nights where the
 * level moved and stayed moved.
 *
 * The series of a cell is one value per night: the mean of log(metric) over the night's measured runs
 * (the log of the geometric mean of the per-run P95). E-divisive bisects it: the split tau that
 * maximises the energy statistic
 *   Q(tau) = n m / (n + m) * (2 mean|X - Y| - mean|X - X'| - mean|Y - Y'|)
 * (X the n values before tau, Y the m values from tau on; the within-sample means are V-statistics,
 * divided by n^2 and m^2, exactly as MongoDB's signal-processing-algorithms computes them) is tested by
 * permutation: the values inside each current segment are shuffled `permutations` times and the
 * largest Q over the segments recomputed; p = (1 + #{shuffled >= observed}) / (1 + permutations), so a
 * flat series yields a change point with probability at most alpha. A significant split becomes a
 * change point and the search repeats on the segments, up to `maxChangePoints`. Shuffles come from a
 * seeded PRNG: the same history always gives the same answer.
 *
 * Pure: no I/O. The size of each shift is the ratio of the geometric means of the segments after and
 * before it, with a Welch t interval on the log scale.
 */
import type { BaselineFile } from '../baseline/format.js'
import type { ChangePoint, ChangePointReport, LatencyMetric, RunResult } from '../model.js'
import { seededRandom } from './random.js'
import { mean } from './descriptive.js'
import { tInterval, toRatio, welchEstimate } from './intervals.js'
import { selectRuns } from './run-selection.js'

export interface EDivisiveOptions {
  /** Significance level of each permutation test. */
  alpha?: number
  /** Shuffles per test; at least 1/alpha - 1 for a test that can reject at all. */
  permutations?: number
  /** Most change points returned (the search stops there). */
  maxChangePoints?: number
  /** Fewest values on each side of a change point (1 = MongoDB's behaviour). */
  minSize?: number
  /** PRNG seed for the shuffles. */
  seed?: number
}

/** Defaults: 5% per test, 199 shuffles, at most 5 change points, segments of at least 3 nights. */
export const CHANGE_POINT_DEFAULTS: Required<EDivisiveOptions> = {
  alpha: 0.05,
  permutations: 199,
  maxChangePoints: 5,
  minSize: 3,
  seed: 1,
}

/**
 * Q(tau) for every split tau = 0..n-1 of `values` (tau = index of the first value of the second part;
 * Q(0) = 0). The same incremental sums as signal-processing-algorithms' `_calculate_t_stats`, O(n^2).
 */
export function energyStatistics(values: readonly number[]): number[] {
  const n = values.length
  const d = (i: number, j: number) => Math.abs(values[i]! - values[j]!)
  const stats = new Array<number>(n).fill(0)
  let xy = 0 // sum |Xi - Yj|
  let x = 0 // sum |Xi - Xj|, i < j < tau
  let y = 0 // sum |Yi - Yj|, tau <= i < j
  for (let i = 0; i < n; i += 1) for (let j = i + 1; j < n; j += 1) y += d(i, j)
  for (let tau = 0; tau < n; tau += 1) {
    const left = tau
    const right = n - tau
    const xyAvg = left > 0 && right > 0 ? xy / (left * right) : 0
    const xAvg = left > 0 ? (2 * x) / (left * left) : 0
    const yAvg = right > 0 ? (2 * y) / (right * right) : 0
    stats[tau] = ((left * right) / n) * (2 * xyAvg - xAvg - yAvg)
    let column = 0
    for (let i = 0; i < tau; i += 1) column += d(i, tau)
    let row = 0
    for (let j = tau + 1; j < n; j += 1) row += d(tau, j)
    xy += row - column
    x += column
    y -= row
  }
  return stats
}

/** The best split of one segment with at least `minSize` values on each side, or null. */
function bestSplit(values: readonly number[], minSize: number): { tau: number; q: number } | null {
  if (values.length < 2 * minSize) return null
  const stats = energyStatistics(values)
  let best: { tau: number; q: number } | null = null
  for (let tau = minSize; tau <= values.length - minSize; tau += 1) {
    if (!best || stats[tau]! > best.q) best = { tau, q: stats[tau]! }
  }
  return best
}

function shuffleInPlace(items: number[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    const t = items[i]!
    items[i] = items[j]!
    items[j] = t
  }
}

/**
 * E-divisive means over a series: the indices (sorted) where a new level starts. Index i means the
 * values from i on differ in distribution from those before it (within its segment).
 */
export function eDivisive(series: readonly number[], options: EDivisiveOptions = {}): number[] {
  const o = { ...CHANGE_POINT_DEFAULTS, ...options }
  if (!(o.alpha > 0 && o.alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${o.alpha}`)
  if (!Number.isInteger(o.minSize) || o.minSize < 1)
    throw new RangeError(`minSize must be a positive integer, got ${o.minSize}`)
  if (series.some((v) => !Number.isFinite(v))) throw new RangeError('the series has a non-finite value')
  const random = seededRandom(o.seed)
  const found: number[] = []
  while (found.length < o.maxChangePoints) {
    const bounds = [0, ...[...found].sort((a, b) => a - b), series.length]
    const segments = bounds.slice(0, -1).map((start, i) => series.slice(start, bounds[i + 1]))
    let best: { at: number; q: number } | null = null
    segments.forEach((segment, i) => {
      const split = bestSplit(segment, o.minSize)
      if (split && (!best || split.q > best.q)) best = { at: bounds[i]! + split.tau, q: split.q }
    })
    const candidate = best as { at: number; q: number } | null
    if (!candidate || candidate.q <= 0) break
    let asLarge = 0
    for (let p = 0; p < o.permutations; p += 1) {
      let largest = Number.NEGATIVE_INFINITY
      for (const segment of segments) {
        const shuffled = [...segment]
        shuffleInPlace(shuffled, random)
        const split = bestSplit(shuffled, o.minSize)
        if (split && split.q > largest) largest = split.q
      }
      if (largest >= candidate.q) asLarge += 1
      // Already not significant whatever the remaining shuffles give: the answer cannot change.
      if ((asLarge + 1) / (o.permutations + 1) > o.alpha) break
    }
    const pValue = (asLarge + 1) / (o.permutations + 1)
    if (pValue > o.alpha) break
    found.push(candidate.at)
  }
  return found.sort((a, b) => a - b)
}

/** One night of a cell's series: where it sits in the baseline file and its log-scale value. */
export interface NightValue {
  /** Index into the baseline file's `nights` (oldest first). */
  night: number
  createdAt: string
  gitSha: string | null
  /** Mean of log(metric) over the night's measured runs of the cell. */
  logValue: number
}

/** A cell's nightly series: nights without a measured run of the cell are skipped. */
export function cellNightSeries(baseline: BaselineFile, cell: string, metric: LatencyMetric): NightValue[] {
  const series: NightValue[] = []
  baseline.nights.forEach((night, index) => {
    const runs: RunResult[] = night.runs.filter((run) => run.cell === cell)
    const measured = selectRuns(runs, metric).measured
    if (measured.length === 0) return
    series.push({
      night: index,
      createdAt: night.createdAt,
      gitSha: night.gitSha,
      logValue: mean(measured.map((run) => Math.log(run.metrics[metric]))),
    })
  })
  return series
}

/** The ratio after/before of two runs of nights with its interval (Welch t on the log scale). */
function shiftSize(after: readonly number[], before: readonly number[], confidence: number) {
  return toRatio(tInterval(welchEstimate(after, before), confidence), confidence)
}

/**
 * Change points of one cell's nightly series, each with its size against the segment before it,
 * the commit range it appeared in (the last night before it and its first night) and whether it is
 * open: the most recent change point of the cell, unless the level it leads to is back where it was
 * before the previous change point (a return: the interval of that ratio includes 1).
 */
export function cellChangePoints(
  cell: string,
  series: readonly NightValue[],
  options: EDivisiveOptions & { confidence?: number } = {},
): ChangePoint[] {
  const confidence = options.confidence ?? 0.95
  const minSize = Math.max(2, options.minSize ?? CHANGE_POINT_DEFAULTS.minSize)
  const values = series.map((s) => s.logValue)
  const indices = eDivisive(values, { ...options, minSize })
  const bounds = [0, ...indices, values.length]
  return indices.map((at, k) => {
    const before = values.slice(bounds[k]!, at)
    const after = values.slice(at, bounds[k + 2]!)
    const last = k === indices.length - 1
    let open = last
    if (last && k > 0) {
      const earlier = values.slice(bounds[k - 1]!, bounds[k]!)
      const back = shiftSize(after, earlier, confidence)
      open = !(back.lower <= 1 && back.upper >= 1)
    }
    const first = series[at]!
    const previous = series[at - 1]!
    return {
      cell,
      night: first.night,
      createdAt: first.createdAt,
      nightsBefore: before.length,
      nightsAfter: after.length,
      ratio: shiftSize(after, before, confidence),
      fromSha: previous.gitSha,
      toSha: first.gitSha,
      open,
    }
  })
}

/** Change points of every cell of a baseline history, cells in the order they first appear. */
export function historyChangePoints(
  baseline: BaselineFile,
  options: EDivisiveOptions & { confidence?: number } = {},
): ChangePoint[] {
  const cells = [...new Set(baseline.nights.flatMap((night) => night.runs.map((run) => run.cell)))]
  return cells.flatMap((cell) =>
    cellChangePoints(cell, cellNightSeries(baseline, cell, baseline.metric), options),
  )
}

/** The results.json `changePoints` of a history, or undefined when it has fewer nights than two segments. */
export function changePointReport(
  baseline: BaselineFile,
  options: EDivisiveOptions = {},
): ChangePointReport | undefined {
  const o = { ...CHANGE_POINT_DEFAULTS, ...options }
  if (baseline.nights.length < 2 * o.minSize) return undefined
  return {
    method: 'e-divisive',
    metric: baseline.metric,
    alpha: o.alpha,
    permutations: o.permutations,
    minSize: o.minSize,
    nights: baseline.nights.length,
    points: historyChangePoints(baseline, o),
  }
}
