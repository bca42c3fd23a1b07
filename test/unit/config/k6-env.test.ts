import { describe, expect, it } from 'vitest'
import { k6ParamProblem } from '../../../src/config/k6-env.js'
import { parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const config = (params: Record<string, string | number | boolean>) => ({
  name: 'demo',
  services: { echo: { image: 'perf-gate/echo:local', ports: [8080] } },
  profiles: [{ name: 'direct', target: 'http://echo:8080/echo' }],
  scenarios: [
    { name: 'ok', script: 'constant-vus', vus: 1 },
    { name: 'hostile', script: 'constant-vus', vus: 1, params },
  ],
})

function problemsOf(raw: unknown): string[] {
  try {
    parseConfig(raw, 'perf-gate.yml', {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

describe('scenarios[].params as k6 environment', () => {
  it.each([
    'PATH',
    'path',
    'HOME',
    'K6_OUT',
    'k6_log_output',
    'K6_CLOUD_TOKEN',
    'LD_PRELOAD',
    'DYLD_INSERT_LIBRARIES',
    'GODEBUG',
    'GOMAXPROCS',
    'GOGC',
    'HTTP_PROXY',
    'https_proxy',
    'No_Proxy',
    'NODE_OPTIONS',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'SSLKEYLOGFILE',
    'XDG_CONFIG_HOME',
    'DOCKER_HOST',
    'SUMMARY_PATH',
    'GITHUB_TOKEN',
  ])('refuses %s at load time, naming scenarios[i].params.KEY', (key) => {
    const problems = problemsOf(config({ [key]: 'x' }))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      new RegExp(`^perf-gate\\.yml: scenarios\\[1\\]\\.params\\.${key}: ${key.toUpperCase()} may not be set`),
    )
  })

  it('refuses a key that is not a variable name', () => {
    expect(problemsOf(config({ 'A=B': 1 }))[0]).toMatch(
      /scenarios\[1\]\.params\["A=B"\]: not a variable name/,
    )
    expect(k6ParamProblem('9LIVES')).toMatch(/not a variable name/)
  })

  it('lists every refused key at once', () => {
    expect(problemsOf(config({ PATH: '.', K6_OUT: 'json=/tmp/x', FINE: 1 }))).toHaveLength(2)
  })

  it('accepts ordinary script values', () => {
    const parsed = parseConfig(
      config({ REQUEST_TIMEOUT: '1s', user_count: 3, GOAL: true, KEY6: 'x' }),
      'perf-gate.yml',
      {},
    )
    expect(parsed.scenarios[1]?.params).toEqual({
      REQUEST_TIMEOUT: '1s',
      user_count: 3,
      GOAL: true,
      KEY6: 'x',
    })
    for (const key of ['GO', 'GOOGLE_KEY', 'PATHNAME', 'K6', 'PROXY_URL', 'HOMEPAGE'])
      expect(k6ParamProblem(key)).toBeUndefined()
  })
})
