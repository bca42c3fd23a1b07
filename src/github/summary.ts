import * as core from '@actions/core'

/** The part of core.summary we use, so tests can pass a recorder. */
export interface SummaryWriter {
  addRaw(text: string, addEOL?: boolean): SummaryWriter
  write(): Promise<unknown>
}

/**
 * Appends markdown to the job summary (the run's page). Resolves to false without writing when
 * GITHUB_STEP_SUMMARY is unset, i.e. outside GitHub Actions, where core.summary would throw.
 */
export async function writeJobSummary(
  markdown: string,
  options: { summary?: SummaryWriter; env?: Record<string, string | undefined> } = {},
): Promise<boolean> {
  const env = options.env ?? process.env
  if (!env['GITHUB_STEP_SUMMARY']) {
    core.debug('GITHUB_STEP_SUMMARY is not set; skipping the job summary')
    return false
  }
  await (options.summary ?? core.summary).addRaw(markdown, true).write()
  return true
}
