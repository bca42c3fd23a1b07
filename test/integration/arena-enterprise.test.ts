// Real Docker and k6: the arena's layer 1 (script: arena-enterprise) on the nginx example stack (k6 ->
// nginx -> echo, and k6 -> echo). Neither offers enterprise features, so the dimensions here are
// stand-ins that exercise each mechanism for real: a discovery GET that passes, a JSON-RPC call the
// echo answers without a "result", an auth chain whose unauthenticated call is not refused, a rate
// limit that never answers 429 (half the burst is then "as expected"), bad input that is echoed with
// a 200 instead of a 4xx, PII that comes back unredacted. Two gateways are ranked by ERI with
// intervals. No assertion on how fast anything is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/config/load.js'
import path from 'node:path'
import { compareCells } from '../../src/gate/compare.js'
import { runArenaEnterprise } from '../../src/kinds/arena-enterprise/run.js'
import { findK6, type K6Binary } from '../../src/load/k6.js'
import { silentLogger } from '../../src/log.js'
import type { RunResult } from '../../src/model.js'
import { buildReportContent } from '../../src/report/report-content.js'
import { loadConfig } from '../../src/config/load.js'
import { setUpProfile } from '../../src/stack/profile-setup.js'
import { startStack, type RunningStack } from '../../src/stack/stack.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'
import { passingGate } from '../support/report-fixtures.js'

process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'
const ECHO = process.env.PERF_GATE_ECHO_IMAGE ?? 'perf-gate/echo:local'
const wait = { http: { path: '/health', port: 8080 }, timeout: '20s' }
const CARD = '4111 1111 1111 1111'

const config = parseConfig(
  {
    name: 'eri-test',
    services: {
      echo: { image: ECHO, ports: [8080], wait },
      nginx: { image: 'perf-gate/nginx:local', ports: [8080], dependsOn: ['echo'], wait },
    },
    profiles: [
      { name: 'nginx', target: 'http://nginx:8080/echo' },
      { name: 'no-gateway', target: 'http://echo:8080/echo' },
    ],
    scenarios: [
      {
        name: 'eri',
        script: 'arena-enterprise',
        enterprise: {
          iterations: 4,
          jwt: { secret: 'test-secret', claims: { sub: 'arena' } },
          dimensions: {
            mcpDiscovery: { requests: [{ path: '/health', expect: { status: 200, bodyContains: ['ok'] } }] },
            mcpToolExec: { requests: [{ path: '/echo', jsonRpc: { method: 'tools/list' } }] },
            authChain: {
              requests: [
                { path: '/echo', expect: { status: 401 } },
                { path: '/echo', headers: { Authorization: 'Bearer {{jwt}}' }, expect: { status: 200 } },
              ],
            },
            guardrails: {
              requests: [
                { method: 'POST', path: '/echo', body: `card ${CARD}`, expect: { bodyExcludes: [CARD] } },
              ],
            },
            rateLimiting: {
              requests: [{ path: '/echo', headers: { 'X-Consumer': '{{consumer}}' } }],
              rateLimit: { limit: 2, burst: 4 },
            },
            resilience: {
              requests: [{ method: 'POST', path: '/echo', body: '{"broken', expect: { status: '4xx' } }],
            },
          },
        },
      },
    ],
  },
  'test',
  {},
)

