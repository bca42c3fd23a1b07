/**
 * Arena scenarios: one ranking per scenario across its profiles (by median score), which neighbours
 * differ significantly, and a cell's arena statistics in the details.
 */
import { ENTERPRISE_DIMENSIONS } from '../../config/schema/arena-enterprise.js'
import {
  arenaDimensionNames,
  type CellComparison,
  type GateResults,
  type SampleSummary,
} from '../../model.js'
import { welchPValue } from '../../stats/arena-comparison.js'
import { formatPValue, verdictIcon } from '../format.js'
import { verdictLabel } from './cell-rows.js'

const ARENA_DIMENSION_ORDER = arenaDimensionNames

/** One gateway (profile) of an arena scenario, ranked by its median score. */
export interface ArenaRow {
  rank: number
  profile: string
  /** "87.3 [85.1, 89.4]": median, and the t CI of the mean over runs (seed 002's CI95). */
  score: string
  runs: number
  /** Median score per dimension, in ARENA order. */
  dimensions: string[]
  /** Against the baseline, when there is one: "-3.2 points [-5.0, -1.4]". */
  change: string
  verdictLabel: string
}

/** The ranking of one arena scenario across profiles, and which differences are significant. */
export interface ArenaTable {
  scenario: string
  /** What the score is: layer 0's composite score, or layer 1's Enterprise Readiness Index. */
  index: 'score' | 'ERI'
  dimensions: string[]
  rows: ArenaRow[]
  /** For each pair of neighbours in the ranking, the dimensions whose scores differ (Welch, p < 0.05). */
  significant: string[]
}

const ARENA_LABELS: Record<string, string> = {
  sequential: 'Sequential',
  burst50: 'Burst 50',
  burst100: 'Burst 100',
  availability: 'Availability',
  errorRate: 'Error rate',
  consistency: 'Consistency',
  rampUp: 'Ramp-up',
  mcpDiscovery: 'MCP discovery',
  mcpToolExec: 'MCP tool exec',
  authChain: 'Auth chain',
  policyEngine: 'Policy engine',
  guardrails: 'Guardrails',
  rateLimiting: 'Rate limiting',
  resilience: 'Resilience',
  governance: 'Governance',
}

type Arena = NonNullable<CellComparison['arena']>
type Dimension = (typeof ARENA_DIMENSION_ORDER)[number]

/** Per arena scenario, its profiles ranked by median score (the seed's statistic). */
export function arenaTables(results: GateResults): ArenaTable[] {
  const byScenario = new Map<string, CellComparison[]>()
  for (const cell of results.cells) {
    if (!cell.arena) continue
    byScenario.set(cell.scenario, [...(byScenario.get(cell.scenario) ?? []), cell])
  }
  return [...byScenario].map(([scenario, cells]) => arenaTable(scenario, cells, results.mode))
}

function arenaTable(scenario: string, cells: CellComparison[], mode: GateResults['mode']): ArenaTable {
  // A layer's own dimensions: layer 0's seven, or layer 1's eight.
  const order = ARENA_DIMENSION_ORDER.filter((dim) => cells.some((c) => c.arena?.dimensions[dim]))
  const ranked = [...cells].sort(
    (a, b) => (b.arena?.candidate.median ?? 0) - (a.arena?.candidate.median ?? 0),
  )
  return {
    scenario,
    index: order.some((dim) => (ENTERPRISE_DIMENSIONS as readonly string[]).includes(dim)) ? 'ERI' : 'score',
    dimensions: order.map((dim) => ARENA_LABELS[dim] as string),
    rows: ranked.map((cell, i) => arenaRow(cell, i + 1, order, mode)),
    significant: neighbourDifferences(ranked, order),
  }
}

