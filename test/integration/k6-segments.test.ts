// One run of one cell as two k6 processes, one execution segment each (k6.segments: 2): real k6
// against a local HTTP server, started paused and resumed together. The merged request count must be
// the sum of the segments' counts, and the merged P95 the P95 of the union of their raw samples, as
// computed here from the sample files independently of perf-gate's merge.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findK6, runK6SegmentsKeeping } from '../../src/load/k6.js'
import { parseK6Summary } from '../../src/load/summary.js'
import { quantile } from '../../src/stats/descriptive.js'

const SCRIPT = path.resolve(import.meta.dirname, '../../scenarios/constant-arrival-rate.js')

/** The request durations of scenario `load` in one k6 CSV file, read naively (no quoted fields). */
function loadDurations(file: string): number[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean)
  const header = (lines[0] as string).split(',')
  const [metric, value, scenario] = ['metric_name', 'metric_value', 'scenario'].map((c) => header.indexOf(c))
  const out: number[] = []
  for (const line of lines.slice(1)) {
    const fields = line.split(',')
    if (fields[metric as number] === 'http_req_duration' && fields[scenario as number] === 'load') {
      expect(line, 'a quoted field would break the naive split').not.toContain('"')
      out.push(Number(fields[value as number]))
    }
  }
  return out
}

describe('k6 execution segments', () => {
  let server: Server
  let url = ''
  let served = 0
  let dir = ''
  beforeAll(async () => {
    // A spread of latencies (1 to 20 ms), so the segments' P95s differ from each other and the union's.
    server = createServer((_req, res) => {
      served++
      setTimeout(() => res.end('ok'), 1 + Math.floor(Math.random() * 20))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-segments-test-'))
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('merges two segments: count is the sum, P95 is the union’s P95', async () => {
    const k6 = await findK6()
    expect(k6, 'k6 must be installed for this test').not.toBeNull()
    const progress: string[] = []
    const { metrics, timelines, segmented } = await runK6SegmentsKeeping(
      {
        k6: k6!,
        script: SCRIPT,
        env: { TARGET_URL: url, METHOD: 'GET', RATE: '100', DURATION: '3s', WARMUP: '0s' },
        durationS: 3,
        timeoutMs: 120_000,
        segments: 2,
        timeline: true,
        progress: (message) => progress.push(message),
      },
      ['load'],
      dir,
    )
    const merged = metrics.load!
    expect(segmented.segments).toHaveLength(2)
    const parts = segmented.segments.map((s) => parseK6Summary(s.summary, 3))
    const samples = segmented.segments.map((s) => loadDurations(s.samplesPath))

    // Each process ran its half of the arrival rate.
    for (const part of parts) expect(part.requests).toBeGreaterThan(100)
    expect(merged.requests).toBe(parts[0]!.requests + parts[1]!.requests)
    // Every request the server answered in the load phase, besides each process's setup() probe.
    expect(served).toBe(merged.requests + 2)

    // Each segment's samples are what k6 measured: its own P95 from them matches its summary's
    // (the CSV rounds values to 6 decimals).
    for (const [i, part] of parts.entries()) {
      expect(samples[i]!.length).toBe(part.requests)
      expect(quantile(samples[i]!, 0.95)).toBeCloseTo(part.p95, 4)
    }
    const union = [...samples[0]!, ...samples[1]!]
    expect(union.length).toBe(merged.requests)
    expect(merged.p95).toBeCloseTo(quantile(union, 0.95), 9)
    expect(merged.p50).toBeCloseTo(quantile(union, 0.5), 9)
    expect(merged.p99).toBeCloseTo(quantile(union, 0.99), 9)
    expect(merged.max).toBe(Math.max(...union))
    expect(merged.errorRate).toBe(0)
    expect(merged.rps).toBeCloseTo(merged.requests / 3, 9)

    // The timeline of a segmented run counts the requests of both.
    const timelineRequests = (timelines.load ?? []).reduce((sum, bucket) => sum + bucket.requests, 0)
    expect(timelineRequests).toBe(merged.requests)
    expect(progress.some((line) => /2 segments resumed together/.test(line))).toBe(true)

    const average = (parts[0]!.p95 + parts[1]!.p95) / 2
    console.log(
      `segments: requests ${parts.map((p) => p.requests).join(' + ')} = ${merged.requests}; ` +
        `P95 ${parts.map((p) => p.p95.toFixed(3)).join(', ')} ms, their average ${average.toFixed(3)} ms, ` +
        `union's ${merged.p95.toFixed(3)} ms`,
    )
  }, 120_000)
})
