// Real Docker and k6: the test gateway (images/testgw) in a stack proxies to echo with payloads intact
// at any WORK_ITERATIONS, and a duet (one k6 process, two scenarios) drives two of them at once with
// every check passing. How much the knob costs is measured by bench:calibrate, not here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/config/load.js'
import { findK6, runK6Scenarios } from '../../src/load/k6.js'
import { packageRoot, scenarioEnv, scriptPath } from '../../src/load/scenario-env.js'
import { silentLogger } from '../../src/log.js'
import { startStack, type RunningStack } from '../../src/stack/stack.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'

const gateway = (iterations: number) => ({
  image: 'perf-gate/testgw:local',
  env: { WORK_ITERATIONS: String(iterations) },
  ports: [8080],
  dependsOn: ['echo'],
  wait: { http: { path: '/health', port: 8080 }, timeout: '20s' },
})

const config = parseConfig(
  {
    name: 'testgw-test',
    services: {
      echo: {
        image: 'perf-gate/echo:local',
        ports: [8080],
        wait: { http: { path: '/health', port: 8080 }, timeout: '20s' },
      },
      plain: gateway(0),
      slow: gateway(2000),
    },
    profiles: [
      {
        name: 'p',
        target: 'http://plain:8080/echo',
        expect: { status: 200, headers: { 'X-Echo': 'perf-gate' }, echoesPayload: true },
      },
    ],
    scenarios: [{ name: 's', script: 'constant-arrival-rate', rate: 50, duration: '2s', payloadBytes: 4096 }],
  },
  'test',
  {},
)

describe('testgw', () => {
  let stack: RunningStack
  beforeAll(async () => {
    requireImages('perf-gate/echo:local', 'perf-gate/testgw:local')
    stack = await startStack(config, { runId: 'it-testgw', variant: 'candidate', log: silentLogger })
  })
  afterAll(async () => {
    await stack?.stop()
    expect(perfGateContainers('it-testgw')).toEqual([])
    expect(perfGateNetworks('it-testgw')).toEqual([])
  })

  it('proxies a large body and the backend headers unchanged, with or without work', async () => {
    const body = 'x'.repeat(1_000_000)
    for (const service of ['plain', 'slow']) {
      const response = await fetch(stack.resolveUrl(`http://${service}:8080/echo`), {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-echo')).toBe('perf-gate')
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.text()).toBe(body)
    }
  })

  it('serves a duet of two gateways from one k6 process with every check passing', async () => {
    const k6 = await findK6()
    if (!k6) throw new Error('k6 is missing: run scripts/setup.sh first')
    const profile = config.profiles[0]!
    const scenario = config.scenarios[0]!
    const targets = {
      baseline: stack.resolveUrl('http://plain:8080/echo'),
      candidate: stack.resolveUrl('http://slow:8080/echo'),
    }
    const { metrics } = await runK6Scenarios(
      {
        k6,
        script: scriptPath(scenario, packageRoot()),
        env: { ...scenarioEnv(profile, scenario, targets.baseline), TARGETS: JSON.stringify(targets) },
        durationS: 2,
        timeoutMs: 120_000,
      },
      ['baseline', 'candidate'],
    )
    for (const name of ['baseline', 'candidate']) {
      const m = metrics[name]!
      // 50 req/s for 2 s each; a stall may drop an iteration or two on a busy machine.
      expect(m.requests).toBeGreaterThanOrEqual(90)
      expect(m.errorRate).toBe(0)
      expect(m.checkAccuracy).toBe(1)
    }
  })
})
