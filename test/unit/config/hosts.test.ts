// Setup, readiness and target URLs reach only the stack's own services, plus hosts the workflow
// allows (allowed-hosts / --allow-host): a pull request's config cannot add a host.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { parseHostList } from '../../../src/config/hosts.js'
import { loadConfig, type LoadOptions } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

function problems(raw: unknown, options: LoadOptions = {}, compose?: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-hosts-'))
  if (compose) writeFileSync(path.join(dir, 'docker-compose.yml'), stringify(compose))
  writeFileSync(path.join(dir, 'perf-gate.yml'), stringify(raw))
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
