/**
 * The decision policy: given the evidence so far, the time spent and the budget, what the gate does
 * next. Pure: the gate (src/gate/run-gate.ts, src/gate/decision/loop.ts) is a loop that measures what this asks for and asks
 * again, and the accuracy benchmark (bench/) replays recorded runs through the same function, so the
 * benchmark measures the rule the gate really applies.
 *
 * The rules, in words:
 * - A stored baseline decides alone only on a runner shown to match the baseline's (runner-check.ts):
 *   then a pass passes and, without a baseline variant to confirm with, a regression blocks.
 * - Everything else (the runner differs or cannot be told, a cell is inconclusive, or it alarms)
 *   needs paired evidence: A/B blocks on this runner, when a baseline variant exists. Without one the
 *   answer is inconclusive, with the reason and how to get a decision.
 * - Paired blocks are added until every gated cell is decided (after at least `minPairs` pairs), the
 *   pairs reach `maxPairs`, or the next block, if as slow per cell as the slowest so far, would not
 *   fit in the time budget. Decided gated cells leave the blocks (adaptive blocks, loop.ts), so the
 *   next block is planned from the cells it measures.
 */
import type { CellComparison, Verdict } from '../../model.js'
import type { RunnerCheck } from '../../stats/runner-check.js'

/** Which evidence decided a gate. */
export type Evidence = 'stored' | 'paired' | 'none'

export interface PolicyInput {
  /** How the gate starts: against the stored baseline, or straight to paired blocks. */
  start: 'stored' | 'paired'
  /** A baseline variant exists (configured image, or one built from a git ref). */
  hasVariant: boolean
  /** The stored comparison and the runner check, once measured. */
  stored: { cells: readonly CellComparison[]; runner: RunnerCheck } | null
  /** The paired comparison so far (Holm-corrected), once at least one block ran. */
  paired: { cells: readonly CellComparison[]; pairs: number; blocks: number } | null
  /** Pairs per cell needed before a paired verdict may stop the gate. */
  minPairs: number
  /** Most pairs per cell; then the gate reports what it has. */
  maxPairs: number
  /** Pairs per cell one block adds. */
  pairsPerBlock: number
  elapsedMs: number
  budgetMs: number
  /**
   * Wall time of each paired block so far. The next block is assumed as slow as the slowest, not the
   * mean: blocks slow down when the runner gets busier mid-gate, and a mean let a busy gate overrun
   * its budget (486 s of 480 s at load 16).
   */
  blockMs: readonly number[]
  /** Cells each of those blocks measured (adaptive blocks measure fewer as cells are decided). */
  blockCells?: readonly number[]
  /** Cells the next block would measure. */
  nextBlockCells?: number
  /**
   * gate.onRegression `decide-rest`: a regression does not stop the gate while other gated cells are
   * undecided and another block fits, so the report names every cell that regressed.
   */
  decideRest?: boolean
}

/**
 * How long the next paired block takes: as slow per cell as the slowest block so far, times the
 * cells it measures (a block of fewer cells is shorter). Without cell counts, the slowest block.
 */
export function nextBlockMs(input: Pick<PolicyInput, 'blockMs' | 'blockCells' | 'nextBlockCells'>): number {
  const { blockMs, blockCells, nextBlockCells } = input
  if (!blockCells || nextBlockCells === undefined || blockCells.length !== blockMs.length)
    return Math.max(0, ...blockMs)
  return Math.max(0, ...blockMs.map((ms, i) => (ms * nextBlockCells) / Math.max(1, blockCells[i] as number)))
}

export type PolicyStep =
  | { action: 'measure-stored' }
  | { action: 'add-block'; why: string }
  | { action: 'stop'; verdict: Verdict; evidence: Evidence; reason: string }

const HOW_TO_DECIDE =
  'set baselineVariant (e.g. build the gateway from the merge base: baselineVariant.services.<name>.build.ref) so the gate can run paired A/B blocks on this runner'

/** The overall verdict of the gated (non-control) cells: any regression, else any inconclusive, else pass. */
export function gatedVerdict(cells: readonly CellComparison[]): Verdict {
  const gated = cells.filter((c) => !c.control)
  if (gated.length === 0) return 'inconclusive'
  if (gated.some((c) => c.verdict === 'regression')) return 'regression'
  if (gated.some((c) => c.verdict === 'inconclusive')) return 'inconclusive'
  return 'pass'
}

function cellsWith(cells: readonly CellComparison[], verdict: Verdict): string {
  return cells
    .filter((c) => !c.control && c.verdict === verdict)
    .map((c) => c.cell)
    .join(', ')
}

