/**
 * CPU per request against P95 as a gate signal: runs the bundled example (examples/nginx) as A/A gates
 * (ECHO_DELAY_US=0, so the baseline variant is the candidate) with a fixed number of paired blocks, and
 * prints, per gate and pooled over gates, the per-block sigma of the log ratio candidate/baseline for
 * P95 and for the gateway's CPU per request, and the smallest change each would detect (80% power,
 * the gate's own rule) with that many blocks.
 *
 *   npm run bench:cpu-noise -- OUT [--gates 3] [--pairs 6] [--rate 500] [--busy]
 *
 * OUT receives each gate's results.json and report (OUT/gate-N/) and the table (cpu-noise-<time>.txt,
 * .json). --rate overrides the example's arrival rate per variant (a busy machine drops iterations at
 * 2 x 500 req/s, and a gate leaves such runs out). --busy spins one core for the whole bench (a busy
 * runner). Not a test: it measures, it asserts nothing, and it takes minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Command, InvalidArgumentError } from 'commander'
import { consoleLogger } from '../src/cli-logger.js'
import { loadConfig } from '../src/config/load.js'
import { runGate } from '../src/gate/run-gate.js'
import { guardInterrupts } from '../src/interrupt.js'
import { packageRoot } from '../src/load/scenario-env.js'
import type { CellComparison, GateResults } from '../src/model.js'
import { minimumDetectableChange } from '../src/stats/index.js'
import { loadAverage } from './harness.js'

interface Options {
  gates: number
  pairs: number
  rate?: number
  busy: boolean
}

/** One gate's noise for one cell: per-block sigma of each log ratio and the gate's detectable change. */
interface Row {
  gate: number
  cell: string
  blocks: number
  p95Sigma: number | null
  p95DetectablePct: number | null
  cpuSigma: number | null
  cpuDetectablePct: number | null
  cpuService: string | null
}

const positiveInt = (value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer')
  return n
}

function rowOf(gate: number, results: GateResults, cell: CellComparison): Row {
  const cpu = cell.cpuPerRequest
  return {
    gate,
    cell: cell.cell,
    blocks: results.paired?.blocks ?? 0,
    p95Sigma: cell.sigmaLogRatio ?? null,
    p95DetectablePct: cell.minDetectablePct ?? null,
    cpuSigma: cpu?.sigmaLogRatio ?? null,
    cpuDetectablePct: cpu?.minDetectablePct ?? null,
    cpuService: cpu?.service ?? null,
  }
}

/** sqrt of the df-weighted mean variance; null without a sigma. */
function pooled(rows: readonly Row[], key: 'p95Sigma' | 'cpuSigma'): { sigma: number; df: number } | null {
  let ss = 0
  let df = 0
  for (const row of rows) {
    const s = row[key]
    if (s === null || row.blocks < 2) continue
    ss += (row.blocks - 1) * s * s
    df += row.blocks - 1
  }
  return df === 0 ? null : { sigma: Math.sqrt(ss / df), df }
}

/** The gate's smallest detectable change with n blocks of per-block sigma `sigma`, in percent. */
function detectableAt(sigma: number, n: number, confidence: number, threshold: number): number | null {
  const change = minimumDetectableChange(sigma / Math.sqrt(n), n - 1, confidence, threshold)
  return change === null ? null : change * 100
}

const f = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits))
const pct = (x: number | null) => (x === null ? '—' : `+${x.toFixed(1)}%`)

