/**
 * The gate's final verdict: what the job returns once the decision policy (policy.ts) has stopped.
 * The policy decides on latency; after it, and only here, come the rules that can still change the
 * answer: a stored alarm the policy did not accept is shown as inconclusive, wrong answers (accuracy)
 * and a user's script's failing thresholds make a regression whatever latency said, a regression may
 * be accepted on purpose, and `gate.onInconclusive` says whether an undecided gate fails. The result
 * carries the sentence that explains the decision, the notes that back it, and the exit code.
 * Pure: no I/O.
 */
import type { GateConfig, ScenarioConfig } from '../../config/schema.js'
import type { AcceptedRegression, CellComparison, Verdict } from '../../model.js'
import { formatChange } from '../../stats/reason-text.js'
import type { RunnerCheck } from '../../stats/runner-check.js'
import { acceptanceRefusal, type AcceptanceRequest } from '../accept-regression.js'
import { applyScriptThresholds, verdictWithThresholds } from '../script-thresholds.js'
import { gatedVerdict, type PolicyStep } from './policy.js'

/** How the policy stopped. */
export type StopStep = Extract<PolicyStep, { action: 'stop' }>

/** A comparison of every cell and the notes the reader must know with it (compare.ts). */
export interface Compared {
  cells: CellComparison[]
  notes: string[]
}

export interface FinalVerdictInput {
  mode: 'gate' | 'baseline'
  step: StopStep
  /** The stored comparison and its runner check, when the stored phase was measured. */
  stored: (Compared & { runner: RunnerCheck }) | null
  /** The paired comparison over every block, when blocks ran. */
  paired: Compared | null
  /** Baseline mode: the night's runs, compared with nothing. */
  measured?: Compared | null
  /** Why the stored phase was not measured, or null. */
  storedSkipped?: string | null
  scenarios: readonly ScenarioConfig[]
  gate: Pick<GateConfig, 'minAccuracy' | 'onInconclusive'>
  /** What asks to accept a regression (a PR label, --accept-regression), or null. */
  acceptance?: AcceptanceRequest | null
}

export interface FinalVerdict {
  /** Which comparison the report shows: the stored one, the paired one, or none (baseline mode). */
  method: 'stored' | 'paired' | 'none'
  verdict: Verdict
  /** The cells the report shows, with every override applied. */
  cells: CellComparison[]
  /** Which evidence decided, the stored phase when it did not, the runner check, the power; then the comparison's notes. */
  notes: string[]
  /** The one sentence that says why the verdict is what it is. */
  decision: string
  acceptedRegression?: AcceptedRegression
  /** Why an acceptance that was asked for was refused (wrong answers, no regression). */
  acceptanceRefused?: string
  /** 0 pass, accepted, or inconclusive with onInconclusive: warn (and always in baseline mode); 1 otherwise. */
  exitCode: 0 | 1
}

/**
 * Cells whose stored verdict the policy did not accept (an alarm on a runner not shown to match)
 * become inconclusive, with the reason, so the table agrees with the gate's verdict.
 */
function downgradeUnconfirmed(cells: readonly CellComparison[], reason: string): CellComparison[] {
  // An accuracy failure needs no baseline and no matching runner: it stands.
  return cells.map((c) =>
    !c.control && c.verdict === 'regression' && !c.accuracy?.fails
      ? { ...c, verdict: 'inconclusive', reasons: [...c.reasons, `not blocking: ${reason}`] }
      : c,
  )
}

/** One sentence per gated cell: the smallest regression it could have detected. */
function detectableNote(cells: readonly CellComparison[]): string | null {
  const parts = cells
    // Latency's detectable change says nothing about cells a capacity or an arena score decides.
    .filter((c) => !c.capacity && !c.arena)
    .filter((c) => !c.control && c.minDetectablePct !== undefined && c.minDetectablePct !== null)
    .map((c) => `${c.cell} ${formatChange(1 + (c.minDetectablePct as number) / 100)}`)
  if (parts.length === 0) return null
  return `Smallest regression this gate could have detected on this runner (80% power, from the noise it measured and the runs it had): ${parts.join(', ')}.`
}

