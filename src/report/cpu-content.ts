/**
 * The gateway CPU per request in the report: a table with a row per cell (both sides with their
 * intervals, the ratio, its verdict, its noise) and one line for the head of the PR comment. Pure.
 */
import type { CellComparison, GateResults, SampleSummary } from '../model.js'
import { formatSignedPct, roundForDisplay, type FigureTable } from './format.js'

/** Cells named in the comment's line; with more, the line counts verdicts instead. */
const LINE_MAX_CELLS = 3

type Cpu = NonNullable<CellComparison['cpuPerRequest']>

function summaryText(summary: SampleSummary | null): string {
  if (!summary || summary.n === 0) return '—'
  if (summary.n < 2) return `${roundForDisplay(summary.mean)} µs`
  return `${roundForDisplay(summary.mean)} µs [${roundForDisplay(summary.lower)}, ${roundForDisplay(summary.upper)}]`
}

function changeText(cpu: Cpu): string {
  const r = cpu.ratio
  if (r)
    return `${formatSignedPct((r.estimate - 1) * 100)} [${formatSignedPct((r.lower - 1) * 100)}, ${formatSignedPct((r.upper - 1) * 100)}]`
  return cpu.changePct === null ? '—' : `${formatSignedPct(cpu.changePct)} (no interval)`
}

function verdictText(cell: CellComparison, cpu: Cpu): string {
  if (cell.control) return `${cpu.verdict} (control)`
  return cpu.gated ? cpu.verdict : `${cpu.verdict} (reported)`
}

/** The table: one row per cell that has a CPU comparison; null when none has. */
export function cpuPerRequestTable(results: GateResults): FigureTable | null {
  const cells = results.cells.filter((c) => c.cpuPerRequest)
  if (cells.length === 0) return null
  const level = `${Math.round(results.confidence * 100)}% CI`
  const gated = cells.some((c) => c.cpuPerRequest?.gated)
  const only = cells.some((c) => c.cpuPerRequest?.only)
  const how = only ? "gated in latency's place" : gated ? 'gated beside latency' : 'reported, not gated'
  return {
    title: `Gateway CPU per request: CPU µs of the target service per request over the load window (cgroup counter), ${level}; ${how}`,
    headers: [
      'Level',
      'Profile',
      'Service',
      'Baseline',
      'Candidate',
      'Change',
      'Verdict',
      'σ log ratio',
      'Detectable',
    ],
    rows: cells.map((cell) => {
      const cpu = cell.cpuPerRequest as Cpu
      return [
        cell.scenario,
        cell.profile,
        cpu.service,
        summaryText(cpu.baseline),
        summaryText(cpu.candidate),
        changeText(cpu),
        verdictText(cell, cpu),
        cpu.sigmaLogRatio === undefined || cpu.sigmaLogRatio === null ? '—' : cpu.sigmaLogRatio.toFixed(3),
        cpu.minDetectablePct === undefined || cpu.minDetectablePct === null
          ? '—'
          : formatSignedPct(cpu.minDetectablePct, 0),
      ]
    }),
  }
}

/**
 * One line for the comment's head, e.g. "Gateway CPU per request (reported): `nginx/rate` 41.2 µs,
 * +1.3% [-2.0%, +4.7%]"; with more gated cells than fit one line, the count per verdict.
 */
export function cpuPerRequestLine(results: GateResults): string | null {
  if (results.mode === 'baseline') return null
  const cells = results.cells.filter((c) => !c.control && c.cpuPerRequest)
  if (cells.length === 0) return null
  const how = cells.some((c) => c.cpuPerRequest?.only)
    ? "gated in latency's place: the verdicts are its, the table's change is P95's"
    : cells.some((c) => c.cpuPerRequest?.gated)
      ? 'gated'
      : 'reported'
  if (cells.length > LINE_MAX_CELLS) {
    const count = (v: string) => cells.filter((c) => c.cpuPerRequest?.verdict === v).length
    const parts = (['regression', 'inconclusive', 'pass'] as const)
      .map((v) => [v, count(v)] as const)
      .filter(([, n]) => n > 0)
      .map(([v, n]) => `${n} ${v}`)
    return `Gateway CPU per request (${how}): ${parts.join(', ')} of ${cells.length} cells (table below).`
  }
  const listed = cells.map((cell) => {
    const cpu = cell.cpuPerRequest as Cpu
    const value = cpu.candidate.n > 0 ? ` ${roundForDisplay(cpu.candidate.mean)} µs,` : ''
    return `\`${cell.cell}\`${value} ${changeText(cpu)}${cpu.gated ? ` ${cpu.verdict}` : ''}`
  })
  return `Gateway CPU per request (${how}): ${listed.join('; ')}`
}
