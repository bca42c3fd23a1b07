// The workload model for real (issue 8), on the bundled images: a sweep expanded into cells, a
// fresh stack per profile with its own setup (repeated calls, a value captured from a response and
// sent as a header), every check kind validated by k6, a profile missing one mutation failing on
// accuracy alone, the overhead and per-hook figures, and nothing left behind, also on SIGTERM.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GateResults } from '../../src/model.js'
import { ROOT, runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const CHECKS = {
  status: 200,
  headers: { 'X-Policy': 'applied', 'X-Key': 'k-2' },
  headersAbsent: ['X-Echo'],
  bodyPrefix: 'prefix:',
  bodyContains: ['perf-gate-payload-', '0123456789'],
  payloadPrefix: 'prefix:',
}

// Readiness waits of 10 s rather than the default 60 s: these images are ready in about a second
// here (two under load), and a SIGTERM that lands while a service waits returns only when that wait
// gives up (the sweep removed the container it polls), so the SIGTERM test below would idle out the
// whole timeout: it waits 5 s at most.
const WAIT = { http: { path: '/health', port: 8080 }, timeout: '10s' }
const DURATION_S = 1

/** A config in its own folder, next to the nginx config it copies into the gateway. */
function writeConfig(isolation: string, rounds = 2, paired = false, waitTimeout = WAIT.timeout): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-workload-'))
  copyFileSync(path.join(ROOT, 'test/fixtures/workload/nginx-policies.conf'), path.join(dir, 'nginx.conf'))
  const setup = [
    // The echo backend answers with the JSON it was sent: an admin API that returns what it created.
    { url: 'http://echo:8080/echo', body: { key: 'k-{{i}}' }, repeat: 3, capture: { key: 'key' } },
  ]
  const wait = { ...WAIT, timeout: waitTimeout }
  const config = {
    name: 'workload',
    services: {
      echo: { image: 'perf-gate/echo:local', ports: [8080], wait },
      nginx: {
        image: 'perf-gate/nginx:local',
        ports: [8080],
        dependsOn: ['echo'],
        files: [{ source: 'nginx.conf', target: '/etc/nginx/nginx.conf' }],
        wait,
      },
    },
    profiles: [
      {
        name: 'no-gateway',
        control: true,
        target: 'http://echo:8080/echo',
        expect: { headers: { 'X-Echo': 'perf-gate' }, echoesPayload: true },
      },
      {
        name: 'chain',
        target: 'http://nginx:8080/chain',
        setup,
        headers: { 'X-Api-Key': '{{key}}' },
        expect: CHECKS,
      },
      {
        name: 'broken',
        target: 'http://nginx:8080/broken',
        hooks: 3,
        setup,
        headers: { 'X-Api-Key': '{{key}}' },
        expect: CHECKS,
      },
    ],
    scenarios: [
      // Accuracy, the sweep, the isolation and the overhead figures hold for any length of run, and
      // the figures need two runs a side (gate.rounds 2).
      {
        name: 'c',
        script: 'constant-vus',
        vus: [1, 2],
        duration: `${DURATION_S}s`,
        warmup: '0s',
        payloadBytes: 256,
      },
    ],
    gate: { rounds, warmupRounds: 0, isolation, sampleResources: false, method: 'stored' },
    baseline: { path: 'baseline.json' },
  }
  if (paired) {
    // Paired blocks of the control and the chain only: every block starts fresh stacks of both variants.
    Object.assign(config, {
      profiles: config.profiles.slice(0, 2),
      scenarios: [{ ...config.scenarios[0], vus: 1, duration: '1s' }],
      gate: { ...config.gate, method: 'paired', maxRounds: rounds },
      baselineVariant: { services: { echo: { env: { ECHO_DELAY_US: '0' } } } },
    })
  }
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, JSON.stringify(config, null, 2))
  return file
}

function expectNothingLeft(runId: string) {
  expect(perfGateContainers(runId)).toEqual([])
  expect(perfGateNetworks(runId)).toEqual([])
}

