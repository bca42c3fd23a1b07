import { describe, expect, it } from 'vitest'
import type { BaselineFile } from '../../../src/baseline/format.js'
import { parseConfig } from '../../../src/config/load.js'
import { chooseMethod, storedPhaseSkip } from '../../../src/gate/run-gate.js'
import type { MachineFingerprint } from '../../../src/model.js'

const config = (gate: Record<string, unknown>, variant: boolean) =>
  parseConfig(
    {
      name: 'm',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      profiles: [{ name: 'p', target: 'http://gw:80/' }],
      scenarios: [{ name: 's', script: 'constant-vus' }],
      gate,
      ...(variant ? { baselineVariant: { services: { gw: { image: 'gw:main' } } } } : {}),
    },
    'perf-gate.yml',
    {},
  )
const baseline = { schemaVersion: 1, name: 'm', metric: 'p95', nights: [] } as unknown as BaselineFile

describe('chooseMethod', () => {
  it('auto: paired only with a variant and no baseline file, else stored', () => {
    expect(chooseMethod(config({}, true), 'gate', null)).toBe('paired')
    expect(chooseMethod(config({}, true), 'gate', baseline)).toBe('stored')
    expect(chooseMethod(config({}, false), 'gate', null)).toBe('stored')
  })
  it('honours an explicit method', () => {
    expect(chooseMethod(config({ method: 'stored' }, true), 'gate', null)).toBe('stored')
    expect(chooseMethod(config({ method: 'paired' }, true), 'gate', baseline)).toBe('paired')
  })
  it('baseline mode compares nothing', () => {
    expect(chooseMethod(config({}, true), 'baseline', baseline)).toBe('none')
  })
  it('rejects paired without a baseline variant', () => {
    expect(() => config({ method: 'paired' }, false)).toThrow(
      'perf-gate.yml: gate.method: "paired" needs a baselineVariant to compare the candidate with',
    )
  })
})

describe('storedPhaseSkip: the fingerprint alone rules the stored baseline out', () => {
  const here: MachineFingerprint = {
    cpus: 4,
    cpuModel: 'EPYC 7763',
    memoryGiB: 16,
    os: 'Linux x64',
    kernel: '6',
  }
  const night = (machine: MachineFingerprint) => ({ machine })
  const recorded = (...machines: MachineFingerprint[]) =>
    ({ ...baseline, nights: machines.map(night) }) as unknown as BaselineFile
  const other: MachineFingerprint = { ...here, cpus: 2, cpuModel: 'Xeon 8370C' }

  it('skips to paired blocks when the baseline was recorded on another machine and a variant exists', () => {
    const reason = storedPhaseSkip(config({}, true), 'gate', recorded(other), here)
    expect(reason).toBe(
      "this runner's machine differs from the stored baseline's (4 x EPYC 7763 here, 2 x Xeon 8370C in the baseline), so the stored baseline could not decide",
    )
    expect(chooseMethod(config({}, true), 'gate', recorded(other), here)).toBe('paired')
  })

  it('skips when any night of the history was another machine (the runner check would say differs)', () => {
    expect(storedPhaseSkip(config({}, true), 'gate', recorded(here, other), here)).not.toBeNull()
  })

  it('measures the stored phase when the machine matches: only the control can tell then', () => {
    expect(storedPhaseSkip(config({}, true), 'gate', recorded(here), here)).toBeNull()
    expect(chooseMethod(config({}, true), 'gate', recorded(here), here)).toBe('stored')
  })

  it('a fingerprint that differs only in memory, kernel or runner name does not rule the baseline out', () => {
    const sameCpu = { ...here, memoryGiB: 7, kernel: '5', runner: 'GitHub Actions 3' }
    expect(storedPhaseSkip(config({}, true), 'gate', recorded(sameCpu), here)).toBeNull()
  })

  it('keeps the stored phase without a baseline variant: it is then the only evidence there is', () => {
    expect(storedPhaseSkip(config({}, false), 'gate', recorded(other), here)).toBeNull()
    expect(chooseMethod(config({}, false), 'gate', recorded(other), here)).toBe('stored')
  })

  it('keeps the stored phase when gate.method is stored, and in baseline mode', () => {
    expect(storedPhaseSkip(config({ method: 'stored' }, true), 'gate', recorded(other), here)).toBeNull()
    expect(storedPhaseSkip(config({}, true), 'baseline', recorded(other), here)).toBeNull()
  })

  it('a baseline that records no machine cannot be ruled out by the fingerprint', () => {
    expect(storedPhaseSkip(config({}, true), 'gate', recorded(), here)).toBeNull()
    expect(storedPhaseSkip(config({}, true), 'gate', null, here)).toBeNull()
  })
})
