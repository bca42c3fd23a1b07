/**
 * Reads a results.json named on the command line (or the folder holding one) for `report` and
 * `compare`. Every problem names the file and exits 2.
 */
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { ConfigError } from '../errors.js'
import { JOURNAL_FILE } from '../gate/journal.js'
import { resultsFromJournal } from '../gate/journal-report.js'
import type { GateResults } from '../model.js'
import { jsonSyntaxReason, parseUntrustedResults } from '../report/untrusted-results.js'

/** A results file as read: where it is and what it holds. */
export interface ResultsFile {
  /** Absolute path of results.json. */
  file: string
  results: GateResults
}

/**
 * Reads `target` (results.json, or an out folder containing it) and validates it against the results
 * schema. A folder without results.json but with a journal (runs.jsonl: a gate that was interrupted),
 * or a journal named directly, gives the results its finished runs show. The values returned are the file's own, not the defanged copy the publish stage uses: this
 * is the user's file on their machine, and re-rendering must not add escapes each time it runs.
 */
export async function readResultsFile(target: string): Promise<ResultsFile> {
  let file = path.resolve(target)
  const info = await stat(file).catch(() => null)
  if (info === null) throw new ConfigError([`${target}: results file not found`])
  if (info.isDirectory()) {
    const journal = path.join(file, JOURNAL_FILE)
    file = path.join(file, 'results.json')
    if (!existsSync(file) && existsSync(journal)) return { file, results: await resultsFromJournal(journal) }
  } else if (file.endsWith('.jsonl')) {
    return { file: path.join(path.dirname(file), 'results.json'), results: await resultsFromJournal(file) }
  }
  let json: unknown
  try {
    json = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no results.json in this folder'
        : error instanceof SyntaxError
          ? jsonSyntaxReason(error)
          : (error as Error).message
    throw new ConfigError([`${file}: cannot read results: ${reason}`])
  }
  // Throws a ConfigError naming the file and the path of each problem.
  parseUntrustedResults(json, file)
  return { file, results: json as GateResults }
}
