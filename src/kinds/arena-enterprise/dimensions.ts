/**
 * Gating layer 1's dimensions (enterprise.gateDimensions, on by default): each configured dimension's
 * score is compared with the baseline's exactly as the ERI is (points, Welch t against stored runs,
 * paired t over A/B pairs, the three-way verdict against gate.threshold x the baseline's mean, higher
 * is better), and the ERI and the dimensions of every layer 1 cell are one Holm family: any of them
 * blocks the cell, so together they must keep the chance of a false block at alpha. A capability the
 * candidate lost (a dimension that falls to 0) then blocks even when the ERI's drop stays under the
 * threshold: a 5%-weight dimension moves the ERI by at most 5 points. Pure.
 */
import type { Config, EnterpriseDimension } from '../../config/schema.js'
import { ENTERPRISE_DIMENSIONS } from '../../config/schema.js'
import type { ArenaComparison, CellComparison, RunResult } from '../../model.js'
import { compareArena, scoreVerdict } from '../../stats/arena-comparison.js'
import { combinedVerdict } from '../../stats/cpu-per-request.js'
import { HOLM_DOWNGRADE, holmAdjust } from '../../stats/multiple-testing.js'
import { formatP } from '../../stats/reason-text.js'
import type { KindComparisonInput } from '../kind.js'

type DimensionGate = NonNullable<NonNullable<ArenaComparison['dimensions'][EnterpriseDimension]>['gate']>

/** The report's name of each dimension (as the arena table's columns). */
export const DIMENSION_LABELS: Record<EnterpriseDimension, string> = {
  mcpDiscovery: 'MCP discovery',
  mcpToolExec: 'MCP tool exec',
  authChain: 'Auth chain',
  policyEngine: 'Policy engine',
  guardrails: 'Guardrails',
  rateLimiting: 'Rate limiting',
  resilience: 'Resilience',
  governance: 'Governance',
}

/** The dimensions a scenario gates: its configured ones, unless gateDimensions is false. */
export function gatedDimensions(
  scenario: KindComparisonInput['scenario'] | undefined,
): EnterpriseDimension[] {
  const enterprise = scenario?.enterprise
  if (!enterprise || enterprise.gateDimensions === false) return []
  return ENTERPRISE_DIMENSIONS.filter((d) => enterprise.dimensions[d] !== undefined)
}

/** The runs with the dimension's score in the place of the ERI, so the ERI's comparison applies as is. */
function asDimension(runs: readonly RunResult[], dimension: EnterpriseDimension): RunResult[] {
  return runs.map((r) =>
    r.arena ? { ...r, arena: { ...r.arena, score: r.arena.dimensions[dimension]?.score ?? 0 } } : r,
  )
}

/**
 * Compares each gated dimension of a layer 1 cell with the baseline; returns the arena comparison with
 * each gated dimension's `gate` filled, and one reason per dimension (one for all when none could be
 * compared). The verdicts are before Holm: settleEnterprise corrects them.
 */
export function compareDimensions(
  input: KindComparisonInput,
  arena: ArenaComparison,
): { arena: ArenaComparison; reasons: string[] } {
  const gated = gatedDimensions(input.scenario)
  if (gated.length === 0 || input.baselineRuns === null) return { arena, reasons: [] }
  const dimensions = { ...arena.dimensions }
  const reasons: string[] = []
  let uncompared = 0
  for (const d of gated) {
    const { arena: own } = compareArena({
      method: input.method,
      candidateRuns: asDimension(input.candidateRuns, d),
      baselineRuns: asDimension(input.baselineRuns, d),
      threshold: input.gate.threshold,
      confidence: input.gate.confidence,
    })
    const gate = dimensionGate(own)
    const entry = dimensions[d]
    if (entry) dimensions[d] = { ...entry, gate }
    if (!own.difference) {
      uncompared++
      continue
    }
    reasons.push(dimensionReason(d, gate, own, input.gate.threshold))
  }
  if (uncompared > 0 && arena.baseline !== null)
    reasons.push(`${uncompared} gated dimension(s) not compared: too few runs (or pairs) per side`)
  return { arena: { ...arena, dimensions }, reasons }
}

/**
 * A dimension's gate from the ERI's comparison applied to it. A baseline that scored the dimension 0
 * on every run has nothing to lose: the candidate cannot score lower, so it passes.
 */
