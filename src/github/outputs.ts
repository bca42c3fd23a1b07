import * as core from '@actions/core'

/** Output names as declared in action.yml; the one place they are spelled. */
export const OUTPUTS = {
  verdict: 'verdict',
  resultsPath: 'results-path',
  reportPath: 'report-path',
  commentUrl: 'comment-url',
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
