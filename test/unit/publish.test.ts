// publish() against the local fake GitHub API with every fault the reporting path must survive: the
// real octokit client (createOctokit: retry and throttling plugins, production retry counts), with its
// waits scaled from seconds to milliseconds through the plugins' own retryAfterBaseValue. What must
// hold: publish never throws and never touches the results (the verdict, outputs and exit code the
// action derives from them stay as they were), and each fault is one readable warning. The built
// action takes the same path end to end in test/e2e/action-faults.test.ts.
import * as core from '@actions/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createOctokit, RATE_LIMIT_RETRIES } from '../../src/github/client.js'
import { parseRunContext } from '../../src/github/context.js'
import type { Logger } from '../../src/log.js'
import { publish } from '../../src/publish.js'
import { startFakeGitHub, type FakeGitHub, type FakeResponse } from '../support/fake-github.js'
import { hugeGate, regressedGate } from '../support/report-fixtures.js'

// The client's rate-limit warnings go through core.warning (the runner's log), not the logger.
vi.mock('@actions/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@actions/core')>()),
  warning: vi.fn(),
}))

const REPO = 'acme/gateway'

/** Two charts as publish receives them (the bytes are not looked at; the fake stores them as blobs). */
const charts = [
  { id: 'decision', title: 'Decision', png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]) },
  { id: 'cdf', title: 'Latency CDF', png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2]) },
]

interface Fault {
  what: string
  /** The endpoint that fails. */
  pattern: RegExp
  response: () => FakeResponse
  warning: RegExp
  /** Requests the client makes to the failing endpoint before it gives up. */
  attempts: number
  /** Rate-limit faults need the throttling plugin, which the client installs only with write spacing on. */
  throttled?: boolean
}

const faults: Fault[] = [
  {
    what: '403 on the comment',
    pattern: /\/issues\/\d+\/comments$/,
    response: () => ({ status: 403, body: { message: 'Resource not accessible by integration' } }),
    warning: /^Posting the PR comment .* failed: GitHub answered 403.*; the results are in the job summary/,
    attempts: 1,
  },
  {
    what: '404 on the comment',
    pattern: /\/issues\/\d+\/comments$/,
    response: () => ({ status: 404, body: { message: 'Not Found' } }),
    warning: /^Posting the PR comment .* failed: GitHub answered 404/,
    attempts: 1,
  },
  {
    // A server error is retried (3 times, after 1, 4 and 9 s in production), then it is a warning.
    what: '500 on the comment',
    pattern: /\/issues\/\d+\/comments$/,
    response: () => ({ status: 500, body: { message: 'Server Error' } }),
    warning: /^Posting the PR comment .* failed: GitHub answered 500/,
    attempts: 4,
  },
  {
    what: '403 on the assets blobs',
    pattern: /\/git\/blobs$/,
    response: () => ({ status: 403, body: { message: 'Resource not accessible by integration' } }),
    warning: /^Publishing \d+ chart\(s\) .* failed: GitHub answered 403.*Mermaid/,
    attempts: 1,
  },
  {
    // The branch exists (an earlier case made it): the 404 makes the action create it, GitHub answers
    // that the ref exists, and the one retry for a branch another job moved meets the same answers.
    what: '404 on the assets branch',
    pattern: /\/git\/ref\/heads\//,
    response: () => ({ status: 404, body: { message: 'Not Found' } }),
    warning: /^Publishing \d+ chart\(s\) .* failed: GitHub answered 422.*Mermaid/,
    attempts: 2,
  },
  {
    what: '502 on the assets trees',
    pattern: /\/git\/trees$/,
    response: () => ({ status: 502, body: { message: 'Bad Gateway' } }),
    warning: /^Publishing \d+ chart\(s\) .* failed: GitHub answered 502.*Mermaid/,
    attempts: 4,
  },
  {
    what: 'a primary rate limit (403, x-ratelimit-remaining: 0) on the comment',
    pattern: /\/issues\/\d+\/comments$/,
    response: () => ({
      status: 403,
      body: { message: 'API rate limit exceeded' },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) },
    }),
    warning: /^Posting the PR comment .* failed: GitHub answered 403/,
    attempts: 1 + RATE_LIMIT_RETRIES,
    throttled: true,
  },
  {
    what: 'a secondary rate limit (429, retry-after) on the assets blobs',
    pattern: /\/git\/blobs$/,
    response: () => ({
      status: 429,
      body: { message: 'You have exceeded a secondary rate limit' },
      headers: { 'retry-after': '1' },
    }),
    warning: /^Publishing \d+ chart\(s\) .* failed: GitHub answered 429.*Mermaid/,
    attempts: 1 + RATE_LIMIT_RETRIES,
    throttled: true,
  },
]

