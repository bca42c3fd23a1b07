/**
 * A local stand-in for the GitHub REST API, implementing exactly the endpoints perf-gate calls, with
 * GitHub's status codes, error bodies and Link-header pagination. Tests point GITHUB_API_URL (or
 * createOctokit's baseUrl) at it, so the real octokit adapters, and the built dist/, run unchanged.
 *
 * Endpoints:
 *   GET   /repos/:o/:r/issues/:n/comments        (per_page, page; Link header)
 *   POST  /repos/:o/:r/issues/:n/comments
 *   PATCH /repos/:o/:r/issues/comments/:id
 *   GET   /repos/:o/:r/pulls                     (state, head, per_page, page; Link header)
 *   GET   /repos/:o/:r/issues/:n/labels          (a pull request's labels; per_page, page; 404 when no such PR)
 *   GET   /repos/:o/:r/git/ref/heads/:branch     (404 when missing)
 *   POST  /repos/:o/:r/git/refs
 *   PATCH /repos/:o/:r/git/refs/heads/:branch    (422 "Update is not a fast forward" unless force)
 *   POST  /repos/:o/:r/git/blobs                 (utf-8 or base64; the real git blob SHA)
 *   POST  /repos/:o/:r/git/trees                 (base_tree, nested paths, sha null deletes)
 *   GET   /repos/:o/:r/git/trees/:sha            (recursive: every file by full path)
 *   GET   /repos/:o/:r/git/blobs/:sha            (base64 content)
 *   GET   /repos/:o/:r/git/commits/:sha
 *   POST  /repos/:o/:r/git/commits
 *   GET   /repos/:o/:r/commits/:sha             (author.login of the commit)
 *   GET   /user                                 (403 for app/Actions tokens, as on GitHub)
 *   POST  /graphql                              (only `viewer { login }`)
 * and the artifact service the @actions/artifact v2+ client talks to (ACTIONS_RESULTS_URL = url):
 *   POST  /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact    (a signed upload URL)
 *   POST  /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact  (size and sha256 checked)
 *   PUT   /blob/:account/:container/:id/:file?sig=  (Azure Blob: comp=block, comp=blocklist, or Put Blob)
 * with protobuf field names in the JSON, as the service speaks it, authenticated by the job's runtime token (fakeRuntimeToken(): a JWT whose `scp` names the run and job).
 *
 * Tokens map to 'write', 'comment' or 'read'. A read token gets 403 "Resource not accessible by
 * integration" on any write, as a fork PR's GITHUB_TOKEN does; a 'comment' token may write issue
 * comments but not contents (`permissions: pull-requests: write, contents: read`); a missing or unknown
 * token gets 401 "Bad credentials".
 * Every token has an identity: by default the DEFAULT_TOKENS are app installation tokens acting as
 * `github-actions[bot]` (as the Actions GITHUB_TOKEN does), and `user-token` is a personal access token
 * of `perf-bot`. Comments and commits record the login that wrote them.
 * State is in memory and public, so tests can seed it and assert on it; every request is recorded.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type TokenAccess = 'write' | 'comment' | 'read'

/** The tokens a fake accepts when none are given. */
export const DEFAULT_TOKENS: Record<string, TokenAccess> = {
  'write-token': 'write',
  'comment-token': 'comment',
  'read-token': 'read',
  'user-token': 'write',
}

/** The login GitHub gives the Actions GITHUB_TOKEN. */
export const ACTIONS_BOT = 'github-actions[bot]'

/** Who a token acts as: a user (GET /user answers) or an app installation (GET /user is 403). */
export interface TokenIdentity {
  login: string
  kind: 'user' | 'app'
}

export const DEFAULT_IDENTITIES: Record<string, TokenIdentity> = {
  'user-token': { login: 'perf-bot', kind: 'user' },
}

export interface RecordedRequest {
  method: string
  /** Decoded path without the query string, e.g. `/repos/o/r/git/ref/heads/main`. */
  path: string
  /** Parsed query string. */
  query: Record<string, string>
  /** Token from the Authorization header (`token X` or `Bearer X`), if any. */
  token: string | undefined
  /** Parsed JSON body, if any. */
  body: unknown
}

export interface FakeComment {
  id: number
  /** `owner/repo`. */
  repo: string
  issueNumber: number
  body: string
  /** Login of the comment's author. */
  author: string
  createdAt: string
  updatedAt: string
}

