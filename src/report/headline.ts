/**
 * The verdict in one line, the one place that words it: the report's headline, the job's failure or
 * warning annotation, and the CLI's last lines all come from `headline`, so they cannot disagree on
 * what the gate decided. It lives with the report builders, below the gate, so the report needs
 * nothing from the gate. Pure: no I/O.
 */
import type { CellComparison, GateResults, Verdict } from '../model.js'
import { formatSignedPct, verdictIcon } from './format.js'

/** The verdict a job reports: the gate's, or `accepted` for a regression accepted on purpose. */
export type VerdictOutput = GateResults['verdict'] | 'accepted'

/** The job's verdict output: `accepted` when a regression was accepted, else the gate's verdict. */
export function verdictOutput(results: GateResults): VerdictOutput {
  return results.verdict === 'regression' && results.acceptedRegression ? 'accepted' : results.verdict
}

/**
 * Where the headline goes: `report` (markdown, HTML, with an icon), `log` (the action's annotation,
 * plain text, with the reason a regression was accepted), `terminal` (the CLI's verdict line, which
 * scripts grep: `perf-gate verdict: REGRESSION (regressed: a/b)`).
 */
export type HeadlineStyle = 'report' | 'log' | 'terminal'

const cellsWord = (k: number): string => (k === 1 ? 'cell' : 'cells')

function gatedWith(cells: readonly CellComparison[], verdict: Verdict): CellComparison[] {
  return cells.filter((cell) => !cell.control && cell.verdict === verdict)
}

/** "perf-gate: regression in 2 of 4 cells", without an icon. */
function sentence(results: GateResults): string {
  const n = results.cells.filter((cell) => !cell.control).length
  if (results.mode === 'baseline')
    return `perf-gate: baseline recorded for ${results.cells.length} ${cellsWord(results.cells.length)}`
  // One share of a sharded gate: its verdict is partial; the merge decides across all cells.
  if (results.shard)
    return `perf-gate shard ${results.shard.index}/${results.shard.count}: partial verdict ${results.verdict}; the merge (perf-gate merge, or the action's mode: merge) decides across all cells`
  switch (results.verdict) {
    case 'regression': {
      const k = gatedWith(results.cells, 'regression').length
      const what = k > 0 ? `regression in ${k} of ${n} ${cellsWord(n)}` : 'regression'
      // Accepted on purpose (a PR label, --accept-regression): still a regression, but not failing.
      return `perf-gate: ${what}${results.acceptedRegression ? ' accepted' : ''}`
    }
    case 'inconclusive': {
      const k = gatedWith(results.cells, 'inconclusive').length
      return k > 0 ? `perf-gate: inconclusive in ${k} of ${n} ${cellsWord(n)}` : 'perf-gate: inconclusive'
    }
    case 'pass':
      return `perf-gate: pass (${n} ${cellsWord(n)} within ${formatSignedPct(results.threshold * 100, 0)})`
  }
}

function icon(results: GateResults): string {
  if (results.mode === 'baseline') return '📦'
  if (results.verdict === 'regression' && results.acceptedRegression) return '☑️'
  return verdictIcon(results.verdict)
}

/** The verdict in one line (the terminal's: two when a regression was accepted), worded for `style`. */
export function headline(results: GateResults, style: HeadlineStyle = 'report'): string {
  const accepted = results.acceptedRegression
  if (style === 'report') return `${icon(results)} ${sentence(results)}`
  if (style === 'log') return `${sentence(results)}${accepted ? ` (${accepted.reason})` : ''}`
  const regressed = gatedWith(results.cells, 'regression').map((c) => c.cell)
  const verdict =
    results.mode === 'baseline'
      ? 'baseline written'
      : results.shard
        ? `shard ${results.shard.index}/${results.shard.count} partial verdict: ${results.verdict.toUpperCase()} (join the shards with perf-gate merge)`
        : `verdict: ${verdictOutput(results).toUpperCase()}`
  return (
    `perf-gate ${verdict}` +
    (regressed.length > 0 ? ` (regressed: ${regressed.join(', ')})` : '') +
    (accepted ? `\naccepted: ${accepted.reason}` : '')
  )
}
