// The CLI on the bundled example, for real: the paired flow's real gate (a 1 ms backend slowdown is
// found, exit 1), and no leftovers on a service that fails its wait and on SIGTERM. What the gate
// decides and reports on unchanged code is test/unit/gate/recorded-gates.test.ts's (a replay of this
// example's recorded runs); its refusals of a bad config (exit 2) are config-errors.test.ts's.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const EXAMPLE = path.join(ROOT, 'examples/nginx/perf-gate.yml')
let runs = 0

interface CliRun {
  code: number | null
  stdout: string
  stderr: string
  runId: string
}

function cli(
  args: string[],
  env: Record<string, string> = {},
  onStderr?: (text: string, kill: () => void) => void,
) {
  const runId = `it-cli-${++runs}-${process.pid}`
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, TESTCONTAINERS_RYUK_DISABLED: 'true', PERF_GATE_RUN_ID: runId, ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    onStderr?.(stderr, () => child.kill('SIGTERM'))
  })
  return new Promise<CliRun>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr, runId })),
  )
}

function expectNothingLeft(runId: string) {
  expect(perfGateContainers(runId)).toEqual([])
  expect(perfGateNetworks(runId)).toEqual([])
}

/**
 * The example with some of its text replaced, written to `file` (in a temp folder). Every replacement
 * must apply: a test that thinks it changed the example but did not would test something else.
 */
function exampleWith(file: string, replacements: [string, string][]): string {
  let config = readFileSync(EXAMPLE, 'utf8')
  for (const [from, to] of replacements) {
    expect(config, from).toContain(from)
    config = config.replaceAll(from, to)
  }
  writeFileSync(file, config)
  return file
}

// The paired gate below is the example's own services, scenario, profiles and paired design; only
// the gate's effort is smaller: 3 measured rounds (and 3 pairs at least) instead of 5, no warm-up
// round (discarded anyway). It asserts on the verdict, the evidence and the report, not on how many
// rounds ran, and the paired policy still adds blocks until it decides (maxRounds).
const LESS_EFFORT: [string, string][] = [
  ['rounds: 5', 'rounds: 3'],
  ['warmupRounds: 1', 'warmupRounds: 0'],
]

describe('perf-gate run on the example', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'perf-gate-cli-'))

  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
  })
  afterAll(() => expectNothingLeft('it-cli-'))

  // Unchanged code passing on paired evidence, and skipping the stored phase on another machine's
  // baseline, are decisions, tested over recorded runs (test/unit/gate/recorded-gates.test.ts,
  // loop.test.ts); the gate here is the paired flow's real one.

  it('fails a 1 ms backend slowdown (exit 1) on paired evidence and names the regressed cell', async () => {
    // maxRounds stays 20: a noisy runner gets as many pairs to decide as the example gives it.
    const config = exampleWith(path.join(out, 'slow.yml'), LESS_EFFORT)
    const run = await cli(['run', '--config', config, '--out', path.join(out, 'slow')], {
      ECHO_DELAY_US: '1000',
    })
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain('perf-gate verdict: REGRESSION (regressed: nginx-passthrough/rate-500-1kb)')
    const results = JSON.parse(readFileSync(path.join(out, 'slow', 'results.json'), 'utf8'))
    expect(results.evidence).toBe('paired')
    const report = readFileSync(path.join(out, 'slow', 'report.md'), 'utf8')
    expect(report).toMatch(/regression/i)
    expect(report).toContain('Decided by paired A/B blocks on this runner')
    // Every finished run is in the journal.
    const journal = readFileSync(path.join(out, 'slow', 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
    expect(journal.length - 1).toBeGreaterThanOrEqual(results.paired.pairs * 2 * 2)
    expectNothingLeft(run.runId)
  })

  it.each([
    // The example starts with paired blocks (no stored phase): the first block's k6 runs are mid-run.
    ['mid-run, while k6 is loading the stack', '== Paired block ', 1500, []],
    // A SIGTERM while a service waits for readiness returns only when that wait gives up (the sweep
    // removed the container it polls), so the example's 30 s wait timeout would be 30 s of idling;
    // 5 s is still twice what these images take to become ready on this machine under load (and a
    // wait that gave up first would end in exit 3 and no leftovers all the same).
    ['while the stack is still starting', '== Start the stack', 200, [['timeout: 30s', 'timeout: 5s']]],
  ] as [string, string, number, [string, string][]][])(
    'removes the stack and exits 3 on SIGTERM %s',
    async (_when, marker, delayMs, replacements) => {
      let sent = false
      const config = exampleWith(path.join(out, `term-${runs}.yml`), replacements)
      const run = await cli(
        ['run', '--config', config, '--out', path.join(out, 'term')],
        {},
        (stderr, kill) => {
          // Interrupt at the moment a user (or a cancelled CI job) would.
          if (!sent && stderr.includes(marker)) {
            sent = true
            setTimeout(kill, delayMs)
          }
        },
      )
      expect(sent).toBe(true)
      expect(run.code, run.stderr).toBe(3)
      expect(run.stderr).toMatch(/received SIGTERM/)
      expectNothingLeft(run.runId)
    },
  )

  it('exits 3 and removes everything when a service fails its wait', async () => {
    const config = readFileSync(EXAMPLE, 'utf8').replace(
      'wait: { http: { path: /health, port: 8080 }, timeout: 30s }\n\nbaselineVariant',
      'wait: { log: "never printed", timeout: 2s }\n\nbaselineVariant',
    )
    expect(config).toContain('never printed')
    const file = path.join(out, 'broken.yml')
    writeFileSync(file, config)
    const run = await cli(['run', '--config', file, '--out', path.join(out, 'broken')])
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/service "nginx" \(perf-gate\/nginx:local\) did not start/)
    expectNothingLeft(run.runId)
  })
})
