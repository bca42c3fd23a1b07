// Real Docker and k6: the three measurement modes of issue 9 against a real stack. A capacity search
// of a gateway made CPU-bound on purpose (testgw doing ~200k sha256 rounds per request on half a CPU)
// brackets a capacity far below its max; the GraphQL scenario's per-request checks pass against the
// echo backend's /graphql and fail against a plain echo; an arena run measures every phase with the
// published iteration counts and scores 0..100. No assertion on how fast anything is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/config/load.js'
import { runArena } from '../../src/kinds/arena/run.js'
import { runCapacitySearch } from '../../src/kinds/capacity/run.js'
import { findK6, runK6Scenarios, type K6Binary } from '../../src/load/k6.js'
import { packageRoot, scenarioEnv, scriptPath } from '../../src/load/scenario-env.js'
import { silentLogger } from '../../src/log.js'
import { startStack, type RunningStack } from '../../src/stack/stack.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'
// The echo image must be built from this tree (POST /graphql); a test run may name another tag.
const ECHO = process.env.PERF_GATE_ECHO_IMAGE ?? 'perf-gate/echo:local'

const config = parseConfig(
  {
    name: 'modes-test',
    services: {
      echo: { image: ECHO, ports: [8080], wait: { http: { path: '/health', port: 8080 }, timeout: '20s' } },
      busy: {
        image: 'perf-gate/testgw:local',
        env: { WORK_ITERATIONS: '200000' },
        ports: [8080],
        dependsOn: ['echo'],
        wait: { http: { path: '/health', port: 8080 }, timeout: '20s' },
        resources: { cpus: 0.5 },
      },
    },
    profiles: [
      { name: 'busy', target: 'http://busy:8080/echo', expect: { status: 200 } },
      { name: 'gql', target: 'http://echo:8080/graphql', expect: { status: 200 } },
      { name: 'echo', target: 'http://echo:8080/echo', expect: { status: 200 } },
    ],
    scenarios: [
      {
        name: 'capacity',
        script: 'capacity-search',
        // 2 s: at a few req/s a 1 s step counts one boundary iteration too many (20% off the target).
        duration: '2s',
        warmup: '1s',
        payloadBytes: 64,
        // Resolution 0.5: the bracket is found by the doublings alone (no bisection step); what is
        // asserted is how a bracket is made, not how narrow it is.
        capacity: { start: 20, max: 2560, resolution: 0.5 },
      },
      {
        name: 'gql',
        script: 'graphql',
        vus: 4,
        duration: '1s',
        warmup: '0s',
        graphql: {
          query: 'query Q($n: Int) { products(first: $n) { id name } top: customers(first: 2) { id } }',
          variables: { n: 3 },
        },
      },
      {
        name: 'arena',
        script: 'arena',
        method: 'GET',
        payloadBytes: 0,
        arena: { timeScale: 0.05, healthPath: '/health' },
      },
    ],
  },
  'test',
  {},
)

describe('measurement modes', () => {
  let stack: RunningStack
  let k6: K6Binary
  beforeAll(async () => {
    requireImages(ECHO, 'perf-gate/testgw:local')
    const found = await findK6()
    if (!found) throw new Error('k6 is missing: run scripts/setup.sh first')
    k6 = found
    stack = await startStack(config, { runId: 'it-modes', variant: 'candidate', log: silentLogger })
  })
  afterAll(async () => {
    await stack?.stop()
    expect(perfGateContainers('it-modes')).toEqual([])
    expect(perfGateNetworks('it-modes')).toEqual([])
  })

  const profile = (name: string) => config.profiles.find((p) => p.name === name)!
  const scenario = (name: string) => config.scenarios.find((s) => s.name === name)!

  it('brackets the capacity of a CPU-bound gateway: the steps above it are results that fail the rule', async () => {
    const { capacity, metrics } = await runCapacitySearch({
      k6,
      log: silentLogger,
      profile: profile('busy'),
      scenario: scenario('capacity'),
      targetUrl: stack.resolveUrl(profile('busy').target),
      label: 'it',
    })
    console.log(
      `capacity ${capacity.capacity} req/s (${capacity.outcome}): ` +
        capacity.steps.map((s) => `${s.target}->${s.achieved.toFixed(1)}${s.pass ? '' : '!'}`).join(' '),
    )
    expect(capacity.outcome).toBe('bracketed')
    expect(capacity.capacity).not.toBeNull()
    expect(capacity.ceiling).not.toBeNull()
    const passing = capacity.steps.filter((s) => s.pass)
    // The capacity is the highest passing target, below the lowest failing one.
    expect(capacity.capacity).toBe(Math.max(...passing.map((s) => s.target)))
    // The ceiling is the lowest rate that failed every attempt (a failing step is retried once).
    const passedAt = new Set(passing.map((s) => s.target))
    const givenUp = capacity.steps.filter((s) => !s.pass && !passedAt.has(s.target)).map((s) => s.target)
    expect(capacity.ceiling).toBe(Math.min(...givenUp))
    expect(capacity.capacity as number).toBeLessThan(capacity.ceiling as number)
    for (const step of capacity.steps.filter((s) => !s.pass)) expect(step.reason).toBeTruthy()
    for (const step of passing) {
      expect(Math.abs(step.achieved - step.target) / step.target).toBeLessThanOrEqual(0.05)
      expect(step.errorRate).toBeLessThan(0.01)
    }
    // The run's metrics are those of the capacity step.
    expect(metrics.requests).toBeGreaterThan(0)
  })

  it('checks every GraphQL response for the fields it asked for', async () => {
    const run = async (target: string) =>
      (
        await runK6Scenarios(
          {
            k6,
            script: scriptPath(scenario('gql'), packageRoot()),
            env: scenarioEnv(profile('gql'), scenario('gql'), target),
            durationS: 1,
            timeoutMs: 120_000,
          },
          ['load'],
        )
      ).metrics.load!
    const good = await run(stack.resolveUrl('http://echo:8080/graphql'))
    expect(good.requests).toBeGreaterThan(0)
    expect(good.errorRate).toBe(0)
    expect(good.checkAccuracy).toBe(1)
    // A plain echo returns the request itself: no `data`, so every request fails its checks.
    const wrong = await run(stack.resolveUrl('http://echo:8080/echo'))
    expect(wrong.requests).toBeGreaterThan(0)
    expect(wrong.checkAccuracy).toBe(0)
  })

  it('runs every arena phase with its published iteration count and scores it 0..100', async () => {
    const { arena } = await runArena({
      k6,
      log: silentLogger,
      profile: profile('echo'),
      scenario: scenario('arena'),
      targetUrl: stack.resolveUrl(profile('echo').target),
      label: 'it',
    })
    console.log(`arena score ${arena.score.toFixed(1)}: ${JSON.stringify(arena.dimensions)}`)
    expect(arena.phases.health?.requests).toBe(1)
    expect(arena.phases.sequential?.requests).toBe(20)
    expect(arena.phases.burst10?.requests).toBe(10)
    expect(arena.phases.sustained?.requests).toBe(100)
    expect(arena.phases.sustained?.p25).toBeDefined()
    expect(arena.phases.sustained?.p75).toBeDefined()
    expect(arena.dimensions.availability?.score).toBe(100)
    expect(arena.score).toBeGreaterThan(0)
    expect(arena.score).toBeLessThanOrEqual(100)
  })
})
