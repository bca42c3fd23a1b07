import { describe, expect, it, vi } from 'vitest'
import {
  cpuPercent,
  cpuStep,
  memoryMiB,
  samplesInLoadWindow,
  type TimedSample,
} from '../../../src/stack/resource-sampler.js'

describe('cpuPercent', () => {
  it('computes the share of all CPUs used between two reads, scaled to cores', () => {
    // 0.5 s of CPU time in 2 s of wall time (4 s of system time on 2 CPUs): a quarter of one core.
    const stats = {
      cpu_stats: {
        cpu_usage: { total_usage: 1_500_000_000 },
        system_cpu_usage: 6_000_000_000,
        online_cpus: 2,
      },
    }
    expect(cpuPercent({ total: 1_000_000_000, system: 2_000_000_000 }, stats)).toBeCloseTo(25, 9)
  })
  it('has no value without a previous read or when system time did not advance', () => {
    const stats = { cpu_stats: { cpu_usage: { total_usage: 10 }, system_cpu_usage: 100, online_cpus: 2 } }
    expect(cpuPercent(undefined, stats)).toBeUndefined()
    expect(cpuPercent({ total: 5, system: 100 }, stats)).toBeUndefined()
  })
})

describe('cpuStep', () => {
  const read = (total: number, system: number) => ({
    cpu_stats: { cpu_usage: { total_usage: total }, system_cpu_usage: system, online_cpus: 2 },
  })
  it('counts the CPU seconds between two reads of the cumulative counter', () => {
    const step = cpuStep({ total: 1e9, system: 10e9, t: 1 }, read(1.25e9, 12e9), 2)
    expect(step.reference).toEqual({ total: 1.25e9, system: 12e9, t: 2 })
    expect(step.interval?.cpuSeconds).toBeCloseTo(0.25, 12)
    expect(step.interval?.percent).toBeCloseTo(25, 9)
  })
  it('keeps the reference on a read without counters, and restarts it when the counter went back', () => {
    expect(cpuStep({ total: 1e9, system: 10e9, t: 1 }, { memory_stats: { usage: 1 } }, 2)).toEqual({})
    expect(cpuStep({ total: 5e9, system: 10e9, t: 1 }, read(1e9, 12e9), 2)).toEqual({
      reference: { total: 1e9, system: 12e9, t: 2 },
    })
    expect(cpuStep(undefined, read(1e9, 12e9), 2)).toEqual({ reference: { total: 1e9, system: 12e9, t: 2 } })
  })
})

describe('memoryMiB', () => {
  it('subtracts the reclaimable page cache like docker stats does', () => {
    expect(memoryMiB({ memory_stats: { usage: 64 * 2 ** 20, stats: { inactive_file: 16 * 2 ** 20 } } })).toBe(
      48,
    )
    expect(
      memoryMiB({ memory_stats: { usage: 10 * 2 ** 20, stats: { total_inactive_file: 2 ** 20 } } }),
    ).toBe(9)
    expect(memoryMiB({})).toBe(0)
  })
})

describe('sampleResources', () => {
  // A fake Docker engine whose container burns CPU according to the phase the test sets.
  const phase = { now: 'warm-up' as 'warm-up' | 'load' | 'after' }
  const cpuPerRead = { 'warm-up': 0.1e9, load: 0.5e9, after: 0 }
  let total = 0
  let system = 0

  it('keeps only samples inside the load window: none from warm-up, none after the load ended', async () => {
    vi.resetModules()
    vi.doMock('testcontainers', () => ({
      getContainerRuntimeClient: async () => ({
        container: {
          dockerode: {
            getContainer: () => ({
              stats: async () => {
                total += cpuPerRead[phase.now]
                system += 1e9
                return {
                  cpu_stats: { cpu_usage: { total_usage: total }, system_cpu_usage: system, online_cpus: 1 },
                  memory_stats: { usage: 64 * 2 ** 20 },
                }
              },
            }),
          },
        },
      }),
    }))
    const { sampleResources } = await import('../../../src/stack/resource-sampler.js')
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const stop = await sampleResources(new Map([['gateway', 'id']]), {
      intervalMs: 20,
      startupSlackS: 0.05,
      shutdownSlackS: 0.3,
    })
    await sleep(200)
    phase.now = 'load'
    await sleep(900)
    // The load ended; k6 writes its summary and exits a moment later.
    phase.now = 'after'
    await sleep(100)
    const samples = await stop({ loadSeconds: 0.45, warmupSeconds: 0.2 })
    vi.doUnmock('testcontainers')
    expect(samples.length).toBeGreaterThan(5)
    // 0.5 s of CPU per 1 s of system time: 50%. Warm-up reads 10%, reads after the load 0%.
    expect(samples.map((s) => s.cpuPercent)).toEqual(samples.map(() => 50))
  })
})

