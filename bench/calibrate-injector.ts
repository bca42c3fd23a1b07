/**
 * Calibrates the regression injector: the test gateway (images/testgw) spends WORK_ITERATIONS rounds
 * of sha256 per request, a cost proportional to the gateway's own work like a slower policy. This
 * bench measures which knob values raise P95 by about +5%, +10% and +20% on this machine.
 *
 *   npm run bench:calibrate -- [--levels 1000,2000,3000,4000] [--repeats 6] [--duration 20s] [--rate 500]
 *                              [--payload 1024] [--seed 1] [--mode duet|alternate] [--placement split|none]
 *                              [--write bench/injector-levels.json]
 *
 * One stack: echo plus one testgw service per level, and a second level-0 instance ("0 (2nd)") whose
 * ratio to the first is the +0% row: it shows what two identical gateway instances differ by.
 * --mode duet (default): every repeat runs each level against level 0 in ONE k6 process (two
 * scenarios at the rate each, levels in a random order), so both sides of a ratio see the same moment
 * of a shared, noisy machine. --mode alternate: every repeat runs each gateway alone once in a random
 * order (ABAB...), and a level's ratio is its P95 over the level-0 P95 of that repeat.
 * The table prints the median ratio over repeats and the spread (min..max, sd of the log ratio).
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { availableParallelism } from 'node:os'
import { Command, InvalidArgumentError, Option } from 'commander'
import { consoleLogger } from '../src/cli-logger.js'
import { durationMs } from '../src/config/schema.js'
import { guardInterrupts } from '../src/interrupt.js'
import { findK6 } from '../src/load/k6.js'
import { packageRoot } from '../src/load/scenario-env.js'
import { machineFingerprint } from '../src/machine.js'
import { seededRandom, shuffle } from '../src/plan/schedule.js'
import { startStack } from '../src/stack/stack.js'
import { median, sd } from '../src/stats/index.js'
import {
  benchConfig,
  echoService,
  gatewayService,
  interpolateLevel,
  loadAverage,
  runDuet,
  runOnce,
  TESTGW_IMAGE,
  type BenchRun,
  type RunShape,
} from './harness.js'

interface Options {
  levels: number[]
  repeats: number
  duration: string
  rate: number
  payload: number
  seed: number
  write?: string
  mode: 'duet' | 'alternate'
  maxDropped: number
  placement: 'split' | 'none'
}

const TARGETS = [0.05, 0.1, 0.2]

function positiveInt(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer')
  return n
}

function levelList(value: string): number[] {
  const levels = value.split(',').map((v) => Number(v.trim()))
  if (levels.some((n) => !Number.isInteger(n) || n < 0))
    throw new InvalidArgumentError('expected non-negative integers separated by commas, e.g. 0,400,800')
  return [0, ...new Set(levels.filter((n) => n > 0))].sort((a, b) => a - b)
}

function fraction(value: string): number {
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0 || n >= 1) throw new InvalidArgumentError('expected a fraction in [0, 1)')
  return n
}

function durationOption(value: string): string {
  try {
    durationMs(value)
    return value
  } catch {
    throw new InvalidArgumentError('expected a duration such as "30s"')
  }
}

function parseArgs(argv: string[]): Options {
  const program = new Command('bench:calibrate')
    .description('measure the realised P95 change of each WORK_ITERATIONS level of the test gateway')
    .option(
      '--levels <list>',
      'WORK_ITERATIONS levels (0 is always included)',
      levelList,
      [0, 1000, 2000, 3000, 4000],
    )
    .option('--repeats <n>', 'ratios per level', positiveInt, 6)
    .option('--duration <d>', 'length of each k6 run', durationOption, '20s')
    .option('--rate <n>', 'requests per second (per gateway in a duet)', positiveInt, 500)
    .option('--payload <bytes>', 'request body size', positiveInt, 1024)
    .option('--seed <n>', 'seeds the run order', positiveInt, 1)
    .addOption(
      new Option(
        '--mode <mode>',
        'duet: each level with level 0 in one k6 process; alternate: solo runs, ABAB',
      )
        .choices(['duet', 'alternate'])
        .default('duet'),
    )
    .option(
      '--max-dropped <fraction>',
      'runs dropping more iterations than this are left out',
      fraction,
      0.01,
    )
    .addOption(
      new Option(
        '--placement <placement>',
        "split: the gateways on the upper CPUs, k6 and echo on the lower ones, as the gate's gate.placement auto does; none: no pinning",
      )
        .choices(['split', 'none'])
        .default('split'),
    )
    .option('--write <file>', 'write the levels and realised ratios to this JSON file')
  program.parse(argv, { from: 'user' })
  return program.opts<Options>()
}

/** A gateway under calibration: its service name and knob; `reference` marks the 2nd level-0 instance. */
interface Gateway {
  service: string
  label: string
  iterations: number
}

