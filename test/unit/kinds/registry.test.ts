import { describe, expect, it } from 'vitest'
import { BUILT_IN_SCENARIOS } from '../../../src/config/schema.js'
import { kindOf, SCENARIO_KINDS } from '../../../src/kinds/registry.js'

describe('the scenario kinds registry', () => {
  it('names each kind of a built-in script by that script, the rest of ours load, any path an own script', () => {
    expect(kindOf({ script: 'capacity-search' }).name).toBe('capacity search')
    expect(kindOf({ script: 'arena' }).name).toBe('arena')
    expect(kindOf({ script: 'arena-enterprise' }).name).toBe('arena layer 1')
    expect(kindOf({ script: 'startup' }).name).toBe('start-up')
    for (const script of ['constant-vus', 'ramping-arrival-rate', 'graphql']) {
      expect(kindOf({ script }).name).toBe('built-in load')
    }
    expect(kindOf({ script: './load/my-test.js' }).name).toBe('own script')
  })

  it('ties every kind with a script to a built-in scenario, one kind per script', () => {
    const scripts = SCENARIO_KINDS.flatMap((k) => (k.script ? [k.script] : []))
    expect(new Set(scripts).size).toBe(scripts.length)
    for (const script of scripts) expect(BUILT_IN_SCENARIOS).toContain(script)
  })

  it('runs duets of our load scripts only, and warms a block with every built-in script but a search or an arena', () => {
    const duet = BUILT_IN_SCENARIOS.filter((script) => kindOf({ script }).duet)
    expect(duet).not.toContain('capacity-search')
    expect(duet).not.toContain('arena')
    expect(duet).not.toContain('arena-enterprise')
    expect(duet).not.toContain('startup')
    expect(duet).toContain('constant-vus')
    expect(kindOf({ script: './own.js' }).duet).toBe(false)
    // The rule before the kinds (plan/estimate.ts warmableScenario): built-in and not capacity or arena.
    for (const script of BUILT_IN_SCENARIOS) {
      expect(kindOf({ script }).warmable).toBe(script !== 'capacity-search' && script !== 'arena')
    }
    expect(kindOf({ script: './own.js' }).warmable).toBe(false)
  })
})
