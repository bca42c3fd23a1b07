/**
 * Samples CPU, memory and PIDs of every container of a stack during a run, through the Docker stats
 * API (one-shot reads, so a sample costs one short API call; CPU % comes from consecutive samples).
 * Seed reports plot these next to latency: a gateway at 100% CPU explains its P99.
 */
import { getContainerRuntimeClient } from 'testcontainers'
import type { ResourceSample } from '../model.js'

interface DockerStats {
  cpu_stats?: { cpu_usage?: { total_usage?: number }; system_cpu_usage?: number; online_cpus?: number }
  memory_stats?: {
    usage?: number
    stats?: { inactive_file?: number; total_inactive_file?: number; cache?: number }
  }
  pids_stats?: { current?: number }
}

interface Previous {
  total: number
  system: number
}

/** CPU % of one container between two stats reads (100% = one core fully busy). */
export function cpuPercent(previous: Previous | undefined, stats: DockerStats): number | undefined {
  const total = stats.cpu_stats?.cpu_usage?.total_usage
  const system = stats.cpu_stats?.system_cpu_usage
  if (previous === undefined || total === undefined || system === undefined) return undefined
  const systemDelta = system - previous.system
  if (systemDelta <= 0) return undefined
  const cpus = stats.cpu_stats?.online_cpus ?? 1
  return ((total - previous.total) / systemDelta) * cpus * 100
}

/** Memory in MiB as `docker stats` shows it: usage minus the reclaimable page cache. */
export function memoryMiB(stats: DockerStats): number {
  const usage = stats.memory_stats?.usage ?? 0
  const detail = stats.memory_stats?.stats
  const cache = detail?.inactive_file ?? detail?.total_inactive_file ?? detail?.cache ?? 0
  return Math.max(0, usage - cache) / 2 ** 20
}

/**
 * Starts sampling `containers` (service name -> container id) every `intervalMs`; the returned
 * function stops and returns the samples, with t in seconds since the start.
 */
export async function sampleResources(
  containers: Map<string, string>,
  intervalMs = 1000,
): Promise<() => Promise<ResourceSample[]>> {
  const docker = (await getContainerRuntimeClient()).container.dockerode
  const samples: ResourceSample[] = []
  const previous = new Map<string, Previous>()
  const began = Date.now()
  let stopped = false
  const readAll = async () => {
    await Promise.all(
      [...containers].map(async ([service, id]) => {
        try {
          const stats = (await docker
            .getContainer(id)
            .stats({ stream: false, 'one-shot': true } as { stream: false })) as DockerStats
          const cpu = cpuPercent(previous.get(service), stats)
          previous.set(service, {
            total: stats.cpu_stats?.cpu_usage?.total_usage ?? 0,
            system: stats.cpu_stats?.system_cpu_usage ?? 0,
          })
          if (cpu === undefined) return
          samples.push({
            service,
            t: (Date.now() - began) / 1000,
            cpuPercent: Math.round(cpu * 10) / 10,
            memoryMiB: Math.round(memoryMiB(stats) * 10) / 10,
            ...(stats.pids_stats?.current !== undefined ? { pids: stats.pids_stats.current } : {}),
          })
        } catch {
          // A container that is stopping has no stats; sampling is best effort and never fails a run.
        }
      }),
    )
  }
  const loop = (async () => {
    while (!stopped) {
      const next = Date.now() + intervalMs
      await readAll()
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())))
    }
  })()
  return async () => {
    stopped = true
    await loop
    return samples.sort((a, b) => a.t - b.t || a.service.localeCompare(b.service))
  }
}
