import { describe, expect, it } from 'vitest'
import type { BaselineFile } from '../../../src/baseline/format.js'
import { parseConfig } from '../../../src/config/load.js'
import { chooseMethod } from '../../../src/gate/run-gate.js'

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
