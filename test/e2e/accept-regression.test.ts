// Accepting an intentional regression, both ways: the built CLI's --accept-regression <reason>, and the
// built action on a pull request that carries the accept label. Each is a real gate whose candidate
// really regresses (its echo backend answers 500 ms late, the delay knob; the baseline variant's does
// not), real Docker and real k6. An empty reason is refused before anything starts in bad-input.test.ts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO, runAction } from '../support/action-run.js'
import { runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'
import { startFakeGitHub } from '../support/fake-github.js'

const CELL = 'echo/rate-50'
/** The action run's PERF_GATE_RUN_ID (test/support/action-run.ts numbers runs e2e-<n>). */
const ACTION_RUN = 4101
const ACTION_RUN_ID = `e2e-${ACTION_RUN}`

// Paired from the start (no baseline file): three pairs of 1 s runs at 50 req/s on one service per
// variant, the least a paired gate decides on. The delay is huge on purpose: on this shared machine at
// load 15-20 a backend's own P95 wanders from 5 to 90 ms, and a 20 ms delay was left inconclusive after
// 6 pairs; 500 ms is a regression no load here hides.
const CONFIG = `
name: accept-e2e
services:
  echo:
    image: perf-gate/echo:local
    env: { ECHO_DELAY_US: '500000' }
    ports: [8080]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
baselineVariant:
  services:
    echo:
      env: { ECHO_DELAY_US: '0' }
profiles:
  - { name: echo, target: "http://echo:8080/echo", expect: { echoesPayload: true } }
scenarios:
  - { name: rate-50, script: constant-arrival-rate, rate: 50, duration: 1s, warmup: 0s, payloadBytes: 256 }
gate: { rounds: 3, warmupRounds: 0, maxRounds: 12, sampleResources: false }
`

describe('accepting an intentional regression', () => {
  let workspace: string

  beforeAll(() => {
    requireImages('perf-gate/echo:local')
    workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-accept-'))
    writeFileSync(path.join(workspace, 'perf-gate.yml'), CONFIG)
  })

  afterAll(() => {
    for (const prefix of ['e2e-accept-', ACTION_RUN_ID]) {
      expect(perfGateContainers(prefix)).toEqual([])
      expect(perfGateNetworks(prefix)).toEqual([])
    }
  })

  it('the CLI with --accept-regression <reason>: exit 0, verdict ACCEPTED, the reason in results.json and the report', async () => {
    const out = path.join(workspace, 'out-cli')
    const run = await runCli(
      [
        'run',
        '--config',
        path.join(workspace, 'perf-gate.yml'),
        '--out',
        out,
        '--accept-regression',
        'adds JWT validation on purpose',
      ],
      { env: { PERF_GATE_RUN_ID: 'e2e-accept-cli' } },
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(`perf-gate verdict: ACCEPTED (regressed: ${CELL})`)
    expect(run.stdout).toContain('accepted: adds JWT validation on purpose')
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8'))
    expect(results.verdict).toBe('regression')
    expect(results.acceptedRegression).toEqual({
      by: 'flag',
      reason: 'adds JWT validation on purpose',
      cells: [CELL],
    })
    const report = readFileSync(path.join(out, 'report.md'), 'utf8')
    expect(report).toContain('accepted by --accept-regression: adds JWT validation on purpose')
  })

  it('the action on a pull request with the accept label: exit 0, verdict accepted, the comment says so and by which label', async () => {
    const label = 'perf-gate:accept-regression'
    const github = await startFakeGitHub({ serverUrl: 'https://github.example' })
    try {
      const sha = 'a'.repeat(40)
      // The pull request as the API answers it: the gate refreshes its labels once it has regressed.
      github.state.pulls.push({
        repo: REPO,
        number: 3,
        state: 'open',
        headSha: sha,
        headRef: 'feature',
        headRepo: REPO,
        baseRef: 'main',
        labels: ['policy', label],
      })
      const event = {
        action: 'labeled',
        number: 3,
        pull_request: {
          number: 3,
          labels: [{ name: 'policy' }, { name: label }],
          head: { sha, ref: 'feature', repo: { full_name: REPO } },
          base: { sha: 'b'.repeat(40), ref: 'main', repo: { full_name: REPO } },
        },
        repository: { full_name: REPO },
      }
      const run = await runAction({
        workspace,
        apiUrl: github.url,
        // The action's defaults, as GitHub passes them when the workflow does not set them.
        inputs: {
          config: 'perf-gate.yml',
          'github-token': 'write-token',
          'out-dir': 'out-action',
          mode: 'gate',
          comment: 'true',
          'comment-key': 'default',
          'baseline-branch': 'perf-gate-data',
          'upload-artifacts': 'false',
        },
        event: { name: 'pull_request', payload: event },
        run: ACTION_RUN,
      })
      expect(run.code, run.stdout).toBe(0)
      expect(run.outputs.verdict).toBe('accepted')
      // Still measured and shown as a regression; accepted by the label, and said so.
      expect(run.outputs['regressed-cells']).toBe(CELL)
      expect(Number(run.outputs.change)).toBeGreaterThan(10)
      const out = path.join(workspace, 'out-action')
      const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8'))
      expect(results.verdict).toBe('regression')
      expect(results.acceptedRegression).toEqual({
        by: 'label',
        label,
        pullRequest: 3,
        reason: `pull request #3 carries the label "${label}"`,
        cells: [CELL],
      })
      // The labels were refreshed through the API once the gate had regressed.
      expect(
        github.requests.some((r) => r.method === 'GET' && r.path === `/repos/${REPO}/issues/3/labels`),
      ).toBe(true)
      // A warning annotation says what was accepted; the job is not failed.
      expect(run.stdout).toMatch(
        /^::warning::perf-gate: regression in 1 of 1 cell accepted \(pull request #3 carries/m,
      )
      expect(run.stdout).not.toMatch(/^::error::/m)
      const comments = github.commentsOn(REPO, 3)
      expect(comments).toHaveLength(1)
      expect(comments[0]?.body).toMatch(/☑️ perf-gate: regression in 1 of 1 cell accepted/)
      expect(comments[0]?.body).toContain(`accepted by the label "${label}"`)
      expect(comments[0]?.body).toContain(CELL)
      // The job summary and every report file say it too.
      expect(run.summary).toContain(`accepted by the label "${label}"`)
      expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toContain(`accepted by the label "${label}"`)
      expect(readFileSync(path.join(out, 'report.html'), 'utf8')).toContain('accepted by the label')
    } finally {
      await github.close()
    }
  })
})
