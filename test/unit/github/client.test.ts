import * as core from '@actions/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createOctokit, RATE_LIMIT_RETRIES } from '../../../src/github/client.js'
import { upsertStickyComment } from '../../../src/github/sticky-comment.js'
import { startFakeGitHub, type FakeGitHub, type FakeResponse } from '../../support/fake-github.js'

vi.mock('@actions/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@actions/core')>()),
  warning: vi.fn(),
}))

const list = { owner: 'acme', repo: 'gateway', issue_number: 7 }
const rateLimited = (): FakeResponse => ({
  status: 403,
  body: { message: 'API rate limit exceeded for installation ID 1.' },
  headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) },
})

describe('createOctokit', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
    vi.mocked(core.warning).mockClear()
  })
  afterEach(async () => {
    await fake.close()
  })
  // Throttling stays on here (the default): these tests are about the two plugins working together.
  const octokit = (token = 'write-token') =>
    createOctokit(token, { baseUrl: fake.url, retryAfterBaseValue: 1 })

  it('takes its base URL from GITHUB_API_URL, so the action can be pointed at this fake', async () => {
    const client = createOctokit('write-token', { env: { GITHUB_API_URL: fake.url }, retryAfterBaseValue: 1 })
    await client.rest.issues.listComments(list)
    expect(fake.requests).toHaveLength(1)
  })

  it('sends the token', async () => {
    await octokit().rest.issues.listComments(list)
    expect(fake.requests[0]?.token).toBe('write-token')
  })

  it('does not retry a 403 permission answer, with both plugins installed', async () => {
    const result = await upsertStickyComment(octokit('read-token'), {
      owner: 'acme',
      repo: 'gateway',
      issueNumber: 7,
      marker: '<!-- perf-gate:default -->',
      body: '<!-- perf-gate:default -->\nreport',
      author: 'github-actions[bot]',
    })
    expect(result).toMatchObject({ ok: false, status: 403 })
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'POST'])
    expect(core.warning).not.toHaveBeenCalled()
  })

  it('does not retry a 404', async () => {
    const error = await octokit()
      .rest.git.getRef({ owner: 'acme', repo: 'gateway', ref: 'heads/missing' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 404 })
    expect(fake.requests).toHaveLength(1)
  })

  it('retries a server error and succeeds', async () => {
    let failures = 2
    fake.intercept(() => (failures-- > 0 ? { status: 502, body: { message: 'Server Error' } } : undefined))
    const { status } = await octokit().rest.issues.listComments(list)
    expect(status).toBe(200)
    expect(fake.requests).toHaveLength(3)
  })

  it('retries a rate-limited request twice with a warning each time, then gives up', async () => {
    fake.intercept(rateLimited)
    const error = await octokit()
      .rest.issues.listComments(list)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 403 })
    expect(fake.requests).toHaveLength(3)
    const warnings = vi.mocked(core.warning).mock.calls.map(([message]) => String(message))
    expect(warnings).toHaveLength(3)
    expect(warnings[0]).toMatch(/rate limit hit on GET .*retry 1 of 2/)
    expect(warnings[1]).toMatch(/retry 2 of 2/)
    expect(warnings[2]).toMatch(/giving up/)
  })

  it('a 429 secondary rate limit is retried by the throttling plugin alone: 1 + 2 requests, then it gives up', async () => {
    fake.intercept(() => ({
      status: 429,
      body: { message: 'You have exceeded a secondary rate limit.' },
      headers: { 'retry-after': '1' },
    }))
    const error = await octokit()
      .rest.issues.listComments(list)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 429 })
    expect(fake.requests).toHaveLength(1 + RATE_LIMIT_RETRIES)
    const warnings = vi.mocked(core.warning).mock.calls.map(([message]) => String(message))
    expect(warnings.at(-1)).toMatch(/secondary rate limit hit .*giving up/)
  })

  it('retries after a secondary rate limit and succeeds', async () => {
    let limited = true
    fake.intercept(() => {
      if (!limited) return undefined
      limited = false
      return {
        status: 403,
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        headers: { 'retry-after': '1' },
      }
    })
    const { status } = await octokit().rest.issues.listComments(list)
    expect(status).toBe(200)
    expect(fake.requests).toHaveLength(2)
    expect(vi.mocked(core.warning).mock.calls[0]?.[0]).toMatch(/secondary rate limit hit/)
  })
})
