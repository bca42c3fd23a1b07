/**
 * What the action needs to know about the workflow run it is in, read from the runner's environment
 * and the event payload. Pure functions over an env object and a parsed event, plus one reader that
 * loads GITHUB_EVENT_PATH; action inputs are read elsewhere (config/).
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { ConfigError } from '../errors.js'

export type Env = Record<string, string | undefined>

/** The pull request a pull_request / pull_request_target run is for. */
export interface PullRequestContext {
  number: number
  headSha: string
  /** From a fork: the GITHUB_TOKEN is read-only, so no comment or assets commit is possible. */
  isFork: boolean
  /** `owner/repo` the PR's head branch lives in. */
  headRepo: string
  /** The PR's label names when the event fired (refresh through the API for the current ones). */
  labels: string[]
}

/**
 * The run a workflow_run workflow was triggered by: stage one of the fork flow, whose artifact holds the
 * results. Stage two runs with a write token in the base repository and never checks out PR code.
 */
export interface WorkflowRunContext {
  /** Id of the triggering run, to download its artifacts. */
  runId: number
  /** Event that started the triggering run, e.g. `pull_request`. */
  event: string
  conclusion: string | null
  headSha: string
  headBranch: string | null
  /** `owner/repo` the triggering commit came from (the fork). */
  headRepo: string | null
  /**
   * The PR number when GitHub listed it in the payload. GitHub leaves the list empty for fork PRs;
   * then look the PR up by head SHA (findPullRequestByHead in pull-requests.ts).
   */
  pullRequestNumber: number | undefined
}

export interface RunContext {
  owner: string
  repo: string
  eventName: string
  /** Web root, e.g. https://github.com or a GHES host. */
  serverUrl: string
  /** REST root, e.g. https://api.github.com; tests point it at the local fake. */
  apiUrl: string
  /** Commit the workflow runs on (for a pull_request event, GitHub's merge commit). */
  sha: string | undefined
  runId: string | undefined
  /** Page of this run, where its artifacts are listed; undefined outside Actions. */
  runUrl: string | undefined
  pullRequest: PullRequestContext | undefined
  workflowRun: WorkflowRunContext | undefined
}

const repoRef = z.object({ full_name: z.string() }).nullish()

const pullRequestEvent = z.object({
  pull_request: z.object({
    number: z.number().int().positive(),
    head: z.object({ sha: z.string(), repo: repoRef }),
    base: z.object({ repo: repoRef }),
    labels: z.array(z.object({ name: z.string() })).nullish(),
  }),
})

const workflowRunEvent = z.object({
  workflow_run: z.object({
    id: z.number().int(),
    event: z.string(),
    conclusion: z.string().nullish(),
    head_sha: z.string(),
    head_branch: z.string().nullish(),
    head_repository: repoRef,
    pull_requests: z
      .array(
        z.object({
          number: z.number().int().positive(),
          head: z.object({ sha: z.string() }).optional(),
          base: z.object({ repo: z.object({ url: z.string() }).partial().optional() }).optional(),
        }),
      )
      .nullish(),
  }),
})

/** Events whose payload carries `pull_request`. */
const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
])

/**
 * Builds the run context from the runner's environment and the parsed event payload. Throws a
 * ConfigError naming the variable when GITHUB_REPOSITORY is missing or the payload does not match the
 * event name.
 */
export function parseRunContext(env: Env, event: unknown): RunContext {
  const repository = env['GITHUB_REPOSITORY'] ?? ''
  const [owner, repo, ...rest] = repository.split('/')
  if (!owner || !repo || rest.length > 0) {
    throw new ConfigError([`GITHUB_REPOSITORY: expected "owner/repo", got ${JSON.stringify(repository)}`])
  }
  const eventName = env['GITHUB_EVENT_NAME'] ?? ''
  const serverUrl = trimSlash(env['GITHUB_SERVER_URL'] || 'https://github.com')
  const runId = env['GITHUB_RUN_ID'] || undefined
  return {
    owner,
    repo,
    eventName,
    serverUrl,
    apiUrl: trimSlash(env['GITHUB_API_URL'] || 'https://api.github.com'),
    sha: env['GITHUB_SHA'] || undefined,
    runId,
    runUrl: runId ? runUrl(serverUrl, owner, repo, runId) : undefined,
    pullRequest: PULL_REQUEST_EVENTS.has(eventName) ? parsePullRequest(event, eventName) : undefined,
    workflowRun: eventName === 'workflow_run' ? parseWorkflowRun(event, `${owner}/${repo}`) : undefined,
  }
}

