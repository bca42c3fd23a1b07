import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { planProblems } from '../../../src/plan/plan-size.js'

const services = {
  gw: { image: 'gw', ports: [80], wait: { log: 'up' } },
  echo: { image: 'echo', ports: [80], wait: { log: 'up' } },
}
const profiles = Array.from({ length: 10 }, (_, i) => ({ name: `p${i}`, target: 'http://gw:80/' }))

/** The plan-size problem of 10 profiles x 20 copies of `scenario` x 200 rounds. */
function longPlan(scenario: Record<string, unknown>): string {
  const scenarios = Array.from({ length: 20 }, (_, i) => ({ ...scenario, name: `s${i}` }))
  const config = parseConfig(
    { name: 'long', services, profiles, scenarios, gate: { rounds: 200, warmupRounds: 10 } },
    'perf-gate.yml',
    {},
  )
  return planProblems(config).join('\n')
}

describe('the plan-size rule names what sets the longest run, as its kind says', () => {
  it('a load run: its warm-up and load phase', () => {
    expect(longPlan({ script: 'constant-vus', duration: '1h' })).toMatch(
      /scenarios\[0\] \(warmup 1s \+ duration 1h\)/,
    )
  })

  it('a capacity search: its steps as well', () => {
    expect(
      longPlan({ script: 'capacity-search', duration: '1h', capacity: { start: 100, max: 800 } }),
    ).toMatch(/scenarios\[0\] \(warmup 1s \+ duration 1h x up to capacity\.maxSteps \d+ steps\)/)
  })

  it('an arena: its time scale', () => {
    expect(longPlan({ script: 'arena', arena: {} })).toMatch(/scenarios\[0\] \(arena\.timeScale\)/)
  })

  it('a start-up run: a restart, whatever its duration and warm-up say (they do not apply)', () => {
    const text = longPlan({ script: 'startup', startup: {} })
    expect(text).toMatch(/scenarios\[0\] \(startup: one restart\)/)
    expect(text).not.toMatch(/warmup \S+ \+ duration/)
  })
})
