/**
 * `perf-gate run --dry-run`: what a gate would do and how long it would take, without starting
 * anything: the cells, how the gate starts (stored or paired) and when it escalates, the first round
 * of the schedule in its seeded order, and an ETA range from the same model the progress lines use.
 */
import type { BaselineFile } from '../baseline/format.js'
import type { LoadedConfig } from '../config/load.js'
import type { Config } from '../config/schema.js'
import { chooseMethod, storedPhaseSkip } from '../gate/run-gate.js'
import { machineFingerprint } from '../machine.js'
import { configCells } from '../config/sweep.js'
import type { Placement } from '../plan/placement.js'
import { estimateGate, formatSeconds, sessionsPerPhase } from '../plan/estimate.js'
import { planSchedule } from '../plan/schedule.js'
import { budgetWarning } from '../shard/share.js'

/** What the gate would do, as the dry run describes it. */
interface DryRunPlan {
  config: Config
  mode: 'gate' | 'baseline'
  baseline: BaselineFile | null
  baselinePath: string
  /** Why the stored phase is skipped, or null. */
  skipped: ReturnType<typeof storedPhaseSkip>
  method: ReturnType<typeof chooseMethod>
  /** Whether paired blocks can run (a gate with a baseline variant and a method that allows them). */
  paired: boolean
  estimate: ReturnType<typeof estimateGate>
}

/** The dry run's text, one fact per line. */
export function describeDryRun(
  loaded: LoadedConfig,
  baseline: BaselineFile | null,
  baselinePath: string,
  mode: 'gate' | 'baseline',
  placement?: Placement,
  /** `--shard i/N`: which share `loaded` (already narrowed to it) is; the budget warning reads `whole`. */
  shard?: { index: number; count: number; whole: LoadedConfig['config'] },
): string {
  const { config } = loaded
  // The gate skips a stored baseline this machine's fingerprint rules out: plan what it will run.
  const method = chooseMethod(config, mode, baseline, machineFingerprint())
  const paired = mode === 'gate' && config.baselineVariant !== undefined && config.gate.method !== 'stored'
  const plan: DryRunPlan = {
    config,
    mode,
    baseline,
    baselinePath,
    skipped: storedPhaseSkip(config, mode, baseline, machineFingerprint()),
    method,
    paired,
    estimate: estimateGate(
      config,
      mode === 'baseline' ? 'baseline' : method === 'paired' ? 'paired' : 'stored',
      paired,
    ),
  }
  const lines = [
    `perf-gate dry run: ${loaded.file} (valid; nothing started)`,
    ...(shard
      ? [
          `shard ${shard.index}/${shard.count}: this runner measures the cells below (gated cells dealt round-robin by name; controls follow their scenarios); join the partial results with perf-gate merge`,
        ]
      : []),
    ...cellLines(config),
    startLine(plan),
    ...phaseLines(plan),
    etaLine(plan),
    ...budgetLines(plan, shard?.whole),
    ...(placement ? [placement.summary] : []),
    firstRoundLine(plan),
  ]
  return `${lines.join('\n')}\n`
}

/** The cells, the sweeps they come from, and how stacks are isolated. */
function cellLines(config: Config): string[] {
  const lines: string[] = []
  const control = new Set(config.profiles.filter((p) => p.control).map((p) => p.name))
  const cells = configCells(config).map(
    (c) => `${c.profile}/${c.scenario}${control.has(c.profile) ? ' [control]' : ''}`,
  )
  lines.push(`cells: ${cells.length} (${cells.join(', ')})`)
  const swept = [...new Set(config.scenarios.flatMap((s) => (s.sweep ? [s.sweep.scenario] : [])))]
  if (swept.length > 0)
    lines.push(
      `sweeps: ${swept.map((name) => `${name} (${config.scenarios.filter((s) => s.sweep?.scenario === name).length} levels)`).join(', ')}`,
    )
  if (config.gate.isolation !== 'shared')
    lines.push(
      `isolation: ${config.gate.isolation}: ${sessionsPerPhase(config)} fresh stack(s) (start + setup) per phase or paired block`,
    )
  return lines
}

