/**
 * The gate's measure/ask loop: ask the decision policy (policy.ts) what to measure next, have the
 * measurer measure it, compare everything measured so far, and ask again, until the policy stops.
 * What it measures with is a parameter (measurer.ts), so tests and the accuracy benchmark run this
 * very loop over recorded runs.
 */
import { durationMs } from '../../config/schema.js'
import type { Logger } from '../../log.js'
import type { RunResult } from '../../model.js'
import { checkRunner } from '../../stats/runner-check.js'
import { compareCells } from '../compare.js'
import { cellProgress } from '../progress.js'
import type { Compared, FinalVerdictInput, StopStep } from './final-verdict.js'
import type { GatePlan, Measurer, OnEvent, OnRun } from './measurer.js'
import { gatedVerdict, nextStep, type PolicyInput, type PolicyStep } from './policy.js'

/** Everything the gate measured and compared so far. */
export class Evidence {
  readonly storedRuns: RunResult[] = []
  readonly pairedRuns: RunResult[] = []
  stored: FinalVerdictInput['stored'] = null
  paired: Compared | null = null
  blocks = 0
  readonly blockMs: number[] = []

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
    }
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

  /** Adds one paired block's runs and how long it took, and compares every block so far. */
  addBlock(runs: readonly RunResult[], ms: number): void {
    const { config, gate, baseline } = this.plan
    this.pairedRuns.push(...runs)
    this.blocks++
    this.blockMs.push(ms)
    this.paired = compareCells({
      runs: this.pairedRuns,
      config,
      gate,
      baseline,
      method: 'paired',
      now: this.now(),
    })
    this.log.info(
      `after ${this.blocks} block(s): ${this.paired.cells
        .filter((c) => !c.control)
        .map(cellProgress)
        .join('; ')}`,
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
      input.log.info(`paired block ${evidence.blocks + 1}: ${step.why}`)
      const block = await measurer.pairedBlock(evidence.blocks, step.why, onRun, onEvent)
      evidence.addBlock(block.runs, block.ms)
    }
  }
}
