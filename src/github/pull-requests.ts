import type { GitHubClient } from './client.js'
import { tryGitHub, type GitHubResult } from './errors.js'

export interface PullRequestLookup {
  owner: string
  repo: string
  /** Commit the triggering run tested (workflow_run.head_sha). */
  headSha: string
  /** `owner/repo` the commit came from (workflow_run.head_repository.full_name), when known. */
  headRepo?: string | null
  /** Branch the commit is on (workflow_run.head_branch), when known. */
  headBranch?: string | null
}

/**
 * Finds the open pull request whose head is `headSha`, for a workflow_run of a fork PR (GitHub leaves
 * workflow_run.pull_requests empty for those). Asks for PRs from the fork's branch first (one small
 * request), then scans every open PR. Resolves to `{ ok: true, number: undefined }` when none matches,
 * e.g. the PR was closed or pushed to since.
 */
export async function findPullRequestByHead(
  octokit: GitHubClient,
  lookup: PullRequestLookup,
): Promise<GitHubResult<{ number: number | undefined }>> {
  const { owner, repo, headSha } = lookup
  return tryGitHub(`Looking up the pull request for ${headSha.slice(0, 7)}`, async () => {
    const headOwner = lookup.headRepo?.split('/')[0]
    if (headOwner && lookup.headBranch) {
      const { data } = await octokit.rest.pulls.list({
        owner,
        repo,
        state: 'open',
        head: `${headOwner}:${lookup.headBranch}`,
        per_page: 100,
      })
      const hit = data.find((pr) => pr.head.sha === headSha)
      if (hit) return { number: hit.number }
    }
    for await (const page of octokit.paginate.iterator(octokit.rest.pulls.list, {
      owner,
      repo,
      state: 'open',
      per_page: 100,
    })) {
      const hit = page.data.find((pr) => pr.head.sha === headSha)
      if (hit) return { number: hit.number }
    }
    return { number: undefined }
  })
}

/**
 * The labels on a pull request now. The event payload lists them as they were when the event fired;
 * a label added since (then the run re-run) is only seen here.
 */
export async function pullRequestLabels(
  octokit: GitHubClient,
  where: { owner: string; repo: string; number: number },
): Promise<GitHubResult<{ labels: string[] }>> {
  return tryGitHub(`Reading the labels of pull request #${where.number}`, async () => {
    const labels = await octokit.paginate(octokit.rest.issues.listLabelsOnIssue, {
      owner: where.owner,
      repo: where.repo,
      issue_number: where.number,
      per_page: 100,
    })
    return { labels: labels.map((l) => l.name) }
  })
}
