/**
 * One gate, start to finish, shared by the action and the CLI: read the baseline, then the measure/ask
 * loop (decision/loop.ts): ask the decision policy what to measure next, have the measurer measure it
 * (by default on fresh sessions of Docker stacks: stored rounds, or a paired A/B block), compare, and
 * ask again, until the policy stops; then the final verdict (decision/final-verdict.ts). Every
 * finished run goes to the journal as it completes. Writes results.json and report.md (and, in
 * baseline mode, the baseline file); publishing is the caller's.
 */
import { cannotBlockReasons } from '../config/can-block.js'
import type { LoadedConfig } from '../config/load.js'
import type { Config, GateConfig } from '../config/schema.js'
import { maskInterpolated, redactError } from '../config/secrets.js'
import { appendNight, baselineAgeDays, type BaselineFile } from '../baseline/format.js'
import { readBaseline, writeBaseline } from '../baseline/store.js'
import type { K6Binary } from '../load/k6.js'
import { maskedLogger, type Logger } from '../log.js'
import { currentGitSha, machineFingerprint } from '../machine.js'
import type {
  CellComparison,
  GateResults,
  MachineFingerprint,
  RunResult,
  ShardRecord,
  StoredPhaseSummary,
} from '../model.js'
import { estimateGate } from '../plan/estimate.js'
import { fingerprintMismatch, type RunnerCheck } from '../stats/runner-check.js'
import type { AcceptanceRequest } from './accept-regression.js'
import { writeArtifacts, type Artifacts } from './artifacts.js'
import { acceptanceText } from '../report/report-content.js'
import { compareCells, figuresOf, type ComparisonMethod } from './compare.js'
import { dockerMeasurer } from './docker-measurer.js'
import { Journal } from './journal.js'
import { Progress } from './progress.js'
import { Cleanup } from './stack-session.js'
import { gatedVerdict } from './decision/policy.js'
import {
  finalVerdict,
  type FinalVerdict,
  type FinalVerdictInput,
  type StopStep,
} from './decision/final-verdict.js'
import { measureUntilDecided, type Evidence } from './decision/loop.js'
import type { GatePlan, Measurer, MeasurerFactory } from './decision/measurer.js'
import { changePointReport } from '../stats/change-points.js'
import { recordShard } from '../shard/record.js'

export { hasTaskset } from './docker-measurer.js'

export interface GateOptions {
  mode: 'gate' | 'baseline'
  outDir: string
  /** Overrides gate.threshold. */
  threshold?: number | undefined
  /** Overrides the config's baseline path. */
  baselinePath?: string | undefined
  log: Logger
  cleanup?: Cleanup
  signal?: AbortSignal | undefined
  env?: Record<string, string | undefined>
  now?: () => Date
  /** Locates k6; the action passes one that can download it. */
  locateK6?: () => Promise<K6Binary | null>
  /**
   * Asked once the gate found a regression, before the report is written: what accepts it on
   * purpose (a PR label, --accept-regression), or null. Asked late so a label added while the gate
   * ran still counts, and never when there is nothing to accept.
   */
  acceptRegression?: () => Promise<AcceptanceRequest | null>
  /**
   * What measures (decision/measurer.ts): by default Docker stacks and k6 (docker-measurer.ts); a
   * replay measurer serves recorded runs, so the loop and the verdict run without Docker.
   */
  measurer?: MeasurerFactory
  /** A share of a sharded gate (src/session.ts): recorded in results.json with the commit measured. */
  shard?: Omit<ShardRecord, 'commit'> | undefined
}

export interface GateOutcome {
  results: GateResults
  /** Where the report files are; `failed` lists those that could not be written (each a warning). */
  artifacts: Artifacts
  /**
   * 0 pass (or inconclusive with onInconclusive: warn, or a regression accepted on purpose),
   * 1 regression (or inconclusive with fail).
   */
  exitCode: 0 | 1
}

