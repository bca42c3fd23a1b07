/** Reading and writing the baseline file (a repo file or a downloaded artifact: both are files). */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ConfigError } from '../errors.js'
import { baselineFileSchema, type BaselineFile } from './format.js'

/** Reads a baseline; null when the file does not exist. An unreadable file is an input error. */
export async function readBaseline(file: string): Promise<BaselineFile | null> {
  if (!existsSync(file)) return null
  let json: unknown
  try {
    json = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new ConfigError([`${file}: baseline is not valid JSON (${(error as Error).message})`])
  }
  const parsed = baselineFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConfigError([
      `${file}: not a perf-gate baseline of schema version 1 (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`,
    ])
  }
  return parsed.data
}

/** Writes a baseline atomically enough for CI (whole file, trailing newline, stable key order). */
export async function writeBaseline(file: string, baseline: BaselineFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, `${JSON.stringify(baseline, null, 2)}\n`)
}
