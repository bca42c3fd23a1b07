// Merging a run's execution segments: counters add up, percentiles come from the union of the raw
// samples (never an average of the segments' percentiles), and the segment flags are k6-operator's.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import {
  durationsFromCsv,
  k6Percentile,
  mergeSegmentSummaries,
  SegmentMergeError,
  segmentFlags,
  trendFromSamples,
} from '../../../src/load/segment-merge.js'
import { parseK6Summary } from '../../../src/load/summary.js'
import { quantile } from '../../../src/stats/descriptive.js'

/** A segment's summary as our scripts' handleSummary writes it (the metrics parseK6Summary reads). */
function segmentSummary(durations: number[], failed: number, dropped = 0) {
  const trend = trendFromSamples(durations)
  return {
    metrics: {
      'http_req_duration{scenario:load}': { values: trend },
      'http_reqs{scenario:load}': { values: { count: durations.length, rate: durations.length / 2 } },
      'http_req_failed{scenario:load}': {
        values: { passes: failed, fails: durations.length - failed, rate: failed / durations.length },
      },
      'valid_responses{scenario:load}': {
        values: { passes: durations.length - failed, fails: failed, rate: 0 },
      },
      'dropped_iterations{scenario:load}': { values: { count: dropped, rate: dropped / 2 } },
      // A gauge and a trend of another metric: no exact merge, left out.
      vus: { values: { value: 3, min: 1, max: 5 } },
      http_req_waiting: { values: trend },
    },
  }
}

describe('segment flags', () => {
  it('are the flags k6-operator gives its runners (pkg/segmentation)', () => {
    // k6-operator's own test cases: runner 1 of 3 and of 4 (1-based there, 0-based here).
    expect(segmentFlags(0, 3)).toEqual([
      '--execution-segment=0:1/3',
      '--execution-segment-sequence=0,1/3,2/3,1',
    ])
    expect(segmentFlags(0, 4)).toEqual([
      '--execution-segment=0:1/4',
      '--execution-segment-sequence=0,1/4,2/4,3/4,1',
    ])
    expect(segmentFlags(1, 2)[0]).toBe('--execution-segment=1/2:1')
    expect(segmentFlags(0, 1)).toEqual(['--execution-segment=0:1', '--execution-segment-sequence=0,1'])
  })

  it('refuse a segment outside the run', () => {
    expect(() => segmentFlags(2, 2)).toThrow(RangeError)
    expect(() => segmentFlags(0, 0)).toThrow(RangeError)
  })
})

describe('k6Percentile', () => {
  it('is k6’s interpolation, the same as type-7 quantiles', () => {
    const values = Array.from({ length: 997 }, (_, i) => ((i * 7919) % 997) / 10 + 0.5)
    const sorted = Float64Array.from(values).sort()
    for (const p of [0, 0.25, 0.5, 0.9, 0.95, 0.99, 1])
      expect(k6Percentile(sorted, p)).toBe(quantile(values, p))
    expect(k6Percentile([], 0.95)).toBe(0)
    expect(k6Percentile([4.2], 0.95)).toBe(4.2)
  })
})

describe('mergeSegmentSummaries', () => {
  // Two segments of very different latency: the average of their P95s is far from the union's.
  const fast = Array.from({ length: 100 }, (_, i) => 1 + i / 100)
  const slow = Array.from({ length: 50 }, (_, i) => 10 + i)

  it('sums counts and failures and takes the percentiles of the union of the samples', () => {
    const summaries = [segmentSummary(fast, 1, 2), segmentSummary(slow, 3)]
    const merged = parseK6Summary(mergeSegmentSummaries(summaries, { load: [...fast, ...slow] }), 2)
    const parts = summaries.map((s) => parseK6Summary(s, 2))
    const union = [...fast, ...slow]
    expect(merged.requests).toBe(150)
    expect(merged.failedRequests).toBe(4)
    expect(merged.errorRate).toBeCloseTo(4 / 150, 12)
    expect(merged.checkAccuracy).toBeCloseTo(146 / 150, 12)
    expect(merged.droppedIterations).toBe(2)
    expect(merged.rps).toBe(75)
    expect(merged.p95).toBe(quantile(union, 0.95))
    expect(merged.p50).toBe(quantile(union, 0.5))
    expect(merged.p25).toBe(quantile(union, 0.25))
    expect(merged.max).toBe(59)
    expect(merged.mean).toBeCloseTo(union.reduce((a, b) => a + b) / 150, 12)
    // What an average of per-segment P95s would have said instead.
    expect(merged.p95).not.toBeCloseTo((parts[0]!.p95 + parts[1]!.p95) / 2, 1)
  })

  it('leaves out what has no exact merge (other trends, gauges)', () => {
    const merged = mergeSegmentSummaries([segmentSummary(fast, 0), segmentSummary(slow, 0)], {
      load: [...fast, ...slow],
    })
    expect(Object.keys(merged.metrics).sort()).toEqual([
      'dropped_iterations{scenario:load}',
      'http_req_duration{scenario:load}',
      'http_req_failed{scenario:load}',
      'http_reqs{scenario:load}',
      'valid_responses{scenario:load}',
    ])
  })

  it('refuses samples that are not as many as the segments counted (a truncated file)', () => {
    expect(() =>
      mergeSegmentSummaries([segmentSummary(fast, 0), segmentSummary(slow, 0)], { load: fast }),
    ).toThrow(SegmentMergeError)
    expect(() =>
      mergeSegmentSummaries([segmentSummary(fast, 0), segmentSummary(slow, 0)], { load: fast }),
    ).toThrow(/raw samples hold 100 http_req_duration values of scenario load, their summaries count 150/)
  })
})

