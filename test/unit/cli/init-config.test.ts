import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { parseConfig } from '../../../src/config/load.js'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  exposedTcpPorts,
  factsForCompose,
  factsForDockerfile,
  factsForImage,
  renderInitConfig,
} from '../../../src/cli/init-config.js'
import { cannotBlockReasons } from '../../../src/config/can-block.js'
import { ConfigError } from '../../../src/errors.js'

const ROOT = path.resolve(import.meta.dirname, '../../..')

const valid = (text: string) => parseConfig(parse(text), 'perf-gate.yml', {})

describe('exposedTcpPorts', () => {
  it('keeps TCP ports, lowest first, and drops UDP', () => {
    expect(exposedTcpPorts({ '8443/tcp': {}, '53/udp': {}, '8000/tcp': {} })).toEqual([8000, 8443])
    expect(exposedTcpPorts(undefined)).toEqual([])
  })
})

describe('factsForImage and renderInitConfig', () => {
  it('writes a valid config targeting the first exposed port', () => {
    const config = valid(renderInitConfig(factsForImage('acme/gw:1', [9000, 9001])))
    expect(config.services.gateway?.image).toBe('acme/gw:1')
    expect(config.services.gateway?.ports).toEqual([9000, 9001])
    expect(config.profiles[0]?.target).toBe('http://gateway:9000/')
  })

  it('uses a known gateway’s proxy port and health check when the image exposes them', () => {
    const text = renderInitConfig(factsForImage('kong:3.9', [8000, 8001, 8443, 8444]))
    const config = valid(text)
    expect(config.profiles[0]?.target).toBe('http://gateway:8000/')
    expect(config.services.gateway?.wait?.http).toEqual({ path: '/status', port: 8001, status: 200 })
    expect(text).toContain('# Recognised Kong')
  })

  it('prefers the image’s EXPOSE over a known product’s default port', () => {
    const config = valid(renderInitConfig(factsForImage('my/nginx:local', [8080])))
    expect(config.services.gateway?.ports).toEqual([8080])
    expect(config.profiles[0]?.target).toBe('http://gateway:8080/')
  })

  it('refuses an unknown image that exposes nothing', () => {
    expect(() => factsForImage('acme/gw:1', [])).toThrow(ConfigError)
  })
})

describe('factsForCompose', () => {
  const compose = `
services:
  api:
    build: { context: ./api, dockerfile: Dockerfile.dev }
    expose: ["3000"]
  edge:
    image: envoyproxy/envoy:v1.31
    ports: ["10000:10000", "127.0.0.1:9901:9901", { target: 8080, published: 18080 }, "5353:53/udp"]
    environment: { LOG_LEVEL: info, EMPTY: null }
    depends_on: [api]
`
  it('maps services, container ports, environment and depends_on, and finds the gateway', () => {
    const facts = factsForCompose(compose, 'compose.yml')
    expect(facts.gateway).toBe('edge')
    expect(facts.services.edge).toEqual({
      image: 'envoyproxy/envoy:v1.31',
      ports: [10000, 9901, 8080],
      env: { LOG_LEVEL: 'info', EMPTY: '' },
      dependsOn: ['api'],
    })
    expect(facts.services.api?.build).toEqual({ context: './api', dockerfile: 'Dockerfile.dev' })
  })

  it('writes stack.compose (the compose file runs as it is), not a copy of its services', () => {
    const config = valid(renderInitConfig(factsForCompose(compose, 'compose.yml')))
    expect(config.stack?.compose).toBe('compose.yml')
    expect(config.services).toEqual({})
    expect(config.stack?.wait.edge?.http).toMatchObject({ path: '/ready', port: 9901 })
    expect(config.profiles[0]?.target).toBe('http://edge:10000/')
  })

  it("reads the project's own example compose file: the gateway's port from its healthcheck, echo as control", () => {
    const file = path.join(ROOT, 'examples/compose/docker-compose.yml')
    const facts = factsForCompose(readFileSync(file, 'utf8'), 'docker-compose.yml')
    expect(facts.gateway).toBe('gateway')
    const text = renderInitConfig(facts)
    const config = valid(text)
    expect(config.stack?.compose).toBe('docker-compose.yml')
    expect(text).not.toMatch(/^services:/m)
    // The FROM-scratch echo has no shell and no healthcheck: wait on its /health.
    expect(config.stack?.wait.echo?.http).toMatchObject({ path: '/health', port: 8080 })
    expect(config.profiles.map((p) => [p.name, p.target, p.control])).toEqual([
      ['no-gateway', 'http://echo:8080/echo', true],
      ['passthrough', 'http://gateway:8080/echo', false],
    ])
  })

  it('names the file and the service in errors', () => {
    expect(() => factsForCompose('services:\n  a: { ports: ["80"] }\n', 'c.yml')).toThrow(
      'c.yml: services.a: neither "image" nor "build"',
    )
    expect(() => factsForCompose(compose, 'c.yml', 'nope')).toThrow('c.yml: no service "nope"')
    expect(() => factsForCompose('[', 'c.yml')).toThrow(/c\.yml: invalid YAML/)
  })
})

