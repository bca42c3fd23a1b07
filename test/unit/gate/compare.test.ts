import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { compareCells } from '../../../src/gate/compare.js'

const config = parseConfig(
  {
    name: 'v',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [{ name: 'p', target: 'http://gw:80/' }],
    scenarios: [
      { name: 'open', script: 'constant-arrival-rate', rate: 500, vus: 40 },
      { name: 'closed', script: 'constant-vus', vus: 10 },
    ],
  },
  'perf-gate.yml',
  {},
)

describe('compareCells', () => {
  it('records the load level as what it is: the arrival rate of an open model, the VUs of a closed one', () => {
    const { cells } = compareCells({
      runs: [],
      config,
      gate: config.gate,
      baseline: null,
      method: 'stored',
      now: new Date('2026-01-01T00:00:00Z'),
    })
    const byScenario = Object.fromEntries(cells.map((cell) => [cell.scenario, cell]))
    // The open model's 40 VUs are only a pool; its load level is the rate.
    expect(byScenario.open).toMatchObject({ concurrency: 500, loadModel: 'open' })
    expect(byScenario.closed).toMatchObject({ concurrency: 10, loadModel: 'closed' })
  })
})
