import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

// A gateway configured by one declarative document (Traefik's REST provider, Kong's /config) takes
// its 100 routes in one body: too long to write inline, so a setup call may name a file instead.
function configWith(call: Record<string, unknown>): string {
  return JSON.stringify({
    name: 'body-file',
    services: { gw: { image: 'gw', ports: [80, 9000], wait: { log: 'up' } } },
    profiles: [
      {
        name: 'p',
        target: 'http://gw:80/r/99',
        setup: [
          { method: 'POST', url: 'http://gw:9000/keys', body: { key: 'k' }, capture: { key: 'key' } },
          { method: 'PUT', url: 'http://gw:9000/api/providers/rest', ...call },
        ],
      },
    ],
    scenarios: [{ name: 's', script: 'constant-vus', vus: 1, duration: '1s' }],
  })
}

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'body-file-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
  return dir
}

function problemsOf(file: string): string {
  try {
    loadConfig(file, {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems.join('\n')
  }
  throw new Error('expected the config to be rejected')
}

describe('setup bodyFile', () => {
  it('sends a .json file as the JSON body, relative to the config, placeholders kept for the call', () => {
    const routers = Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [`r${i}`, { rule: `Path(\`/r/${i}\`)`, service: 'echo' }]),
    )
    const dir = dirWith({
      'perf-gate.yml': configWith({ bodyFile: 'rest.json' }),
      'rest.json': JSON.stringify({ http: { routers, key: '{{key}}' } }),
    })
    const { config } = loadConfig(path.join(dir, 'perf-gate.yml'), {})
    const call = config.profiles[0]!.setup[1]!
    expect(call.body).toEqual({ http: { routers, key: '{{key}}' } })
    expect(call.bodyFile).toBeUndefined()
  })

  it('sends any other file as text', () => {
    const dir = dirWith({
      'perf-gate.yml': configWith({ bodyFile: 'routes.yaml' }),
      'routes.yaml': 'http:\n  routers: {}\n',
    })
    const { config } = loadConfig(path.join(dir, 'perf-gate.yml'), {})
    expect(config.profiles[0]!.setup[1]!.body).toBe('http:\n  routers: {}\n')
  })

  it('names the call of a missing, outside or invalid file, and refuses body with bodyFile', () => {
    const missing = dirWith({ 'perf-gate.yml': configWith({ bodyFile: 'nope.json' }) })
    expect(problemsOf(path.join(missing, 'perf-gate.yml'))).toContain(
      'profiles[0].setup[1].bodyFile: file not found',
    )
    const outside = dirWith({ 'perf-gate.yml': configWith({ bodyFile: '/etc/hostname' }) })
    expect(problemsOf(path.join(outside, 'perf-gate.yml'))).toMatch(
      /profiles\[0\]\.setup\[1\]\.bodyFile: .*outside the config's folder/,
    )
    const invalid = dirWith({ 'perf-gate.yml': configWith({ bodyFile: 'b.json' }), 'b.json': '{"http": ' })
    expect(problemsOf(path.join(invalid, 'perf-gate.yml'))).toContain(
      'profiles[0].setup[1].bodyFile: b.json is not valid JSON',
    )
    const both = dirWith({ 'perf-gate.yml': configWith({ bodyFile: 'b.json', body: {} }), 'b.json': '{}' })
    expect(problemsOf(path.join(both, 'perf-gate.yml'))).toContain(
      'expected at most one of "body" or "bodyFile"',
    )
  })

  it('checks the placeholders of a file body as those of an inline one', () => {
    const dir = dirWith({
      'perf-gate.yml': configWith({ bodyFile: 'b.json' }),
      'b.json': JSON.stringify({ user: '{{nobody}}' }),
    })
    expect(problemsOf(path.join(dir, 'perf-gate.yml'))).toContain(
      'profiles[0].setup[1]: {{nobody}} is neither {{i}} nor captured by an earlier setup call',
    )
  })
})
