// The baseline variant built by the gate itself from the pull request's merge base: a local git
// repository with two commits (main, then a PR branch that slows the "gateway" down), the built CLI
// run in it as a PR job would run it, and no image prepared by hand.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const CONFIG = `version: 1
name: variant-build
services:
  gateway:
    build: { context: gateway }
    ports: [8080]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
baselineVariant:
  services:
    gateway:
      build: { ref: merge-base }
profiles:
  - name: gateway
    target: http://gateway:8080/echo
    expect: { status: 200, echoesPayload: true }
scenarios:
  - name: rate-100
    script: constant-arrival-rate
    rate: 100
    duration: 1s
    warmup: 0s
gate:
  method: paired
  rounds: 3
  maxRounds: 6
  sampleResources: false
`

// The "gateway" is the echo image with a per-request delay baked in by its Dockerfile. 20 ms on a
// backend that answers in about a millisecond is a change so large that three pairs of 1 s runs
// decide it; the test is about where the baseline image comes from, not about the statistics.
const dockerfile = (delayUs: number) => `FROM perf-gate/echo:local\nENV ECHO_DELAY_US=${delayUs}\n`

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
}

const cli = (cwd: string, args: string[], env: Record<string, string>) => runCli(args, { cwd, env })

describe('baselineVariant built from the merge base', () => {
  let repo: string
  let mergeBase: string

  beforeAll(() => {
    requireImages('perf-gate/echo:local')
    repo = mkdtempSync(path.join(tmpdir(), 'perf-gate-repo-'))
    mkdirSync(path.join(repo, 'gateway'))
    git(repo, 'init', '-q', '-b', 'main')
    git(repo, 'config', 'user.email', 'test@example.invalid')
    git(repo, 'config', 'user.name', 'perf-gate test')
    writeFileSync(path.join(repo, 'perf-gate.yml'), CONFIG)
    writeFileSync(path.join(repo, 'gateway', 'Dockerfile'), dockerfile(0))
    git(repo, 'add', '.')
    git(repo, 'commit', '-q', '-m', 'gateway without delay')
    mergeBase = git(repo, 'rev-parse', 'HEAD')
    git(repo, 'checkout', '-q', '-b', 'slow-pr')
    writeFileSync(path.join(repo, 'gateway', 'Dockerfile'), dockerfile(20000))
    git(repo, 'commit', '-q', '-am', 'gateway with a 20 ms delay')
  })

  it('builds the baseline from main and blocks the slower pull request (exit 1)', async () => {
    const runId = `e2e-variant-${process.pid}`
    const run = await cli(repo, ['run', '--config', 'perf-gate.yml', '--out', 'out'], {
      GITHUB_BASE_REF: 'main',
      PERF_GATE_RUN_ID: runId,
    })
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain('perf-gate verdict: REGRESSION (regressed: gateway/rate-100)')
    // Built by the gate from the merge base's Dockerfile, tagged with that commit.
    expect(run.stderr).toContain(`built baseline image perf-gate-baseline/gateway:${mergeBase.slice(0, 12)}`)
    const results = JSON.parse(readFileSync(path.join(repo, 'out', 'results.json'), 'utf8'))
    expect(results.evidence).toBe('paired')
    expect(results.cells[0].changePct).toBeGreaterThan(50)
    // The work tree is untouched: the PR's Dockerfile is still the slow one.
    expect(readFileSync(path.join(repo, 'gateway', 'Dockerfile'), 'utf8')).toContain('20000')
    expect(perfGateContainers(runId)).toEqual([])
    expect(perfGateNetworks(runId)).toEqual([])
  })

  it('exits 2 before starting anything when the base branch cannot be found', async () => {
    const run = await cli(repo, ['run', '--config', 'perf-gate.yml', '--out', 'out-missing'], {
      GITHUB_BASE_REF: 'no-such-branch',
      PERF_GATE_RUN_ID: `e2e-variant-missing-${process.pid}`,
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      'baselineVariant.services.gateway.build: base branch "no-such-branch" not found',
    )
    expect(run.stderr).not.toContain('Start the stack')
  })
})
