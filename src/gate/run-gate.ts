/**
 * One gate, start to finish, shared by the action and the CLI: read the baseline, plan, measure,
 * compare, write results.json and report.md (and, in baseline mode, the baseline file). Publishing to
 * GitHub is the caller's business.
 */
import { randomUUID } from 'node:crypto'
import type { LoadedConfig } from '../config/load.js'
import type { Config, GateConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'
import { appendNight, baselineAgeDays, type BaselineFile } from '../baseline/format.js'
import { readBaseline, writeBaseline } from '../baseline/store.js'
import { InfrastructureError } from '../errors.js'
import { findK6, type K6Binary } from '../load/k6.js'
import type { Logger } from '../log.js'
import { currentGitSha, machineFingerprint } from '../machine.js'
import type { GateResults, RunResult } from '../model.js'
import { planSchedule, type PlannedRun } from '../plan/schedule.js'
import { overallVerdict } from '../stats/index.js'
import { compareCells, type ComparisonMethod } from './compare.js'
import { Cleanup, measure } from './measure.js'
import { removeLeftovers } from '../stack/stack.js'
import { writeArtifacts, type Artifacts } from './artifacts.js'

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
  artifacts: Artifacts
  /** 0 pass (or inconclusive with onInconclusive: warn), 1 regression (or inconclusive with fail). */
  exitCode: 0 | 1
}

/** Chooses stored vs paired comparison from the config and whether a baseline file exists. */
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

/** Runs a gate (or a baseline refresh) end to end. Throws PerfGateError subclasses on failure. */
export async function runGate(loaded: LoadedConfig, options: GateOptions): Promise<GateOutcome> {
  const { config } = loaded
  const env = options.env ?? process.env
  const now = options.now ?? (() => new Date())
  const gate: GateConfig = {
    ...config.gate,
    ...(options.threshold !== undefined ? { threshold: options.threshold } : {}),
  }
  const baselinePath = options.baselinePath ?? config.baseline.path
  const log = options.log
  const startedAt = now()

  // Everything that can be wrong with the inputs is checked before a container starts.
  const baseline =
    options.mode === 'gate' || options.mode === 'baseline' ? await readBaseline(baselinePath) : null
  const method = chooseMethod(config, options.mode, baseline)
  const k6 = await (options.locateK6 ?? (() => findK6(env)))()
  if (!k6) throw new InfrastructureError('k6 was not found: install k6 (see README) or set K6_PATH')
  log.info(
    `k6 ${k6.version}; method: ${method}; ${config.profiles.length} profiles x ${config.scenarios.length} scenarios`,
  )

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

  /** Measures with one method; paired gates that stay inconclusive get more pairs within the budget. */
  const measureWith = async (how: ComparisonMethod) => {
    const paired = how === 'paired'
    const began = now().getTime()
    const budgetMs = durationMs(gate.timeBudget)
    const maxRounds = gate.rounds * 4
    let nextRound = gate.warmupRounds + gate.rounds
    const extend = (runs: RunResult[]): PlannedRun[] => {
      if (!paired) return []
      const { cells } = compareCells({ runs, config, gate, baseline, method: how, now: now() })
      const undecided = cells.filter((c) => !c.control && c.verdict === 'inconclusive')
      const elapsed = now().getTime() - began
      const measuredRounds = nextRound - gate.warmupRounds
      const perRoundMs = elapsed / Math.max(1, nextRound)
      if (undecided.length === 0 || measuredRounds >= maxRounds || elapsed + perRoundMs * 2 > budgetMs)
        return []
      log.info(`${undecided.length} cell(s) inconclusive after ${measuredRounds} pairs: adding 2 more rounds`)
      const more = planSchedule({
        profiles,
        scenarios,
        rounds: 2,
        warmupRounds: 0,
        seed: gate.seed,
        paired,
        firstRound: nextRound,
      })
      nextRound += 2
      return more
    }
    const schedule = planSchedule({
      profiles,
      scenarios,
      rounds: gate.rounds,
      warmupRounds: gate.warmupRounds,
      seed: gate.seed,
      paired,
    })
    const runs = await measure(
      { config, k6, runId, log, cleanup, signal: options.signal, extend },
      schedule,
      { baseline: config.baselineVariant },
    )
    return { runs, ...compareCells({ runs, config, gate, baseline, method: how, now: now() }) }
  }

  let measured = await measureWith(method)
  let finalMethod = method
  const storedDecision = overallVerdict(measured.cells, gate)
  // A stored-baseline alarm may be the runner, not the change: with a baseline variant configured,
  // it blocks only if paired A/B runs on this runner confirm it.
  if (method === 'stored' && config.baselineVariant && storedDecision.verdict === 'regression') {
    log.warning(
      `stored baseline: ${storedDecision.reasons.join('; ')}; confirming with paired A/B runs on this runner`,
    )
    const stored = measured
    measured = await measureWith('paired')
    finalMethod = 'paired'
    measured.notes.unshift(
      `The stored-baseline comparison flagged ${stored.cells
        .filter((c) => !c.control && c.verdict === 'regression')
        .map((c) => c.cell)
        .join(', ')}; the verdict below comes from the paired A/B confirmation on this runner.`,
    )
  }
  unregisterSweep()
  const { runs, cells, notes } = measured

  const gitSha = await currentGitSha(loaded.dir, env)
  const machine = machineFingerprint(env)
  const decision = overallVerdict(cells, gate)
  const verdict = method === 'none' ? 'pass' : decision.verdict
  const newest = baseline?.nights[baseline.nights.length - 1]
  const results: GateResults = {
    schemaVersion: 1,
    name: config.name,
    mode: options.mode,
    method: finalMethod,
    verdict,
    threshold: gate.threshold,
    confidence: gate.confidence,
    metric: gate.metric,
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
    gitSha,
    k6Version: k6.version,
    machine,
    baseline:
      baseline && newest && finalMethod === 'stored'
        ? {
            path: baselinePath,
            createdAt: newest.createdAt,
            gitSha: newest.gitSha,
            ageDays: baselineAgeDays(baseline, now()),
          }
        : null,
    cells,
    notes: method === 'none' ? notes : [...decision.reasons, ...notes],
  }

  if (options.mode === 'baseline') {
    const night = {
      createdAt: results.finishedAt,
      gitSha,
      k6Version: k6.version,
      machine,
      // Resource samples stay in results.json; the baseline keeps what comparisons need.
      runs: runs.filter((r) => !r.warmup).map((r) => ({ ...r, resources: [] })),
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

  const artifacts = await writeArtifacts(results, options.outDir, log)
  const exitCode = method !== 'none' && decision.fails ? 1 : 0
  return { results, artifacts, exitCode }
}
