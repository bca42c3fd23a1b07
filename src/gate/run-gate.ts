/**
 * One gate, start to finish, shared by the action and the CLI: read the baseline, then loop: ask the
 * decision policy (policy.ts) what to measure next, measure it on a fresh session of stacks (stored
 * rounds, or a paired A/B block), compare, and ask again, until the policy stops with a verdict and
 * the evidence that decided it. Every finished run goes to the journal as it completes. Writes
 * results.json and report.md (and, in baseline mode, the baseline file); publishing is the caller's.
 */
import { randomUUID } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { cannotBlockReasons } from '../config/can-block.js'
import type { LoadedConfig } from '../config/load.js'
import type { Config, GateConfig } from '../config/schema.js'
import { maskInterpolated, redactError } from '../config/secrets.js'
import { appendNight, baselineAgeDays, type BaselineFile } from '../baseline/format.js'
import { readBaseline, writeBaseline } from '../baseline/store.js'
import { InfrastructureError } from '../errors.js'
import { findTool, trustedPath } from '../trusted-path.js'
import { findK6, type K6Binary } from '../load/k6.js'
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
import { planPlacement } from '../plan/placement.js'
import { fingerprintMismatch, type RunnerCheck } from '../stats/runner-check.js'
import { buildServiceImages, removeLeftovers, removeOrphans } from '../stack/stack.js'
import { planVariantBuilds } from '../stack/variant-build.js'
import { ensureEchoImage, usesEchoImage } from '../stack/echo-image.js'
import { acceptanceRefusal, acceptRegression, type AcceptanceRequest } from './accept-regression.js'
import { writeArtifacts, type Artifacts } from './artifacts.js'
import { acceptanceText } from '../report/report-content.js'
import { compareCells, figuresOf, type ComparisonMethod } from './compare.js'
import { GateEvidence, type Prepared } from './evidence.js'
import { Journal } from './journal.js'
import { Progress } from './progress.js'
import { Cleanup } from './measure.js'
import { applyScriptThresholds, verdictWithThresholds } from './script-thresholds.js'
import { gatedVerdict, nextStep, type PolicyStep } from './policy.js'
import { formatChange } from '../stats/reason-text.js'
import { changePointReport } from '../stats/change-points.js'
import { recordShard } from '../shard/record.js'

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

/**
 * Cells whose stored verdict the policy did not accept (an alarm on a runner not shown to match)
 * become inconclusive, with the reason, so the table agrees with the gate's verdict.
 */
function downgradeUnconfirmed(cells: CellComparison[], reason: string): CellComparison[] {
  // An accuracy failure needs no baseline and no matching runner: it stands.
  return cells.map((c) =>
    !c.control && c.verdict === 'regression' && !c.accuracy?.fails
      ? { ...c, verdict: 'inconclusive', reasons: [...c.reasons, `not blocking: ${reason}`] }
      : c,
  )
}

/** One sentence per gated cell: the smallest regression it could have detected. */
function detectableNote(cells: readonly CellComparison[]): string | null {
  const parts = cells
    // Latency's detectable change says nothing about cells a capacity or an arena score decides.
    .filter((c) => !c.capacity && !c.arena)
    .filter((c) => !c.control && c.minDetectablePct !== undefined && c.minDetectablePct !== null)
    .map((c) => `${c.cell} ${formatChange(1 + (c.minDetectablePct as number) / 100)}`)
  if (parts.length === 0) return null
  return `Smallest regression this gate could have detected on this runner (80% power, from the noise it measured and the runs it had): ${parts.join(', ')}.`
}

