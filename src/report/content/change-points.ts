/** Change points over the main branch's nightly history (stats/change-points.ts), as the report shows them. */
import type { ChangePoint, GateResults } from '../../model.js'
import { formatChange } from '../../stats/reason-text.js'
import { metricLabel } from '../format.js'

/** One change point of the main branch's nightly history, as the report shows it. */
export interface ChangePointRow {
  cell: string
  /** "night 30 (2026-01-31)". */
  night: string
  /** "+8.2% [+6.0%, +10.4%]": after / before with its interval. */
  size: string
  /** "abc1234..def5678": the last commit before and the first after. */
  commits: string
  open: boolean
}

/** Change points over the nightly history (stats/change-points.ts). */
export interface ChangePointSection {
  /** "E-divisive over 60 nights, alpha 0.05 per test". */
  method: string
  rows: ChangePointRow[]
  /** Gate mode: the open change points in one line, or null when there is none. */
  openLine: string | null
}

function shortSha(sha: string | null): string {
  return sha === null ? 'unknown' : sha.slice(0, 7)
}

function changePointRow(point: ChangePoint): ChangePointRow {
  const r = point.ratio
  return {
    cell: point.cell,
    night: `night ${point.night} (${point.createdAt.slice(0, 10)})`,
    size: `${formatChange(r.estimate)} [${formatChange(r.lower)}, ${formatChange(r.upper)}]`,
    commits: `${shortSha(point.fromSha)}..${shortSha(point.toSha)}`,
    open: point.open,
  }
}

/** Open change points named in the PR comment's head; more are counted, not listed. */
const OPEN_LINE_MAX = 3

/** The change points section; in gate mode only the open ones matter (one line). */
export function changePointSection(results: GateResults): ChangePointSection | null {
  const report = results.changePoints
  if (!report) return null
  const rows = report.points.map(changePointRow)
  const open = rows.filter((row) => row.open)
  const listed = open
    .slice(0, OPEN_LINE_MAX)
    .map((row) => `\`${row.cell}\` ${row.size} since ${row.night}, commits ${row.commits}`)
  const more = open.length > OPEN_LINE_MAX ? ` and ${open.length - OPEN_LINE_MAX} more` : ''
  return {
    method: `E-divisive over ${report.nights} nights, ${metricLabel(report.metric)}, alpha ${report.alpha} per test, at least ${report.minSize} nights per level`,
    rows,
    openLine:
      results.mode === 'gate' && open.length > 0
        ? `Open change point on the main branch (nightly history): ${listed.join('; ')}${more}.`
        : null,
  }
}