export interface FakeTreeEntry {
  mode: string
  type: 'blob'
  sha: string
}

export interface FakeCommit {
  sha: string
  /** `owner/repo` the commit was created in. */
  repo: string
  tree: string
  parents: string[]
  message: string
  /** Login GitHub links the commit to. */
  author: string
}

export interface FakePull {
  /** `owner/repo` of the base repository. */
  repo: string
  number: number
  state: 'open' | 'closed'
  headSha: string
  headRef: string
  /** `owner/repo` the head branch lives in (a fork for fork PRs). */
  headRepo: string
  baseRef: string
  /** Label names on the pull request now (what the labels endpoint answers). */
  labels?: string[]
}

/** An artifact as the fake's artifact service holds it. */
export interface FakeArtifact {
  id: number
  name: string
  workflowRunBackendId: string
  workflowJobRunBackendId: string
  /** Staged blocks by block id (Azure's Put Block), until the block list commits them. */
  blocks: Map<string, Buffer>
  /** The uploaded content (the zip), once committed. */
  content: Buffer | undefined
  finalized: boolean
}

/** The backend ids in fakeRuntimeToken(), as the runtime token of a real job carries them. */
export const FAKE_RUN_BACKEND_ID = 'c0ffee00-0000-4000-8000-000000000001'
export const FAKE_JOB_BACKEND_ID = 'c0ffee00-0000-4000-8000-000000000002'

/**
 * An Actions runtime token (ACTIONS_RUNTIME_TOKEN) as @actions/artifact reads it: a JWT whose `scp`
 * claim holds `Actions.Results:<run backend id>:<job backend id>`. Unsigned: only the fake checks it.
 */
export function fakeRuntimeToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const scp = `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${FAKE_RUN_BACKEND_ID}:${FAKE_JOB_BACKEND_ID}`
  return `${part({ typ: 'JWT', alg: 'none' })}.${part({ scp, iat: 1 })}.fake-signature`
}

export interface FakeState {
  artifacts: FakeArtifact[]
  comments: FakeComment[]
  /** Blob SHA (real git SHA-1) to content. */
  blobs: Map<string, Buffer>
  /** Tree SHA to its files, flattened by full path (directories are implied by the paths). */
  trees: Map<string, Map<string, FakeTreeEntry>>
  commits: Map<string, FakeCommit>
  /** `owner/repo:refs/heads/name` to commit SHA. */
  refs: Map<string, string>
  pulls: FakePull[]
}

