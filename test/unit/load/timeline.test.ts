import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  bucketWidthS,
  splitCsvLine,
  TimelineFormatError,
  timelinesFromCsv,
} from '../../../src/load/timeline.js'
import { MAX_TIMELINE_BUCKETS } from '../../../src/model.js'

// Recorded with k6 1.8.1 against perf-gate/echo:local (see test/fixtures/k6/README.md):
// scenarios/constant-arrival-rate.js, RATE=100 DURATION=2s WARMUP=1s, --out csv (timeFormat=unix_milli);
// the duet ran the same with TARGETS={"baseline":…,"candidate":…}.
const fixtureDir = path.join(import.meta.dirname, '../../fixtures/k6')
function fixtureLines(name: string): string[] {
  return gunzipSync(readFileSync(path.join(fixtureDir, name)))
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
}
const single = fixtureLines('constant-arrival-rate.samples.csv.gz')
const duet = fixtureLines('duet.samples.csv.gz')

/** The fixture's request durations of one scenario, read naively (the fixture has no quoted fields). */
function durations(lines: string[], scenario: string): Array<{ time: number; value: number }> {
  const header = (lines[0] as string).split(',')
  const col = (name: string) => header.indexOf(name)
  return lines
    .slice(1)
    .map((line) => line.split(','))
    .filter((f) => f[0] === 'http_req_duration' && f[col('scenario')] === scenario)
    .map((f) => ({ time: Number(f[col('timestamp')]), value: Number(f[col('metric_value')]) }))
}

function nearestRank(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] as number
}

describe('timelinesFromCsv on a real k6 run', () => {
  it('keeps only the load scenario: no setup probe, no warm-up', async () => {
    const { load } = await timelinesFromCsv(single, { scenarios: ['load'], durationS: 2 })
    const loadSamples = durations(single, 'load')
    const allRequests = single.filter((line) => line.startsWith('http_req_duration,')).length
    expect(loadSamples.length).toBeGreaterThan(0)
    expect(durations(single, 'warmup_load').length).toBeGreaterThan(0)
    expect(allRequests).toBeGreaterThan(loadSamples.length)
    const total = load!.reduce((sum, bucket) => sum + bucket.requests, 0)
    expect(total).toBe(loadSamples.length)
  })

  it('has one bucket per second of the load phase, in-flight requests in the last', async () => {
    const { load } = await timelinesFromCsv(single, { scenarios: ['load'], durationS: 2 })
    expect(load!.map((bucket) => bucket.t)).toEqual([0, 1])
  })

  it('reports each second p50 and p95 within 0.5% of the exact nearest-rank values', async () => {
    const { load } = await timelinesFromCsv(single, { scenarios: ['load'], durationS: 2 })
    const samples = durations(single, 'load')
    const origin = samples[0]!.time
    for (const bucket of load!) {
      const inBucket = samples
        .filter((s) => {
          const second = Math.floor((s.time - origin) / 1000)
          return bucket.t === load!.at(-1)!.t ? second >= bucket.t : second === bucket.t
        })
        .map((s) => s.value)
      expect(bucket.requests).toBe(inBucket.length)
      for (const [key, q] of [
        ['p50', 0.5],
        ['p95', 0.95],
      ] as const) {
        const exact = nearestRank(inBucket, q)
        expect(Math.abs((bucket[key] as number) / exact - 1), `${key} at t=${bucket.t}`).toBeLessThan(0.005)
      }
    }
  })

  it('splits a duet into its two variants and leaves out both warm-ups', async () => {
    const timelines = await timelinesFromCsv(duet, { scenarios: ['baseline', 'candidate'], durationS: 2 })
    expect(Object.keys(timelines)).toEqual(['baseline', 'candidate'])
    for (const variant of ['baseline', 'candidate']) {
      const total = timelines[variant]!.reduce((sum, bucket) => sum + bucket.requests, 0)
      expect(total, variant).toBe(durations(duet, variant).length)
      expect(durations(duet, `warmup_${variant}`).length).toBeGreaterThan(0)
    }
  })

  it('gives a scenario without samples an empty timeline', async () => {
    const { load } = await timelinesFromCsv(duet, { scenarios: ['load'], durationS: 2 })
    expect(load).toEqual([])
  })
})

describe('timelinesFromCsv edge cases', () => {
  const header =
    'metric_name,timestamp,metric_value,check,error,error_code,expected_response,group,method,name,proto,scenario,service,status,subproto,tls_version,url,extra_tags,metadata'
  const T0 = 1_795_293_205_000
  // `ms` after T0, in k6's unix_milli format; `raw` puts the timestamp text as given.
  const row = (ms: number | string, value: number, name = 'http://x/echo') =>
    `http_req_duration,${typeof ms === 'number' ? T0 + ms : ms},${value},,,,true,,GET,${name},HTTP/1.1,load,,200,,,http://x/echo,,`

  it('keeps a second in which nothing completed, without percentiles', async () => {
    const lines = [header, row(1000, 1), row(1500, 2), row(3100, 5)]
    const { load } = await timelinesFromCsv(lines, { scenarios: ['load'], durationS: 3 })
    expect(load).toEqual([
      { t: 0, requests: 2, p50: expect.closeTo(1, 1), p95: expect.closeTo(2, 1) },
      { t: 1, requests: 0 },
      { t: 2, requests: 1, p50: expect.closeTo(5, 1), p95: expect.closeTo(5, 1) },
    ])
  })

  it('reads rows whose tags are quoted because they contain commas or quotes', async () => {
    const lines = [header, row(1000, 1, '"GET /a,b ""x"""'), row(1200, 3)]
    const { load } = await timelinesFromCsv(lines, { scenarios: ['load'], durationS: 1 })
    expect(load?.[0]?.requests).toBe(2)
    expect(splitCsvLine('a,"b,c ""d""",,e')).toEqual(['a', 'b,c "d"', '', 'e'])
  })

  it('reads second-resolution and RFC 3339 timestamps too', async () => {
    const lines = [header, row('1795293206', 1), row('1795293207', 2)]
    const { load } = await timelinesFromCsv(lines, { scenarios: ['load'], durationS: 2 })
    expect(load?.map((b) => b.t)).toEqual([0, 1])
    const rfc = [header, row('2026-11-21T20:33:20.5Z', 1)]
    expect((await timelinesFromCsv(rfc, { scenarios: ['load'], durationS: 1 })).load?.[0]?.requests).toBe(1)
  })

  it('widens buckets so a long run stays within the bound', () => {
    expect(bucketWidthS(8)).toBe(1)
    expect(bucketWidthS(MAX_TIMELINE_BUCKETS)).toBe(1)
    expect(bucketWidthS(MAX_TIMELINE_BUCKETS * 2 + 1)).toBe(3)
  })

  it('refuses output that is not k6 CSV', async () => {
    await expect(timelinesFromCsv([], { scenarios: ['load'], durationS: 1 })).rejects.toThrow(
      TimelineFormatError,
    )
    await expect(
      timelinesFromCsv(['{"type":"Point"}'], { scenarios: ['load'], durationS: 1 }),
    ).rejects.toThrow(/does not start with a header/)
    await expect(
      timelinesFromCsv(['metric_name,timestamp,metric_value'], { scenarios: ['load'], durationS: 1 }),
    ).rejects.toThrow(/no "scenario" column/)
  })
})