/**
 * Why the gate skips the stored phase, or null when it measures it. The stored phase can decide only
 * on a runner shown to match the baseline's (policy.ts); when the machine fingerprint already says it
 * does not (another CPU model or count, as on most hosted runners), measuring it would only be thrown
 * away before the paired blocks that decide. Skipped only when those blocks can run (a baseline
 * variant, gate.method auto): without a variant the stored comparison is the only evidence there is.
 */
export function storedPhaseSkip(
  config: Config,
  mode: 'gate' | 'baseline',
  baseline: BaselineFile | null,
  machine: MachineFingerprint,
): string | null {
  if (mode !== 'gate' || config.gate.method !== 'auto' || !config.baselineVariant || !baseline) return null
  const mismatch = fingerprintMismatch(
    machine,
    baseline.nights.map((n) => n.machine),
  )
  if (!mismatch) return null
  return `this runner's machine differs from the stored baseline's (${mismatch}), so the stored baseline could not decide`
}

/**
 * How the gate starts: against the stored baseline, or with paired blocks straight away (no baseline
 * file, gate.method paired, or, given this runner's fingerprint, a stored baseline it rules out).
 */
export function chooseMethod(
  config: Config,
  mode: 'gate' | 'baseline',
  baseline: BaselineFile | null,
  machine?: MachineFingerprint,
): ComparisonMethod {
  if (mode === 'baseline') return 'none'
  if (config.gate.method === 'paired') return 'paired'
  if (config.gate.method === 'auto' && config.baselineVariant && !baseline) return 'paired'
  if (machine && storedPhaseSkip(config, mode, baseline, machine) !== null) return 'paired'
  return 'stored'
}

/** The gate's settings with the command line's overrides applied. */
function effectiveGate(config: Config, threshold: number | undefined): GateConfig {
  return { ...config.gate, ...(threshold !== undefined ? { threshold } : {}) }
}

/** Summarises the stored phase for results.json when it did not decide alone. */
function storedSummary(cells: readonly CellComparison[], runner: RunnerCheck): StoredPhaseSummary {
  return {
    verdict: gatedVerdict(cells),
    runner,
    cells: cells.map((c) => ({
      cell: c.cell,
      control: c.control,
      verdict: c.verdict,
      changePct: c.changePct,
      ratio: c.ratio,
    })),
  }
}

/** Reads and checks the inputs: the baseline, the machine, how the gate starts. */
async function planGate(
  loaded: LoadedConfig,
  options: GateOptions,
  env: Record<string, string | undefined>,
): Promise<GatePlan> {
  const config = loaded.config
  const gate = effectiveGate(config, options.threshold)
  const baselinePath = options.baselinePath ?? config.baseline.path
  const baseline = await readBaseline(baselinePath, { name: config.name, metric: gate.metric })
  const machine = machineFingerprint(env)
  return {
    mode: options.mode,
    config,
    gate,
    baseline,
    baselinePath,
    method: chooseMethod(config, options.mode, baseline, machine),
    hasVariant: options.mode === 'gate' && config.baselineVariant !== undefined && gate.method !== 'stored',
    machine,
    storedSkipped: storedPhaseSkip(config, options.mode, baseline, machine),
  }
}

/** Says how the gate will go, and warns when it can never block. */
function announce(p: GatePlan, measurer: Measurer, log: Logger): void {
  if (p.storedSkipped)
    log.info(`stored phase skipped: ${p.storedSkipped}; going straight to paired A/B blocks`)
  log.info(
    `k6 ${measurer.k6Version}; ${p.mode === 'baseline' ? 'baseline mode' : `starts ${p.method}${p.hasVariant && p.method === 'stored' ? ', may escalate to paired A/B blocks' : ''}`}; ${p.config.profiles.length} profiles x ${p.config.scenarios.length} scenarios`,
  )
  // A gate that cannot block ends inconclusive and green every time: say so before measuring.
  if (p.mode === 'gate')
    for (const reason of cannotBlockReasons(p.config, {
      baselineExists: p.baseline !== null,
      baselinePath: p.baselinePath,
    }))
      log.warning(`this config can never block: ${reason}`)
}

