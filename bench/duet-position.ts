/**
 * The duet's position effect, from recorded journals: in a duet both variants of a cell run at once
 * from one k6 process, one target listed first and one second (drawn per pair), and the listing
 * decides each stream's arrival offset within the period (scenarios/lib/options.js). If a position
 * costs more, its variant reads slower whichever variant it is, and the per-pair ratio candidate /
 * baseline carries that cost with a random sign: unbiased, but noisy.
 *
 *   npm run bench:duet-position -- JOURNAL... [--min-pairs 4]
 *
 * Per cell and metric (P95, and CPU per request where the runs carry it): the pairs, the mean change
 * of the first-listed run against the second-listed one with its t statistic, the sd of the log
 * ratio candidate / baseline as the gate reads it, and the sd left when the position is fitted out
 * (least squares of the log ratio on an intercept and the candidate's position, n - 2 df). A duet's
 * two results are journaled in the listed order (src/gate/measure.ts), which is how the position is
 * read back. Not a test: it reads files and prints numbers.
 */
import { Command, InvalidArgumentError } from 'commander'
import { readJournal } from '../src/gate/journal.js'
import { duetPairs, positionRow, type PositionPair } from './duet-position-pairs.js'

const positiveInt = (value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer')
  return n
}

async function main(files: string[], options: { minPairs: number }): Promise<void> {
  const pooled = new Map<string, PositionPair[]>()
  for (const file of files) {
    const { runs } = await readJournal(file)
    for (const [key, pairs] of duetPairs(runs)) pooled.set(key, [...(pooled.get(key) ?? []), ...pairs])
  }
  const lines = [
    `| cell | metric | pairs | first listed vs second (t) | sd of log ratio | sd, position fitted out |`,
    `|---|---|--:|--:|--:|--:|`,
  ]
  for (const key of [...pooled.keys()].sort()) {
    const [cell, metric] = key.split('|') as [string, 'p95' | 'cpu']
    const row = positionRow(cell, metric, pooled.get(key) ?? [])
    if (!row || row.pairs < options.minPairs) continue
    const sign = row.firstVsSecondPct >= 0 ? '+' : ''
    lines.push(
      `| ${cell} | ${metric === 'cpu' ? 'CPU per request' : 'P95'} | ${row.pairs} | ${sign}${row.firstVsSecondPct.toFixed(1)}% (${row.firstVsSecondT.toFixed(1)}) | ${row.sdRatio.toFixed(3)} | ${row.sdPositionFitted?.toFixed(3) ?? '-'} |`,
    )
  }
  process.stdout.write(`${files.length} journal(s)\n\n${lines.join('\n')}\n`)
}

await new Command('bench:duet-position')
  .description("the duet's position effect per cell, from journals")
  .argument('<journals...>', 'runs.jsonl files (a gate journal each)')
  .option('--min-pairs <n>', 'leave out cells with fewer pairs', positiveInt, 4)
  .action(main)
  .parseAsync(process.argv.slice(2), { from: 'user' })
