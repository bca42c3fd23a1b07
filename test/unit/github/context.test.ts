import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  parseRunContext,
  readRunContext,
  refuseUntrustedMeasuring,
  runUrl,
} from '../../../src/github/context.js'
import { ConfigError } from '../../../src/errors.js'

const env = {
  GITHUB_REPOSITORY: 'acme/gateway',
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_API_URL: 'http://127.0.0.1:1234',
  GITHUB_RUN_ID: '42',
  GITHUB_SHA: 'merge-sha',
}

const pullRequestEvent = (headRepo: string | null) => ({
  pull_request: {
    number: 7,
    head: { sha: 'head-sha', repo: headRepo === null ? null : { full_name: headRepo } },
    base: { repo: { full_name: 'acme/gateway' } },
  },
})

const workflowRunEvent = (pullRequests: unknown[]) => ({
  workflow_run: {
    id: 99,
    event: 'pull_request',
    conclusion: 'success',
    head_sha: 'head-sha',
    head_branch: 'faster-router',
    head_repository: { full_name: 'contributor/gateway' },
    pull_requests: pullRequests,
  },
})

describe('parseRunContext', () => {
  it('reads a same-repository pull request', () => {
    const context = parseRunContext(env, pullRequestEvent('acme/gateway'))
    expect(context).toMatchObject({
      owner: 'acme',
      repo: 'gateway',
      eventName: 'pull_request',
      apiUrl: 'http://127.0.0.1:1234',
      runUrl: 'https://github.com/acme/gateway/actions/runs/42',
      pullRequest: { number: 7, headSha: 'head-sha', isFork: false, headRepo: 'acme/gateway' },
      workflowRun: undefined,
    })
  })

  it("reads the pull request's labels from the event, none when the payload lists none", () => {
    const labelled = pullRequestEvent('acme/gateway')
    const withLabels = {
      pull_request: {
        ...labelled.pull_request,
        labels: [{ name: 'perf-gate:accept-regression' }, { name: 'docs' }],
      },
    }
    expect(parseRunContext(env, withLabels).pullRequest?.labels).toEqual([
      'perf-gate:accept-regression',
      'docs',
    ])
    expect(parseRunContext(env, labelled).pullRequest?.labels).toEqual([])
  })

  it('marks a pull request from a fork, whose token is read-only', () => {
    expect(parseRunContext(env, pullRequestEvent('contributor/gateway')).pullRequest?.isFork).toBe(true)
  })

  it('treats a pull request whose fork was deleted as a fork', () => {
    expect(parseRunContext(env, pullRequestEvent(null)).pullRequest).toMatchObject({
      isFork: true,
      headRepo: '',
    })
  })

  it('reads pull_request_target the same way', () => {
    const context = parseRunContext(
      { ...env, GITHUB_EVENT_NAME: 'pull_request_target' },
      pullRequestEvent('a/b'),
    )
    expect(context.pullRequest?.number).toBe(7)
  })

  it('has no pull request on a schedule or push', () => {
    const context = parseRunContext({ ...env, GITHUB_EVENT_NAME: 'schedule' }, {})
    expect(context.pullRequest).toBeUndefined()
    expect(context.workflowRun).toBeUndefined()
  })

  it('defaults the server and API roots and has no run link outside Actions', () => {
    const context = parseRunContext({ GITHUB_REPOSITORY: 'acme/gateway' }, {})
    expect(context).toMatchObject({
      serverUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
      runUrl: undefined,
    })
  })

  it('takes the PR number of a workflow_run from the payload when GitHub lists it', () => {
    const context = parseRunContext(
      { ...env, GITHUB_EVENT_NAME: 'workflow_run' },
      workflowRunEvent([
        {
          number: 3,
          head: { sha: 'other-sha' },
          base: { repo: { url: 'https://api.github.com/repos/acme/gateway' } },
        },
        {
          number: 7,
          head: { sha: 'head-sha' },
          base: { repo: { url: 'https://api.github.com/repos/acme/gateway' } },
        },
      ]),
    )
    expect(context.workflowRun).toEqual({
      runId: 99,
      event: 'pull_request',
      conclusion: 'success',
      headSha: 'head-sha',
      headBranch: 'faster-router',
      headRepo: 'contributor/gateway',
      pullRequestNumber: 7,
    })
    expect(context.pullRequest).toBeUndefined()
  })

  it('ignores a listed PR of another repository with the same branch name', () => {
    const context = parseRunContext(
      { ...env, GITHUB_EVENT_NAME: 'workflow_run' },
      workflowRunEvent([
        {
          number: 5,
          head: { sha: 'head-sha' },
          base: { repo: { url: 'https://api.github.com/repos/other/x' } },
        },
      ]),
    )
    expect(context.workflowRun?.pullRequestNumber).toBeUndefined()
  })

  it('leaves the PR number of a fork workflow_run undefined, for a lookup by head SHA', () => {
    const context = parseRunContext({ ...env, GITHUB_EVENT_NAME: 'workflow_run' }, workflowRunEvent([]))
    expect(context.workflowRun).toMatchObject({ headSha: 'head-sha', pullRequestNumber: undefined })
  })

  it('names GITHUB_REPOSITORY when it is missing or malformed', () => {
    expect(() => parseRunContext({}, {})).toThrow(ConfigError)
    expect(() => parseRunContext({ GITHUB_REPOSITORY: 'acme' }, {})).toThrow(
      /GITHUB_REPOSITORY: expected "owner\/repo"/,
    )
  })

  it('names the event path and field when the payload does not match the event', () => {
    expect(() => parseRunContext(env, { pull_request: { number: 'seven' } })).toThrow(
      /GITHUB_EVENT_PATH: pull_request payload pull_request\.number/,
    )
  })
})

