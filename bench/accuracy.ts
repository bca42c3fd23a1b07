/**
 * The gate's operating curve, measured: how often it blocks, stays inconclusive or passes unchanged
 * code (A/A) and a known regression (+5%, +10%, +20% P95), in paired and stored mode, and how long a
 * gate takes. Two sources, labelled as such in the table:
 *
 * - Real gates: the built CLI end to end on bench/oc-gate.yml (echo + the test gateway, whose
 *   WORK_ITERATIONS knob adds CPU work per request; fresh stacks every block). Each gate's verdict,
 *   evidence and wall time go to bench/results/oc/gates.jsonl and its journal to
 *   bench/results/oc/journals/, as it finishes, so an interrupted benchmark keeps what it measured.
 * - Replays: decisions drawn from the pool of paired blocks those journals hold (blocks of one
 *   decision are distinct), run through the gate's own measure/ask loop with the replay measurer and
 *   its final verdict (src/gate/decision/), so the replay measures the rule the gate applies.
 *
 *   npm run bench:accuracy -- gates --label A/A --gates 10 [--work 0] [--busy] [--method paired|auto]
 *                                   [--env NAME=VALUE ...]   (any knob of the gate config, per gate)
 *   npm run bench:accuracy -- baseline --nights 5
 *   npm run bench:accuracy -- replay [--decisions 400] [--seed 1] [--docs]
 *   npm run bench:accuracy -- matrix [--decisions 200] [--effect +20%] [--profile testgw]
 *   npm run bench:accuracy [-- all --gates 10 --small-gates 4]   (the whole curve, see `all` below)
 *
 * OC_CONFIG=<gate.yml> OC_OUT=<folder> run any of these on another design, kept apart from the curve;
 * OC_DOC=<page> is the page `replay --docs` rewrites for it (e.g. bench/oc-envoy.yml into docs/envoy.md).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { appendFile, copyFile, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { Command, InvalidArgumentError } from 'commander'
import { readBaseline } from '../src/baseline/store.js'
import { envKnob } from './env-knob.js'
import { loadConfig } from '../src/config/load.js'
import { compareCells } from '../src/gate/compare.js'
import { readJournal } from '../src/gate/journal.js'
import { finalVerdict } from '../src/gate/decision/final-verdict.js'
import { Evidence, measureUntilDecided } from '../src/gate/decision/loop.js'
import type { GatePlan } from '../src/gate/decision/measurer.js'
import { gatedVerdict } from '../src/gate/decision/policy.js'
import { RecordingExhausted, replayMeasurer, VirtualClock } from '../src/gate/decision/replay-measurer.js'
import { Cleanup } from '../src/gate/stack-session.js'
import { silentLogger } from '../src/log.js'
import { machineFingerprint } from '../src/machine.js'
import { cellId, type RunResult, type Verdict } from '../src/model.js'
import { configCells } from '../src/config/sweep.js'
import { seededRandom, shuffle } from '../src/plan/schedule.js'
import { mean, median, sd, wilsonInterval } from '../src/stats/index.js'

// OC_CONFIG and OC_OUT point a side experiment (another design of the same gate) at its own config
// and results folder, so it never mixes with the curve's recorded gates.
const CONFIG = process.env.OC_CONFIG ?? 'bench/oc-gate.yml'
const OUT = process.env.OC_OUT ?? 'bench/results/oc'
/** The page whose operating-curve table `replay --docs` rewrites. */
const ACCURACY_DOC = process.env.OC_DOC ?? 'docs/accuracy.md'
const GATES = `${OUT}/gates.jsonl`
const JOURNALS = `${OUT}/journals`
// A side experiment keeps its stored baseline beside its gates: a baseline names the config it was
// recorded for, so another design's file is refused.
const BASELINE = process.env.OC_OUT ? `${OUT}/baseline.json` : 'bench/results/oc-baseline.json'

/** One real gate, as recorded. */
interface GateRecord {
  id: string
  label: string
  method: 'paired' | 'auto'
  work: number
  /**
   * Every gated cell's verdict, latency change and CPU-per-request change (absent in gates recorded
   * before the field existed): a matrix gate decides per cell.
   */
  cells?: { cell: string; verdict: string; changePct: number | null; cpuChangePct: number | null }[]
  /** The --env knobs the gate ran with (absent in gates recorded before the option existed). */
  env?: Record<string, string>
  busy: boolean
  exitCode: number | null
  verdict: Verdict | null
  evidence: string | null
  decision: string | null
  wallTimeS: number
  blocks: number
  pairs: number
  changePct: number | null
  ratio: { lower: number; upper: number } | null
  runner: string | null
  loadBefore: number
  loadAfter: number
  startedAt: string
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

function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['dist/cli.js', ...args], {
    env: { ...process.env, TESTCONTAINERS_RYUK_DISABLED: 'true', ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-200_000)))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

/** Keeps one core busy (a spinning process), the "busy machine" the stored gates must survive. */
function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

