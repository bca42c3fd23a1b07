// The built action (dist/index.js) run the way GitHub runs it: INPUT_* variables, an event payload at
// GITHUB_EVENT_PATH, GITHUB_STEP_SUMMARY and GITHUB_OUTPUT files, and GITHUB_API_URL pointing at a
// local server that implements the GitHub endpoints we call. Real Docker and real k6 underneath: one
// real gate per flow of the action, the nightly baseline and a pull request gated against it. What
// does not depend on a measurement (re-runs, tokens, comment keys and size, the fork flow, bad input)
// publishes recorded results in action-publish.test.ts and action-faults.test.ts, beside the unit tests.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { machineFingerprint } from '../../src/machine.js'
import { cellId } from '../../src/model.js'
import { pullRequestEvent, REPO, runAction as runBuiltAction } from '../support/action-run.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'
import { run } from '../unit/stats/run-fixture.js'

// Small on purpose: the point is the action's plumbing, not the statistics. Two rounds of a 1 s run
// without a warm-up are the least that still gives every comparison two runs a side.
const CONFIG = `
name: e2e
services:
  echo:
    image: perf-gate/echo:local
    ports: [8080]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
  nginx:
    image: perf-gate/nginx:local
    ports: [8080]
    dependsOn: [echo]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
profiles:
  - { name: no-gateway, control: true, target: "http://echo:8080/echo", expect: { echoesPayload: true } }
  - { name: nginx, target: "http://nginx:8080/echo", expect: { echoesPayload: true } }
scenarios:
  - { name: rate-200, script: constant-arrival-rate, rate: 200, duration: 1s, warmup: 0s, payloadBytes: 256 }
gate: { rounds: 2, warmupRounds: 0 }
baseline: { path: baseline.json }
`

/**
 * Last night's baseline file, as the nightly job of the day before left it on the data branch: one
 * night of this machine with both cells at 2 rounds. Recorded rather than measured here: the nightly
 * below measures tonight's night and shows that it continues this history.
 */
function lastNightBaseline() {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 3)).toISOString()
  const runs = [
    { profile: 'no-gateway', p95: 1.1 },
    { profile: 'nginx', p95: 1.9 },
  ].flatMap(({ profile, p95 }) =>
    [0, 1].map((round) => ({
      ...run({ p95: p95 * (1 + 0.02 * round), round, requests: 200 }),
      cell: cellId(profile, 'rate-200'),
      profile,
      scenario: 'rate-200',
      startedAt: createdAt,
      durationS: 1,
    })),
  )
  return {
    schemaVersion: 1,
    name: 'e2e',
    metric: 'p95',
    nights: [
      { createdAt, gitSha: 'b'.repeat(40), k6Version: '1.8.1', machine: machineFingerprint({}), runs },
    ],
  }
}