describe('workload model on nginx + echo', () => {
  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
  })
  afterAll(() => expectNothingLeft('it-wl-'))

  it('sweeps, isolates profiles, validates every check and fails the broken chain on accuracy (exit 1)', async () => {
    const file = writeConfig('profile')
    const out = path.join(path.dirname(file), 'out')
    const runId = `it-wl-1-${process.pid}`
    const started = Date.now()
    const run = await runCli(['run', '--config', file, '--out', out], { env: { PERF_GATE_RUN_ID: runId } })
    const wallS = (Date.now() - started) / 1000
    expect(run.code, run.stderr).toBe(1)
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as GateResults
    expect(results.cells.map((c) => c.cell)).toEqual([
      'no-gateway/c@vus=1',
      'no-gateway/c@vus=2',
      'chain/c@vus=1',
      'chain/c@vus=2',
      'broken/c@vus=1',
      'broken/c@vus=2',
    ])
    // One fresh stack per profile, each set up with its own profile only.
    for (const i of [0, 1, 2]) expect(run.stderr).toContain(`candidate, stored-i${i}`)
    const byProfile = (p: string) => results.cells.filter((c) => c.profile === p)
    // Every check of the chain passes on its own stack: the header carries the captured value.
    for (const cell of byProfile('chain')) {
      expect(cell.checkAccuracy, cell.cell).toBe(1)
      expect(cell.accuracy).toEqual({ min: 1, fails: false })
      expect(cell.achieved?.rps).toBeGreaterThan(0)
      expect(cell.sweep?.scenario).toBe('c')
    }
    for (const cell of byProfile('no-gateway')) expect(cell.checkAccuracy, cell.cell).toBe(1)
    // The chain without its header strip: every response keeps X-Echo, so every request fails.
    for (const cell of byProfile('broken')) {
      expect(cell.checkAccuracy).toBe(0)
      expect(cell.verdict).toBe('regression')
      expect(cell.reasons.join('\n')).toContain('accuracy 0% < 100%')
    }
    expect(results.verdict).toBe('regression')
    expect(results.decision).toMatch(/^accuracy below gate\.minAccuracy in broken\/c@vus=1, broken\/c@vus=2/)
    // Overhead of the broken chain over the chain (the first non-control profile), per level.
    expect(results.figures?.reference).toBe('chain')
    const overhead = results.figures?.overhead ?? []
    // The no-gateway control's row is the chain over it: what the gateway itself adds.
    expect(overhead.map((o) => `${o.profile} vs ${o.reference} ${o.scenario}`)).toEqual([
      'chain vs no-gateway c@vus=1',
      'broken vs chain c@vus=1',
      'chain vs no-gateway c@vus=2',
      'broken vs chain c@vus=2',
    ])
    const broken = overhead.find((o) => o.profile === 'broken')!
    expect(Object.keys(broken.metrics).sort()).toEqual(['p50', 'p95', 'p99'])
    expect(broken.hooks).toBe(3)
    expect(broken.perHookMs?.p95?.estimate).toBeCloseTo(broken.metrics.p95!.addedMs.estimate / 3, 10)
    const report = readFileSync(path.join(out, 'report.md'), 'utf8')
    expect(report).toContain('Overhead vs chain per level')
    expect(report).toContain('Cost per policy hook')
    expectNothingLeft(runId)
    process.stderr.write(
      `workload-model: isolation profile, 12 runs of ${DURATION_S} s on 3 stacks: ${wallS.toFixed(1)} s\n`,
    )
  })

  it('runs the setup (and its capture) on every fresh stack of every paired block', async () => {
    const file = writeConfig('profile', 2, true)
    const out = path.join(path.dirname(file), 'out')
    const runId = `it-wl-3-${process.pid}`
    const run = await runCli(['run', '--config', file, '--out', out], { env: { PERF_GATE_RUN_ID: runId } })
    expect([0, 1], run.stderr).toContain(run.code)
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as GateResults
    expect(results.paired?.blocks).toBe(2)
    // Two blocks x two profiles, each a fresh pair of stacks set up with its profile, started in an
    // order drawn per block and session (gate.seed).
    for (const name of ['b0-i0', 'b0-i1', 'b1-i0', 'b1-i1'])
      expect(run.stderr).toMatch(new RegExp(`(baseline \\+ candidate|candidate \\+ baseline), ${name}`))
    const chain = results.cells.find((c) => c.profile === 'chain')!
    // The captured key reached both variants' requests in every block: no check failed anywhere.
    const runs = chain.runs.filter((r) => !r.warmup)
    expect(runs.map((r) => r.variant).sort()).toEqual(['baseline', 'baseline', 'candidate', 'candidate'])
    for (const r of runs) expect(r.metrics.checkAccuracy, `${r.variant} ${r.round}`).toBe(1)
    expectNothingLeft(runId)
  })

  it('removes every isolated stack on SIGTERM between two of them (exit 3)', async () => {
    const file = writeConfig('cell', 1, false, '5s')
    const runId = `it-wl-2-${process.pid}`
    let sent = false
    const run = await runCli(['run', '--config', file, '--out', path.join(path.dirname(file), 'out')], {
      env: { PERF_GATE_RUN_ID: runId },
      onStderr: (stderr, child) => {
        // The second cell's stack is starting: the first one was stopped, this one is in flight.
        if (!sent && stderr.includes('candidate, stored-i1')) {
          sent = true
          setTimeout(() => child.kill('SIGTERM'), 300)
        }
      },
    })
    expect(sent).toBe(true)
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).toMatch(/received SIGTERM/)
    expectNothingLeft(runId)
  })
})
