/** What decided the gate and why, an accepted regression, and the gate's notes with each thing said once. */
import type { AcceptedRegression, GateResults } from '../../model.js'

/** One line for the log and the report: what was accepted, by what, and why. */
export function acceptanceText(accepted: AcceptedRegression): string {
  const what = accepted.cells.length > 0 ? ` in ${accepted.cells.join(', ')}` : ''
  const by = accepted.by === 'label' ? `the label "${accepted.label ?? ''}"` : '--accept-regression'
  return `Regression${what} accepted by ${by}: ${accepted.reason}. It is measured and shown; the gate does not fail.`
}

const EVIDENCE_LABEL = {
  stored: 'the stored baseline',
  paired: 'paired A/B blocks on this runner',
  none: 'no evidence',
} as const

/**
 * "Decided by paired A/B blocks on this runner: …", or null before the decision policy existed;
 * led by what accepted a regression and why, when one was accepted on purpose.
 */
export function decisionLine(results: GateResults): string | null {
  const accepted = results.acceptedRegression ? acceptanceText(results.acceptedRegression) : null
  if (results.mode === 'baseline' || !results.evidence || !results.decision) return accepted
  const decided = `Decided by ${EVIDENCE_LABEL[results.evidence]}: ${results.decision}`
  return accepted ? `${accepted} ${decided}` : decided
}

// Notes the gate writes (src/gate/run-gate.ts, src/gate/compare.ts, src/stats/noise-monitor.ts) that
// the report states elsewhere or in another form, by their fixed openings.
const DECIDED_NOTE = 'Decided by '
const DETECTABLE_NOTE = 'Smallest regression this gate could have detected'
const RUNNER_NOTE = 'Runner check against the baseline:'
const NOISE_NOTE = 'Noise monitor: the control profile differs'
const STORED_NOTE = 'Stored comparison (not deciding):'

/**
 * The gate's notes, each thing said once. Left out: the "Decided by" note (the decision line above
 * says it), the detectable change of every cell (said for inconclusive cells only), and restatements
 * of the runner mismatch: when the decision names it, the runner check and noise monitor notes go;
 * otherwise the runner check (which includes the control's finding) stays and the noise monitor goes,
 * and the stored comparison's note loses its "runner differs" tail.
 */
export function reportNotes(results: GateResults): string[] {
  const decision = decisionLine(results)
  const decisionNamesRunner =
    decision !== null && /runner (differs from|is not shown to match) the baseline's/.test(decision)
  const hasRunnerNote = results.notes.some((n) => n.startsWith(RUNNER_NOTE))
  return results.notes.flatMap((note) => {
    if (decision !== null && note.startsWith(DECIDED_NOTE)) return []
    if (note.startsWith(DETECTABLE_NOTE)) return []
    if (decisionNamesRunner && note.startsWith(RUNNER_NOTE)) return []
    if ((decisionNamesRunner || hasRunnerNote) && note.startsWith(NOISE_NOTE)) return []
    if ((decisionNamesRunner || hasRunnerNote) && note.startsWith(STORED_NOTE))
      return [note.replace(/; runner (differs|unknown|same)\.$/, '.')]
    return [note]
  })
}
