/**
 * The baseline file: per-run samples of every cell from the nightly baseline runs on the default
 * branch, newest night last, capped to a rolling history. Versioned and validated on read, so a file
 * from a future or foreign format is a clear error rather than a silently wrong comparison.
 */
import { z } from 'zod'
import { machineFingerprintSchema, runResultSchema } from '../model.js'

export const BASELINE_SCHEMA_VERSION = 1

export const baselineNightSchema = z.object({
  createdAt: z.string(),
  gitSha: z.string().nullable(),
  k6Version: z.string().nullable(),
  machine: machineFingerprintSchema,
  /** Measured runs only (warm-up excluded), candidate variant. */
  runs: z.array(runResultSchema),
})
export type BaselineNight = z.infer<typeof baselineNightSchema>

export const baselineFileSchema = z.object({
  schemaVersion: z.literal(BASELINE_SCHEMA_VERSION),
  name: z.string(),
  metric: z.enum(['p50', 'p90', 'p95', 'p99']),
  /** Oldest first; the last entry is the most recent night. */
  nights: z.array(baselineNightSchema).min(1),
})
export type BaselineFile = z.infer<typeof baselineFileSchema>

/** Appends a night and keeps the newest `keep` nights. */
export function appendNight(
  existing: BaselineFile | null,
  night: BaselineNight,
  base: Omit<BaselineFile, 'nights'>,
  keep: number,
): BaselineFile {
  const nights = [...(existing?.nights ?? []), night].slice(-keep)
  return { ...base, nights }
}

/** Runs of one cell, grouped per night (oldest first), skipping nights that lack the cell. */
export function cellHistory(baseline: BaselineFile, cell: string): BaselineNight['runs'][] {
  return baseline.nights
    .map((night) => night.runs.filter((run) => run.cell === cell))
    .filter((runs) => runs.length > 0)
}

/** Age in days of the newest night. */
export function baselineAgeDays(baseline: BaselineFile, now: Date): number {
  const newest = baseline.nights[baseline.nights.length - 1]
  if (!newest) return Number.POSITIVE_INFINITY
  return (now.getTime() - new Date(newest.createdAt).getTime()) / 86_400_000
}
