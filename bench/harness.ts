/**
 * Pieces the measurement benches (calibrate-injector.ts, designs.ts) share: an in-memory config of
 * local images, one k6 run of the built-in constant-arrival-rate scenario against a URL, and the
 * machine's load average for the printed output (the machine is shared, so every table says how busy
 * it was).
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { configSchema, scenarioSchema, type Config, type ScenarioConfig } from '../src/config/schema.js'
import { expandConfig, expandScenario } from '../src/config/sweep.js'
import { runK6, runK6Scenarios, type K6Binary } from '../src/load/k6.js'
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
  return expandConfig(
    configSchema.parse({
      name,
      services,
      profiles: [
        {
          name: 'bench',
          target: 'http://echo:8080/echo',
          expect: { status: 200, headers: { 'X-Echo': 'perf-gate' }, echoesPayload: true },
        },
      ],
      scenarios: [scenarioFor(shape)],
    }),
  )
}

export interface RunShape {
  rate: number
  /** k6 duration string, e.g. "30s". */
  duration: string
  payloadBytes: number
}

/** The built-in constant-arrival-rate scenario of this shape. */
export function scenarioFor(shape: RunShape): ScenarioConfig {
  return expandScenario(
    scenarioSchema.parse({
      name: `rate-${shape.rate}-${shape.duration}`,
      script: 'constant-arrival-rate',
      rate: shape.rate,
      duration: shape.duration,
      payloadBytes: shape.payloadBytes,
    }),
  )[0] as ScenarioConfig
}

/**
 * Why a run is not comparable, or undefined. The gate rejects any dropped iteration; on a shared
 * machine with a load average of 8 on 2 CPUs a few stalls drop a handful of iterations in most runs,
 * which moves P95 by far less than the noise, so the benches accept drops up to `maxDropped` (a
 * fraction of the requests; 0 is the gate's rule) and count the runs that had any.
 */
export function benchInvalid(metrics: RunMetrics, maxDropped: number): string | undefined {
  if (metrics.requests === 0) return 'no request completed during the load phase'
  const dropped = metrics.droppedIterations
  if (dropped > maxDropped * (metrics.requests + dropped))
    return `dropped ${dropped} iterations (${((100 * dropped) / (metrics.requests + dropped)).toFixed(2)}% > ${(100 * maxDropped).toFixed(2)}%)`
  if (metrics.errorRate > 0 || metrics.checkAccuracy < 1)
    return `error rate ${metrics.errorRate}, check accuracy ${metrics.checkAccuracy}`
  return undefined
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
  maxDropped: number,
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
  const invalid = benchInvalid(metrics, maxDropped)
  return { metrics, wallS: (Date.now() - began) / 1000, ...(invalid ? { invalid } : {}) }
}

/** The 1, 5 and 15-minute load averages, for the printed tables. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')
}

/**
 * Runs one k6 process and returns the metrics of each named load scenario (`['load']` for one
 * target, the TARGETS keys of a duet), through the gate's own runK6Scenarios.
 */
export function runK6Process(
  k6: K6Binary,
  script: string,
  env: Record<string, string>,
  durationS: number,
  scenarios: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, RunMetrics>> {
  return runK6Scenarios(
    { k6, script, env, durationS, timeoutMs: durationS * 1000 + 120_000, ...(signal ? { signal } : {}) },
    scenarios,
  ).then((results) => results.metrics)
}

/** A k6 "binary" that runs the real one pinned to `cpus` (taskset list, e.g. "0"), for runK6Process. */
export async function pinnedK6(k6: K6Binary, cpus: string): Promise<K6Binary> {
  const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-pinned-k6-'))
  const wrapper = path.join(dir, 'k6')
  await writeFile(wrapper, `#!/bin/sh\nexec taskset -c ${cpus} ${JSON.stringify(k6.path)} "$@"\n`, {
    mode: 0o755,
  })
  return { path: wrapper, version: k6.version }
}

/**
 * One duet: a single k6 process drives every target at the same time (the built-in scenario with env
 * TARGETS, see scenarios/lib/targets.js), each in its own k6 scenario at the config's rate, so they share the same moment of the machine. `targets` maps a scenario name to
 * an address this host reaches; its key order is the order k6 starts them.
 */
export async function runDuet(
  config: Config,
  k6: K6Binary,
  root: string,
  targets: Record<string, string>,
  maxDropped: number,
  signal?: AbortSignal,
): Promise<Record<string, BenchRun>> {
  const profile = config.profiles[0]
  const scenario = config.scenarios[0] as ScenarioConfig
  if (!profile) throw new Error('bench config without a profile')
  const durationS = scenarioDurationS(scenario)
  const began = Date.now()
  const first = Object.values(targets)[0] ?? ''
  const env = { ...scenarioEnv(profile, scenario, first), TARGETS: JSON.stringify(targets) }
  const names = Object.keys(targets)
  const metrics = await runK6Process(k6, scriptPath(scenario, root), env, durationS, names, signal)
  const wallS = (Date.now() - began) / 1000
  return Object.fromEntries(
    names.map((name) => {
      const m = metrics[name] as RunMetrics
      const invalid = benchInvalid(m, maxDropped)
      return [name, { metrics: m, wallS, ...(invalid ? { invalid } : {}) }]
    }),
  )
}

/**
 * Knob value whose interpolated median effect is `target`, between the two measured levels that
 * bracket it (linear in iterations, which is what the CPU cost is); undefined outside the measured range.
 */
export function interpolateLevel(
  levels: { iterations: number; effect: number }[],
  target: number,
): number | undefined {
  const sorted = [...levels].sort((a, b) => a.iterations - b.iterations)
  for (let i = 1; i < sorted.length; i++) {
    const lo = sorted[i - 1] as { iterations: number; effect: number }
    const hi = sorted[i] as { iterations: number; effect: number }
    if (target >= lo.effect && target <= hi.effect && hi.effect > lo.effect) {
      return Math.round(
        lo.iterations + ((target - lo.effect) / (hi.effect - lo.effect)) * (hi.iterations - lo.iterations),
      )
    }
  }
  return undefined
}
