import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../../src/config/load.js'
import { isOpenModel } from '../../../../src/config/schema.js'
import { invalidReason } from '../../../../src/kinds/load/invalid-run.js'
import { run } from '../../stats/run-fixture.js'

const scenarios = parseConfig(
  {
    name: 'v',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [{ name: 'p', target: 'http://gw:80/' }],
    scenarios: [
      { name: 'open', script: 'constant-arrival-rate', rate: 500 },
      { name: 'closed', script: 'constant-vus', vus: 10 },
      { name: 'own', script: './load/arrival-rate-smoke.js' },
    ],
  },
  'perf-gate.yml',
  {},
).scenarios
const [open, closed, own] = scenarios as [(typeof scenarios)[0], (typeof scenarios)[0], (typeof scenarios)[0]]

const withDrops = (requests: number, dropped: number) => {
  const r = run({ p95: 1, requests })
  return { ...r.metrics, droppedIterations: dropped }
}

describe('invalidReason', () => {
  it('keeps an open-model run that dropped at most 1% of its iterations', () => {
    expect(invalidReason(open, withDrops(2000, 0))).toBeUndefined()
    expect(invalidReason(open, withDrops(1980, 20))).toBeUndefined()
  })

  it('refuses an open-model run that dropped more, saying how much', () => {
    expect(invalidReason(open, withDrops(1900, 100))).toMatch(/dropped 100 iterations \(5\.0% of the load/)
  })

  it('never judges a closed-model run by dropped iterations, but refuses a run with no request', () => {
    expect(invalidReason(closed, withDrops(500, 100))).toBeUndefined()
    expect(invalidReason(closed, withDrops(0, 0))).toMatch(/no request completed/)
  })

  it('reads the load model as the comparison does: an own script is open only with a rate', () => {
    // The comparison (gate/compare.ts) reports this cell as a closed model; the run must not be
    // judged by a rule of the other model.
    expect(isOpenModel(own)).toBe(false)
    expect(invalidReason(own, withDrops(1900, 100))).toBeUndefined()
    expect(isOpenModel({ ...own, rate: 50 })).toBe(true)
    expect(isOpenModel(open)).toBe(true)
    expect(isOpenModel(closed)).toBe(false)
  })
})
