import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const base = {
  name: 'start',
  services: {
    gw: { image: 'gw', ports: [80], wait: { log: 'up' } },
    echo: { image: 'echo', ports: [80], wait: { log: 'up' } },
  },
  profiles: [{ name: 'p', target: 'http://gw:80/' }],
}

function problemsOf(config: Record<string, unknown>): string[] {
  try {
    parseConfig(config, 'perf-gate.yml', {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

describe('startup scenarios', () => {
  it('fills the defaults: a 60 s timeout, 10 ms polls, no absolute limit', () => {
    const config = parseConfig(
      { ...base, scenarios: [{ name: 's', script: 'startup', startup: {} }] },
      'perf-gate.yml',
      {},
    )
    expect(config.scenarios[0]?.startup).toEqual({ timeout: '60s', interval: '10ms' })
  })

  it('needs the startup key with the script, and the script with the key', () => {
    expect(problemsOf({ ...base, scenarios: [{ name: 's', script: 'startup' }] }).join('\n')).toMatch(
      /scenarios\[0\]\.startup.*"startup" and "startup" go together/,
    )
  })

  it('names the service to restart: an unknown one, or a profile whose target is no service', () => {
    expect(
      problemsOf({
        ...base,
        scenarios: [{ name: 's', script: 'startup', startup: { service: 'gateway' } }],
      }).join('\n'),
    ).toMatch(/scenarios\[0\]\.startup\.service: unknown service "gateway"/)
    expect(
      problemsOf({
        ...base,
        profiles: [{ name: 'outside', target: 'http://example.test/' }],
        scenarios: [{ name: 's', script: 'startup', startup: {} }],
      }).join('\n'),
    ).toMatch(/profile "outside" targets "example.test", not a service/)
  })

  it('refuses a non-positive limit and an interval above 1 s', () => {
    const problems = problemsOf({
      ...base,
      scenarios: [{ name: 's', script: 'startup', startup: { maxMs: 0, interval: '2s' } }],
    }).join('\n')
    expect(problems).toMatch(/startup\.maxMs/)
    expect(problems).toMatch(/startup\.interval.*at most 1s/)
  })
})
