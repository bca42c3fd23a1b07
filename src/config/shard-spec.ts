/** `--shard i/N` and the action input `shard`: which share of a sharded gate to measure. */
import { MAX_SHARDS } from '../model/results-shard.js'

/** Share `index` (1-based) of `count`. */
export interface ShardSpec {
  index: number
  count: number
}

/** Parses "i/N" (1 <= i <= N <= MAX_SHARDS); null when it is not that. */
export function parseShard(text: string): ShardSpec | null {
  const match = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(text)
  if (!match) return null
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) return null
  return { index, count }
}

/** What "i/N" must look like, for error messages. */
export const SHARD_FORMAT = `"i/N" with 1 <= i <= N <= ${MAX_SHARDS}, e.g. 2/3`
