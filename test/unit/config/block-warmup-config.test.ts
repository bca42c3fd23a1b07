import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const base = {
  name: 'warm',
  services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
  profiles: [{ name: 'p', target: 'http://gw:80/' }],
  scenarios: [{ name: 's', script: 'constant-vus' }],
}

function problems(gate: Record<string, unknown>): string {
  try {
    parseConfig({ ...base, gate }, 'perf-gate.yml', {})
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    expect((e as ConfigError).exitCode).toBe(2)
    return (e as ConfigError).problems.join('\n')
  }
  return ''
}

describe('gate.blockWarmupMin', () => {
  it('is 0 s by default: the steady rule alone ends an auto warm-up', () => {
    expect(parseConfig(base, 'perf-gate.yml', {}).gate.blockWarmupMin).toBe('0s')
  })

  it('accepts a least warm-up up to blockWarmupMax', () => {
    const gate = { blockWarmup: 'auto', blockWarmupMin: '45s', blockWarmupMax: '60s' }
    expect(parseConfig({ ...base, gate }, 'perf-gate.yml', {}).gate).toMatchObject(gate)
  })

  it('refuses a least warm-up above blockWarmupMax, naming both (exit 2)', () => {
    expect(problems({ blockWarmup: 'auto', blockWarmupMin: '90s', blockWarmupMax: '1m' })).toMatch(
      /gate\.blockWarmupMin.*must be at most gate\.blockWarmupMax \(1m\)/,
    )
  })

  it('refuses what is not a duration', () => {
    expect(problems({ blockWarmupMin: 'long' })).toMatch(/gate\.blockWarmupMin.*expected a duration/)
  })
})
