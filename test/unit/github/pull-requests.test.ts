import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findPullRequestByHead, pullRequestLabels } from '../../../src/github/pull-requests.js'
import { startFakeGitHub, type FakeGitHub, type FakePull } from '../../support/fake-github.js'
import { testOctokit } from './test-octokit.js'

const pull = (overrides: Partial<FakePull>): FakePull => ({
  repo: 'acme/gateway',
  number: 1,
  state: 'open',
  headSha: 'sha-1',
  headRef: 'main-fix',
  headRepo: 'acme/gateway',
  baseRef: 'main',
  ...overrides,
})

describe('findPullRequestByHead', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
  })
  afterEach(async () => {
    await fake.close()
  })
  const lookup = {
    owner: 'acme',
    repo: 'gateway',
    headSha: 'fork-sha',
    headRepo: 'contributor/gateway',
    headBranch: 'main',
  }

  it('finds a fork PR by the fork owner and branch in one request', async () => {
    fake.state.pulls.push(
      pull({ number: 3, headRef: 'main', headRepo: 'acme/gateway', headSha: 'other' }),
      pull({ number: 7, headRef: 'main', headRepo: 'contributor/gateway', headSha: 'fork-sha' }),
    )
    const result = await findPullRequestByHead(testOctokit(fake), lookup)
    expect(result).toEqual({ ok: true, number: 7 })
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.query).toMatchObject({ head: 'contributor:main', state: 'open' })
  })

  it('falls back to scanning every open PR, across pages', async () => {
    for (let n = 1; n <= 150; n++) fake.state.pulls.push(pull({ number: n, headSha: `sha-${n}` }))
    fake.state.pulls.push(pull({ number: 151, headSha: 'fork-sha', headRepo: 'renamed/fork', headRef: 'x' }))
    const result = await findPullRequestByHead(testOctokit(fake), lookup)
    expect(result).toEqual({ ok: true, number: 151 })
  })

  it('finds nothing when the PR was closed or pushed to since', async () => {
    fake.state.pulls.push(
      pull({ number: 7, headSha: 'newer-sha', headRepo: 'contributor/gateway', headRef: 'main' }),
    )
    fake.state.pulls.push(pull({ number: 8, headSha: 'fork-sha', state: 'closed' }))
    expect(await findPullRequestByHead(testOctokit(fake), lookup)).toEqual({ ok: true, number: undefined })
  })

  it('returns a failure instead of throwing when the token is rejected', async () => {
    const result = await findPullRequestByHead(testOctokit(fake, 'expired'), lookup)
    expect(result).toMatchObject({ ok: false, status: 401 })
  })
})

describe('pullRequestLabels', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
  })
  afterEach(async () => {
    await fake.close()
  })
  const where = { owner: 'acme', repo: 'gateway', number: 7 }

  it("reads a pull request's current labels, across pages", async () => {
    const many = Array.from({ length: 120 }, (_, i) => `l${i}`)
    fake.state.pulls.push(pull({ number: 7, labels: [...many, 'perf-gate:accept-regression'] }))
    const result = await pullRequestLabels(testOctokit(fake, 'read-token'), where)
    expect(result.ok && result.labels).toHaveLength(121)
    expect(result.ok && result.labels.at(-1)).toBe('perf-gate:accept-regression')
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/repos/acme/gateway/issues/7/labels',
      '/repos/acme/gateway/issues/7/labels',
    ])
  })

  it('returns a failure instead of throwing for a pull request that does not exist', async () => {
    expect(await pullRequestLabels(testOctokit(fake, 'read-token'), where)).toMatchObject({
      ok: false,
      status: 404,
    })
  })
})
