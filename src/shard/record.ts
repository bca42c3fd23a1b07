/** What a share adds to its results.json: the `shard` record and a note that the verdict is partial. Pure. */
import type { GateResults, ShardRecord } from '../model.js'

/** How the partial note starts; the merge leaves these notes out of the joined results. */
export const PARTIAL_NOTE = 'Partial results:'

/** The results of a share, with its record (the commit is the one the gate measured) and the note. */
export function recordShard(results: GateResults, shard: Omit<ShardRecord, 'commit'>): GateResults {
  return {
    ...results,
    shard: { ...shard, commit: results.gitSha },
    notes: [
      `${PARTIAL_NOTE} shard ${shard.index}/${shard.count}, ${shard.cells.length} of the gate's gated cells (${shard.cells.join(', ')}); its verdict is not the gate's until \`perf-gate merge\` (or the action's merge mode) joins every shard with Holm across all cells.`,
      ...results.notes,
    ],
  }
}
