/**
 * One k6 run as N processes on this host, each running one execution segment of the same test
 * (src/load/segment-merge.ts), started `--paused` with its own REST API address, resumed together
 * once every one is ready, and merged from their summaries and raw samples into one run.
 *
 * Why paused: a process initialises its VUs before it can start, and N processes do not finish
 * that at the same moment. Resumed together, their load phases overlap as one test's would.
 */
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { InfrastructureError } from '../errors.js'
import { durationsFromCsv, mergeSegmentSummaries, SegmentMergeError, segmentFlags } from './segment-merge.js'

/** k6's execution status while a `--paused` test waits to be resumed (lib.ExecutionStatusPausedBeforeRun). */
const PAUSED_BEFORE_RUN = 4

/** What one segment's process writes. */
export interface SegmentFiles {
  summaryPath: string
  samplesPath: string
}

/** One segment's outputs once its process ended. */
export interface SegmentOutput extends SegmentFiles {
  index: number
  /** Its handleSummary data, as k6 wrote it. */
  summary: unknown
}

export interface SegmentedRunOptions {
  /** How many segments (processes). */
  total: number
  /** Folder for the segments' summary and sample files. */
  dir: string
  /**
   * Starts segment `index`'s k6 with `flags` added (segment, --paused, --address); resolves with its
   * stderr when it ends well, rejects (InfrastructureError) otherwise. `signal` stops it.
   */
  start: (index: number, flags: string[], files: SegmentFiles, signal: AbortSignal) => Promise<string>
  /** The caller's interruption. */
  signal?: AbortSignal | undefined
  /** How long the processes may take to be ready (their VUs initialised) before the run fails. */
  readyTimeoutMs?: number
  /** Progress lines. */
  progress?: (message: string) => void
}

/** The merged summary (the shape `parseK6Summary` reads) and each segment's own outputs. */
export interface SegmentedRun {
  summary: { metrics: Record<string, { values: Record<string, number> }> }
  segments: SegmentOutput[]
  stderr: string[]
}

/** A free TCP port on the loopback interface for a k6 REST API. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The status k6's REST API reports, or undefined while it does not answer yet. */
async function apiStatus(address: string): Promise<{ status?: number; paused?: boolean } | undefined> {
  try {
    const response = await fetch(`http://${address}/v1/status`, { signal: AbortSignal.timeout(2000) })
    if (!response.ok) return undefined
    const body = (await response.json()) as { data?: { attributes?: { status?: number; paused?: boolean } } }
    return body.data?.attributes
  } catch {
    return undefined
  }
}

/** Waits until the process at `address` is paused before its run, its VUs initialised. */
async function untilReady(address: string, deadline: number, stopped: AbortSignal): Promise<void> {
  while (!stopped.aborted) {
    const status = await apiStatus(address)
    if (status?.status === PAUSED_BEFORE_RUN && status.paused === true) return
    if (Date.now() > deadline) throw new InfrastructureError(`k6 segment at ${address} was not ready in time`)
    await delay(100)
  }
}