describe('arena layer 1 (enterprise readiness)', () => {
  let stack: RunningStack
  let k6: K6Binary
  beforeAll(async () => {
    requireImages(ECHO, 'perf-gate/nginx:local')
    const found = await findK6()
    if (!found) throw new Error('k6 is missing: run scripts/setup.sh first')
    k6 = found
    stack = await startStack(config, { runId: 'it-eri', variant: 'candidate', log: silentLogger })
  }, 60_000)
  afterAll(async () => {
    await stack?.stop()
    expect(perfGateContainers('it-eri')).toEqual([])
    expect(perfGateNetworks('it-eri')).toEqual([])
  })

  it('scores real passes and real zeros, and ranks two gateways by ERI with intervals', async () => {
    const scenario = config.scenarios[0]!
    const runs: RunResult[] = []
    for (let round = 1; round <= 2; round++) {
      for (const profile of config.profiles) {
        const { metrics, arena } = await runArenaEnterprise({
          k6,
          log: silentLogger,
          profile,
          scenario,
          targetUrl: stack.resolveUrl(profile.target),
          label: 'it',
        })
        runs.push({
          cell: `${profile.name}/eri`,
          profile: profile.name,
          scenario: 'eri',
          variant: 'candidate',
          round,
          warmup: false,
          startedAt: new Date().toISOString(),
          durationS: 0,
          metrics,
          valid: true,
          resources: [],
          arena,
        })
      }
    }
    const first = runs[0]!.arena!
    console.log(`ERI ${first.score.toFixed(1)}: ${JSON.stringify(first.dimensions)}`)
    // Iterations as configured; the rate-limit burst counts every request of it.
    expect(first.phases.mcpDiscovery?.requests).toBe(4)
    expect(first.phases.authChain?.requests).toBe(8)
    expect(first.phases.rateLimiting?.requests).toBe(16)
    expect(first.phases.policyEngine).toBeUndefined()
    const d = first.dimensions
    expect(d.mcpDiscovery).toMatchObject({ value: 1 })
    expect(d.mcpDiscovery!.score).toBeGreaterThan(60)
    // Nothing the echo answers is a JSON-RPC result, a 401, a 4xx or a redaction: real zeros.
    for (const zero of ['mcpToolExec', 'authChain', 'guardrails', 'resilience'] as const)
      expect(d[zero]).toEqual({ value: 0, score: 0 })
    // No 429 ever: the two requests within the limit are as expected, the two beyond it are not.
    expect(d.rateLimiting!.value).toBe(0.5)
    expect(d.policyEngine).toEqual({ value: 0, score: 0 })
    expect(first.score).toBeCloseTo(0.15 * d.mcpDiscovery!.score + 0.1 * d.rateLimiting!.score, 6)

    const { cells } = compareCells({
      runs,
      config,
      gate: config.gate,
      baseline: null,
      method: 'stored',
      now: new Date(),
    })
    const [table] = buildReportContent({ ...passingGate(), cells, mode: 'gate' }).arena
    expect(table?.index).toBe('ERI')
    expect(table?.dimensions).toHaveLength(8)
    expect(table?.rows.map((r) => r.profile).sort()).toEqual(['nginx', 'no-gateway'])
    for (const row of table?.rows ?? []) expect(row.score).toMatch(/^\d+\.\d \[-?\d+\.\d, \d+\.\d\]$/)
  }, 120_000)
})

