/**
 * Measurement designs side by side: how noisy is the per-pair log ratio log(P95_B / P95_A) of two
 * identical stacks (A/A) under each way of measuring a pair? All designs alternate round-robin in
 * ONE run (machines here differ several-fold in noise from one day to the next, so only a side-by-side
 * comparison means anything), and the table reports each design's sigma against the naive
 * consecutive design's sigma of the same run.
 *
 *   npm run bench:designs -- [--pairs 12] [--rate 500] [--payload 1024] [--seed 1] [--designs a,b,...]
 *
 * Stacks A and B are echo + nginx each (variants baseline and candidate of one config). Designs:
 *   consecutive-8s   A then B (order random per pair) as two k6 processes, 8 s each
 *   duet-8s          one k6 process drives A and B at the same time (two scenarios), 8 s
 *   duet-16s         the same, 16 s: run length ...
 *   duet-4s          ... against the number of runs (compare sigma at equal wall time)
 *   duet-8s-pinned   duet with k6 on CPU 0 (taskset) and every container on CPU 1 (docker update)
 *   duet-8s-split    duet with k6 and both echo backends on CPU 0, both nginx gateways on CPU 1
 *   duet-8s-fresh    duet on a second pair of stacks restarted every 2 pairs: shows whether one
 *                    stack instance's offset reads as a change (mean log ratio per instance)
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Command, InvalidArgumentError } from 'commander'
import { consoleLogger } from '../src/cli-logger.js'
import type { Config } from '../src/config/schema.js'
import { guardInterrupts } from '../src/interrupt.js'
import { findK6, type K6Binary } from '../src/load/k6.js'
import { packageRoot, scenarioEnv } from '../src/load/scenario-env.js'
import type { Logger } from '../src/log.js'
import type { RunMetrics } from '../src/model.js'
import { seededRandom, shuffle } from '../src/plan/schedule.js'
import { startStack, type RunningStack } from '../src/stack/stack.js'
import { mean, median, sd } from '../src/stats/index.js'
import {
  benchConfig,
  benchInvalid,
  echoService,
  gatewayService,
  loadAverage,
  NGINX_IMAGE,
  pinnedK6,
  runK6Process,
  scenarioFor,
  type RunShape,
} from './harness.js'

const execFileAsync = promisify(execFile)

type Placement = 'none' | 'pinned' | 'split'

interface Design {
  name: string
  kind: 'consecutive' | 'duet'
  durationS: number
  placement: Placement
  /** Runs on the second pair of stacks, restarted every FRESH_BLOCK pairs. */
  fresh: boolean
  /** Duet without the half-period offset between the two arrival streams (scenarios/lib/options.js). */
  unstaggered?: true
}

const DESIGNS: Design[] = [
  { name: 'consecutive-8s', kind: 'consecutive', durationS: 8, placement: 'none', fresh: false },
  { name: 'duet-8s', kind: 'duet', durationS: 8, placement: 'none', fresh: false },
  { name: 'duet-16s', kind: 'duet', durationS: 16, placement: 'none', fresh: false },
  { name: 'duet-4s', kind: 'duet', durationS: 4, placement: 'none', fresh: false },
  { name: 'duet-8s-pinned', kind: 'duet', durationS: 8, placement: 'pinned', fresh: false },
  { name: 'duet-8s-split', kind: 'duet', durationS: 8, placement: 'split', fresh: false },
  { name: 'duet-8s-fresh', kind: 'duet', durationS: 8, placement: 'none', fresh: true },
  {
    name: 'duet-8s-unstaggered',
    kind: 'duet',
    durationS: 8,
    placement: 'none',
    fresh: false,
    unstaggered: true,
  },
  {
    name: 'duet-8s-split-unstaggered',
    kind: 'duet',
    durationS: 8,
    placement: 'split',
    fresh: false,
    unstaggered: true,
  },
]
const REFERENCE = 'consecutive-8s'
const FRESH_BLOCK = 2

interface Options {
  pairs: number
  rate: number
  payload: number
  seed: number
  designs: string[]
  out: string
  maxDropped: number
  report?: string
}

function positiveInt(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer')
  return n
}

function fraction(value: string): number {
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0 || n >= 1) throw new InvalidArgumentError('expected a fraction in [0, 1)')
  return n
}

