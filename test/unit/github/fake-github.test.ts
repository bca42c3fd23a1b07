import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.js'

/** Raw HTTP against the fake, to pin down the GitHub behaviours the adapters rely on. */
describe('fake GitHub API', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
  })
  afterEach(async () => {
    await fake.close()
  })
  const call = async (method: string, path: string, body?: unknown, token: string | null = 'write-token') => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token !== null) headers['authorization'] = `token ${token}`
    const response = await fetch(`${fake.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return {
      status: response.status,
      headers: response.headers,
      json: (await response.json()) as Record<string, unknown>,
    }
  }

  it('answers 401 Bad credentials without a token or with an unknown one', async () => {
    expect(await call('GET', '/repos/a/b/issues/1/comments', undefined, null)).toMatchObject({
      status: 401,
      json: { message: 'Bad credentials' },
    })
    expect((await call('GET', '/repos/a/b/issues/1/comments', undefined, 'nope')).status).toBe(401)
  })

  it('lets a read token read but answers its writes like GitHub does a fork PR token', async () => {
    expect((await call('GET', '/repos/a/b/issues/1/comments', undefined, 'read-token')).status).toBe(200)
    const write = await call('POST', '/repos/a/b/issues/1/comments', { body: 'x' }, 'read-token')
    expect(write).toMatchObject({ status: 403, json: { message: 'Resource not accessible by integration' } })
  })

  it('accepts a Bearer token and configurable tokens', async () => {
    const custom = await startFakeGitHub({ tokens: { ghs_abc: 'write' } })
    try {
      const response = await fetch(`${custom.url}/repos/a/b/issues/1/comments`, {
        method: 'POST',
        headers: { authorization: 'Bearer ghs_abc' },
        body: JSON.stringify({ body: 'hi' }),
      })
      expect(response.status).toBe(201)
    } finally {
      await custom.close()
    }
  })

  it('paginates with per_page and a Link header', async () => {
    for (let i = 0; i < 5; i++) fake.addComment('a/b', 1, `c${i}`)
    const first = await call('GET', '/repos/a/b/issues/1/comments?per_page=2')
    expect((first.json as unknown as unknown[]).length).toBe(2)
    const link = first.headers.get('link') ?? ''
    expect(link).toContain(`<${fake.url}/repos/a/b/issues/1/comments?per_page=2&page=2>; rel="next"`)
    expect(link).toContain('page=3>; rel="last"')
    const last = await call('GET', '/repos/a/b/issues/1/comments?per_page=2&page=3')
    expect((last.json as unknown as { body: string }[]).map((c) => c.body)).toEqual(['c4'])
    expect(last.headers.get('link')).not.toContain('rel="next"')
  })

  it('answers 404 for a missing comment, ref or commit, and for unknown routes', async () => {
    expect((await call('PATCH', '/repos/a/b/issues/comments/1', { body: 'x' })).status).toBe(404)
    expect((await call('GET', '/repos/a/b/git/ref/heads/nope')).status).toBe(404)
    expect((await call('GET', `/repos/a/b/git/commits/${'a'.repeat(40)}`)).status).toBe(404)
    expect((await call('GET', '/repos/a/b/releases')).status).toBe(404)
  })

  it('rejects a second ref with the same name and a non-fast-forward update', async () => {
    const first = fake.pushFiles('a/b', 'assets', { 'x.txt': Buffer.from('x') })
    const unrelated = fake.pushFiles('a/b', 'other', { 'y.txt': Buffer.from('y') })
    expect(await call('POST', '/repos/a/b/git/refs', { ref: 'refs/heads/assets', sha: first })).toMatchObject(
      {
        status: 422,
        json: { message: 'Reference already exists' },
      },
    )
    expect(await call('PATCH', '/repos/a/b/git/refs/heads/assets', { sha: unrelated })).toMatchObject({
      status: 422,
      json: { message: 'Update is not a fast forward' },
    })
    expect(
      (await call('PATCH', '/repos/a/b/git/refs/heads/assets', { sha: unrelated, force: true })).status,
    ).toBe(200)
    expect(fake.branchHead('a/b', 'assets')).toBe(unrelated)
  })

  it('stores blobs under their real git SHA-1', async () => {
    const blob = await call('POST', '/repos/a/b/git/blobs', { content: 'hello\n', encoding: 'utf-8' })
    // `printf 'hello\n' | git hash-object --stdin`
    expect(blob.json['sha']).toBe('ce013625030ba8dba906f756967f9e9ca394464a')
  })

  it('builds a tree on a base tree, and deletes an entry given sha null', async () => {
    const head = fake.pushFiles('a/b', 'main', { 'keep.txt': Buffer.from('k'), 'drop.txt': Buffer.from('d') })
    const baseTree = fake.state.commits.get(head)?.tree
    const tree = await call('POST', '/repos/a/b/git/trees', {
      base_tree: baseTree,
      tree: [
        { path: 'dir/new.txt', mode: '100644', type: 'blob', content: 'n' },
        { path: 'drop.txt', mode: '100644', type: 'blob', sha: null },
      ],
    })
    expect(tree.status).toBe(201)
    expect((tree.json['tree'] as { path: string }[]).map((e) => e.path)).toEqual(['dir/new.txt', 'keep.txt'])
  })

  it('records every request', async () => {
    await call('GET', '/repos/a/b/git/ref/heads%2Fmain')
    expect(fake.requests).toEqual([
      {
        method: 'GET',
        path: '/repos/a/b/git/ref/heads/main',
        query: {},
        token: 'write-token',
        body: undefined,
      },
    ])
  })

  it('rejects a comment over 65,536 characters like GitHub', async () => {
    const response = await call('POST', '/repos/a/b/issues/1/comments', { body: 'x'.repeat(65_537) })
    expect(response).toMatchObject({ status: 422, json: { message: 'Validation Failed' } })
  })
})
