// Faults with real containers, each through the built CLI: the gate ends with a clear verdict and
// exit code, the runs it finished are in the journal (runs.jsonl), and nothing is left running.
import { execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { RUN_LABEL } from '../../src/stack/stack.js'
import { runCli, type CliRun } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

/**
 * A paired gate of nginx in front of echo; `candidateEcho` is the candidate's echo env. `short` runs
 * 1 s without a warm-up, for faults that do not act during a run (a failing backend, SIGKILL between
 * blocks); the faults injected while k6 loads the stack keep 1 s + 2 s of load, so that they land
 * within the run. `pairs`: the gate's rounds and maxRounds (as many blocks as pairs).
 */
function config(candidateEcho: Record<string, string>, scenario = 'rate', short = false, pairs = 3): string {
  const env = Object.entries(candidateEcho)
    .map(([k, v]) => `${k}: '${v}'`)
    .join(', ')
  const load =
    scenario === 'rate' ? 'script: constant-arrival-rate\n    rate: 100' : 'script: constant-vus\n    vus: 4'
  return `version: 1
name: faults
services:
  echo:
    image: perf-gate/echo:local
    env: { ${env} }
    ports: [8080]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
  nginx:
    image: perf-gate/nginx:local
    ports: [8080]
    dependsOn: [echo]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
baselineVariant:
  services:
    echo: { env: { ECHO_STATUS: '200', ECHO_DELAY_US: '0' } }
profiles:
  - name: nginx
    target: http://nginx:8080/echo
    # Ready as soon as the gateway answers; the backend's faults show under load.
    readiness: { url: http://nginx:8080/health, timeout: 5s }
scenarios:
  - name: load
    ${load}
    duration: ${short ? '1s' : '2s'}
    warmup: ${short ? '0s' : '1s'}
    params: { REQUEST_TIMEOUT: 1s, SETUP_ATTEMPTS: 2 }
gate:
  method: paired
  rounds: ${pairs}
  maxRounds: ${pairs}
  sampleResources: false
`
}

interface Outcome extends CliRun {
  runId: string
  out: string
}

let count = 0
async function gate(
  yaml: string,
  env: Record<string, string> = {},
  onStderr?: (stderr: string, runId: string, child: ChildProcess) => void,
): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-fault-'))
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, yaml)
  const runId = `it-fault-${++count}-${process.pid}`
  const out = path.join(dir, 'out')
  const run = await runCli(['run', '--config', file, '--out', out], {
    env: { PERF_GATE_RUN_ID: runId, ...env },
    onStderr: onStderr && ((stderr, child) => onStderr(stderr, runId, child)),
  })
  return { ...run, runId, out }
}

/** Finished runs in the journal: its lines after the header, less event lines (stack order, warm-up). */
function journalRuns(out: string): number {
  const file = path.join(out, 'runs.jsonl')
  if (!existsSync(file)) return 0
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .filter((line) => {
      try {
        return !('event' in (JSON.parse(line) as object))
      } catch {
        return false
      }
    }).length
}

/** The container of one service of one variant of a run. */
function container(runId: string, service: string, variant = 'candidate'): string {
  return execFileSync(
    'docker',
    [
      'ps',
      '-q',
      '--filter',
      `label=${RUN_LABEL}=${runId}`,
      '--filter',
      `label=dev.perf-gate.service=${service}`,
      '--filter',
      `label=dev.perf-gate.variant=${variant}`,
    ],
    { encoding: 'utf8' },
  ).trim()
}

/**
 * Acts once, when the second paired block has started its runs: the first block's runs are finished
 * (and journaled), and the second block's freshly started containers are the ones acted on.
 */
function inSecondBlock(act: (runId: string) => void) {
  const state = { done: false, error: null as unknown }
  const handler = (stderr: string, runId: string) => {
    if (state.done || !stderr.includes('== Paired block 2 (duet)')) return
    state.done = true
    try {
      act(runId)
    } catch (error) {
      state.error = error
    }
  }
  return Object.assign(handler, { state })
}

function expectNothingLeft(runId: string) {
  expect(perfGateContainers(runId)).toEqual([])
  expect(perfGateNetworks(runId)).toEqual([])
}

