/**
 * The gate's measure/ask loop: ask the decision policy (policy.ts) what to measure next, have the
 * measurer measure it, compare everything measured so far, and ask again, until the policy stops.
 * What it measures with is a parameter (measurer.ts), so tests and the accuracy benchmark run this
 * very loop over recorded runs.
 */
import { durationMs } from '../../config/schema.js'
import { configCells, type CellRef } from '../../config/sweep.js'
import type { Logger } from '../../log.js'
import { cellId, type CellComparison, type RunResult } from '../../model.js'
import { checkRunner } from '../../stats/runner-check.js'
import { compareCells } from '../compare.js'
import { cellProgress } from '../progress.js'
import type { Compared, FinalVerdictInput, StopStep } from './final-verdict.js'
import type { GatePlan, Measurer, OnEvent, OnRun } from './measurer.js'
import { gatedVerdict, nextStep, type PolicyInput, type PolicyStep } from './policy.js'

/** A gated cell decided at a look: its comparison as that look saw it, and when. */
export interface FrozenCell {
  comparison: CellComparison
  /** Paired blocks (looks) when it was decided. */
  blocks: number
  pairs: number
}

/** The reason a frozen cell carries, so the report says why it has fewer pairs than the others. */
export function frozenReason(pairs: number, blocks: number): string {
  return `decided after ${pairs} pairs (look ${blocks}); not measured in later blocks (adaptive blocks)`
}

/** Everything the gate measured and compared so far. */
export class Evidence {
  readonly storedRuns: RunResult[] = []
  readonly pairedRuns: RunResult[] = []
  stored: FinalVerdictInput['stored'] = null
  paired: Compared | null = null
  blocks = 0
  readonly blockMs: number[] = []
  /** Cells each paired block measured (for the budget: a block of fewer cells is shorter). */
  readonly blockCells: number[] = []
  /**
   * Gated cells decided (pass or regression after at least gate.rounds pairs), by cell id: they leave
   * the paired blocks and keep the verdict, interval and Holm-adjusted p of the look that decided them.
   */
  readonly frozen = new Map<string, FrozenCell>()

  constructor(
    private readonly plan: GatePlan,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {}

  get pairs(): number {
    return this.blocks * this.plan.gate.pairsPerBlock
  }

  /** What the decision policy needs to choose the next step. */
  policyInput(startedAt: Date): PolicyInput {
    const { gate } = this.plan
    return {
      start: this.plan.method === 'paired' ? 'paired' : 'stored',
      hasVariant: this.plan.hasVariant,
      stored: this.stored && { cells: this.stored.cells, runner: this.stored.runner },
      paired: this.paired && { cells: this.paired.cells, pairs: this.pairs, blocks: this.blocks },
      minPairs: gate.rounds,
      maxPairs: gate.maxRounds ?? gate.rounds * 4,
      pairsPerBlock: gate.pairsPerBlock,
      elapsedMs: this.now().getTime() - startedAt.getTime(),
      budgetMs: durationMs(gate.timeBudget),
      blockMs: this.blockMs,
      blockCells: this.blockCells,
      nextBlockCells: this.cellsToMeasure().length,
      decideRest: gate.onRegression === 'decide-rest',
    }
  }

  /** Adaptive blocks (the default): decided cells leave the paired blocks. */
  private get adaptive(): boolean {
    return this.plan.adaptive !== false
  }

  /**
   * The cells the next paired block measures: every cell until one is decided; then the undecided
   * gated cells and the control cells of their scenarios (the controls keep serving as the runner's
   * noise monitor where something is still measured).
   */
  cellsToMeasure(): CellRef[] {
    const cells = configCells(this.plan.config)
    if (this.frozen.size === 0) return cells
    const control = new Set(this.plan.config.profiles.filter((p) => p.control).map((p) => p.name))
    const open = cells.filter(
      (c) => !control.has(c.profile) && !this.frozen.has(cellId(c.profile, c.scenario)),
    )
    const scenarios = new Set(open.map((c) => c.scenario))
    return cells.filter((c) =>
      control.has(c.profile) ? scenarios.has(c.scenario) : !this.frozen.has(cellId(c.profile, c.scenario)),
    )
  }

  /** Adds the stored phase's runs; in gate mode, compares them with the baseline and checks the runner. */
  addStored(runs: readonly RunResult[]): void {
    const { config, gate, baseline } = this.plan
    this.storedRuns.push(...runs)
    if (this.plan.mode !== 'gate') return
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
      machine: this.plan.machine,
      baselineMachines: baseline?.nights.map((n) => n.machine) ?? [],
    })
    this.stored = { ...compared, runner }
    this.log.info(
      `stored comparison: ${gatedVerdict(compared.cells)}; runner ${runner.status} (${runner.reasons.join('; ')})`,
    )
  }

  /**
   * Adds one paired block's runs, how long it took and how many cells it measured, and compares every
   * block so far. Holm runs over the whole family at every look: a frozen cell measured nothing since
   * it was decided, so its raw p is the one of its deciding look; it then keeps that look's verdict,
   * interval and adjusted p. Undecided gated cells that this look decides (after at least gate.rounds
   * pairs) are frozen.
   */
  addBlock(runs: readonly RunResult[], ms: number, cells?: number): void {
    const { config, gate, baseline } = this.plan
    this.pairedRuns.push(...runs)
    this.blocks++
    this.blockMs.push(ms)
    this.blockCells.push(cells ?? configCells(config).length)
    const compared = compareCells({
      runs: this.pairedRuns,
      config,
      gate,
      baseline,
      method: 'paired',
      now: this.now(),
    })
    this.paired = { ...compared, cells: compared.cells.map((c) => this.asFrozen(c)) }
    if (this.adaptive) this.freezeDecided()
    this.log.info(
      `after ${this.blocks} block(s): ${this.paired.cells
        .filter((c) => !c.control)
        .map(cellProgress)
        .join('; ')}`,
    )
  }

  /**
   * A frozen cell as its deciding look saw it, saying why it has fewer pairs once later blocks ran
   * without it; any other cell as compared now.
   */
  private asFrozen(cell: CellComparison): CellComparison {
    const frozen = this.frozen.get(cell.cell)
    if (!frozen) return cell
    const { comparison, pairs, blocks } = frozen
    return { ...comparison, reasons: [...comparison.reasons, frozenReason(pairs, blocks)] }
  }

  /** Freezes the gated cells this look decided; leaves them all when the gate has one gated cell. */
  private freezeDecided(): void {
    const cells = this.paired?.cells ?? []
    const gated = cells.filter((c) => !c.control)
    // One gated cell: deciding it stops the gate; nothing to leave.
    if (gated.length < 2 || this.pairs < this.plan.gate.rounds) return
    const decided = gated.filter(
      (c) => !this.frozen.has(c.cell) && (c.verdict === 'pass' || c.verdict === 'regression'),
    )
    if (decided.length === 0) return
    for (const c of decided)
      this.frozen.set(c.cell, { comparison: c, blocks: this.blocks, pairs: this.pairs })
    this.log.info(
      `decided, leaving the paired blocks: ${decided.map((c) => `${c.cell} ${c.verdict}`).join(', ')}`,
    )
  }
}