function designList(value: string): string[] {
  const names = value.split(',').map((v) => v.trim())
  const unknown = names.filter((n) => !DESIGNS.some((d) => d.name === n))
  if (unknown.length > 0)
    throw new InvalidArgumentError(
      `unknown design ${unknown.join(', ')}; known: ${DESIGNS.map((d) => d.name).join(', ')}`,
    )
  return names
}

function parseArgs(argv: string[]): Options {
  const program = new Command('bench:designs')
    .description('sigma of the per-pair log P95 ratio of two identical stacks, per measurement design')
    .option('--pairs <n>', 'pairs per design', positiveInt, 12)
    .option('--rate <n>', 'requests per second per stack', positiveInt, 500)
    .option('--payload <bytes>', 'request body size', positiveInt, 1024)
    .option('--seed <n>', 'seeds orders', positiveInt, 1)
    .option(
      '--designs <list>',
      'designs to run (default: all)',
      designList,
      DESIGNS.map((d) => d.name),
    )
    .option(
      '--max-dropped <fraction>',
      'pairs with a run dropping more iterations than this are left out',
      fraction,
      0.01,
    )
    .option('--report <json>', 'no Docker, no k6: print the table of a recorded designs-<date>.json')
    .option('--out <dir>', 'where the table and the raw pairs are written', 'bench/results')
  program.parse(argv, { from: 'user' })
  return program.opts<Options>()
}

/** What a run writes to designs-<date>.json, and --report reads back. */
interface RecordedRun {
  command: string
  startedAt: string
  finishedAt?: string
  loadStart: string
  loadEnd: string
  loads?: string[]
  pairs: Pair[]
}

interface Pair {
  design: string
  index: number
  /** Stack instance (fresh design: which restart; others: 0). */
  instance: number
  a: RunMetrics
  b: RunMetrics
  logRatio: number
  invalid?: string
  wallS: number
  /** Which of A and B ran first (consecutive) or was listed first (duet). */
  first: 'A' | 'B'
}

/** A and B of one config: variants baseline (A) and candidate (B), identical services. */
interface StackPair {
  a: RunningStack
  b: RunningStack
  stop(): Promise<void>
}

async function startPair(config: Config, runId: string, log: Logger): Promise<StackPair> {
  const a = await startStack(config, { runId, variant: 'baseline', log })
  let b: RunningStack
  try {
    b = await startStack(config, { runId, variant: 'candidate', log })
  } catch (error) {
    await a.stop()
    throw error
  }
  return { a, b, stop: async () => void (await Promise.allSettled([a.stop(), b.stop()])) }
}

function containerIds(stack: RunningStack, service: string): string[] {
  const s = stack.services.get(service)
  return s ? [s.container.getId()] : []
}

/** Sets the cpuset of containers; `cpus` in docker's syntax ("1", "0-1"). */
async function cpuset(ids: string[], cpus: string): Promise<void> {
  if (ids.length > 0) await execFileAsync('docker', ['update', '--cpuset-cpus', cpus, ...ids])
}

/** 1.4826 x the median absolute deviation from the median (equals the sd for normal data). */
function robustSigma(values: number[]): number {
  const m = median(values)
  return 1.4826 * median(values.map((x) => Math.abs(x - m)))
}

function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-'
}

