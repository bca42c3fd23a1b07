/**
 * Locating k6 and running one scenario. k6 runs on the host and sends to container addresses; its
 * results come back through the summary file written by handleSummary, never by parsing its text.
 */
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { InfrastructureError } from '../errors.js'
import { k6ParamProblem } from '../config/k6-env.js'
import { findTool, requireTool, trustedPath } from '../trusted-path.js'
import type { LatencyMetricName } from '../config/schema.js'
import type { RunMetrics, TimelineBucket } from '../model.js'
import { killTimerMs, ownScriptTimeoutMs } from './script-limits.js'
import { parseK6Summary, parseWrappedSummary, SummaryFormatError } from './summary.js'
import { K6_CSV_TIME_FORMAT, timelinesFromCsv } from './timeline.js'
import { runSandboxedK6 } from './k6-sandbox.js'
import { concatenatedCsvLines, runSegmented, type SegmentedRun } from './k6-segments.js'
import { endpointValues, wrapperSource } from './wrapper.js'

const execFileAsync = promisify(execFile)

/** The k6 release the action downloads when none is on PATH, and the one setup.sh installs. */
export const K6_VERSION = '1.8.1'

export interface K6Binary {
  path: string
  version: string
  /** Runs k6 under `taskset -c <cpus>` (the gate's CPU placement, src/plan/placement.ts). */
  cpus?: string | undefined
}

/**
 * Finds k6 (K6_PATH, then the trusted PATH, src/trusted-path.ts) and reads its version; null when
 * absent. K6_PATH must be absolute: a relative one would resolve in the checkout.
 */
export async function findK6(
  env: Record<string, string | undefined> = process.env,
): Promise<K6Binary | null> {
  const candidate = env.K6_PATH ? (path.isAbsolute(env.K6_PATH) ? env.K6_PATH : undefined) : findTool('k6')
  if (!candidate) return null
  try {
    const { stdout } = await execFileAsync(candidate, ['version'], {
      timeout: 15_000,
      env: { ...process.env, PATH: trustedPath() },
    })
    const version = /v(\d+\.\d+\.\d+)/.exec(stdout)?.[1] ?? stdout.trim()
    return { path: candidate, version }
  } catch {
    return null
  }
}

export interface K6RunOptions {
  k6: K6Binary
  script: string
  /** Passed to the script as __ENV; SUMMARY_PATH is added here. */
  env: Record<string, string>
  /** Configured length of the load phase, for throughput. */
  durationS: number
  /** Kill k6 after this long (it should end by itself well before). */
  timeoutMs: number
  signal?: AbortSignal
  /**
   * Record per-request samples (k6's CSV output) for per-second latency timelines. Off unless asked
   * for: k6 writes about 1.6 KB per request while the run is measured, CPU and disk the runner would
   * otherwise give to the load and the stack under test.
   */
  timeline?: boolean
  /**
   * Run `script` (a user's own, unchanged) through a generated wrapper that adds the summary and the
   * submetrics perf-gate reads; see src/load/wrapper.ts.
   */
  wrap?: { latencyMetric: LatencyMetricName; endpointTag: string } | undefined
  /** Extra `k6 run` flags, already checked against the allowlist (config/k6-flags.ts). */
  flags?: readonly string[] | undefined
  /**
   * Docker networks the sandbox of a wrapped (own) script joins to reach the targets: the stack's.
   * Docker's default bridge when absent; "host" for targets on the host (tests).
   */
  networks?: readonly string[] | undefined
  /**
   * Run a built-in script as this many k6 processes, one execution segment each, merged from their
   * raw samples (src/load/k6-segments.ts); 1 (default) runs one process.
   */
  segments?: number | undefined
  /** Progress lines of a segmented run. */
  progress?: ((message: string) => void) | undefined
}

/** Runs one k6 scenario and returns its metrics. Any k6 failure is an InfrastructureError. */
export async function runK6(options: K6RunOptions): Promise<RunMetrics> {
  const { metrics } = await runK6Scenarios(options, ['load'])
  return metrics.load as RunMetrics
}

/** What one k6 process measured, per load scenario. */
export interface K6ScenarioResults {
  metrics: Record<string, RunMetrics>
  /** Latency over time per scenario; a scenario is absent when k6's samples could not be read. */
  timelines: Record<string, TimelineBucket[]>
  /** What the run refused (an own script's handleSummary outputs outside its run folder). */
  warnings?: string[]
}

/**
 * Runs one k6 process and returns the metrics and timeline of each named load scenario: `['load']`
 * for a single target, or the variants of a duet (env TARGETS, see scenarios/lib/targets.js). Any k6
 * failure is an InfrastructureError.
 */