describe('faults end with a clear verdict, keep the measured runs and leave nothing running', () => {
  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
  })

  it('the backend answers 5xx: a regression on the error rate (exit 1)', async () => {
    // Two pairs: every request of the candidate fails, so the ceiling is crossed from the first one.
    const run = await gate(config({ ECHO_STATUS: '503' }, 'rate', true, 2))
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain('perf-gate verdict: REGRESSION (regressed: nginx/load)')
    const results = JSON.parse(readFileSync(path.join(run.out, 'results.json'), 'utf8'))
    expect(results.cells[0].errorRate.candidate).toBe(1)
    expect(results.cells[0].errorRate.aboveCeiling).toBe(true)
    expect(journalRuns(run.out)).toBe(4)
    expectNothingLeft(run.runId)
  })

  it('the gateway is killed mid-gate: an infrastructure failure naming the target (exit 3)', async () => {
    const kill = inSecondBlock((runId) => execFileSync('docker', ['kill', container(runId, 'nginx')]))
    const run = await gate(config({}), {}, kill)
    expect(kill.state).toEqual({ done: true, error: null })
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).toMatch(/perf-gate: .*(does not answer|connection refused|no route)/i)
    expect(journalRuns(run.out)).toBeGreaterThanOrEqual(2)
    expectNothingLeft(run.runId)
  })

  it('the backend hangs mid-gate: requests time out and the gate stops with the reason (exit 3)', async () => {
    const pause = inSecondBlock((runId) => execFileSync('docker', ['pause', container(runId, 'echo')]))
    const run = await gate(config({}, 'vus'), {}, pause)
    expect(pause.state).toEqual({ done: true, error: null })
    expect([1, 3]).toContain(run.code)
    expect(run.stderr + run.stdout).toMatch(/request timeout|does not answer|REGRESSION/i)
    expect(journalRuns(run.out)).toBeGreaterThanOrEqual(2)
    expectNothingLeft(run.runId)
  })

  // k6 crashing mid-gate (exit 3, the runs before it kept) is test/unit/gate/recorded-gates.test.ts's
  // and test/unit/load/k6-crash.test.ts's: no container is needed to crash k6.

  it('SIGKILL in the last block: the journal holds every finished run and `perf-gate report` renders them', async () => {
    let killed = false
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-sigkill-'))
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(file, config({}, 'rate', true, 2))
    const runId = `it-fault-kill-${process.pid}`
    const out = path.join(dir, 'out')
    const { code } = await runCli(['run', '--config', file, '--out', out], {
      env: { PERF_GATE_RUN_ID: runId },
      onStderr: (stderr, child) => {
        // The last block (maxRounds 2) has started its runs: kill -9, no handler runs.
        if (!killed && stderr.includes('== Paired block 2 (duet)')) {
          killed = true
          child.kill('SIGKILL')
        }
      },
    })
    expect(killed).toBe(true)
    expect(code).toBeNull()
    // Nothing could clean up after SIGKILL: the killed gate's block is still there.
    expect(perfGateContainers(runId).length).toBeGreaterThan(0)
    expect(existsSync(path.join(out, 'results.json'))).toBe(false)
    // Block 1 finished: one duet run, both variants.
    expect(journalRuns(out)).toBe(2)
    const report = await runCli(['report', out])
    expect(report.code, report.stderr).toBe(0)
    const md = readFileSync(path.join(out, 'report.md'), 'utf8')
    expect(md).toContain('a gate that did not finish: 2 finished runs')
    expect(md).toContain('nginx/load')
    expect(md).toMatch(/\| baseline \| 0 \|/)
    // The next gate on this host removes what the killed one left (its owner process is gone), before
    // its own first stack: stopped there (SIGTERM), it has nothing more to show.
    const sweep = `removed the containers of 1 earlier gate(s) whose process is gone: ${runId}`
    let stopped = false
    const next = await gate(config({}, 'rate', true), {}, (stderr, _runId, child) => {
      if (!stopped && stderr.includes(sweep)) {
        stopped = true
        child.kill('SIGTERM')
      }
    })
    expect(next.stderr).toContain(sweep)
    expect(next.code, next.stderr).toBe(3)
    expect(perfGateContainers(runId)).toEqual([])
    expect(perfGateNetworks(runId)).toEqual([])
    expectNothingLeft(next.runId)
  })
})
