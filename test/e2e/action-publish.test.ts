// The action's GitHub plumbing over recorded results, with the built action (dist/index.js) run as
// GitHub runs it against the local GitHub API server: the sticky comment updated in place on a re-run,
// a comment-only token (Mermaid fallback), comment keys, and the two-stage fork flow (a huge gate's
// comment under GitHub's size limit is in test/unit/publish.test.ts). None of these is about what a gate measures, so they publish a recorded results.json
// (mode: publish) and run beside the unit tests; the real gates of the action's flows (the nightly
// baseline, a pull request gated against it) are in action.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pullRequestEvent, REPO, runAction as runBuiltAction } from '../support/action-run.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js'
import { passingGate } from '../support/report-fixtures.js'

describe('the action publishes recorded results as GitHub runs it', () => {
  let github: FakeGitHub
  let workspace: string
  let runCount = 0

  const runAction = (inputs: Record<string, string>, event: { name: string; payload: unknown }) =>
    runBuiltAction({ workspace, apiUrl: github.url, inputs, event, run: ++runCount })

  beforeAll(async () => {
    github = await startFakeGitHub({ serverUrl: 'https://github.example' })
    workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-publish-'))
    // What a gate job measured (its out-dir), as a later job or workflow finds it.
    mkdirSync(path.join(workspace, 'out-1'))
    writeFileSync(path.join(workspace, 'out-1', 'results.json'), JSON.stringify(passingGate()))
  })

  afterAll(async () => {
    await github?.close()
  })

  it('updates its one comment in place on a re-run, with the chart on the assets branch', async () => {
    const event = { name: 'pull_request', payload: pullRequestEvent(7, 'a'.repeat(40), false) }
    const inputs = { mode: 'publish', results: 'out-1', 'github-token': 'write-token' }
    const first = await runAction({ ...inputs, 'out-dir': 'pub-7a' }, event)
    expect(first.code, first.stdout).toBe(0)
    const comments = github.commentsOn(REPO, 7)
    expect(comments).toHaveLength(1)
    expect(first.outputs['comment-url']).toMatch(new RegExp(`#issuecomment-${comments[0]!.id}$`))
    expect(comments[0]!.body).toMatch(/blob\/[0-9a-f]{40}\/charts\/.+\.png\?raw=true/)
    expect(first.stdout).toMatch(/PR comment created/)

    const second = await runAction({ ...inputs, 'out-dir': 'pub-7b' }, event)
    expect(second.code, second.stdout).toBe(0)
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
    // Stage one measures on the fork PR with its read-only token; what it measured is out-1 here (a
    // real gate writes the same results.json and goes the same way through publishing).
    const stage1 = await runAction(
      { mode: 'publish', results: 'out-1', 'github-token': 'read-token', 'out-dir': 'fork-results' },
      { name: 'pull_request', payload: pullRequestEvent(11, sha, true) },
    )
    expect(stage1.code, stage1.stdout).toBe(0)
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
})