async function runGates(options: {
  label: string
  gates: number
  work: number
  busy: boolean
  method: 'paired' | 'auto'
  env?: Record<string, string>
}) {
  await mkdir(JOURNALS, { recursive: true })
  const knobs = options.env ?? {}
  for (let i = 0; i < options.gates; i++) {
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${options.method}-${options.label.replace(/[^\w]+/g, '')}-${i}`
    const out = await mkdtemp(path.join(tmpdir(), 'perf-gate-oc-'))
    const busy = options.busy ? busyCore() : null
    const loadBefore = loadavg()[0] as number
    const began = Date.now()
    const run = await cli(['run', '--config', CONFIG, '--out', out], {
      ...knobs,
      WORK_ITERATIONS: String(options.work),
      PERF_GATE_METHOD: options.method,
      OC_BASELINE: path.resolve(BASELINE),
      PERF_GATE_RUN_ID: `oc-${i}-${process.pid}`,
    })
    busy?.kill('SIGKILL')
    const wallTimeS = (Date.now() - began) / 1000
    const resultsFile = path.join(out, 'results.json')
    const results = existsSync(resultsFile) ? JSON.parse(await readFile(resultsFile, 'utf8')) : null
    const gated = results?.cells?.find((c: { control: boolean }) => !c.control) ?? null
    if (existsSync(path.join(out, 'runs.jsonl')))
      await copyFile(path.join(out, 'runs.jsonl'), path.join(JOURNALS, `${id}.jsonl`))
    const record: GateRecord = {
      id,
      label: options.label,
      method: options.method,
      work: options.work,
      ...(Object.keys(knobs).length > 0 ? { env: knobs } : {}),
      busy: options.busy,
      exitCode: run.code,
      verdict: results?.verdict ?? null,
      evidence: results?.evidence ?? null,
      decision: results?.decision ?? null,
      wallTimeS,
      blocks: results?.paired?.blocks ?? 0,
      pairs: results?.paired?.pairs ?? 0,
      changePct: gated?.changePct ?? null,
      ratio: gated?.ratio ? { lower: gated.ratio.lower, upper: gated.ratio.upper } : null,
      runner: results?.notes?.find((n: string) => n.startsWith('Runner check')) ?? null,
      cells: (results?.cells ?? [])
        .filter((c: { control: boolean }) => !c.control)
        .map(
          (c: {
            cell: string
            verdict: string
            changePct: number | null
            cpuPerRequest?: { changePct: number | null }
          }) => ({
            cell: c.cell,
            verdict: c.verdict,
            changePct: c.changePct,
            cpuChangePct: c.cpuPerRequest?.changePct ?? null,
          }),
        ),
      loadBefore,
      loadAfter: loadavg()[0] as number,
      startedAt: new Date(began).toISOString(),
    }
    await appendFile(GATES, `${JSON.stringify(record)}\n`)
    process.stdout.write(
      `${options.label} ${options.method}${options.busy ? ' busy' : ''}${Object.entries(knobs)
        .map(([k, v]) => ` ${k}=${v}`)
        .join(
          '',
        )} gate ${i + 1}/${options.gates}: exit ${run.code} ${record.verdict} by ${record.evidence}, ` +
        `${record.changePct === null ? 'n/a' : `${record.changePct.toFixed(1)}%`}, ${record.pairs} pairs, ${wallTimeS.toFixed(0)} s, load ${loadBefore.toFixed(1)} -> ${record.loadAfter.toFixed(1)}\n`,
    )
    // A matrix: each gated cell's verdict and the change of both metrics.
    if ((record.cells?.length ?? 0) > 1)
      for (const c of record.cells ?? [])
        process.stdout.write(
          `  ${c.cell}: ${c.verdict}, P95 ${c.changePct?.toFixed(1) ?? 'n/a'}%, CPU/request ${c.cpuChangePct?.toFixed(1) ?? 'n/a'}%\n`,
        )
    if (run.code !== 0 && run.code !== 1) process.stderr.write(run.stderr.slice(-3000))
  }
}

async function recordBaseline(nights: number) {
  for (let i = 0; i < nights; i++) {
    const out = await mkdtemp(path.join(tmpdir(), 'perf-gate-oc-night-'))
    const run = await cli(['run', '--config', CONFIG, '--mode', 'baseline', '--out', out], {
      WORK_ITERATIONS: '0',
      PERF_GATE_METHOD: 'auto',
      OC_BASELINE: path.resolve(BASELINE),
      PERF_GATE_RUN_ID: `oc-night-${i}-${process.pid}`,
    })
    process.stdout.write(`night ${i + 1}/${nights}: exit ${run.code}, load ${loadavg()[0]?.toFixed(1)}\n`)
    if (run.code !== 0) throw new Error(run.stderr.slice(-3000))
  }
}

/** A paired block of one real gate: both cells, both variants. */
interface PoolBlock {
  gate: string
  runs: RunResult[]
}

async function readGates(): Promise<GateRecord[]> {
  const text = await readFile(GATES, 'utf8').catch(() => '')
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GateRecord)
}

/**
 * A block the replay can draw: every run valid, and both variants of the control and the gated cell
 * measured the same number of times (once per pair; gate.pairsPerBlock pairs).
 */
function completeBlock(runs: readonly RunResult[]): boolean {
  const counts = new Map<string, number>()
  for (const r of runs) counts.set(`${r.cell}/${r.variant}`, (counts.get(`${r.cell}/${r.variant}`) ?? 0) + 1)
  const n = [...counts.values()]
  return counts.size === 4 && n.every((k) => k === n[0]) && runs.every((r) => r.valid)
}

/**
 * A block's log P95 ratio (candidate over baseline) in the gated cell or the control: the geometric
 * means of each variant's runs, as the paired comparison combines a block's pairs. NaN without both.
 */
function blockLogRatio(runs: readonly RunResult[], control: boolean): number {
  const logMean = (variant: string) => {
    const logs = runs
      .filter((r) => r.valid && r.profile.startsWith('no-gateway') === control && r.variant === variant)
      .map((r) => Math.log(r.metrics.p95 ?? Number.NaN))
    return logs.length ? mean(logs) : Number.NaN
  }
  return logMean('candidate') - logMean('baseline')
}

async function readPool(gates: readonly GateRecord[]) {
  const byLabel = new Map<string, PoolBlock[]>()
  const stored = new Map<string, RunResult[]>()
  const files = new Set(await readdir(JOURNALS).catch(() => [] as string[]))
  for (const gate of gates) {
    if (!files.has(`${gate.id}.jsonl`)) continue
    const { runs } = await readJournal(path.join(JOURNALS, `${gate.id}.jsonl`))
    const blocks = new Map<number, RunResult[]>()
    // A block's measured pair per cell; its warm-up windows (gate.blockWarmup) are never compared.
    for (const run of runs) {
      if (run.phase === 'paired' && run.block !== undefined && !run.warmup)
        blocks.set(run.block, [...(blocks.get(run.block) ?? []), run])
    }
    const complete = [...blocks.values()].filter(completeBlock)
    byLabel.set(gate.label, [
      ...(byLabel.get(gate.label) ?? []),
      ...complete.map((r) => ({ gate: gate.id, runs: r })),
    ])
    const storedRuns = runs.filter((r) => r.phase === 'stored')
    if (storedRuns.length > 0) stored.set(gate.id, storedRuns)
  }
  return { byLabel, stored }
}

interface Tally {
  regression: number
  inconclusive: number
  pass: number
  wall: number[]
  exhausted: number
}

function tally(): Tally {
  return { regression: 0, inconclusive: 0, pass: 0, wall: [], exhausted: 0 }
}

function pct(k: number, n: number): string {
  if (n === 0) return '—'
  const [lo, hi] = wilsonInterval(k, n, 0.95)
  return `${((100 * k) / n).toFixed(0)}% [${(100 * lo).toFixed(0)}, ${(100 * hi).toFixed(0)}]`
}

/** The OC_* variables a side experiment runs with, as a command prefix ("" for the curve itself). */
function sideEnv(): string {
  return ['OC_CONFIG', 'OC_OUT', 'OC_DOC']
    .filter((name) => process.env[name] !== undefined)
    .map((name) => `${name}=${process.env[name]} `)
    .join('')
}

/**
 * One row per real gate, from its journal: what its gated cell's valid pairs measured (median over
 * blocks of the P95 ratio, a block's pairs averaged in log, whether or not the control's pair of that
 * block was valid), the control's,
 * and how many runs were invalid or re-run (dropped iterations on a busy machine). `replay
 * --per-gate` prints it under the operating-curve table.
 */
async function perGateTable(gates: readonly GateRecord[]): Promise<string> {
  const medianChange = (logs: number[]) =>
    logs.length === 0
      ? '—'
      : `${(Math.exp(median(logs)) - 1) * 100 >= 0 ? '+' : ''}${((Math.exp(median(logs)) - 1) * 100).toFixed(1)}% (${logs.length})`
  const rows: string[] = []
  for (const g of gates) {
    const file = path.join(JOURNALS, `${g.id}.jsonl`)
    if (!existsSync(file)) continue
    const { runs, events } = await readJournal(file)
    const paired = runs.filter((r) => r.phase === 'paired' && !r.warmup && r.block !== undefined)
    // One log ratio per block: the mean over its pairs (rounds) when it has several (gate.pairsPerBlock).
    const logRatios = (control: boolean) => {
      const byPair = new Map<string, Partial<Record<string, number>>>()
      for (const r of paired)
        if (r.valid && r.profile.startsWith('no-gateway') === control) {
          const key = `${r.block}/${r.round}`
          byPair.set(key, { ...byPair.get(key), [r.variant]: r.metrics.p95 })
        }
      const byBlock = new Map<string, number[]>()
      for (const [key, b] of byPair) {
        if (b.candidate === undefined || b.baseline === undefined) continue
        const block = key.split('/')[0] as string
        byBlock.set(block, [...(byBlock.get(block) ?? []), Math.log(b.candidate / b.baseline)])
      }
      return [...byBlock.values()].map((logs) => logs.reduce((a, b) => a + b, 0) / logs.length)
    }
    const gatedP95 = paired
      .filter((r) => r.valid && !r.profile.startsWith('no-gateway'))
      .map((r) => r.metrics.p95)
    const reruns = events.filter((e) => e.event === 're-run').length
    const knobs = Object.entries(g.env ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')
    rows.push(
      `| ${g.startedAt.slice(11, 16)} | ${g.label}${knobs ? ` (\`${knobs}\`)` : ''} | ${g.loadBefore.toFixed(1)} | ${g.verdict ?? `exit ${g.exitCode}`} | ${g.blocks} | ${medianChange(logRatios(false))} | ${medianChange(logRatios(true))} | ${gatedP95.length ? `${median(gatedP95).toFixed(1)} ms` : '—'} | ${paired.filter((r) => !r.valid).length} of ${paired.length} | ${reruns} | ${g.wallTimeS.toFixed(0)} s |`,
    )
  }
  return [
    'Per gate (UTC start; load average at its start; P95 change of the gated cell and of the control: median per block over the blocks whose pair was valid, their count in brackets; invalid: paired runs left invalid after their re-runs):',
    '',
    '| Start | Gate | Load | Verdict | Blocks | Gated P95 change | Control P95 change | Gated P95 (median) | Invalid runs | Re-runs | Wall time |',
    '| :-- | :-- | --: | :-- | --: | :-- | :-- | --: | --: | --: | --: |',
    ...rows,
  ].join('\n')
}

async function replay(options: {
  decisions: number
  seed: number
  docs: boolean
  config?: string
  perGate?: boolean
}) {
  const gates = await readGates()
  if (gates.length === 0) throw new Error(`${GATES} holds no gates: run "gates" first`)
  // --config replays the same recorded blocks under another gate config (a what-if of the policy's
  // parameters: rounds, maxRounds, confidence); the real-gate rows still come from the gates as run.
  const loaded = loadConfig(options.config ?? CONFIG, { ...process.env, OC_BASELINE: path.resolve(BASELINE) })
  const { config } = loaded
  const gate = config.gate
  const { byLabel, stored } = await readPool(gates)
  // The least blocks a gate measures (gate.rounds pairs, gate.pairsPerBlock to a block).
  const minBlocks = Math.ceil(gate.rounds / gate.pairsPerBlock)
  const random = seededRandom(options.seed)
  const pairedGates = gates.filter((g) => g.method === 'paired' && g.blocks > 0)
  const blockS = median(pairedGates.map((g) => g.wallTimeS / g.blocks))
  const storedGates = gates.filter((g) => g.method === 'auto' && stored.has(g.id))
  const storedS =
    storedGates.length > 0 ? median(storedGates.map((g) => Math.max(0, g.wallTimeS - g.blocks * blockS))) : 0
  const baseline = await readBaseline(path.resolve(BASELINE))

  const plan = (storedRuns: RunResult[] | null): GatePlan => ({
    mode: 'gate',
    config,
    gate,
    baseline,
    baselinePath: path.resolve(BASELINE),
    method: storedRuns ? 'stored' : 'paired',
    hasVariant: true,
    machine: machineFingerprint(),
    storedSkipped: null,
  })

  /**
   * One replayed decision through the gate's own loop and final verdict (src/gate/decision/): an
   * optional stored phase, then blocks drawn without replacement, each taking the real gates' median
   * block time on a virtual clock.
   */
  const decide = async (label: string, storedRuns: RunResult[] | null, t: Tally) => {
    // Blocks from different gates are renumbered, so each block is its own round of the paired t.
    const blocks = shuffle(byLabel.get(label) ?? [], random).map((b, i) =>
      b.runs.map((r) => ({ ...r, block: i, round: i })),
    )
    const clock = new VirtualClock()
    const startedAt = clock.now()
    const p = plan(storedRuns)
    const evidence = new Evidence(p, clock.now, silentLogger)
    const measurer = await replayMeasurer({ stored: storedRuns ?? [], blocks }, clock, {
      storedMs: storedS * 1000,
      blockMs: blockS * 1000,
    })({ plan: p, loaded, log: silentLogger, cleanup: new Cleanup(), env: {}, now: clock.now })
    const elapsedS = () => (clock.now().getTime() - startedAt.getTime()) / 1000
    try {
      const { step } = await measureUntilDecided({
        plan: p,
        measurer,
        onRun: async () => {},
        log: silentLogger,
        now: clock.now,
        startedAt,
        evidence,
      })
      const final = finalVerdict({
        mode: 'gate',
        step,
        stored: evidence.stored,
        paired: evidence.paired,
        scenarios: config.scenarios,
        gate,
      })
      t[final.verdict]++
    } catch (error) {
      if (!(error instanceof RecordingExhausted)) throw error
      // The pool ran out before the policy stopped: count what the comparison says now.
      t.exhausted++
      t[evidence.paired ? gatedVerdict(evidence.paired.cells) : 'inconclusive']++
    }
    t.wall.push(elapsedS())
  }

  const rows: string[] = []
  const effect = (label: string) => {
    const blocks = byLabel.get(label) ?? []
    const ratios = blocks.map((b) => blockLogRatio(b.runs, false))
    return {
      n: ratios.length,
      realised: ratios.length ? (Math.exp(median(ratios)) - 1) * 100 : Number.NaN,
      sigma: ratios.length > 1 ? sd(ratios) : Number.NaN,
    }
  }
  const row = (what: string, source: string, t: Tally, n: number, realised: string) =>
    `| ${what} | ${source} | ${n} | ${realised} | ${pct(t.regression, n)} | ${pct(t.inconclusive, n)} | ${pct(t.pass, n)} | ${t.wall.length ? `${median(t.wall).toFixed(0)} s` : '—'} |`

  // A/A first, then by the effect aimed for (+5% before +10%, which a string sort reverses).
  // Labels that name a change instead of a size (e.g. "extra filter") come last, alphabetically.
  const aim = (label: string) =>
    label === 'A/A'
      ? Number.NEGATIVE_INFINITY
      : Number.isNaN(Number.parseFloat(label))
        ? Number.POSITIVE_INFINITY
        : Number.parseFloat(label)
  for (const label of [...new Set(gates.map((g) => g.label))].sort((a, b) =>
    aim(a) === aim(b) ? a.localeCompare(b) : aim(a) - aim(b),
  )) {
    const e = effect(label)
    const realised = Number.isFinite(e.realised)
      ? `${e.realised >= 0 ? '+' : ''}${e.realised.toFixed(1)}% (${e.n} blocks, σ ${e.sigma.toFixed(3)})`
      : '—'
    for (const [method, busy] of [
      ['paired', false],
      ['auto', true],
      ['auto', false],
    ] as const) {
      const real = gates.filter((g) => g.label === label && g.method === method && g.busy === busy)
      if (real.length === 0) continue
      const t = tally()
      for (const g of real) {
        if (g.verdict) t[g.verdict]++
        t.wall.push(g.wallTimeS)
      }
      const loads = real.map((g) => g.loadBefore)
      rows.push(
        row(
          `${label}, ${method === 'paired' ? 'paired' : 'stored then escalated'}${busy ? ', one core busy' : ''}`,
          `real gates (load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)})`,
          t,
          real.length,
          realised,
        ),
      )
    }
    if ((byLabel.get(label)?.length ?? 0) >= minBlocks) {
      const t = tally()
      for (let i = 0; i < options.decisions; i++) await decide(label, null, t)
      rows.push(
        row(
          `${label}, paired`,
          `replay${t.exhausted ? ` (${t.exhausted} ran out of pool)` : ''}`,
          t,
          options.decisions,
          realised,
        ),
      )
    }
    if (label === 'A/A' && storedGates.length > 0) {
      const t = tally()
      const phases = storedGates.map((g) => stored.get(g.id) as RunResult[])
      for (let i = 0; i < options.decisions; i++)
        await decide(label, phases[Math.floor(random() * phases.length)] as RunResult[], t)
      rows.push(
        row(
          `${label}, stored then escalated (stored phases of the busy gates)`,
          `replay${t.exhausted ? ` (${t.exhausted} ran out of pool)` : ''}`,
          t,
          options.decisions,
          realised,
        ),
      )
    }
  }
  // The paired design must not let one stack's offset read as a change: in real A/A gates, how often
  // is the control, or the gated cell, significantly different (nominal: 5%)?
  const aaGates = gates.filter((g) => g.label === 'A/A' && g.blocks > 0)
  let controlSignificant = 0
  let gatedSignificant = 0
  let aaCompared = 0
  // Per-gate offset: the spread of A/A gates' mean log ratio (gated cell, over their paired blocks)
  // against what block-to-block noise alone gives (the mean of var/n). An excess means blocks of one
  // gate share an offset that more blocks cannot average away.
  const gateMeans: number[] = []
  const gateVarOfMean: number[] = []
  for (const g of aaGates) {
    const file = path.join(JOURNALS, `${g.id}.jsonl`)
    if (!existsSync(file)) continue
    const { runs } = await readJournal(file)
    const paired = runs.filter((r) => r.phase === 'paired')
    if (paired.length === 0) continue
    const byBlock = new Map<number, RunResult[]>()
    for (const r of paired)
      if (!r.warmup && r.block !== undefined) byBlock.set(r.block, [...(byBlock.get(r.block) ?? []), r])
    const logs = [...byBlock.values()].map((b) => blockLogRatio(b, false)).filter((x) => !Number.isNaN(x))
    if (logs.length >= minBlocks) {
      gateMeans.push(mean(logs))
      gateVarOfMean.push(sd(logs) ** 2 / logs.length)
    }
    const { cells } = compareCells({
      runs: paired,
      config,
      gate,
      baseline: null,
      method: 'paired',
      now: new Date(),
    })
    const significant = (c: (typeof cells)[number]) =>
      c.ratio !== null && (c.ratio.lower > 1 || c.ratio.upper < 1)
    aaCompared++
    if (cells.some((c) => c.control && significant(c))) controlSignificant++
    if (cells.some((c) => !c.control && significant(c))) gatedSignificant++
  }
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} x ${cpus()[0]?.model.trim()} (shared; load average at the gates' starts ${Math.min(...gates.map((g) => g.loadBefore)).toFixed(1)}-${Math.max(...gates.map((g) => g.loadBefore)).toFixed(1)}). Block, inconclusive and pass rates with 95% Wilson intervals; wall time is the median per gate.`,
    '',
    '| Setting | Source | Gates | Realised P95 change (median per block) | Block | Inconclusive | Pass | Wall time |',
    '| :-- | :-- | --: | :-- | --: | --: | --: | --: |',
    ...rows,
    '',
    `Real A/A gates with paired blocks: the control was significantly different (95% CI excluding 0) in ${pct(controlSignificant, aaCompared)} of ${aaCompared}, the gated cell in ${pct(gatedSignificant, aaCompared)} (nominal 5%).`,
    ...(gateMeans.length > 2
      ? [
          '',
          `Per-gate offset: over ${gateMeans.length} real A/A gates with at least ${minBlocks} paired blocks, the sd of each gate's mean log P95 ratio is ${sd(gateMeans).toFixed(3)}, where block-to-block noise alone gives ${Math.sqrt(mean(gateVarOfMean)).toFixed(3)} (excess ${Math.sqrt(Math.max(0, sd(gateMeans) ** 2 - mean(gateVarOfMean))).toFixed(3)}).`,
        ]
      : []),
    '',
    ...(options.perGate ? ['', await perGateTable(gates)] : []),
    '',
    `Reproduce: \`${sideEnv()}npm run bench:accuracy -- replay --decisions ${options.decisions} --seed ${options.seed}${options.perGate ? ' --per-gate' : ''}\` (from the recorded gates in \`${OUT}/\`).`,
  ].join('\n')
  process.stdout.write(`${table}\n`)
  if (options.docs) {
    const page = await readFile(ACCURACY_DOC, 'utf8')
    const start = '<!-- oc-table:start -->'
    const end = '<!-- oc-table:end -->'
    if (!page.includes(start)) throw new Error(`${ACCURACY_DOC} has no ${start} marker`)
    const next = page.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n\n${table}\n\n${end}`)
    await writeFile(ACCURACY_DOC, next)
    process.stdout.write(`${ACCURACY_DOC} updated\n`)
  }
}

/** The 9-cell matrix the `matrix` replay fills from the recorded 2-cell blocks. */
const MATRIX_CONFIG = 'bench/oc-matrix.yml'

/**
 * Adaptive blocks against every-cell blocks on issue 20's 9-cell matrix (a control and two gateways
 * x three scenarios), replayed from the recorded blocks of the 2-cell benchmark gate: each gated
 * cell of a decision takes its own draw of distinct recorded blocks (its gateway pair), each control
 * cell the control pair of its own draw of A/A blocks; `effect` gives the profile whose cells draw
 * from the blocks of that label (e.g. +20%), the rest draw A/A blocks. Cells are thus independent,
 * where a real matrix's share the runner's moment (Holm assumes nothing about that). A block takes
 * the real 2-cell gates' median block time per cell, times the cells it measures.
 */
async function replayMatrix(options: {
  decisions: number
  seed: number
  effect: string
  profile: string
  budget?: string
}) {
  const gates = await readGates()
  if (gates.length === 0) throw new Error(`${GATES} holds no gates: run "gates" first`)
  const loaded = loadConfig(MATRIX_CONFIG, { ...process.env })
  const { config } = loaded
  const gate = options.budget ? { ...config.gate, timeBudget: options.budget } : config.gate
  const { byLabel } = await readPool(gates)
  const pool = (label: string) => {
    const blocks = byLabel.get(label) ?? []
    if (blocks.length < gate.rounds) throw new Error(`fewer than ${gate.rounds} recorded ${label} blocks`)
    return blocks
  }
  const pairedGates = gates.filter((g) => g.method === 'paired' && g.blocks > 0)
  const cellS = median(pairedGates.map((g) => g.wallTimeS / g.blocks)) / 2
  const cells = configCells(config)
  const controls = new Set(config.profiles.filter((p) => p.control).map((p) => p.name))
  if (!config.profiles.some((p) => p.name === options.profile && !p.control))
    throw new Error(`${MATRIX_CONFIG} has no gated profile ${options.profile}`)
  const random = seededRandom(options.seed)
  const maxBlocks = Math.floor((gate.maxRounds ?? gate.rounds * 4) / gate.pairsPerBlock)

  /** One decision's recording: for every cell, its own draw of distinct recorded blocks. */
  const recording = (label: string): RunResult[][] => {
    const blocks: RunResult[][] = Array.from({ length: maxBlocks }, () => [])
    for (const cell of cells) {
      const control = controls.has(cell.profile)
      const from = control || cell.profile !== options.profile ? 'A/A' : label
      const draw = shuffle(pool(from), random).slice(0, maxBlocks)
      draw.forEach((b, i) => {
        const runs = b.runs.filter((r) => r.profile.startsWith('no-gateway') === control)
        blocks[i]?.push(
          ...runs.map((r) => ({
            ...r,
            cell: cellId(cell.profile, cell.scenario),
            profile: cell.profile,
            scenario: cell.scenario,
            block: i,
            round: i,
          })),
        )
      })
    }
    return blocks
  }

  interface MatrixTally extends Tally {
    runs: number[]
    /** Decisions where every gated cell of the affected profile regressed. */
    profileBlocked: number
    /** Decisions where a cell of another profile regressed. */
    otherBlocked: number
  }
  const decide = async (label: string, adaptive: boolean, t: MatrixTally) => {
    const clock = new VirtualClock()
    const startedAt = clock.now()
    const p: GatePlan = {
      mode: 'gate',
      config,
      gate,
      baseline: null,
      baselinePath: 'none',
      method: 'paired',
      hasVariant: true,
      machine: machineFingerprint(),
      storedSkipped: null,
      adaptive,
    }
    const evidence = new Evidence(p, clock.now, silentLogger)
    const measurer = await replayMeasurer({ stored: [], blocks: recording(label) }, clock, {
      blockMs: cellS * cells.length * 1000,
    })({ plan: p, loaded, log: silentLogger, cleanup: new Cleanup(), env: {}, now: clock.now })
    let runs = 0
    try {
      const { step } = await measureUntilDecided({
        plan: p,
        measurer,
        onRun: async () => void runs++,
        log: silentLogger,
        now: clock.now,
        startedAt,
        evidence,
      })
      const final = finalVerdict({
        mode: 'gate',
        step,
        stored: null,
        paired: evidence.paired,
        scenarios: config.scenarios,
        gate,
      })
      t[final.verdict]++
      const regressed = final.cells.filter((c) => !c.control && c.verdict === 'regression')
      if (
        final.cells
          .filter((c) => !c.control && c.profile === options.profile)
          .every((c) => c.verdict === 'regression')
      )
        t.profileBlocked++
      if (regressed.some((c) => c.profile !== options.profile)) t.otherBlocked++
    } catch (error) {
      if (!(error instanceof RecordingExhausted)) throw error
      t.exhausted++
      t[evidence.paired ? gatedVerdict(evidence.paired.cells) : 'inconclusive']++
    }
    t.runs.push(runs)
    t.wall.push((clock.now().getTime() - startedAt.getTime()) / 1000)
  }

  const rows: string[] = []
  for (const label of ['A/A', options.effect]) {
    for (const adaptive of [true, false]) {
      const t: MatrixTally = { ...tally(), runs: [], profileBlocked: 0, otherBlocked: 0 }
      for (let i = 0; i < options.decisions; i++) await decide(label, adaptive, t)
      const n = options.decisions
      // Counts beside the rates: 0% of 400 may be 1.
      const rate = (k: number) => `${k}: ${pct(k, n)}`
      rows.push(
        `| ${label === 'A/A' ? 'A/A' : `${label} in ${options.profile}`} | ${adaptive ? 'adaptive' : 'every cell'} | ${n} | ${rate(t.regression)} | ${rate(t.inconclusive)} | ${rate(t.pass)} | ${label === 'A/A' ? '—' : rate(t.profileBlocked)} | ${rate(t.otherBlocked)} | ${mean(t.runs).toFixed(0)} | ${mean(t.wall).toFixed(0)} s |${t.exhausted ? ` (${t.exhausted} ran out of pool)` : ''}`,
      )
    }
  }
  const table = [
    `Replayed ${new Date().toISOString().slice(0, 10)} from the recorded blocks in \`${OUT}/\` (${(byLabel.get('A/A') ?? []).length} A/A blocks, ${(byLabel.get(options.effect) ?? []).length} ${options.effect} blocks); ${cells.length} cells, ${cellS.toFixed(1)} s per cell and block, time budget ${gate.timeBudget}, at most ${maxBlocks} blocks. Rates with 95% Wilson intervals; runs and seconds are means per gate.`,
    '',
    `| Setting | Blocks | Gates | Block | Inconclusive | Pass | All of ${options.profile}'s cells block | Another profile's cell blocks | Runs | Seconds |`,
    '| :-- | :-- | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...rows,
    '',
    `Reproduce: \`npm run bench:accuracy -- matrix --decisions ${options.decisions} --seed ${options.seed} --effect ${options.effect} --profile ${options.profile}${options.budget ? ` --budget ${options.budget}` : ''}\`.`,
  ].join('\n')
  process.stdout.write(`${table}\n`)
}

