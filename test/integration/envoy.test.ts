// Envoy 1.40 (images/envoy) configured through its management plane (images/envoy-xds, a
// go-control-plane ADS server with a REST API) inside a gate (issue 22): a native header_mutation
// chain, the same chain as Lua filters behind api_key_auth, a direct_response route behind the shared
// consumers' api_key_auth (seed 003's mocking ceiling), and the Lua chain without its header strip,
// which must fail on accuracy alone. Kept short: one shared stack, 1 VU, two 1 s runs per cell.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GateResults } from '../../src/model.js'
import { runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const XDS = 'http://xds:9000'

/** Seed 000's header hooks on one engine; `without` leaves one out (a filter that went missing). */
function chain(engine: 'native' | 'lua', without?: string) {
  return [
    { type: 'request-header', engine, name: 'Content-Type', value: 'application/vnd.envoy+request-header' },
    { type: 'response-header', engine, name: 'X-Policy-Phase', value: 'response-header' },
    { type: 'response-header-remove', engine, name: 'X-Echo' },
  ].filter((f) => f.type !== without)
}

/** What every hook leaves on a response: checked on every request by k6. */
const MUTATED = {
  status: 200,
  headers: { 'Content-Type': 'vnd.envoy+request-header', 'X-Policy-Phase': 'response-header' },
  headersAbsent: ['X-Echo'],
  echoesPayload: true,
}

function route(id: string, filters: object[]) {
  return {
    method: 'PUT',
    url: `${XDS}/routes/${id}`,
    body: { path: `/${id}`, upstream: 'echo:8080', filters },
  }
}

function writeConfig(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-envoy-'))
  const config = {
    name: 'envoy',
    services: {
      echo: { image: 'perf-gate/echo:local', ports: [8080], wait: { http: { path: '/health', port: 8080 } } },
      xds: {
        image: 'perf-gate/envoy-xds:local',
        ports: [9000, 18000],
        wait: { http: { path: '/health', port: 9000 } },
      },
      envoy: {
        image: 'perf-gate/envoy:local',
        ports: [8080, 9901],
        dependsOn: ['echo', 'xds'],
        wait: { http: { path: '/health', port: 8080 } },
      },
    },
    profiles: [
      {
        name: 'native-chain',
        target: 'http://envoy:8080/native',
        hooks: 3,
        setup: [route('native', chain('native'))],
        expect: MUTATED,
      },
      {
        name: 'lua-chain',
        target: 'http://envoy:8080/lua',
        hooks: 3,
        // Envoy's api_key_auth first: a request without the key never reaches the Lua filters.
        setup: [route('lua', [{ type: 'api-key-auth', keys: { bench: 'it-key' } }, ...chain('lua')])],
        headers: { apikey: 'it-key' },
        // The readiness probe sends no key: the route is there once api_key_auth refuses it.
        readiness: { status: 401 },
        expect: MUTATED,
      },
      {
        // Seed 003's mocking ceiling behind its key-auth: a direct_response route (Envoy answers, no
        // upstream) enabling the one api_key_auth filter that holds the consumers (PUT /consumers).
        name: 'mock-consumers',
        target: 'http://envoy:8080/mock',
        setup: [
          { method: 'PUT', url: `${XDS}/consumers`, body: { 'consumer-0': 'key-0', 'consumer-1': 'key-1' } },
          {
            method: 'PUT',
            url: `${XDS}/routes/mock`,
            body: {
              path: '/mock',
              response: { body: 'mocked by envoy\n', headers: { 'X-Mock': 'envoy' } },
              filters: [{ type: 'api-key-auth', consumers: true }],
            },
          },
        ],
        headers: { apikey: 'key-1' },
        readiness: { status: 401 },
        expect: {
          status: 200,
          bodyPrefix: 'mocked by envoy',
          headers: { 'X-Mock': 'envoy' },
          headersAbsent: ['X-Echo'],
        },
      },
      {
        name: 'lua-no-strip',
        target: 'http://envoy:8080/no-strip',
        hooks: 2,
        setup: [route('no-strip', chain('lua', 'response-header-remove'))],
        expect: MUTATED,
      },
    ],
    scenarios: [
      { name: 'c1', script: 'constant-vus', vus: 1, duration: '1s', warmup: '0s', payloadBytes: 50 },
    ],
    gate: { rounds: 2, warmupRounds: 0, isolation: 'shared', sampleResources: false, method: 'stored' },
    baseline: { path: 'baseline.json' },
  }
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, JSON.stringify(config, null, 2))
  return file
}

describe('Envoy configured through its xDS management plane', () => {
  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/envoy:local', 'perf-gate/envoy-xds:local')
  })
  afterAll(() => {
    expect(perfGateContainers('it-envoy-')).toEqual([])
    expect(perfGateNetworks('it-envoy-')).toEqual([])
  })

  it('validates every mutation of both chains and fails the chain missing its strip filter on accuracy (exit 1)', async () => {
    const file = writeConfig()
    const out = path.join(path.dirname(file), 'out')
    const run = await runCli(['run', '--config', file, '--out', out], {
      env: { PERF_GATE_RUN_ID: `it-envoy-${process.pid}` },
    })
    expect(run.code, run.stderr).toBe(1)
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as GateResults
    const cell = (profile: string) => results.cells.find((c) => c.profile === profile)!
    // header_mutation filters and Lua filters behind api_key_auth did every mutation on every request.
    // ... and so did the direct_response route behind the consumers' api_key_auth.
    for (const profile of ['native-chain', 'lua-chain', 'mock-consumers']) {
      expect(cell(profile).checkAccuracy, profile).toBe(1)
      expect(cell(profile).accuracy).toEqual({ min: 1, fails: false })
      // A stray transport error on a loaded runner is not a failed mutation (see luagw.test.ts).
      expect(cell(profile).errorRate.candidate, profile).toBeLessThan(0.001)
    }
    // Without the strip filter every response keeps X-Echo: accuracy 0, whatever its latency.
    const broken = cell('lua-no-strip')
    expect(broken.checkAccuracy).toBe(0)
    expect(broken.verdict).toBe('regression')
    expect(broken.reasons.join('\n')).toContain('accuracy 0% < 100%')
    expect(results.decision).toMatch(/^accuracy below gate\.minAccuracy in lua-no-strip\/c1/)
  })
})
