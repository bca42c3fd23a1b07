import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const base = {
  name: 'cap',
  services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
  profiles: [{ name: 'p', target: 'http://gw:80/' }],
}

function problemsOf(scenario: Record<string, unknown>): string[] {
  try {
    parseConfig({ ...base, scenarios: [scenario] }, 'perf-gate.yml', {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

describe('capacity-search scenarios', () => {
  it('fills the pass rule of seed 004 by default', () => {
    const config = parseConfig(
      { ...base, scenarios: [{ name: 'c', script: 'capacity-search', capacity: { start: 100, max: 5000 } }] },
      'perf-gate.yml',
      {},
    )
    expect(config.scenarios[0]?.capacity).toEqual({
      start: 100,
      max: 5000,
      errorRateCeiling: 0.01,
      achievedTolerance: 0.05,
      warmupFraction: 0.1,
      resolution: 0.05,
      retries: 1,
      maxSteps: 20,
    })
  })

  it('names the path of every mistake', () => {
    expect(problemsOf({ name: 'c', script: 'capacity-search' }).join('\n')).toContain('scenarios[0].capacity')
    expect(
      problemsOf({ name: 'c', script: 'constant-vus', capacity: { start: 1, max: 2 } }).join('\n'),
    ).toContain('scenarios[0].capacity: script "capacity-search" and "capacity" go together')
    expect(
      problemsOf({ name: 'c', script: 'capacity-search', capacity: { start: 500, max: 100 } }).join('\n'),
    ).toContain('scenarios[0].capacity.max: expected max >= start')
    expect(
      problemsOf({
        name: 'c',
        script: 'capacity-search',
        capacity: { start: 1, max: 2, resolution: 1 },
      }).join('\n'),
    ).toContain('scenarios[0].capacity.resolution')
    expect(
      problemsOf({
        name: 'c',
        script: 'capacity-search',
        duration: '500ms',
        capacity: { start: 1, max: 2 },
      }).join('\n'),
    ).toContain('scenarios[0].duration')
  })
})
