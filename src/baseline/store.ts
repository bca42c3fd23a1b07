/** Reading and writing the baseline file (a repo file or a downloaded artifact: both are files). */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../errors.js'
import { makeDirectory, readTextCapped, writeFileAtomic } from '../files.js'
import { baselineFileSchema, type BaselineFile } from './format.js'

/** Largest baseline read: a year of nights of 200 cells stays far below; a bigger file is not ours. */
export const MAX_BASELINE_BYTES = 200_000_000

/** What a baseline must have been recorded for to be compared with this gate. */
export interface BaselineExpectation {
  /** The config's `name`. */
  name: string
  /** gate.metric. */
  metric: string
}

/**
 * Reads a baseline; null when the file does not exist. An unreadable file is an input error; so is,
 * when `expected` is given, a baseline recorded for another config name or another metric.
 */
export async function readBaseline(
  file: string,
  expected?: BaselineExpectation,
  what = 'baseline',
): Promise<BaselineFile | null> {
  if (!existsSync(file)) return null
  let json: unknown
  const text = readTextCapped(file, MAX_BASELINE_BYTES, what)
  try {
    json = JSON.parse(text)
  } catch (error) {
    // JSON.parse quotes the text around the error: a file named by mistake (.git/config) must not be
    // echoed into a log, so only the position is kept.
    const position = /position (\d+)/.exec((error as Error).message)?.[1]
    throw new ConfigError([
      `${file}: baseline is not valid JSON${position === undefined ? '' : ` (error at character ${position})`}`,
    ])
  }
  const parsed = baselineFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConfigError([
      `${file}: not a perf-gate baseline of schema version 1 (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`,
    ])
  }
  if (expected) {
    const problems: string[] = []
    if (parsed.data.name !== expected.name)
      problems.push(
        `${file}: name: the baseline was recorded for config "${parsed.data.name}", this config is "${expected.name}"`,
      )
    if (parsed.data.metric !== expected.metric)
      problems.push(
        `${file}: metric: the baseline was recorded for ${parsed.data.metric}, this gate judges ${expected.metric} (gate.metric)`,
      )
    if (problems.length > 0) throw new ConfigError(problems)
  }
  return parsed.data
}

/**
 * Checks the baseline before anything starts. A path the user named explicitly (`--baseline`, the
 * `baseline` input) must exist: a typo must not silently turn the gate into "no baseline yet". The
 * config's own default path may be absent (the nightly has not run yet).
 */
export async function checkBaseline(
  file: string,
  expected: BaselineExpectation,
  options: { explicit: boolean; what: string },
): Promise<BaselineFile | null> {
  if (options.explicit && !existsSync(file))
    throw new ConfigError([`${options.what}: ${file}: baseline file not found`])
  return readBaseline(file, expected, options.what)
}

/**
 * Writes a baseline atomically (temp file + rename in the same folder): a crash mid-write leaves the
 * previous file and its history intact instead of a truncated file every later run rejects.
 */
export async function writeBaseline(file: string, baseline: BaselineFile): Promise<void> {
  await makeDirectory(path.dirname(path.resolve(file)))
  await writeFileAtomic(file, `${JSON.stringify(baseline, null, 2)}\n`)
}