/** Link to a run's page (its artifacts are listed there), for the fallback report. */
export function runUrl(serverUrl: string, owner: string, repo: string, runId: string | number): string {
  return `${trimSlash(serverUrl)}/${owner}/${repo}/actions/runs/${runId}`
}

/**
 * Reads and parses the event payload at GITHUB_EVENT_PATH; `{}` when the variable is unset (a local
 * run), so parseRunContext sees no pull request rather than failing.
 */
export async function readEventPayload(env: Env = process.env): Promise<unknown> {
  const path = env['GITHUB_EVENT_PATH']
  if (!path) return {}
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ConfigError([`GITHUB_EVENT_PATH: cannot read ${path}: ${(error as Error).message}`])
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new ConfigError([`GITHUB_EVENT_PATH: ${path} is not JSON: ${(error as Error).message}`])
  }
}

/** Reads the event payload and builds the run context: the one I/O entry of this module. */
export async function readRunContext(env: Env = process.env): Promise<RunContext> {
  return parseRunContext(env, await readEventPayload(env))
}

function parsePullRequest(event: unknown, eventName: string): PullRequestContext {
  const parsed = pullRequestEvent.safeParse(event)
  if (!parsed.success) throw payloadError(eventName, parsed.error)
  const pr = parsed.data.pull_request
  const headRepo = pr.head.repo?.full_name
  const baseRepo = pr.base.repo?.full_name
  return {
    number: pr.number,
    headSha: pr.head.sha,
    // A deleted fork has head.repo null: still a fork, and still a read-only token.
    isFork: headRepo === undefined || headRepo !== baseRepo,
    headRepo: headRepo ?? '',
    labels: (pr.labels ?? []).map((l) => l.name),
  }
}

function parseWorkflowRun(event: unknown, repository: string): WorkflowRunContext {
  const parsed = workflowRunEvent.safeParse(event)
  if (!parsed.success) throw payloadError('workflow_run', parsed.error)
  const run = parsed.data.workflow_run
  // Only trust a listed PR that is for this repository and this very commit: the list can name PRs of
  // other repositories whose branch has the same name.
  const listed = (run.pull_requests ?? []).find(
    (pr) =>
      (pr.head === undefined || pr.head.sha === run.head_sha) &&
      (pr.base?.repo?.url === undefined || pr.base.repo.url.endsWith(`/repos/${repository}`)),
  )
  return {
    runId: run.id,
    event: run.event,
    conclusion: run.conclusion ?? null,
    headSha: run.head_sha,
    headBranch: run.head_branch ?? null,
    headRepo: run.head_repository?.full_name ?? null,
    pullRequestNumber: listed?.number,
  }
}

function payloadError(eventName: string, error: z.ZodError): ConfigError {
  return new ConfigError(
    error.issues.map(
      (issue) =>
        `GITHUB_EVENT_PATH: ${eventName} payload ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    ),
  )
}

/**
 * Events on which measuring runs code the job can trust, or a pull request's code with the read-only
 * token GitHub gives pull_request-like events from forks. Every other event (workflow_run,
 * issue_comment, pull_request_target, repository_dispatch, ...) runs with the base repository's write
 * token and secrets, and a job can check a pull request out in it: measuring then runs the pull
 * request's config, images and k6 scripts next to that token.
 */
export const MEASURING_EVENTS: ReadonlySet<string> = new Set([
  'pull_request',
  'pull_request_review',
  'pull_request_review_comment',
  'push',
  'schedule',
  'workflow_dispatch',
  'merge_group',
  'release',
])

/**
 * Refuses to measure (modes gate and baseline) on an event outside MEASURING_EVENTS, unless the
 * workflow opts in with the input allow-privileged-events. Publish and merge modes read numbers, run
 * nothing, and are not affected. An empty event name (not in Actions) is let through.
 */
export function refuseUntrustedMeasuring(
  eventName: string,
  mode: 'gate' | 'baseline',
  options: { allowPrivilegedEvents?: boolean } = {},
): void {
  if (eventName === '' || MEASURING_EVENTS.has(eventName) || options.allowPrivilegedEvents) return
  throw new ConfigError([
    `GITHUB_EVENT_NAME: mode "${mode}" refuses to run on ${eventName}, which can carry a pull request while the job holds the base repository's write token and secrets, and measuring runs the pull request's config, images and k6 scripts. ` +
      'Measure on pull_request and post the comment from a workflow_run job with mode: publish (docs/security.md; examples/workflows/perf-gate-fork-measure.yml and perf-gate-fork-comment.yml), ' +
      `or, if this job only ever checks out trusted code, set the input allow-privileged-events: true (measuring events: ${[...MEASURING_EVENTS].join(', ')}).`,
  ])
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
