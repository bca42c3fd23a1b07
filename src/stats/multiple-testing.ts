/**
 * Multiple testing across cells. A gate compares many cells at once; at 95% each, ten unchanged
 * cells would flag at least one about 40% of the time. Holm-Bonferroni keeps the chance of any false
 * regression across the family at alpha, is never less powerful than Bonferroni, and needs no
 * assumption about how cells are correlated (they share a runner, so they are).
 */
import type { CellComparison } from '../model.js'
import { formatP } from './reason-text.js'
import { cellVerdict } from './verdict.js'

/** How the reason applyHolm adds to a downgraded cell starts; beforeHolm finds it by this. */
export const HOLM_DOWNGRADE = 'not significant after Holm correction across'

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
 */
export function applyHolm(
  cells: readonly CellComparison[],
  blockConfidence?: number,
  /**
   * Cells of the family measured elsewhere (the other shares of a sharded gate), counted as p = 1:
   * a share then blocks only on what Holm across the whole family would confirm (see beforeHolm).
   */
  elsewhere = 0,
): CellComparison[] {
  const family = cells.filter((cell) => !cell.control && cell.pValue !== null)
  const adjusted = holmAdjust([
    ...family.map((cell) => cell.pValue as number),
    ...new Array<number>(elsewhere).fill(1),
  ])
  const byCell = new Map(family.map((cell, i) => [cell, adjusted[i] as number]))
  return cells.map((cell) => {
    const adjustedPValue = byCell.get(cell)
    if (adjustedPValue === undefined) return { ...cell, reasons: [...cell.reasons] }
    const next: CellComparison = { ...cell, adjustedPValue, reasons: [...cell.reasons] }
    const alpha = 1 - (blockConfidence ?? cell.ratio?.confidence ?? 0.95)
    if (cell.latencyVerdict === 'regression' && adjustedPValue >= alpha) {
      next.latencyVerdict = 'inconclusive'
      // Accuracy is no latency statistic: Holm leaves a failure on it standing.
      next.verdict = cell.accuracy?.fails ? 'regression' : cellVerdict('inconclusive', cell.errorRate)
      next.reasons.push(
        `${HOLM_DOWNGRADE} ${family.length + elsewhere} cells (adjusted p ${formatP(adjustedPValue)}, needs < ${Number(alpha.toPrecision(3))}): regression downgraded to inconclusive`,
      )
    }
    return next
  })
}

/**
 * The cell as it was before applyHolm saw it: a latency regression that Holm downgraded is a
 * regression again, without the downgrade's reason and with no adjusted p-value. Merging partial
 * results (src/shard/merge.ts) uses it to apply Holm once across the cells of every share: each
 * share corrected only across its own cells, and a family's adjusted p-values are not those of its
 * parts. The cell verdict is restored for plain latency cells; a capacity or arena cell keeps its
 * own (its kind's comparison decides it).
 */
export function beforeHolm(cell: CellComparison): CellComparison {
  const downgraded = cell.reasons.some((r) => r.startsWith(HOLM_DOWNGRADE))
  const reasons = cell.reasons.filter((r) => !r.startsWith(HOLM_DOWNGRADE))
  if (!downgraded) return { ...cell, adjustedPValue: null, reasons }
  return {
    ...cell,
    adjustedPValue: null,
    latencyVerdict: 'regression',
    verdict: cell.capacity || cell.arena ? cell.verdict : 'regression',
    reasons,
  }
}
