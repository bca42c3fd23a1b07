// The built action (dist/index.js) run the way GitHub runs it: INPUT_* variables, an event payload at
// GITHUB_EVENT_PATH, GITHUB_STEP_SUMMARY and GITHUB_OUTPUT files, and GITHUB_API_URL pointing at a
// local server that implements the GitHub endpoints we call. Real Docker and real k6 underneath.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const REPO = 'acme/gateway'

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

interface ActionRun {
  code: number | null
  stdout: string
  outputs: Record<string, string>
  summary: string
}

/** Parses GITHUB_OUTPUT's heredoc format (name<<DELIMITER ... DELIMITER). */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const pattern = /^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm
  for (const match of text.matchAll(pattern)) outputs[match[1] as string] = match[3] as string
  return outputs
}

function pullRequestEvent(number: number, sha: string, fork: boolean) {
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      head: { sha, ref: 'feature', repo: { full_name: fork ? 'mallory/gateway' : REPO } },
      base: { sha: 'b'.repeat(40), ref: 'main', repo: { full_name: REPO } },
    },
    repository: { full_name: REPO },
  }
}

describe('the action as GitHub runs it', () => {
  let github: FakeGitHub
  let workspace: string
  let runCount = 0

  async function runAction(
    inputs: Record<string, string>,
    event: { name: string; payload: unknown },
  ): Promise<ActionRun> {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-run-'))
    const eventPath = path.join(dir, 'event.json')
    const summaryPath = path.join(dir, 'summary.md')
    const outputPath = path.join(dir, 'output.txt')
    writeFileSync(eventPath, JSON.stringify(event.payload))
    writeFileSync(summaryPath, '')
    writeFileSync(outputPath, '')
    runCount++
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TESTCONTAINERS_RYUK_DISABLED: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: REPO,
      GITHUB_EVENT_NAME: event.name,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_OUTPUT: outputPath,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: String(1000 + runCount),
      GITHUB_SHA: 'c'.repeat(40),
      RUNNER_TEMP: dir,
      PERF_GATE_RUN_ID: `e2e-${runCount}`,
    }
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/index.js')], { env, cwd: workspace })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    return {
      code,
      stdout,
      outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
      summary: readFileSync(summaryPath, 'utf8'),
    }
  }

  beforeAll(async () => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
    github = await startFakeGitHub({ serverUrl: 'https://github.example' })
    workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-workspace-'))
    writeFileSync(path.join(workspace, 'perf-gate.yml'), CONFIG)
  })

  afterAll(async () => {
    await github?.close()
    expect(perfGateContainers('e2e-')).toEqual([])
    expect(perfGateNetworks('e2e-')).toEqual([])
  })

  it('refreshes the baseline on a schedule: writes the baseline file to the data branch, posts no comment', async () => {
    const run = await runAction(
      { mode: 'baseline', 'github-token': 'write-token', 'out-dir': 'nightly' },
      {
        name: 'schedule',
        payload: { schedule: '0 3 * * *', repository: { full_name: REPO } },
      },
    )
    expect(run.code, run.stdout).toBe(0)
    const baseline = JSON.parse(readFileSync(path.join(workspace, 'baseline.json'), 'utf8'))
    expect(baseline.schemaVersion).toBe(1)
    expect(baseline.nights).toHaveLength(1)
    // Every measured run of the night: 2 rounds x 2 cells.
    expect(baseline.nights[0].runs.length).toBe(4)
    // Stored on the data branch through the Git Data API, the same file byte for byte; nothing else
    // written: no comment, no other branch (the default branch is never pushed to).
    const head = github.branchHead(REPO, 'perf-gate-data')
    expect(head).toBeDefined()
    expect(github.fileAt(head!, 'baseline.json')?.toString()).toBe(
      readFileSync(path.join(workspace, 'baseline.json'), 'utf8'),
    )
    // POST /graphql is a query (the token's own login, to recognise its earlier commits), not a write.
    const writes = github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql')
    expect(writes.length).toBeGreaterThan(0)
    for (const write of writes)
      expect(write.path).toMatch(/^\/repos\/acme\/gateway\/git\/(blobs|trees|commits|refs)\b/)
    expect([...github.state.refs.keys()]).toEqual([`${REPO}:refs/heads/perf-gate-data`])
    expect(run.stdout).toContain('baseline written to acme/gateway@perf-gate-data:baseline.json')
  })

  it('gates a PR with a write token: summary, outputs, chart on the assets branch, one comment; a re-run updates it', async () => {
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

    const second = await runAction({ ...inputs, 'out-dir': 'out-2' }, event)
    expect(second.code, second.stdout).toBe(second.outputs.verdict === 'regression' ? 1 : 0)
    const after = github.commentsOn(REPO, 7)
    expect(after).toHaveLength(1)
    expect(after[0]!.id).toBe(comments[0]!.id)
    expect(second.stdout).toMatch(/PR comment updated/)
  })

  it('publishes with a comment-only token: Mermaid fallback, a warning, same verdict; keys keep separate comments', async () => {
    const results = path.join(workspace, 'out-1')
    const event = { name: 'pull_request', payload: pullRequestEvent(8, 'a'.repeat(40), false) }
    const verdict = JSON.parse(readFileSync(path.join(results, 'results.json'), 'utf8')).verdict as string
    const run = await runAction(
      { mode: 'publish', results: 'out-1', 'github-token': 'comment-token', 'out-dir': 'pub-1' },
      event,
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toMatch(/::warning::.*Resource not accessible by integration/)
    expect(run.outputs.verdict).toBe(verdict)
    const comments = github.commentsOn(REPO, 8)
    expect(comments).toHaveLength(1)
    expect(comments[0]!.body).toContain('```mermaid')
    expect(comments[0]!.body).toContain('https://github.example/acme/gateway/actions/runs/')

    const keyed = await runAction(
      {
        mode: 'publish',
        results: 'out-1',
        'github-token': 'write-token',
        'out-dir': 'pub-2',
        'comment-key': 'arm64',
      },
      event,
    )
    expect(keyed.code, keyed.stdout).toBe(0)
    const both = github.commentsOn(REPO, 8)
    expect(both).toHaveLength(2)
    expect(both.map((c) => c.body.split('\n')[0]).sort()).toEqual([
      '<!-- perf-gate:arm64 -->',
      '<!-- perf-gate:default -->',
    ])
  })

  it('keeps the comment under GitHub’s size limit for a huge gate', async () => {
    const base = JSON.parse(readFileSync(path.join(workspace, 'out-1', 'results.json'), 'utf8'))
    const template = base.cells[1]
    base.cells = Array.from({ length: 600 }, (_, i) => ({
      ...template,
      cell: `profile-with-a-long-name-${i}/${template.scenario}`,
      profile: `profile-with-a-long-name-${i}`,
    }))
    mkdirSync(path.join(workspace, 'huge'), { recursive: true })
    writeFileSync(path.join(workspace, 'huge', 'results.json'), JSON.stringify(base))
    const run = await runAction(
      { mode: 'publish', results: 'huge', 'github-token': 'write-token', 'out-dir': 'pub-huge' },
      { name: 'pull_request', payload: pullRequestEvent(9, 'a'.repeat(40), false) },
    )
    expect(run.code, run.stdout).toBe(0)
    const [comment] = github.commentsOn(REPO, 9)
    expect(comment).toBeDefined()
    expect(comment!.body.length).toBeLessThanOrEqual(65_536)
    expect(comment!.body).toMatch(/more cells/)
  })

  it('runs the two-stage fork flow: the fork PR measures only, the workflow_run job comments', async () => {
    const sha = 'f'.repeat(40)
    github.state.pulls.push({
      repo: REPO,
      number: 11,
      state: 'open',
      headSha: sha,
      headRef: 'feature',
      headRepo: 'mallory/gateway',
      baseRef: 'main',
    })
    const stage1 = await runAction(
      { 'github-token': 'read-token', 'out-dir': 'fork-results' },
      { name: 'pull_request', payload: pullRequestEvent(11, sha, true) },
    )
    expect(stage1.code, stage1.stdout).toBe(stage1.outputs.verdict === 'regression' ? 1 : 0)
    expect(stage1.stdout).toMatch(/::warning::pull request from a fork/)
    expect(github.commentsOn(REPO, 11)).toHaveLength(0)

    const stage2 = await runAction(
      { mode: 'publish', results: 'fork-results', 'github-token': 'write-token', 'out-dir': 'fork-publish' },
      {
        name: 'workflow_run',
        payload: {
          action: 'completed',
          workflow_run: {
            id: 4242,
            event: 'pull_request',
            conclusion: 'success',
            head_sha: sha,
            head_branch: 'feature',
            head_repository: { full_name: 'mallory/gateway' },
            pull_requests: [],
          },
          repository: { full_name: REPO },
        },
      },
    )
    expect(stage2.code, stage2.stdout).toBe(0)
    const comments = github.commentsOn(REPO, 11)
    expect(comments).toHaveLength(1)
    expect(comments[0]!.body).toMatch(/blob\/[0-9a-f]{40}\/charts\/.+\.png\?raw=true/)
  })

  it('continues the history from the data branch on the next night, without a checkout copy', async () => {
    rmSync(path.join(workspace, 'baseline.json'), { force: true })
    const before = github.branchHead(REPO, 'perf-gate-data')
    expect(before).toBeDefined()
    const run = await runAction(
      { mode: 'baseline', 'github-token': 'write-token', 'out-dir': 'nightly-2' },
      { name: 'schedule', payload: { schedule: '0 3 * * *', repository: { full_name: REPO } } },
    )
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toMatch(/baseline read from acme\/gateway@perf-gate-data:baseline\.json/)
    const head = github.branchHead(REPO, 'perf-gate-data')!
    expect(github.state.commits.get(head)?.parents).toEqual([before])
    const stored = JSON.parse(github.fileAt(head, 'baseline.json')!.toString())
    expect(stored.schemaVersion).toBe(1)
    expect(stored.nights).toHaveLength(2)
  })
})