describe('sampleResources with a stats read that lacks CPU counters', () => {
  it('keeps the last good reference: the next sample counts one interval, not the whole lifetime', async () => {
    // A container that already used 100 s of CPU in 200 s of system time (a lifetime average of 50%)
    // and now uses 0.2 s per 1 s of system time between reads (20%). One read in the middle comes back
    // without cpu_stats (a container being inspected mid-restart, an engine hiccup).
    let total = 100e9
    let system = 200e9
    let reads = 0
    vi.resetModules()
    vi.doMock('testcontainers', () => ({
      getContainerRuntimeClient: async () => ({
        container: {
          dockerode: {
            getContainer: () => ({
              stats: async () => {
                reads++
                total += 0.2e9
                system += 1e9
                if (reads === 4) return { memory_stats: { usage: 2 ** 20 } }
                return {
                  cpu_stats: { cpu_usage: { total_usage: total }, system_cpu_usage: system, online_cpus: 1 },
                  memory_stats: { usage: 2 ** 20 },
                }
              },
            }),
          },
        },
      }),
    }))
    const { sampleResources } = await import('../../../src/stack/resource-sampler.js')
    const stop = await sampleResources(new Map([['gateway', 'id']]), { intervalMs: 20 })
    await new Promise((resolve) => setTimeout(resolve, 250))
    const samples = await stop()
    vi.doUnmock('testcontainers')
    expect(reads).toBeGreaterThan(5)
    // Every interval is 20%, the one spanning the empty read included (0.4 s over 2 s of system time).
    expect(samples.map((s) => s.cpuPercent)).toEqual(samples.map(() => 20))
    // CPU seconds from the counter: 0.2 s per read; the sample after the empty read covers two reads.
    expect(samples.map((s) => Math.round((s.cpuSeconds ?? 0) * 10) / 10)).toEqual(
      samples.map((_, i) => (i === 2 ? 0.4 : 0.2)),
    )
  })
})

describe('samplesInLoadWindow', () => {
  // A read every second; each sample's CPU % covers the second before it.
  const reads: TimedSample[] = Array.from({ length: 20 }, (_, i) => ({
    service: 'gateway',
    t: i + 1,
    from: i,
    cpuPercent: 50,
    memoryMiB: 64,
  }))
  const slack = { startupS: 1, shutdownS: 1 }
  const inside = (kept: Array<{ t: number }>, load: [number, number]) =>
    kept.length > 0 && kept.every((s) => s.t - 1 >= load[0] && s.t <= load[1])

  it('keeps to the load when k6 took longer to start than its slack (the stop anchors it)', () => {
    // 2 s warm-up, 8 s load; start-up took 5 s, so the load ran 7-15; stopped half a second later.
    const kept = samplesInLoadWindow(reads, 15.5, { loadSeconds: 8, warmupSeconds: 2 }, slack)
    expect(inside(kept, [7, 15])).toBe(true)
  })

  it('keeps to the load when the end took longer than its slack (the start anchors it)', () => {
    // Start-up 0.5 s, so the load ran 2.5-10.5; reading k6's output took 4 s before the stop.
    const kept = samplesInLoadWindow(reads, 14.5, { loadSeconds: 8, warmupSeconds: 2 }, slack)
    expect(inside(kept, [2.5, 10.5])).toBe(true)
  })

  it('keeps every read before the stop without a load phase (a capacity search, an arena)', () => {
    expect(samplesInLoadWindow(reads, 12.5, undefined, slack).map((s) => s.t)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    )
  })
})
