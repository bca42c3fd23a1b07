// A real Traefik 3 (images/traefik) configured through its own REST provider inside a gate (issue
// 22): each profile PUTs its whole dynamic configuration to /api/providers/rest on a fresh gateway,
// one of them the example's 100 routers behind basicAuth with 100 users (a setup bodyFile), and a
// router whose basicAuth middleware was left out must fail on accuracy alone. Kept short: 1 s runs,
// 2 rounds, an open model at 100 req/s.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GateResults } from '../../src/model.js'
import { ROOT, runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const REST = 'http://traefik:9000/api/providers/rest'
const ECHO_SERVICE = { echo: { loadBalancer: { servers: [{ url: 'http://echo:8080' }] } } }
/** consumer-0:secret-0 ({SHA} hash), as examples/traefik. */
const USER_0 = 'consumer-0:{SHA}EiBfdqmIBwuZKQV1crrICR/KbG4='

/** One router at /r/0 with `middlewares`, and a basicAuth middleware that knows consumer-0. */
function oneRouter(middlewares: string[]) {
  return {
    method: 'PUT',
    url: REST,
    body: {
      http: {
        routers: { r0: { entryPoints: ['web'], rule: 'Path(`/r/0`)', service: 'echo', middlewares } },
        middlewares: {
          auth: { basicAuth: { users: [USER_0], headerField: 'Content-Type', removeHeader: true } },
        },
        services: ECHO_SERVICE,
      },
    },
  }
}

/** basicAuth ran and matched `user`: it sends the user upstream as Content-Type, which the echo returns. */
const authenticated = (user: string) => ({
  status: 200,
  headers: { 'X-Echo': 'perf-gate', 'Content-Type': user },
  echoesPayload: true,
})

function writeConfig(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-traefik-'))
  const config = {
    name: 'traefik',
    services: {
      echo: { image: 'perf-gate/echo:local', ports: [8080], wait: { http: { path: '/health', port: 8080 } } },
      traefik: {
        image: 'perf-gate/traefik:local',
        ports: [8080, 9000],
        dependsOn: ['echo'],
        wait: { http: { path: '/ping', port: 9000 } },
      },
    },
    profiles: [
      {
        name: 'basic-auth',
        target: 'http://traefik:8080/r/0',
        setup: [oneRouter(['auth'])],
        headers: { Authorization: `Basic ${Buffer.from('consumer-0:secret-0').toString('base64')}` },
        // Without credentials a live router with basicAuth answers 401: the probe waits for that.
        readiness: { status: 401 },
        expect: authenticated('consumer-0'),
      },
      {
        name: 'basic-auth-100r100c',
        target: 'http://traefik:8080/r/99',
        setup: [
          {
            method: 'PUT',
            url: REST,
            bodyFile: path.join(ROOT, 'examples/traefik/rest-100-routes-100-users.json'),
          },
        ],
        headers: { Authorization: `Basic ${Buffer.from('consumer-99:secret-99').toString('base64')}` },
        readiness: { status: 401 },
        expect: authenticated('consumer-99'),
      },
      {
        // The router lost its middleware: requests still reach the echo, unauthenticated.
        name: 'auth-missing',
        target: 'http://traefik:8080/r/0',
        setup: [oneRouter([])],
        headers: { Authorization: `Basic ${Buffer.from('consumer-0:secret-0').toString('base64')}` },
        expect: authenticated('consumer-0'),
      },
    ],
    scenarios: [
      {
        name: 'open',
        script: 'constant-arrival-rate',
        rate: 100,
        maxVUs: 20,
        duration: '1s',
        warmup: '0s',
        payloadBytes: 50,
      },
    ],
    // Every PUT replaces Traefik's whole dynamic configuration: one gateway per profile.
    gate: { rounds: 2, warmupRounds: 0, isolation: 'profile', sampleResources: false, method: 'stored' },
    baseline: { path: 'baseline.json' },
  }
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, JSON.stringify(config, null, 2))
  return file
}

describe('Traefik configured through its REST provider', () => {
  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/traefik:local')
  })
  afterAll(() => {
    expect(perfGateContainers('it-traefik-')).toEqual([])
    expect(perfGateNetworks('it-traefik-')).toEqual([])
  })

  it('authenticates every request behind basicAuth (1 and 100 routers) and fails the router without it on accuracy (exit 1)', async () => {
    const file = writeConfig()
    const out = path.join(path.dirname(file), 'out')
    const run = await runCli(['run', '--config', file, '--out', out], {
      env: { PERF_GATE_RUN_ID: `it-traefik-${process.pid}` },
    })
    expect(run.code, run.stderr).toBe(1)
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as GateResults
    const cell = (profile: string) => results.cells.find((c) => c.profile === profile)!
    // The readiness probe held the load back until Traefik had applied the PUT: not one request
    // met the previous configuration (404) or a router without its middleware.
    for (const profile of ['basic-auth', 'basic-auth-100r100c']) {
      expect(cell(profile).checkAccuracy, profile).toBe(1)
      expect(cell(profile).accuracy).toEqual({ min: 1, fails: false })
      expect(cell(profile).errorRate.candidate, profile).toBeLessThan(0.001)
    }
    // Without basicAuth no response names the consumer: accuracy 0, whatever its latency.
    const broken = cell('auth-missing')
    expect(broken.checkAccuracy).toBe(0)
    expect(broken.verdict).toBe('regression')
    expect(broken.reasons.join('\n')).toContain('accuracy 0% < 100%')
    expect(results.decision).toMatch(/^accuracy below gate\.minAccuracy in auth-missing\/open/)
  })
})
