import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Logger } from '../../../src/log.js'
import { publishTrendPage, type TrendPagePublication } from '../../../src/github/pages-branch.js'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.js'
import { testOctokit } from './test-octokit.js'

const REPO = 'acme/gateway'
const context = { apiUrl: '', owner: 'acme', repo: 'gateway' }

function recordingLog(): Logger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = []
  const infos: string[] = []
  return {
    warnings,
    infos,
    info: (m: string) => infos.push(m),
    warning: (m: string) => warnings.push(m),
    debug: () => {},
    error: (m: string) => warnings.push(m),
    group: async <T>(_name: string, fn: () => Promise<T>) => fn(),
  } as unknown as Logger & { warnings: string[]; infos: string[] }
}

/** A night's trend.html in its own out dir. */
function trendFile(html: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-pages-'))
  const file = path.join(dir, 'trend.html')
  writeFileSync(file, html)
  return file
}

describe('the trend page on a Pages branch', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
  })
  afterEach(async () => {
    await fake.close()
  })

  function publication(
    trendPath: string | undefined,
    overrides: Partial<TrendPagePublication['settings']> = {},
    token = 'write-token',
  ): TrendPagePublication & { log: ReturnType<typeof recordingLog> } {
    return {
      settings: { githubToken: token, pagesBranch: 'gh-pages', pagesPath: 'index.html', ...overrides },
      context,
      trendPath,
      log: recordingLog(),
      octokit: testOctokit(fake, token),
    }
  }

  it('creates the branch with the page as index.html, then adds one commit a night on top', async () => {
    const night1 = '<!doctype html><title>night 1</title>'
    const first = publication(trendFile(night1))
    await publishTrendPage(first)
    expect(first.log.warnings).toEqual([])
    const root = fake.branchHead(REPO, 'gh-pages')
    expect(root).toBeDefined()
    expect(fake.fileAt(root!, 'index.html')?.toString()).toBe(night1)
    expect(fake.state.commits.get(root!)?.parents).toEqual([])
    expect(first.log.infos.join('\n')).toMatch(/trend page committed to acme\/gateway@gh-pages:index\.html/)

    const night2 = '<!doctype html><title>night 2</title>'
    const second = publication(trendFile(night2))
    await publishTrendPage(second)
    const head = fake.branchHead(REPO, 'gh-pages')!
    expect(head).not.toBe(root)
    expect(fake.state.commits.get(head)?.parents).toEqual([root])
    expect(fake.state.commits.get(head)?.message).toMatch(
      /^perf-gate trend page: night of \d{4}-\d{2}-\d{2}$/,
    )
    expect(fake.fileAt(head, 'index.html')?.toString()).toBe(night2)

    // The same page again: nothing to commit.
    const again = publication(trendFile(night2))
    await publishTrendPage(again)
    expect(fake.branchHead(REPO, 'gh-pages')).toBe(head)
    expect(again.log.infos.join('\n')).toMatch(/unchanged on/)
  })

  it("commits on top of others' commits on the branch, keeping their files (fast-forward, never forced)", async () => {
    const theirs = fake.pushFiles(
      REPO,
      'gh-pages',
      { 'dev/bench/index.html': Buffer.from('bench') },
      'someone',
    )
    const pub = publication(trendFile('<html>trend</html>'), { pagesPath: 'perf/index.html' })
    await publishTrendPage(pub)
    expect(pub.log.warnings).toEqual([])
    const head = fake.branchHead(REPO, 'gh-pages')!
    expect(fake.state.commits.get(head)?.parents).toEqual([theirs])
    expect(fake.fileAt(head, 'dev/bench/index.html')?.toString()).toBe('bench')
    expect(fake.fileAt(head, 'perf/index.html')?.toString()).toBe('<html>trend</html>')
    const forced = fake.requests.filter(
      (r) => r.method === 'PATCH' && (r.body as { force?: boolean } | undefined)?.force === true,
    )
    expect(forced).toEqual([])
  })

  it('a 403 is a warning naming the branch, and nothing is written', async () => {
    fake.intercept((request) =>
      request.path.includes('/git/') && request.method !== 'GET'
        ? { status: 403, body: { message: 'Resource not accessible by integration' } }
        : undefined,
    )
    const pub = publication(trendFile('<html>trend</html>'))
    await expect(publishTrendPage(pub)).resolves.toBeUndefined()
    expect(pub.log.warnings).toHaveLength(1)
    expect(pub.log.warnings[0]).toMatch(
      /Publishing the trend page to acme\/gateway@gh-pages failed: GitHub answered 403.*the trend page is in the artifact only/,
    )
    expect(fake.branchHead(REPO, 'gh-pages')).toBeUndefined()
  })

  it('a read-only token is a warning too', async () => {
    const pub = publication(trendFile('<html>trend</html>'), {}, 'read-token')
    await publishTrendPage(pub)
    expect(pub.log.warnings.join('\n')).toMatch(/403/)
    expect(fake.branchHead(REPO, 'gh-pages')).toBeUndefined()
  })

  it('does nothing without pages-branch; warns without a token or without a page', async () => {
    const off = publication(trendFile('x'), { pagesBranch: undefined })
    await publishTrendPage(off)
    expect(off.log.warnings).toEqual([])
    expect(fake.requests).toEqual([])
    const noToken = publication(trendFile('x'), { githubToken: '' })
    await publishTrendPage(noToken)
    expect(noToken.log.warnings.join('\n')).toMatch(/no github-token: the trend page was not committed/)
    const noPage = publication(undefined)
    await publishTrendPage(noPage)
    expect(noPage.log.warnings.join('\n')).toMatch(/no trend page was written this run/)
    expect(fake.requests).toEqual([])
  })
})