/** What a gate measured and how the policy stopped. */
interface Measured {
  p: GatePlan
  measurer: Measurer
  evidence: Evidence
  step: StopStep
}

/** results.json from what was measured and the final verdict. */
async function assembleResults(
  { p, measurer, evidence, step }: Measured,
  final: FinalVerdict,
  times: { startedAt: Date; finishedAt: Date },
  env: Record<string, string | undefined>,
  /** The workspace, whose repository's HEAD is the measured commit outside Actions. */
  root: string,
): Promise<GateResults> {
  const { config, gate, baseline } = p
  const { stored } = evidence
  const newest = baseline?.nights[baseline.nights.length - 1]
  const cannotBlock =
    p.mode === 'gate'
      ? cannotBlockReasons(config, { baselineExists: baseline !== null, baselinePath: p.baselinePath })
      : []
  return {
    schemaVersion: 1,
    name: config.name,
    mode: p.mode,
    method: final.method,
    verdict: final.verdict,
    threshold: gate.threshold,
    confidence: gate.confidence,
    metric: gate.metric,
    startedAt: times.startedAt.toISOString(),
    finishedAt: times.finishedAt.toISOString(),
    gitSha: await currentGitSha(root, env),
    k6Version: measurer.k6Version,
    ...(config.k6.flags.length > 0 ? { k6Flags: config.k6.flags } : {}),
    machine: p.machine,
    baseline:
      baseline && newest && step.evidence !== 'paired'
        ? {
            path: p.baselinePath,
            createdAt: newest.createdAt,
            gitSha: newest.gitSha,
            ageDays: baselineAgeDays(baseline, times.finishedAt),
          }
        : null,
    cells: final.cells,
    notes: [...final.notes, ...measurer.notes],
    evidence: step.evidence,
    decision: final.decision,
    ...(cannotBlock.length > 0 ? { cannotBlock } : {}),
    storedPhase: stored && step.evidence === 'paired' ? storedSummary(stored.cells, stored.runner) : null,
    paired:
      evidence.blocks > 0 ? { blocks: evidence.blocks, pairs: evidence.pairs, pairing: gate.pairing } : null,
    wallTimeS: (times.finishedAt.getTime() - times.startedAt.getTime()) / 1000,
    figures: figuresOf(config, final.cells, gate.confidence),
    ...(final.acceptedRegression ? { acceptedRegression: final.acceptedRegression } : {}),
  }
}

/** Baseline mode: appends this night's runs to the baseline file (atomically). */
async function appendBaselineNight(
  { p, measurer }: Measured,
  results: GateResults,
  runs: readonly RunResult[],
  log: Logger,
) {
  const night = {
    createdAt: results.finishedAt,
    gitSha: results.gitSha,
    k6Version: measurer.k6Version,
    machine: p.machine,
    // Resource samples stay in results.json; the baseline keeps what comparisons need.
    runs: runs.filter((r) => !r.warmup).map((r) => ({ ...r, resources: [] })),
  }
  const updated = appendNight(
    p.baseline,
    night,
    { schemaVersion: 1, name: p.config.name, metric: p.gate.metric },
    p.gate.historyNights,
  )
  await writeBaseline(p.baselinePath, updated)
  log.info(`baseline written to ${p.baselinePath} (${updated.nights.length} night(s) of history)`)
  return updated
}

/**
 * The final verdict of what was measured. A regression is accepted when something asks for it and
 * may: asked only once there is a regression, and late, so a label added while the gate ran counts.
 */
