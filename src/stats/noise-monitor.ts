/**
 * The noise monitor: the control profile (k6 straight to the backend, no gateway) does not change
 * between the baseline and a pull request, so its ratio against the stored baseline measures the
 * runner, not the code. A control ratio clearly outside the threshold band means this runner is
 * markedly faster or slower than the baseline's, and stored-baseline verdicts deserve suspicion.
 */
import type { GateConfig } from '../config/schema.js'
import type { CellComparison } from '../model.js'
import { formatRatio } from './reason-text.js'

/**
 * A note for the report when any control cell's ratio CI lies entirely outside
 * [1 / (1 + threshold), 1 + threshold] (the runner is markedly slower or faster than the baseline's),
 * or null when the control cells look like the baseline's or cannot tell (no ratio). The band is
 * symmetric on the log scale so "faster" and "slower" need the same evidence. Pass the stored
 * comparisons of the control profile's cells.
 */
export function noiseMonitor(
  controlCells: readonly CellComparison[],
  gate: Pick<GateConfig, 'threshold'>,
): string | null {
  const upperBand = 1 + gate.threshold
  const lowerBand = 1 / upperBand
  const findings: string[] = []
  for (const cell of controlCells) {
    if (!cell.control || cell.ratio === null) continue
    const what = `${cell.cell} ${cell.metric.toUpperCase()} ${formatRatio(cell.ratio)}`
    if (cell.ratio.lower > upperBand) findings.push(`${what}: this runner is markedly slower`)
    else if (cell.ratio.upper < lowerBand) findings.push(`${what}: this runner is markedly faster`)
  }
  if (findings.length === 0) return null
  return (
    `Noise monitor: the control profile differs from the baseline's runner (${findings.join('; ')}). ` +
    'Stored-baseline verdicts on this runner may reflect the machine rather than the change; a paired run on one runner settles it.'
  )
}
