import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  assetUrl,
  contentAddressedPath,
  DEFAULT_ASSETS_BRANCH,
  publishAssets,
} from '../../../src/github/assets-branch.js'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.js'
import { testOctokit } from './test-octokit.js'

const REPO = 'acme/gateway'
const NOW = new Date('2025-11-21T10:00:00Z')
const png = (text: string) => Buffer.from(`\x89PNG fake ${text}`, 'latin1')
const file = (text: string) => ({
  path: contentAddressedPath(png(text), { ext: 'png', now: NOW }),
  content: png(text),
})

describe('contentAddressedPath', () => {
  it('names a file by its content hash under a month bucket', () => {
    const path = contentAddressedPath(png('a'), { ext: 'png', now: NOW })
    expect(path).toMatch(/^charts\/2025-11\/[0-9a-f]{16}\.png$/)
    expect(contentAddressedPath(png('a'), { ext: 'png', now: NOW })).toBe(path)
    expect(contentAddressedPath(png('b'), { ext: 'png', now: NOW })).not.toBe(path)
  })
})

describe('assetUrl', () => {
  it('links the file at the commit with ?raw=true, which also works for private repositories', () => {
    expect(assetUrl('https://ghe.example.com/', 'acme', 'gateway', 'abc', 'charts/2025-11/x y.png')).toBe(
      'https://ghe.example.com/acme/gateway/blob/abc/charts/2025-11/x%20y.png?raw=true',
    )
  })
})

describe('publishAssets', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
  })
  afterEach(async () => {
    await fake.close()
  })
  const publish = (files: { path: string; content: Buffer }[], token = 'write-token') =>
    publishAssets(testOctokit(fake, token), { owner: 'acme', repo: 'gateway', files })

  it('creates the branch as an orphan commit holding the files and a README', async () => {
    const chart = file('p95')
    const result = await publish([chart])

    expect(result).toMatchObject({ ok: true, committed: true })
    if (!result.ok) throw new Error('unreachable')
    expect(fake.branchHead(REPO, DEFAULT_ASSETS_BRANCH)).toBe(result.commitSha)
    expect(fake.state.commits.get(result.commitSha)?.parents).toEqual([])
    expect(fake.fileAt(result.commitSha, chart.path)).toEqual(chart.content)
    expect(fake.fileAt(result.commitSha, 'README.md')?.toString()).toContain('perf-gate')
    expect(result.files).toEqual([
      {
        path: chart.path,
        url: `https://github.com/acme/gateway/blob/${result.commitSha}/${chart.path}?raw=true`,
      },
    ])
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace('/repos/acme/gateway', '')}`)).toEqual([
      // The token's identity: an Actions token gets 403 from /user, GraphQL's viewer names the bot.
      'GET /user',
      'POST /graphql',
      'POST /git/blobs',
      'GET /git/ref/heads/perf-gate-assets',
      'POST /git/trees',
      'POST /git/commits',
      'POST /git/refs',
    ])
  })

  it('appends to an existing branch: the new commit’s parent is the previous head and old files stay', async () => {
    const a = file('run 1')
    const b = file('run 2')
    const first = await publish([a])
    const second = await publish([b])

    if (!first.ok || !second.ok) throw new Error('both publishes should succeed')
    expect(fake.state.commits.get(second.commitSha)?.parents).toEqual([first.commitSha])
    expect(fake.branchHead(REPO, DEFAULT_ASSETS_BRANCH)).toBe(second.commitSha)
    expect(fake.fileAt(second.commitSha, a.path)).toEqual(a.content)
    expect(fake.fileAt(second.commitSha, b.path)).toEqual(b.content)
    // Links from the first comment keep pointing at the first commit.
    expect(fake.fileAt(first.commitSha, b.path)).toBeUndefined()
  })

  it('makes no commit when every file is already on the branch', async () => {
    const chart = file('same')
    const first = await publish([chart])
    const again = await publish([chart])

    if (!first.ok || !again.ok) throw new Error('both publishes should succeed')
    expect(again).toMatchObject({ committed: false, commitSha: first.commitSha })
    expect(fake.state.commits.size).toBe(1)
  })

  it('retries once when another job moved the branch in between, keeping both jobs’ files', async () => {
    const theirs = file('other job')
    const ours = file('this job')
    await publish([file('seed')])
    let raced = false
    // Just before our ref update, another job lands a commit on the branch.
    let theirsSha = ''
    fake.intercept((request) => {
      if (raced || request.method !== 'PATCH') return undefined
      raced = true
      theirsSha = fake.pushFiles(REPO, DEFAULT_ASSETS_BRANCH, { [theirs.path]: theirs.content })
      return undefined
    })

    const result = await publish([ours])

    if (!result.ok) throw new Error(result.reason)
    expect(fake.state.commits.get(result.commitSha)?.parents).toEqual([theirsSha])
    expect(fake.fileAt(result.commitSha, ours.path)).toEqual(ours.content)
    expect(fake.fileAt(result.commitSha, theirs.path)).toEqual(theirs.content)
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2)
  })

  it('gives up after the second race with a failure, not an exception', async () => {
    await publish([file('seed')])
    fake.intercept((request) =>
      request.method === 'PATCH'
        ? { status: 422, body: { message: 'Update is not a fast forward', status: '422' } }
        : undefined,
    )
    const result = await publish([file('new')])
    expect(result).toMatchObject({ ok: false, status: 422, permission: false })
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2)
  })

  it('returns a permission failure with a read-only token and writes nothing', async () => {
    const result = await publish([file('p95')], 'read-token')

    expect(result).toMatchObject({ ok: false, status: 403, permission: true })
    if (result.ok) throw new Error('unreachable')
    expect(result.reason).toContain('Resource not accessible by integration')
    expect(result.reason).toContain('contents: write')
    expect(fake.state.blobs.size).toBe(0)
    expect(fake.branchHead(REPO, DEFAULT_ASSETS_BRANCH)).toBeUndefined()
  })

  it('refuses to commit on top of a branch head someone else wrote, and changes nothing', async () => {
    const planted = fake.pushFiles(REPO, DEFAULT_ASSETS_BRANCH, { 'index.html': Buffer.from('x') }, 'mallory')

    const result = await publish([file('p95')])

    expect(result).toMatchObject({ ok: false, status: 409, permission: false })
    if (result.ok) throw new Error('unreachable')
    expect(result.reason).toContain('written by mallory')
    expect(result.reason).toContain('github-actions[bot]')
    expect(fake.branchHead(REPO, DEFAULT_ASSETS_BRANCH)).toBe(planted)
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0)
  })

  it('with a personal access token, extends the branch its own user wrote', async () => {
    const first = await publish([file('run 1')], 'user-token')
    const second = await publish([file('run 2')], 'user-token')
    if (!first.ok || !second.ok) throw new Error('both publishes should succeed')
    expect(fake.state.commits.get(second.commitSha)?.parents).toEqual([first.commitSha])
    expect(fake.state.commits.get(second.commitSha)?.author).toBe('perf-bot')
    // ...and an Actions token refuses to build on the PAT user's commits.
    expect(await publish([file('run 3')])).toMatchObject({ ok: false, status: 409 })
  })

  it('refuses paths that would escape the branch root', async () => {
    await expect(publish([{ path: '../x.png', content: png('x') }])).rejects.toThrow(
      /relative and normalised/,
    )
  })
})