/** Reads and checks the inputs, builds images, finds k6. Throws before anything is measured. */
async function prepare(
  loaded: LoadedConfig,
  options: GateOptions,
  env: Record<string, string | undefined>,
): Promise<Prepared> {
  const log = options.log
  let config = loaded.config
  const gate = effectiveGate(config, options.threshold)
  const baselinePath = options.baselinePath ?? config.baseline.path
  const baseline = await readBaseline(baselinePath, { name: config.name, metric: gate.metric })
  const machine = machineFingerprint(env)
  const storedSkipped = storedPhaseSkip(config, options.mode, baseline, machine)
  const method = chooseMethod(config, options.mode, baseline, machine)
  const hasVariant =
    options.mode === 'gate' && config.baselineVariant !== undefined && gate.method !== 'stored'
  const buildPlans = hasVariant ? await planVariantBuilds(config, loaded.file, env, loaded.root) : []
  const k6 = await (options.locateK6 ?? (() => findK6(env)))()
  if (!k6) throw new InfrastructureError('k6 was not found: install k6 (see README) or set K6_PATH')
  if (config.k6.version && k6.version !== config.k6.version) {
    throw new InfrastructureError(
      `${loaded.file}: k6.version asks for k6 ${config.k6.version}, but ${k6.path} is ${k6.version}: install that release or point K6_PATH at it`,
    )
  }
  if (storedSkipped) log.info(`stored phase skipped: ${storedSkipped}; going straight to paired A/B blocks`)
  log.info(
    `k6 ${k6.version}; ${options.mode === 'baseline' ? 'baseline mode' : `starts ${method}${hasVariant && method === 'stored' ? ', may escalate to paired A/B blocks' : ''}`}; ${config.profiles.length} profiles x ${config.scenarios.length} scenarios`,
  )
  // A gate that cannot block ends inconclusive and green every time: say so before measuring.
  if (options.mode === 'gate')
    for (const reason of cannotBlockReasons(config, { baselineExists: baseline !== null, baselinePath }))
      log.warning(`this config can never block: ${reason}`)
  // The echo backend the examples and `init` name: built from the binary perf-gate ships when Docker
  // lacks it, since no registry serves it (src/stack/echo-image.ts).
  if (usesEchoImage(loaded)) await ensureEchoImage(log)
  // Images built from a Dockerfile are built once here, not for every stack a paired block starts.
  if (Object.values(config.services).some((s) => s.build)) {
    const services = await log.group('Build images', () => buildServiceImages(config.services, log))
    config = { ...config, services }
  }
  const placement = planPlacement(config, availableParallelism(), hasTaskset())
  log.info(placement.summary)
  // PERF_GATE_RUN_ID labels every container and network of this gate (docker ps --filter label=...).
  const runId =
    env.PERF_GATE_RUN_ID && /^[\w.-]{1,40}$/.test(env.PERF_GATE_RUN_ID)
      ? env.PERF_GATE_RUN_ID
      : randomUUID().slice(0, 12)
  return {
    config,
    gate,
    baseline,
    baselinePath,
    method,
    hasVariant,
    buildPlans,
    k6: placement.mode === 'split' ? { ...k6, cpus: placement.k6Cpus } : k6,
    placement,
    runId,
    machine,
    storedSkipped,
    reach: { allowedHosts: loaded.allowedHosts, interpolated: loaded.interpolated },
  }
}

/** taskset (util-linux) runs k6 on the placement's CPUs; without it the gate does not pin. */
export function hasTaskset(): boolean {
  const taskset = findTool('taskset')
  if (!taskset) return false
  try {
    execFileSync(taskset, ['--version'], { stdio: 'ignore', env: { PATH: trustedPath() } })
    return true
  } catch {
    return false
  }
}

/** The notes that explain the decision: which evidence decided, the stored phase, the runner, the power. */
function decisionNotes(step: StopStep, evidence: GateEvidence, decided: readonly CellComparison[]): string[] {
  const notes = [
    `Decided by ${step.evidence === 'paired' ? 'paired A/B blocks on this runner' : step.evidence === 'stored' ? 'the stored baseline' : 'no evidence'}: ${step.reason}.`,
  ]
  const stored = evidence.stored
  if (stored && step.evidence === 'paired') {
    notes.push(
      `Stored comparison (not deciding): ${gatedVerdict(stored.cells)}; ${stored.cells
        .filter((c) => !c.control)
        .map(
          (c) =>
            `${c.cell} ${c.changePct === null ? 'n/a' : formatChange(1 + c.changePct / 100)} ${c.verdict}`,
        )
        .join(', ')}; runner ${stored.runner.status}.`,
    )
  }
  if (evidence.storedSkipped)
    notes.push(`Stored baseline not measured: ${evidence.storedSkipped}; paired A/B blocks decided.`)
  if (stored)
    notes.push(
      `Runner check against the baseline: ${stored.runner.status} (${stored.runner.reasons.join('; ')}).`,
    )
  const detectable = detectableNote(decided)
  if (detectable) notes.push(detectable)
  return notes
}

