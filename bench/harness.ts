/**
 * Pieces the measurement benches (calibrate-injector.ts, designs.ts) share: an in-memory config of
 * local images, one k6 run of the built-in constant-arrival-rate scenario against a URL, and the
 * machine's load average for the printed output (the machine is shared, so every table says how busy
 * it was).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { configSchema, scenarioSchema, type Config, type ScenarioConfig } from '../src/config/schema.js'
import { runK6, type K6Binary } from '../src/load/k6.js'
import { scenarioDurationS, scenarioEnv, scriptPath } from '../src/load/scenario-env.js'
import { parseK6Summary } from '../src/load/summary.js'
import type { RunMetrics } from '../src/model.js'

const execFileAsync = promisify(execFile)

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
    scenarios: [scenarioFor(shape)],
  })
}

export interface RunShape {
  rate: number
  /** k6 duration string, e.g. "30s". */
  duration: string
  payloadBytes: number
}

/** The built-in constant-arrival-rate scenario of this shape. */
export function scenarioFor(shape: RunShape): ScenarioConfig {
  return scenarioSchema.parse({
    name: `rate-${shape.rate}-${shape.duration}`,
    script: 'constant-arrival-rate',
    rate: shape.rate,
    duration: shape.duration,
    payloadBytes: shape.payloadBytes,
  })
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
 * target, the TARGETS keys of a duet). Each scenario's `{scenario:NAME}` submetrics are read through
 * the gate's own parser by renaming them to `{scenario:load}`, so a duet is parsed exactly like a run.
 */
export async function runK6Process(
  k6: K6Binary,
  script: string,
  env: Record<string, string>,
  durationS: number,
  scenarios: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, RunMetrics>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-bench-k6-'))
  const summaryPath = path.join(dir, 'summary.json')
  try {
    try {
      await execFileAsync(k6.path, ['run', '--quiet', '--no-color', '--no-usage-report', script], {
        env: { ...process.env, ...env, SUMMARY_PATH: summaryPath, K6_NO_USAGE_REPORT: 'true' },
        timeout: durationS * 1000 + 120_000,
        maxBuffer: 16 * 1024 * 1024,
        ...(signal ? { signal } : {}),
      })
    } catch (error) {
      // 99: thresholds crossed; ours always pass, but the numbers are judged here, not k6's exit code.
      if ((error as { code?: unknown }).code !== 99) {
        const stderr = String((error as { stderr?: unknown }).stderr ?? '')
        throw new Error(
          `k6 failed on ${script}: ${stderr.trim().split('\n').slice(-6).join('\n') || String(error)}`,
          { cause: error },
        )
      }
    }
    const json = JSON.parse(await readFile(summaryPath, 'utf8')) as { metrics: Record<string, unknown> }
    return Object.fromEntries(
      scenarios.map((name) => {
        const metrics: Record<string, unknown> = {}
        for (const [key, value] of Object.entries(json.metrics)) {
          const match = /^(.*)\{scenario:([^}]*)\}$/.exec(key)
          if (!match) metrics[key] = value
          else if (match[2] === name) metrics[`${match[1]}{scenario:load}`] = value
        }
        // Per-scenario dropped iterations when the script exposes them, else the whole test's.
        const own = json.metrics[`dropped_iterations{scenario:${name}}`]
        if (own) metrics.dropped_iterations = own
        return [name, parseK6Summary({ ...json, metrics }, durationS)]
      }),
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
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
 * The k6 script of a duet: the built-in constant-arrival-rate once scenarios/lib/targets.js exists
 * (env TARGETS), else the bench's own bench/k6/duet.js, which does the same.
 */
export function duetScript(root: string): { path: string; builtIn: boolean } {
  const builtIn = existsSync(path.join(root, 'scenarios', 'lib', 'targets.js'))
  return {
    path: builtIn
      ? path.join(root, 'scenarios', 'constant-arrival-rate.js')
      : path.join(root, 'bench', 'k6', 'duet.js'),
    builtIn,
  }
}

/**
 * One duet: a single k6 process drives every target at the same time, each in its own scenario at
 * the config's rate, so they share the same moment of the machine. `targets` maps a scenario name to
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
  const metrics = await runK6Process(k6, duetScript(root).path, env, durationS, names, signal)
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