/**
 * The whole operating curve in one command: a fresh stored baseline, the real gates the issue asks
 * for (10 paired A/A, 10 paired +20%, 10 stored-then-escalated A/A with one core busy) plus a smaller
 * pool at +5% and +10%, then the replay table into docs/accuracy.md. The knob values come from
 * bench/injector-levels.json (`npm run bench:calibrate -- --write bench/injector-levels.json`), so
 * the injected effects are the ones calibrated on this machine. Takes about an hour on 2 cores.
 */
async function runAll(options: { gates: number; smallGates: number; nights: number; levels: string }) {
  const levels = JSON.parse(await readFile(options.levels, 'utf8')) as {
    interpolated?: Record<string, number | null>
    inGate?: { knobs?: Record<string, number | null> }
  }
  // The calibration's duets run long-lived gateways in one stack; the gate's blocks run fresh stacks
  // and see less of the same knob. `inGate` holds knobs chosen from what real gates realised, and
  // wins over the calibration's interpolation when present.
  const knob = (label: string): number => {
    const value = levels.inGate?.knobs?.[label] ?? levels.interpolated?.[label]
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new Error(
        `${options.levels} has no calibrated knob for ${label}: run npm run bench:calibrate first`,
      )
    return Math.round(value)
  }
  const plan = [
    { label: 'A/A', gates: options.gates, work: 0, busy: false, method: 'paired' as const },
    { label: '+20%', gates: options.gates, work: knob('+20%'), busy: false, method: 'paired' as const },
    { label: 'A/A', gates: options.gates, work: 0, busy: true, method: 'auto' as const },
    { label: '+10%', gates: options.smallGates, work: knob('+10%'), busy: false, method: 'paired' as const },
    { label: '+5%', gates: options.smallGates, work: knob('+5%'), busy: false, method: 'paired' as const },
  ]
  await recordBaseline(options.nights)
  for (const step of plan) if (step.gates > 0) await runGates(step)
  await replay({ decisions: 400, seed: 1, docs: true })
}