describe('publish: every GitHub fault is a warning, the results untouched', () => {
  let github: FakeGitHub
  const warnings: string[] = []
  const log: Logger = {
    info: () => {},
    warning: (message) => void warnings.push(message),
    group: (_name, fn) => fn(),
  }

  beforeAll(async () => {
    github = await startFakeGitHub({ serverUrl: 'https://github.example' })
  })
  afterAll(async () => {
    await github?.close()
  })
  beforeEach(() => {
    github.intercept(undefined)
    warnings.length = 0
    vi.mocked(core.warning).mockClear()
  })

  const context = () =>
    parseRunContext(
      {
        GITHUB_REPOSITORY: REPO,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_API_URL: github.url,
        GITHUB_SERVER_URL: 'https://github.example',
        GITHUB_RUN_ID: '2001',
      },
      {
        pull_request: {
          number: 7,
          head: { sha: 'a'.repeat(40), repo: { full_name: REPO } },
          base: { repo: { full_name: REPO } },
        },
      },
    )

  async function publishWith(throttled: boolean) {
    const results = regressedGate()
    const published = await publish({
      results,
      charts,
      context: context(),
      token: 'write-token',
      comment: true,
      commentKey: 'default',
      log,
      // No GITHUB_STEP_SUMMARY: no job summary, these cases are about the GitHub API.
      env: {},
      // Waits in milliseconds, not seconds; write spacing (and with it rate-limit handling) only where
      // the case is about rate limits, since it adds a second per write.
      octokit: createOctokit('write-token', {
        baseUrl: github.url,
        retryAfterBaseValue: 1,
        spaceWrites: throttled,
      }),
    })
    return { results, published }
  }

  it('publishes charts and the comment when nothing fails (what the faults below degrade)', async () => {
    const { published } = await publishWith(false)
    expect(warnings).toEqual([])
    expect(published.images).toHaveLength(2)
    expect(published.commentUrl).toMatch(/#issuecomment-\d+$/)
    expect(github.commentsOn(REPO, 7)).toHaveLength(1)
  })

  it('keeps the comment of a huge gate under GitHub’s size limit, which the fake enforces', async () => {
    const huge = hugeGate()
    const published = await publish({
      results: huge,
      charts: [],
      context: { ...context(), pullRequest: { ...context().pullRequest!, number: 9 } },
      token: 'write-token',
      comment: true,
      commentKey: 'default',
      log,
      env: {},
      octokit: createOctokit('write-token', {
        baseUrl: github.url,
        retryAfterBaseValue: 1,
        spaceWrites: false,
      }),
    })
    expect(warnings).toEqual([])
    expect(published.commentUrl).toBeDefined()
    const [comment] = github.commentsOn(REPO, 9)
    expect(comment!.body.length).toBeLessThanOrEqual(65_536)
    expect(comment!.body).toMatch(/more cells/)
    expect(huge.cells.length).toBeGreaterThan(500)
  })

  // The fake keeps its state across these cases: the assets branch and the comment exist after the first.
  it.each(faults)('$what', { timeout: 60_000 }, async (fault) => {
    const before = github.requests.length
    github.intercept((request) => (fault.pattern.test(request.path) ? fault.response() : undefined))
    const { results, published } = await publishWith(fault.throttled === true)
    const hits = github.requests.slice(before).filter((r) => fault.pattern.test(r.path))
    // Resolved, not thrown; the results (verdict, cells, outputs) are exactly what was measured.
    expect(results).toEqual(regressedGate())
    expect(
      warnings.some((w) => fault.warning.test(w)),
      warnings.join('\n'),
    ).toBe(true)
    // Bounded: the retry and throttling plugins stop where they should, then the warning.
    expect(hits.length).toBe(fault.attempts)
    // Each rate-limited retry is a warning in the log, and so is giving up.
    const limits = vi.mocked(core.warning).mock.calls.map(([message]) => String(message))
    if (fault.throttled) {
      expect(limits).toHaveLength(1 + RATE_LIMIT_RETRIES)
      expect(limits.at(-1)).toMatch(/rate limit hit on \w+ .* giving up$/)
    } else expect(limits).toEqual([])
    // A failed comment leaves no URL; failed charts leave a comment without images.
    if (/comments/.test(fault.pattern.source)) expect(published.commentUrl).toBeUndefined()
    else {
      expect(published.images).toEqual([])
      expect(published.commentUrl).toBeDefined()
      expect(github.commentsOn(REPO, 7)[0]?.body).toContain('```mermaid')
    }
  })
})