// examples/arena/perf-gate.enterprise.yml as shipped: luagw (jwt-auth, limit-count per consumer with
// 429s, request-validation) against nginx. Needs the luagw image built from this tree's images/luagw
// (scripts/build-images.sh rebuilds it when its sources change).
describe('the arena-enterprise example', () => {
  const LUAGW = process.env.PERF_GATE_LUAGW_IMAGE ?? 'perf-gate/luagw:local'
  const example = loadConfig(
    path.resolve(import.meta.dirname, '../../examples/arena/perf-gate.enterprise.yml'),
    {
      ...process.env,
      ECHO_IMAGE: ECHO,
      LUAGW_IMAGE: LUAGW,
    },
  ).config
  let stack: RunningStack
  let k6: K6Binary
  beforeAll(async () => {
    requireImages(ECHO, LUAGW, 'perf-gate/nginx:local')
    k6 = (await findK6()) as K6Binary
    stack = await startStack(example, { runId: 'it-eri-example', variant: 'candidate', log: silentLogger })
  }, 60_000)
  afterAll(async () => {
    await stack?.stop()
    expect(perfGateContainers('it-eri-example')).toEqual([])
    expect(perfGateNetworks('it-eri-example')).toEqual([])
  })

  it('ranks luagw above nginx: real passes where luagw offers a capability, real zeros elsewhere', async () => {
    const scenario = example.scenarios[0]!
    const guard = { hosts: new Set(stack.services.keys()), mask: (t: string) => t }
    const runs: RunResult[] = []
    const headers = new Map<string, Record<string, string>>()
    for (const profile of example.profiles)
      headers.set(profile.name, (await setUpProfile(profile, stack.resolveUrl, guard)).headers)
    for (let round = 1; round <= 2; round++) {
      for (const profile of example.profiles) {
        const { metrics, arena } = await runArenaEnterprise({
          k6,
          log: silentLogger,
          profile,
          scenario,
          targetUrl: stack.resolveUrl(profile.target),
          headers: headers.get(profile.name),
          label: 'it',
        })
        runs.push({
          cell: `${profile.name}/${scenario.name}`,
          profile: profile.name,
          scenario: scenario.name,
          variant: 'candidate',
          round,
          warmup: false,
          startedAt: new Date().toISOString(),
          durationS: 0,
          metrics,
          valid: true,
          resources: [],
          arena,
        })
      }
    }
    const luagw = runs.find((r) => r.profile === 'luagw')!.arena!.dimensions
    const nginx = runs.find((r) => r.profile === 'nginx')!.arena!.dimensions
    console.log(`luagw ${JSON.stringify(luagw)}\nnginx ${JSON.stringify(nginx)}`)
    for (const offered of ['authChain', 'rateLimiting', 'resilience'] as const) {
      expect(luagw[offered]!.value).toBe(1)
      expect(nginx[offered]).toEqual({ value: 0, score: 0 })
    }
    for (const absent of [
      'mcpDiscovery',
      'mcpToolExec',
      'guardrails',
      'policyEngine',
      'governance',
    ] as const) {
      expect(luagw[absent]).toEqual({ value: 0, score: 0 })
      expect(nginx[absent]).toEqual({ value: 0, score: 0 })
    }
    const { cells } = compareCells({
      runs,
      config: example,
      gate: example.gate,
      baseline: null,
      method: 'stored',
      now: new Date(),
    })
    const [table] = buildReportContent({ ...passingGate(), cells, mode: 'gate' }).arena
    expect(table?.rows.map((r) => r.profile)).toEqual(['luagw', 'nginx'])
    expect(table?.rows[0]?.score).toMatch(/^\d+\.\d \[\d+\.\d, \d+\.\d\]$/)
  }, 120_000)

  it('blocks luagw without its limit-count plugin: the rate-limiting dimension falls to 0 (paired)', async () => {
    const scenario = example.scenarios[0]!
    const profile = example.profiles.find((p) => p.name === 'luagw')!
    const guard = { hosts: new Set(stack.services.keys()), mask: (t: string) => t }
    const { headers } = await setUpProfile(profile, stack.resolveUrl, guard)
    const measure = async (variant: RunResult['variant'], round: number): Promise<RunResult> => {
      const { metrics, arena } = await runArenaEnterprise({
        k6,
        log: silentLogger,
        profile,
        scenario,
        targetUrl: stack.resolveUrl(profile.target),
        headers,
        label: 'it',
      })
      const run = {
        cell: `luagw/${scenario.name}`,
        profile: 'luagw',
        scenario: scenario.name,
        variant,
        round,
      }
      return {
        ...run,
        warmup: false,
        startedAt: new Date().toISOString(),
        durationS: 0,
        metrics,
        valid: true,
        resources: [],
        arena,
      }
    }
    const runs: RunResult[] = []
    for (let round = 1; round <= 3; round++) runs.push(await measure('baseline', round))
    // The same gateway with the limited route's limit-count plugin removed: a capability lost.
    const admin = await fetch(stack.resolveUrl('http://luagw:9180/admin/routes/limited'), {
      method: 'PUT',
      headers: { 'X-API-KEY': 'arena-admin', 'content-type': 'application/json' },
      body: JSON.stringify({ uri: '/limited', upstream: 'echo' }),
    })
    expect(admin.ok).toBe(true)
    try {
      for (let round = 1; round <= 3; round++) runs.push(await measure('candidate', round))
    } finally {
      await setUpProfile(profile, stack.resolveUrl, guard)
    }
    const [cell] = compareCells({
      runs,
      config: example,
      gate: example.gate,
      baseline: null,
      method: 'paired',
      now: new Date(),
    }).cells.filter((c) => c.profile === 'luagw')
    const dims = cell!.arena!.dimensions
    console.log(cell!.reasons.join('\n'))
    expect(dims.rateLimiting?.median).toBe(0)
    expect(dims.rateLimiting?.gate?.verdict).toBe('regression')
    expect(dims.authChain?.gate?.verdict).toBe('pass')
    expect(dims.resilience?.gate?.verdict).toBe('pass')
    expect(cell!.verdict).toBe('regression')
  }, 180_000)
})
