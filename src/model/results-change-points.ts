/** Change points of the nightly history in results.json (stats/change-points.ts). */
import { z } from 'zod'
import { TEXT_LIMITS, type ResultParts } from './results-parts.js'

/** The `changePoints` field. */
export function changePointsFields(p: ResultParts) {
  const { strings, finite, metric, ratio } = p
  return {
    /**
     * Change points in the stored baseline's nightly history (stats/change-points.ts): each cell's
     * persistent shifts, with the size (after/before, interval) and the commits between which it
     * appeared. Baseline mode: over the history including this night; gate mode: the stored history.
     * Absent when there was no history to test.
     */
    changePoints: z
      .object({
        method: z.literal('e-divisive'),
        metric,
        alpha: finite,
        permutations: z.number().int().positive(),
        minSize: z.number().int().positive(),
        /** Nights in the history tested. */
        nights: z.number().int().nonnegative(),
        points: z
          .array(
            z.object({
              cell: strings.cell,
              /** Index of the first night of the new level in the baseline's nights (oldest first). */
              night: z.number().int().nonnegative(),
              createdAt: strings.text(TEXT_LIMITS.short),
              nightsBefore: z.number().int().nonnegative(),
              nightsAfter: z.number().int().nonnegative(),
              /** Geometric mean after / before, Welch t interval on the log scale. */
              ratio,
              /** Commit of the last night before the change (null when unknown). */
              fromSha: strings.sha.nullable(),
              /** Commit of the first night after it. */
              toSha: strings.sha.nullable(),
              /** The cell's most recent change point, not undone by a return to the earlier level. */
              open: z.boolean(),
            }),
          )
          .max(5_000),
      })
      .optional(),
  }
}
