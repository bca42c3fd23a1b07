/**
 * Samples CPU, memory and PIDs of every container of a stack during a run, through the Docker stats
 * API (one-shot reads, so a sample costs one short API call; CPU % comes from consecutive samples).
 * Seed reports plot these next to latency: a gateway at 100% CPU explains its P99.
 */
import { getContainerRuntimeClient } from 'testcontainers'
import type { ResourceSample } from '../model.js'

export interface DockerStats {
  cpu_stats?: { cpu_usage?: { total_usage?: number }; system_cpu_usage?: number; online_cpus?: number }
  memory_stats?: {
    usage?: number
    stats?: { inactive_file?: number; total_inactive_file?: number; cache?: number }
  }
  pids_stats?: { current?: number }
}

export interface Previous {
  total: number
  system: number
  /** When it was read, seconds since the sampler started. */
  t?: number
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

/**
 * One read of a container's cumulative CPU counter against the reference (the last read that had
 * one): the next reference, and the interval's CPU time and CPU % when both reads have counters.
 * A read without counters (an engine hiccup, a container mid-restart) keeps the old reference: taking
 * it as 0 would make the next interval count the container's whole lifetime. A counter that went
 * backwards (the container restarted) starts a new reference and yields no interval.
 */
export function cpuStep(
  previous: Previous | undefined,
  stats: DockerStats,
  t: number,
): { reference?: Previous; interval?: { cpuSeconds: number; percent: number } } {
  const total = stats.cpu_stats?.cpu_usage?.total_usage
  const system = stats.cpu_stats?.system_cpu_usage
  if (total === undefined || system === undefined) return {}
  const reference = { total, system, t }
  if (previous === undefined || total < previous.total) return { reference }
  const percent = cpuPercent(previous, stats)
  if (percent === undefined) return { reference }
  return { reference, interval: { cpuSeconds: (total - previous.total) / 1e9, percent } }
}

/** Memory in MiB as `docker stats` shows it: usage minus the reclaimable page cache. */
export function memoryMiB(stats: DockerStats): number {
  const usage = stats.memory_stats?.usage ?? 0
  const detail = stats.memory_stats?.stats
  const cache = detail?.inactive_file ?? detail?.total_inactive_file ?? detail?.cache ?? 0
  return Math.max(0, usage - cache) / 2 ** 20
}

export interface SamplerOptions {
  /** Milliseconds between reads. Default 1000. */
  intervalMs?: number
  /**
   * Most seconds from the sampler's start to the load's start, warm-up aside: the engine writing k6's
   * files, k6 starting and running setup(). Default 1.
   */
  startupSlackS?: number
  /**
   * Most seconds from the end of the load to the caller's stop: k6 finishing in-flight requests, its
   * summary, the engine reading k6's output. Default 1.
   */
  shutdownSlackS?: number
}

/** What the caller knows of the run when it stops the sampler. */
export interface LoadPhase {
  /** The load phase's configured length. */
  loadSeconds: number
  /** The warm-up k6 runs before it in the same process (0 for none). */
  warmupSeconds?: number
}

/** A sample and the start of the interval its CPU % covers (the previous read), in seconds. */
export interface TimedSample extends ResourceSample {
  from: number
}

/**
 * The samples that measured the load. The sampler starts before k6 (files, start-up, setup(), a
 * warm-up phase) and is stopped after k6 has exited and its output was read; CPU % from either side
 * would average idle or warm-up time into the load's figure. Kept: samples read before the stop whose
 * whole interval lies in both windows where the load must be,
 * - counted from the start: [warm-up + startup slack, warm-up + load], right unless start-up took
 *   longer than its slack;
 * - counted back from the stop: [stop - shutdown slack - load, stop - shutdown slack], right unless
 *   the end took longer than its slack.
 * Their intersection lies inside the load when either is right. Without a load phase (a capacity
 * search or an arena, whose phases vary) every sample read before the stop is kept.
 */
export function samplesInLoadWindow(
  samples: readonly TimedSample[],
  stoppedAt: number,
  phase: LoadPhase | undefined,
  slack: { startupS: number; shutdownS: number },
): ResourceSample[] {
  let start = Number.NEGATIVE_INFINITY
  let end = stoppedAt
  if (phase) {
    const warmup = phase.warmupSeconds ?? 0
    const fromStop = stoppedAt - slack.shutdownS
    start = Math.max(warmup + slack.startupS, fromStop - phase.loadSeconds)
    end = Math.min(warmup + phase.loadSeconds, fromStop)
  }
  return samples
    .filter((s) => s.t <= end && s.from >= start)
    .map(({ from: _from, ...sample }) => sample)
    .sort((a, b) => a.t - b.t || a.service.localeCompare(b.service))
}

/**
 * Starts sampling `containers` (service name -> container id) every `intervalMs`; the returned
 * function stops and returns the samples, with t in seconds since the start. Pass it the load phase
 * (the scenario's duration and warm-up) to keep only samples of the load (samplesInLoadWindow).
 */
export async function sampleResources(
  containers: Map<string, string>,
  options: SamplerOptions = {},
): Promise<(phase?: LoadPhase) => Promise<ResourceSample[]>> {
  const intervalMs = options.intervalMs ?? 1000
  const docker = (await getContainerRuntimeClient()).container.dockerode
  const samples: TimedSample[] = []
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
          const t = (Date.now() - began) / 1000
          const last = previous.get(service)
          const step = cpuStep(last, stats, t)
          if (step.reference) previous.set(service, step.reference)
          if (!step.interval || last === undefined) return
          samples.push({
            service,
            t,
            from: last.t ?? 0,
            cpuPercent: Math.round(step.interval.percent * 10) / 10,
            cpuSeconds: step.interval.cpuSeconds,
            intervalS: t - (last.t ?? 0),
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
  return async (phase?: LoadPhase) => {
    const stoppedAt = (Date.now() - began) / 1000
    stopped = true
    await loop
    return samplesInLoadWindow(samples, stoppedAt, phase, {
      startupS: options.startupSlackS ?? 1,
      shutdownS: options.shutdownSlackS ?? 1,
    })
  }
}
