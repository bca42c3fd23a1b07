/** A partial result: which share of the matrix one runner measured (`perf-gate run --shard i/N`). */
import { z } from 'zod'
import { TEXT_LIMITS, type ResultParts } from './results-parts.js'

/** Most shards a matrix is cut into (GitHub's matrix allows 256 jobs; nobody needs that many). */
export const MAX_SHARDS = 64

/** The `shard` field: absent in a whole gate's results, present in every partial one. */
export function shardFields(p: ResultParts) {
  const { strings } = p
  return {
    /**
     * This results.json is one share of a sharded gate, to be joined by `perf-gate merge` (or the
     * action's merge mode), which checks that every partial comes from the same config, commit, mode
     * and event before it decides across all cells.
     */
    shard: z
      .object({
        /** 1-based index of this share. */
        index: z.number().int().min(1).max(MAX_SHARDS),
        /** How many shares the matrix was cut into. */
        count: z.number().int().min(1).max(MAX_SHARDS),
        /** SHA-256 of the config file and the overrides the run applied (threshold, k6 flags and version). */
        configDigest: z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hex digest'),
        /** The commit measured (GITHUB_SHA, else HEAD of the workspace), or null when unknown. */
        commit: strings.sha.nullable(),
        /** GITHUB_EVENT_NAME of the run, or "local" outside Actions. */
        event: z
          .string()
          .regex(/^[a-z_]{1,64}$/, 'expected an event name')
          .max(TEXT_LIMITS.short),
        /** The gated cells of this share (controls run in every share that needs them, and are not listed). */
        cells: z.array(strings.cell).max(5_000),
        /** gate.blockConfidence, so the merge applies Holm at the level the shards used. */
        blockConfidence: z.number().gt(0.5).lt(1).optional(),
        /** gate.onInconclusive, so the merged verdict fails the job exactly as the whole gate would. */
        onInconclusive: z.enum(['warn', 'fail']).optional(),
        /**
         * The whole config's profiles in order (with their declared policy hooks), its scenarios in
         * order, and report.reference: the merge lays out the table and computes the overhead figures
         * over every share's cells as the unsharded gate would.
         */
        layout: z
          .object({
            profiles: z
              .array(z.object({ name: strings.name, hooks: z.number().int().positive().optional() }))
              .max(1_000),
            scenarios: z.array(strings.name).max(5_000),
            reference: strings.name.nullable(),
          })
          .optional(),
      })
      .optional(),
  }
}
