import type { GitHubClient } from './client.js'
import { tryGitHub, type GitHubResult } from './errors.js'
import { resolveTokenLogin } from './identity.js'

/** GitHub rejects issue comments longer than this (422); the report module truncates to fit. */
export const COMMENT_BODY_LIMIT = 65_536

export interface StickyCommentTarget {
  owner: string
  repo: string
  /** Pull request or issue number (PR comments are issue comments). */
  issueNumber: number
  /** Hidden HTML comment such as `<!-- perf-gate:KEY -->`, built by the report module; must be in body. */
  marker: string
  body: string
  /**
   * Login of the token's identity; only its comments are candidates for an update. Resolved from the
   * token when omitted (resolveTokenLogin).
   */
  author?: string
}

export interface StickyComment {
  id: number
  url: string
  action: 'created' | 'updated'
}

/**
 * Creates the PR comment that carries `marker`, or updates it in place when an earlier run left one,
 * so re-runs never add a second comment. Several gate jobs in one PR keep separate comments by using
 * different marker keys. Only a comment written by the token's own identity is updated: a marker
 * planted by someone else is left alone and a new comment is created. A permission or HTTP failure
 * comes back as `{ ok: false, reason }`.
 */
export async function upsertStickyComment(
  octokit: GitHubClient,
  target: StickyCommentTarget,
): Promise<GitHubResult<StickyComment>> {
  const { owner, repo, issueNumber, marker, body } = target
  // Without the marker in the body the next run could not find this comment and would post another.
  if (!body.includes(marker)) throw new Error(`sticky comment body must contain its marker ${marker}`)
  return tryGitHub(`Posting the PR comment on ${owner}/${repo}#${issueNumber}`, async () => {
    const author = target.author ?? (await resolveTokenLogin(octokit))
    const existing = await findCommentByMarker(octokit, { owner, repo, issueNumber, marker, author })
    if (existing !== undefined) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing, body })
      return { id: data.id, url: data.html_url, action: 'updated' as const }
    }
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body })
    return { id: data.id, url: data.html_url, action: 'created' as const }
  })
}

/**
 * Returns the id of the oldest comment by `author` on the issue whose body contains `marker`, reading every page
 * (busy PRs have more than 100 comments). The oldest wins so that, should a race ever have produced
 * two, every later run keeps updating the same one.
 */
export async function findCommentByMarker(
  octokit: GitHubClient,
  where: { owner: string; repo: string; issueNumber: number; marker: string; author: string },
): Promise<number | undefined> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: where.owner,
    repo: where.repo,
    issue_number: where.issueNumber,
    per_page: 100,
  })
  for await (const page of pages) {
    // Stop paging at the first hit: the list is oldest first.
    const hit = page.data.find(
      (comment) => comment.user?.login === where.author && comment.body?.includes(where.marker),
    )
    if (hit) return hit.id
  }
  return undefined
}
