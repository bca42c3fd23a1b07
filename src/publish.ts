/**
 * Publishing a gate's results on GitHub: job summary always; with a token and a pull request, the
 * chart PNGs on the assets branch and one sticky comment. Every GitHub failure (a read-only token on
 * a fork PR, a 404) is a warning and a degraded report: it never throws and never changes a verdict.
 */
import { createOctokit, type GitHubClient } from './github/client.js'
import { contentAddressedPath, publishAssets } from './github/assets-branch.js'
import type { RunContext } from './github/context.js'
import { tryGitHub } from './github/errors.js'
import { resolveTokenLogin } from './github/identity.js'
import { findPullRequestByHead } from './github/pull-requests.js'
import { upsertStickyComment } from './github/sticky-comment.js'
import { writeJobSummary, type SummaryWriter } from './github/summary.js'
import { ConfigError } from './errors.js'
import { readTextCapped } from './files.js'
import type { Logger } from './log.js'
import type { GateResults } from './model.js'
import { jsonSyntaxReason, parseUntrustedResults } from './report/untrusted-results.js'
import { shownInComment } from './kinds/charts.js'
import { commentMarker, renderJobSummary, renderMarkdown, type ChartImage } from './report/markdown.js'

export interface PublishInput {
  results: GateResults
  /** Rendered chart PNGs, ready for the assets branch. */
  charts: { id: string; title: string; png: Uint8Array }[]
  context: RunContext
  token: string
  comment: boolean
  commentKey: string
  log: Logger
  env?: Record<string, string | undefined>
  /** Tests inject a client; by default one is made from the token and context.apiUrl. */
  octokit?: GitHubClient
  /** Tests inject a job-summary writer; by default core.summary. */
  summary?: SummaryWriter
  /** The uploaded artifact's page; the run's page (which lists its artifacts) when there is none. */
  artifactsUrl?: string | undefined
}

export interface Published {
  commentUrl: string | undefined
  images: ChartImage[]
}

async function pullRequestNumber(
  octokit: GitHubClient,
  context: RunContext,
  log: Logger,
): Promise<number | undefined> {
  if (context.pullRequest) return context.pullRequest.number
  const run = context.workflowRun
  if (!run) return undefined
  if (run.pullRequestNumber !== undefined) return run.pullRequestNumber
  const found = await findPullRequestByHead(octokit, {
    owner: context.owner,
    repo: context.repo,
    headSha: run.headSha,
    headRepo: run.headRepo,
    headBranch: run.headBranch,
  })
  if (!found.ok) {
    log.warning(`${found.reason}; no PR comment`)
    return undefined
  }
  if (found.number === undefined)
    log.warning(`no open pull request has head ${run.headSha.slice(0, 7)}; no PR comment`)
  return found.number
}

/** Publishes results; see the module comment for what degrades how. */
export async function publish(input: PublishInput): Promise<Published> {
  const artifactsUrl = input.artifactsUrl ?? input.context.runUrl
  const published = await commentOnPullRequest(input, artifactsUrl)
  await writeSummarySafely(input, published.images, artifactsUrl)
  return published
}

/**
 * The sticky comment, when asked for and a pull request is known: the charts on the assets branch
 * first, so that the comment shows them. A fork's token cannot comment: a warning says what to do.
 */
async function commentOnPullRequest(
  input: PublishInput,
  artifactsUrl: string | undefined,
): Promise<Published> {
  const { context, log } = input
  const none: Published = { commentUrl: undefined, images: [] }
  if (!input.comment || input.token === '') return none
  if (context.pullRequest?.isFork === true) {
    log.warning(
      'pull request from a fork: its token cannot comment. Use the two-stage workflow (mode: publish in a workflow_run job); see README "Fork pull requests".',
    )
    return none
  }
  if (!context.pullRequest && !context.workflowRun) return none
  const octokit = input.octokit ?? createOctokit(input.token, { baseUrl: context.apiUrl })
  const issueNumber = await pullRequestNumber(octokit, context, log)
  if (issueNumber === undefined) return none
  // Resolved once: the comment and the assets commits are matched against this identity.
  const identity = await tryGitHub("Finding the token's identity", async () => ({
    login: await resolveTokenLogin(octokit),
  }))
  if (!identity.ok) {
    log.warning(`${identity.reason}; no PR comment, the results are in the job summary and artifacts`)
    return none
  }
  const target = { octokit, issueNumber, author: identity.login }
  const images = input.charts.length > 0 ? await chartImages(input, target) : []
  return { commentUrl: await upsertComment(input, target, images, artifactsUrl), images }
}