export async function runK6Scenarios(
  options: K6RunOptions,
  scenarios: readonly string[],
): Promise<K6ScenarioResults> {
  if ((options.segments ?? 1) > 1 && !options.wrap) return runK6InSegments(options, scenarios)
  const dir = await mkdtemp(path.join(tmpdir(), 'perf-gate-k6-'))
  const summaryPath = path.join(dir, 'summary.json')
  const samplesPath = path.join(dir, 'samples.csv')
  let entry = options.script
  try {
    entry = options.wrap ? await writeWrapper(options, dir) : options.script
    // A user's script sets its own length (stages, scenarios): k6 may take as long as it says, up to 24 h.
    const timeoutMs = options.wrap
      ? ownScriptTimeoutMs(options.timeoutMs, await scriptLengthMs(options, entry, dir), options.script)
      : options.timeoutMs
    const stderr = await spawnK6(
      { ...options, timeoutMs },
      summaryPath,
      entry,
      options.timeline ? samplesPath : null,
    )
    let text: string
    try {
      text = await readFile(summaryPath, 'utf8')
    } catch {
      throw new InfrastructureError(`k6 wrote no summary for ${options.script}: ${lastLines(stderr)}`)
    }
    let metrics: Record<string, RunMetrics>
    try {
      const json: unknown = JSON.parse(text)
      // A wrapped script's load is all of its scenarios together: one set of metrics, however named.
      if (options.wrap) {
        const wrapped = parseWrappedSummary(json).metrics
        metrics = Object.fromEntries(scenarios.map((name) => [name, wrapped]))
      } else {
        metrics = Object.fromEntries(
          scenarios.map((name) => [name, parseK6Summary(json, options.durationS, name)]),
        )
      }
    } catch (error) {
      if (error instanceof SummaryFormatError)
        throw new InfrastructureError(`${options.script}: ${error.message}`)
      throw error
    }
    return {
      metrics,
      timelines: options.timeline ? await readTimelines([samplesPath], scenarios, options.durationS) : {},
      warnings: refusedOutputs(stderr),
    }
  } finally {
    if (entry !== options.script) await rm(entry, { force: true })
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Runs a built-in script as `options.segments` k6 processes (src/load/k6-segments.ts) in a temp dir
 * and parses their merged summary like one process's.
 */
async function runK6InSegments(
  options: K6RunOptions,
  scenarios: readonly string[],
  keepIn?: string,
): Promise<K6ScenarioResults & { segmented: SegmentedRun }> {
  const dir = keepIn ?? (await mkdtemp(path.join(tmpdir(), 'perf-gate-k6-')))
  try {
    const segmented = await runSegmented(
      {
        total: options.segments ?? 1,
        dir,
        signal: options.signal,
        progress: options.progress,
        // Raw samples always: the merged percentiles are computed from them.
        start: (_index, flags, files, signal) =>
          spawnHostK6(
            { ...options, signal },
            files.summaryPath,
            runArgs(
              { ...options, flags: [...(options.flags ?? []), ...flags] },
              options.script,
              files.samplesPath,
            ),
          ),
      },
      scenarios,
    )
    let metrics: Record<string, RunMetrics>
    try {
      metrics = Object.fromEntries(
        scenarios.map((name) => [name, parseK6Summary(segmented.summary, options.durationS, name)]),
      )
    } catch (error) {
      if (error instanceof SummaryFormatError)
        throw new InfrastructureError(`${options.script}: ${error.message}`)
      throw error
    }
    const samplePaths = segmented.segments.map((s) => s.samplesPath)
    return {
      metrics,
      timelines: options.timeline ? await readTimelines(samplePaths, scenarios, options.durationS) : {},
      warnings: [],
      segmented,
    }
  } finally {
    if (keepIn === undefined) await rm(dir, { recursive: true, force: true })
  }
}

/**
 * A segmented run whose per-segment files stay in `dir` (the caller's): the merged results beside
 * each segment's summary and raw samples, for checking the merge against them.
 */
export function runK6SegmentsKeeping(
  options: K6RunOptions,
  scenarios: readonly string[],
  dir: string,
): Promise<K6ScenarioResults & { segmented: SegmentedRun }> {
  if (options.wrap) throw new Error('segmented runs take built-in scripts')
  return runK6InSegments(options, scenarios, dir)
}

/**
 * The timelines from k6's CSV samples (several files: a segmented run's), streamed line by line.
 * Empty when a file is missing or not the CSV we asked for: the timeline only feeds a chart and must
 * never cost a measured run.
 */
async function readTimelines(
  samplePaths: readonly string[],
  scenarios: readonly string[],
  durationS: number,
): Promise<Record<string, TimelineBucket[]>> {
  const lines = concatenatedCsvLines(samplePaths)
  try {
    const timelines = await timelinesFromCsv(lines, { scenarios, durationS })
    return Object.fromEntries(Object.entries(timelines).filter(([, buckets]) => buckets.length > 0))
  } catch {
    return {}
  } finally {
    await lines.return(undefined)
  }
}

/**
 * Writes the wrapper for a user's script and returns its path. k6 resolves some of a script's
 * relative paths from the entry script's folder, not the module's (gRPC's `client.load(['.'], ...)`
 * does), so the wrapper goes next to the script, as a hidden file of a fresh random name (created
 * exclusively, so nothing there is followed or overwritten) that `runK6Scenarios` removes. When that
 * folder is not writable (a read-only checkout), it goes to perf-gate's temp dir `dir`, where
 * imports and `open()` still resolve from the script's own folder.
 */
async function writeWrapper(options: K6RunOptions, dir: string): Promise<string> {
  const wrap = options.wrap as NonNullable<K6RunOptions['wrap']>
  const script = path.resolve(options.script)
  let source: string
  try {
    source = await readFile(script, 'utf8')
  } catch (error) {
    throw new InfrastructureError(`could not read k6 script ${options.script}: ${(error as Error).message}`)
  }
  const text = wrapperSource({
    script,
    runDir: dir,
    latencyMetric: wrap.latencyMetric,
    endpointTag: wrap.endpointTag,
    endpoints: endpointValues(source, wrap.endpointTag),
  })
  const beside = path.join(path.dirname(script), `.perf-gate-${randomBytes(6).toString('hex')}.wrapper.js`)
  try {
    await writeFile(beside, text, { flag: 'wx' })
    return beside
  } catch {
    const inTemp = path.join(dir, 'perf-gate-wrapper.js')
    await writeFile(inTemp, text, { flag: 'wx' })
    return inTemp
  }
}

/** Lengths of user scripts already inspected, by script path and scenario env. */
const scriptLengths = new Map<string, number>()

/**
 * The most a script's scenarios may last (graceful stops included), from `k6 inspect
 * --execution-requirements` (it reads the options like `k6 run` does), once per script and process.
 * 0 when k6 cannot say; then `k6 run` reports the script's error itself.
 */
async function scriptLengthMs(options: K6RunOptions, entry: string, runDir: string): Promise<number> {
  // The target differs per stack (container addresses); the rest of the env is the scenario's.
  const scenarioEnv = Object.entries(options.env).filter(
    ([name]) => name !== 'BASE_URL' && name !== 'TARGET_URL',
  )
  const key = `${path.resolve(options.script)}\u0000${JSON.stringify(scenarioEnv)}`
  const known = scriptLengths.get(key)
  if (known !== undefined) return known
  let ms: number
  try {
    // In the sandbox, like the run: inspecting executes the script's init code.
    const { code, stdout } = await runSandboxedK6({
      k6Path: options.k6.path,
      args: ['inspect', '--execution-requirements', entry],
      env: k6ProcessEnv({}, options.env, path.join(runDir, 'unused'), '/'),
      scriptDir: path.dirname(path.resolve(options.script)),
      runDir,
      networks: options.networks ?? [],
      timeoutMs: 60_000,
      signal: options.signal,
    })
    if (code !== 0) throw new Error('k6 inspect failed')
    const parsed = JSON.parse(stdout) as { totalDuration?: unknown }
    ms = typeof parsed.totalDuration === 'string' ? goDurationMs(parsed.totalDuration) : 0
  } catch {
    ms = 0
  }
  scriptLengths.set(key, ms)
  return ms
}

/** Milliseconds in a Go duration as k6 prints it: "34s", "1m30.5s", "2h0m0s", "500ms". */
export function goDurationMs(text: string): number {
  const unit: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    us: 0.001,
    µs: 0.001,
    ns: 1e-6,
  }
  let total = 0
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g)) {
    total += Number(match[1]) * (unit[match[2] as string] ?? 0)
  }
  return total
}