type StopStep = Extract<PolicyStep, { action: 'stop' }>

/** results.json from what was measured and how the policy stopped. */
async function assembleResults(
  p: Prepared,
  options: GateOptions,
  evidence: GateEvidence,
  step: StopStep,
  times: { startedAt: Date; finishedAt: Date },
  env: Record<string, string | undefined>,
  /** The workspace, whose repository's HEAD is the measured commit outside Actions. */
  root: string,
): Promise<GateResults> {
  const { config, gate, baseline } = p
  const { stored, paired } = evidence
  let decided: { cells: CellComparison[]; notes: string[] }
  if (options.mode === 'baseline') {
    decided = compareCells({
      runs: evidence.storedRuns,
      config,
      gate,
      baseline: null,
      method: 'none',
      now: times.finishedAt,
    })
  } else if (step.evidence === 'paired' && paired) {
    decided = paired
  } else if (stored) {
    decided = {
      cells:
        step.verdict === gatedVerdict(stored.cells)
          ? stored.cells
          : downgradeUnconfirmed(stored.cells, step.reason),
      notes: stored.notes,
    }
  } else {
    decided = { cells: [], notes: [] }
  }
  // A user's script's own thresholds: reported per cell, failing the cell when configured so.
  decided = { ...decided, cells: applyScriptThresholds(decided.cells, config.scenarios) }
  const accuracyFailed = decided.cells.filter((c) => !c.control && c.accuracy?.fails)
  // Wrong answers fail the gate whatever latency decided: they are reported apart from it.
  const verdict =
    accuracyFailed.length > 0 ? 'regression' : verdictWithThresholds(step.verdict, decided.cells)
  const notes = options.mode === 'gate' ? decisionNotes(step, evidence, decided.cells) : []
  notes.push(...decided.notes)
  if (stored && step.evidence === 'paired')
    notes.push(...stored.notes.filter((n) => !decided.notes.includes(n)))
  notes.push(`${p.placement.summary}.`)
  const newest = baseline?.nights[baseline.nights.length - 1]
  const cannotBlock =
    options.mode === 'gate'
      ? cannotBlockReasons(config, { baselineExists: baseline !== null, baselinePath: p.baselinePath })
      : []
  return {
    schemaVersion: 1,
    name: config.name,
    mode: options.mode,
    method: options.mode === 'baseline' ? 'none' : step.evidence === 'paired' ? 'paired' : 'stored',
    verdict: options.mode === 'baseline' ? 'pass' : verdict,
    threshold: gate.threshold,
    confidence: gate.confidence,
    metric: gate.metric,
    startedAt: times.startedAt.toISOString(),
    finishedAt: times.finishedAt.toISOString(),
    gitSha: await currentGitSha(root, env),
    k6Version: p.k6.version,
    ...(p.config.k6.flags.length > 0 ? { k6Flags: p.config.k6.flags } : {}),
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
    cells: decided.cells,
    notes,
    evidence: step.evidence,
    decision:
      verdict === step.verdict
        ? step.reason
        : accuracyFailed.length > 0
          ? `accuracy below gate.minAccuracy (${gate.minAccuracy * 100}%) in ${accuracyFailed.map((c) => c.cell).join(', ')}; the latency comparison: ${step.reason}`
          : `a k6 threshold of the script failed (thresholds: fail) in ${decided.cells
              .filter((c) => !c.control && c.scriptThresholds?.some((t) => t.fails))
              .map((c) => c.cell)
              .join(', ')}; the comparison: ${step.reason}`,
    ...(cannotBlock.length > 0 ? { cannotBlock } : {}),
    storedPhase: stored && step.evidence === 'paired' ? storedSummary(stored.cells, stored.runner) : null,
    paired:
      evidence.blocks > 0 ? { blocks: evidence.blocks, pairs: evidence.pairs, pairing: gate.pairing } : null,
    wallTimeS: (times.finishedAt.getTime() - times.startedAt.getTime()) / 1000,
    figures: figuresOf(config, decided.cells, gate.confidence),
  }
}

