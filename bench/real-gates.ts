/**
 * Wall time from real gates: the built CLI run as a user would run it, start to finish (stack start,
 * warm-up, every profile, adaptive pairs, report). Replayed decisions say nothing about time.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Logger } from '../src/log.js'
import type { GateResults } from '../src/model.js'
import type { GateTiming } from './pool.js'

export interface RealGateOptions {
  root: string
  pairedConfig: string
  storedConfig: string
  /** Real gates per mode. */
  count: number
  /** ECHO_DELAY_US for the candidate of each gate, cycled: the base delay is A/A, the other a known regression. */
  delaysUs: number[]
  /** The paired config's baseline variant delay (BENCH_BASE_DELAY_US), the pool's A. */
  baseDelayUs: number
  log: Logger
  /** Stop starting gates after this moment (a gate already running finishes). */
  deadline: number
}

export async function runRealGates(options: RealGateOptions): Promise<GateTiming[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'perf-gate-bench-'))
  const baselinePath = path.join(work, 'baseline.json')
  const timings: GateTiming[] = []
  const delay = (i: number) => options.delaysUs[i % options.delaysUs.length] ?? 0
  try {
    // A stored gate needs a baseline night first; its time is reported apart (it is the nightly job).
    timings.push(
      await timeGate(
        options,
        'baseline',
        options.baseDelayUs,
        ['--config', options.storedConfig, '--mode', 'baseline'],
        {
          baselinePath,
          work,
        },
      ),
    )
    for (let i = 0; i < options.count; i++) {
      if (Date.now() > options.deadline) {
        options.log.warning(`gate budget spent after ${i} gate(s) per mode`)
        break
      }
      timings.push(
        await timeGate(options, 'paired', delay(i), ['--config', options.pairedConfig], {
          baselinePath,
          work,
        }),
      )
      timings.push(
        await timeGate(options, 'stored', delay(i), ['--config', options.storedConfig], {
          baselinePath,
          work,
        }),
      )
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  return timings
}

async function timeGate(
  options: RealGateOptions,
  mode: GateTiming['mode'],
  echoDelayUs: number,
  args: string[],
  where: { baselinePath: string; work: string },
): Promise<GateTiming> {
  const out = path.join(where.work, `${mode}-${Date.now()}`)
  const startedAt = new Date()
  options.log.info(`real ${mode} gate, ECHO_DELAY_US=${echoDelayUs}: perf-gate run ${args.join(' ')}`)
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(options.root, 'dist', 'cli.js'),
        'run',
        ...args,
        '--out',
        out,
        ...(mode === 'paired' ? [] : ['--baseline', where.baselinePath]),
      ],
      {
        cwd: options.root,
        env: {
          ...process.env,
          ECHO_DELAY_US: String(echoDelayUs),
          BENCH_BASE_DELAY_US: String(options.baseDelayUs),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    )
    child.on('error', reject)
    child.on('close', (code) => resolve(code ?? 3))
  })
  const wallS = (Date.now() - startedAt.getTime()) / 1000
  let verdict: string | null = null
  let gatedRuns: number | null = null
  try {
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as GateResults
    verdict = mode === 'baseline' ? null : results.verdict
    const gated = results.cells.find((c) => !c.control)
    gatedRuns = gated ? gated.candidate.n : null
  } catch {
    // No results.json: the gate failed before comparing; the exit code says why.
  }
  if (exitCode > 1) throw new Error(`real ${mode} gate failed with exit ${exitCode}`)
  options.log.info(`  ${mode}: ${wallS.toFixed(0)} s, exit ${exitCode}, verdict ${verdict ?? '-'}`)
  return { mode, echoDelayUs, startedAt: startedAt.toISOString(), wallS, exitCode, verdict, gatedRuns }
}