function dimensionGate(own: ArenaComparison): DimensionGate {
  const baselineMean = own.baseline && own.baseline.n > 0 ? own.baseline.mean : null
  const nothingToLose = baselineMean === 0 && own.baseline?.values.every((v) => v === 0) === true
  return {
    difference: own.difference,
    baselineMean,
    pValue: own.pValue,
    adjustedPValue: null,
    test: own.test,
    verdict: nothingToLose ? 'pass' : own.verdict,
  }
}

function dimensionReason(
  d: EnterpriseDimension,
  gate: DimensionGate,
  own: ArenaComparison,
  threshold: number,
): string {
  const test = gate.test === 'paired-t' ? 'paired t' : 'Welch t'
  const head = `dimension ${DIMENSION_LABELS[d]} (${test}, p ${formatP(gate.pValue ?? 1)})`
  if (gate.baselineMean === 0 && gate.verdict === 'pass')
    return `${head}: 0 points on the baseline and the candidate: nothing to lose, pass`
  const difference = own.difference as NonNullable<ArenaComparison['difference']>
  const { reason } = scoreVerdict(difference, gate.baselineMean ?? 0, threshold)
  return `${head}: ${reason.replace(/^score /, '')}: ${gate.verdict}`
}

/**
 * The layer 1 cells' verdicts: Holm across the ERI and the gated dimensions of every layer 1 cell
 * that gates its dimensions (a regression whose adjusted p-value is not below 1 - confidence becomes
 * inconclusive, with the reason), then each cell's verdict from its ERI and dimensions (any
 * regression blocks; a pass needs every one to pass). A cell with gateDimensions false keeps its ERI's
 * verdict, uncorrected as layer 0's score. Changes only layer 1 cells.
 */
export function settleEnterprise(cells: CellComparison[], config: Config): CellComparison[] {
  const scenarioOf = (cell: CellComparison) => config.scenarios.find((s) => s.name === cell.scenario)
  const isGating = (cell: CellComparison) =>
    !cell.control && cell.arena !== undefined && gatedDimensions(scenarioOf(cell)).length > 0
  type Hypothesis = { cell: CellComparison; dimension: EnterpriseDimension | null; p: number }
  const family: Hypothesis[] = []
  for (const cell of cells.filter(isGating)) {
    const a = cell.arena as ArenaComparison
    if (a.pValue !== null) family.push({ cell, dimension: null, p: a.pValue })
    for (const d of gatedDimensions(scenarioOf(cell))) {
      const p = a.dimensions[d]?.gate?.pValue
      if (p !== null && p !== undefined) family.push({ cell, dimension: d, p })
    }
  }
  const adjusted = holmAdjust(family.map((h) => h.p))
  const adjustedOf = (cell: CellComparison, dimension: EnterpriseDimension | null) => {
    const i = family.findIndex((h) => h.cell === cell && h.dimension === dimension)
    return i < 0 ? null : (adjusted[i] as number)
  }
  const size = `${family.length} hypotheses (the ERI and each gated dimension of every layer 1 cell)`
  return cells.map((cell) => {
    if (!isGating(cell)) return cell.arena ? { ...cell, verdict: cell.arena.verdict } : cell
    const a = cell.arena as ArenaComparison
    const alpha = 1 - (a.difference?.confidence ?? 0.95)
    const needs = `needs < ${Number(alpha.toPrecision(3))}`
    const reasons = [...cell.reasons]
    const corrected = (what: string, verdict: ArenaComparison['verdict'], p: number | null) => {
      if (verdict !== 'regression' || p === null || p < alpha) return verdict
      reasons.push(
        `${what} drop ${HOLM_DOWNGRADE} ${size} (adjusted p ${formatP(p)}, ${needs}): regression downgraded to inconclusive`,
      )
      return 'inconclusive' as const
    }
    const eriP = adjustedOf(cell, null)
    let verdict = corrected('ERI', a.verdict, eriP)
    const dimensions = { ...a.dimensions }
    for (const d of gatedDimensions(scenarioOf(cell))) {
      const entry = dimensions[d]
      if (!entry?.gate) continue
      const p = adjustedOf(cell, d)
      const gate = { ...entry.gate, adjustedPValue: p }
      gate.verdict = corrected(DIMENSION_LABELS[d], gate.verdict, p)
      dimensions[d] = { ...entry, gate }
      verdict = combinedVerdict(verdict, gate.verdict)
    }
    const arena = { ...a, dimensions, adjustedPValue: eriP, verdict }
    return { ...cell, arena, verdict, reasons }
  })
}
