// stack.compose end to end: the example's compose file (nginx gateway, Go echo backend, a healthcheck)
// gated by the real CLI with real Docker Compose and k6 (the compose flow's real gates, stored and
// paired); nothing of the compose project is left after a pass, a failed start or Ctrl-C. A bad
// compose file (exit 2 before any container) and `doctor` on it start nothing: config-errors.test.ts
// and cli-verbs.test.ts.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'
import { ROOT, runCli } from '../support/cli.js'

const EXAMPLE = path.join(ROOT, 'examples/compose')
let runs = 0
const runId = () => `it-compose-${++runs}-${process.pid}`

/** Containers and networks of compose projects perf-gate started for runs with this prefix. */
function composeLeftovers(prefix: string): string[] {
  const list = (args: string[]) =>
    execFileSync('docker', args, { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.startsWith(`perf-gate-${prefix}`))
  return [
    ...list(['ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}']),
    ...list(['network', 'ls', '--format', '{{.Label "com.docker.compose.project"}}']),
  ]
}

function expectNothingLeft(id: string) {
  expect(perfGateContainers(id)).toEqual([])
  expect(perfGateNetworks(id)).toEqual([])
  expect(composeLeftovers(id)).toEqual([])
}

/**
 * A copy of the example in a temp folder, so tests can change its files. `short`: runs of 1 s without
 * a warm-up instead of 3 s + 1 s, for tests whose assertions (projects started and removed, checks
 * passing, variants measured) hold for any length of run.
 */
function exampleCopy(short = false): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-compose-it-'))
  cpSync(EXAMPLE, dir, { recursive: true })
  if (short) {
    const config = path.join(dir, 'perf-gate.yml')
    const text = readFileSync(config, 'utf8')
    expect(text).toContain('    duration: 3s\n    warmup: 1s\n')
    writeFileSync(
      config,
      text.replace('    duration: 3s\n    warmup: 1s\n', '    duration: 1s\n    warmup: 0s\n'),
    )
  }
  return dir
}

/**
 * Gives the example's gateway the network aliases `api` and `API.internal` and has the config reach
 * it by them (target and readiness): the compose file stays the example's otherwise.
 */
function throughAliases(dir: string) {
  const compose = path.join(dir, 'docker-compose.yml')
  const text = readFileSync(compose, 'utf8')
  expect(text).toContain('    depends_on: [echo]\n    # The nginx config')
  // On the default network, so the gateway still reaches echo by its name.
  writeFileSync(
    compose,
    text.replace(
      '    depends_on: [echo]\n    # The nginx config',
      '    depends_on: [echo]\n    networks: { default: { aliases: [api, API.internal] } }\n    # The nginx config',
    ),
  )
  const config = path.join(dir, 'perf-gate.yml')
  const original = readFileSync(config, 'utf8')
  expect(original).toContain(
    "    target: http://gateway:8080/echo\n    readiness: { url: 'http://gateway:8080/health'",
  )
  writeFileSync(
    config,
    original.replace(
      "    target: http://gateway:8080/echo\n    readiness: { url: 'http://gateway:8080/health'",
      "    target: http://api:8080/echo\n    readiness: { url: 'http://api.internal:8080/health'",
    ),
  )
}