function lastLines(text: string, n = 8): string {
  return text.trim().split('\n').slice(-n).join('\n') || '(no output)'
}

/** Variables of perf-gate's own environment a k6 process may see: what it needs to run, nothing more. */
export const K6_INHERITED_ENV = ['HOME', 'TMPDIR'] as const

/**
 * The whole environment of a k6 process. k6 exposes every variable it inherits to the script as
 * __ENV, and the script may come from a pull request: it must never see the action's token
 * (INPUT_GITHUB-TOKEN), GITHUB_TOKEN, ACTIONS_RUNTIME_TOKEN, RUNNER_* or any other secret of the job.
 * So k6 gets an allowlist: the trusted PATH, HOME and TMPDIR, what the config passes explicitly
 * except names that are settings rather than values (config/k6-env.ts; the config loader already
 * refuses them, this is the second lock), and the K6_* settings we choose.
 */
export function k6ProcessEnv(
  parent: Record<string, string | undefined>,
  scriptEnv: Record<string, string>,
  summaryPath: string,
  pathValue: string = trustedPath(),
): Record<string, string> {
  const env: Record<string, string> = { PATH: pathValue }
  for (const name of K6_INHERITED_ENV) {
    const value = parent[name]
    if (value !== undefined) env[name] = value
  }
  for (const [name, value] of Object.entries(scriptEnv)) {
    if (k6ParamProblem(name) === undefined) env[name] = value
  }
  return { ...env, SUMMARY_PATH: summaryPath, K6_NO_USAGE_REPORT: 'true' }
}