/** The notes that explain the decision: which evidence decided, the stored phase, the runner, the power. */
function decisionNotes(input: FinalVerdictInput, decided: readonly CellComparison[]): string[] {
  const { step, stored } = input
  const notes = [
    `Decided by ${step.evidence === 'paired' ? 'paired A/B blocks on this runner' : step.evidence === 'stored' ? 'the stored baseline' : 'no evidence'}: ${step.reason}.`,
  ]
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
  if (input.storedSkipped)
    notes.push(`Stored baseline not measured: ${input.storedSkipped}; paired A/B blocks decided.`)
  if (stored)
    notes.push(
      `Runner check against the baseline: ${stored.runner.status} (${stored.runner.reasons.join('; ')}).`,
    )
  const detectable = detectableNote(decided)
  if (detectable) notes.push(detectable)
  return notes
}

/** The comparison the verdict stands on: the paired blocks', or the stored one with unconfirmed alarms downgraded. */
function decidingComparison(input: FinalVerdictInput): Compared {
  const { step, stored, paired } = input
  if (step.evidence === 'paired' && paired) return paired
  if (!stored) return { cells: [], notes: [] }
  return {
    cells:
      step.verdict === gatedVerdict(stored.cells)
        ? stored.cells
        : downgradeUnconfirmed(stored.cells, step.reason),
    notes: stored.notes,
  }
}

/** Why the verdict differs from the policy's: wrong answers first, then a script's failing thresholds. */
function overrideSentence(
  step: StopStep,
  cells: readonly CellComparison[],
  gate: FinalVerdictInput['gate'],
): string {
  const inaccurate = cells.filter((c) => !c.control && c.accuracy?.fails)
  if (inaccurate.length > 0)
    return `accuracy below gate.minAccuracy (${gate.minAccuracy * 100}%) in ${inaccurate.map((c) => c.cell).join(', ')}; the latency comparison: ${step.reason}`
  return `a k6 threshold of the script failed (thresholds: fail) in ${cells
    .filter((c) => !c.control && c.scriptThresholds?.some((t) => t.fails))
    .map((c) => c.cell)
    .join(', ')}; the comparison: ${step.reason}`
}

/** The verdict the job returns, the cells and notes the report shows, and the exit code. */
export function finalVerdict(input: FinalVerdictInput): FinalVerdict {
  const { mode, step, gate } = input
  if (mode === 'baseline') {
    const measured = input.measured ?? { cells: [], notes: [] }
    return {
      method: 'none',
      verdict: 'pass',
      cells: applyScriptThresholds(measured.cells, input.scenarios),
      notes: [...measured.notes],
      decision: step.reason,
      exitCode: 0,
    }
  }
  const deciding = decidingComparison(input)
  // A user's script's own thresholds: reported per cell, failing the cell when configured so.
  const cells = applyScriptThresholds(deciding.cells, input.scenarios)
  // Wrong answers fail the gate whatever latency decided: they are reported apart from it.
  const inaccurate = cells.some((c) => !c.control && c.accuracy?.fails)
  const verdict = inaccurate ? 'regression' : verdictWithThresholds(step.verdict, cells)
  const notes = [...decisionNotes(input, cells), ...deciding.notes]
  if (input.stored && step.evidence === 'paired')
    notes.push(...input.stored.notes.filter((n) => !deciding.notes.includes(n)))
  const acceptance = acceptanceOf(input.acceptance ?? null, { mode, verdict, cells })
  const fails =
    (verdict === 'regression' && !acceptance.acceptedRegression) ||
    (verdict === 'inconclusive' && gate.onInconclusive === 'fail')
  return {
    method: step.evidence === 'paired' ? 'paired' : 'stored',
    verdict,
    cells,
    notes,
    decision: verdict === step.verdict ? step.reason : overrideSentence(step, cells, gate),
    ...acceptance,
    exitCode: fails ? 1 : 0,
  }
}

/** The accepted regression a request asks for, or why it is refused (accept-regression.ts). */
function acceptanceOf(
  request: AcceptanceRequest | null,
  results: { mode: 'gate'; verdict: Verdict; cells: CellComparison[] },
): Pick<FinalVerdict, 'acceptedRegression' | 'acceptanceRefused'> {
  if (!request) return {}
  const refusal = acceptanceRefusal(results)
  if (refusal) return { acceptanceRefused: refusal }
  const cells = results.cells.filter((c) => !c.control && c.verdict === 'regression').map((c) => c.cell)
  return { acceptedRegression: { ...request, cells } }
}