describe('factsForDockerfile: the template for a gateway repository', () => {
  const dockerfile = 'FROM perf-gate/nginx:local\nCOPY nginx.conf /etc/nginx/nginx.conf\n'
  const facts = factsForDockerfile({
    dockerfile: 'gateway/Dockerfile',
    text: dockerfile,
    configDir: '.',
  })
  const text = renderInitConfig(facts, 'my-gateway')
  const config = valid(text)

  it('builds the gateway from its Dockerfile and the baseline from the merge base', () => {
    expect(config.services.gateway?.build).toMatchObject({ dockerfile: 'Dockerfile' })
    expect(text).toContain('build: { context: gateway, dockerfile: Dockerfile }')
    expect(config.baselineVariant?.services.gateway?.build?.ref).toBe('merge-base')
  })

  it('puts the echo upstream behind it and a no-gateway control beside it', () => {
    expect(config.services.echo?.image).toBe('perf-gate/echo:local')
    expect(config.services.gateway?.dependsOn).toEqual(['echo'])
    expect(config.profiles.map((p) => [p.name, p.target, p.control])).toEqual([
      ['no-gateway', 'http://echo:8080/echo', true],
      ['passthrough', 'http://gateway:8080/echo', false],
    ])
  })

  it('drives it like the example: open model, 500 req/s for 4 s', () => {
    expect(config.scenarios).toHaveLength(1)
    expect(config.scenarios[0]).toMatchObject({
      script: 'constant-arrival-rate',
      rate: 500,
      duration: '4s',
      payloadBytes: 1024,
    })
  })

  it('can block, even before any baseline was recorded', () => {
    expect(cannotBlockReasons(config, { baselineExists: false, baselinePath: 'b.json' })).toEqual([])
  })

  it("takes the port from the Dockerfile's EXPOSE, else --port, else 8080", () => {
    const exposed = factsForDockerfile({
      dockerfile: 'Dockerfile',
      text: 'FROM x\nEXPOSE 9000/tcp 9001\n',
      configDir: '.',
    })
    expect(exposed.services.gateway?.ports).toEqual([9000, 9001])
    const given = factsForDockerfile({
      dockerfile: 'Dockerfile',
      text: 'FROM x\n',
      configDir: '.',
      port: 7000,
    })
    expect(given.services.gateway?.ports).toEqual([7000])
  })

  it('writes the build context relative to the config file', () => {
    const nested = factsForDockerfile({ dockerfile: 'gw/Dockerfile.prod', text: 'FROM x\n', configDir: 'ci' })
    expect(nested.services.gateway?.build).toEqual({ context: '../gw', dockerfile: 'Dockerfile.prod' })
  })
})

describe('init --image', () => {
  it('writes a config that cannot block unless a baseline image is given', () => {
    const facts = factsForImage('acme/gw:1', [9000])
    const plain = valid(renderInitConfig(facts))
    expect(cannotBlockReasons(plain, { baselineExists: false, baselinePath: 'b.json' })).toHaveLength(1)
    const withBaseline = valid(renderInitConfig({ ...facts, baseline: { image: 'acme/gw:main' } }))
    expect(withBaseline.baselineVariant?.services.gateway?.image).toBe('acme/gw:main')
    expect(cannotBlockReasons(withBaseline, { baselineExists: false, baselinePath: 'b.json' })).toEqual([])
  })
})
