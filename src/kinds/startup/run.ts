/**
 * A start-up run (script: startup): stops the profile's gateway container, starts it again (a warm
 * restart: same container, same image and files) and polls the profile's target until the first
 * response that passes its expected status and headers. The time from the container's process start
 * (Docker's State.StartedAt) to that response is the run's value, in every percentile of its metrics,
 * so the latency comparison gates it unchanged (higher is worse). Docker's own part, from the start
 * call to the process start, is recorded beside it but not gated: on this machine it was 0.3 to 0.9 s
 * and varied far more than the gateway's own start. With healthPath, the first 2xx of that path on
 * the restarted service is timed too (time to healthy). The stop is not timed.
 */
import { getContainerRuntimeClient } from 'testcontainers'
import type { ProfileConfig, ScenarioConfig } from '../../config/schema.js'
import { durationMs } from '../../config/schema.js'
import { InfrastructureError } from '../../errors.js'
import type { Logger } from '../../log.js'
import type { RunMetrics, StartupRunResult } from '../../model.js'
import type { RunningStack } from '../../stack/running-stack.js'

export interface StartupRunOptions {
  log: Logger
  signal?: AbortSignal | undefined
  stack: RunningStack
  profile: ProfileConfig
  scenario: ScenarioConfig
  /** The profile's request headers (captured values filled in). */
  headers?: Record<string, string> | undefined
  label: string
}

/** Milliseconds since the epoch with sub-millisecond resolution, comparable with Docker's timestamps. */
function wallClock(): number {
  return performance.timeOrigin + performance.now()
}

/** Most time one poll waits for its answer. */
const POLL_TIMEOUT_MS = 1000

/** Does a response pass the profile's expected status and headers (the per-request checks' first two)? */
export function startupResponseOk(
  response: { status: number; headers: { get(name: string): string | null } },
  expect: ProfileConfig['expect'],
): boolean {
  if (response.status !== expect.status) return false
  return Object.entries(expect.headers).every(([name, value]) =>
    (response.headers.get(name) ?? '').includes(value),
  )
}

/** The run's metrics: one measurement, so every percentile is it. */
export function startupMetrics(firstResponseMs: number | null): RunMetrics {
  const v = firstResponseMs ?? 0
  return {
    p50: v,
    p90: v,
    p95: v,
    p99: v,
    max: v,
    mean: v,
    rps: 0,
    // 0 when nothing answered in time: the run is then invalid ("no request completed").
    requests: firstResponseMs === null ? 0 : 1,
    errorRate: 0,
    failedRequests: 0,
    checkAccuracy: 1,
    droppedIterations: 0,
  }
}

async function poll(
  url: () => string,
  init: RequestInit,
  ok: (r: Response) => boolean,
  deadline: number,
  intervalMs: number,
  signal: AbortSignal | undefined,
): Promise<{ at: number | null; polls: number }> {
  let polls = 0
  while (wallClock() < deadline) {
    if (signal?.aborted) throw new InfrastructureError('interrupted')
    polls++
    try {
      const response = await fetch(url(), { ...init, signal: AbortSignal.timeout(POLL_TIMEOUT_MS) })
      const passed = ok(response)
      await response.body?.cancel()
      if (passed) return { at: wallClock(), polls }
    } catch {
      // Refused or timed out while the gateway starts: poll again.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  return { at: null, polls }
}

/** Restarts the gateway of one profile and times its first successful response. */
export async function runStartup(
  options: StartupRunOptions,
): Promise<{ metrics: RunMetrics; startup: StartupRunResult }> {
  const settings = options.scenario.startup
  if (!settings) throw new InfrastructureError(`scenario ${options.scenario.name} has no startup settings`)
  const serviceName = settings.service ?? new URL(options.profile.target).hostname
  const service = options.stack.services.get(serviceName)
  if (!service?.reattach)
    throw new InfrastructureError(`start-up: service "${serviceName}" cannot be restarted on this stack`)
  const client = await getContainerRuntimeClient()
  const container = client.container.getById(service.container.getId())
  await container.stop({ t: 10 })
  const callAt = wallClock()
  await container.start()
  const returnedAt = wallClock()
  await service.reattach()
  // The process start by Docker's clock, the host's: kept inside [call, return] so that a skewed or
  // unreadable timestamp can only fall back to the start call, never invent a time.
  const reported = Date.parse((await container.inspect()).State.StartedAt)
  const started = Number.isFinite(reported) ? Math.min(Math.max(reported, callAt), returnedAt) : callAt
  const deadline = started + durationMs(settings.timeout)
  const intervalMs = durationMs(settings.interval)
  const method = options.scenario.method
  const body = method === 'GET' ? undefined : 'x'.repeat(Math.min(options.scenario.payloadBytes, 1 << 20))
  const proxied = poll(
    () => options.stack.resolveUrl(options.profile.target),
    { method, headers: options.headers ?? options.profile.headers, ...(body !== undefined ? { body } : {}) },
    (r) => startupResponseOk(r, options.profile.expect),
    deadline,
    intervalMs,
    options.signal,
  )
  const healthy = settings.healthPath
    ? poll(
        () =>
          new URL(settings.healthPath as string, options.stack.resolveUrl(options.profile.target)).toString(),
        { method: 'GET' },
        (r) => r.status >= 200 && r.status < 300,
        deadline,
        intervalMs,
        options.signal,
      )
    : Promise.resolve(null)
  const [first, health] = await Promise.all([proxied, healthy])
  const firstResponseMs = first.at === null ? null : first.at - started
  const healthyMs = health && health.at !== null ? health.at - started : undefined
  const dockerStartMs = started - callAt
  options.log.info(
    `${options.label} start-up of ${serviceName}: ` +
      (firstResponseMs === null
        ? `no successful response within ${settings.timeout}`
        : `first successful response ${firstResponseMs.toFixed(0)} ms after the process started`) +
      (healthyMs !== undefined ? `, healthy after ${healthyMs.toFixed(0)} ms` : '') +
      ` (Docker's start ${dockerStartMs.toFixed(0)} ms before that; ${first.polls} polls)`,
  )
  return {
    metrics: startupMetrics(firstResponseMs),
    startup: {
      service: serviceName,
      firstResponseMs,
      ...(healthyMs !== undefined ? { healthyMs } : {}),
      dockerStartMs,
      polls: first.polls,
    },
  }
}
