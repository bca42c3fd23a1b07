import { describe, expect, it } from 'vitest'
import { BUILT_IN_SCENARIOS, scenarioSchema } from '../../../src/config/schema.js'
import { LOAD_SCRIPTS, SCENARIO_BLOCKS } from '../../../src/config/schema/scenario-blocks.js'
import { REPORT_CHARTS } from '../../../src/kinds/charts.js'
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
    // The rule before the kinds (plan/estimate.ts warmsCell): built-in and not capacity or arena.
    const before = [...LOAD_SCRIPTS, 'graphql', 'capacity-search', 'arena', 'arena-enterprise', 'startup']
    for (const script of before) {
      expect(kindOf({ script }).warmable).toBe(script !== 'capacity-search' && script !== 'arena')
    }
    expect(kindOf({ script: './own.js' }).warmable).toBe(false)
  })

  it('builds the scenario schema from the kinds: each block is a key of a scenario, tied to its kind', () => {
    const keys = Object.keys(scenarioSchema.shape)
    expect(BUILT_IN_SCENARIOS).toEqual([...LOAD_SCRIPTS, ...SCENARIO_BLOCKS.map((b) => b.script)])
    for (const block of SCENARIO_BLOCKS) {
      expect(keys).toContain(block.key)
      const kind = kindOf({ script: block.script })
      // A block belongs to the kind of its script: one with that script, or our load (graphql).
      expect(kind.script === block.script || kind.name === 'built-in load').toBe(true)
      const scenario = { name: 's', script: block.script, duration: '2s', rate: 10 }
      expect(scenarioSchema.safeParse(scenario).error?.issues.map((i) => i.message)).toContain(block.pairing)
    }
    // Every kind chosen by its script has its block, or at least its script, in the config's table.
    for (const kind of SCENARIO_KINDS) {
      if (kind.script) expect(SCENARIO_BLOCKS.map((b) => b.script)).toContain(kind.script)
    }
  })

  it("puts every kind's own charts into the report's, right after the decision chart", () => {
    const kindCharts = SCENARIO_KINDS.flatMap((kind) => kind.charts ?? [])
    expect(kindCharts.map((chart) => chart.id)).toEqual(['capacity', 'arena'])
    const ids = REPORT_CHARTS.entries.map((entry) => entry.id)
    expect(ids.slice(0, 1 + kindCharts.length)).toEqual(['decision', ...kindCharts.map((chart) => chart.id)])
    expect(new Set(ids).size).toBe(ids.length)
  })
})
