/**
 * A run's latency over time, from the per-request samples k6 writes with `--out csv` (one row per
 * metric sample, tagged with its k6 scenario). Only the load scenarios' request durations are kept:
 * setup()'s probe has no scenario tag and the warm-up runs in scenarios of its own (`warmup_NAME`), so
 * neither reaches a timeline; a duet's two variants (scenarios `baseline` and `candidate`) get one
 * timeline each.
 *
 * Pure and streaming: the caller hands in the file's lines, and each bucket keeps a log-scale histogram
 * (at most a few hundred counters) instead of its samples, so memory does not grow with the request
 * rate. Percentiles are nearest-rank over that histogram: within 0.5% of the exact sample (bins are 1%
 * wide, the value reported is the bin's centre), far finer than the run-to-run noise they are read
 * against.
 */
import { MAX_TIMELINE_BUCKETS, type TimelineBucket } from '../model.js'

/** The k6 metric a timeline follows: the request duration the gate compares. */
export const TIMELINE_METRIC = 'http_req_duration'

/** The CSV output's time format we ask k6 for: milliseconds, enough to bucket by second. */
export const K6_CSV_TIME_FORMAT = 'unix_milli'

/** The k6 output is not the CSV we asked for (no header, or a header without the columns we read). */
export class TimelineFormatError extends Error {}

export interface TimelineOptions {
  /** The load scenarios to follow: `['load']`, or a duet's variant names. Other scenarios are skipped. */
  scenarios: readonly string[]
  /** The configured length of the load phase in seconds; decides the bucket width and the last bucket. */
  durationS: number
}

/** Bin growth factor: bins are 1% wide, so a bin's centre is within 0.5% of any value in it. */
const GAMMA = 1.01
const LOG_GAMMA = Math.log(GAMMA)
/** Durations at or below this (ms) share one bin reported as 0: below k6's timer resolution. */
const MIN_MS = 1e-6
const ZERO_BIN = Number.NEGATIVE_INFINITY

/** One bucket's samples as a sparse histogram: bin index -> count. */
type Histogram = Map<number, number>

interface ScenarioTimeline {
  /** Timestamp (ms) of the first sample seen: the load phase's start. */
  origin: number
  buckets: Map<number, Histogram>
}

/**
 * Reads k6 CSV lines (header first) and returns each requested scenario's timeline, oldest bucket
 * first. Buckets are one second wide, wider only for runs longer than MAX_TIMELINE_BUCKETS seconds.
 * A second in which no request completed is kept with `requests: 0` and no percentiles: a stall is
 * worth seeing. Requests that complete after the load phase (in-flight at its end) count in its last
 * bucket. A scenario without samples gets an empty array.
 */
export async function timelinesFromCsv(
  lines: AsyncIterable<string> | Iterable<string>,
  options: TimelineOptions,
): Promise<Record<string, TimelineBucket[]>> {
  const width = bucketWidthS(options.durationS)
  const wanted = new Set(options.scenarios)
  const timelines = new Map<string, ScenarioTimeline>()
  let columns: { time: number; value: number; scenario: number } | null = null
  const prefix = `${TIMELINE_METRIC},`
  for await (const line of lines) {
    if (columns === null) {
      columns = headerColumns(line)
      continue
    }
    // Most rows are other metrics (a dozen per request): skip them before splitting.
    if (!line.startsWith(prefix)) continue
    const fields = splitCsvLine(line)
    const scenario = fields[columns.scenario]
    if (scenario === undefined || !wanted.has(scenario)) continue
    const time = parseTimestamp(fields[columns.time] ?? '')
    const value = Number(fields[columns.value])
    // A row that does not parse (a tag with a line break splits it) is skipped, not fatal: the
    // timeline is a chart's data, never a reason to lose a measured run.
    if (time === null || !Number.isFinite(value) || value < 0) continue
    let timeline = timelines.get(scenario)
    if (!timeline) {
      timeline = { origin: time, buckets: new Map() }
      timelines.set(scenario, timeline)
    }
    const index = bucketIndex((time - timeline.origin) / 1000, width, options.durationS)
    let histogram = timeline.buckets.get(index)
    if (!histogram) {
      histogram = new Map()
      timeline.buckets.set(index, histogram)
    }
    const bin = binOf(value)
    histogram.set(bin, (histogram.get(bin) ?? 0) + 1)
  }
  if (columns === null) throw new TimelineFormatError('the k6 CSV output is empty (no header)')
  return Object.fromEntries(
    options.scenarios.map((name) => {
      const timeline = timelines.get(name)
      return [name, timeline ? toBuckets(timeline, width) : []]
    }),
  )
}

