import { describe, expect, it } from 'vitest'
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