const program = new Command('bench:accuracy').description(
  "the gate's operating curve, from real gates and replays",
)
program
  .command('gates')
  .description('run real gates through the CLI and record them')
  .requiredOption('--label <label>', 'the injected effect, e.g. A/A or +20%')
  .option('--gates <n>', 'how many', positiveInt, 10)
  .option('--work <n>', "the candidate gateway's WORK_ITERATIONS", nonNegativeInt, 0)
  .option('--busy', 'keep one core busy during every gate', false)
  .option('--method <method>', 'paired, or auto (stored first, escalating)', 'paired')
  .option(
    '--env <NAME=VALUE>',
    'a variable for the gate config, e.g. EXTRA_FILTER=1 (repeatable; recorded in gates.jsonl)',
    envKnob,
  )
  .action(
    async (o: {
      label: string
      gates: number
      work: number
      busy: boolean
      method: 'paired' | 'auto'
      env?: Record<string, string>
    }) => runGates(o),
  )
program
  .command('baseline')
  .description('record the stored baseline the "auto" gates compare with')
  .option('--nights <n>', 'nights, each on a fresh stack', positiveInt, 5)
  .action(async (o: { nights: number }) => recordBaseline(o.nights))
program
  .command('replay')
  .description('the operating-curve table from the recorded gates and their journals')
  .option('--decisions <n>', 'replayed decisions per setting', positiveInt, 400)
  .option('--seed <n>', 'seeds the draws', nonNegativeInt, 1)
  .option('--docs', `write the table into ${ACCURACY_DOC} between the oc-table markers`, false)
  .option('--config <file>', `replay under this gate config instead of ${CONFIG} (a what-if)`)
  .option('--per-gate', 'a row per real gate from its journal under the table (valid pairs, re-runs)', false)
  .action(async (o: { decisions: number; seed: number; docs: boolean; config?: string; perGate: boolean }) =>
    replay(o),
  )
