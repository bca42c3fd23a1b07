/**
 * One gate, start to finish, shared by the action and the CLI: read the baseline, then loop: ask the
 * decision policy (policy.ts) what to measure next, measure it on a fresh session of stacks (stored
 * rounds, or a paired A/B block), compare, and ask again, until the policy stops with a verdict and
 * the evidence that decided it. Every finished run goes to the journal as it completes. Writes
 * results.json and report.md (and, in baseline mode, the baseline file); publishing is the caller's.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { LoadedConfig } from '../config/load.js'
import type { Config, GateConfig, VariantConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'
import { appendNight, baselineAgeDays, type BaselineFile } from '../baseline/format.js'
import { readBaseline, writeBaseline } from '../baseline/store.js'
import { InfrastructureError } from '../errors.js'
import { findK6, type K6Binary } from '../load/k6.js'
import type { Logger } from '../log.js'
import { currentGitSha, machineFingerprint } from '../machine.js'
import type { CellComparison, GateResults, RunResult, StoredPhaseSummary, VariantName } from '../model.js'
import { planSchedule } from '../plan/schedule.js'
import { checkRunner, type RunnerCheck } from '../stats/runner-check.js'
import { buildServiceImages, removeLeftovers } from '../stack/stack.js'
import { buildVariantImages, planVariantBuilds, type VariantBuildPlan } from '../stack/variant-build.js'
import { writeArtifacts, type Artifacts } from './artifacts.js'
import { compareCells, type ComparisonMethod } from './compare.js'
import { Journal } from './journal.js'
import { Cleanup, runSchedule, StackSession, type ExecuteContext } from './measure.js'
import { gatedVerdict, nextStep, type PolicyStep } from './policy.js'
import { formatChange } from '../stats/reason-text.js'

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
}

export interface GateOutcome {
  results: GateResults
  /** Where the report files are; `charts` is empty when writing them failed (a warning says why). */
  artifacts: Artifacts
  /** 0 pass (or inconclusive with onInconclusive: warn), 1 regression (or inconclusive with fail). */
  exitCode: 0 | 1
}

/** How the gate starts: against the stored baseline, or with paired blocks straight away. */
export function chooseMethod(
  config: Config,
  mode: 'gate' | 'baseline',
  baseline: BaselineFile | null,
): ComparisonMethod {
  if (mode === 'baseline') return 'none'
  if (config.gate.method === 'paired') return 'paired'
  if (config.gate.method === 'auto' && config.baselineVariant && !baseline) return 'paired'
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
  return cells.map((c) =>
    !c.control && c.verdict === 'regression'
      ? { ...c, verdict: 'inconclusive', reasons: [...c.reasons, `not blocking: ${reason}`] }
      : c,
  )
}

/** One sentence per gated cell: the smallest regression it could have detected. */
function detectableNote(cells: readonly CellComparison[]): string | null {
  const parts = cells
    .filter((c) => !c.control && c.minDetectablePct !== undefined && c.minDetectablePct !== null)
    .map((c) => `${c.cell} ${formatChange(1 + (c.minDetectablePct as number) / 100)}`)
  if (parts.length === 0) return null
  return `Smallest regression this gate could have detected on this runner (80% power, from the noise it measured and the runs it had): ${parts.join(', ')}.`
}

