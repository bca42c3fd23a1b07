/**
 * One k6 run split into execution segments (k6 `--execution-segment`, as k6-operator splits a test
 * over its runner pods), merged back into one summary. Pure.
 *
 * Counters and rates add up exactly across segments (requests, failed requests, checks, dropped
 * iterations). Percentiles do not: the P95 of a union is not the average, nor any function, of the
 * segments' P95s. So the request durations are merged from each segment's raw samples (k6's CSV
 * output), and the trend is computed from their union the way k6 computes it from its own samples.
 */
import { splitCsvLine } from './timeline.js'

/** The metric merged from raw samples: the request duration the gate compares. */
export const SEGMENT_SAMPLE_METRIC = 'http_req_duration'

/** The segments' outputs do not add up (a sample file shorter than its summary says). */
export class SegmentMergeError extends Error {}

/** `i/n` as k6 writes a segment bound: 0 and 1 bare, like k6-operator (pkg/segmentation). */
function bound(i: number, n: number): string {
  if (i === 0) return '0'
  if (i === n) return '1'
  return `${i}/${n}`
}

/**
 * The k6 flags that make a process run segment `index` (0-based) of `total` equal segments. The
 * sequence is given in full so that every process cuts VUs and iterations the same way (k6 spreads
 * the remainders of an uneven split by the sequence, so no VU is run twice or lost).
 */
export function segmentFlags(index: number, total: number): string[] {
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(index) || index < 0 || index >= total)
    throw new RangeError(`segment ${index} of ${total}`)
  const sequence = Array.from({ length: total + 1 }, (_, i) => bound(i, total)).join(',')
  return [
    `--execution-segment=${bound(index, total)}:${bound(index + 1, total)}`,
    `--execution-segment-sequence=${sequence}`,
  ]
}

/**
 * The `p` quantile (0..1) of ascending `sorted` values as k6's Trend computes it (linear
 * interpolation between the order statistics around p * (n - 1)); 0 for no values.
 */
export function k6Percentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length
  if (n === 0) return 0
  const h = p * (n - 1)
  const lo = sorted[Math.floor(h)] as number
  const hi = sorted[Math.ceil(h)] as number
  return lo + (hi - lo) * (h - Math.floor(h))
}

/** The trend values of k6's summary (what `parseK6Summary` reads) from raw samples. */
export function trendFromSamples(samples: ArrayLike<number>): Record<string, number> {
  const sorted = Float64Array.from(samples).sort()
  const n = sorted.length
  let sum = 0
  for (const v of sorted) sum += v
  const at = (p: number) => k6Percentile(sorted, p)
  return {
    count: n,
    avg: n > 0 ? sum / n : 0,
    min: n > 0 ? (sorted[0] as number) : 0,
    max: n > 0 ? (sorted[n - 1] as number) : 0,
    med: at(0.5),
    'p(25)': at(0.25),
    'p(50)': at(0.5),
    'p(75)': at(0.75),
    'p(90)': at(0.9),
    'p(95)': at(0.95),
    'p(99)': at(0.99),
  }
}

type Values = Record<string, number>
interface SummaryLike {
  metrics?: Record<string, { values?: Values } | undefined>
}

const isRate = (v: Values) => 'passes' in v && 'fails' in v
const isCounter = (v: Values) => 'count' in v && 'rate' in v && !('avg' in v)
const isTrend = (v: Values) => 'p(95)' in v

/**
 * Merges the handleSummary data of a run's segments into one summary of the same shape, for
 * `parseK6Summary`. Rates (http_req_failed, checks) and counters (http_reqs, dropped_iterations) are
 * summed; the request-duration trend of each scenario in `samples` is computed from the union of
 * its raw samples. Other trends and gauges are left out: no exact merge exists for them.
 * Throws SegmentMergeError when a scenario's samples are not as many as its segments counted.
 */
export function mergeSegmentSummaries(
  summaries: readonly unknown[],
  samples: Readonly<Record<string, ArrayLike<number>>>,
): { metrics: Record<string, { values: Values }> } {
  const merged: Record<string, { values: Values }> = {}
  const trendCounts = new Map<string, number>()
  for (const summary of summaries) {
    for (const [name, metric] of Object.entries((summary as SummaryLike).metrics ?? {})) {
      const v = metric?.values
      if (!v) continue
      if (isTrend(v)) {
        trendCounts.set(name, (trendCounts.get(name) ?? 0) + (v.count ?? 0))
        continue
      }
      const into = merged[name]?.values
      if (isRate(v)) {
        const passes = (into?.passes ?? 0) + (v.passes as number)
        const fails = (into?.fails ?? 0) + (v.fails as number)
        merged[name] = { values: { passes, fails, rate: passes + fails > 0 ? passes / (passes + fails) : 0 } }
      } else if (isCounter(v)) {
        // Segments run at the same time: their per-second rates add up like their counts.
        merged[name] = {
          values: {
            count: (into?.count ?? 0) + (v.count as number),
            rate: (into?.rate ?? 0) + (v.rate as number),
          },
        }
      }
    }
  }
  for (const [scenario, values] of Object.entries(samples)) {
    const name = `${SEGMENT_SAMPLE_METRIC}{scenario:${scenario}}`
    const counted = trendCounts.get(name) ?? 0
    if (values.length !== counted)
      throw new SegmentMergeError(
        `the segments' raw samples hold ${values.length} ${SEGMENT_SAMPLE_METRIC} values of scenario ${scenario}, their summaries count ${counted}`,
      )
    merged[name] = { values: trendFromSamples(values) }
  }
  return { metrics: merged }
}

/**
 * The request durations per wanted scenario from k6 CSV lines (header first). Unlike the timeline,
 * a row that does not parse is an error: the merged percentiles must come from every sample.
 */
export async function durationsFromCsv(
  lines: AsyncIterable<string> | Iterable<string>,
  scenarios: readonly string[],
): Promise<Record<string, number[]>> {
  const out = new Map<string, number[]>(scenarios.map((s) => [s, []]))
  const prefix = `${SEGMENT_SAMPLE_METRIC},`
  let columns: { value: number; scenario: number } | null = null
  for await (const line of lines) {
    if (columns === null) {
      const header = splitCsvLine(line)
      const value = header.indexOf('metric_value')
      const scenario = header.indexOf('scenario')
      if (header[0] !== 'metric_name' || value < 0 || scenario < 0)
        throw new SegmentMergeError(`the k6 CSV output has no usable header (${line.slice(0, 200)})`)
      columns = { value, scenario }
      continue
    }
    if (!line.startsWith(prefix)) continue
    const fields = splitCsvLine(line)
    const into = out.get(fields[columns.scenario] ?? '')
    if (!into) continue
    const value = Number(fields[columns.value])
    if (fields[columns.value] === '' || !Number.isFinite(value))
      throw new SegmentMergeError(`a k6 CSV sample row does not parse: ${line.slice(0, 200)}`)
    into.push(value)
  }
  if (columns === null) throw new SegmentMergeError('the k6 CSV output is empty (no header)')
  return Object.fromEntries(out)
}