/** Baseline mode: appends this night's runs to the baseline file (atomically). */
async function appendBaselineNight(
  p: Prepared,
  results: GateResults,
  runs: readonly RunResult[],
  log: Logger,
) {
  const night = {
    createdAt: results.finishedAt,
    gitSha: results.gitSha,
    k6Version: p.k6.version,
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

/** The results with the regression accepted when something asks for it and may; logs either way. */
async function acceptIfAsked(
  results: GateResults,
  ask: () => Promise<AcceptanceRequest | null>,
  log: Logger,
): Promise<GateResults> {
  const request = await ask()
  if (!request) return results
  const refusal = acceptanceRefusal(results)
  if (refusal) {
    log.warning(`${request.reason}, but the regression is not accepted: ${refusal}`)
    return results
  }
  const accepted = acceptRegression(results, request)
  if (accepted.acceptedRegression) log.warning(acceptanceText(accepted.acceptedRegression))
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
  const p = await prepare(loaded, options, env)
  // A gate killed with SIGKILL could not remove its stack: the next gate on this host does.
  const orphans = await removeOrphans()
  if (orphans.length > 0)
    log.warning(
      `removed the containers of ${orphans.length} earlier gate(s) whose process is gone: ${orphans.join(', ')}`,
    )
  const cleanup = options.cleanup ?? new Cleanup()
  // On a signal, stacks still starting are not registered yet: sweep everything labelled with this run.
  const unregisterSweep = cleanup.add(async () => {
    await removeLeftovers(p.runId)
  })
  const journal = await Journal.start(options.outDir, {
    name: p.config.name,
    mode: options.mode,
    startedAt: startedAt.toISOString(),
    baselinePath: p.baseline ? p.baselinePath : null,
    config: { ...p.config, gate: p.gate },
    interpolated: loaded.interpolated,
  })
  const start = options.mode === 'baseline' ? 'baseline' : p.method === 'paired' ? 'paired' : 'stored'
  const progress = new Progress(estimateGate(p.config, start, p.hasVariant), p.gate, now, log)
  const evidence = new GateEvidence(p, options, cleanup, now, async (run) => {
    await journal.append(run)
    progress.done(run)
  })

  // The gate is a loop over the decision policy: measure what it asks for, then ask again.
  let step: PolicyStep
  try {
    for (;;) {
      if (options.mode === 'baseline') {
        step =
          evidence.storedRuns.length === 0
            ? { action: 'measure-stored' }
            : {
                action: 'stop',
                verdict: 'pass',
                evidence: 'none',
                reason: 'baseline mode: measured, nothing compared',
              }
      } else {
        step = nextStep(evidence.policyInput(startedAt))
      }
      if (step.action === 'stop') break
      if (step.action === 'measure-stored') await evidence.storedPhase()
      else await evidence.pairedBlock(step.why)
    }
  } finally {
    unregisterSweep()
  }

  let results = maskInterpolated(
    await assembleResults(p, options, evidence, step, { startedAt, finishedAt: now() }, env, loaded.root),
    loaded.interpolated,
  )
  if (options.shard) results = recordShard(results, options.shard)
  if (options.mode === 'gate' && results.verdict === 'regression' && options.acceptRegression)
    results = await acceptIfAsked(results, options.acceptRegression, log)
  const history =
    options.mode === 'baseline'
      ? await appendBaselineNight(p, results, maskInterpolated(evidence.storedRuns, loaded.interpolated), log)
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
    options.mode === 'baseline' ? (history ?? undefined) : undefined,
  )
  const verdict = results.verdict
  const fails =
    (verdict === 'regression' && !results.acceptedRegression) ||
    (verdict === 'inconclusive' && p.gate.onInconclusive === 'fail')
  return { results, artifacts, exitCode: options.mode === 'gate' && fails ? 1 : 0 }
}