describe('runUrl', () => {
  it('links the run page, where its artifacts are listed', () => {
    expect(runUrl('https://ghe.example.com/', 'acme', 'gateway', 42)).toBe(
      'https://ghe.example.com/acme/gateway/actions/runs/42',
    )
  })
})

describe('readRunContext', () => {
  it('reads the event from GITHUB_EVENT_PATH', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perf-gate-context-'))
    const path = join(dir, 'event.json')
    await writeFile(path, JSON.stringify(pullRequestEvent('acme/gateway')))
    const context = await readRunContext({ ...env, GITHUB_EVENT_PATH: path })
    expect(context.pullRequest?.number).toBe(7)
  })

  it('names the file when the event cannot be read', async () => {
    await expect(readRunContext({ ...env, GITHUB_EVENT_PATH: '/nonexistent/event.json' })).rejects.toThrow(
      /GITHUB_EVENT_PATH: cannot read \/nonexistent\/event\.json/,
    )
  })
})

describe('refuseUntrustedMeasuring', () => {
  it('refuses pull_request_target in gate and baseline modes with exit 2, pointing to the two-stage flow', () => {
    for (const mode of ['gate', 'baseline'] as const) {
      let error: unknown
      try {
        refuseUntrustedMeasuring('pull_request_target', mode)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).exitCode).toBe(2)
      expect((error as Error).message).toMatch(
        new RegExp(
          `^GITHUB_EVENT_NAME: mode "${mode}" refuses to run on pull_request_target.*workflow_run.*mode: publish`,
        ),
      )
    }
  })

  it('lets the events that measure with an unprivileged or trusted checkout through', () => {
    for (const event of [
      'pull_request',
      'pull_request_review',
      'pull_request_review_comment',
      'push',
      'schedule',
      'workflow_dispatch',
      'merge_group',
      'release',
      '',
    ])
      expect(() => refuseUntrustedMeasuring(event, 'gate')).not.toThrow()
  })

  it.each(['workflow_run', 'issue_comment', 'pull_request_target', 'repository_dispatch', 'check_run'])(
    'refuses %s (it can carry a pull request with a privileged token) unless the workflow opts in',
    (event) => {
      let error: unknown
      try {
        refuseUntrustedMeasuring(event, 'gate')
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).exitCode).toBe(2)
      expect((error as Error).message).toMatch(
        new RegExp(`^GITHUB_EVENT_NAME: mode "gate" refuses to run on ${event}.*allow-privileged-events`),
      )
      expect(() => refuseUntrustedMeasuring(event, 'gate', { allowPrivilegedEvents: true })).not.toThrow()
    },
  )
})