export interface FakeResponse {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

/**
 * Called for every request before it is handled. Return a response to answer with it instead (inject
 * a rate limit or an outage), or undefined to handle the request normally; may also change `state`
 * (simulate another job pushing in between).
 */
export type Interceptor = (request: RecordedRequest, state: FakeState) => FakeResponse | undefined

export interface FakeGitHubOptions {
  /** Token to access level; defaults to DEFAULT_TOKENS. */
  tokens?: Record<string, TokenAccess>
  /** Token to identity; tokens not listed act as ACTIONS_BOT (an app). Defaults to DEFAULT_IDENTITIES. */
  identities?: Record<string, TokenIdentity>
  /** Web root used in html_url fields; defaults to https://github.com. */
  serverUrl?: string
}

export interface FakeGitHub {
  /** API root to use as baseUrl / GITHUB_API_URL, e.g. http://127.0.0.1:40123. */
  url: string
  state: FakeState
  requests: RecordedRequest[]
  /** Replaces the interceptor; pass undefined to remove it. */
  intercept(interceptor: Interceptor | undefined): void
  /** Comments on one issue, oldest first. */
  commentsOn(repo: string, issueNumber: number): FakeComment[]
  /** Seeds a comment as if someone (by default ACTIONS_BOT) had posted it. */
  addComment(repo: string, issueNumber: number, body: string, author?: string): FakeComment
  /** Commit a branch points to, or undefined. */
  branchHead(repo: string, branch: string): string | undefined
  /**
   * Commits files on top of a branch (creating it if missing) as another writer would, without going
   * through HTTP: for seeding, and for simulating a concurrent push from inside an interceptor.
   */
  pushFiles(repo: string, branch: string, files: Record<string, Buffer>, author?: string): string
  /** Content of a file at a commit, or undefined. */
  fileAt(commitSha: string, path: string): Buffer | undefined
  close(): Promise<void>
}

const DOCS = 'https://docs.github.com/rest'
const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])
const COMMENT_BODY_LIMIT = 65_536

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** Starts the fake on 127.0.0.1 with a free port. Close it in afterEach/afterAll (or `await using`). */
export async function startFakeGitHub(
  options: FakeGitHubOptions = {},
): Promise<FakeGitHub & AsyncDisposable> {
  const tokens = options.tokens ?? DEFAULT_TOKENS
  const identities = options.identities ?? DEFAULT_IDENTITIES
  const identityOf = (token: string | undefined): TokenIdentity =>
    (token === undefined ? undefined : identities[token]) ?? { login: ACTIONS_BOT, kind: 'app' }
  const serverUrl = options.serverUrl ?? 'https://github.com'
  const state: FakeState = {
    artifacts: [],
    comments: [],
    blobs: new Map(),
    trees: new Map(),
    commits: new Map(),
    refs: new Map(),
    pulls: [],
  }
  const requests: RecordedRequest[] = []
  let interceptor: Interceptor | undefined
  let nextCommentId = 1000
  let commitCounter = 0
  let apiUrl = ''

  const addComment = (repo: string, issueNumber: number, body: string, author = ACTIONS_BOT): FakeComment => {
    const now = new Date().toISOString()
    const comment = { id: nextCommentId++, repo, issueNumber, body, author, createdAt: now, updatedAt: now }
    state.comments.push(comment)
    return comment
  }

  const commentJson = (c: FakeComment) => {
    const [owner, repo] = c.repo.split('/')
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${apiUrl}/repos/${c.repo}/issues/comments/${c.id}`,
      html_url: `${serverUrl}/${owner}/${repo}/pull/${c.issueNumber}#issuecomment-${c.id}`,
      issue_url: `${apiUrl}/repos/${c.repo}/issues/${c.issueNumber}`,
      body: c.body,
      user: {
        login: c.author,
        id: c.author === ACTIONS_BOT ? 41898282 : 1000 + c.author.length,
        type: c.author.endsWith('[bot]') ? 'Bot' : 'User',
      },
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      author_association: 'NONE',
    }
  }

  const commitJson = (c: FakeCommit) => ({
    sha: c.sha,
    node_id: `C_${c.sha}`,
    url: `${apiUrl}/repos/${c.repo}/git/commits/${c.sha}`,
    html_url: `${serverUrl}/${c.repo}/commit/${c.sha}`,
    message: c.message,
    tree: { sha: c.tree, url: `${apiUrl}/repos/${c.repo}/git/trees/${c.tree}` },
    parents: c.parents.map((sha) => ({
      sha,
      url: `${apiUrl}/repos/${c.repo}/git/commits/${sha}`,
      html_url: `${serverUrl}/${c.repo}/commit/${sha}`,
    })),
    author: { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' },
    committer: { name: 'GitHub', email: 'noreply@github.com' },
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
  })

  const refJson = (repo: string, ref: string, sha: string) => ({
    ref,
    node_id: `REF_${ref}`,
    url: `${apiUrl}/repos/${repo}/git/${ref}`,
    object: { type: 'commit', sha, url: `${apiUrl}/repos/${repo}/git/commits/${sha}` },
  })

  const pullJson = (p: FakePull) => {
    const headOwner = p.headRepo.split('/')[0]
    return {
      number: p.number,
      state: p.state,
      url: `${apiUrl}/repos/${p.repo}/pulls/${p.number}`,
      html_url: `${serverUrl}/${p.repo}/pull/${p.number}`,
      head: {
        label: `${headOwner}:${p.headRef}`,
        ref: p.headRef,
        sha: p.headSha,
        repo: { full_name: p.headRepo },
      },
      base: { label: `${p.repo.split('/')[0]}:${p.baseRef}`, ref: p.baseRef, repo: { full_name: p.repo } },
    }
  }

  /** Answers one page of `items` with GitHub's per_page/page rules and Link header. */
  const paginate = <T>(items: T[], request: RecordedRequest): FakeResponse => {
    const perPage = Math.min(Math.max(Number(request.query['per_page'] ?? 30) || 30, 1), 100)
    const page = Math.max(Number(request.query['page'] ?? 1) || 1, 1)
    const last = Math.max(Math.ceil(items.length / perPage), 1)
    const link = (p: number, rel: string) => {
      const query = new URLSearchParams({ ...request.query, per_page: String(perPage), page: String(p) })
      return `<${apiUrl}${request.path}?${query.toString()}>; rel="${rel}"`
    }
    const links: string[] = []
    if (page > 1) links.push(link(page - 1, 'prev'))
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'))
    if (page > 1) links.push(link(1, 'first'))
    return {
      status: 200,
      body: items.slice((page - 1) * perPage, page * perPage),
      headers: links.length > 0 ? { link: links.join(', ') } : {},
    }
  }

  const isAncestor = (ancestor: string, descendant: string): boolean => {
    const queue = [descendant]
    const seen = new Set<string>()
    while (queue.length > 0) {
      const sha = queue.pop() as string
      if (sha === ancestor) return true
      if (seen.has(sha)) continue
      seen.add(sha)
      queue.push(...(state.commits.get(sha)?.parents ?? []))
    }
    return false
  }

  const storeBlob = (content: Buffer): string => {
    const sha = createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex')
    state.blobs.set(sha, content)
    return sha
  }

  const storeTree = (files: Map<string, FakeTreeEntry>) => {
    // Not git's tree encoding, but equal contents give equal SHAs, which is what callers rely on.
    const sorted = [...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1))
    const sha = createHash('sha1')
      .update(`tree ${JSON.stringify(sorted)}`)
      .digest('hex')
    state.trees.set(sha, files)
    return { sha, sorted }
  }

  const storeCommit = (
    repo: string,
    tree: string,
    parents: string[],
    message: string,
    author: string,
  ): FakeCommit => {
    // Real commit SHAs include a timestamp, so the same tree and parents still give a new commit.
    const sha = createHash('sha1')
      .update(`commit ${tree} ${parents.join(',')} ${message} ${commitCounter++}`)
      .digest('hex')
    const commit: FakeCommit = { sha, repo, tree, parents, message, author }
    state.commits.set(sha, commit)
    return commit
  }

  const pushFiles = (
    repo: string,
    branch: string,
    added: Record<string, Buffer>,
    author = ACTIONS_BOT,
  ): string => {
    const key = `${repo}:refs/heads/${branch}`
    const head = state.refs.get(key)
    const base = head === undefined ? undefined : state.trees.get(state.commits.get(head)?.tree ?? '')
    const files = new Map(base)
    for (const [path, content] of Object.entries(added)) {
      files.set(path, { mode: '100644', type: 'blob', sha: storeBlob(content) })
    }
    const parents = head === undefined ? [] : [head]
    const commit = storeCommit(repo, storeTree(files).sha, parents, 'pushed by another writer', author)
    state.refs.set(key, commit.sha)
    return commit.sha
  }

  type Route = [method: string, pattern: RegExp, handler: (m: string[], r: RecordedRequest) => FakeResponse]
  const routes: Route[] = [
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/,
      ([repo, n], r) =>
        paginate(
          state.comments.filter((c) => c.repo === repo && c.issueNumber === Number(n)).map(commentJson),
          r,
        ),
    ],
    [
      'POST',
      /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/,
      ([repo, n], r) => ({
        status: 201,
        body: commentJson(addComment(repo!, Number(n), commentBody(r.body), identityOf(r.token).login)),
      }),
    ],
    [
      'PATCH',
      /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/,
      ([repo, id], r) => {
        const comment = state.comments.find((c) => c.repo === repo && c.id === Number(id))
        if (!comment) throw new HttpError(404, 'Not Found')
        comment.body = commentBody(r.body)
        comment.updatedAt = new Date().toISOString()
        return { status: 200, body: commentJson(comment) }
      },
    ],
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/labels$/,
      ([repo, n], r) => {
        const pull = state.pulls.find((p) => p.repo === repo && p.number === Number(n))
        if (!pull) throw new HttpError(404, 'Not Found')
        const labels = (pull.labels ?? []).map((name, i) => ({
          id: 1000 + i,
          node_id: `LA_${i}`,
          url: `${apiUrl}/repos/${repo}/labels/${encodeURIComponent(name)}`,
          name,
          color: 'ededed',
          default: false,
          description: null,
        }))
        return paginate(labels, r)
      },
    ],
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/pulls$/,
      ([repo], r) => {
        const wanted = r.query['state'] ?? 'open'
        const head = r.query['head']
        const pulls = state.pulls.filter(
          (p) =>
            p.repo === repo &&
            (wanted === 'all' || p.state === wanted) &&
            (head === undefined || head === `${p.headRepo.split('/')[0]}:${p.headRef}`),
        )
        return paginate(pulls.map(pullJson), r)
      },
    ],
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/git\/ref\/(heads\/.+)$/,
      ([repo, ref]) => {
        const sha = state.refs.get(`${repo}:refs/${ref}`)
        if (sha === undefined) throw new HttpError(404, 'Not Found')
        return { status: 200, body: refJson(repo!, `refs/${ref}`, sha) }
      },
    ],
    [
      'POST',
      /^\/repos\/([^/]+\/[^/]+)\/git\/refs$/,
      ([repo], r) => {
        const { ref, sha } = object(r.body)
        if (typeof ref !== 'string' || !/^refs\/[^/]+\/.+/.test(ref)) {
          throw new HttpError(422, "Reference name must start with 'refs/' and have at least two slashes.")
        }
        if (typeof sha !== 'string' || !state.commits.has(sha))
          throw new HttpError(422, 'Object does not exist')
        if (state.refs.has(`${repo}:${ref}`)) throw new HttpError(422, 'Reference already exists')
        state.refs.set(`${repo}:${ref}`, sha)
        return { status: 201, body: refJson(repo!, ref, sha) }
      },
    ],
    [
      'PATCH',
      /^\/repos\/([^/]+\/[^/]+)\/git\/refs\/(heads\/.+)$/,
      ([repo, ref], r) => {
        const { sha, force } = object(r.body)
        const key = `${repo}:refs/${ref}`
        const current = state.refs.get(key)
        if (current === undefined) throw new HttpError(422, 'Reference does not exist')
        if (typeof sha !== 'string' || !state.commits.has(sha))
          throw new HttpError(422, 'Object does not exist')
        if (force !== true && !isAncestor(current, sha))
          throw new HttpError(422, 'Update is not a fast forward')
        state.refs.set(key, sha)
        return { status: 200, body: refJson(repo!, `refs/${ref}`, sha) }
      },
    ],
    [
      'POST',
      /^\/repos\/([^/]+\/[^/]+)\/git\/blobs$/,
      ([repo], r) => {
        const { content, encoding = 'utf-8' } = object(r.body)
        if (typeof content !== 'string')
          throw new HttpError(422, 'Invalid request.\n\n"content" wasn\'t supplied.')
        if (encoding !== 'utf-8' && encoding !== 'base64') {
          throw new HttpError(422, `encoding must be one of: utf-8, base64`)
        }
        const sha = storeBlob(Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8'))
        return { status: 201, body: { sha, url: `${apiUrl}/repos/${repo}/git/blobs/${sha}` } }
      },
    ],
    [
      'POST',
      /^\/repos\/([^/]+\/[^/]+)\/git\/trees$/,
      ([repo], r) => {
        const { base_tree: baseTree, tree } = object(r.body)
        if (!Array.isArray(tree)) throw new HttpError(422, 'Invalid request.\n\n"tree" wasn\'t supplied.')
        let files = new Map<string, FakeTreeEntry>()
        if (baseTree !== undefined && baseTree !== null) {
          const base = typeof baseTree === 'string' ? state.trees.get(baseTree) : undefined
          if (!base)
            throw new HttpError(422, 'Invalid tree info', { errors: ['base_tree is not a valid tree oid'] })
          files = new Map(base)
        }
        for (const raw of tree) {
          const entry = object(raw)
          const path = entry['path']
          if (typeof path !== 'string' || path === '' || path.startsWith('/') || path.endsWith('/')) {
            throw new HttpError(422, 'Invalid tree info', {
              errors: [`invalid path ${JSON.stringify(path)}`],
            })
          }
          if (entry['type'] !== undefined && entry['type'] !== 'blob') {
            throw new HttpError(422, 'fake-github only supports blob entries')
          }
          const mode = typeof entry['mode'] === 'string' ? entry['mode'] : '100644'
          if ('content' in entry && typeof entry['content'] === 'string') {
            files.set(path, { mode, type: 'blob', sha: storeBlob(Buffer.from(entry['content'], 'utf8')) })
          } else if (entry['sha'] === null) {
            if (!files.delete(path))
              throw new HttpError(422, 'Invalid tree info', { errors: [`${path} not found`] })
          } else if (typeof entry['sha'] === 'string' && state.blobs.has(entry['sha'])) {
            files.set(path, { mode, type: 'blob', sha: entry['sha'] })
          } else {
            throw new HttpError(422, 'Invalid tree info', {
              errors: [`tree.sha ${String(entry['sha'])} is not a blob`],
            })
          }
        }
        const { sha, sorted } = storeTree(files)
        return {
          status: 201,
          body: {
            sha,
            url: `${apiUrl}/repos/${repo}/git/trees/${sha}`,
            tree: sorted.map(([path, e]) => ({ path, ...e, size: state.blobs.get(e.sha)?.length ?? 0 })),
            truncated: false,
          },
        }
      },
    ],
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/git\/trees\/([0-9a-f]{40})$/,
      ([repo, sha], r) => {
        const files = state.trees.get(sha!)
        if (!files) throw new HttpError(404, 'Not Found')
        // Trees are stored flattened, which is what recursive=1 returns; without it GitHub lists only
        // the top level, which perf-gate never asks for.
        if (r.query['recursive'] === undefined)
          throw new HttpError(400, 'fake-github only serves recursive trees')
        return {
          status: 200,
          body: {
            sha,
            url: `${apiUrl}/repos/${repo}/git/trees/${sha}`,
            tree: [...files].map(([path, e]) => ({ path, ...e, size: state.blobs.get(e.sha)?.length ?? 0 })),
            truncated: false,
          },
        }
      },
    ],
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/git\/blobs\/([0-9a-f]{40})$/,
      ([repo, sha]) => {
        const blob = state.blobs.get(sha!)
        if (!blob) throw new HttpError(404, 'Not Found')
        return {
          status: 200,
          body: {
            sha,
            node_id: `B_${sha}`,
            size: blob.length,
            url: `${apiUrl}/repos/${repo}/git/blobs/${sha}`,
            content: blob.toString('base64'),
            encoding: 'base64',
          },
        }
      },
    ],
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/git\/commits\/([0-9a-f]{40})$/,
      ([repo, sha]) => {
        const commit = state.commits.get(sha!)
        if (!commit || commit.repo !== repo) throw new HttpError(404, 'Not Found')
        return { status: 200, body: commitJson(commit) }
      },
    ],
    [
      'POST',
      /^\/repos\/([^/]+\/[^/]+)\/git\/commits$/,
      ([repo], r) => {
        const { message, tree, parents = [] } = object(r.body)
        if (typeof message !== 'string')
          throw new HttpError(422, 'Invalid request.\n\n"message" wasn\'t supplied.')
        if (typeof tree !== 'string' || !state.trees.has(tree))
          throw new HttpError(422, 'Tree SHA does not exist')
        if (!Array.isArray(parents) || parents.some((p) => typeof p !== 'string' || !state.commits.has(p))) {
          throw new HttpError(422, 'Parent SHA does not exist or is not a commit object')
        }
        return {
          status: 201,
          body: commitJson(storeCommit(repo!, tree, parents as string[], message, identityOf(r.token).login)),
        }
      },
    ],
  ]

  routes.push(
    [
      'GET',
      /^\/repos\/([^/]+\/[^/]+)\/commits\/([0-9a-f]{40})$/,
      ([repo, sha]) => {
        const commit = state.commits.get(sha!)
        if (!commit || commit.repo !== repo) throw new HttpError(404, 'Not Found')
        const git = commitJson(commit)
        return {
          status: 200,
          body: {
            sha: commit.sha,
            url: `${apiUrl}/repos/${repo}/commits/${commit.sha}`,
            commit: { message: git.message, tree: git.tree, author: git.author, committer: git.committer },
            author: { login: commit.author, type: commit.author.endsWith('[bot]') ? 'Bot' : 'User' },
            committer: { login: 'web-flow', type: 'User' },
            parents: git.parents,
            files: [],
          },
        }
      },
    ],
    [
      'GET',
      /^\/user$/,
      (_m, r) => {
        const identity = identityOf(r.token)
        if (identity.kind === 'app') throw new HttpError(403, 'Resource not accessible by integration')
        return { status: 200, body: { login: identity.login, id: 4242, type: 'User' } }
      },
    ],
    [
      'POST',
      /^\/graphql$/,
      (_m, r) => {
        const query = object(r.body)['query']
        if (typeof query !== 'string' || !/viewer\s*\{\s*login\s*\}/.test(query)) {
          return { status: 200, body: { errors: [{ message: 'fake-github only answers viewer { login }' }] } }
        }
        return { status: 200, body: { data: { viewer: { login: identityOf(r.token).login } } } }
      },
    ],
  )

  const runtimeToken = fakeRuntimeToken()
  /** Signs an upload URL as the real service signs its SAS URLs: only URLs it handed out work. */
  const uploadSignature = (id: number) =>
    createHash('sha256').update(`${runtimeToken}:${id}`).digest('hex').slice(0, 32)
  const twirpError = (status: number, code: string, msg: string): FakeResponse => ({
    status,
    body: { code, msg },
  })

  /** The artifact service (twirp JSON) and the blob storage its signed URLs point at. */
  const handleArtifacts = (
    method: string,
    url: URL,
    raw: Buffer,
    request: RecordedRequest,
  ): FakeResponse | undefined => {
    const twirp = /^\/twirp\/github\.actions\.results\.api\.v1\.ArtifactService\/(\w+)$/.exec(url.pathname)
    if (twirp && method === 'POST') {
      if (request.token !== runtimeToken) return twirpError(401, 'unauthenticated', 'invalid runtime token')
      let body: Record<string, unknown>
      try {
        body = object(JSON.parse(raw.toString('utf8')))
      } catch {
        return twirpError(400, 'malformed', 'the body is not JSON')
      }
      request.body = body
      const run = body['workflow_run_backend_id']
      const job = body['workflow_job_run_backend_id']
      const name = body['name']
      if (run !== FAKE_RUN_BACKEND_ID || job !== FAKE_JOB_BACKEND_ID || typeof name !== 'string')
        return twirpError(400, 'invalid_argument', 'unknown run or job, or no name')
      const existing = state.artifacts.find((a) => a.workflowRunBackendId === run && a.name === name)
      if (twirp[1] === 'CreateArtifact') {
        if (existing) return twirpError(409, 'already_exists', `an artifact named ${name} already exists`)
        const artifact: FakeArtifact = {
          id: 7000 + state.artifacts.length,
          name,
          workflowRunBackendId: run,
          workflowJobRunBackendId: job,
          blocks: new Map(),
          content: undefined,
          finalized: false,
        }
        state.artifacts.push(artifact)
        const signedUploadUrl = `${apiUrl}/blob/devstoreaccount1/actions-results/${artifact.id}/${encodeURIComponent(`${name}.zip`)}?sig=${uploadSignature(artifact.id)}`
        return { status: 200, body: { ok: true, signed_upload_url: signedUploadUrl } }
      }
      if (twirp[1] === 'FinalizeArtifact') {
        if (!existing?.content) return twirpError(404, 'not_found', `no uploaded artifact named ${name}`)
        if (String(body['size']) !== String(existing.content.length))
          return twirpError(
            400,
            'invalid_argument',
            `size ${String(body['size'])} is not ${existing.content.length}`,
          )
        const hash = `sha256:${createHash('sha256').update(existing.content).digest('hex')}`
        if (body['hash'] !== undefined && body['hash'] !== hash)
          return twirpError(400, 'invalid_argument', `hash ${String(body['hash'])} is not ${hash}`)
        existing.finalized = true
        return { status: 200, body: { ok: true, artifact_id: String(existing.id) } }
      }
      return twirpError(404, 'bad_route', `no method ${twirp[1]}`)
    }
    const blob = /^\/blob\/[^/]+\/[^/]+\/(\d+)\/[^/]+$/.exec(url.pathname)
    if (blob && method === 'PUT') {
      const artifact = state.artifacts.find((a) => a.id === Number(blob[1]))
      if (!artifact || url.searchParams.get('sig') !== uploadSignature(artifact.id) || artifact.finalized)
        return { status: 403, body: { message: 'AuthenticationFailed' } }
      const created = { status: 201, headers: { etag: '"0x1"', 'x-ms-request-id': 'fake' } }
      const comp = url.searchParams.get('comp')
      if (comp === 'block') {
        artifact.blocks.set(url.searchParams.get('blockid') ?? '', raw)
        return created
      }
      if (comp === 'blocklist') {
        const ids = [...raw.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map(
          (m) => m[1] as string,
        )
        const parts = ids.map((id) => artifact.blocks.get(id))
        if (parts.some((p) => p === undefined)) return { status: 400, body: { message: 'InvalidBlockList' } }
        artifact.content = Buffer.concat(parts as Buffer[])
        return created
      }
      if (comp === null) {
        artifact.content = raw
        return created
      }
    }
    return undefined
  }

  const handle = async (req: IncomingMessage): Promise<FakeResponse> => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const raw = await readBody(req)
    if (url.pathname.startsWith('/twirp/') || url.pathname.startsWith('/blob/')) {
      const auth = req.headers.authorization ?? ''
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        token: /^bearer\s+(.+)$/i.exec(auth)?.[1],
        body: undefined,
      }
      requests.push(request)
      const intercepted = interceptor?.(request, state)
      if (intercepted) return intercepted
      return (
        handleArtifacts(request.method, url, raw, request) ?? errorResponse(new HttpError(404, 'Not Found'))
      )
    }
    const text = raw.toString('utf8')
    let body: unknown
    if (text !== '') {
      try {
        body = JSON.parse(text)
      } catch {
        return errorResponse(new HttpError(400, 'Problems parsing JSON'))
      }
    }
    const auth = req.headers.authorization ?? ''
    const token = /^(?:token|bearer)\s+(.+)$/i.exec(auth)?.[1]
    const method = req.method ?? 'GET'
    // Octokit sends `heads%2Fname` for a ref parameter; GitHub reads it as `heads/name`, so do we.
    const path = decodeURIComponent(url.pathname)
    const request: RecordedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      token,
      body,
    }
    requests.push(request)
    const intercepted = interceptor?.(request, state)
    if (intercepted) return intercepted

    const access = token === undefined ? undefined : tokens[token]
    if (access === undefined) return errorResponse(new HttpError(401, 'Bad credentials'))
    for (const [routeMethod, pattern, handler] of routes) {
      const match = pattern.exec(path)
      if (routeMethod !== method || !match) continue
      const commentWrite = access === 'comment' && /^\/repos\/[^/]+\/[^/]+\/issues\//.test(path)
      // GraphQL queries are POSTs that write nothing.
      if (WRITE_METHODS.has(method) && access !== 'write' && !commentWrite && path !== '/graphql') {
        return errorResponse(new HttpError(403, 'Resource not accessible by integration'))
      }
      try {
        return handler(match.slice(1), request)
      } catch (error) {
        if (error instanceof HttpError) return errorResponse(error)
        throw error
      }
    }
    return errorResponse(new HttpError(404, 'Not Found'))
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    handle(req).then(
      (response) => send(res, response),
      (error: unknown) => send(res, { status: 500, body: { message: String(error) } }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const close = async () => {
    // octokit's fetch keeps connections alive; close them or server.close() waits for their timeout.
    server.closeAllConnections()
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
  }

  return {
    url: apiUrl,
    state,
    requests,
    intercept: (next) => {
      interceptor = next
    },
    commentsOn: (repo, issueNumber) =>
      state.comments
        .filter((c) => c.repo === repo && c.issueNumber === issueNumber)
        .sort((a, b) => a.id - b.id),
    addComment,
    pushFiles,
    branchHead: (repo, branch) => state.refs.get(`${repo}:refs/heads/${branch}`),
    fileAt: (commitSha, path) => {
      const tree = state.trees.get(state.commits.get(commitSha)?.tree ?? '')
      const blob = tree?.get(path)?.sha
      return blob === undefined ? undefined : state.blobs.get(blob)
    },
    close,
    [Symbol.asyncDispose]: close,
  }
}

function commentBody(body: unknown): string {
  const text = object(body)['body']
  if (typeof text !== 'string') throw new HttpError(422, 'Invalid request.\n\n"body" wasn\'t supplied.')
  if (text.length > COMMENT_BODY_LIMIT) {
    throw new HttpError(422, 'Validation Failed', {
      errors: [
        {
          resource: 'IssueComment',
          code: 'unprocessable',
          field: 'data',
          message: `Body is too long (maximum is ${COMMENT_BODY_LIMIT} characters)`,
        },
      ],
    })
  }
  return text
}

function object(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Problems parsing JSON')
  }
  return value as Record<string, unknown>
}

function errorResponse(error: HttpError): FakeResponse {
  return {
    status: error.status,
    body: { message: error.message, ...error.extra, documentation_url: DOCS, status: String(error.status) },
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function send(res: ServerResponse, response: FakeResponse): void {
  const resetAt = Math.floor(Date.now() / 1000) + 3600
  res.writeHead(response.status, {
    'content-type': 'application/json; charset=utf-8',
    // Present on every real answer; the throttling plugin reads them to tell a rate limit from a 403.
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4999',
    'x-ratelimit-reset': String(resetAt),
    'x-github-request-id': createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 16),
    ...response.headers,
  })
  res.end(response.body === undefined ? '' : JSON.stringify(response.body))
}