interface LevelResult {
  label: string
  iterations: number
  runs: number
  invalid: number
  withDrops: number
  p95MedianMs: number
  ratioMedian: number
  ratioMin: number
  ratioMax: number
  sdLogRatio: number
}

function medianOrNaN(values: number[]): number {
  return values.length > 0 ? median(values) : Number.NaN
}

function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-'
}

function pct(ratio: number): string {
  if (!Number.isFinite(ratio)) return '-'
  const p = (ratio - 1) * 100
  return `${p >= 0 ? '+' : ''}${p.toFixed(1)}%`
}

async function main(argv: string[]): Promise<void> {
  const options = parseArgs(argv)
  const root = packageRoot(process.cwd())
  const log = consoleLogger()
  const command = `npm run bench:calibrate -- ${argv.join(' ')}`.trim()
  const found = await findK6()
  if (!found) throw new Error('k6 was not found: install k6 or set K6_PATH')
  const shape: RunShape = { rate: options.rate, duration: options.duration, payloadBytes: options.payload }
  const gateways: Gateway[] = [
    ...options.levels.map((iterations) => ({
      service: `gw-${iterations}`,
      label: String(iterations),
      iterations,
    })),
    { service: 'gw-0-second', label: '0 (2nd)', iterations: 0 },
  ]
  const config = benchConfig(
    'calibrate-injector',
    {
      echo: echoService(),
      ...Object.fromEntries(
        gateways.map((g) => [
          g.service,
          gatewayService(TESTGW_IMAGE, { WORK_ITERATIONS: String(g.iterations) }),
        ]),
      ),
    },
    shape,
  )
  // The same placement the gate applies (src/plan/placement.ts), so the knob is calibrated under it.
  const split = options.placement === 'split' && availableParallelism() >= 2
  const lower = Math.ceil(availableParallelism() / 2)
  const lowCpus = lower === 1 ? '0' : `0-${lower - 1}`
  const highCpus =
    availableParallelism() - 1 === lower ? String(lower) : `${lower}-${availableParallelism() - 1}`
  const k6 = split ? { ...found, cpus: lowCpus } : found
  const cpusets = split
    ? { echo: lowCpus, ...Object.fromEntries(gateways.map((g) => [g.service, highCpus])) }
    : undefined
  const began = new Date()
  const loadStart = loadAverage()
  const random = seededRandom(options.seed)
  const guard = guardInterrupts(log)
  const runs = new Map<string, BenchRun[]>(gateways.map((g) => [g.service, []]))
  // Per repeat: each gateway's P95 ratio to level 0, always taken within one repeat (alternate) or
  // one k6 process (duet).
  const perRepeat: Map<string, number>[] = []
  try {
    const stack = await startStack(config, {
      runId: `calibrate-${began.getTime().toString(36)}`,
      variant: 'candidate',
      cpusets,
      log,
    })
    const unregister = guard.cleanup.add(() => stack.stop())
    try {
      const url = (g: Gateway) => stack.resolveUrl(`http://${g.service}:8080/echo`)
      // Warm every gateway once (connections, page cache): a fresh process's first run is slower.
      const warm = benchConfig('warmup', { echo: echoService() }, { ...shape, duration: '5s' })
      for (const g of gateways) await runOnce(warm, k6, root, url(g), 1, guard.signal)
      const reference = gateways[0] as Gateway
      for (let r = 0; r < options.repeats; r++) {
        const ratios = new Map<string, number>([[reference.service, 1]])
        const note = (g: Gateway, run: BenchRun, extra = '') => {
          runs.get(g.service)?.push(run)
          log.info(
            `repeat ${r} ${g.label}${extra}: p95 ${run.metrics.p95.toFixed(3)} ms` +
              (run.invalid ? ` INVALID: ${run.invalid}` : ''),
          )
        }
        if (options.mode === 'alternate') {
          const p95 = new Map<string, number>()
          for (const g of shuffle(gateways, random)) {
            const run = await runOnce(config, k6, root, url(g), options.maxDropped, guard.signal)
            note(g, run)
            if (!run.invalid) p95.set(g.service, run.metrics.p95)
          }
          for (const g of gateways)
            ratios.set(
              g.service,
              (p95.get(g.service) ?? Number.NaN) / (p95.get(reference.service) ?? Number.NaN),
            )
        } else {
          // Each level against level 0 in one k6 process, in a random order; which one k6 starts
          // first is drawn per duet too.
          for (const g of shuffle(gateways.slice(1), random)) {
            const pair = random() < 0.5 ? [reference, g] : [g, reference]
            const duet = await runDuet(
              config,
              k6,
              root,
              Object.fromEntries(pair.map((x) => [x.service.replace(/[^A-Za-z0-9_-]/g, '_'), url(x)])),
              options.maxDropped,
              guard.signal,
            )
            const ref = duet[reference.service.replace(/[^A-Za-z0-9_-]/g, '_')] as BenchRun
            const own = duet[g.service.replace(/[^A-Za-z0-9_-]/g, '_')] as BenchRun
            note(g, own, ' (duet)')
            note(reference, ref, ` (duet with ${g.label})`)
            if (!own.invalid && !ref.invalid) ratios.set(g.service, own.metrics.p95 / ref.metrics.p95)
          }
        }
        perRepeat.push(ratios)
      }
    } finally {
      unregister()
      await stack.stop()
    }
  } finally {
    guard.dispose()
  }
  const loadEnd = loadAverage()

  const results: LevelResult[] = gateways.map((g) => {
    const ratios = perRepeat.map((p) => p.get(g.service) ?? Number.NaN).filter(Number.isFinite)
    const own = runs.get(g.service) ?? []
    return {
      label: g.label,
      iterations: g.iterations,
      runs: own.length,
      invalid: own.filter((r) => r.invalid).length,
      withDrops: own.filter((r) => r.metrics.droppedIterations > 0).length,
      p95MedianMs: medianOrNaN(own.filter((r) => !r.invalid).map((r) => r.metrics.p95)),
      ratioMedian: medianOrNaN(ratios),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      sdLogRatio: ratios.length > 1 ? sd(ratios.map(Math.log)) : Number.NaN,
    }
  })
  const measured = results
    .filter((r) => r.label !== '0 (2nd)' && Number.isFinite(r.ratioMedian))
    .map((r) => ({ iterations: r.iterations, effect: r.ratioMedian - 1 }))
  const suggested = Object.fromEntries(
    TARGETS.map((t) => [`+${Math.round(t * 100)}%`, interpolateLevel(measured, t) ?? null]),
  )

  const lines = [
    `bench:calibrate ${began.toISOString()}  (${command})`,
    `k6 ${k6.version}, ${options.rate} req/s, ${options.duration} runs, ${options.payload}-byte payload, ` +
      `${options.repeats} repeats, seed ${options.seed}, mode ${options.mode}, placement ${split ? `split (testgw on CPU ${highCpus}, k6 and echo on CPU ${lowCpus})` : 'none'}, runs dropping > ${100 * options.maxDropped}% of iterations left out; echo + testgw per level, one stack`,
    `load average at start: ${loadStart}`,
    '',
    '| WORK_ITERATIONS | runs (invalid, any drops) | median P95 ms | P95 ratio vs 0 (median) | min..max | sd log ratio |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.runs} (${r.invalid}, ${r.withDrops}) | ${fmt(r.p95MedianMs)} | ${fmt(r.ratioMedian)} (${pct(r.ratioMedian)}) | ` +
        `${fmt(r.ratioMin)}..${fmt(r.ratioMax)} | ${fmt(r.sdLogRatio)} |`,
    ),
    '',
    `interpolated knob for +5% / +10% / +20%: ${TARGETS.map((t) => suggested[`+${Math.round(t * 100)}%`] ?? 'outside range').join(' / ')}`,
    `load average at end: ${loadEnd}`,
    `wall time: ${((Date.now() - began.getTime()) / 1000).toFixed(0)} s`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)

  if (options.write) {
    const file = path.resolve(options.write)
    const doc = {
      description:
        'WORK_ITERATIONS of perf-gate/testgw:local (images/testgw) and the realised P95 ratio each gave against level 0, ' +
        'measured by bench/calibrate-injector.ts: median over repeats of the within-repeat ratio (run.mode says how a ' +
        'repeat measured it). "0 (2nd)" is a second identical level-0 gateway: its ratio is the +0% row.',
      measuredAt: began.toISOString(),
      command,
      machine: machineFingerprint(),
      loadAverage: { start: loadStart, end: loadEnd },
      k6Version: k6.version,
      run: {
        placement: split ? `split: testgw on CPU ${highCpus}, k6 and echo on CPU ${lowCpus}` : 'none',
        mode: options.mode,
        maxDropped: options.maxDropped,
        rate: options.rate,
        duration: options.duration,
        payloadBytes: options.payload,
        repeats: options.repeats,
      },
      levels: results.map((r) => ({
        label: r.label,
        workIterations: r.iterations,
        runs: r.runs,
        invalidRuns: r.invalid,
        runsWithDrops: r.withDrops,
        p95MedianMs: Number(fmt(r.p95MedianMs)),
        realisedP95Ratio: Number(fmt(r.ratioMedian)),
        ratioRange: [Number(fmt(r.ratioMin)), Number(fmt(r.ratioMax))],
        sdLogRatio: Number(fmt(r.sdLogRatio)),
      })),
      interpolated: suggested,
      table: lines,
    }
    await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`)
    log.info(`written to ${path.relative(root, file)}`)
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `bench:calibrate: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = 1
})
