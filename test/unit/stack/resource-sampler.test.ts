import { describe, expect, it, vi } from 'vitest'
import { cpuPercent, memoryMiB } from '../../../src/stack/resource-sampler.js'

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
    const stop = await sampleResources(new Map([['gateway', 'id']]), { intervalMs: 20, shutdownSlackS: 0.3 })
    await sleep(200)
    phase.now = 'load'
    await sleep(900)
    // The load ended; k6 writes its summary and exits a moment later.
    phase.now = 'after'
    await sleep(100)
    const samples = await stop(0.45)
    vi.doUnmock('testcontainers')
    expect(samples.length).toBeGreaterThan(5)
    // 0.5 s of CPU per 1 s of system time: 50%. Warm-up reads 10%, reads after the load 0%.
    expect(samples.map((s) => s.cpuPercent)).toEqual(samples.map(() => 50))
  })
})
