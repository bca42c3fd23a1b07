/**
 * Reporting to GitHub must never crash the gate or change its verdict: a fork PR's read-only token, a
 * deleted PR or a GitHub outage ends in a warning and a degraded report. These helpers turn octokit's
 * HTTP errors into a typed result the caller can log and branch on.
 */

/** A GitHub call that went through; the payload's fields sit next to `ok`. */
export type GitHubOk<T> = { ok: true } & T

/** A GitHub call that did not go through, with a one-line reason fit for core.warning. */
export interface GitHubFailure {
  ok: false
  /** HTTP status GitHub answered with; octokit reports a network failure as 500. */
  status: number
  /** True for 401/403/404: the token lacks a permission or cannot see the resource. */
  permission: boolean
  reason: string
}

export type GitHubResult<T> = GitHubOk<T> | GitHubFailure

/** The shape octokit's RequestError has; checked structurally so we need not import a transitive package. */
interface HttpErrorLike {
  status: number
  message: string
  request?: { method?: string; url?: string }
}

/** True for errors octokit raises for an HTTP answer or a failed fetch (it reports the latter as 500). */
export function isHttpError(error: unknown): error is HttpErrorLike {
  return (
    error instanceof Error &&
    typeof (error as Partial<HttpErrorLike>).status === 'number' &&
    error.name === 'HttpError'
  )
}

const PERMISSION_STATUSES = new Set([401, 403, 404])

/** Why a permission failure usually happens, so the warning tells the user what to change. */
function permissionHint(status: number): string {
  if (status === 401) return 'the token is missing or invalid'
  if (status === 404) return 'the resource does not exist or the token cannot see it'
  return (
    'the token cannot write here (pull requests from forks get a read-only GITHUB_TOKEN; ' +
    'grant `permissions: pull-requests: write, contents: write` or use the two-stage workflow_run flow)'
  )
}

/** Describes an HTTP error as a failure result: what was attempted, GitHub's answer, and a hint. */
export function toGitHubFailure(action: string, error: HttpErrorLike): GitHubFailure {
  const permission = PERMISSION_STATUSES.has(error.status)
  const where =
    error.request?.method && error.request.url ? ` (${error.request.method} ${error.request.url})` : ''
  const hint = permission ? `: ${permissionHint(error.status)}` : ''
  return {
    ok: false,
    status: error.status,
    permission,
    reason: `${action} failed: GitHub answered ${error.status} ${firstLine(error.message)}${where}${hint}`,
  }
}

/**
 * Runs a GitHub call and returns its result, or a failure for any HTTP error (after the retry plugin has
 * given up). Errors that are not HTTP errors are bugs in our code and are rethrown.
 */
export async function tryGitHub<T extends object>(
  action: string,
  call: () => Promise<T>,
): Promise<GitHubResult<T>> {
  try {
    return { ok: true, ...(await call()) }
  } catch (error) {
    if (isHttpError(error)) return toGitHubFailure(action, error)
    throw error
  }
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? ''
}