/** The step after `evidence`: the policy's, or in baseline mode one stored phase and stop. */
function next(plan: GatePlan, evidence: Evidence, startedAt: Date): PolicyStep {
  if (plan.mode === 'gate') return nextStep(evidence.policyInput(startedAt))
  return evidence.storedRuns.length === 0
    ? { action: 'measure-stored' }
    : {
        action: 'stop',
        verdict: 'pass',
        evidence: 'none',
        reason: 'baseline mode: measured, nothing compared',
      }
}

/** Measures what the policy asks for until it stops; returns how it stopped and the evidence. */
export async function measureUntilDecided(input: {
  plan: GatePlan
  measurer: Measurer
  onRun: OnRun
  /** Stack order, warm-up and re-run events (the journal, progress). */
  onEvent?: OnEvent
  /** Called before each paired block with its number and how many cells it measures (the ETA). */
  onBlock?: (block: number, cells: number) => void
  log: Logger
  now: () => Date
  startedAt: Date
  /** Where the evidence accumulates (default: a new one), so a caller keeps it if measuring throws. */
  evidence?: Evidence
}): Promise<{ step: StopStep; evidence: Evidence }> {
  const { plan, measurer, onRun, onEvent } = input
  const evidence = input.evidence ?? new Evidence(plan, input.now, input.log)
  for (;;) {
    const step = next(plan, evidence, input.startedAt)
    if (step.action === 'stop') return { step, evidence }
    if (step.action === 'measure-stored') {
      evidence.addStored(
        await measurer.storedPhase(plan.mode === 'baseline' ? 'baseline' : 'stored', onRun, onEvent),
      )
    } else {
      const cells = evidence.cellsToMeasure()
      const all = configCells(plan.config).length
      input.log.info(
        `paired block ${evidence.blocks + 1}: ${step.why}${cells.length < all ? ` (${cells.length} of ${all} cells: the undecided and their controls)` : ''}`,
      )
      input.onBlock?.(evidence.blocks, cells.length)
      const block = await measurer.pairedBlock(evidence.blocks, step.why, cells, onRun, onEvent)
      evidence.addBlock(block.runs, block.ms, cells.length)
    }
  }
}