program
  .command('matrix')
  .description(
    `adaptive vs every-cell blocks on the 9-cell matrix ${MATRIX_CONFIG}, replayed from the recorded blocks`,
  )
  .option('--decisions <n>', 'replayed decisions per setting', positiveInt, 200)
  .option('--seed <n>', 'seeds the draws', nonNegativeInt, 1)
  .option('--effect <label>', "the recorded label one profile's cells draw from", '+20%')
  .option('--profile <name>', 'the profile that carries the effect', 'testgw')
  .option('--budget <duration>', "gate.timeBudget instead of the matrix config's (8m)")
  .action(async (o: { decisions: number; seed: number; effect: string; profile: string; budget?: string }) =>
    replayMatrix(o),
  )
program
  .command('all', { isDefault: true })
  .description(`baseline, every real gate of the curve, then the replay table into ${ACCURACY_DOC}`)
  .option('--gates <n>', 'real gates per main setting (A/A, +20%, busy stored A/A)', positiveInt, 10)
  .option('--small-gates <n>', 'real gates at +5% and +10% (their blocks feed the replay)', nonNegativeInt, 4)
  .option('--nights <n>', 'baseline nights', positiveInt, 5)
  .option('--levels <file>', 'calibrated knob values', 'bench/injector-levels.json')
  .action(async (o: { gates: number; smallGates: number; nights: number; levels: string }) => runAll(o))
await program.parseAsync(process.argv.slice(2), { from: 'user' })
