import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { upsertStickyComment } from '../../../src/github/sticky-comment.js'
import { ACTIONS_BOT, startFakeGitHub, type FakeGitHub } from '../../support/fake-github.js'
import { testOctokit } from './test-octokit.js'

const REPO = 'acme/gateway'
const MARKER = '<!-- perf-gate:default -->'
const target = (body: string, marker = MARKER) => ({
  owner: 'acme',
  repo: 'gateway',
  issueNumber: 7,
  marker,
  body: `${marker}\n${body}`,
  author: ACTIONS_BOT,
})

describe('upsertStickyComment', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
  })
  afterEach(async () => {
    await fake.close()
  })

  it('creates the comment on the first run and updates the same one on the next', async () => {
    const octokit = testOctokit(fake)
    const first = await upsertStickyComment(octokit, target('run 1: pass'))
    const second = await upsertStickyComment(octokit, target('run 2: regression'))

    expect(first).toMatchObject({ ok: true, action: 'created' })
    expect(second).toMatchObject({ ok: true, action: 'updated' })
    if (!first.ok || !second.ok) throw new Error('unreachable')
    expect(second.id).toBe(first.id)
    expect(second.url).toBe(`https://github.com/acme/gateway/pull/7#issuecomment-${first.id}`)
    const comments = fake.commentsOn(REPO, 7)
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body).toContain('run 2: regression')
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH'])
  })

  it('keeps one comment per marker key, so two gate jobs in one PR do not overwrite each other', async () => {
    const octokit = testOctokit(fake)
    const apiMarker = '<!-- perf-gate:api -->'
    const grpcMarker = '<!-- perf-gate:grpc -->'
    await upsertStickyComment(octokit, target('api v1', apiMarker))
    await upsertStickyComment(octokit, target('grpc v1', grpcMarker))
    await upsertStickyComment(octokit, target('api v2', apiMarker))
    await upsertStickyComment(octokit, target('grpc v2', grpcMarker))

    const bodies = fake.commentsOn(REPO, 7).map((c) => c.body)
    expect(bodies).toEqual([`${apiMarker}\napi v2`, `${grpcMarker}\ngrpc v2`])
  })

  it('finds its comment on the second page of a busy PR instead of posting another', async () => {
    for (let i = 0; i < 120; i++) fake.addComment(REPO, 7, `review comment ${i}`)
    const ours = fake.addComment(REPO, 7, `${MARKER}\nold report`)
    for (let i = 0; i < 10; i++) fake.addComment(REPO, 7, `later comment ${i}`)

    const result = await upsertStickyComment(testOctokit(fake), target('new report'))

    expect(result).toMatchObject({ ok: true, action: 'updated', id: ours.id })
    expect(fake.commentsOn(REPO, 7)).toHaveLength(131)
    const pages = fake.requests.filter((r) => r.method === 'GET').map((r) => r.query['page'] ?? '1')
    expect(pages).toEqual(['1', '2'])
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/repos/${REPO}/issues/comments/${ours.id}`,
    })
  })

  it('ignores a comment with a marker that only starts like ours', async () => {
    fake.addComment(REPO, 7, '<!-- perf-gate:default-nightly -->\nother job')
    const result = await upsertStickyComment(testOctokit(fake), target('ours'))
    expect(result).toMatchObject({ ok: true, action: 'created' })
    expect(fake.commentsOn(REPO, 7)).toHaveLength(2)
  })

  it('returns a permission failure with a read-only token, without throwing', async () => {
    const result = await upsertStickyComment(testOctokit(fake, 'read-token'), target('report'))

    expect(result).toMatchObject({ ok: false, status: 403, permission: true })
    if (result.ok) throw new Error('unreachable')
    expect(result.reason).toContain('Resource not accessible by integration')
    expect(result.reason).toContain('acme/gateway#7')
    expect(fake.commentsOn(REPO, 7)).toHaveLength(0)
  })

  it('returns a failure for an unknown token', async () => {
    const result = await upsertStickyComment(testOctokit(fake, 'nonsense'), target('report'))
    expect(result).toMatchObject({ ok: false, status: 401, permission: true })
  })

  it('reports a body over GitHub’s size limit as a failure (the report module must truncate)', async () => {
    const result = await upsertStickyComment(testOctokit(fake), target('x'.repeat(70_000)))
    expect(result).toMatchObject({ ok: false, status: 422, permission: false })
  })

  it('refuses a body without its marker, which would make the next run post a duplicate', async () => {
    await expect(
      upsertStickyComment(testOctokit(fake), { ...target('x'), body: 'no marker here' }),
    ).rejects.toThrow(/must contain its marker/)
    expect(fake.requests).toHaveLength(0)
  })

  describe('only the token’s own comments', () => {
    it('does not edit a planted marker comment from another author: it creates its own', async () => {
      const planted = fake.addComment(REPO, 7, `${MARKER}\nplanted by someone else`, 'mallory')
      const octokit = testOctokit(fake)
      // No author given: resolved from the token (an Actions token: github-actions[bot]).
      const result = await upsertStickyComment(octokit, { ...target('the real report'), author: undefined })

      expect(result).toMatchObject({ ok: true, action: 'created' })
      const comments = fake.commentsOn(REPO, 7)
      expect(comments).toHaveLength(2)
      expect(comments[0]).toMatchObject({
        id: planted.id,
        author: 'mallory',
        body: `${MARKER}\nplanted by someone else`,
      })
      expect(comments[1]).toMatchObject({ author: 'github-actions[bot]' })
      expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false)

      // The next run updates its own comment, still leaving the planted one alone.
      const again = await upsertStickyComment(octokit, { ...target('run 2'), author: undefined })
      expect(again).toMatchObject({ ok: true, action: 'updated' })
      if (!again.ok || !result.ok) throw new Error('unreachable')
      expect(again.id).toBe(result.id)
      expect(fake.commentsOn(REPO, 7)[0]?.body).toBe(`${MARKER}\nplanted by someone else`)
    })

    it('with a personal access token, matches that user’s comments (GET /user)', async () => {
      fake.addComment(REPO, 7, `${MARKER}\nby the bot`, 'github-actions[bot]')
      const mine = fake.addComment(REPO, 7, `${MARKER}\nold report`, 'perf-bot')
      const result = await upsertStickyComment(testOctokit(fake, 'user-token'), {
        ...target('new report'),
        author: undefined,
      })
      expect(result).toMatchObject({ ok: true, action: 'updated', id: mine.id })
      expect(fake.commentsOn(REPO, 7)[0]?.body).toContain('by the bot')
      expect(fake.requests.find((r) => r.path === '/user')).toBeDefined()
    })
  })
})
