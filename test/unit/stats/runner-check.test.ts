import { describe, expect, it } from 'vitest'
import type { MachineFingerprint } from '../../../src/model.js'
import { checkRunner } from '../../../src/stats/runner-check.js'
import { policyCell } from '../../support/policy-fixtures.js'

const machine: MachineFingerprint = { cpus: 2, cpuModel: 'Xeon', memoryGiB: 24, os: 'Linux x64', kernel: '6' }
const control = (lower: number, estimate: number, upper: number) =>
  policyCell('no-gateway/s', 'pass', { control: true, ratio: [lower, estimate, upper] })

describe('checkRunner', () => {
  it('is "same" only when the control interval lies inside the threshold band and the machine matches', () => {
    const check = checkRunner({
      controlCells: [control(0.95, 1.01, 1.06)],
      threshold: 0.1,
      machine,
      baselineMachines: [machine],
    })
    expect(check.status).toBe('same')
  })

  it('is "differs" when the control is clearly slower or faster than the band', () => {
    const slower = checkRunner({
      controlCells: [control(1.23, 1.64, 2.18)],
      threshold: 0.1,
      machine,
      baselineMachines: [machine],
    })
    expect(slower.status).toBe('differs')
    expect(slower.reasons.join(' ')).toMatch(/markedly slower/)
    const faster = checkRunner({
      controlCells: [control(0.6, 0.7, 0.8)],
      threshold: 0.1,
      machine,
      baselineMachines: [machine],
    })
    expect(faster.status).toBe('differs')
  })

  it('is "unknown" when a wide control interval touches the band without being inside it', () => {
    // Seen on a slower machine: +29% [-2.5%, +71%] did not leave the band, yet nginx false-alarmed.
    const check = checkRunner({
      controlCells: [control(0.975, 1.29, 1.71)],
      threshold: 0.1,
      machine,
      baselineMachines: [machine],
    })
    expect(check.status).toBe('unknown')
  })

  it('is "differs" on another CPU model or count, whatever the control says', () => {
    const check = checkRunner({
      controlCells: [control(0.97, 1, 1.03)],
      threshold: 0.1,
      machine,
      baselineMachines: [{ ...machine, cpus: 4 }],
    })
    expect(check.status).toBe('differs')
    expect(check.reasons[0]).toMatch(/machine differs/)
  })

  it('is "unknown" without a control profile or without a ratio', () => {
    expect(
      checkRunner({ controlCells: [], threshold: 0.1, machine, baselineMachines: [machine] }).status,
    ).toBe('unknown')
    const noRatio = policyCell('no-gateway/s', 'inconclusive', { control: true, ratio: null })
    expect(
      checkRunner({ controlCells: [noRatio], threshold: 0.1, machine, baselineMachines: [machine] }).status,
    ).toBe('unknown')
  })
})
