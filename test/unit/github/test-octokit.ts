import { createOctokit, type GitHubClient } from '../../../src/github/client.js'
import type { FakeGitHub } from '../../support/fake-github.js'

/**
 * The production client pointed at the fake, with waits scaled to milliseconds and write spacing off
 * (the fake has no secondary rate limits; spacing would add 1-3 s per write).
 */
export function testOctokit(fake: FakeGitHub, token = 'write-token'): GitHubClient {
  return createOctokit(token, { baseUrl: fake.url, retryAfterBaseValue: 1, spaceWrites: false })
}
