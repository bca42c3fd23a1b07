/** The evidence a gate gathers: the stored phase and paired blocks, each on its own disposable session. */
import type { VariantConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'
import type { CellComparison, RunResult, VariantName } from '../model.js'
import { configCells } from '../config/sweep.js'
import { isolateSchedule, planSchedule, stackOrder, type PlannedRun } from '../plan/schedule.js'
import { checkRunner, type RunnerCheck } from '../stats/runner-check.js'
import { buildVariantImages } from '../stack/variant-build.js'
import { compareCells } from './compare.js'
import {
  blockWarmup,
  Cleanup,
  runSchedule,
  StackSession,
  warmUpSession,
  type ExecuteContext,
  type SetupReach,
} from './measure.js'
import type { GateEvent } from './journal.js'
import { gatedVerdict, type PolicyInput } from './policy.js'
import { cellProgress } from './progress.js'
import type { BaselineFile } from '../baseline/format.js'
import type { Config, GateConfig } from '../config/schema.js'
import type { Placement } from '../plan/placement.js'
import type { K6Binary } from '../load/k6.js'
import type { Logger } from '../log.js'
import type { MachineFingerprint } from '../model.js'
import type { VariantBuildPlan } from '../stack/variant-build.js'
import type { ComparisonMethod } from './compare.js'

/** Everything checked and prepared before the first container starts. */
export interface Prepared {
  config: Config
  gate: GateConfig
  baseline: BaselineFile | null
  baselinePath: string
  method: ComparisonMethod
  /** The gate can run paired A/B blocks (a baseline variant in gate mode, not gate.method: stored). */
  hasVariant: boolean
  buildPlans: VariantBuildPlan[]
  k6: K6Binary
  /** Where k6 and each service run (k6 above already carries its CPUs). */
  placement: Placement
  runId: string
  machine: MachineFingerprint
  /** What profile setup may reach besides the stack's services (allowed-hosts), and what it masks. */
  reach?: SetupReach | undefined
  /** Why the stored phase is not measured (run-gate.ts storedPhaseSkip), or null. */
  storedSkipped: string | null
}

/** What measuring needs of the gate's options. */
export interface EvidenceOptions {
  mode: 'gate' | 'baseline'
  log: Logger
  signal?: AbortSignal | undefined
}

/**
 * The evidence a gate gathers, one phase at a time: the stored phase (one stack, the candidate only)
 * and paired blocks (fresh stacks of both variants each). Each method measures on a session that is
 * disposed (stacks stopped) before it returns, and compares everything measured so far.
 */
export class GateEvidence {
  readonly storedRuns: RunResult[] = []
  readonly pairedRuns: RunResult[] = []
  stored: { cells: CellComparison[]; notes: string[]; runner: RunnerCheck } | null = null
  paired: { cells: CellComparison[]; notes: string[] } | null = null
  blocks = 0
  private readonly blockMs: number[] = []
  /** Seconds each paired block spent warming its stacks up (gate.blockWarmup), in block order. */
  readonly warmupS: number[] = []
  private variant: VariantConfig | undefined

  constructor(
    private readonly p: Prepared,
    private readonly options: EvidenceOptions,
    private readonly cleanup: Cleanup,
    private readonly now: () => Date,
    private readonly onRun: (run: RunResult) => Promise<void>,
    private readonly onEvent?: (event: GateEvent) => Promise<void>,
  ) {}

  /** What the decision policy needs to choose the next step. */
  policyInput(startedAt: Date): PolicyInput {
    const { gate } = this.p
    return {
      start: this.p.method === 'paired' ? 'paired' : 'stored',
      hasVariant: this.p.hasVariant,
      stored: this.stored && { cells: this.stored.cells, runner: this.stored.runner },
      paired: this.paired && { cells: this.paired.cells, pairs: this.pairs, blocks: this.blocks },
      minPairs: gate.rounds,
      maxPairs: gate.maxRounds ?? gate.rounds * 4,
      pairsPerBlock: gate.pairsPerBlock,
      elapsedMs: this.now().getTime() - startedAt.getTime(),
      budgetMs: durationMs(gate.timeBudget),
      blockMs: this.blockMs,
    }
  }

  /** Why the stored phase was skipped, or null when it was measured or never planned. */
  get storedSkipped(): string | null {
    return this.p.storedSkipped
  }

  get pairs(): number {
    return this.blocks * this.p.gate.pairsPerBlock
  }

  private context(phase: ExecuteContext['phase'], block?: number): ExecuteContext {
    return {
      config: this.p.config,
      k6: this.p.k6,
      log: this.options.log,
      signal: this.options.signal,
      pairing: this.p.gate.pairing,
      phase,
      block,
      onRun: this.onRun,
      onEvent: this.onEvent,
    }
  }

  private session(
    variants: VariantName[],
    instance: string,
    baselineVariant: VariantConfig | undefined,
    profiles: readonly string[],
  ) {
    return StackSession.open({
      config: this.p.config,
      runId: this.p.runId,
      log: this.options.log,
      cleanup: this.cleanup,
      signal: this.options.signal,
      variants,
      overrides: { baseline: baselineVariant },
      instance,
      profiles,
      cpusets: this.p.placement.mode === 'split' ? this.p.placement.services : undefined,
      reach: this.p.reach,
    })
  }

  private names() {
    return {
      profiles: this.p.config.profiles.map((p) => p.name),
      scenarios: this.p.config.scenarios.map((s) => s.name),
      cells: configCells(this.p.config),
    }
  }

  /**
   * Runs a schedule under gate.isolation: all of it on one session (shared), or each profile's or
   * cell's runs on a session of their own, started fresh and set up with that profile only. Each
   * session is disposed (its stacks stopped) before the next starts. A paired block (`block` given)
   * starts and sets up its stacks in an order drawn from gate.seed, and warms them up
   * (gate.blockWarmup) before the measured runs; the seconds spent warming are returned.
   */
  private async runIsolated(
    title: string,
    schedule: readonly PlannedRun[],
    variants: VariantName[],
    instance: string,
    ctx: ExecuteContext,
    baselineVariant?: VariantConfig,
    block?: number,
  ): Promise<{ runs: RunResult[]; warmupS: number }> {
    const runs: RunResult[] = []
    let warmupS = 0
    const warmup = block === undefined ? null : blockWarmup(this.p.gate)
    const isolation = this.p.gate.isolation
    const parts = isolateSchedule(schedule, isolation)
    for (const [i, part] of parts.entries()) {
      const profiles = [...new Set(part.map((r) => r.profile))]
      const name = parts.length === 1 ? instance : `${instance}-i${i}`
      // Neither variant's stack always starts first (issue 22: the first started read slower).
      const order = block === undefined ? variants : stackOrder(this.p.gate.seed, block, i)
      if (block !== undefined) await this.onEvent?.({ event: 'stacks', block, session: i, order })
      // Log groups do not nest in the Actions log: the session's start is a group of its own.
      await using stack = await this.session(order, name, baselineVariant, profiles)
      if (warmup) {
        warmupS += await this.options.log.group(
          `${title}: warm up ${order.join(', then ')} (blockWarmup ${this.p.gate.blockWarmup})`,
          () => warmUpSession(ctx, stack, order, part, warmup, i),
        )
      }
      const what =
        isolation === 'shared' ? '' : ` [${isolation} ${isolation === 'cell' ? part[0]?.cell : profiles[0]}]`
      runs.push(
        ...(await this.options.log.group(`${title}${what}: ${part.length} runs`, () =>
          runSchedule(ctx, stack, part),
        )),
      )
    }
    return { runs, warmupS }
  }

  /** The candidate alone on one stack: warm-up and measured rounds; in gate mode, compared. */
  async storedPhase(): Promise<void> {
    const { config, gate, baseline } = this.p
    const phase = this.options.mode === 'baseline' ? 'baseline' : 'stored'
    const schedule = planSchedule({
      ...this.names(),
      rounds: gate.rounds,
      warmupRounds: gate.warmupRounds,
      seed: gate.seed,
      paired: false,
    })
    const { runs } = await this.runIsolated(
      `Run k6 (${phase === 'baseline' ? 'baseline' : 'stored comparison'})`,
      schedule,
      ['candidate'],
      phase,
      this.context(phase),
    )
    this.storedRuns.push(...runs)
    if (this.options.mode !== 'gate') return
    const compared = compareCells({
      runs: this.storedRuns,
      config,
      gate,
      baseline,
      method: 'stored',
      now: this.now(),
    })
    const runner = checkRunner({
      controlCells: compared.cells.filter((c) => c.control),
      threshold: gate.threshold,
      machine: this.p.machine,
      baselineMachines: baseline?.nights.map((n) => n.machine) ?? [],
    })
    this.stored = { ...compared, runner }
    this.options.log.info(
      `stored comparison: ${gatedVerdict(compared.cells)}; runner ${runner.status} (${runner.reasons.join('; ')})`,
    )
  }

  /** One paired A/B block on freshly started stacks of both variants, then the paired comparison. */
  async pairedBlock(why: string): Promise<void> {
    const { config, gate, baseline } = this.p
    const log = this.options.log
    log.info(`paired block ${this.blocks + 1}: ${why}`)
    this.variant ??= await buildVariantImages(config.baselineVariant as VariantConfig, this.p.buildPlans, log)
    const began = this.now().getTime()
    const schedule = planSchedule({
      ...this.names(),
      rounds: gate.pairsPerBlock,
      warmupRounds: 0,
      seed: gate.seed,
      paired: true,
      firstRound: this.blocks * gate.pairsPerBlock,
    })
    const { runs, warmupS } = await this.runIsolated(
      `Paired block ${this.blocks + 1} (${gate.pairing})`,
      schedule,
      ['baseline', 'candidate'],
      `b${this.blocks}`,
      this.context('paired', this.blocks),
      this.variant,
      this.blocks,
    )
    // Warm-up windows went to the journal; the comparison sees the measured runs only.
    this.pairedRuns.push(...runs)
    this.warmupS.push(warmupS)
    this.blocks++
    this.blockMs.push(this.now().getTime() - began)
    this.paired = compareCells({
      runs: this.pairedRuns,
      config,
      gate,
      baseline,
      method: 'paired',
      now: this.now(),
    })
    if (gate.blockWarmup !== 'off')
      log.info(`paired block ${this.blocks}: warm-up took ${warmupS.toFixed(0)} s`)
    log.info(
      `after ${this.blocks} block(s): ${this.paired.cells
        .filter((c) => !c.control)
        .map(cellProgress)
        .join('; ')}`,
    )
  }
}