/** Why stored evidence is not enough to decide, or null when it is. */
export function storedShortfall(
  stored: NonNullable<PolicyInput['stored']>,
  hasVariant: boolean,
): string | null {
  const verdict = gatedVerdict(stored.cells)
  if (stored.runner.status === 'differs')
    return `this runner differs from the baseline's (${stored.runner.reasons.join('; ')})`
  if (stored.runner.status === 'unknown')
    return `this runner is not shown to match the baseline's (${stored.runner.reasons.join('; ')})`
  if (verdict === 'inconclusive')
    return `the stored comparison is inconclusive for ${cellsWith(stored.cells, 'inconclusive') || 'the gated cells'}`
  if (verdict === 'regression' && hasVariant)
    return `the stored comparison flags ${cellsWith(stored.cells, 'regression')}; a stored alarm is confirmed on this runner before it blocks`
  return null
}

/** The next step of the gate. */
export function nextStep(input: PolicyInput): PolicyStep {
  if (input.start === 'stored' && input.stored === null) return { action: 'measure-stored' }
  if (input.paired !== null) return pairedStep(input, input.paired)
  if (input.stored !== null) return storedStep(input, input.stored)
  if (!input.hasVariant)
    return {
      action: 'stop',
      verdict: 'inconclusive',
      evidence: 'none',
      reason: `no baseline to compare with: ${HOW_TO_DECIDE}`,
    }
  return { action: 'add-block', why: 'paired A/B blocks on this runner (no stored baseline)' }
}

/** With the stored comparison measured and no paired block yet: decide, or go paired. */
function storedStep(input: PolicyInput, stored: NonNullable<PolicyInput['stored']>): PolicyStep {
  // Wrong answers need neither a baseline nor a matching runner to fail: no paired block can undo them.
  const inaccurate = stored.cells.filter((c) => !c.control && c.accuracy?.fails)
  if (inaccurate.length > 0)
    return {
      action: 'stop',
      verdict: 'regression',
      evidence: 'stored',
      reason: `accuracy below gate.minAccuracy in ${inaccurate.map((c) => c.cell).join(', ')}`,
    }
  const shortfall = storedShortfall(stored, input.hasVariant)
  const verdict = gatedVerdict(stored.cells)
  if (shortfall === null) {
    return {
      action: 'stop',
      verdict,
      evidence: 'stored',
      reason:
        verdict === 'pass'
          ? "every gated cell passes on a runner shown to match the baseline's"
          : `${cellsWith(stored.cells, 'regression')} regressed on a runner shown to match the baseline's`,
    }
  }
  if (input.hasVariant)
    return { action: 'add-block', why: `${shortfall}: measuring paired A/B blocks on this runner` }
  return {
    action: 'stop',
    verdict: 'inconclusive',
    evidence: 'stored',
    reason: `stored evidence cannot decide: ${shortfall}; ${HOW_TO_DECIDE}`,
  }
}

/** After at least one paired block: stop on a verdict, at the most pairs or the budget, else add a block. */
function pairedStep(input: PolicyInput, paired: NonNullable<PolicyInput['paired']>): PolicyStep {
  const { cells, pairs } = paired
  const verdict = gatedVerdict(cells)
  // Why no further block may run, as the end of "after N pairs…", or null when one may.
  const limit =
    pairs + input.pairsPerBlock > input.maxPairs
      ? ', the most this gate runs (gate.maxRounds)'
      : input.elapsedMs + nextBlockMs(input) > input.budgetMs
        ? ' when the time budget (gate.timeBudget) ran out'
        : null
  if (pairs >= input.minPairs && verdict !== 'inconclusive') {
    const open = cells.filter((c) => !c.control && c.verdict === 'inconclusive')
    const rest = verdict === 'regression' && input.decideRest === true && open.length > 0
    if (rest && limit === null)
      return {
        action: 'add-block',
        why: `${cellsWith(cells, 'regression')} regressed; deciding ${cellsWith(cells, 'inconclusive')} too (gate.onRegression: decide-rest)`,
      }
    return {
      action: 'stop',
      verdict,
      evidence: 'paired',
      reason:
        verdict === 'pass'
          ? `every gated cell passes after ${pairs} pairs`
          : `${cellsWith(cells, 'regression')} regressed after ${pairs} pairs` +
            (rest ? `; ${cellsWith(cells, 'inconclusive')} still inconclusive${limit}` : ''),
    }
  }
  if (limit !== null) {
    return {
      action: 'stop',
      verdict,
      evidence: 'paired',
      reason: `still ${verdict} after ${pairs} pairs${limit}`,
    }
  }
  return {
    action: 'add-block',
    why:
      pairs < input.minPairs
        ? `${pairs} of at least ${input.minPairs} pairs`
        : `${cellsWith(cells, 'inconclusive')} inconclusive after ${pairs} pairs`,
  }
}