/** The warnings an own script's wrapper printed for handleSummary outputs it did not write. */
function refusedOutputs(stderr: string): string[] {
  return [...stderr.matchAll(/perf-gate: (handleSummary output .*? not written[^"\n]*)/g)].map((m) =>
    (m[1] as string).replace(/\\"/g, '"'),
  )
}

/** k6's arguments for `k6 run` of `entry`. */
function runArgs(options: K6RunOptions, entry: string, samplesPath: string | null): string[] {
  // Per-request samples for the timelines (CSV: the most compact of k6's file outputs).
  const out = samplesPath ? ['--out', `csv=fileName=${samplesPath},timeFormat=${K6_CSV_TIME_FORMAT}`] : []
  // A built-in scenario runs on the host against a target the pull request controls: it follows no
  // redirect (scenarios/lib/options.js). Last, so a --max-redirects in k6.flags cannot undo it (k6 takes
  // the last value of a repeated flag, and a flag over the script's options). An own script is the pull
  // request's code and can already request any URL its sandbox reaches; its redirects are its own.
  const noRedirects = options.wrap ? [] : ['--max-redirects=0']
  return [
    'run',
    '--quiet',
    '--no-color',
    '--no-usage-report',
    ...(options.flags ?? []),
    ...noRedirects,
    ...out,
    entry,
  ]
}

/** Turns k6's exit into the stderr to keep (a finished run) or the InfrastructureError to throw. */
function k6Exit(options: K6RunOptions, code: number | null, signal: string | null, stderr: string): string {
  if (options.signal?.aborted) throw new InfrastructureError('k6 run interrupted')
  // 99: thresholds crossed. Ours only expose submetrics and always pass; a user's script sets
  // real ones, which the summary reports one by one (and the scenario's `thresholds: fail`
  // turns into a failed cell): the run itself finished.
  if (code === 0 || code === 99) return stderr
  // 108: the script aborted the test (our setup() does when a target does not answer); its
  // reason is the one line worth reading, so it leads the message.
  const aborted = /test aborted: (.*?)(?:" |"$|\n)/m.exec(stderr)?.[1]
  throw new InfrastructureError(
    aborted
      ? `k6 aborted ${path.basename(options.script)}: ${aborted.replace(/\\"/g, '"')}`
      : `k6 failed on ${path.basename(options.script)} (exit ${code ?? signal}): ${lastLines(stderr)}`,
  )
}

/**
 * Runs k6 on `entry` (the script, or its wrapper); messages name the script. A wrapped script is a
 * user's own and runs in the sandbox (src/load/k6-sandbox.ts); a built-in one runs on the host.
 */
async function spawnK6(
  options: K6RunOptions,
  summaryPath: string,
  entry: string,
  samplesPath: string | null,
): Promise<string> {
  const args = runArgs(options, entry, samplesPath)
  if (!options.wrap) return spawnHostK6(options, summaryPath, args)
  const runDir = path.dirname(summaryPath)
  const result = await runSandboxedK6({
    k6Path: options.k6.path,
    args,
    env: k6ProcessEnv({}, options.env, summaryPath, '/'),
    scriptDir: path.dirname(path.resolve(options.script)),
    runDir,
    networks: options.networks ?? [],
    cpus: options.k6.cpus,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  })
  return k6Exit(options, result.code, result.timedOut ? 'SIGKILL' : null, result.stderr)
}

/** Runs a built-in scenario's k6 on the host. */
function spawnHostK6(options: K6RunOptions, summaryPath: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // taskset by its absolute path on the trusted PATH, never looked up in the child's environment.
    const child = spawn(
      options.k6.cpus ? requireTool('taskset') : options.k6.path,
      options.k6.cpus ? ['-c', options.k6.cpus, options.k6.path, ...args] : args,
      {
        env: k6ProcessEnv(process.env, options.env, summaryPath),
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000)
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), killTimerMs(options.timeoutMs))
    const onAbort = () => child.kill('SIGTERM')
    options.signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(new InfrastructureError(`could not start k6 (${options.k6.path}): ${error.message}`))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      try {
        resolve(k6Exit(options, code, signal, stderr))
      } catch (error) {
        reject(error as Error)
      }
    })
  })
}