async function decideFinal(
  { p, evidence, step }: Measured,
  options: GateOptions,
  now: Date,
): Promise<FinalVerdict> {
  const input: FinalVerdictInput = {
    mode: p.mode,
    step,
    stored: evidence.stored,
    paired: evidence.paired,
    measured:
      p.mode === 'baseline'
        ? compareCells({
            runs: evidence.storedRuns,
            config: p.config,
            gate: p.gate,
            baseline: null,
            method: 'none',
            now,
          })
        : null,
    storedSkipped: p.storedSkipped,
    scenarios: p.config.scenarios,
    gate: p.gate,
  }
  const final = finalVerdict(input)
  if (p.mode !== 'gate' || final.verdict !== 'regression' || !options.acceptRegression) return final
  const request = await options.acceptRegression()
  if (!request) return final
  const accepted = finalVerdict({ ...input, acceptance: request })
  if (accepted.acceptanceRefused)
    options.log.warning(
      `${request.reason}, but the regression is not accepted: ${accepted.acceptanceRefused}`,
    )
  if (accepted.acceptedRegression) options.log.warning(acceptanceText(accepted.acceptedRegression))
  return accepted
}

/**
 * Runs a gate (or a baseline refresh) end to end. Throws PerfGateError subclasses on failure. Values
 * the config took from the environment (`${NAME}`) never leave it: the log, errors, the journal,
 * results.json, the report and baseline nights show `***` or the `${NAME}` they came from.
 */
export async function runGate(loaded: LoadedConfig, options: GateOptions): Promise<GateOutcome> {
  try {
    return await runGateMasked(loaded, { ...options, log: maskedLogger(options.log, loaded.interpolated) })
  } catch (error) {
    throw redactError(error, loaded.interpolated)
  }
}

async function runGateMasked(loaded: LoadedConfig, options: GateOptions): Promise<GateOutcome> {
  const env = options.env ?? process.env
  const now = options.now ?? (() => new Date())
  const log = options.log
  const startedAt = now()
  // Everything that can be wrong with the inputs is checked before a container starts.
  const p = await planGate(loaded, options, env)
  const measurer = await (options.measurer ?? dockerMeasurer)({
    plan: p,
    loaded,
    log,
    cleanup: options.cleanup ?? new Cleanup(),
    signal: options.signal,
    env,
    now,
    locateK6: options.locateK6,
  })
  let measured: Measured
  try {
    announce(p, measurer, log)
    const journal = await Journal.start(options.outDir, {
      name: p.config.name,
      mode: p.mode,
      startedAt: startedAt.toISOString(),
      baselinePath: p.baseline ? p.baselinePath : null,
      config: { ...measurer.config, gate: p.gate },
      interpolated: loaded.interpolated,
    })
    const start = p.mode === 'baseline' ? 'baseline' : p.method === 'paired' ? 'paired' : 'stored'
    const progress = new Progress(estimateGate(p.config, start, p.hasVariant), p.gate, now, log)
    const { step, evidence } = await measureUntilDecided({
      plan: p,
      measurer,
      log,
      now,
      startedAt,
      onBlock: (block, cells) => progress.block(block, cells),
      onRun: async (run) => {
        await journal.append(run)
        progress.done(run)
      },
      onEvent: async (event) => {
        await journal.event(event)
        progress.event(event)
      },
    })
    measured = { p, measurer, evidence, step }
  } finally {
    measurer.close()
  }

  const finishedAt = now()
  const final = await decideFinal(measured, options, finishedAt)
  const assembled = maskInterpolated(
    await assembleResults(measured, final, { startedAt, finishedAt }, env, loaded.root),
    loaded.interpolated,
  )
  const results = options.shard ? recordShard(assembled, options.shard) : assembled
  const history =
    p.mode === 'baseline'
      ? await appendBaselineNight(
          measured,
          results,
          maskInterpolated(measured.evidence.storedRuns, loaded.interpolated),
          log,
        )
      : p.baseline
  // Change points of the main branch's nightly history: reported, never part of the verdict.
  const changePoints = history ? changePointReport(history) : undefined
  if (changePoints) results.changePoints = changePoints
  // The verdict stands whatever happens to the report files: writeArtifacts turns a failure into a
  // warning (artifacts.failed).
  const artifacts = await writeArtifacts(
    results,
    options.outDir,
    log,
    p.mode === 'baseline' ? (history ?? undefined) : undefined,
  )
  return { results, artifacts, exitCode: final.exitCode }
}