/** Seconds per bucket: 1, or wider so that a long run keeps at most MAX_TIMELINE_BUCKETS buckets. */
export function bucketWidthS(durationS: number): number {
  return Math.max(1, Math.ceil(durationS / MAX_TIMELINE_BUCKETS))
}

function bucketIndex(elapsedS: number, width: number, durationS: number): number {
  // Samples are written roughly in time order; one a little earlier than the first seen belongs to
  // the first bucket.
  const index = Math.max(0, Math.floor(elapsedS / width))
  const last = Math.max(0, Math.ceil(durationS / width) - 1)
  // In flight at the end of the load phase (k6 lets such iterations finish): part of the last bucket.
  // Much later samples mean the configured duration was wrong; they keep buckets of their own.
  return index > last && elapsedS < (last + 2) * width ? last : index
}

function headerColumns(line: string): { time: number; value: number; scenario: number } {
  const header = splitCsvLine(line)
  const find = (name: string): number => {
    const index = header.indexOf(name)
    if (index < 0)
      throw new TimelineFormatError(
        `the k6 CSV output has no "${name}" column (header: ${line.slice(0, 200)})`,
      )
    return index
  }
  if (header[0] !== 'metric_name') {
    throw new TimelineFormatError(`the k6 CSV output does not start with a header (${line.slice(0, 200)})`)
  }
  return { time: find('timestamp'), value: find('metric_value'), scenario: find('scenario') }
}

/**
 * Splits one CSV record as Go's encoding/csv writes it (k6's CSV output): fields with a comma or a
 * quote are quoted, quotes inside doubled.
 */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = []
  let i = 0
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = ''
      i += 1
      while (i < line.length) {
        const quote = line.indexOf('"', i)
        if (quote < 0) {
          value += line.slice(i)
          i = line.length
          break
        }
        value += line.slice(i, quote)
        if (line[quote + 1] === '"') {
          value += '"'
          i = quote + 2
        } else {
          i = quote + 1
          break
        }
      }
      fields.push(value)
      // Past the closing quote comes the comma (or the end).
      i += 1
    } else {
      const comma = line.indexOf(',', i)
      const end = comma < 0 ? line.length : comma
      fields.push(line.slice(i, end))
      i = end + 1
    }
  }
  return fields
}

/** Milliseconds since the epoch from k6's unix (s, ms, µs, ns by digit count) or RFC 3339 times. */
function parseTimestamp(text: string): number | null {
  if (/^\d+$/.test(text)) {
    const n = Number(text)
    const digits = text.length
    if (digits <= 11) return n * 1000
    if (digits <= 14) return n
    if (digits <= 17) return n / 1000
    return n / 1e6
  }
  const parsed = Date.parse(text)
  return Number.isFinite(parsed) ? parsed : null
}

function binOf(value: number): number {
  return value <= MIN_MS ? ZERO_BIN : Math.ceil(Math.log(value) / LOG_GAMMA)
}

/** The value a bin stands for: the centre of (GAMMA^(i-1), GAMMA^i] in relative terms. */
function binValue(bin: number): number {
  return bin === ZERO_BIN ? 0 : (2 * GAMMA ** bin) / (GAMMA + 1)
}

/** Nearest-rank quantile: the smallest value with at least q of the samples at or below it. */
function quantile(sortedBins: Array<[number, number]>, total: number, q: number): number {
  const rank = Math.max(1, Math.ceil(q * total))
  let seen = 0
  for (const [bin, count] of sortedBins) {
    seen += count
    if (seen >= rank) return binValue(bin)
  }
  return binValue(sortedBins[sortedBins.length - 1]?.[0] ?? ZERO_BIN)
}

function toBuckets(timeline: ScenarioTimeline, width: number): TimelineBucket[] {
  const last = Math.max(...timeline.buckets.keys())
  const buckets: TimelineBucket[] = []
  for (let index = 0; index <= last; index++) {
    const histogram = timeline.buckets.get(index)
    const t = index * width
    if (!histogram) {
      buckets.push({ t, requests: 0 })
      continue
    }
    const bins = [...histogram].sort((a, b) => a[0] - b[0])
    const requests = bins.reduce((sum, [, count]) => sum + count, 0)
    buckets.push({
      t,
      requests,
      p50: round(quantile(bins, requests, 0.5)),
      p95: round(quantile(bins, requests, 0.95)),
    })
  }
  return buckets
}

/** Microsecond precision: what k6 measures, and it keeps results.json free of float noise. */
function round(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
