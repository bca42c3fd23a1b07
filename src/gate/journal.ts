/**
 * The journal: every finished run appended to runs.jsonl in the out dir the moment it completes, so a
 * gate that is interrupted (a crash, SIGKILL, a runner that goes away) keeps what it measured, and
 * `perf-gate report` can render it. The first line is a header with what a report needs to compare
 * the runs again: the resolved config and the baseline file's path.
 */
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { Config } from '../config/schema.js'
import { maskInterpolated, type InterpolatedValue } from '../config/secrets.js'
import { ConfigError } from '../errors.js'
import { runResultSchema, type RunResult } from '../model.js'

export const JOURNAL_FILE = 'runs.jsonl'

const headerSchema = z.object({
  journal: z.literal(1),
  name: z.string(),
  mode: z.enum(['gate', 'baseline']),
  startedAt: z.string(),
  baselinePath: z.string().nullable(),
  /** The resolved config (validated again by whoever reads it). */
  config: z.unknown(),
})
export type JournalHeader = z.infer<typeof headerSchema>

/** Appends runs to `<outDir>/runs.jsonl`; created (truncated) by `start`. */
export class Journal {
  private constructor(
    readonly file: string,
    private readonly interpolated: readonly InterpolatedValue[],
  ) {}

  /**
   * Starts a new journal for one gate, replacing an older one in the same out dir. Values the config
   * took from the environment (`interpolated`) are written as the `${NAME}` they came from: the out
   * dir is uploaded as an artifact.
   */
  static async start(
    outDir: string,
    header: Omit<JournalHeader, 'journal' | 'config'> & {
      config: Config
      interpolated?: readonly InterpolatedValue[]
    },
  ): Promise<Journal> {
    const { interpolated = [], ...rest } = header
    await mkdir(outDir, { recursive: true })
    const file = path.join(outDir, JOURNAL_FILE)
    await writeFile(file, `${JSON.stringify(maskInterpolated({ journal: 1, ...rest }, interpolated))}\n`)
    return new Journal(file, interpolated)
  }

  /** Appends one finished run (one line, one write: a crash leaves at most a partial last line). */
  async append(run: RunResult): Promise<void> {
    await appendFile(this.file, `${JSON.stringify(maskInterpolated(run, this.interpolated))}\n`)
  }
}

/** A journal read back: its header and every complete run line (a torn last line is skipped). */
export async function readJournal(
  file: string,
): Promise<{ header: JournalHeader; runs: RunResult[]; torn: number }> {
  const text = await readFile(file, 'utf8')
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  const first = lines.shift()
  let header: JournalHeader
  try {
    header = headerSchema.parse(JSON.parse(first ?? ''))
  } catch {
    throw new ConfigError([`${file}: not a perf-gate journal (its first line is not a journal header)`])
  }
  const runs: RunResult[] = []
  let torn = 0
  for (const line of lines) {
    try {
      runs.push(runResultSchema.parse(JSON.parse(line)))
    } catch {
      // Only the last line can be torn by a kill mid-write; anything else unreadable is skipped too,
      // and counted so the report can say so.
      torn++
    }
  }
  return { header, runs, torn }
}
