import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatPath, interpolate, loadConfig, parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const valid = {
  name: 'demo',
  services: {
    echo: { image: 'perf-gate/echo:local', ports: [8080], wait: { http: { path: '/health', port: 8080 } } },
    gateway: { image: 'gw', ports: [8080], dependsOn: ['echo'], wait: { log: 'ready' } },
  },
  profiles: [
    { name: 'no-gateway', control: true, target: 'http://echo:8080/echo' },
    { name: 'passthrough', target: 'http://gateway:8080/echo' },
  ],
  scenarios: [{ name: 'vus-10', script: 'constant-vus', vus: 10 }],
}

function problemsOf(raw: unknown, env: Record<string, string> = {}): string[] {
  try {
    parseConfig(raw, 'perf-gate.yml', env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

const clone = () => structuredClone(valid) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- mutating JSON fixtures

describe('parseConfig', () => {
  it('accepts a valid config and fills defaults', () => {
    const config = parseConfig(valid, 'perf-gate.yml', {})
    expect(config.gate.threshold).toBe(0.1)
    expect(config.gate.metric).toBe('p95')
    expect(config.gate.rounds).toBe(5)
    expect(config.scenarios[0]?.duration).toBe('8s')
    expect(config.profiles[1]?.expect.status).toBe(200)
  })

  it('names the path of a target that is not a URL', () => {
    const raw = clone()
    raw.profiles[1].target = 'gateway:8080'
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: profiles[1].target: expected a URL such as "http://gateway:8080/path"',
    ])
  })

  it('names a missing required key', () => {
    const raw = clone()
    delete raw.name
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: name: required (expected string)'])
  })

  it('names an unknown key (typo) instead of ignoring it', () => {
    const raw = clone()
    raw.gate = { treshold: 0.1 }
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: gate: unknown key "treshold"'])
  })

  it('names a wrong type', () => {
    const raw = clone()
    raw.scenarios[0].vus = 'ten'
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: scenarios[0].vus: expected number, got string'])
  })

  it('names a bad duration', () => {
    const raw = clone()
    raw.scenarios[0].duration = '8 seconds'
    expect(problemsOf(raw)[0]).toMatch(/^perf-gate.yml: scenarios\[0\].duration: expected a duration/)
  })

  it('names an unknown dependsOn service', () => {
    const raw = clone()
    raw.services.gateway.dependsOn = ['backend']
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: services.gateway.dependsOn[0]: unknown service "backend"',
    ])
  })

  it('rejects a dependsOn cycle', () => {
    const raw = clone()
    raw.services.echo.dependsOn = ['gateway']
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: services: dependsOn has a cycle among: echo, gateway'])
  })

  it('rejects a service with both image and build', () => {
    const raw = clone()
    raw.services.echo.build = { context: '.' }
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: services.echo: expected exactly one of "image" or "build"',
    ])
  })

  it('rejects an open-model scenario without a rate, at the rate path', () => {
    const raw = clone()
    raw.scenarios[0].script = 'constant-arrival-rate'
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: scenarios[0].rate: an arrival-rate scenario needs "rate" (iterations per second)',
    ])
  })

  it('reports every problem at once', () => {
    const raw = clone()
    raw.profiles[0].target = 'nope'
    raw.scenarios[0].vus = -1
    expect(problemsOf(raw)).toHaveLength(2)
  })

  it('rejects duplicate profile names', () => {
    const raw = clone()
    raw.profiles[1].name = 'no-gateway'
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: profiles[1].name: duplicate profile "no-gateway"'])
  })
})

describe('interpolate', () => {
  it('substitutes variables and defaults, and keeps escaped ones', () => {
    const problems: string[] = []
    const out = interpolate(
      { a: '${IMAGE}', b: ['${DELAY:-0}us'], c: '$${LITERAL}', d: 3 },
      { IMAGE: 'gw:pr-1' },
      problems,
    )
    expect(out).toEqual({ a: 'gw:pr-1', b: ['0us'], c: '${LITERAL}', d: 3 })
    expect(problems).toEqual([])
  })

  it('names the path of an unset variable without a default', () => {
    const raw = clone()
    raw.services.gateway.image = '${GATEWAY_IMAGE}'
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: services.gateway.image: environment variable GATEWAY_IMAGE is not set (use ${GATEWAY_IMAGE:-default})',
    ])
  })
})

describe('formatPath', () => {
  it('formats indexes and odd keys', () => {
    expect(formatPath(['profiles', 1, 'target'])).toBe('profiles[1].target')
    expect(formatPath(['services', 'my gateway'])).toBe('services["my gateway"]')
    expect(formatPath([])).toBe('(root)')
  })
})

describe('loadConfig', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-config-'))
  const write = (name: string, text: string) => {
    const file = path.join(dir, name)
    writeFileSync(file, text)
    return file
  }

  it('names a missing file', () => {
    expect(() => loadConfig(path.join(dir, 'nope.yml'))).toThrow(/nope.yml: config file not found/)
  })

  it('names invalid YAML with its position', () => {
    const file = write('bad.yml', 'name: demo\nservices: [a\n')
    expect(() => loadConfig(file)).toThrow(/bad.yml: invalid YAML/)
  })

  it('resolves relative paths and checks that copied files exist', () => {
    const file = write(
      'files.yml',
      `name: demo
services:
  gw: { image: gw, ports: [80], files: [{ source: ./missing.conf, target: /etc/gw.conf }], wait: { log: up } }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios: [{ name: s, script: constant-vus }]
`,
    )
    expect(() => loadConfig(file)).toThrow(
      /services\.gw\.files\[0\]\.source: file not found: .*missing\.conf/,
    )
  })

  it('rejects an unknown built-in scenario and a missing custom script', () => {
    const file = write(
      'scenarios.yml',
      `name: demo
services: { gw: { image: gw, ports: [80], wait: { log: up } } }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios:
  - { name: a, script: constant-vu }
  - { name: b, script: ./mine.js }
`,
    )
    try {
      loadConfig(file)
      throw new Error('expected rejection')
    } catch (error) {
      const problems = (error as ConfigError).problems
      expect(problems[0]).toMatch(/scenarios\[0\]\.script: unknown built-in scenario "constant-vu"/)
      expect(problems[1]).toMatch(/scenarios\[1\]\.script: k6 script not found: .*mine\.js/)
    }
  })

  it('loads the bundled example', () => {
    const loaded = loadConfig('examples/nginx/perf-gate.yml', { ECHO_DELAY_US: '250' })
    expect(loaded.config.services.echo?.env.ECHO_DELAY_US).toBe('250')
    expect(path.isAbsolute(loaded.config.baseline.path)).toBe(true)
  })
})
