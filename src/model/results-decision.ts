/** How the gate decided: the stored phase, the paired blocks, a regression accepted on purpose. */
import { z } from 'zod'
import { TEXT_LIMITS, type ResultParts } from './results-parts.js'

/** results.json fields that say which evidence the gate weighed and what overrode it. */
export function decisionFields(p: ResultParts) {
  const { strings, finite, verdict, ratio } = p
  return {
    /** The stored comparison when the gate had a stored phase and paired blocks decided. */
    storedPhase: z
      .object({
        verdict,
        runner: z.object({
          status: z.enum(['same', 'differs', 'unknown']),
          reasons: z.array(strings.text(TEXT_LIMITS.long)).max(100),
        }),
        cells: z
          .array(
            z.object({
              cell: strings.cell,
              control: z.boolean(),
              verdict,
              changePct: finite.nullable(),
              ratio: ratio.nullable(),
            }),
          )
          .max(5_000),
      })
      .nullable()
      .optional(),
    /** Paired blocks run, and pairs per cell, when the gate ran paired A/B blocks. */
    paired: z
      .object({
        blocks: z.number().int().nonnegative(),
        pairs: z.number().int().nonnegative(),
        pairing: z.enum(['duet', 'interleaved']),
      })
      .nullable()
      .optional(),
    /**
     * A regression the pull request accepts on purpose (a PR label, or the CLI's --accept-regression):
     * still measured and shown, but the job does not fail. `verdict` and the cells' verdicts stay
     * `regression`; this says by what and why. Absent when nothing was accepted.
     */
    acceptedRegression: z
      .object({
        by: z.enum(['label', 'flag']),
        /** The label that accepted it (by: label). */
        label: strings.text(TEXT_LIMITS.short).optional(),
        /** The pull request that carries the label (by: label). */
        pullRequest: z.number().int().positive().optional(),
        /** Why, in one line: the flag's text, or which label on which pull request. */
        reason: strings.text(TEXT_LIMITS.long),
        /** The gated cells whose regression was accepted. */
        cells: z.array(strings.cell).max(5_000),
      })
      .optional(),
  }
}
