/** The benchmark's one table, as markdown. Pure. */
import { median } from '../src/stats/index.js'
import type { GateTiming, VariantLabel } from './pool.js'
import type { PoolNoise, Tally } from './replay.js'

export interface TableRow {
  mode: string
  setting: VariantLabel
  tally: Tally
  /** The noise the mode works against, already formatted. */
  noise: string
  /** Median pairs or runs per decision. */
  size: number
}

const SETTING_TEXT: Record<VariantLabel, string> = { A: 'A/A', B5: '+5%', B10: '+10%', B20: '+20%' }

function pct(count: number, total: number): string {
  return total === 0 ? '-' : `${((100 * count) / total).toFixed(1)}%`
}

function signed(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '-'
  const change = (ratio - 1) * 100
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`
}

/** Median wall time of a mode's real gates, with how many there were. */
export function wallTime(gates: readonly GateTiming[], mode: GateTiming['mode']): string {
  const times = gates.filter((g) => g.mode === mode).map((g) => g.wallS)
  if (times.length === 0) return 'not measured'
  const m = median(times)
  return `${Math.floor(m / 60)}m${String(Math.round(m % 60)).padStart(2, '0')}s (n=${times.length})`
}

export function markdownTable(
  rows: readonly TableRow[],
  noise: PoolNoise,
  gates: readonly GateTiming[],
): string {
  const header = [
    '| mode | setting | realised effect | decisions | pairs/runs per gate | regression | inconclusive | pass | noise | median gate wall time |',
    '|---|---|---|---:|---:|---:|---:|---:|---|---|',
  ]
  const lines = rows.map((row) => {
    const { tally } = row
    const rate = row.setting === 'A' ? 'false alarm' : 'detected'
    const regression = tally.skipped
      ? `n/a (${tally.skipped})`
      : `${pct(tally.regression, tally.decisions)} ${rate}`
    const wallMode = row.mode.startsWith('paired') ? 'paired' : 'stored'
    return [
      row.mode,
      SETTING_TEXT[row.setting],
      row.setting === 'A' ? '0 (identical)' : signed(noise.realisedRatio[row.setting]),
      String(tally.decisions),
      String(row.size),
      regression,
      pct(tally.inconclusive, tally.decisions),
      pct(tally.pass, tally.decisions),
      row.noise,
      wallTime(gates, wallMode),
    ].join(' | ')
  })
  return [...header, ...lines.map((l) => `| ${l} |`)].join('\n')
}
