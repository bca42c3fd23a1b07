/**
 * Pieces the measurement benches (calibrate-injector.ts, designs.ts) share: an in-memory config of
 * local images, one k6 run of the built-in constant-arrival-rate scenario against a URL, and the
 * machine's load average for the printed output (the machine is shared, so every table says how busy
 * it was).
 */
import os from 'node:os'
import { configSchema, type Config, type ScenarioConfig } from '../src/config/schema.js'
import { invalidReason } from '../src/gate/measure.js'
import { runK6, type K6Binary } from '../src/load/k6.js'
import { scenarioDurationS, scenarioEnv, scriptPath } from '../src/load/scenario-env.js'
import type { RunMetrics } from '../src/model.js'

export const ECHO_IMAGE = 'perf-gate/echo:local'
export const TESTGW_IMAGE = 'perf-gate/testgw:local'
export const NGINX_IMAGE = 'perf-gate/nginx:local'

/** Waits on /health: the FROM-scratch images have no shell for a listening-port wait. */
const healthWait = { http: { path: '/health', port: 8080 }, timeout: '30s' }

/** The echo backend every bench stack has. */
export function echoService(): Record<string, unknown> {
  return { image: ECHO_IMAGE, ports: [8080], wait: healthWait }
}

/** A gateway service in front of echo: `image` is testgw or nginx, `env` its knobs. */
export function gatewayService(image: string, env: Record<string, string> = {}): Record<string, unknown> {
  return { image, env, ports: [8080], dependsOn: ['echo'], wait: healthWait }
}

/** A validated config of the given services, with one arrival-rate scenario (the stack code needs a Config). */
export function benchConfig(
  name: string,
  services: Record<string, Record<string, unknown>>,
  shape: RunShape,
): Config {
  return configSchema.parse({
    name,
    services,
    profiles: [
      {
        name: 'bench',
        target: 'http://echo:8080/echo',
        expect: { status: 200, headers: { 'X-Echo': 'perf-gate' }, echoesPayload: true },
      },
    ],
    scenarios: [scenarioOf(shape)],
  })
}

export interface RunShape {
  rate: number
  /** k6 duration string, e.g. "30s". */
  duration: string
  payloadBytes: number
}

function scenarioOf(shape: RunShape): Record<string, unknown> {
  return {
    name: `rate-${shape.rate}-${shape.duration}`,
    script: 'constant-arrival-rate',
    rate: shape.rate,
    duration: shape.duration,
    payloadBytes: shape.payloadBytes,
  }
}

export interface BenchRun {
  metrics: RunMetrics
  /** Set when the run is not comparable (dropped iterations, no requests). */
  invalid?: string
  wallS: number
}

/**
 * One k6 run of the built-in constant-arrival-rate scenario against `url` (already resolved to an
 * address this host reaches), checking status, the X-Echo header and the echoed payload like the
 * example's gated profile. To pin k6 to CPUs, pass a `k6` whose path is a wrapper (see pinnedK6).
 */
export async function runOnce(
  config: Config,
  k6: K6Binary,
  root: string,
  url: string,
  signal?: AbortSignal,
): Promise<BenchRun> {
  const profile = config.profiles[0]
  const scenario = config.scenarios[0] as ScenarioConfig
  if (!profile) throw new Error('bench config without a profile')
  const durationS = scenarioDurationS(scenario)
  const began = Date.now()
  const metrics = await runK6({
    k6,
    script: scriptPath(scenario, root),
    env: scenarioEnv(profile, scenario, url),
    durationS,
    timeoutMs: durationS * 1000 + 120_000,
    ...(signal ? { signal } : {}),
  })
  const invalid = invalidReason(scenario, metrics)
  return { metrics, wallS: (Date.now() - began) / 1000, ...(invalid ? { invalid } : {}) }
}

/** The 1, 5 and 15-minute load averages, for the printed tables. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')
}
