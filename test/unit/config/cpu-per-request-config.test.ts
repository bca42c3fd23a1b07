import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const base = {
  name: 'cpu',
  services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
  profiles: [{ name: 'p', target: 'http://gw:80/' }],
  scenarios: [{ name: 's', script: 'constant-vus' }],
}

describe('gate.cpuPerRequest', () => {
  it('reports by default', () => {
    expect(parseConfig(base, 'perf-gate.yml', {}).gate.cpuPerRequest).toBe('report')
  })

  it.each(['gate', 'only'])('refuses "%s" without resource sampling, naming the path (exit 2)', (mode) => {
    let error: unknown
    try {
      parseConfig({ ...base, gate: { cpuPerRequest: mode, sampleResources: false } }, 'perf-gate.yml', {})
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    expect((error as ConfigError).problems.join('\n')).toMatch(
      new RegExp(`gate\\.cpuPerRequest.*"${mode}" needs gate\\.sampleResources`),
    )
  })

  it('accepts "only" with resource sampling (on by default)', () => {
    expect(
      parseConfig({ ...base, gate: { cpuPerRequest: 'only' } }, 'perf-gate.yml', {}).gate.cpuPerRequest,
    ).toBe('only')
  })

  it('refuses an unknown mode', () => {
    expect(() => parseConfig({ ...base, gate: { cpuPerRequest: 'yes' } }, 'perf-gate.yml', {})).toThrow(
      ConfigError,
    )
  })
})
