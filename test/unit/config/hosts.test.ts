// Setup, readiness and target URLs reach only the stack's own services, plus hosts the workflow
// allows (allowed-hosts / --allow-host): a pull request's config cannot add a host.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { composeNetworkAliases, parseHostList } from '../../../src/config/hosts.js'
import { loadConfig, type LoadOptions } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

function configDir(raw: unknown, compose?: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-hosts-'))
  if (compose) writeFileSync(path.join(dir, 'docker-compose.yml'), stringify(compose))
  writeFileSync(path.join(dir, 'perf-gate.yml'), stringify(raw))
  return dir
}

function problems(raw: unknown, options: LoadOptions = {}, compose?: unknown): string {
  const dir = configDir(raw, compose)
  try {
    loadConfig(path.join(dir, 'perf-gate.yml'), {}, options)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems.join('\n')
  }
  return ''
}

const config = (profile: Record<string, unknown>) => ({
  name: 'demo',
  services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
  profiles: [{ name: 'p', target: 'http://gw:80/', ...profile }],
  scenarios: [{ name: 's', script: 'constant-vus' }],
})

describe('hosts a config may call', () => {
  it('accepts the stack’s own services', () => {
    expect(
      problems(config({ setup: [{ url: 'http://gw:9000/apis' }], readiness: { url: 'http://GW:80/ready' } })),
    ).toBe('')
  })

  it.each([
    [
      'target',
      { target: 'http://169.254.169.254/latest/meta-data/' },
      /profiles\[0\]\.target: host "169\.254\.169\.254"/,
    ],
    [
      'readiness.url',
      { readiness: { url: 'http://metadata.google.internal/' } },
      /profiles\[0\]\.readiness\.url: host "metadata\.google\.internal"/,
    ],
    [
      'setup[].url',
      { setup: [{ url: 'http://gw:80/a' }, { url: 'https://attacker.example/collect' }] },
      /profiles\[0\]\.setup\[1\]\.url: host "attacker\.example"/,
    ],
    [
      'a host placeholder',
      { setup: [{ url: 'http://gw:80/a', capture: { host: 'h' } }, { url: 'http://{{host}}/x' }] },
      /profiles\[0\]\.setup\[1\]\.url: .*placeholder/,
    ],
  ])('refuses a %s outside the stack, naming the inputs that allow it', (_what, profile, expected) => {
    const text = problems(config(profile))
    expect(text).toMatch(expected)
    if (!/placeholder/.test(text)) expect(text).toMatch(/"allowed-hosts".*--allow-host/)
  })

  it('accepts hosts the workflow allows, never hosts the config lists', () => {
    expect(problems(config({ target: 'http://10.0.0.7:8080/' }), { allowedHosts: ['10.0.0.7'] })).toBe('')
    expect(problems({ ...config({ target: 'http://10.0.0.7:8080/' }), allowedHosts: ['10.0.0.7'] })).toMatch(
      /unknown key "allowedHosts"/,
    )
  })

  it('knows the services of a compose file', () => {
    const raw = {
      name: 'c',
      stack: { compose: 'docker-compose.yml' },
      profiles: [
        { name: 'p', target: 'http://gateway:8080/' },
        { name: 'q', target: 'http://localhost:8080/' },
      ],
      scenarios: [{ name: 's', script: 'constant-vus' }],
    }
    const text = problems(raw, {}, { services: { gateway: { image: 'g' } } })
    expect(text).not.toMatch(/profiles\[0\]/)
    expect(text).toMatch(/profiles\[1\]\.target: host "localhost"/)
  })
})

/** A compose stack whose gateway is also reachable as "api" and "API.internal" on its network. */
const ALIASED_COMPOSE = {
  services: {
    gateway: { image: 'g', networks: { front: { aliases: ['api', 'API.internal'] }, back: null } },
    echo: { image: 'e', networks: ['back'] },
    debug: { image: 'd', profiles: ['debug'], networks: { front: { aliases: ['debug-api'] } } },
  },
  networks: { front: {}, back: {} },
}

const composeConfig = (...profiles: Record<string, unknown>[]) => ({
  name: 'c',
  stack: { compose: 'docker-compose.yml' },
  profiles: profiles.map((p, i) => ({ name: `p${i}`, ...p })),
  scenarios: [{ name: 's', script: 'constant-vus' }],
})

describe('network aliases of a compose file', () => {
  it('are hosts of the stack: target, readiness and setup may name them', () => {
    const raw = composeConfig({
      target: 'http://api:8080/echo',
      readiness: { url: 'http://api.internal:8080/health' },
      setup: [{ url: 'http://API:9000/apis' }],
    })
    expect(problems(raw, {}, ALIASED_COMPOSE)).toBe('')
    const loaded = loadConfig(path.join(configDir(raw, ALIASED_COMPOSE), 'perf-gate.yml'), {})
    expect(loaded.compose?.aliases).toEqual({
      api: 'gateway',
      'api.internal': 'gateway',
      'debug-api': 'debug',
    })
    // What the runtime setup guard is given (gate/measure.ts): the workflow's hosts and the aliases.
    expect(loaded.allowedHosts).toEqual(expect.arrayContaining(['api', 'api.internal']))
  })

  it('still refuses a made-up name, suggesting the alias it is close to', () => {
    const text = problems(composeConfig({ target: 'http://apii:8080/' }), {}, ALIASED_COMPOSE)
    expect(text).toMatch(
      /profiles\[0\]\.target: host "apii" names no service of the stack .*did you mean "api"\?/,
    )
    expect(problems(composeConfig({ target: 'http://metadata.internal/' }), {}, ALIASED_COMPOSE)).toMatch(
      /profiles\[0\]\.target: host "metadata\.internal" names no service/,
    )
  })

  it('of a service the stack does not start are refused like the service', () => {
    expect(problems(composeConfig({ target: 'http://debug-api:8080/' }), {}, ALIASED_COMPOSE)).toMatch(
      /profiles\[0\]\.target: host "debug-api" names no service of the stack/,
    )
  })
})

describe('composeNetworkAliases', () => {
  it('reads the long form of networks, lower case, as alias -> service', () => {
    expect(composeNetworkAliases(ALIASED_COMPOSE.services)).toEqual({
      api: 'gateway',
      'api.internal': 'gateway',
      'debug-api': 'debug',
    })
  })

  it('leaves out the list form, service names, non-host entries and a second claim on an alias', () => {
    expect(
      composeNetworkAliases({
        a: { networks: ['n'] },
        b: { networks: { n: { aliases: ['shared', 'a', 'http://x', 'x:80', 42] } } },
        c: { networks: { n: { aliases: ['shared', 'own'] }, m: { aliases: 'not-a-list' } } },
        d: 'not a mapping',
        e: { networks: { n: null } },
      }),
    ).toEqual({ shared: 'b', own: 'c' })
    expect(composeNetworkAliases({})).toEqual({})
  })
})

describe('parseHostList', () => {
  it('splits, lower-cases and checks', () => {
    expect(parseHostList('A.example, 10.0.0.1\n[::1] x_y')).toEqual({
      hosts: ['a.example', '10.0.0.1', '::1', 'x_y'],
      invalid: [],
    })
    expect(parseHostList('http://a.example a.example:80 /x').invalid).toEqual([
      'http://a.example',
      'a.example:80',
      '/x',
    ])
  })
})
