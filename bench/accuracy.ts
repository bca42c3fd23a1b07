/**
 * The accuracy benchmark: how often the gate blocks unchanged code (A/A) and how often it catches a
 * known P95 regression (+5%, +10%, +20%), in paired and stored modes, and how long a real gate takes.
 *
 *   npm run bench:accuracy -- [--budget 15m] [--stacks 5] [--rounds N] [--seed S] [--pool FILE]
 *                             [--decisions 400] [--gates 2] [--replay-only]
 *
 * 1. Collects a pool of real runs across separately started stacks (see collect.ts), or reads one.
 * 2. Replays gate decisions by resampling that pool through the gate's own comparePaired and
 *    compareStored (see replay.ts): cheap, so hundreds per setting.
 * 3. Times real gates through the built CLI (see real-gates.ts): wall time only comes from those.
 * 4. Prints one markdown table and writes it next to the pool.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Command, InvalidArgumentError } from 'commander'
import { consoleLogger } from '../src/cli-logger.js'
import { loadConfig } from '../src/config/load.js'
import { durationMs } from '../src/config/schema.js'
import { guardInterrupts } from '../src/interrupt.js'
import { findK6 } from '../src/load/k6.js'
import { packageRoot } from '../src/load/scenario-env.js'
import { machineFingerprint } from '../src/machine.js'
import { collectPool } from './collect.js'
import { EFFECTS, poolSchema, readPool, VARIANTS, type Pool } from './pool.js'
import { runRealGates } from './real-gates.js'
import {
  indexPool,
  poolNoise,
  replayPaired,
  replayRandom,
  replayStored,
  type ReplayContext,
} from './replay.js'
import { markdownTable, type TableRow } from './table.js'

const EXAMPLE_CONFIG = 'examples/nginx/perf-gate.yml'
const PAIRED_CONFIG = 'bench/paired-gate.yml'
const RESULTS_DIR = 'bench/results'

interface Options {
  budget: string
  stacks: number
  rounds?: number
  seed: number
  pool?: string
  replayOnly: boolean
  decisions: number
  gates: number
  gateBudget: string
  baseDelayUs: number
}

function positiveInt(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer')
  return n
}

function nonNegativeInt(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected an integer >= 0')
  return n
}

function durationOption(value: string): string {
  try {
    durationMs(value)
    return value
  } catch {
    throw new InvalidArgumentError('expected a duration such as "15m" or "900s"')
  }
}

function parseArgs(argv: string[]): Options {
  const program = new Command('bench:accuracy')
    .description("measure the gate's false-alarm rate, detection rate and wall time")
    .option('--budget <duration>', 'time for collecting the pool of real runs', durationOption, '15m')
    .option('--stacks <n>', 'separately started stacks in the pool', positiveInt, 5)
    .option('--rounds <n>', 'rounds per stack (default: as many as the budget allows)', positiveInt)
    .option('--seed <n>', 'seeds run order and resampling', nonNegativeInt, 1)
    .option('--pool <file>', 'pool file to write, or with --replay-only to read (default: newest)')
    .option('--replay-only', 'no Docker, no k6: replay decisions from a recorded pool', false)
    .option('--decisions <n>', 'replayed decisions per mode and setting', positiveInt, 400)
    .option('--gates <n>', 'real gates per mode for wall time (0: none)', nonNegativeInt, 2)
    .option('--gate-budget <duration>', 'stop starting real gates after this', durationOption, '25m')
    .option('--base-delay-us <us>', 'echo delay of A (B adds its increment)', nonNegativeInt, 2000)
  program.parse(argv, { from: 'user' })
  return program.opts<Options>()
}

async function newestPool(root: string): Promise<string> {
  const dir = path.join(root, RESULTS_DIR)
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => /^pool-.*\.json$/.test(f))
    .sort()
  const last = files[files.length - 1]
  if (!last) throw new Error(`no pool in ${RESULTS_DIR}/: run without --replay-only first`)
  return path.join(dir, last)
}

async function savePool(file: string, pool: Pool): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, `${JSON.stringify(poolSchema.parse(pool), null, 1)}\n`)
}

async function collect(options: Options, root: string, command: string): Promise<string> {
  const log = consoleLogger()
  const loaded = loadConfig(path.join(root, EXAMPLE_CONFIG))
  const { config } = loaded
  const profile = config.profiles.find((p) => !p.control)
  const scenario = config.scenarios[0]
  if (!profile || !scenario) throw new Error(`${EXAMPLE_CONFIG} has no gated profile or no scenario`)
  const k6 = await findK6()
  if (!k6) throw new Error('k6 was not found: install k6 or set K6_PATH')
  const createdAt = new Date()
  const file =
    options.pool ??
    path.join(root, RESULTS_DIR, `pool-${createdAt.toISOString().replace(/[:.]/g, '-').slice(0, 19)}.json`)
  const guard = guardInterrupts(log)
  try {
    const collected = await collectPool({
      config,
      profile,
      scenario,
      k6,
      root,
      stacks: options.stacks,
      rounds: options.rounds,
      budgetMs: durationMs(options.budget),
      baseDelayUs: options.baseDelayUs,
      seed: options.seed,
      log,
      cleanup: guard.cleanup,
      signal: guard.signal,
    })
    const pool: Pool = {
      schemaVersion: 1,
      createdAt: createdAt.toISOString(),
      finishedAt: new Date().toISOString(),
      command,
      machine: { ...machineFingerprint(), loadAverages: collected.loadAverages },
      k6Version: k6.version,
      config: EXAMPLE_CONFIG,
      profile: profile.name,
      scenario: scenario.name,
      seed: options.seed,
      calibration: {
        baseDelayUs: collected.baseDelayUs,
        p95AMs: collected.p95AMs,
        initialDelayUs: collected.initialDelayUs,
        verificationRatio: collected.verificationRatio,
        delayUs: collected.delayUs,
      },
      stacks: collected.stacks,
      runs: collected.runs,
      gates: [],
    }
    // Saved before the real gates, so a failure there does not lose the pool.
    await savePool(file, pool)
    log.info(`pool written to ${path.relative(root, file)} (${pool.runs.length} runs)`)
    if (options.gates > 0) {
      pool.gates = await runRealGates({
        root,
        pairedConfig: path.join(root, PAIRED_CONFIG),
        storedConfig: path.join(root, EXAMPLE_CONFIG),
        count: options.gates,
        // Alternate an A/A gate and a +20% gate: both are what the wall time must cover.
        delaysUs: [collected.delayUs.A, collected.delayUs.B20],
        baseDelayUs: collected.delayUs.A,
        log,
        deadline: Date.now() + durationMs(options.gateBudget),
      })
      await savePool(file, pool)
    }
  } finally {
    guard.dispose()
  }
  return file
}

function fmt(x: number | undefined, digits = 3): string {
  return x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits)
}

function report(pool: Pool, poolFile: string, options: Options): string {
  const config = loadConfig(path.join(packageRoot(process.cwd()), pool.config)).config
  const index = indexPool(pool.runs)
  const noise = poolNoise(index, VARIANTS)
  const gate = config.gate
  const ctx: ReplayContext = {
    index,
    gate,
    profile: pool.profile,
    scenario: pool.scenario,
    random: replayRandom(options.seed),
  }
  const n = gate.rounds
  const roundsPerStack = [...index.values()].map((stack) => stack.size)
  const rows: TableRow[] = []
  const pairedNoise = (v: (typeof VARIANTS)[number]) =>
    v === 'A' ? `σ_pair ${fmt(noise.sigmaAA)} (A/A across rounds)` : `σ_pair ${fmt(noise.sigmaPair[v])}`
  const storedNoise = `sd run ${fmt(noise.sdRun)}, sd between stacks ${fmt(noise.sdBetweenStacks)}`
  const medianSize = (sizes: number[]) =>
    sizes.length === 0 ? 0 : (sizes.sort((a, b) => a - b)[Math.floor(sizes.length / 2)] ?? 0)
  for (const [mode, run] of [
    [`paired, ${n} pairs`, (v: (typeof VARIANTS)[number]) => replayPaired(ctx, v, n, options.decisions)],
    [`paired, 10 pairs`, (v: (typeof VARIANTS)[number]) => replayPaired(ctx, v, 10, options.decisions)],
    [
      `paired, adaptive ${n}+2.. (max ${n * 4})`,
      (v: (typeof VARIANTS)[number]) => replayPaired(ctx, v, n, options.decisions, { maxPairs: n * 4 }),
    ],
    [
      `stored, 3 nights x 5`,
      (v: (typeof VARIANTS)[number]) => replayStored(ctx, v, 3, 5, 5, options.decisions),
    ],
    [
      `stored, 4 nights x 5`,
      (v: (typeof VARIANTS)[number]) => replayStored(ctx, v, 4, 5, 5, options.decisions),
    ],
  ] as const) {
    for (const v of VARIANTS) {
      const tally = run(v)
      rows.push({
        mode,
        setting: v,
        tally,
        noise: mode.startsWith('paired') ? pairedNoise(v) : storedNoise,
        size: medianSize([...tally.sizes]),
      })
    }
  }
  const table = markdownTable(rows, noise, pool.gates)
  const gates = pool.gates
    .map(
      (g) =>
        `${g.mode}${g.mode === 'baseline' ? '' : ` (ECHO_DELAY_US=${g.echoDelayUs})`} ${g.wallS.toFixed(0)} s -> ${g.verdict ?? 'baseline written'}` +
        (g.gatedRuns !== null
          ? `, ${g.gatedRuns} measured ${g.mode === 'paired' ? 'pairs' : 'runs'} in the gated cell`
          : ''),
    )
    .join('; ')
  const date = pool.createdAt.slice(0, 10)
  const perStack = Object.entries(noise.realisedRatioByStack)
    .map(([v, ratios]) => `${v}: ${ratios.map((r) => `${((r - 1) * 100).toFixed(1)}%`).join(', ')}`)
    .join('; ')
  const lines = [
    `Measured ${date} on a shared ${pool.machine.cpus}-CPU machine (${pool.machine.cpuModel}; 1-minute load average ${pool.machine.loadAverages.join(', ')} at each stack start), k6 ${pool.k6Version}, ${pool.config} (${pool.profile}, ${pool.scenario}: open model, ${config.scenarios[0]?.rate ?? '?'} req/s, ${config.scenarios[0]?.duration ?? '?'} runs), threshold +${(gate.threshold * 100).toFixed(0)}%, confidence ${gate.confidence}.`,
    '',
    `**Decisions are replayed**, not real gates: each one resamples real runs from a recorded pool of ${pool.runs.filter((r) => r.purpose === 'pool').length} k6 runs across ${index.size} separately started stacks (${roundsPerStack.join(', ')} rounds; every round ran A, B5, B10 and B20 once in random order) and passes them to the gate's own \`comparePaired\` / \`compareStored\`. Paired: n pairs from one stack, A and B of the same round; A/A pairs two A runs of different rounds of one stack. Stored: k nights of 5 A runs, each night from another stack, and 5 candidate runs from a held-out stack. Replayed decisions reuse the same runs, so they are not independent: the rates rest on ${index.size} stacks and ${roundsPerStack.reduce((a, b) => a + b, 0)} rounds, not on ${options.decisions} independent gates.`,
    '',
    `Injected regressions: the echo backend sleeps X-Echo-Delay-Us per request. A sleeps ${pool.calibration.baseDelayUs} µs (a backend with a ${pool.calibration.baseDelayUs / 1000} ms service time; without a base delay any sleep at all raises P95 by 50% or more on this machine, so +5% cannot be injected), B adds an increment calibrated on stack 0 from A's P95 of ${fmt(pool.calibration.p95AMs)} ms (delays ${Object.entries(
      pool.calibration.delayUs,
    )
      .map(([v, d]) => `${v} ${d} µs`)
      .join(
        ', ',
      )}); realised effect = median within-round P95 ratio B/A over the pool (per stack: ${perStack}). Targets: +${VARIANTS.filter(
      (v) => v !== 'A',
    )
      .map((v) => `${EFFECTS[v] * 100}%`)
      .join(' / +')}.`,
    '',
    `**Wall times come from real gates** through the CLI (two profiles, ${gate.rounds} rounds + ${gate.warmupRounds} warm-up, adaptive pairs within \`timeBudget\`): ${gates || 'none run'}.`,
    '',
    table,
    '',
    `Noise: σ_pair is the sd of the per-pair log ratio (pooled within stacks); sd run is the within-stack sd of log P95 of A runs, sd between stacks that of the stacks' mean log P95. Pool: \`${path.relative(packageRoot(process.cwd()), poolFile)}\`.`,
    '',
    'Reproduce (collects a new pool, about budget + 20 min with the real gates):',
    '',
    '```sh',
    `TESTCONTAINERS_RYUK_DISABLED=true ${pool.command}`,
    '```',
    '',
    'Replay the recorded pool only (no Docker, seconds):',
    '',
    '```sh',
    `npm run bench:accuracy -- --replay-only --pool ${path.relative(packageRoot(process.cwd()), poolFile)} --seed ${options.seed} --decisions ${options.decisions}`,
    '```',
  ]
  return lines.join('\n')
}

async function main(argv: string[]): Promise<void> {
  const options = parseArgs(argv)
  const root = packageRoot(process.cwd())
  const command = `npm run bench:accuracy -- ${argv.join(' ')}`.trim()
  const poolFile = options.replayOnly
    ? path.resolve(options.pool ?? (await newestPool(root)))
    : await collect(options, root, command)
  const pool = await readPool(poolFile)
  const text = report(pool, poolFile, options)
  await writeFile(poolFile.replace(/\.json$/, '.md'), `${text}\n`)
  process.stdout.write(`${text}\n`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `bench:accuracy: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = 1
})
