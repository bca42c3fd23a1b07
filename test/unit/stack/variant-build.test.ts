// The repository root is the workspace the workflow checked out, never what git discovers from the
// config's folder: a pull request can commit a bare repository (HEAD, config, objects/, refs/) whose
// core.worktree is "/", and git run from inside it answers "/" and that repository's refs.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { currentGitSha } from '../../../src/machine.js'
import { planVariantBuilds } from '../../../src/stack/variant-build.js'
import { workspaceGit } from '../../../src/workspace-git.js'

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
}

/** A bare repository committed as ordinary files, whose work tree claims to be the whole host. */
function plantBareRepo(dir: string): void {
  mkdirSync(path.join(dir, 'objects'), { recursive: true })
  mkdirSync(path.join(dir, 'refs', 'heads'), { recursive: true })
  writeFileSync(path.join(dir, 'HEAD'), 'ref: refs/heads/main\n')
  writeFileSync(
    path.join(dir, 'config'),
    '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = /\n',
  )
}

describe('git runs in the workspace repository only', () => {
  let workspace: string
  let prDir: string
  let head: string

  beforeAll(() => {
    workspace = realpathSync(mkdtempSync(path.join(tmpdir(), 'perf-gate-ws-')))
    mkdirSync(path.join(workspace, 'gateway'))
    writeFileSync(path.join(workspace, 'gateway', 'Dockerfile'), 'FROM scratch\n')
    git(workspace, 'init', '-q', '-b', 'main')
    git(workspace, 'config', 'user.email', 'test@example.invalid')
    git(workspace, 'config', 'user.name', 'perf-gate test')
    git(workspace, 'add', '.')
    git(workspace, 'commit', '-q', '-m', 'gateway')
    head = git(workspace, 'rev-parse', 'HEAD')
    prDir = path.join(workspace, 'pr')
    plantBareRepo(prDir)
    // The planted repository answers "/" when git is asked from inside it.
    expect(git(prDir, 'rev-parse', '--show-toplevel')).toBe('/')
  })

  it('plans the merge-base build against the workspace, not the planted repository', async () => {
    const config = parseConfig(
      {
        name: 'demo',
        services: {
          gateway: { build: { context: path.join(workspace, 'gateway') }, ports: [80], wait: { log: 'up' } },
        },
        baselineVariant: { services: { gateway: { build: { ref: 'merge-base' } } } },
        profiles: [{ name: 'p', target: 'http://gateway:80/' }],
        scenarios: [{ name: 's', script: 'constant-vus' }],
      },
      'perf-gate.yml',
      {},
    )
    const plans = await planVariantBuilds(config, path.join(prDir, 'perf-gate.yml'), {}, workspace)
    expect(plans).toHaveLength(1)
    expect(plans[0]).toMatchObject({ repoRoot: workspace, commit: head, context: 'gateway' })
  })

  it('takes the commit SHA from the workspace', async () => {
    expect(await currentGitSha(workspace, {})).toBe(head)
  })

  it('never discovers a repository: a folder without its own .git has none', async () => {
    await expect(workspaceGit(prDir, ['rev-parse', 'HEAD'])).rejects.toThrow()
    await expect(workspaceGit(path.join(workspace, 'gateway'), ['rev-parse', 'HEAD'])).rejects.toThrow()
    expect(await workspaceGit(workspace, ['rev-parse', 'HEAD'])).toBe(head)
  })
})
