import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_BASELINE_BRANCH } from '../../../src/config/inputs.js'
import {
  branchPathFor,
  readBaselineFromBranch,
  writeBaselineToBranch,
} from '../../../src/github/baseline-branch.js'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.js'
import { testOctokit } from './test-octokit.js'

const where = { owner: 'acme', repo: 'gateway', branch: DEFAULT_BASELINE_BRANCH, path: 'baselines/gw.json' }

describe('the baseline data branch', () => {
  let fake: FakeGitHub
  beforeEach(async () => {
    fake = await startFakeGitHub()
  })
  afterEach(async () => {
    await fake.close()
  })

  it('reads nothing before the first nightly, without failing', async () => {
    const read = await readBaselineFromBranch(testOctokit(fake, 'read-token'), where)
    expect(read).toEqual({ ok: true, content: null, commitSha: null })
  })

  it('creates the branch as an orphan, then adds one commit per night; readers get the newest file', async () => {
    const octokit = testOctokit(fake)
    const first = await writeBaselineToBranch(octokit, {
      ...where,
      content: Buffer.from('{"n":1}\n'),
      message: 'night 1',
    })
    expect(first).toMatchObject({ ok: true, committed: true })
    const root = fake.state.commits.get(fake.branchHead('acme/gateway', DEFAULT_BASELINE_BRANCH)!)
    expect(root?.parents).toEqual([])
    expect(fake.fileAt(root!.sha, 'README.md')?.toString()).toContain('perf-gate data')

    const second = await writeBaselineToBranch(octokit, {
      ...where,
      content: Buffer.from('{"n":2}\n'),
      message: 'night 2',
    })
    expect(second.ok && fake.state.commits.get(second.commitSha)?.parents).toEqual([root!.sha])

    // A pull request's read-only token can read it.
    const read = await readBaselineFromBranch(testOctokit(fake, 'read-token'), where)
    expect(read.ok && read.content?.toString()).toBe('{"n":2}\n')
    const other = await readBaselineFromBranch(octokit, { ...where, path: 'baselines/other.json' })
    expect(other).toMatchObject({ ok: true, content: null })
    // Nothing touched another branch.
    expect([...fake.state.refs.keys()]).toEqual([`acme/gateway:refs/heads/${DEFAULT_BASELINE_BRANCH}`])
  })

  it('reports a read-only token on write as a permission failure', async () => {
    const write = await writeBaselineToBranch(testOctokit(fake, 'read-token'), {
      ...where,
      content: Buffer.from('{}'),
      message: 'night',
    })
    expect(write).toMatchObject({ ok: false, status: 403, permission: true })
  })
})

describe('branchPathFor', () => {
  it('keeps the path the file has in the repository, and only the name of a file outside it', () => {
    expect(branchPathFor('/ws', '/ws/baselines/gw.json')).toBe('baselines/gw.json')
    expect(branchPathFor('/ws', '/elsewhere/gw.json')).toBe('gw.json')
  })
})
