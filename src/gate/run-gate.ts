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
  StoredPhaseSummary,
} from '../model.js'
import { estimateGate } from '../plan/estimate.js'
import { planPlacement } from '../plan/placement.js'
import { fingerprintMismatch, type RunnerCheck } from '../stats/runner-check.js'
import { buildServiceImages, removeLeftovers, removeOrphans } from '../stack/stack.js'
import { planVariantBuilds } from '../stack/variant-build.js'
import { ensureEchoImage, usesEchoImage } from '../stack/echo-image.js'
import type { AcceptanceRequest } from './accept-regression.js'
import { writeArtifacts, type Artifacts } from './artifacts.js'
import { acceptanceText } from '../report/report-content.js'
import { compareCells, figuresOf, type ComparisonMethod } from './compare.js'
import { GateEvidence, type Prepared } from './evidence.js'
import { Journal } from './journal.js'
import { Progress } from './progress.js'
import { Cleanup } from './measure.js'
import { gatedVerdict, nextStep, type PolicyStep } from './decision/policy.js'
import {
  finalVerdict,
  type FinalVerdict,
  type FinalVerdictInput,
  type StopStep,
} from './decision/final-verdict.js'
import { changePointReport } from '../stats/change-points.js'

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

/** results.json from what was measured and how the policy stopped. */
async function assembleResults(
  p: Prepared,
  options: GateOptions,
  evidence: GateEvidence,
  step: StopStep,
  final: FinalVerdict,
  times: { startedAt: Date; finishedAt: Date },
  env: Record<string, string | undefined>,
  /** The workspace, whose repository's HEAD is the measured commit outside Actions. */
  root: string,
): Promise<GateResults> {
  const { config, gate, baseline } = p
  const { stored } = evidence
  const notes = [...final.notes, `${p.placement.summary}.`]
  const newest = baseline?.nights[baseline.nights.length - 1]
  const cannotBlock =
    options.mode === 'gate'
      ? cannotBlockReasons(config, { baselineExists: baseline !== null, baselinePath: p.baselinePath })
      : []
  return {
    schemaVersion: 1,
    name: config.name,
    mode: options.mode,
    method: final.method,
    verdict: final.verdict,
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
    cells: final.cells,
    notes,
    evidence: step.evidence,
    decision: final.decision,
    ...(final.acceptedRegression ? { acceptedRegression: final.acceptedRegression } : {}),
    ...(cannotBlock.length > 0 ? { cannotBlock } : {}),
    storedPhase: stored && step.evidence === 'paired' ? storedSummary(stored.cells, stored.runner) : null,
    paired:
      evidence.blocks > 0 ? { blocks: evidence.blocks, pairs: evidence.pairs, pairing: gate.pairing } : null,
    wallTimeS: (times.finishedAt.getTime() - times.startedAt.getTime()) / 1000,
    figures: figuresOf(config, final.cells, gate.confidence),
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

/**
 * The final verdict of what was measured. A regression is accepted when something asks for it and
 * may: asked only once there is a regression, and late, so a label added while the gate ran counts.
 */
async function decideFinal(
  p: Prepared,
  options: GateOptions,
  evidence: GateEvidence,
  step: StopStep,
  now: Date,
): Promise<FinalVerdict> {
  const input: FinalVerdictInput = {
    mode: options.mode,
    step,
    stored: evidence.stored,
    paired: evidence.paired,
    measured:
      options.mode === 'baseline'
        ? compareCells({
            runs: evidence.storedRuns,
            config: p.config,
            gate: p.gate,
            baseline: null,
            method: 'none',
            now,
          })
        : null,
    storedSkipped: evidence.storedSkipped,
    scenarios: p.config.scenarios,
    gate: p.gate,
  }
  const final = finalVerdict(input)
  if (options.mode !== 'gate' || final.verdict !== 'regression' || !options.acceptRegression) return final
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

  const finishedAt = now()
  const final = await decideFinal(p, options, evidence, step, finishedAt)
  const results = maskInterpolated(
    await assembleResults(p, options, evidence, step, final, { startedAt, finishedAt }, env, loaded.root),
    loaded.interpolated,
  )
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
  return { results, artifacts, exitCode: final.exitCode }
}
