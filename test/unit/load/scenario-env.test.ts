import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { scenarioEnv } from '../../../src/load/scenario-env.js'

const config = parseConfig(
  {
    name: 'env',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: [
      {
        name: 'chain',
        target: 'http://gw:80/chain',
        setup: [{ url: 'http://gw:9000/consumers', capture: { key: 'key' } }],
        headers: { apikey: '{{key}}' },
        expect: {
          status: 200,
          headers: { 'x-added': 'yes' },
          headersAbsent: ['x-internal', 'server'],
          bodyContains: ['"a"', '"b"'],
          payloadPrefix: 'prefix:',
        },
      },
      { name: 'plain', target: 'http://gw:80/', expect: { bodyContains: 'ok' } },
    ],
    scenarios: [{ name: 's', script: 'constant-vus', vus: [2, 4] }],
  },
  'perf-gate.yml',
  {},
)

describe('scenarioEnv', () => {
  const [chain, plain] = config.profiles
  const scenario = config.scenarios[1]!

  it('passes every check and the level of the expanded scenario', () => {
    const env = scenarioEnv(chain!, scenario, 'http://10.0.0.2/chain', { apikey: 'k-1' })
    expect(env).toMatchObject({
      VUS: '4',
      HEADERS: '{"apikey":"k-1"}',
      EXPECT_HEADERS: '{"x-added":"yes"}',
      EXPECT_HEADERS_ABSENT: '["x-internal","server"]',
      EXPECT_BODY_CONTAINS: '["\\"a\\"","\\"b\\""]',
      EXPECT_ECHO: 'true',
      EXPECT_ECHO_PREFIX: 'prefix:',
    })
  })

  it('sends one contained string as a list of one, and nothing for checks not asked for', () => {
    const env = scenarioEnv(plain!, scenario, 'http://10.0.0.2/')
    expect(env.EXPECT_BODY_CONTAINS).toBe('["ok"]')
    expect(env.EXPECT_ECHO).toBe('false')
    expect(env).not.toHaveProperty('EXPECT_HEADERS_ABSENT')
    expect(env).not.toHaveProperty('EXPECT_ECHO_PREFIX')
  })

  it('never puts captured values anywhere but the profile headers', () => {
    const env = scenarioEnv(chain!, scenario, 'http://10.0.0.2/chain', { apikey: 'secret-key-value' })
    const holding = Object.entries(env).filter(([, value]) => value.includes('secret-key-value'))
    expect(holding.map(([key]) => key)).toEqual(['HEADERS'])
  })
})
