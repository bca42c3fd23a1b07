import * as core from '@actions/core'
import type { GateResults } from '../model.js'
import { decidingChangePct } from '../stats/cpu-per-request.js'

/** Output names as declared in action.yml; the one place they are spelled. */
export const OUTPUTS = {
  verdict: 'verdict',
  resultsPath: 'results-path',
  reportPath: 'report-path',
  commentUrl: 'comment-url',
  regressedCells: 'regressed-cells',
  change: 'change',
  artifactUrl: 'artifact-url',
} as const

export type OutputKey = keyof typeof OUTPUTS

/**
 * Sets the action's outputs. Values left undefined are not set, so a step reading `comment-url` after
 * a run that could not comment sees an empty string rather than a stale or made-up value.
 */
export function setOutputs(
  values: Partial<Record<OutputKey, string>>,
  setOutput: (name: string, value: string) => void = core.setOutput,
): void {
  for (const key of Object.keys(OUTPUTS) as OutputKey[]) {
    const value = values[key]
    if (value !== undefined) setOutput(OUTPUTS[key], value)
  }
}

/**
 * The outputs a later step branches on without parsing results.json: the regressed gated cells
 * (comma-separated, empty when none) and the worst change of the gated metric over the gated cells,
 * in percent with one decimal (unset when nothing was compared, e.g. in baseline mode).
 */
export function verdictOutputs(
  results: GateResults,
): Pick<Partial<Record<OutputKey, string>>, 'regressedCells' | 'change'> {
  const gated = results.cells.filter((c) => !c.control)
  const changes = gated.map(decidingChangePct).filter((x): x is number => x !== null && Number.isFinite(x))
  return {
    regressedCells: gated
      .filter((c) => c.verdict === 'regression')
      .map((c) => c.cell)
      .join(','),
    ...(changes.length > 0 ? { change: Math.max(...changes).toFixed(1) } : {}),
  }
}