describe('a compose file as the stack', () => {
  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
  })
  afterAll(() => expect(composeLeftovers('it-compose-')).toEqual([]))

  // The compose flow's stored gate. The gateway is reached by a network alias (it was a gate of its
  // own): a name only the compose file knows, resolved for the readiness probe and for k6 alike; a
  // made-up name is refused before anything starts (config-errors.test.ts).
  it('records a baseline, then gates against it end to end through a network alias, and removes the project each time', async () => {
    const dir = exampleCopy(true)
    throughAliases(dir)
    const out = path.join(dir, 'out')
    const first = runId()
    const baseline = await runCli(
      ['run', '--config', path.join(dir, 'perf-gate.yml'), '--mode', 'baseline', '--out', out],
      { env: { PERF_GATE_RUN_ID: first } },
    )
    expect(baseline.code, baseline.stderr).toBe(0)
    // Compose started the project under perf-gate's name; the gateway waited on its healthcheck, and
    // the alias resolved to its container IP.
    expect(baseline.stderr).toContain(`starting compose project perf-gate-${first}-candidate`)
    expect(baseline.stderr).toMatch(/profile nginx-passthrough ready: http:\/\/\d+\.\d+\.\d+\.\d+:8080\/echo/)
    const stored = JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8'))
    expect(stored.nights).toHaveLength(1)
    expect(new Set(stored.nights[0].runs.map((r: { profile: string }) => r.profile))).toEqual(
      new Set(['no-gateway', 'nginx-passthrough']),
    )
    expectNothingLeft(first)

    const second = runId()
    const gate = await runCli(['run', '--config', path.join(dir, 'perf-gate.yml'), '--out', out, '--json'], {
      env: { PERF_GATE_RUN_ID: second },
    })
    expect(gate.code, gate.stderr).toBe(0)
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8'))
    expect(results.cells.map((c: { cell: string }) => c.cell).sort()).toEqual([
      'nginx-passthrough/rate-300-1kb',
      'no-gateway/rate-300-1kb',
    ])
    // --json: one JSON summary on stdout, the logs on stderr (was cli-verbs.test.ts's own gate).
    const summary = JSON.parse(gate.stdout)
    expect(summary.verdict).toBe(results.verdict)
    expect(summary.cells.map((c: { cell: string }) => c.cell).sort()).toEqual([
      'nginx-passthrough/rate-300-1kb',
      'no-gateway/rate-300-1kb',
    ])
    expect(summary.paths.results).toBe(path.join(out, 'results.json'))
    expect(gate.stderr).toContain('== Start the stack')
    // Every request went through the gateway (by its alias) to the backend and came back checked.
    const gated = results.cells.find((c: { profile: string }) => c.profile === 'nginx-passthrough').runs
    expect(gated.length).toBeGreaterThan(0)
    for (const run of gated) expect(run.metrics.checkAccuracy).toBe(1)
    expectNothingLeft(second)
  }, 300_000)

  it('runs paired A/B blocks on two compose projects at once, the baseline variant overriding a service', async () => {
    const dir = exampleCopy(true)
    const config = path.join(dir, 'perf-gate.yml')
    writeFileSync(
      config,
      readFileSync(config, 'utf8')
        .replace(
          /gate:\n( {2}.*\n)+/,
          // One block: what is asserted is how a block runs (two projects, the override), not a decision.
          'gate: { method: paired, rounds: 1, maxRounds: 1, warmupRounds: 0, pairing: duet }\n',
        )
        .replace(
          'baseline:\n',
          "baselineVariant:\n  services:\n    echo: { env: { ECHO_DELAY_US: '0' } }\nbaseline:\n",
        ),
    )
    const id = runId()
    const run = await runCli(['run', '--config', config, '--out', path.join(dir, 'out')], {
      env: { PERF_GATE_RUN_ID: id, ECHO_DELAY_US: '0' },
    })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(new RegExp(`starting compose project perf-gate-${id}-candidate-b\\d+ `))
    expect(run.stderr).toMatch(new RegExp(`starting compose project perf-gate-${id}-baseline-b\\d+ `))
    const results = JSON.parse(readFileSync(path.join(dir, 'out', 'results.json'), 'utf8'))
    expect(results.evidence).toBe('paired')
    const variants = new Set(
      results.cells.flatMap((c: { runs: { variant: string }[] }) => c.runs.map((r) => r.variant)),
    )
    expect(variants).toEqual(new Set(['baseline', 'candidate']))
    expectNothingLeft(id)
  }, 400_000)

  it('removes the project when a service never becomes healthy (exit 3, the compose file named)', async () => {
    const dir = exampleCopy()
    const compose = path.join(dir, 'docker-compose.yml')
    writeFileSync(
      compose,
      readFileSync(compose, 'utf8')
        .replace('/dev/tcp/127.0.0.1/8080', '/dev/tcp/127.0.0.1/9')
        .replace('retries: 30', 'retries: 2'),
    )
    const id = runId()
    const run = await runCli(
      ['run', '--config', path.join(dir, 'perf-gate.yml'), '--out', path.join(dir, 'out')],
      {
        env: { PERF_GATE_RUN_ID: id },
      },
    )
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).toContain(`stack.compose (${compose})`)
    expectNothingLeft(id)
  }, 180_000)

  it('removes the project on SIGINT while k6 runs', async () => {
    const dir = exampleCopy()
    const id = runId()
    let sent = false
    const run = await runCli(
      ['run', '--config', path.join(dir, 'perf-gate.yml'), '--out', path.join(dir, 'out')],
      {
        env: { PERF_GATE_RUN_ID: id },
        onStderr: (stderr, child) => {
          if (!sent && /round \d .*rate-300-1kb/.test(stderr)) {
            sent = true
            child.kill('SIGINT')
          }
        },
      },
    )
    expect(sent, run.stderr).toBe(true)
    expect(run.code).not.toBe(0)
    expectNothingLeft(id)
  }, 180_000)
})