/** How the gate starts (baseline mode, stored or paired) and when it escalates. */
function startLine({
  config,
  mode,
  baseline,
  baselinePath,
  skipped,
  method,
  paired,
  estimate,
}: DryRunPlan): string {
  const gate = config.gate
  if (mode === 'baseline')
    return (
      `baseline mode: ${estimate.stored?.runs ?? 0} runs on one stack, then a night appended to ${baselinePath}` +
      ` (${baseline ? `${baseline.nights.length} night(s) so far` : 'a new file'})`
    )
  if (method === 'stored')
    return (
      `starts: stored comparison against ${baselinePath} (${baseline ? `${baseline.nights.length} night(s)` : 'no baseline file yet: every cell inconclusive'}); ` +
      (paired
        ? `escalates to paired A/B blocks (${gate.pairing}, ${gate.pairsPerBlock} pair(s) per block) unless it can decide alone`
        : 'no baselineVariant: a stored result that cannot decide stays inconclusive')
    )
  return (
    `starts: paired A/B blocks (${gate.pairing}, ${gate.pairsPerBlock} pair(s) per block, fresh stacks each)` +
    (skipped ? `; stored phase skipped: ${skipped}` : '')
  )
}

/** What each phase runs and about how long it takes. */
function phaseLines({ config, estimate }: DryRunPlan): string[] {
  const gate = config.gate
  const lines: string[] = []
  if (estimate.stored) {
    lines.push(
      `stored phase: one stack, ${estimate.stored.runs} k6 runs (${gate.warmupRounds} warm-up + ${gate.rounds} rounds x ${estimate.cells} cells), about ${formatSeconds(estimate.stored.seconds)}`,
    )
  }
  if (estimate.block) {
    lines.push(
      `paired blocks: ${estimate.minBlocks} to ${estimate.maxBlocks} (gate.rounds ${gate.rounds} to gate.maxRounds ${gate.maxRounds ?? gate.rounds * 4} pairs), ${estimate.block.processes} k6 process(es) each, about ${formatSeconds(estimate.block.seconds)} per block${estimate.block.warmupS > 0 ? ` (warm-up ${gate.blockWarmup === 'auto' ? 'at least ' : ''}${formatSeconds(estimate.block.warmupS)} of it)` : ''}`,
    )
  }
  return lines
}

/** The ETA range: stored alone, the usual case, the worst within the time budget. */
function etaLine({ config, mode, estimate }: DryRunPlan): string {
  const gate = config.gate
  const eta: string[] = []
  if (mode === 'gate' && estimate.storedOnlyS !== null && estimate.block)
    eta.push(`${formatSeconds(estimate.storedOnlyS)} if the stored baseline decides alone`)
  eta.push(
    estimate.block
      ? `${formatSeconds(estimate.expectedS)} if decided at ${gate.rounds} pairs (usual)`
      : formatSeconds(estimate.expectedS),
  )
  if (estimate.block) eta.push(`at most ${formatSeconds(estimate.worstS)} (time budget ${gate.timeBudget})`)
  return `ETA: ${eta.join('; ')}`
}

/** A gate that would outrun its budget; a share's is told from the whole config, and only when its own would. */
function budgetLines(
  { config, mode, method, paired, estimate }: DryRunPlan,
  whole: Config | undefined,
): string[] {
  if (mode !== 'gate') return []
  const start = method === 'paired' ? 'paired' : 'stored'
  const warning = whole
    ? estimate.block && estimate.expectedS > estimate.budgetS
      ? budgetWarning(whole, start, paired)
      : null
    : budgetWarning(config, start, paired)
  return warning ? [`warning: ${warning}`] : []
}

/** The first round of the schedule in its seeded order. */
function firstRoundLine({ config, method }: DryRunPlan): string {
  const first = planSchedule({
    profiles: config.profiles.map((p) => p.name),
    scenarios: config.scenarios.map((s) => s.name),
    cells: configCells(config),
    rounds: 1,
    warmupRounds: 0,
    seed: config.gate.seed,
    paired: method === 'paired',
  })
  return `first round (seed ${config.gate.seed}): ${first.map((r) => `${r.cell}${method === 'paired' ? ` [${r.variant}]` : ''}`).join(' -> ')}`
}
