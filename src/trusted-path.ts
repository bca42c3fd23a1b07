/**
 * Where perf-gate finds the programs it runs (k6, taskset, docker, docker-compose, git, bash, go): a
 * PATH taken when this module is first evaluated, at process start, before any config loads, without
 * the entries a pull request could fill. A bare command name resolved by the child's environment let a
 * committed `taskset` in the PR's folder run on the host; every spawn site passes an absolute path
 * from here instead, and gives its child this PATH.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { InfrastructureError } from './errors.js'

/** The programs perf-gate runs. */
export type HelperTool = 'k6' | 'taskset' | 'docker' | 'docker-compose' | 'git' | 'bash' | 'go'

/** PATH, the workspace and the working directory as they were at process start. */
const STARTUP = {
  path: process.env.PATH ?? '',
  workspace: process.env.GITHUB_WORKSPACE,
  cwd: process.cwd(),
}

function realOrResolved(dir: string): string {
  try {
    return realpathSync(dir)
  } catch {
    return path.resolve(dir)
  }
}

function isInside(dir: string, root: string): boolean {
  const relative = path.relative(root, dir)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/**
 * The entries of `pathValue` a pull request cannot fill: empty and relative entries (they resolve
 * against the working directory, the checkout) and entries inside a workspace folder (the checkout
 * the PR's files are in: GITHUB_WORKSPACE, the working directory), symlinks resolved. A workspace that
 * is a filesystem root excludes nothing (it would exclude everything). Duplicates are dropped.
 */
export function trustedPathEntries(pathValue: string, workspaces: readonly (string | undefined)[]): string[] {
  const roots = workspaces
    .filter((w): w is string => typeof w === 'string' && path.isAbsolute(w))
    .map(realOrResolved)
    .filter((w) => path.dirname(w) !== w)
  const kept: string[] = []
  for (const entry of pathValue.split(path.delimiter)) {
    if (entry === '' || !path.isAbsolute(entry)) continue
    const real = realOrResolved(entry)
    if (roots.some((root) => isInside(real, root) || isInside(path.resolve(entry), root))) continue
    if (!kept.includes(entry)) kept.push(entry)
  }
  return kept
}

/** The trusted PATH entries of this process (see trustedPathEntries). */
export function trustedDirs(): string[] {
  return trustedPathEntries(STARTUP.path, [STARTUP.workspace, STARTUP.cwd])
}

/** The trusted PATH as a PATH value, for the environment of the programs perf-gate runs. */
export function trustedPath(): string {
  return trustedDirs().join(path.delimiter)
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The absolute path of `tool` in the trusted PATH (`dirs`), or undefined when none of its entries
 * holds it.
 */
export function findTool(tool: HelperTool, dirs: readonly string[] = trustedDirs()): string | undefined {
  for (const dir of dirs) {
    const candidate = path.join(dir, tool)
    if (isExecutableFile(candidate)) return candidate
  }
  return undefined
}

/** Like findTool, but an InfrastructureError (exit 3) names the tool when it is missing. */
export function requireTool(tool: HelperTool, dirs: readonly string[] = trustedDirs()): string {
  const found = findTool(tool, dirs)
  if (found) return found
  throw new InfrastructureError(
    `${tool} was not found on the trusted PATH (${dirs.join(path.delimiter) || 'empty'}; entries inside the workspace and relative ones are ignored)`,
  )
}
