import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const base = {
  name: 'eri',
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

const discovery = { requests: [{ path: '/mcp/capabilities' }] }

describe('arena-enterprise scenarios', () => {
  it("fills the seed's weights, caps and request defaults", () => {
    const config = parseConfig(
      {
        ...base,
        scenarios: [
          {
            name: 'eri',
            script: 'arena-enterprise',
            enterprise: { dimensions: { mcpDiscovery: discovery } },
          },
        ],
      },
      'perf-gate.yml',
      {},
    )
    const e = config.scenarios[0]?.enterprise
    expect(e?.iterations).toBe(10)
    expect(e?.weights.mcpToolExec).toBe(0.2)
    expect(e?.capsMs.policyEngine).toBe(200)
    expect(e?.dimensions.mcpDiscovery?.requests[0]).toEqual({
      method: 'GET',
      path: '/mcp/capabilities',
      headers: {},
      expect: { status: '2xx', bodyContains: [], bodyExcludes: [], headers: [] },
    })
  })

  it('needs the enterprise key with the script, and the script with the key', () => {
    expect(problemsOf({ name: 'e', script: 'arena-enterprise' }).join('\n')).toMatch(
      /scenarios\[0\]\.enterprise.*"arena-enterprise" and "enterprise" go together/,
    )
    expect(
      problemsOf({
        name: 'e',
        script: 'constant-vus',
        enterprise: { dimensions: { governance: discovery } },
      }).join('\n'),
    ).toMatch(/go together/)
  })

  it('refuses weights that do not sum to 1, no dimension at all, and a URL for a path', () => {
    expect(
      problemsOf({
        name: 'e',
        script: 'arena-enterprise',
        enterprise: { dimensions: { mcpDiscovery: discovery }, weights: { governance: 0.5 } },
      }).join('\n'),
    ).toMatch(/enterprise\.weights.*sum to 1/)
    expect(
      problemsOf({ name: 'e', script: 'arena-enterprise', enterprise: { dimensions: {} } }).join('\n'),
    ).toMatch(/enterprise\.dimensions.*at least one dimension/)
    expect(
      problemsOf({
        name: 'e',
        script: 'arena-enterprise',
        enterprise: { dimensions: { governance: { requests: [{ path: 'http://elsewhere/x' }] } } },
      }).join('\n'),
    ).toMatch(/enterprise\.dimensions\.governance\.requests\[0\]\.path.*not a URL/)
  })

  it('refuses a rate limit whose burst does not exceed the limit, and an unknown dimension', () => {
    expect(
      problemsOf({
        name: 'e',
        script: 'arena-enterprise',
        enterprise: {
          dimensions: { rateLimiting: { requests: [{ path: '/x' }], rateLimit: { limit: 5, burst: 5 } } },
        },
      }).join('\n'),
    ).toMatch(/rateLimit\.burst.*exceed/)
    expect(
      problemsOf({
        name: 'e',
        script: 'arena-enterprise',
        enterprise: { dimensions: { mcpDiscover: discovery } },
      }).join('\n'),
    ).toMatch(/mcpDiscover/)
  })
})