async function main(argv: string[]): Promise<void> {
  const program = new Command('bench:cpu-noise')
    .argument('<out>', 'folder for the gates and the table')
    .option('--gates <n>', 'A/A gates to run', positiveInt, 3)
    .option('--pairs <n>', 'paired blocks per gate (gate.rounds = gate.maxRounds)', positiveInt, 6)
    .option('--rate <n>', "arrival rate per variant (default: the example's)", positiveInt)
    .option('--busy', 'spin one core for the whole bench', false)
    .parse(argv, { from: 'user' })
  const out = path.resolve(program.args[0] as string)
  const options = program.opts<Options>()
  const log = consoleLogger()
  const root = packageRoot()
  const configFile = path.join(root, 'examples/nginx/perf-gate.yml')
  await mkdir(out, { recursive: true })
  const began = new Date()
  const loadStart = loadAverage()
  let spinner: ChildProcess | undefined
  if (options.busy) spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
  const guard = guardInterrupts(log, (code) => {
    if (spinner?.pid !== undefined) process.kill(spinner.pid)
    process.exit(code)
  })
  const rows: Row[] = []
  let confidence = 0.99
  let threshold = 0.1
  try {
    for (let gate = 1; gate <= options.gates; gate++) {
      // A/A: the example's baseline variant differs from the candidate only by ECHO_DELAY_US.
      const loaded = loadConfig(configFile, { ...process.env, ECHO_DELAY_US: '0' })
      const config = {
        ...loaded.config,
        scenarios: loaded.config.scenarios.map((s) =>
          options.rate === undefined ? s : { ...s, rate: options.rate },
        ),
        gate: {
          ...loaded.config.gate,
          rounds: options.pairs,
          maxRounds: options.pairs,
          cpuPerRequest: 'report' as const,
          timeBudget: '2h',
        },
      }
      confidence = Math.max(config.gate.confidence, config.gate.blockConfidence)
      threshold = config.gate.threshold
      const outDir = path.join(out, `gate-${gate}`)
      log.info(`A/A gate ${gate} of ${options.gates} (${options.pairs} blocks) -> ${outDir}`)
      const { results } = await runGate(
        { ...loaded, config },
        { mode: 'gate', outDir, log, cleanup: guard.cleanup, signal: guard.signal },
      )
      for (const cell of results.cells) rows.push(rowOf(gate, results, cell))
    }
  } finally {
    guard.dispose()
    if (spinner?.pid !== undefined) process.kill(spinner.pid)
  }

  const lines = [
    `bench:cpu-noise: ${options.gates} A/A gates of examples/nginx, ${options.pairs} paired blocks each${options.rate ? `, ${options.rate} req/s per variant` : ''}${options.busy ? ', one core spinning' : ''}`,
    `started ${began.toISOString()}, ${((Date.now() - began.getTime()) / 1000).toFixed(0)} s; load average (1/5/15 min) at start ${loadStart}, at end ${loadAverage()}`,
    '',
    '| Gate | Cell | Blocks | σ log P95 ratio | P95 detectable | σ log CPU/request ratio | CPU detectable |',
    '| --: | :-- | --: | --: | --: | --: | --: |',
    ...rows.map(
      (r) =>
        `| ${r.gate} | ${r.cell}${r.cpuService ? ` (${r.cpuService})` : ''} | ${r.blocks} | ${f(r.p95Sigma)} | ${pct(r.p95DetectablePct)} | ${f(r.cpuSigma)} | ${pct(r.cpuDetectablePct)} |`,
    ),
    '',
    `Pooled over gates (df-weighted), and the smallest detectable change with ${options.pairs} blocks (80% power, ${confidence * 100}% block confidence, threshold +${threshold * 100}%):`,
  ]
  const summary: Record<string, unknown> = {}
  for (const cell of [...new Set(rows.map((r) => r.cell))]) {
    const mine = rows.filter((r) => r.cell === cell)
    const p95 = pooled(mine, 'p95Sigma')
    const cpu = pooled(mine, 'cpuSigma')
    const p95Detect = p95 ? detectableAt(p95.sigma, options.pairs, confidence, threshold) : null
    const cpuDetect = cpu ? detectableAt(cpu.sigma, options.pairs, confidence, threshold) : null
    summary[cell] = { p95, cpu, p95DetectablePct: p95Detect, cpuDetectablePct: cpuDetect }
    lines.push(
      `  ${cell}: P95 σ ${f(p95?.sigma ?? null)} (df ${p95?.df ?? 0}) -> ${pct(p95Detect)}; CPU/request σ ${f(cpu?.sigma ?? null)} (df ${cpu?.df ?? 0}) -> ${pct(cpuDetect)}`,
    )
  }
  const text = lines.join('\n')
  process.stdout.write(`${text}\n`)
  const stamp = began.toISOString().replace(/[:.]/g, '-').slice(0, 19)
  await writeFile(path.join(out, `cpu-noise-${stamp}.txt`), `${text}\n`)
  await writeFile(
    path.join(out, `cpu-noise-${stamp}.json`),
    `${JSON.stringify({ options, startedAt: began.toISOString(), loadStart, loadEnd: loadAverage(), rows, summary }, null, 2)}\n`,
  )
  // The per-gate reports stay beside the table; read one back to fail loudly if it was not written.
  await readFile(path.join(out, 'gate-1', 'results.json'), 'utf8')
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `bench:cpu-noise: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = 1
})