async function main(argv: string[]): Promise<void> {
  const options = parseArgs(argv)
  const root = packageRoot(process.cwd())
  const log = consoleLogger()
  const k6 = await findK6()
  if (!k6) throw new Error('k6 was not found: install k6 or set K6_PATH')
  const designs = DESIGNS.filter((d) => options.designs.includes(d.name))
  const single = path.join(root, 'scenarios', 'constant-arrival-rate.js')
  const allCpus = `0-${os.cpus().length - 1}`
  const k6Pinned = await pinnedK6(k6, '0')

  const shape = (durationS: number): RunShape => ({
    rate: options.rate,
    duration: `${durationS}s`,
    payloadBytes: options.payload,
  })
  const config = benchConfig('designs', { echo: echoService(), nginx: gatewayService(NGINX_IMAGE) }, shape(8))
  const profile = config.profiles[0]
  if (!profile) throw new Error('no profile')
  const target = 'http://nginx:8080/echo'
  const envFor = (durationS: number, url: string) => scenarioEnv(profile, scenarioFor(shape(durationS)), url)

  let began = new Date()
  const stamp = began.toISOString().replace(/[:.]/g, '-').slice(0, 19)
  let loadStart = loadAverage()
  let command = `npm run bench:designs -- ${argv.join(' ')}`.trim()
  /** Set by --report: the pairs come from a recorded run, nothing is measured or written. */
  let replayed: { file: string; loadEnd: string; wallS: number } | undefined
  const random = seededRandom(options.seed)
  // A signal (someone stopping the run) still prints and writes the pairs measured so far.
  const guard = guardInterrupts(log, (code) => {
    const done = pairs.length
    void writeReport(`INTERRUPTED by a signal after ${done} pairs`).finally(() => process.exit(code))
  })
  const pairs: Pair[] = []
  const wall = new Map<string, number>(designs.map((d) => [d.name, 0]))
  const loads: string[] = []
  let freshInstance = -1
  let freshDone = 0
  let stacksAB: StackPair | undefined
  let fresh: StackPair | undefined

  /** Prints and writes the table of the pairs so far; `note` says why it stops early, if it does. */
  const writeReport = async (note: string) => {
    const loadEnd = replayed?.loadEnd ?? loadAverage()

    // Per design: sigma and mean of the valid pairs' log ratios.
    const shown = replayed ? designs.filter((d) => pairs.some((p) => p.design === d.name)) : designs
    const stats = shown.map((d) => {
      const own = pairs.filter((p) => p.design === d.name)
      const valid = own.filter((p) => !p.invalid).map((p) => p.logRatio)
      const wallS = wall.get(d.name) ?? 0
      return {
        design: d,
        pairs: own.length,
        invalid: own.length - valid.length,
        withDrops: own.filter((p) => p.a.droppedIterations > 0 || p.b.droppedIterations > 0).length,
        sigma: valid.length > 1 ? sd(valid) : Number.NaN,
        // Every pair, invalid ones included: on a saturated machine most duets drop iterations.
        sigmaAll: own.length > 1 ? sd(own.map((p) => p.logRatio)) : Number.NaN,
        // 1.4826 x median absolute deviation: the sd of normal noise, robust to the load spikes.
        robustAll: own.length > 1 ? robustSigma(own.map((p) => p.logRatio)) : Number.NaN,
        mean: valid.length > 0 ? mean(valid) : Number.NaN,
        wallS,
        wallPerPair: own.length > 0 ? wallS / own.length : Number.NaN,
      }
    })
    const ref = stats.find((s) => s.design.name === REFERENCE)
    const lines = [
      `bench:designs ${began.toISOString()}  (${command})${note ? `  ${note}` : ''}` +
        (replayed ? `\n(re-rendered from ${replayed.file} by this version of bench/designs.ts)` : ''),
      `k6 ${k6.version}, ${os.cpus().length} CPUs, two stacks of echo + nginx (${NGINX_IMAGE}), ${options.rate} req/s per stack, ` +
        `${options.payload}-byte payload, ${options.pairs} pairs per design, designs round-robin in a random order per round, seed ${options.seed}`,
      'duet: one k6 process, scenarios/constant-arrival-rate.js with TARGETS (one k6 scenario per stack)',
      `load average (1/5/15 min) at start: ${loadStart}`,
      '',
      '| design | pairs (invalid, any drops) | sigma of log ratio | mean log ratio | wall time s | sigma / sigma_consecutive | at equal wall time | sigma, all pairs | robust sigma, all pairs |',
      '|---|---|---|---|---|---|---|---|---|',
      ...stats.map((s) => {
        const rel = ref ? s.sigma / ref.sigma : Number.NaN
        // Standard error of a mean per unit of wall time, relative to consecutive: sigma * sqrt(time per pair).
        const equalTime = ref
          ? (s.sigma * Math.sqrt(s.wallPerPair)) / (ref.sigma * Math.sqrt(ref.wallPerPair))
          : Number.NaN
        return (
          `| ${s.design.name} | ${s.pairs} (${s.invalid}, ${s.withDrops}) | ${fmt(s.sigma)} | ${fmt(s.mean)} | ${s.wallS.toFixed(0)} | ` +
          `${fmt(rel, 2)} | ${fmt(equalTime, 2)} | ${fmt(s.sigmaAll)} | ${fmt(s.robustAll)} |`
        )
      }),
      '',
      `invalid: a run of the pair dropped more than ${100 * options.maxDropped}% of its iterations (left out); any drops: pairs with at least one dropped iteration (kept if within that).`,
      '"all pairs" columns include the invalid pairs; robust sigma = 1.4826 x median absolute deviation (the sd for normal noise, insensitive to load spikes).',
      'target: sigma <= 0.05 or <= 0.25 x sigma_consecutive. "at equal wall time": sigma x sqrt(wall s per pair),',
      'relative to consecutive (the noise of a mean over the same wall time). From n pairs a sigma is itself uncertain by about 1/sqrt(2(n-1)) (21% at n=12, 30% at n=6).',
    ]
    const freshPairs = pairs.filter((p) => p.design === 'duet-8s-fresh' && !p.invalid)
    if (freshPairs.length > 0) {
      const instances = [...new Set(freshPairs.map((p) => p.instance))]
      const means = instances.map((i) =>
        mean(freshPairs.filter((p) => p.instance === i).map((p) => p.logRatio)),
      )
      const deviations = instances.flatMap((i) => {
        const own = freshPairs.filter((p) => p.instance === i).map((p) => p.logRatio)
        const m = mean(own)
        return own.map((x) => x - m)
      })
      const within = deviations.length > 1 ? sd(deviations) : Number.NaN
      lines.push(
        '',
        `duet-8s-fresh: mean log ratio per stack instance (${FRESH_BLOCK} pairs each): ${means.map((m) => fmt(m)).join(', ')}`,
        `  sd of the instance means ${fmt(instances.length > 1 ? sd(means) : Number.NaN)}; ` +
          `without a per-instance offset it would be about sigma_within/sqrt(${FRESH_BLOCK}) = ${fmt(within / Math.sqrt(FRESH_BLOCK))} ` +
          `(sigma_within ${fmt(within)}, pooled deviations from each instance's mean, slightly low for 2 pairs per instance)`,
      )
    }
    const persistent = pairs.filter(
      (p) => !p.invalid && p.design.startsWith('duet') && !p.design.endsWith('fresh'),
    )
    if (persistent.length > 1) {
      const logs = persistent.map((p) => p.logRatio)
      lines.push(
        `persistent stacks A/B (all non-fresh duet pairs, n=${logs.length}): mean log ratio ${fmt(mean(logs))} ` +
          `+- ${fmt(sd(logs) / Math.sqrt(logs.length))} (se), i.e. this A/B instance pair's offset`,
      )
    }
    lines.push(
      `load average (1 min) at the start of each round: ${loads.join(' ')}`,
      `load average (1/5/15 min) at end: ${loadEnd}`,
      `wall time: ${fmt(replayed?.wallS ?? (Date.now() - began.getTime()) / 1000, 0)} s`,
    )
    const text = lines.join('\n')
    process.stdout.write(`${text}\n`)
    if (replayed) return
    const dir = path.resolve(root, options.out)
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, `designs-${stamp}.txt`), `${text}\n`)
    await writeFile(
      path.join(dir, `designs-${stamp}.json`),
      `${JSON.stringify({ command, startedAt: began.toISOString(), finishedAt: new Date().toISOString(), loadStart, loadEnd, loads, pairs }, null, 1)}\n`,
    )
    log.info(
      `written to ${path.relative(root, path.join(dir, `designs-${stamp}.txt`))} (+ .json with every pair)`,
    )
  }

  if (options.report) {
    const recorded = JSON.parse(await readFile(options.report, 'utf8')) as RecordedRun
    pairs.push(...recorded.pairs)
    for (const p of recorded.pairs) wall.set(p.design, (wall.get(p.design) ?? 0) + p.wallS)
    loads.push(...(recorded.loads ?? []))
    began = new Date(recorded.startedAt)
    loadStart = recorded.loadStart
    command = recorded.command
    replayed = {
      file: options.report,
      loadEnd: recorded.loadEnd,
      wallS: recorded.finishedAt ? (Date.parse(recorded.finishedAt) - began.getTime()) / 1000 : Number.NaN,
    }
    guard.dispose()
    await writeReport('')
    return
  }

  const duet = async (
    stacks: StackPair,
    durationS: number,
    binary: K6Binary,
    first: 'A' | 'B',
    unstaggered = false,
  ) => {
    const urls = { baseline: stacks.a.resolveUrl(target), candidate: stacks.b.resolveUrl(target) }
    // Key order decides which scenario k6 starts first; drawn per pair like the consecutive order.
    const targets = first === 'A' ? urls : { candidate: urls.candidate, baseline: urls.baseline }
    const env = {
      ...envFor(durationS, urls.baseline),
      TARGETS: JSON.stringify(targets),
      ...(unstaggered ? { DUET_STAGGER: '0' } : {}),
    }
    const m = await runK6Process(binary, single, env, durationS, ['baseline', 'candidate'], guard.signal)
    return { a: m.baseline as RunMetrics, b: m.candidate as RunMetrics }
  }
  const single1 = async (stack: RunningStack, durationS: number) =>
    (
      await runK6Process(
        k6,
        single,
        envFor(durationS, stack.resolveUrl(target)),
        durationS,
        ['load'],
        guard.signal,
      )
    ).load as RunMetrics

  try {
    stacksAB = await startPair(config, `designs-${began.getTime().toString(36)}`, log)
    const stopMain = stacksAB.stop
    const unregisterMain = guard.cleanup.add(() => stopMain())
    const unregisterFresh = guard.cleanup.add(async () => void (await fresh?.stop()))
    try {
      // Warm both stacks (connections, nginx workers, page cache) outside the measured pairs.
      await duet(stacksAB, 5, k6, 'A')
      for (let index = 0; index < options.pairs; index++) {
        loads.push(loadAverage().split(' ')[0] as string)
        for (const design of shuffle(designs, random)) {
          const first: 'A' | 'B' = random() < 0.5 ? 'A' : 'B'
          const t0 = Date.now()
          let stacks = stacksAB
          let instance = 0
          if (design.fresh) {
            if (!fresh || freshDone % FRESH_BLOCK === 0) {
              await fresh?.stop()
              freshInstance++
              fresh = await startPair(
                config,
                `designs-fresh-${began.getTime().toString(36)}-${freshInstance}`,
                log,
              )
              await duet(fresh, 4, k6, 'A')
            }
            freshDone++
            stacks = fresh
            instance = freshInstance
          }
          let result: { a: RunMetrics; b: RunMetrics }
          if (design.kind === 'consecutive') {
            const a = first === 'A' ? await single1(stacks.a, design.durationS) : undefined
            const b = await single1(stacks.b, design.durationS)
            result = { a: a ?? (await single1(stacks.a, design.durationS)), b }
          } else if (design.placement === 'none') {
            result = await duet(stacks, design.durationS, k6, first, design.unstaggered)
          } else {
            const all = [stacks.a, stacks.b]
            const gateways = all.flatMap((s) => containerIds(s, 'nginx'))
            const backends = all.flatMap((s) => containerIds(s, 'echo'))
            try {
              await cpuset(gateways, '1')
              await cpuset(backends, design.placement === 'pinned' ? '1' : '0')
              result = await duet(stacks, design.durationS, k6Pinned, first, design.unstaggered)
            } finally {
              await cpuset([...gateways, ...backends], allCpus)
            }
          }
          const wallS = (Date.now() - t0) / 1000
          wall.set(design.name, (wall.get(design.name) ?? 0) + wallS)
          const invalid =
            benchInvalid(result.a, options.maxDropped) ?? benchInvalid(result.b, options.maxDropped)
          const pair: Pair = {
            design: design.name,
            index,
            instance,
            a: result.a,
            b: result.b,
            logRatio: Math.log(result.b.p95 / result.a.p95),
            wallS,
            first,
            ...(invalid ? { invalid } : {}),
          }
          pairs.push(pair)
          log.info(
            `pair ${index} ${design.name}${design.fresh ? ` (instance ${instance})` : ''}: A ${result.a.p95.toFixed(3)} ms, ` +
              `B ${result.b.p95.toFixed(3)} ms, log ratio ${pair.logRatio.toFixed(3)}, wall ${wallS.toFixed(1)} s${invalid ? ` INVALID: ${invalid}` : ''}`,
          )
        }
      }
    } finally {
      unregisterMain()
      unregisterFresh()
      await Promise.allSettled([stacksAB.stop(), fresh?.stop()])
    }
  } finally {
    guard.dispose()
  }
  await writeReport('')
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `bench:designs: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = 1
})
