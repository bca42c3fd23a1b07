/**
 * What a scenario kind is: everything the gate does differently for a built-in load, a user's own
 * script, a capacity search, an arena, the arena's layer 1 or a start-up run. The gate asks the kind
 * (src/kinds/registry.ts) instead of testing which block a scenario carries, so a new kind is one
 * folder here, one line in the registry and, when its script carries a config block, one entry in
 * the config's table of kind blocks (src/config/schema/scenario-blocks.ts; the config sits below
 * the kinds, so the kinds cannot hand it their blocks). See docs/scenario-kinds.md.
 */
import type { Config, GateConfig, ProfileConfig, ScenarioConfig } from '../config/schema.js'
import type { K6Binary, K6ScenarioResults } from '../load/k6.js'
import type { Logger } from '../log.js'
import type { CellComparison, RunMetrics, RunResult, SampleSummary, VariantName } from '../model.js'
import type { ChartEntry } from '../report/charts/registry.js'
import type { RunningStack } from '../stack/running-stack.js'

/** One variant a run measures: its stack, the profile's target on it and the request headers there. */
export interface KindRunSide {
  variant: VariantName
  stack: RunningStack
  targetUrl: string
  headers: Record<string, string>
}

/** What one run of a cell gets: one side, or both variants of a pair when the kind runs duets. */
export interface KindRunContext {
  config: Config
  k6: K6Binary
  log: Logger
  signal?: AbortSignal | undefined
  profile: ProfileConfig
  scenario: ScenarioConfig
  sides: readonly KindRunSide[]
  /** The name each side's results carry in `metrics` and `timelines` (the same order as `sides`). */
  names: readonly string[]
  /** Labels log lines, e.g. the round, cell and variant. */
  label: string
}

/** One run's measurements, and what a kind records besides latency (a search, a score, a start-up). */
export type KindRunOutcome = K6ScenarioResults & Pick<RunResult, 'capacity' | 'arena' | 'startup'>

/** What a kind's comparison of one cell needs: its runs and the baseline's, stored or paired. */
export interface KindComparisonInput {
  scenario: ScenarioConfig
  method: 'stored' | 'paired'
  candidateRuns: readonly RunResult[]
  /** The baseline variant's runs (paired), the stored nights' runs (stored), or null: none. */
  baselineRuns: readonly RunResult[] | null
  gate: GateConfig
}

/** A kind's own comparison: fields of the cell it sets, and reasons placed before the latency ones. */
export interface KindComparison {
  fields: Partial<CellComparison>
  reasons: string[]
}

export interface ScenarioKind {
  /** Names the kind in code and logs. */
  readonly name: string
  /**
   * The built-in script that makes a scenario this kind (the schema ties each kind's block to it);
   * absent for the two kinds chosen by the script's form: a built-in load or a user's own script.
   */
  readonly script?: string
  /** Runs one cell's run (one side, or a duet's two). */
  run(ctx: KindRunContext): Promise<KindRunOutcome>
  /** Why a finished run cannot be compared, if it cannot (it is then re-run, and kept as invalid). */
  invalidReason(scenario: ScenarioConfig, metrics: RunMetrics, outcome: KindRunOutcome): string | undefined
  /** Whether both variants of a pair can run in one k6 process (gate.pairing: duet). */
  readonly duet: boolean
  /** Whether windows of its load can warm a paired block's fresh stacks (gate.blockWarmup). */
  readonly warmable: boolean
  /**
   * Whether a run is one warm-up and one load phase: resource samples are cut to the load phase.
   * A search, an arena or a start-up has phases of its own lengths.
   */
  readonly loadWindow: boolean
  /** Whether a run has one load window to read the target's CPU per request over. */
  readonly cpuPerRequest: boolean
  /** Seconds one run takes (the dry run's and the progress line's estimate). */
  runSeconds(config: Config, scenario: ScenarioConfig): number
  /** The keys that set a run's length, as the plan-size error names them (e.g. "arena.timeScale"). */
  runLengthKeys(scenario: ScenarioConfig): string
  /** The kind's own comparison of a cell besides latency; absent: latency decides. */
  compare?(input: KindComparisonInput): KindComparison
  /**
   * The cells' verdicts after the latency family's Holm correction (a family of its own, an override,
   * an absolute limit). Sees every cell and changes only its own kind's.
   */
  settle?(cells: CellComparison[], runs: readonly RunResult[], config: Config): CellComparison[]
  /** The log line of a finished run, without its warm-up/invalid flags. */
  describeRun(run: RunResult): string
  /**
   * A cell's state after a paired block in the kind's own measure, for a cell that carries the kind's
   * result; undefined for any other cell (its latency change is shown).
   */
  progressLine?(cell: CellComparison): string | undefined
  /**
   * Headline charts of the kind's own figure (a capacity, a score), placed after the decision chart
   * (src/kinds/charts.ts). A chart builds from every cell that carries its figure, whatever its kind.
   */
  readonly charts?: readonly ChartEntry[]
}

/** "1840 [1790, 1900]": a summary's centre with its interval (just the value for a single run). */
export function withInterval(s: SampleSummary, digits: number): string {
  const f = (v: number) => v.toFixed(digits)
  return s.n < 2 ? f(s.mean) : `${f(s.mean)} [${f(s.lower)}, ${f(s.upper)}]`
}

/** The log line of a run that only measured latency. */
export function describeLatencyRun(run: RunResult): string {
  const m = run.metrics
  return (
    `round ${run.round} ${run.cell} [${run.variant}]: p95 ${m.p95.toFixed(2)} ms, p50 ${m.p50.toFixed(2)} ms, ` +
    `${m.rps.toFixed(0)} req/s, errors ${(m.errorRate * 100).toFixed(2)}%, checks ${(m.checkAccuracy * 100).toFixed(2)}%`
  )
}

/** The result of a kind whose run is one measurement on one side (not a duet). */
export function singleOutcome(
  ctx: KindRunContext,
  metrics: RunMetrics,
  extra: Pick<RunResult, 'capacity' | 'arena' | 'startup'>,
): KindRunOutcome {
  return { metrics: { [ctx.names[0] as string]: metrics }, timelines: {}, ...extra }
}

/** The one side of a kind that runs one variant at a time. */
export function onlySide(ctx: KindRunContext): KindRunSide {
  return ctx.sides[0] as KindRunSide
}
