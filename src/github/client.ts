import * as core from '@actions/core'
import { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'

/** The octokit client every adapter in src/github takes as a parameter. */
export type GitHubClient = ReturnType<typeof getOctokit>

/** How many times a rate-limited request is retried before the call fails. */
export const RATE_LIMIT_RETRIES = 2

/**
 * Statuses the retry plugin leaves alone. 403 and 404 are permission answers (a read-only token on a
 * fork PR), and the reporting path must turn them into a warning at once instead of waiting out
 * backoff. 429 (and a rate-limited 403) belong to the throttling plugin, which honours retry-after and
 * stops after RATE_LIMIT_RETRIES: retried by both plugins, one secondary rate limit became 12 requests
 * in 55 s (measured in test/e2e/action-faults.test.ts) where GitHub asks clients to back off.
 */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451]

export interface CreateOctokitOptions {
  /** API root. Defaults to GITHUB_API_URL (set by the runner, and by tests to the local fake). */
  baseUrl?: string
  /**
   * Milliseconds per second of a wait the retry and throttling plugins compute (backoff, retry-after).
   * 1000 in production; tests pass 1 so a retried request costs milliseconds, not seconds.
   */
  retryAfterBaseValue?: number
  /**
   * Space writes out as GitHub's secondary-rate-limit guidance asks (1 s between writes, 3 s between
   * writes that notify). On by default; tests against the local fake turn it off, which also turns off
   * rate-limit handling, so the rate-limit tests keep it on and use reads.
   */
  spaceWrites?: boolean
  /** Environment to read GITHUB_API_URL from; defaults to process.env. */
  env?: Record<string, string | undefined>
}

/**
 * Creates the octokit client the action uses: @actions/github's client (REST methods, pagination, the
 * runner's proxy settings) plus retry on transient failures and throttling with bounded rate-limit
 * retries, each logged as a warning.
 */
export function createOctokit(token: string, options: CreateOctokitOptions = {}): GitHubClient {
  const env = options.env ?? process.env
  const baseUrl = options.baseUrl ?? env['GITHUB_API_URL'] ?? 'https://api.github.com'
  const retryAfterBaseValue = options.retryAfterBaseValue ?? 1000
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      const retrying = retryCount < RATE_LIMIT_RETRIES
      core.warning(
        `GitHub ${kind} hit on ${request.method} ${request.url}; ` +
          (retrying
            ? `retrying in ${retryAfter} s (retry ${retryCount + 1} of ${RATE_LIMIT_RETRIES})`
            : 'giving up'),
      )
      return retrying
    }
  return getOctokit(
    token,
    {
      baseUrl,
      retry: { doNotRetry: DO_NOT_RETRY, retryAfterBaseValue },
      throttle:
        options.spaceWrites === false
          ? { enabled: false }
          : {
              retryAfterBaseValue,
              onRateLimit: onLimit('rate limit'),
              onSecondaryRateLimit: onLimit('secondary rate limit'),
            },
    },
    retry,
    throttling,
  )
}