describe('durationsFromCsv', () => {
  // Recorded with k6 1.8.1 (test/fixtures/k6/README.md): setup's probe and the warm-up are in it too.
  const lines = gunzipSync(
    readFileSync(path.join(import.meta.dirname, '../../fixtures/k6/constant-arrival-rate.samples.csv.gz')),
  )
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')

  it('reads the load scenario’s request durations only', async () => {
    const header = (lines[0] as string).split(',')
    const [m, s, v] = ['metric_name', 'scenario', 'metric_value'].map((c) => header.indexOf(c))
    const expected = lines
      .slice(1)
      .map((line) => line.split(','))
      .filter((f) => f[m as number] === 'http_req_duration' && f[s as number] === 'load')
      .map((f) => Number(f[v as number]))
    expect(expected.length).toBeGreaterThan(100)
    const { load } = await durationsFromCsv(lines, ['load'])
    expect(load).toEqual(expected)
  })

  it('is an error on an empty file or a sample that does not parse', async () => {
    await expect(durationsFromCsv([], ['load'])).rejects.toThrow(/empty/)
    const bad = lines.map((line) =>
      line.startsWith('http_req_duration,') && line.includes(',load,')
        ? line.replace(/^http_req_duration,\d+,[^,]*/, 'http_req_duration,1,x')
        : line,
    )
    await expect(durationsFromCsv(bad, ['load'])).rejects.toThrow(/does not parse/)
  })
})

describe('k6.segments in the config', () => {
  const base = {
    name: 'demo',
    services: { echo: { image: 'perf-gate/echo:local', ports: [8080], wait: { log: 'ready' } } },
    profiles: [{ name: 'p', target: 'http://echo:8080/echo' }],
    scenarios: [{ name: 's', script: 'constant-vus', vus: 1 }],
  }

  it('defaults to one process and takes up to 16', () => {
    expect(parseConfig(base, 'perf-gate.yml', {}).k6.segments).toBe(1)
    expect(parseConfig({ ...base, k6: { segments: 16 } }, 'perf-gate.yml', {}).k6.segments).toBe(16)
  })

  it('refuses 0, more than 16 and fractions, naming the path (exit 2)', () => {
    for (const [segments, message] of [
      [0, 'k6.segments: expected at least 1 k6 process'],
      [17, 'k6.segments: expected at most 16 k6 processes per run'],
      [1.5, 'k6.segments: expected int'],
    ] as const) {
      let error: unknown
      try {
        parseConfig({ ...base, k6: { segments } }, 'perf-gate.yml', {})
      } catch (e) {
        error = e
      }
      expect(error, String(segments)).toMatchObject({ exitCode: 2 })
      expect((error as Error).message).toContain(`perf-gate.yml: ${message}`)
    }
  })

  it('refuses an own script, which has no exact merge', () => {
    expect(() =>
      parseConfig(
        { ...base, scenarios: [{ name: 's', script: './load.js' }], k6: { segments: 2 } },
        'perf-gate.yml',
        {},
      ),
    ).toThrow(/k6\.segments: runs built-in scenarios only; scenarios\[0\] is your own script/)
  })
})
