/**
 * Multiple testing across cells. A gate compares many cells at once; at 95% each, ten unchanged
 * cells would flag at least one about 40% of the time. Holm-Bonferroni keeps the chance of any false
 * regression across the family at alpha, is never less powerful than Bonferroni, and needs no
 * assumption about how cells are correlated (they share a runner, so they are).
 */
import type { CellComparison } from '../model.js'
import { formatP } from './reason-text.js'
import { gatedCellVerdict } from './cpu-per-request.js'

/** How the reason applyHolm adds to a downgraded cell starts; beforeHolm finds it by this. */
export const HOLM_DOWNGRADE = 'not significant after Holm correction across'
/** The same for a CPU-per-request downgrade (gate.cpuPerRequest: gate). */
export const CPU_HOLM_DOWNGRADE = `CPU per request ${HOLM_DOWNGRADE}`

/**
 * Holm step-down adjusted p-values, in the order given: sort ascending, multiply the i-th smallest
 * (0-based) by (m - i), carry the running maximum so adjusted values keep the order of the raw ones,
 * and cap at 1.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p)
  const adjusted = new Array<number>(m).fill(1)
  let runningMax = 0
  order.forEach(({ p, index }, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, (m - rank) * p))
    adjusted[index] = runningMax
  })
  return adjusted
}

/**
 * Applies Holm across the non-control cells that have a p-value, and returns new cells (the input is
 * not changed). Fills adjustedPValue; a latency regression whose adjusted p-value is not below
 * alpha = 1 - blockConfidence (gate.blockConfidence; else the ratio's confidence) becomes
 * inconclusive, with the reason. The cell's verdict is recomputed, so
 * an error-rate failure still makes it a regression. Control cells are not part of the family
 * (they never gate) and keep adjustedPValue null.
 *
 * With CPU per request gated (gate.cpuPerRequest: gate), the family has one hypothesis per cell per
 * gated metric: each cell's latency p-value and its CPU p-value, corrected together, since either
 * one blocks the gate. With `only`, CPU per request is the only gated metric: one CPU hypothesis per
 * cell.
 */
export function applyHolm(
  cells: readonly CellComparison[],
  blockConfidence?: number,
  /**
   * Hypotheses of the family measured elsewhere (the other shares of a sharded gate), counted as
   * p = 1: a share then blocks only on what Holm across the whole family would confirm (see
   * beforeHolm).
   */
  elsewhere = 0,
): CellComparison[] {
  const family: Array<{ cell: CellComparison; metric: 'latency' | 'cpu'; p: number }> = []
  for (const cell of cells) {
    if (cell.control) continue
    const cpu = cell.cpuPerRequest
    // With CPU per request alone gated (`only`), latency is no hypothesis of the family.
    if (cell.pValue !== null && !(cpu?.gated && cpu.only))
      family.push({ cell, metric: 'latency', p: cell.pValue })
    if (cpu?.gated && cpu.pValue !== null) family.push({ cell, metric: 'cpu', p: cpu.pValue })
  }
  const adjusted = holmAdjust([...family.map((h) => h.p), ...new Array<number>(elsewhere).fill(1)])
  const withCpu = family.some((h) => h.metric === 'cpu')
  const count = family.length + elsewhere
  const size = withCpu ? `${count} hypotheses (one per cell per gated metric)` : `${count} cells`
  const adjustedOf = (cell: CellComparison, metric: 'latency' | 'cpu') => {
    const i = family.findIndex((h) => h.cell === cell && h.metric === metric)
    return i < 0 ? undefined : (adjusted[i] as number)
  }
  return cells.map((cell) => {
    const latencyP = adjustedOf(cell, 'latency')
    const cpuP = adjustedOf(cell, 'cpu')
    const next: CellComparison = { ...cell, reasons: [...cell.reasons] }
    if (latencyP === undefined && cpuP === undefined) return next
    const alpha = 1 - (blockConfidence ?? cell.ratio?.confidence ?? 0.95)
    const needs = `needs < ${Number(alpha.toPrecision(3))}`
    let downgraded = false
    if (latencyP !== undefined) {
      next.adjustedPValue = latencyP
      if (cell.latencyVerdict === 'regression' && latencyP >= alpha) {
        next.latencyVerdict = 'inconclusive'
        downgraded = true
        next.reasons.push(
          `${HOLM_DOWNGRADE} ${size} (adjusted p ${formatP(latencyP)}, ${needs}): regression downgraded to inconclusive`,
        )
      }
    }
    if (cpuP !== undefined && cell.cpuPerRequest) {
      const cpu = { ...cell.cpuPerRequest, adjustedPValue: cpuP, reasons: [...cell.cpuPerRequest.reasons] }
      if (cpu.verdict === 'regression' && cpuP >= alpha) {
        cpu.verdict = 'inconclusive'
        downgraded = true
        const reason = `${CPU_HOLM_DOWNGRADE} ${size} (adjusted p ${formatP(cpuP)}, ${needs}): regression downgraded to inconclusive`
        cpu.reasons.push(reason)
        next.reasons.push(reason)
      }
      next.cpuPerRequest = cpu
    }
    // Accuracy is no latency statistic: Holm leaves a failure on it standing.
    if (downgraded) next.verdict = gatedCellVerdict(next)
    return next
  })
}

/**
 * The cell as it was before applyHolm saw it: a regression that Holm downgraded (latency, or CPU per
 * request when gated) is a regression again, without the downgrade's reason and with no adjusted
 * p-value. Merging partial results (src/shard/merge.ts) uses it to apply Holm once across the cells
 * of every share: each share corrected only across its own cells, and a family's adjusted p-values
 * are not those of its parts. The cell verdict is restored for latency cells; a capacity or arena
 * cell keeps its own (its kind's comparison decides it).
 */
export function beforeHolm(cell: CellComparison): CellComparison {
  const isDowngrade = (r: string) => r.startsWith(HOLM_DOWNGRADE) || r.startsWith(CPU_HOLM_DOWNGRADE)
  const latencyDowngraded = cell.reasons.some((r) => r.startsWith(HOLM_DOWNGRADE))
  const cpuDowngraded = cell.reasons.some((r) => r.startsWith(CPU_HOLM_DOWNGRADE))
  const reasons = cell.reasons.filter((r) => !isDowngrade(r))
  const restored: CellComparison = { ...cell, adjustedPValue: null, reasons }
  if (cell.cpuPerRequest)
    restored.cpuPerRequest = {
      ...cell.cpuPerRequest,
      adjustedPValue: null,
      reasons: cell.cpuPerRequest.reasons.filter((r) => !isDowngrade(r)),
      ...(cpuDowngraded ? { verdict: 'regression' as const } : {}),
    }
  if (!latencyDowngraded && !cpuDowngraded) return restored
  if (latencyDowngraded) restored.latencyVerdict = 'regression'
  restored.verdict = cell.capacity || cell.arena ? cell.verdict : gatedCellVerdict(restored)
  return restored
}
