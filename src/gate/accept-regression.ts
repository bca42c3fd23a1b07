/**
 * Accepting an intentional regression: a pull request that adds a policy on purpose carries a label
 * (action input accept-regression-label), or a local run passes --accept-regression <reason>. The
 * regression is still measured and shown; the gate's exit code is 0 and its verdict output reads
 * `accepted`. results.json keeps `verdict: regression` and every cell's own verdict, and says by what
 * and why in `acceptedRegression`. Pure: no I/O.
 *
 * Only a regression is accepted: a pass stays a pass, an inconclusive gate keeps gate.onInconclusive,
 * and wrong answers (accuracy below gate.minAccuracy) are a correctness failure, not a performance
 * cost someone can choose to pay, so they still fail.
 */
import type { AcceptedRegression, GateResults } from '../model.js'

/** Longest --accept-regression reason; it goes into the comment's headline area. */
export const MAX_REASON_CHARS = 500

/** What asks for a regression to be accepted, before the gate knows whether there is one. */
export type AcceptanceRequest = Omit<AcceptedRegression, 'cells'>

export { verdictOutput, type VerdictOutput } from '../report/headline.js'

/** The acceptance a pull request's labels ask for, or null when they do not carry `label`. */
export function labelAcceptance(
  labels: readonly string[],
  label: string,
  pullRequest: number,
): AcceptanceRequest | null {
  // GitHub matches label names case-insensitively (a repository cannot have "A" and "a").
  const wanted = label.toLowerCase()
  if (!labels.some((l) => l.toLowerCase() === wanted)) return null
  return {
    by: 'label',
    label,
    pullRequest,
    reason: `pull request #${pullRequest} carries the label "${label}"`,
  }
}

/** The acceptance --accept-regression asks for. */
export function flagAcceptance(reason: string): AcceptanceRequest {
  return { by: 'flag', reason }
}

/** The gated cells whose wrong answers (accuracy) fail the gate whatever is accepted. */
function inaccurateCells(results: Pick<GateResults, 'cells'>): string[] {
  return results.cells.filter((c) => !c.control && c.accuracy?.fails).map((c) => c.cell)
}

/** Why a request cannot accept these results, or null when it can. */
export function acceptanceRefusal(results: Pick<GateResults, 'mode' | 'verdict' | 'cells'>): string | null {
  if (results.mode !== 'gate') return 'only a gate has a verdict to accept'
  if (results.verdict !== 'regression') return `the verdict is ${results.verdict}, not a regression`
  const inaccurate = inaccurateCells(results)
  if (inaccurate.length > 0)
    return `wrong answers (accuracy below gate.minAccuracy) in ${inaccurate.join(', ')} are not a performance regression and still fail`
  return null
}

/**
 * The results with the regression accepted (acceptedRegression set), or unchanged when there is no
 * request or nothing it may accept.
 */
export function acceptRegression(results: GateResults, request: AcceptanceRequest | null): GateResults {
  if (!request || acceptanceRefusal(results) !== null) return results
  const cells = results.cells.filter((c) => !c.control && c.verdict === 'regression').map((c) => c.cell)
  return { ...results, acceptedRegression: { ...request, cells } }
}