/** Where the comment goes and who writes it (the token's login). */
interface CommentTarget {
  octokit: GitHubClient
  issueNumber: number
  author: string
}

/** The chart PNGs committed to the assets branch, as images for the comment; none when that failed. */
async function chartImages(input: PublishInput, target: CommentTarget): Promise<ChartImage[]> {
  const { context, charts } = input
  const assets = await publishAssets(target.octokit, {
    owner: context.owner,
    repo: context.repo,
    serverUrl: context.serverUrl,
    files: charts.map((chart) => ({
      path: contentAddressedPath(Buffer.from(chart.png), { ext: 'png' }),
      content: Buffer.from(chart.png),
    })),
    message: `perf-gate charts for #${target.issueNumber}`,
    author: target.author,
  })
  if (!assets.ok) {
    input.log.warning(`${assets.reason}; the comment shows a Mermaid chart instead`)
    return []
  }
  const open = shownInComment(charts.map((chart) => chart.id))
  return assets.files.map((file, i) => ({
    url: file.url,
    alt: charts[i]?.title ?? 'chart',
    shownInComment: open.has(charts[i]?.id ?? ''),
  }))
}

/** Creates or updates the sticky comment; its URL, or undefined (with a warning) when that failed. */
async function upsertComment(
  input: PublishInput,
  target: CommentTarget,
  images: ChartImage[],
  artifactsUrl: string | undefined,
): Promise<string | undefined> {
  const body = renderMarkdown(input.results, {
    markerKey: input.commentKey,
    images,
    ...(artifactsUrl ? { artifactsUrl } : {}),
  })
  const comment = await upsertStickyComment(target.octokit, {
    owner: input.context.owner,
    repo: input.context.repo,
    issueNumber: target.issueNumber,
    marker: commentMarker(input.commentKey),
    body,
    author: target.author,
  })
  if (!comment.ok) {
    input.log.warning(`${comment.reason}; the results are in the job summary and artifacts`)
    return undefined
  }
  input.log.info(`PR comment ${comment.action}: ${comment.url}`)
  return comment.url
}

/** The job summary; a full disk or an unwritable GITHUB_STEP_SUMMARY loses the summary, not the verdict. */
async function writeSummarySafely(
  input: PublishInput,
  images: ChartImage[],
  artifactsUrl: string | undefined,
): Promise<void> {
  try {
    await writeJobSummary(
      renderJobSummary(input.results, { images, ...(artifactsUrl ? { artifactsUrl } : {}) }),
      {
        env: input.env ?? process.env,
        ...(input.summary ? { summary: input.summary } : {}),
      },
    )
  } catch (error) {
    input.log.warning(`could not write the job summary: ${(error as Error).message.split('\n')[0]}`)
  }
}

/** Largest results.json publish mode reads; a real one with 200 cells and resource samples is a few MB. */
export const MAX_RESULTS_BYTES = 20_000_000

/**
 * Reads results.json written by another workflow (publish mode): untrusted, so size-capped before
 * parsing, validated and defanged. Every problem is an input error naming the file and `what` gave it.
 */
export async function readResults(file: string, what = 'input "results"'): Promise<GateResults> {
  const text = readTextCapped(file, MAX_RESULTS_BYTES, what)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConfigError([`${what}: ${file}: ${jsonSyntaxReason(error)}`])
  }
  return parseUntrustedResults(json, file)
}