async function resume(address: string): Promise<void> {
  const response = await fetch(`http://${address}/v1/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { type: 'status', id: 'default', attributes: { paused: false } } }),
    signal: AbortSignal.timeout(5000),
  })
  if (!response.ok)
    throw new InfrastructureError(`k6 segment at ${address} refused to resume (HTTP ${response.status})`)
}

/**
 * Runs the segments, resumes them together, waits for all, and merges them for `scenarios`. The first
 * process to fail stops the others, and its error is the one thrown.
 */
export async function runSegmented(
  options: SegmentedRunOptions,
  scenarios: readonly string[],
): Promise<SegmentedRun> {
  const { total, dir } = options
  const stop = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
  const ports = await Promise.all(Array.from({ length: total }, freePort))
  const addresses = ports.map((port) => `127.0.0.1:${port}`)
  const files: SegmentFiles[] = addresses.map((_, i) => ({
    summaryPath: path.join(dir, `segment-${i + 1}.summary.json`),
    samplesPath: path.join(dir, `segment-${i + 1}.samples.csv`),
  }))
  let firstError: unknown
  const exits = addresses.map((address, i) =>
    options
      .start(
        i,
        [...segmentFlags(i, total), '--paused', `--address=${address}`],
        files[i] as SegmentFiles,
        signal,
      )
      .catch((error: unknown) => {
        // The others are stopped by us; their "interrupted" is not the reason.
        firstError ??= error
        stop.abort()
        throw error
      }),
  )
  // A process that ends before it is ready (a script error) ends the wait.
  const ended = Promise.race(exits.map((exit) => exit.then(() => 'ended' as const)))
  try {
    options.progress?.(`k6: ${total} segments starting paused (${addresses.join(', ')})`)
    const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000)
    const ready = await Promise.race([
      Promise.all(addresses.map((address) => untilReady(address, deadline, signal))).then(
        () => 'ready' as const,
      ),
      ended,
    ])
    if (ready !== 'ready') throw new InfrastructureError('a k6 segment ended before the run was resumed')
    await Promise.all(addresses.map(resume))
    options.progress?.(`k6: ${total} segments resumed together`)
  } catch (error) {
    firstError ??= error
    stop.abort()
  }
  const settled = await Promise.allSettled(exits)
  if (firstError !== undefined) throw firstError
  const stderr = settled.map((s) => (s.status === 'fulfilled' ? s.value : ''))
  return merge(files, scenarios, stderr, options.progress)
}

async function merge(
  files: readonly SegmentFiles[],
  scenarios: readonly string[],
  stderr: string[],
  progress: ((message: string) => void) | undefined,
): Promise<SegmentedRun> {
  const segments: SegmentOutput[] = []
  const samples: Record<string, number[]> = Object.fromEntries(scenarios.map((s) => [s, []]))
  for (const [index, file] of files.entries()) {
    let summary: unknown
    try {
      summary = JSON.parse(await readFile(file.summaryPath, 'utf8'))
    } catch (error) {
      throw new InfrastructureError(`k6 segment ${index + 1} wrote no summary: ${(error as Error).message}`)
    }
    const durations = await readDurations(file.samplesPath, scenarios, index)
    for (const scenario of scenarios) {
      const into = samples[scenario] as number[]
      for (const value of durations[scenario] ?? []) into.push(value)
    }
    segments.push({ index, summary, ...file })
  }
  try {
    const summary = mergeSegmentSummaries(
      segments.map((s) => s.summary),
      samples,
    )
    const counts = scenarios.map((s) => `${s}: ${samples[s]?.length ?? 0} requests`).join(', ')
    progress?.(`k6: merged ${files.length} segments from their raw samples (${counts})`)
    return { summary, segments, stderr }
  } catch (error) {
    if (error instanceof SegmentMergeError) throw new InfrastructureError(`k6 segments: ${error.message}`)
    throw error
  }
}

async function readDurations(
  samplesPath: string,
  scenarios: readonly string[],
  index: number,
): Promise<Record<string, number[]>> {
  const input = createReadStream(samplesPath, { encoding: 'utf8' })
  const lines = createInterface({ input, crlfDelay: Infinity })
  try {
    return await durationsFromCsv(lines, scenarios)
  } catch (error) {
    throw new InfrastructureError(`k6 segment ${index + 1}'s raw samples: ${(error as Error).message}`)
  } finally {
    lines.close()
    input.destroy()
  }
}

/**
 * The lines of several k6 CSV files as one: the first file's header, then every file's rows (the
 * segments ran one k6 with the same tags, so their columns agree). For the timeline of a segmented run.
 */
export async function* concatenatedCsvLines(paths: readonly string[]): AsyncGenerator<string> {
  for (const [i, file] of paths.entries()) {
    const input = createReadStream(file, { encoding: 'utf8' })
    const lines = createInterface({ input, crlfDelay: Infinity })
    try {
      let first = true
      for await (const line of lines) {
        if (first && i > 0) {
          first = false
          continue
        }
        first = false
        yield line
      }
    } finally {
      lines.close()
      input.destroy()
    }
  }
}
