/**
 * Measurement: the execution of planned runs on a session of running stacks (stack-session.ts), one
 * k6 process per run, or per pair in a duet (both variants driven at the same time), and the warm-up
 * of a paired block's fresh stacks.
 */
import type { Config, ProfileConfig, ScenarioConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'
import { InfrastructureError } from '../errors.js'
import type { K6Binary } from '../load/k6.js'
import { scenarioDurationS } from '../load/scenario-env.js'
import type { Logger } from '../log.js'
import type { ResourceSample, RunMetrics, RunResult, VariantName } from '../model.js'
import type { KindRunOutcome, ScenarioKind } from '../kinds/kind.js'
import { kindOf } from '../kinds/registry.js'
import { warmsCell } from '../plan/estimate.js'
import type { PlannedRun } from '../plan/schedule.js'
import { sampleResources } from '../stack/resource-sampler.js'
import { runCpuPerRequest, targetService } from '../stats/cpu-per-request.js'
import type { RunningService, RunningStack } from '../stack/stack.js'
import {
  DEFAULT_STEADY_RULE,
  isSteady,
  WARMUP_WINDOW_S,
  type SteadyStateRule,
} from '../stats/steady-state.js'
import type { GateEvent } from './journal.js'
import type { StackSession } from './stack-session.js'

export interface ExecuteContext {
  config: Config
  k6: K6Binary
  log: Logger
  signal?: AbortSignal | undefined
  /** How paired runs execute: both variants at once (duet) or one after the other. */
  pairing: 'duet' | 'interleaved'
  /** Labels every run with the gate phase and, for paired blocks, the block. */
  phase: NonNullable<RunResult['phase']>
  block?: number | undefined
  /** Called with every finished run (the journal, progress). */
  onRun: (run: RunResult) => Promise<void> | void
  /** Called with what happens besides a finished run: re-runs, stack order, warm-up (the journal, progress). */
  onEvent?: ((event: GateEvent) => Promise<void> | void) | undefined
}

/** An invalid run is retried this many times before it is kept as invalid. */
const INVALID_RETRIES = 2

function find<T extends { name: string }>(items: readonly T[], name: string): T {
  const item = items.find((i) => i.name === name)
  if (!item) throw new InfrastructureError(`unknown profile or scenario "${name}"`)
  return item
}

function containersOf(stack: RunningStack): Map<string, string> {
  return new Map([...stack.services].map(([name, s]) => [name, s.container.getId()]))
}

/** What every attempt at one planned group runs: its profile and scenario, their kind, the k6 side names. */
interface Cell {
  profile: ProfileConfig
  scenario: ScenarioConfig
  kind: ScenarioKind
  /** 'load' for one run; the variants for a duet. */
  names: string[]
}

/** One attempt's outcome: what the kind measured, each side's resource samples, and when. */
interface Attempt {
  measured: KindRunOutcome
  resources: ResourceSample[][]
  startedAt: Date
  elapsedS: number
}

/**
 * Runs one k6 process for `planned` (one run, or a duet of both variants of one cell and round) and
 * returns a result per variant. Invalid runs are retried (the whole duet, so its two sides stay from
 * the same moment); warm-up runs never are.
 */
async function execute(
  ctx: ExecuteContext,
  planned: readonly PlannedRun[],
  session: StackSession,
): Promise<RunResult[]> {
  const first = planned[0] as PlannedRun
  const profile = find<ProfileConfig>(ctx.config.profiles, first.profile)
  const scenario = find<ScenarioConfig>(ctx.config.scenarios, first.scenario)
  const cell: Cell = {
    profile,
    scenario,
    kind: kindOf(scenario),
    names: planned.length === 1 ? ['load'] : planned.map((p) => p.variant),
  }
  let results: RunResult[] = []
  for (let attempt = 0; attempt <= INVALID_RETRIES; attempt++) {
    if (ctx.signal?.aborted) throw new InfrastructureError('interrupted')
    const outcome = await measureOnce(ctx, planned, session, cell)
    results = planned.map((p, i) => runResult(ctx, p, cell, outcome, i, session))
    const invalid = results.find((r) => !r.valid)
    if (!invalid || first.warmup || attempt === INVALID_RETRIES) break
    await reportRerun(ctx, planned, invalid, attempt, outcome.elapsedS)
  }
  return results
}

/** One k6 process for the planned sides, with resource sampling around it when the gate asks for it. */
async function measureOnce(
  ctx: ExecuteContext,
  planned: readonly PlannedRun[],
  session: StackSession,
  { profile, scenario, kind, names }: Cell,
): Promise<Attempt> {
  const first = planned[0] as PlannedRun
  const startedAt = new Date()
  const sides = planned.map((p) => {
    const stack = session.stack(p.variant)
    return {
      variant: p.variant,
      stack,
      targetUrl: stack.resolveUrl(profile.target),
      headers: session.headers(p.variant, profile),
    }
  })
  const stopSampling = await Promise.all(
    planned.map((p) =>
      ctx.config.gate.sampleResources
        ? sampleResources(containersOf(session.stack(p.variant)))
        : Promise.resolve(async () => [] as ResourceSample[]),
    ),
  )
  let measured: KindRunOutcome
  let resources: ResourceSample[][]
  try {
    measured = await kind.run({
      config: ctx.config,
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile,
      scenario,
      sides,
      names,
      label: `round ${first.round} ${first.cell} [${first.variant}]`,
    })
  } finally {
    // Only the load phase's samples: a search or an arena has phases of its own lengths.
    const phase = kind.loadWindow
      ? {
          loadSeconds: scenarioDurationS(scenario),
          warmupSeconds: durationMs(scenario.warmup) / 1000,
        }
      : undefined
    resources = await Promise.all(stopSampling.map((stop) => stop(phase)))
  }
  for (const warning of measured.warnings ?? []) ctx.log.warning(`${first.cell}: ${warning}`)
  const elapsedS = (Date.now() - startedAt.getTime()) / 1000
  return { measured, resources, startedAt, elapsedS }
}

/** The result of side `i` (planned run `p`) of an attempt. */
function runResult(
  ctx: ExecuteContext,
  p: PlannedRun,
  { profile, scenario, kind, names }: Cell,
  { measured, resources, startedAt, elapsedS }: Attempt,
  i: number,
  session: StackSession,
): RunResult {
  const m = measured.metrics[names[i] as string] as RunMetrics
  const timeline = measured.timelines[names[i] as string]
  const reason = kind.invalidReason(scenario, m, measured)
  const { capacity, arena, startup } = measured
  return {
    cell: p.cell,
    profile: p.profile,
    scenario: p.scenario,
    variant: p.variant,
    round: p.round,
    ...(ctx.block !== undefined ? { block: ctx.block } : {}),
    phase: ctx.phase,
    warmup: p.warmup,
    startedAt: startedAt.toISOString(),
    durationS: elapsedS,
    metrics: m,
    valid: reason === undefined,
    ...(reason ? { invalidReason: reason } : {}),
    resources: resources[i] ?? [],
    // The target's CPU per request over the load window; a search or an arena has no one window.
    ...(kind.cpuPerRequest ? cpuOfRun(session.stack(p.variant), profile, resources[i] ?? [], m) : {}),
    ...(timeline ? { timeline } : {}),
    ...(capacity ? { capacity } : {}),
    ...(arena ? { arena } : {}),
    ...(startup ? { startup } : {}),
  }
}

/** Says that an invalid attempt is run again: a warning, and a re-run event for the journal. */
async function reportRerun(
  ctx: ExecuteContext,
  planned: readonly PlannedRun[],
  invalid: RunResult,
  attempt: number,
  elapsedS: number,
): Promise<void> {
  const first = planned[0] as PlannedRun
  ctx.log.warning(
    `${first.cell} [${invalid.variant}] round ${first.round}: ${invalid.invalidReason}; re-running (${elapsedS.toFixed(0)} s spent)`,
  )
  await ctx.onEvent?.({
    event: 're-run',
    phase: ctx.phase,
    ...(ctx.block !== undefined ? { block: ctx.block } : {}),
    cell: first.cell,
    round: first.round,
    variants: planned.map((p) => p.variant),
    attempt,
    reason: invalid.invalidReason ?? 'invalid',
    seconds: elapsedS,
  })
}

/** `{ cpuPerRequest }` of the service the profile targets, or nothing when no counter was read. */
function cpuOfRun(
  stack: RunningStack,
  profile: ProfileConfig,
  samples: readonly ResourceSample[],
  metrics: RunMetrics,
) {
  const cpu = runCpuPerRequest(samples, serviceOfTarget(stack, profile.target), metrics.rps)
  return cpu ? { cpuPerRequest: cpu } : {}
}

/**
 * The service a target reaches: its host when that is a service name, else the service whose address
 * the stack resolves the host to (a compose network alias), else the host itself.
 */
export function serviceOfTarget(
  stack: {
    services: ReadonlyMap<string, Pick<RunningService, 'address'>>
    resolveUrl: (url: string) => string
  },
  target: string,
): string {
  const host = targetService(target)
  if (stack.services.has(host)) return host
  const resolved = new URL(stack.resolveUrl(target))
  const port = resolved.port ? Number(resolved.port) : resolved.protocol === 'https:' ? 443 : 80
  for (const [name, service] of stack.services)
    if (service.address(port).host === resolved.hostname) return name
  return host
}

function describe(config: Config, run: RunResult): string {
  const flags = [run.warmup ? 'warm-up' : '', run.valid ? '' : 'INVALID'].filter(Boolean).join(', ')
  return kindOf(find(config.scenarios, run.scenario)).describeRun(run) + (flags ? ` (${flags})` : '')
}

/**
 * A duet needs a script that runs one k6 scenario per target (TARGETS): ours do. A user's own script
 * defines its own scenarios, so its pairs run one after the other.
 */
function duetCapable(config: Config, scenarioName: string): boolean {
  const scenario = config.scenarios.find((s) => s.name === scenarioName)
  return scenario !== undefined && kindOf(scenario).duet
}

/**
 * Executes a schedule on a session. In duet pairing, the two variants of a cell and round (adjacent
 * in the schedule) run as one k6 process; otherwise every planned run is its own process, in order.
 */
export async function runSchedule(
  ctx: ExecuteContext,
  session: StackSession,
  schedule: readonly PlannedRun[],
): Promise<RunResult[]> {
  const groups: PlannedRun[][] = []
  for (const planned of schedule) {
    const last = groups[groups.length - 1]
    const partner = last?.length === 1 ? last[0] : undefined
    if (
      ctx.pairing === 'duet' &&
      duetCapable(ctx.config, planned.scenario) &&
      partner &&
      partner.cell === planned.cell &&
      partner.round === planned.round &&
      partner.variant !== planned.variant
    ) {
      last?.push(planned)
    } else {
      groups.push([planned])
    }
  }
  const runs: RunResult[] = []
  for (const group of groups) {
    for (const run of await execute(ctx, group, session)) {
      runs.push(run)
      ctx.log.info(describe(ctx.config, run))
      await ctx.onRun(run)
    }
  }
  return runs
}

/** How a paired block's stacks warm up before its measured pairs (gate.blockWarmup), or null: not at all. */
export interface BlockWarmup {
  /** auto: windows until the judged percentile settles; fixed: one window of windowS. */
  mode: 'auto' | 'fixed'
  windowS: number
  /** auto: the least one stack warms one cell before its windows may count as settled. */
  minS: number
  /** auto: the most one stack warms one cell. */
  maxS: number
  rule: SteadyStateRule
}

/** gate.blockWarmup as the measurement needs it. */
export function blockWarmup(gate: Config['gate']): BlockWarmup | null {
  if (gate.blockWarmup === 'off') return null
  if (gate.blockWarmup === 'auto') {
    return {
      mode: 'auto',
      windowS: WARMUP_WINDOW_S,
      minS: durationMs(gate.blockWarmupMin) / 1000,
      maxS: durationMs(gate.blockWarmupMax) / 1000,
      rule: DEFAULT_STEADY_RULE,
    }
  }
  const s = durationMs(gate.blockWarmup) / 1000
  return { mode: 'fixed', windowS: s, minS: s, maxS: s, rule: DEFAULT_STEADY_RULE }
}

/** A `warm-up` event of the journal: one stack and cell of one block warmed. */
export type WarmUpEvent = Extract<GateEvent, { event: 'warm-up' }>

/**
 * The report's line on a gate's block warm-ups (gate.blockWarmup): how long they took per block and
 * how many settled before blockWarmupMax; null when nothing was warmed.
 */
export function blockWarmupNote(events: readonly WarmUpEvent[], warmup: BlockWarmup): string | null {
  if (events.length === 0) return null
  const perBlock = new Map<number, number>()
  for (const e of events) perBlock.set(e.block, (perBlock.get(e.block) ?? 0) + e.seconds)
  const seconds = [...perBlock.values()]
  const [lo, hi] = [Math.min(...seconds), Math.max(...seconds)].map(Math.round)
  const range = lo === hi ? `${lo} s` : `${lo}-${hi} s`
  const mode =
    warmup.mode === 'fixed'
      ? `${warmup.windowS} s`
      : warmup.minS > 0
        ? `auto, at least ${warmup.minS} s`
        : 'auto'
  const head = `Block warm-up (gate.blockWarmup ${mode}): ${events.length} stack and cell warm-up(s) in ${perBlock.size} block(s), ${range} per block`
  if (warmup.mode === 'fixed') return `${head}.`
  const unsettled = events.filter((e) => !e.steady).length
  return unsettled === 0
    ? `${head}; every one settled.`
    : `${head}; ${events.length - unsettled} settled, ${unsettled} did not within blockWarmupMax (${warmup.maxS} s) and were measured anyway.`
}

/**
 * Warms a paired block's freshly started stacks before its measured runs: each stack in `order` (the
 * order they were started and set up in), each cell of `schedule` on it, under that cell's own load,
 * in windows of `warmup.windowS` until the judged percentile settles (or once, for a fixed duration),
 * at least `warmup.minS` and at most `warmup.maxS` per stack and cell. Every window is reported through `ctx.onRun` as a warm-up
 * run (never compared) and every stack and cell through `ctx.onEvent`. Returns the seconds spent.
 */
export async function warmUpSession(
  ctx: ExecuteContext,
  session: StackSession,
  order: readonly VariantName[],
  schedule: readonly PlannedRun[],
  warmup: BlockWarmup,
  sessionIndex: number,
): Promise<number> {
  const began = Date.now()
  const cells = new Map<string, PlannedRun>()
  for (const run of schedule) if (!cells.has(run.cell)) cells.set(run.cell, run)
  const metric = ctx.config.gate.metric
  for (const variant of order) {
    for (const planned of cells.values()) {
      if (!warmsCell(ctx.config, planned)) {
        ctx.log.info(
          `[${variant}] ${planned.cell}: not warmed (a control, a search, an arena or an own script)`,
        )
        continue
      }
      // The cell's own load, cut into windows: no per-run warm-up inside a window.
      const windowCtx: ExecuteContext = {
        ...ctx,
        config: {
          ...ctx.config,
          scenarios: ctx.config.scenarios.map((s) =>
            s.name === planned.scenario ? { ...s, duration: `${warmup.windowS}s`, warmup: '0s' } : s,
          ),
        },
      }
      const cellBegan = Date.now()
      const latencies: number[] = []
      let steady = false
      for (let window = 0; ; window++) {
        const [run] = await execute(windowCtx, [{ ...planned, variant, warmup: true }], session)
        if (!run) break
        const recorded: RunResult = { ...run, warmup: true, warmupWindow: window }
        latencies.push(recorded.metrics[metric])
        await ctx.onRun(recorded)
        const spentS = (Date.now() - cellBegan) / 1000
        steady = warmup.mode === 'fixed' || (spentS >= warmup.minS && isSteady(latencies, warmup.rule))
        if (steady || spentS + warmup.windowS > warmup.maxS) break
      }
      const seconds = (Date.now() - cellBegan) / 1000
      ctx.log.info(
        `[${variant}] ${planned.cell}: warmed up in ${seconds.toFixed(0)} s, ${latencies.length} window(s), ${metric} ${latencies.map((l) => l.toFixed(2)).join(' -> ')} ms` +
          (steady ? '' : ` (not settled within blockWarmupMax ${warmup.maxS} s: measured anyway)`),
      )
      await ctx.onEvent?.({
        event: 'warm-up',
        block: ctx.block ?? 0,
        session: sessionIndex,
        variant,
        cell: planned.cell,
        windows: latencies.length,
        seconds,
        steady,
        latencies,
      })
    }
  }
  return (Date.now() - began) / 1000
}
