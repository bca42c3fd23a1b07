import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { parseConfig } from '../../../src/config/load.js'
import {
  exposedTcpPorts,
  factsForCompose,
  factsForImage,
  renderInitConfig,
} from '../../../src/cli/init-config.js'
import { ConfigError } from '../../../src/errors.js'

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
    const config = valid(renderInitConfig(facts))
    expect(config.services.edge?.wait?.http).toMatchObject({ path: '/ready', port: 9901 })
    expect(config.profiles[0]?.target).toBe('http://edge:10000/')
  })

  it('names the file and the service in errors', () => {
    expect(() => factsForCompose('services:\n  a: { ports: ["80"] }\n', 'c.yml')).toThrow(
      'c.yml: services.a: neither "image" nor "build"',
    )
    expect(() => factsForCompose(compose, 'c.yml', 'nope')).toThrow('c.yml: no service "nope"')
    expect(() => factsForCompose('[', 'c.yml')).toThrow(/c\.yml: invalid YAML/)
  })
})