function arenaRow(
  cell: CellComparison,
  rank: number,
  order: Dimension[],
  mode: GateResults['mode'],
): ArenaRow {
  const a = cell.arena as Arena
  const d = a.difference
  return {
    rank,
    profile: cell.profile,
    score:
      a.candidate.n === 0
        ? '—'
        : `${a.candidate.median.toFixed(1)} [${a.candidate.lower.toFixed(1)}, ${a.candidate.upper.toFixed(1)}]`,
    runs: a.candidate.n,
    dimensions: order.map((dim) => dimensionCell(a.dimensions[dim])),
    change: d
      ? `${d.estimate >= 0 ? '+' : ''}${d.estimate.toFixed(1)} points [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]`
      : '—',
    verdictLabel: verdictLabel(cell, mode, a.verdict),
  }
}

/** A dimension's median; a gated (layer 1) dimension that did not pass carries its verdict's icon. */
function dimensionCell(d: Arena['dimensions'][Dimension]): string {
  if (!d) return '—'
  const verdict = d.gate?.verdict
  return verdict && verdict !== 'pass'
    ? `${d.median.toFixed(1)} ${verdictIcon(verdict)}`
    : d.median.toFixed(1)
}

/** A gated dimension against its baseline: "-95.0 points [-95.4, -94.6], p 0.0001 (Holm 0.0009): regression". */
function dimensionGateText(gate: NonNullable<Arena['dimensions'][Dimension]>['gate']): string {
  if (!gate) return ''
  const d = gate.difference
  const diff = d
    ? `${d.estimate >= 0 ? '+' : ''}${d.estimate.toFixed(1)} points [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]`
    : 'not compared'
  const p =
    gate.pValue === null
      ? ''
      : `, p ${formatPValue(gate.pValue)}${gate.adjustedPValue === null ? '' : ` (Holm ${formatPValue(gate.adjustedPValue)})`}`
  return `; vs baseline ${diff}${p}: ${gate.verdict}`
}

/** For each pair of neighbours in the ranking: the score's p-value and the dimensions that differ. */
function neighbourDifferences(ranked: CellComparison[], order: Dimension[]): string[] {
  const significant: string[] = []
  for (let i = 0; i + 1 < ranked.length; i++) {
    const upper = ranked[i]?.arena
    const lower = ranked[i + 1]?.arena
    if (!upper || !lower) continue
    const differing = order.filter((dim) => {
      const p = welchPValue(upper.dimensions[dim]?.values ?? [], lower.dimensions[dim]?.values ?? [])
      return p !== null && p < 0.05
    })
    const scoreP = welchPValue(upper.candidate.values, lower.candidate.values)
    significant.push(
      `${ranked[i]?.profile} vs ${ranked[i + 1]?.profile}: score ${scoreP === null ? 'n/a' : `p ${formatPValue(scoreP)}`}; ${differing.length === 0 ? 'no dimension differs significantly' : `differs in ${differing.map((dim) => ARENA_LABELS[dim]).join(', ')}`} (Welch t per dimension, p < 0.05, uncorrected)`,
    )
  }
  return significant
}

/** An arena cell's rows in the details: both scores, each dimension, and the verdict that decides. */
export function arenaStatistics(a: Arena): Array<[string, string]> {
  const stats: Array<[string, string]> = []
  const line = (x: SampleSummary) =>
    `median ${x.median.toFixed(1)}, mean ${x.mean.toFixed(1)}, CI [${x.lower.toFixed(1)}, ${x.upper.toFixed(1)}], n = ${x.n}`
  stats.push(['Candidate arena score', line(a.candidate)])
  if (a.baseline) stats.push(['Baseline arena score', line(a.baseline)])
  for (const dim of ARENA_DIMENSION_ORDER) {
    const d = a.dimensions[dim]
    if (d)
      stats.push([
        `Arena ${ARENA_LABELS[dim]}`,
        `median ${d.median.toFixed(1)}, CI [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]${dimensionGateText(d.gate)}`,
      ])
  }
  stats.push(['Arena verdict (decides the cell)', a.verdict])
  return stats
}
