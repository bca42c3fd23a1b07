// The timeline end to end: real k6 against a real echo container, through runK6Scenarios, so the
// --out argument, the temp CSV and its parsing are the ones a gate uses.
import path from 'node:path'
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findK6, runK6Scenarios } from '../../src/load/k6.js'
import { requireImages } from '../support/docker.js'

const SCRIPT = path.resolve(import.meta.dirname, '../../scenarios/constant-arrival-rate.js')

describe('k6 timeline', () => {
  let echo: StartedTestContainer
  let url: string
  beforeAll(async () => {
    requireImages('perf-gate/echo:local')
    echo = await new GenericContainer('perf-gate/echo:local')
      .withExposedPorts(8080)
      .withWaitStrategy(Wait.forHttp('/health', 8080))
      .start()
    url = `http://${echo.getIpAddress(echo.getNetworkNames()[0] as string)}:8080/echo`
  }, 60_000)
  afterAll(async () => {
    await echo?.stop()
  })

  it('returns a per-second timeline of the load phase beside the summary metrics', async () => {
    const k6 = await findK6()
    expect(k6, 'k6 must be installed for this test').not.toBeNull()
    const { metrics, timelines } = await runK6Scenarios(
      {
        k6: k6!,
        script: SCRIPT,
        env: { TARGET_URL: url, RATE: '50', DURATION: '2s', WARMUP: '1s' },
        durationS: 2,
        timeoutMs: 60_000,
        timeline: true,
      },
      ['load'],
    )
    const timeline = timelines.load!
    expect(timeline.map((bucket) => bucket.t)).toEqual([0, 1])
    // Every request the summary counted for the load scenario, and none of the warm-up's.
    expect(timeline.reduce((sum, bucket) => sum + bucket.requests, 0)).toBe(metrics.load!.requests)
    for (const bucket of timeline) {
      expect(bucket.p50).toBeGreaterThan(0)
      expect(bucket.p95!).toBeGreaterThanOrEqual(bucket.p50!)
      expect(bucket.p95!).toBeLessThanOrEqual(metrics.load!.max * 1.01)
    }
  }, 120_000)

  it('records no samples unless asked to (the timeline costs the runner while it measures)', async () => {
    const k6 = await findK6()
    const { metrics, timelines } = await runK6Scenarios(
      {
        k6: k6!,
        script: SCRIPT,
        env: { TARGET_URL: url, RATE: '50', DURATION: '1s' },
        durationS: 1,
        timeoutMs: 60_000,
      },
      ['load'],
    )
    expect(metrics.load!.requests).toBeGreaterThan(0)
    expect(timelines).toEqual({})
  })
})
