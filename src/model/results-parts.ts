/** What every section of results.json shares: string rules, numbers, verdicts, intervals. */
import { z } from 'zod'

export type Verdict = 'pass' | 'regression' | 'inconclusive'

/** The latency percentiles a gate can compare. */
export type LatencyMetric = 'p50' | 'p90' | 'p95' | 'p99'

/**
 * Caps on results.json's free text. Generous for what a gate writes (a note may list every regressed
 * cell), but bounded: results.json also arrives from other workflows (publish mode), where a fork
 * controls it.
 */
export const TEXT_LIMITS = { short: 256, path: 4096, long: 20_000 } as const

/**
 * How results.json's strings are validated. The gate's own results use plain strings; publish mode
 * (results written by a fork's workflow) checks names strictly and defangs every free-text field. One
 * schema builder serves both, so a field added for the gate can never silently vanish in publish mode.
 */
export interface ResultsStrings {
  /** Free text (notes, reasons, versions, machine description) of at most `max` characters. */
  text: (max: number) => z.ZodType<string>
  /** A profile, scenario, service or config name. */
  name: z.ZodType<string>
  /** "profile/scenario". */
  cell: z.ZodType<string>
  /** A git commit SHA. */
  sha: z.ZodType<string>
}

/** The small shapes every section of results.json is built from, under one set of string rules. */
export function resultParts(strings: ResultsStrings) {
  const finite = z.number().finite()
  const verdict = z.enum(['pass', 'regression', 'inconclusive'])
  const metric = z.enum(['p50', 'p90', 'p95', 'p99'])
  const ratio = z.object({ estimate: finite, lower: finite, upper: finite, confidence: finite })
  const summary = z.object({
    n: z.number().int().nonnegative(),
    median: finite,
    mean: finite,
    lower: finite,
    upper: finite,
    values: z.array(finite).max(100_000),
    /** What one value is: a run, or (for a stored history) one night's geometric mean. Default 'run'. */
    unit: z.enum(['run', 'night']).optional(),
    /**
     * What [lower, upper] is: a CI of the centre (latency: of the geometric mean, see stats/descriptive),
     * a prediction interval for a new night (history), or nothing (fewer than two values).
     */
    interval: z.enum(['confidence', 'prediction', 'none']).optional(),
  })
  const interval = z.object({ estimate: finite, lower: finite, upper: finite, confidence: finite })
  return { strings, finite, verdict, metric, ratio, summary, interval }
}
export type ResultParts = ReturnType<typeof resultParts>
