// stack.compose: the compose file is read before anything starts; every problem is exit 2 and names
// the compose file (or the config key) and the service.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { loadConfig, parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const COMPOSE = {
  services: {
    echo: { image: 'perf-gate/echo:local' },
    gateway: { image: 'perf-gate/nginx:local', depends_on: ['echo'] },
    debug: { image: 'perf-gate/nginx:local', profiles: ['debug'] },
  },
}

function config(stack: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    name: 'compose',
    stack,
    profiles: [{ name: 'p', target: 'http://gateway:8080/echo' }],
    scenarios: [{ name: 's', script: 'constant-vus', vus: 1 }],
    ...extra,
  }
}

/** Writes perf-gate.yml and docker-compose.yml into a fresh folder and loads the config. */
function load(raw: unknown, compose: unknown = COMPOSE): ReturnType<typeof loadConfig> {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-compose-'))
  if (compose !== undefined) writeFileSync(path.join(dir, 'docker-compose.yml'), stringify(compose))
  writeFileSync(path.join(dir, 'perf-gate.yml'), stringify(raw))
  // The file alone: the second evaluation (`compose config`) has its tests in stack-allowlist.test.ts.
  return loadConfig(path.join(dir, 'perf-gate.yml'), {}, { composeRenderer: null })
}

function problems(raw: unknown, compose: unknown = COMPOSE): string[] {
  try {
    load(raw, compose)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

describe('stack.compose in the config schema', () => {
  it('takes a compose file instead of services, with profiles defaulting to none', () => {
    const parsed = parseConfig(config({ compose: 'docker-compose.yml' }), 'perf-gate.yml', {})
    expect(parsed.stack).toEqual({ compose: 'docker-compose.yml', profiles: [], wait: {} })
    expect(parsed.services).toEqual({})
  })

  it('refuses both services and stack.compose, and neither', () => {
    const both = config(
      { compose: 'docker-compose.yml' },
      { services: { echo: { image: 'perf-gate/echo:local' } } },
    )
    expect(() => parseConfig(both, 'perf-gate.yml', {})).toThrow(
      'perf-gate.yml: stack.compose: expected either "services" or "stack.compose", not both',
    )
    const neither = config({ compose: 'x.yml' })
    delete (neither as { stack?: unknown }).stack
    expect(() => parseConfig(neither, 'perf-gate.yml', {})).toThrow(
      'perf-gate.yml: services: expected at least one service (or a compose file in "stack.compose")',
    )
  })
})

describe('loadConfig with stack.compose', () => {
  it('resolves the compose file against the config folder', () => {
    const loaded = load(config({ compose: 'docker-compose.yml', services: ['gateway'] }))
    expect(loaded.config.stack?.compose).toBe(path.join(loaded.dir, 'docker-compose.yml'))
    // Compose starts the named service and what it depends on; the debug profile stays off.
    expect(loaded.compose).toEqual({
      version: undefined,
      services: ['echo', 'gateway', 'debug'],
      started: ['gateway', 'echo'],
      images: { gateway: 'perf-gate/nginx:local', echo: 'perf-gate/echo:local' },
      aliases: {},
      evaluation: 'the file with merge keys applied',
    })
  })

  it('names a missing compose file', () => {
    const [problem] = problems(config({ compose: 'missing.yml' }), undefined)
    expect(problem).toMatch(/perf-gate\.yml: stack\.compose: compose file not found: .*missing\.yml$/)
  })

  it('names a service the compose file does not have, with the ones it has', () => {
    const [problem] = problems(config({ compose: 'docker-compose.yml', services: ['gatway'] }))
    expect(problem).toMatch(
      /perf-gate\.yml: stack\.services\[0\]: no service "gatway" in .*docker-compose\.yml \(services: echo, gateway, debug\)$/,
    )
  })

  it('names an unknown profile, a wait for an unknown service, and a variant of an unknown service', () => {
    const found = problems(
      config(
        { compose: 'docker-compose.yml', profiles: ['perf'], wait: { backend: { log: 'ready' } } },
        { baselineVariant: { services: { api: { image: 'x' } } } },
      ),
    )
    expect(found).toHaveLength(3)
    expect(found[0]).toMatch(
      /stack\.profiles\[0\]: no service of .* has the profile "perf" \(profiles: debug\)/,
    )
    expect(found[1]).toMatch(/stack\.wait\.backend: no service "backend"/)
    expect(found[2]).toMatch(/baselineVariant\.services\.api: no service "api"/)
  })

  it("refuses what would reach the runner's host, naming the compose file and key", () => {
    const compose = {
      services: {
        gateway: {
          image: 'x',
          privileged: true,
          network_mode: 'host',
          volumes: ['/etc:/host-etc', './conf:/conf', 'data:/data', '/cache'],
          env_file: '${HOME}/.env',
        },
      },
      volumes: { data: {} },
    }
    const found = problems(config({ compose: 'docker-compose.yml' }), compose)
    expect(found).toHaveLength(4)
    expect(found[0]).toMatch(/docker-compose\.yml: services\.gateway\.privileged: not allowed/)
    expect(found[1]).toMatch(/services\.gateway\.network_mode: "host" is not allowed/)
    expect(found[2]).toMatch(/services\.gateway\.volumes\[0\]: \/etc is outside the config's folder/)
    expect(found[3]).toMatch(/services\.gateway\.env_file\[0\]: a host path may not use variables/)
  })

  it('refuses fixed host ports when paired runs would start two stacks at once', () => {
    const compose = { services: { gateway: { image: 'x', ports: ['8080:8080', '9000'] } } }
    expect(load(config({ compose: 'docker-compose.yml' }), compose).config.stack).toBeDefined()
    const paired = config(
      { compose: 'docker-compose.yml' },
      { baselineVariant: { services: { gateway: { image: 'y' } } } },
    )
    expect(problems(paired, compose)).toEqual([
      expect.stringMatching(/services\.gateway\.ports: publishes host port 8080:8080: paired A\/B runs/),
    ])
  })
})
