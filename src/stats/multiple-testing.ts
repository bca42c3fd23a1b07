/**
 * Multiple testing across cells. A gate compares many cells at once; at 95% each, ten unchanged
 * cells would flag at least one about 40% of the time. Holm-Bonferroni keeps the chance of any false
 * regression across the family at alpha, is never less powerful than Bonferroni, and needs no
 * assumption about how cells are correlated (they share a runner, so they are).
 */
import type { CellComparison } from '../model.js'
import { formatP } from './reason-text.js'
import { gatedCellVerdict } from './cpu-per-request.js'

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
 * one blocks the gate.
 */
export function applyHolm(cells: readonly CellComparison[], blockConfidence?: number): CellComparison[] {
  const family: Array<{ cell: CellComparison; metric: 'latency' | 'cpu'; p: number }> = []
  for (const cell of cells) {
    if (cell.control) continue
    if (cell.pValue !== null) family.push({ cell, metric: 'latency', p: cell.pValue })
    const cpu = cell.cpuPerRequest
    if (cpu?.gated && cpu.pValue !== null) family.push({ cell, metric: 'cpu', p: cpu.pValue })
  }
  const adjusted = holmAdjust(family.map((h) => h.p))
  const withCpu = family.some((h) => h.metric === 'cpu')
  const size = withCpu
    ? `${family.length} hypotheses (one per cell per gated metric)`
    : `${family.length} cells`
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
          `not significant after Holm correction across ${size} (adjusted p ${formatP(latencyP)}, ${needs}): regression downgraded to inconclusive`,
        )
      }
    }
    if (cpuP !== undefined && cell.cpuPerRequest) {
      const cpu = { ...cell.cpuPerRequest, adjustedPValue: cpuP, reasons: [...cell.cpuPerRequest.reasons] }
      if (cpu.verdict === 'regression' && cpuP >= alpha) {
        cpu.verdict = 'inconclusive'
        downgraded = true
        const reason = `CPU per request not significant after Holm correction across ${size} (adjusted p ${formatP(cpuP)}, ${needs}): regression downgraded to inconclusive`
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
