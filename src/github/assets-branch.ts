import { createHash } from 'node:crypto'
import type { GitHubClient } from './client.js'
import { isHttpError, tryGitHub, type GitHubResult } from './errors.js'
import { resolveTokenLogin } from './identity.js'

/** Branch that holds chart images for PR comments; it shares no history with the code. */
export const DEFAULT_ASSETS_BRANCH = 'perf-gate-assets'

export interface AssetFile {
  /** Path inside the branch, e.g. from contentAddressedPath(); no leading slash, no `..`. */
  path: string
  content: Buffer
}

export interface PublishAssetsOptions {
  owner: string
  repo: string
  /** Defaults to DEFAULT_ASSETS_BRANCH. */
  branch?: string
  files: AssetFile[]
  /** Web root for the returned links (GITHUB_SERVER_URL); defaults to https://github.com. */
  serverUrl?: string
  message?: string
  /** README.md of a newly created branch; defaults to the assets branch's. */
  readme?: string
  /** Login of the token's identity; resolved from the token when omitted (resolveTokenLogin). */
  author?: string
  /**
   * Commit on top of a head someone else wrote, keeping their files (a Pages branch others also
   * publish to); still fast-forward only. Default false: such a branch is refused (status 409).
   */
  onTopOfOthers?: boolean
  /** What the log and a failure name, e.g. "the trend page"; defaults to "N chart(s)". */
  what?: string
}

/** The branch's head was written by someone else: we do not build on (or vouch for) their commits. */
class ForeignHeadError extends Error {}

export interface PublishedAssets {
  /** Commit that contains every file; links point at it, so they never change once posted. */
  commitSha: string
  /** False when every file was already on the branch and no commit was made. */
  committed: boolean
  files: { path: string; url: string }[]
}

const README = `# perf-gate assets

This branch holds chart images that perf-gate links from pull request comments. It shares no history
with the code and is safe to prune or delete; see docs/assets-branch.md in perf-gate.
`

/**
 * A path named by the content's SHA-256, bucketed by month: uploading the same chart twice yields the
 * same path (so nothing new is committed), and pruning can drop whole months (docs/assets-branch.md).
 */
export function contentAddressedPath(
  content: Buffer,
  options: { dir?: string; ext: string; now?: Date },
): string {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 16)
  const month = (options.now ?? new Date()).toISOString().slice(0, 7)
  return `${options.dir ?? 'charts'}/${month}/${hash}.${options.ext}`
}

/** Link to a file at a commit; `?raw=true` serves the bytes, and also works in private repositories. */
export function assetUrl(
  serverUrl: string,
  owner: string,
  repo: string,
  commitSha: string,
  path: string,
): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  return `${serverUrl.replace(/\/+$/, '')}/${owner}/${repo}/blob/${commitSha}/${encoded}?raw=true`
}

/**
 * Commits `files` to the assets branch with the Git Data API (blobs, a tree on top of the branch's
 * tree, a commit, a ref update) and returns links by commit SHA. Creates the branch as an orphan when
 * it is missing. Retries once when another job moved the branch in between (non-fast-forward 422).
 * Commits only on top of a head the token's own identity wrote: a branch of that name made by
 * someone else is refused (status 409), never extended. Needs `contents: write`; a permission or
 * HTTP failure comes back as `{ ok: false, reason }`.
 */
export async function publishAssets(
  octokit: GitHubClient,
  options: PublishAssetsOptions,
): Promise<GitHubResult<PublishedAssets>> {
  const { owner, repo, files } = options
  const branch = options.branch ?? DEFAULT_ASSETS_BRANCH
  for (const file of files) assertSafePath(file.path)
  const action = `Publishing ${options.what ?? `${files.length} chart(s)`} to ${owner}/${repo}@${branch}`
  try {
    return await commitAssets(octokit, options, branch, action)
  } catch (error) {
    if (!(error instanceof ForeignHeadError)) throw error
    return { ok: false, status: 409, permission: false, reason: `${action} failed: ${error.message}` }
  }
}

