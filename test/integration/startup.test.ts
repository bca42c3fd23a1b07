// Real Docker: the start-up kind on the nginx example stack (echo backend behind perf-gate/nginx). Every
// run stops the gateway container, starts it again and times the first successful proxied request. A
// gateway whose entrypoint sleeps 3 s before serving is blocked against the unchanged one (paired
// comparison and the absolute limit), and the unchanged one against itself passes (the tolerance).
// No assertion on how fast nginx starts beyond the 3 s the sleep adds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/config/load.js'
import { compareCells } from '../../src/gate/compare.js'
import { runStartup } from '../../src/kinds/startup/run.js'
import { silentLogger } from '../../src/log.js'
import type { RunResult, VariantName } from '../../src/model.js'
import { startStack, type RunningStack } from '../../src/stack/stack.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'
const ECHO = process.env.PERF_GATE_ECHO_IMAGE ?? 'perf-gate/echo:local'
const wait = { http: { path: '/health', port: 8080 }, timeout: '20s' }

const raw = {
  name: 'startup-test',
  services: {
    echo: { image: ECHO, ports: [8080], wait },
    nginx: { image: 'perf-gate/nginx:local', ports: [8080], dependsOn: ['echo'], wait },
    // The same gateway whose entrypoint sleeps 3 s before serving: a start-up regression no latency cell sees.
    'nginx-slow': {
      image: 'perf-gate/nginx:local',
      command: ['sh', '-c', 'sleep 3; exec nginx -g "daemon off;"'],
      ports: [8080],
      dependsOn: ['echo'],
      wait,
    },
  },
  profiles: [
    {
      name: 'fast',
      target: 'http://nginx:8080/echo',
      expect: { status: 200, headers: { 'X-Echo': 'perf-gate' } },
    },
    {
      name: 'slow',
      target: 'http://nginx-slow:8080/echo',
      expect: { status: 200, headers: { 'X-Echo': 'perf-gate' } },
    },
  ],
  scenarios: [
    {
      name: 'startup',
      script: 'startup',
      method: 'GET',
      startup: { healthPath: '/health', maxMs: 1500, toleranceMs: 250 },
    },
  ],
  gate: { threshold: 0.5 },
}
const config = parseConfig(raw, 'test', {})

describe('start-up kind', () => {
  let stack: RunningStack
  beforeAll(async () => {
    requireImages(ECHO, 'perf-gate/nginx:local')
    stack = await startStack(config, { runId: 'it-startup', variant: 'candidate', log: silentLogger })
  }, 60_000)
  afterAll(async () => {
    await stack?.stop()
    expect(perfGateContainers('it-startup')).toEqual([])
    expect(perfGateNetworks('it-startup')).toEqual([])
  })

  const profile = (name: string) => config.profiles.find((p) => p.name === name)!
  const scenario = config.scenarios[0]!

  /** One start of a profile's gateway, recorded as a run of cell gw/startup on `variant`. */
  async function start(name: string, variant: VariantName, round: number): Promise<RunResult> {
    const { metrics, startup } = await runStartup({
      log: silentLogger,
      stack,
      profile: profile(name),
      scenario,
      label: 'it',
    })
    return {
      cell: 'gw/startup',
      profile: 'gw',
      scenario: 'startup',
      variant,
      round,
      phase: 'paired',
      warmup: false,
      startedAt: new Date().toISOString(),
      durationS: 0,
      metrics,
      valid: startup.firstResponseMs !== null,
      resources: [],
      startup,
    }
  }

  const gwConfig = parseConfig(
    { ...raw, profiles: [{ name: 'gw', target: 'http://nginx:8080/echo' }] },
    'test',
    {},
  )
  const decide = (runs: RunResult[]) =>
    compareCells({
      runs,
      config: gwConfig,
      gate: gwConfig.gate,
      baseline: null,
      method: 'paired',
      now: new Date(),
    }).cells[0]!

  it('blocks a gateway whose entrypoint sleeps 3 s, and passes the unchanged one against itself', async () => {
    const runs: RunResult[] = []
    for (let round = 0; round < 3; round++) {
      runs.push(await start('fast', 'baseline', round))
      runs.push(await start('slow', 'candidate', round))
    }
    for (const run of runs) expect(run.valid).toBe(true)
    const slow = runs.filter((r) => r.variant === 'candidate').map((r) => r.startup!.firstResponseMs!)
    const fast = runs.filter((r) => r.variant === 'baseline').map((r) => r.startup!.firstResponseMs!)
    console.log(
      `start-up ms: unchanged ${fast.map((v) => v.toFixed(0)).join(', ')}; sleeping ${slow.map((v) => v.toFixed(0)).join(', ')}`,
    )
    for (const v of slow) expect(v).toBeGreaterThanOrEqual(3000)
    // The time to healthy (startup.healthPath on the restarted service) is recorded beside it.
    expect(runs.every((r) => r.startup!.healthyMs !== undefined)).toBe(true)
    const blocked = decide(runs)
    expect(blocked.verdict).toBe('regression')
    expect(blocked.reasons.join('\n')).toMatch(/exceeds the absolute limit startup\.maxMs 1500 ms/)

    // The unchanged gateway against itself: the fast runs as both variants, round by round.
    const again: RunResult[] = []
    for (let round = 0; round < 3; round++) again.push(await start('fast', 'candidate', round))
    const unchanged = decide([...runs.filter((r) => r.variant === 'baseline'), ...again])
    console.log(`unchanged: ${unchanged.verdict}: ${unchanged.reasons[0]}`)
    // Tens of milliseconds either way: the relative comparison reads polling noise, the tolerance decides.
    expect(unchanged.verdict).toBe('pass')
    expect(unchanged.reasons.join('\n')).toMatch(/within startup\.maxMs 1500 ms/)
  }, 60_000)
})
