/**
 * Who the token acts as. perf-gate edits only comments and commits its own identity wrote: anyone
 * who can comment on a PR can post a comment carrying our marker, and we must not edit theirs.
 */
import type { GitHubClient } from './client.js'
import { isHttpError } from './errors.js'

/** The login of the Actions GITHUB_TOKEN (the github-actions app's installation). */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]'

/**
 * Resolves the token's login. A user token (PAT) answers GET /user. App installation tokens, the
 * Actions GITHUB_TOKEN among them, get 403 there; GraphQL's `viewer` answers them with the bot's login
 * (`<app-slug>[bot]`). When neither answers, the token is taken for the Actions GITHUB_TOKEN. Other
 * failures (5xx after retries) propagate as HTTP errors.
 */
export async function resolveTokenLogin(octokit: GitHubClient): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated()
    if (data.login) return data.login
  } catch (error) {
    if (!isHttpError(error) || (error.status !== 403 && error.status !== 401)) throw error
  }
  try {
    const answer = await octokit.graphql<{ viewer?: { login?: string } }>('query { viewer { login } }')
    if (answer.viewer?.login) return answer.viewer.login
  } catch (error) {
    // A GraphQL error answer (not an HTTP failure) means the query was refused: fall back below.
    if (isHttpError(error) && error.status >= 500) throw error
  }
  return ACTIONS_BOT_LOGIN
}
