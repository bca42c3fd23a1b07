/**
 * The baseline on a data branch: the nightly commits its baseline file to a branch that shares no
 * history with the code (through the Git Data API, so no push to the default branch and no
 * branch-protection exemption), and pull request runs read it from there. The file is the same JSON
 * the repository copy would hold (src/baseline/format.ts); only where it lives changes.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'
import type { GitHubClient } from './client.js'
import { publishAssets } from './assets-branch.js'
import { isHttpError, tryGitHub, type GitHubResult } from './errors.js'

const README = `# perf-gate data

This branch holds the baseline file(s) the perf-gate nightly writes and pull request gates read. It
shares no history with the code; each nightly adds one commit. Do not merge it into your code.
`

export interface BaselineBranchLocation {
  owner: string
  repo: string
  branch: string
  /** Path of the baseline file inside the branch, e.g. "baselines/gateway.json". */
  path: string
}

/**
 * Reads the baseline file from the data branch: its bytes, or `content: null` when the branch or the
 * file does not exist yet (the first nightly has not run). Other failures come back as `ok: false`.
 */
export async function readBaselineFromBranch(
  octokit: GitHubClient,
  where: BaselineBranchLocation,
): Promise<GitHubResult<{ content: Buffer | null; commitSha: string | null }>> {
  const { owner, repo, branch } = where
  return tryGitHub(`Reading ${where.path} from ${owner}/${repo}@${branch}`, async () => {
    let commitSha: string
    try {
      commitSha = (await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` })).data.object.sha
    } catch (error) {
      if (isHttpError(error) && error.status === 404) return { content: null, commitSha: null }
      throw error
    }
    const commit = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commitSha })
    const tree = await octokit.rest.git.getTree({
      owner,
      repo,
      tree_sha: commit.data.tree.sha,
      recursive: 'true',
    })
    const entry = tree.data.tree.find((e) => e.path === where.path && e.type === 'blob')
    if (!entry?.sha) return { content: null, commitSha }
    const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: entry.sha })
    const content = Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8')
    return { content, commitSha }
  })
}

/**
 * Commits the baseline file to the data branch (creating the branch, as an orphan, on the first
 * night). Needs `contents: write`. Returns the commit that holds the file.
 */
export async function writeBaselineToBranch(
  octokit: GitHubClient,
  where: BaselineBranchLocation & { content: Buffer; message: string },
): Promise<GitHubResult<{ commitSha: string; committed: boolean }>> {
  // The assets branch's commit logic is exactly what a data branch needs: blobs, a tree on top of the
  // head's, a fast-forward ref update retried once on a race, and an orphan branch the first time.
  const published = await publishAssets(octokit, {
    owner: where.owner,
    repo: where.repo,
    branch: where.branch,
    files: [{ path: where.path, content: where.content }],
    message: where.message,
    readme: README,
  })
  if (!published.ok) return published
  return { ok: true, commitSha: published.commitSha, committed: published.committed }
}

/** Where the baseline file goes inside the data branch: its path in the repository, or its name. */
export function branchPathFor(workspace: string, baselineFile: string): string {
  const relative = path.relative(workspace, baselineFile).split(path.sep).join('/')
  return relative === '' || relative.startsWith('../') || path.isAbsolute(relative)
    ? path.basename(baselineFile)
    : relative
}

/**
 * Copies the data branch's baseline to `dest` before a gate or a nightly. Returns false when there is
 * none yet (the caller keeps the repository's file); a GitHub failure is logged and also returns false,
 * so a pull request is gated against the committed file rather than not at all.
 */
export async function pullBaseline(
  octokit: GitHubClient,
  where: BaselineBranchLocation,
  dest: string,
  log: Logger,
): Promise<boolean> {
  const read = await readBaselineFromBranch(octokit, where)
  const at = `${where.owner}/${where.repo}@${where.branch}:${where.path}`
  if (!read.ok) {
    log.warning(`${read.reason}; using the baseline file in the repository`)
    return false
  }
  if (read.content === null) {
    log.info(`no baseline on ${at} yet; using the baseline file in the repository`)
    return false
  }
  await mkdir(path.dirname(dest), { recursive: true })
  await writeFile(dest, read.content)
  log.info(`baseline read from ${at} (commit ${read.commitSha?.slice(0, 12)})`)
  return true
}

/** Commits the nightly's baseline file to the data branch. A failure is an infrastructure error. */
export async function pushBaseline(
  octokit: GitHubClient,
  where: BaselineBranchLocation,
  source: string,
  log: Logger,
  message = `perf-gate baseline: ${where.path}`,
): Promise<string> {
  const written = await writeBaselineToBranch(octokit, { ...where, content: await readFile(source), message })
  if (!written.ok) throw new InfrastructureError(`${written.reason}; the nightly baseline was not stored`)
  log.info(
    `baseline ${written.committed ? 'written to' : 'unchanged on'} ${where.owner}/${where.repo}@${where.branch}:${where.path} (commit ${written.commitSha.slice(0, 12)})`,
  )
  return written.commitSha
}