describe('the action as GitHub runs it', () => {
  let github: FakeGitHub
  let workspace: string
  let runCount = 0

  const runAction = (inputs: Record<string, string>, event: { name: string; payload: unknown }) =>
    runBuiltAction({ workspace, apiUrl: github.url, inputs, event, run: ++runCount })

  beforeAll(async () => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
    github = await startFakeGitHub({ serverUrl: 'https://github.example' })
    workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-workspace-'))
    writeFileSync(path.join(workspace, 'perf-gate.yml'), CONFIG)
  })

  afterAll(async () => {
    await github?.close()
    // This file's runs only (e2e-1, e2e-2, ...): other end-to-end files run beside this one.
    for (let n = 1; n <= runCount; n++) {
      expect(perfGateContainers(`e2e-${n}`)).toEqual([])
      expect(perfGateNetworks(`e2e-${n}`)).toEqual([])
    }
  })

  it('refreshes the baseline on a schedule: continues the history on the data branch, commits the trend page on top of the Pages branch, posts no comment', async () => {
    // Last night's baseline, on the data branch only: the checkout has no copy of it.
    const lastNight = github.pushFiles(REPO, 'perf-gate-data', {
      'baseline.json': Buffer.from(JSON.stringify(lastNightBaseline())),
    })
    // A Pages branch someone else already publishes to: the night's page goes on top, keeping their file.
    const pagesBefore = github.pushFiles(REPO, 'gh-pages', { 'docs.html': Buffer.from('<p>our docs</p>') })
    const run = await runAction(
      { mode: 'baseline', 'github-token': 'write-token', 'out-dir': 'nightly', 'pages-branch': 'gh-pages' },
      {
        name: 'schedule',
        payload: { schedule: '0 3 * * *', repository: { full_name: REPO } },
      },
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toMatch(/baseline read from acme\/gateway@perf-gate-data:baseline\.json/)
    const baseline = JSON.parse(readFileSync(path.join(workspace, 'baseline.json'), 'utf8'))
    expect(baseline.schemaVersion).toBe(1)
    // Last night's, then tonight's with every measured run: 2 rounds x 2 cells.
    expect(baseline.nights).toHaveLength(2)
    expect(baseline.nights[0]).toEqual(lastNightBaseline().nights[0])
    expect(baseline.nights[1].runs.length).toBe(4)
    // Stored on the data branch through the Git Data API, on top of last night's commit, the same file
    // byte for byte; nothing else written: no comment, no other branch (the default branch is never
    // pushed to).
    const head = github.branchHead(REPO, 'perf-gate-data')
    expect(head).toBeDefined()
    expect(github.state.commits.get(head!)?.parents).toEqual([lastNight])
    expect(github.fileAt(head!, 'baseline.json')?.toString()).toBe(
      readFileSync(path.join(workspace, 'baseline.json'), 'utf8'),
    )
    // POST /graphql is a query (the token's own login, to recognise its earlier commits), not a write.
    const writes = github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql')
    expect(writes.length).toBeGreaterThan(0)
    for (const write of writes)
      expect(write.path).toMatch(/^\/repos\/acme\/gateway\/git\/(blobs|trees|commits|refs)\b/)
    expect([...github.state.refs.keys()].sort()).toEqual([
      `${REPO}:refs/heads/gh-pages`,
      `${REPO}:refs/heads/perf-gate-data`,
    ])
    expect(run.stdout).toContain('baseline written to acme/gateway@perf-gate-data:baseline.json')
    // The night's trend page, byte for byte, as the Pages branch's index.html.
    const pages = github.branchHead(REPO, 'gh-pages')!
    expect(github.fileAt(pages, 'index.html')?.toString()).toBe(
      readFileSync(path.join(workspace, 'nightly', 'trend.html'), 'utf8'),
    )
    expect(run.stdout).toContain('trend page committed to acme/gateway@gh-pages:index.html')
    expect(github.state.commits.get(pages)?.parents).toEqual([pagesBefore])
    expect(github.fileAt(pages, 'docs.html')?.toString()).toBe('<p>our docs</p>')
  })

  it('gates a PR with a write token against the nightly baseline: summary, outputs, chart on the assets branch, one comment', async () => {
    const event = { name: 'pull_request', payload: pullRequestEvent(7, 'a'.repeat(40), false) }
    const inputs = { 'github-token': 'write-token', config: 'perf-gate.yml', 'out-dir': 'out-1' }
    // The nightly's baseline now exists only on the data branch: the gate must read it from there.
    rmSync(path.join(workspace, 'baseline.json'))
    const first = await runAction(inputs, event)
    expect(first.stdout).toMatch(/baseline read from acme\/gateway@perf-gate-data:baseline\.json/)
    expect(
      JSON.parse(readFileSync(path.join(workspace, 'out-1', 'results.json'), 'utf8')).baseline,
    ).not.toBeNull()
    expect(existsSync(path.join(workspace, 'baseline.json'))).toBe(false)
    expect(first.stdout).toContain('::group::Start the stack')
    // A real comparison on a shared machine: the verdict may be anything, but the exit code follows it.
    expect(first.code, first.stdout).toBe(first.outputs.verdict === 'regression' ? 1 : 0)
    expect(first.outputs['results-path']).toBe(path.join(workspace, 'out-1', 'results.json'))
    expect(first.outputs['report-path']).toBe(path.join(workspace, 'out-1', 'report.md'))
    expect(first.summary).toContain('nginx/rate-200')
    // The outputs a later step branches on, consistent with results.json.
    const results = JSON.parse(readFileSync(first.outputs['results-path']!, 'utf8'))
    const gated = results.cells.filter((c: { control: boolean }) => !c.control)
    expect(first.outputs['regressed-cells']).toBe(
      gated
        .filter((c: { verdict: string }) => c.verdict === 'regression')
        .map((c: { cell: string }) => c.cell)
        .join(','),
    )
    expect(Number(first.outputs.change)).toBeCloseTo(
      Math.max(...gated.map((c: { changePct: number }) => c.changePct)),
      1,
    )
    // An undecided gate passes with a warning annotation rather than silently.
    if (results.verdict === 'inconclusive')
      expect(first.stdout).toMatch(/^::warning::perf-gate: inconclusive/m)
    else expect(first.stdout).not.toMatch(/^::warning::perf-gate: inconclusive/m)
    expect(first.summary).not.toContain('<!-- perf-gate:')

    const comments = github.commentsOn(REPO, 7)
    expect(comments).toHaveLength(1)
    const body = comments[0]!.body
    expect(body.startsWith('<!-- perf-gate:default -->')).toBe(true)
    expect(first.outputs['comment-url']).toMatch(new RegExp(`#issuecomment-${comments[0]!.id}$`))
    // The chart is an image committed to the assets branch and linked by commit SHA.
    const image =
      /!\[[^\]]*\]\((https:\/\/github\.example\/acme\/gateway\/blob\/([0-9a-f]{40})\/(charts\/[^?)]+\.png)\?raw=true)\)/.exec(
        body,
      )
    expect(image, body).not.toBeNull()
    const png = github.fileAt(image![2]!, image![3]!)
    expect(png?.subarray(1, 4).toString()).toBe('PNG')
  })
})
