/**
 * git, run only on the workspace's own repository. The root is the workflow's checkout
 * (GITHUB_WORKSPACE, the CLI's working directory), never a repository git discovers: a pull request
 * can commit a bare repository (HEAD, config, objects/, refs/) whose core.worktree is "/", and git run
 * from inside it would name "/" as the work tree and answer with that repository's refs. GIT_DIR is
 * pinned to <root>/.git (a folder, or the file a linked worktree has) and discovery is fenced off.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { requireTool, trustedPath } from './trusted-path.js'

const execFileAsync = promisify(execFile)

/** The environment git runs with: the workspace's repository and nothing found above or below it. */
export function workspaceGitEnv(
  root: string,
  env: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(env)) {
    // Inherited GIT_* variables (GIT_DIR, GIT_WORK_TREE, GIT_CONFIG_*) would point git elsewhere.
    if (value !== undefined && !key.startsWith('GIT_')) out[key] = value
  }
  // git and what it starts (hooks are off: a fresh GIT_DIR has none it trusts) come from the trusted PATH.
  out.PATH = trustedPath()
  const absolute = path.resolve(root)
  out.GIT_DIR = path.join(absolute, '.git')
  out.GIT_WORK_TREE = absolute
  out.GIT_CEILING_DIRECTORIES = path.dirname(absolute)
  return out
}

/** Runs `git args` on the repository at `<root>/.git`; rejects when there is none. Returns stdout trimmed. */
export async function workspaceGit(
  root: string,
  args: readonly string[],
  options: { timeout?: number } = {},
): Promise<string> {
  const { stdout } = await execFileAsync(requireTool('git'), [...args], {
    cwd: root,
    env: workspaceGitEnv(root),
    timeout: options.timeout ?? 60_000,
    maxBuffer: 64 * 2 ** 20,
  })
  return stdout.trim()
}
