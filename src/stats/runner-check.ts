/**
 * Is this runner like the one(s) that recorded the stored baseline? A stored comparison measures the
 * code and the machine together; only when the machine is shown to match can it speak for the code.
 *
 * Two witnesses: the machine fingerprint (CPU count and model of the baseline's nights) and the
 * control profile (k6 straight to the backend, no gateway), whose ratio against the baseline moves
 * only with the runner. The control must be *shown* to be within the band [1 / (1 + threshold),
 * 1 + threshold]: its whole interval inside. "Not shown outside" is not enough: a wide interval that
 * still touches the band (+29% [-2.5%, +71%], seen on a slower machine) says nothing about the runner.
 */
import type { CellComparison, MachineFingerprint } from '../model.js'
import { formatRatio } from './reason-text.js'

export type RunnerStatus = 'same' | 'differs' | 'unknown'

export interface RunnerCheck {
  status: RunnerStatus
  /** Why, one sentence per witness. */
  reasons: string[]
}

/**
 * The fingerprint witness alone: "4 x EPYC here, 2 x Xeon in the baseline" when any night of the
 * baseline ran on another CPU count or model, else null. Such a runner can never be shown to match,
 * whatever its control profile reads.
 */
export function fingerprintMismatch(
  machine: MachineFingerprint,
  baselineMachines: readonly MachineFingerprint[],
): string | null {
  const other = baselineMachines.find((m) => m.cpus !== machine.cpus || m.cpuModel !== machine.cpuModel)
  if (!other) return null
  return `${machine.cpus} x ${machine.cpuModel} here, ${other.cpus} x ${other.cpuModel} in the baseline`
}

/** Compares this runner with the baseline's nights through the fingerprint and the control cells. */
export function checkRunner(input: {
  controlCells: readonly CellComparison[]
  threshold: number
  machine: MachineFingerprint
  baselineMachines: readonly MachineFingerprint[]
}): RunnerCheck {
  const reasons: string[] = []
  let differs = false
  let unknown = false

  const mismatch = fingerprintMismatch(input.machine, input.baselineMachines)
  if (mismatch) {
    differs = true
    reasons.push(`machine differs from the baseline's: ${mismatch}`)
  } else if (input.baselineMachines.length === 0) {
    unknown = true
    reasons.push('the baseline records no machine to compare with')
  }

  const upperBand = 1 + input.threshold
  const lowerBand = 1 / upperBand
  const controls = input.controlCells.filter((c) => c.control)
  if (controls.length === 0) {
    unknown = true
    reasons.push('no control profile (control: true) to measure the runner with')
  }
  for (const cell of controls) {
    if (cell.ratio === null) {
      unknown = true
      reasons.push(`control ${cell.cell}: no ratio (too few runs)`)
      continue
    }
    const what = `control ${cell.cell} ${cell.metric.toUpperCase()} ${formatRatio(cell.ratio)}`
    if (cell.ratio.lower > upperBand) {
      differs = true
      reasons.push(`${what}: this runner is markedly slower than the baseline's`)
    } else if (cell.ratio.upper < lowerBand) {
      differs = true
      reasons.push(`${what}: this runner is markedly faster than the baseline's`)
    } else if (cell.ratio.lower >= lowerBand && cell.ratio.upper <= upperBand) {
      reasons.push(`${what}: within the ±${Math.round(input.threshold * 100)}% band`)
    } else {
      unknown = true
      reasons.push(`${what}: not shown to be within the ±${Math.round(input.threshold * 100)}% band`)
    }
  }
  return { status: differs ? 'differs' : unknown ? 'unknown' : 'same', reasons }
}