/** Runs a gate (or a baseline refresh) end to end. Throws PerfGateError subclasses on failure. */
export async function runGate(loaded: LoadedConfig, options: GateOptions): Promise<GateOutcome> {
  const { config: configured } = loaded
  const env = options.env ?? process.env
  const now = options.now ?? (() => new Date())
  let config = configured
  const gate = effectiveGate(config, options.threshold)
  const baselinePath = options.baselinePath ?? config.baseline.path
  const log = options.log
  const startedAt = now()

  // Everything that can be wrong with the inputs is checked before a container starts.
  const baseline = await readBaseline(baselinePath)
  const method = chooseMethod(config, options.mode, baseline)
  const hasVariant =
    options.mode === 'gate' && config.baselineVariant !== undefined && gate.method !== 'stored'
  const buildPlans: VariantBuildPlan[] = hasVariant ? await planVariantBuilds(config, loaded.file, env) : []
  const k6 = await (options.locateK6 ?? (() => findK6(env)))()
  if (!k6) throw new InfrastructureError('k6 was not found: install k6 (see README) or set K6_PATH')
  log.info(
    `k6 ${k6.version}; ${options.mode === 'baseline' ? 'baseline mode' : `starts ${method}${hasVariant ? ', may escalate to paired A/B blocks' : ''}`}; ${config.profiles.length} profiles x ${config.scenarios.length} scenarios`,
  )

  // Images built from a Dockerfile are built once here, not for every stack a paired block starts.
  if (Object.values(config.services).some((s) => s.build)) {
    const services = await log.group('Build images', () => buildServiceImages(config.services, log))
    config = { ...config, services }
  }
  const profiles = config.profiles.map((p) => p.name)
  const scenarios = config.scenarios.map((s) => s.name)
  // PERF_GATE_RUN_ID labels every container and network of this gate (docker ps --filter label=...).
  const runId =
    env.PERF_GATE_RUN_ID && /^[\w.-]{1,40}$/.test(env.PERF_GATE_RUN_ID)
      ? env.PERF_GATE_RUN_ID
      : randomUUID().slice(0, 12)
  const cleanup = options.cleanup ?? new Cleanup()
  // On a signal, stacks still starting are not registered yet: sweep everything labelled with this run.
  const unregisterSweep = cleanup.add(async () => {
    await removeLeftovers(runId)
  })
  const journal = await Journal.start(options.outDir, {
    name: config.name,
    mode: options.mode,
    startedAt: startedAt.toISOString(),
    baselinePath: baseline ? baselinePath : null,
    config: { ...config, gate },
  })
  const context = (phase: ExecuteContext['phase'], block?: number): ExecuteContext => ({
    config,
    k6,
    log,
    signal: options.signal,
    pairing: gate.pairing,
    phase,
    block,
    onRun: (run) => journal.append(run),
  })
  const session = (variants: VariantName[], instance: string, baselineVariant?: VariantConfig) =>
    StackSession.open({
      config,
      runId,
      log,
      cleanup,
      signal: options.signal,
      variants,
      overrides: { baseline: baselineVariant },
      instance,
    })

  const storedRuns: RunResult[] = []
  const pairedRuns: RunResult[] = []
  let stored: { cells: CellComparison[]; notes: string[]; runner: RunnerCheck } | null = null
  let paired: { cells: CellComparison[]; notes: string[] } | null = null
  let blocks = 0
  let blockMsTotal = 0
  let variant: VariantConfig | undefined
  let step: PolicyStep
  const machine = machineFingerprint(env)
  const minPairs = gate.rounds
  const maxPairs = gate.maxRounds ?? gate.rounds * 4

  try {
    for (;;) {
      if (options.mode === 'baseline') {
        if (storedRuns.length > 0) {
          step = {
            action: 'stop',
            verdict: 'pass',
            evidence: 'none',
            reason: 'baseline mode: measured, nothing compared',
          }
          break
        }
        step = { action: 'measure-stored' }
      } else {
        const pairs = paired ? blocks * gate.pairsPerBlock : 0
        step = nextStep({
          start: method === 'paired' ? 'paired' : 'stored',
          hasVariant,
          stored: stored && { cells: stored.cells, runner: stored.runner },
          paired: paired && { cells: paired.cells, pairs, blocks },
          minPairs,
          maxPairs,
          pairsPerBlock: gate.pairsPerBlock,
          elapsedMs: now().getTime() - startedAt.getTime(),
          budgetMs: durationMs(gate.timeBudget),
          blockMs: blocks > 0 ? blockMsTotal / blocks : null,
        })
      }
      if (step.action === 'stop') break

      if (step.action === 'measure-stored') {
        const schedule = planSchedule({
          profiles,
          scenarios,
          rounds: gate.rounds,
          warmupRounds: gate.warmupRounds,
          seed: gate.seed,
          paired: false,
        })
        await using stack = await session(['candidate'], options.mode === 'baseline' ? 'baseline' : 'stored')
        storedRuns.push(
          ...(await log.group(
            `Run ${schedule.length} k6 runs (${options.mode === 'baseline' ? 'baseline' : 'stored comparison'})`,
            () => runSchedule(context(options.mode === 'baseline' ? 'baseline' : 'stored'), stack, schedule),
          )),
        )
        if (options.mode === 'gate') {
          const compared = compareCells({
            runs: storedRuns,
            config,
            gate,
            baseline,
            method: 'stored',
            now: now(),
          })
          const runner = checkRunner({
            controlCells: compared.cells.filter((c) => c.control),
            threshold: gate.threshold,
            machine,
            baselineMachines: baseline?.nights.map((n) => n.machine) ?? [],
          })
          stored = { ...compared, runner }
          log.info(
            `stored comparison: ${gatedVerdict(compared.cells)}; runner ${runner.status} (${runner.reasons.join('; ')})`,
          )
        }
        continue
      }

      // A paired A/B block on freshly started stacks of both variants.
      log.info(`paired block ${blocks + 1}: ${step.why}`)
      if (variant === undefined)
        variant = await buildVariantImages(config.baselineVariant as VariantConfig, buildPlans, log)
      const began = now().getTime()
      const schedule = planSchedule({
        profiles,
        scenarios,
        rounds: gate.pairsPerBlock,
        warmupRounds: 0,
        seed: gate.seed,
        paired: true,
        firstRound: blocks * gate.pairsPerBlock,
      })
      {
        await using stack = await session(['baseline', 'candidate'], `b${blocks}`, variant)
        pairedRuns.push(
          ...(await log.group(`Paired block ${blocks + 1} (${gate.pairing}): ${schedule.length} runs`, () =>
            runSchedule(context('paired', blocks), stack, schedule),
          )),
        )
      }
      blocks++
      blockMsTotal += now().getTime() - began
      paired = compareCells({ runs: pairedRuns, config, gate, baseline, method: 'paired', now: now() })
      log.info(
        `after ${blocks} block(s): ${paired.cells
          .filter((c) => !c.control)
          .map(
            (c) =>
              `${c.cell} ${c.changePct === null ? 'n/a' : `${c.changePct >= 0 ? '+' : ''}${c.changePct.toFixed(1)}%`} ${c.verdict}`,
          )
          .join(', ')}`,
      )
    }
  } finally {
    unregisterSweep()
  }

  const gitSha = await currentGitSha(loaded.dir, env)
  const decided: { cells: CellComparison[]; notes: string[] } =
    step.evidence === 'paired' && paired
      ? paired
      : stored
        ? {
            cells:
              step.verdict === gatedVerdict(stored.cells)
                ? stored.cells
                : downgradeUnconfirmed(stored.cells, step.reason),
            notes: stored.notes,
          }
        : { cells: [], notes: [] }
  if (options.mode === 'baseline') {
    const compared = compareCells({
      runs: storedRuns,
      config,
      gate,
      baseline: null,
      method: 'none',
      now: now(),
    })
    decided.cells = compared.cells
  }
  const newest = baseline?.nights[baseline.nights.length - 1]
  const notes: string[] = []
  if (options.mode === 'gate') {
    notes.push(
      `Decided by ${step.evidence === 'paired' ? 'paired A/B blocks on this runner' : step.evidence === 'stored' ? 'the stored baseline' : 'no evidence'}: ${step.reason}.`,
    )
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
    if (stored)
      notes.push(
        `Runner check against the baseline: ${stored.runner.status} (${stored.runner.reasons.join('; ')}).`,
      )
    const detectable = detectableNote(decided.cells)
    if (detectable) notes.push(detectable)
  }
  notes.push(...decided.notes)
  if (stored && step.evidence === 'paired')
    notes.push(...stored.notes.filter((n) => !decided.notes.includes(n)))

  const verdict = options.mode === 'baseline' ? 'pass' : step.verdict
  const finishedAt = now()
  const results: GateResults = {
    schemaVersion: 1,
    name: config.name,
    mode: options.mode,
    method: options.mode === 'baseline' ? 'none' : step.evidence === 'paired' ? 'paired' : 'stored',
    verdict,
    threshold: gate.threshold,
    confidence: gate.confidence,
    metric: gate.metric,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    gitSha,
    k6Version: k6.version,
    machine,
    baseline:
      baseline && newest && step.evidence !== 'paired'
        ? {
            path: baselinePath,
            createdAt: newest.createdAt,
            gitSha: newest.gitSha,
            ageDays: baselineAgeDays(baseline, now()),
          }
        : null,
    cells: decided.cells,
    notes,
    evidence: step.evidence,
    decision: step.reason,
    storedPhase: stored && step.evidence === 'paired' ? storedSummary(stored.cells, stored.runner) : null,
    paired: blocks > 0 ? { blocks, pairs: blocks * gate.pairsPerBlock, pairing: gate.pairing } : null,
    wallTimeS: (finishedAt.getTime() - startedAt.getTime()) / 1000,
  }

  if (options.mode === 'baseline') {
    const night = {
      createdAt: results.finishedAt,
      gitSha,
      k6Version: k6.version,
      machine,
      // Resource samples stay in results.json; the baseline keeps what comparisons need.
      runs: storedRuns.filter((r) => !r.warmup).map((r) => ({ ...r, resources: [] })),
    }
    const updated = appendNight(
      baseline,
      night,
      { schemaVersion: 1, name: config.name, metric: gate.metric },
      gate.historyNights,
    )
    await writeBaseline(baselinePath, updated)
    log.info(`baseline written to ${baselinePath} (${updated.nights.length} night(s) of history)`)
  }

  // The verdict stands whatever happens to the report files: a failure to write them is a warning.
  let artifacts: Artifacts
  try {
    artifacts = await writeArtifacts(results, options.outDir, log)
  } catch (error) {
    log.warning(`could not write the report files to ${options.outDir}: ${(error as Error).message}`)
    const dir = path.resolve(options.outDir)
    artifacts = {
      dir,
      resultsPath: path.join(dir, 'results.json'),
      reportPath: path.join(dir, 'report.md'),
      htmlPath: path.join(dir, 'report.html'),
      charts: [],
    }
  }
  const fails = verdict === 'regression' || (verdict === 'inconclusive' && gate.onInconclusive === 'fail')
  const exitCode = options.mode === 'gate' && fails ? 1 : 0
  return { results, artifacts, exitCode }
}
