/**
 * The nightly's trend page on a GitHub Pages branch (input `pages-branch`): trend.html, which inlines
 * everything it draws with (Pages, Jekyll included, serves an HTML file without front matter as it is),
 * committed as `pages-path` (index.html by default) through the Git Data API as the assets branch's
 * charts are (src/github/assets-branch.ts):
 * the branch is created when missing, each night adds one commit on top of the head (other files on
 * the branch are kept, and the ref moves only by fast-forward: never forced over anyone's commits).
 * Only the nightly (mode baseline) calls this, after measuring: the write token never meets a pull
 * request's code here. Publishing is reporting: a failure is a warning, never a verdict.
 */
import { readFile } from 'node:fs/promises'
import { describeFailure } from '../errors.js'
import type { Logger } from '../log.js'
import { publishAssets } from './assets-branch.js'
import { createOctokit, type GitHubClient } from './client.js'
import type { GitHubResult } from './errors.js'

/** Where the page goes when `pages-path` is not set: the site's root. */
export const DEFAULT_PAGES_PATH = 'index.html'

const README = `# perf-gate trend page

The perf-gate nightly commits its trend page (one chart per cell over the nights, with bands and
change points) here, one commit a night. Serve this branch with GitHub Pages; see docs/history.md in
perf-gate. Other files on this branch are kept.
`

export interface PagesLocation {
  owner: string
  repo: string
  branch: string
  /** Path of the page inside the branch, e.g. "index.html" or "perf/index.html". */
  path: string
}

/**
 * Commits the trend page to the Pages branch. Returns the commit, and whether one was made (false:
 * the same page was already there).
 */
export async function writeTrendPage(
  octokit: GitHubClient,
  where: PagesLocation & { content: Buffer; message: string },
): Promise<GitHubResult<{ commitSha: string; committed: boolean }>> {
  const published = await publishAssets(octokit, {
    owner: where.owner,
    repo: where.repo,
    branch: where.branch,
    files: [{ path: where.path, content: where.content }],
    message: where.message,
    readme: README,
    onTopOfOthers: true,
    what: 'the trend page',
  })
  if (!published.ok) return published
  return { ok: true, commitSha: published.commitSha, committed: published.committed }
}

/** What the action's nightly hands over: its settings, the run's repository and the page it wrote. */
export interface TrendPagePublication {
  settings: { githubToken: string; pagesBranch: string | undefined; pagesPath: string }
  context: { apiUrl: string; owner: string; repo: string }
  /** trend.html in the out dir; undefined when the nightly wrote none. */
  trendPath: string | undefined
  log: Logger
  /** For tests; defaults to the action's octokit for the token. */
  octokit?: GitHubClient
}

/**
 * The nightly's hook: commits trend.html to the Pages branch when `pages-branch` is set. Never throws;
 * every failure (no token, no page, 403, an outage) is a warning, so the verdict and exit code stand.
 */
export async function publishTrendPage(input: TrendPagePublication): Promise<void> {
  const { settings, context, log } = input
  const branch = settings.pagesBranch
  if (!branch) return
  const at = `${context.owner}/${context.repo}@${branch}:${settings.pagesPath}`
  if (!settings.githubToken) {
    log.warning(`no github-token: the trend page was not committed to ${at}`)
    return
  }
  if (!input.trendPath) {
    log.warning(`no trend page was written this run: nothing committed to ${at}`)
    return
  }
  try {
    const content = await readFile(input.trendPath)
    const octokit = input.octokit ?? createOctokit(settings.githubToken, { baseUrl: context.apiUrl })
    const night = new Date().toISOString().slice(0, 10)
    const written = await writeTrendPage(octokit, {
      owner: context.owner,
      repo: context.repo,
      branch,
      path: settings.pagesPath,
      content,
      message: `perf-gate trend page: night of ${night}`,
    })
    if (!written.ok) {
      log.warning(`${written.reason}; the trend page is in the artifact only`)
      return
    }
    log.info(
      `trend page ${written.committed ? 'committed to' : 'unchanged on'} ${at} (commit ${written.commitSha.slice(0, 12)})`,
    )
  } catch (error) {
    log.warning(
      `committing the trend page to ${at} failed: ${describeFailure(error).message.split('\n')[0]}; the trend page is in the artifact only`,
    )
  }
}
