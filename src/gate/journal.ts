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
import { runResultSchema, variantNames, type RunResult } from '../model.js'

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

const variant = z.enum(variantNames)
const count = z.number().int().nonnegative()

/**
 * What the gate did besides finishing a run, journaled between the runs: a paired block's stack
 * start order, how long each of its stacks warmed up, and every run measured again because it
 * could not be compared (its time counts, its result does not).
 */
export const gateEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('stacks'),
    block: count,
    /** The isolated session within the block (gate.isolation), from 0. */
    session: count,
    /** The order the variants' stacks were started and set up in, drawn per block from gate.seed. */
    order: z.array(variant),
  }),
  z.object({
    event: z.literal('warm-up'),
    block: count,
    session: count,
    variant,
    cell: z.string(),
    windows: count,
    seconds: z.number().nonnegative(),
    /** The windows settled (blockWarmup: auto), or the fixed duration ran; false: stopped at the maximum. */
    steady: z.boolean(),
    /** The judged percentile of each window, in order (ms). */
    latencies: z.array(z.number()),
  }),
  z.object({
    event: z.literal('re-run'),
    phase: z.enum(['stored', 'paired', 'baseline']),
    block: count.optional(),
    cell: z.string(),
    round: count,
    variants: z.array(variant),
    /** The attempt that was discarded, from 0. */
    attempt: count,
    reason: z.string(),
    /** How long the discarded attempt took. */
    seconds: z.number().nonnegative(),
  }),
])
export type GateEvent = z.infer<typeof gateEventSchema>

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

  /** Appends one gate event (a line with an `event` key; readers of runs skip it). */
  async event(event: GateEvent): Promise<void> {
    await appendFile(this.file, `${JSON.stringify(maskInterpolated(event, this.interpolated))}\n`)
  }
}

/** A journal read back: its header and every complete run line (a torn last line is skipped). */
export async function readJournal(
  file: string,
): Promise<{ header: JournalHeader; runs: RunResult[]; events: GateEvent[]; torn: number }> {
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
  const events: GateEvent[] = []
  let torn = 0
  for (const line of lines) {
    try {
      const value: unknown = JSON.parse(line)
      if (typeof value === 'object' && value !== null && 'event' in value)
        events.push(gateEventSchema.parse(value))
      else runs.push(runResultSchema.parse(value))
    } catch {
      // Only the last line can be torn by a kill mid-write; anything else unreadable is skipped too,
      // and counted so the report can say so.
      torn++
    }
  }
  return { header, runs, events, torn }
}