async function commitAssets(
  octokit: GitHubClient,
  options: PublishAssetsOptions,
  branch: string,
  action: string,
): Promise<GitHubResult<PublishedAssets>> {
  const { owner, repo, files } = options
  return tryGitHub(action, async () => {
    const author = options.onTopOfOthers ? '' : (options.author ?? (await resolveTokenLogin(octokit)))
    const git = octokit.rest.git
    const entries = []
    for (const file of files) {
      const { data } = await git.createBlob({
        owner,
        repo,
        content: file.content.toString('base64'),
        encoding: 'base64',
      })
      entries.push({ path: file.path, mode: '100644' as const, type: 'blob' as const, sha: data.sha })
    }
    const message = options.message ?? `perf-gate: ${files.length} chart(s)`

    // Two attempts: the second one starts again from whatever head the racing job left.
    let commit: { sha: string; committed: boolean } | undefined
    for (let attempt = 1; commit === undefined; attempt++) {
      const head = await readHead(octokit, owner, repo, branch)
      if (head !== undefined && !options.onTopOfOthers && head.author !== author) {
        throw new ForeignHeadError(
          `the head of ${branch} (${head.commitSha.slice(0, 7)}) was written by ${head.author ?? 'an unknown author'}, not by this token's identity ${author}; ` +
            'not committing on top of it (delete the branch or set another one)',
        )
      }
      try {
        if (head === undefined) {
          const tree = await git.createTree({
            owner,
            repo,
            tree: [
              ...entries,
              { path: 'README.md', mode: '100644', type: 'blob', content: options.readme ?? README },
            ],
          })
          const root = await git.createCommit({ owner, repo, message, tree: tree.data.sha, parents: [] })
          await git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: root.data.sha })
          commit = { sha: root.data.sha, committed: true }
        } else {
          const tree = await git.createTree({ owner, repo, base_tree: head.treeSha, tree: entries })
          // Same tree as the head: every file is already there (content-addressed), so commit nothing.
          if (tree.data.sha === head.treeSha) {
            commit = { sha: head.commitSha, committed: false }
          } else {
            const next = await git.createCommit({
              owner,
              repo,
              message,
              tree: tree.data.sha,
              parents: [head.commitSha],
            })
            await git.updateRef({ owner, repo, ref: `heads/${branch}`, sha: next.data.sha, force: false })
            commit = { sha: next.data.sha, committed: true }
          }
        }
      } catch (error) {
        // 422 here means another job created or moved the branch first ("Reference already exists",
        // "Update is not a fast forward"); anything else, or a second race, is a real failure.
        if (attempt >= 2 || !isHttpError(error) || error.status !== 422) throw error
      }
    }
    const serverUrl = options.serverUrl ?? 'https://github.com'
    return {
      commitSha: commit.sha,
      committed: commit.committed,
      files: files.map((file) => ({
        path: file.path,
        url: assetUrl(serverUrl, owner, repo, commit.sha, file.path),
      })),
    }
  })
}

/**
 * The branch's head commit, its tree and the login GitHub links its author to, or undefined when the
 * branch does not exist (404).
 */
async function readHead(
  octokit: GitHubClient,
  owner: string,
  repo: string,
  branch: string,
): Promise<{ commitSha: string; treeSha: string; author: string | undefined } | undefined> {
  let commitSha: string
  try {
    const ref = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` })
    commitSha = ref.data.object.sha
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return undefined
    throw error
  }
  const commit = await octokit.rest.repos.getCommit({ owner, repo, ref: commitSha })
  return { commitSha, treeSha: commit.data.commit.tree.sha, author: commit.data.author?.login }
}

function assertSafePath(path: string): void {
  if (path === '' || path.startsWith('/') || path.split('/').some((part) => part === '' || part === '..')) {
    throw new Error(`asset path must be relative and normalised, got ${JSON.stringify(path)}`)
  }
}
