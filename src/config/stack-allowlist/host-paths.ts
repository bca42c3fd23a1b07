/**
 * The rules for a host path a container gets, from a compose file or from perf-gate.yml's own
 * `services`: never `/`, the Docker API or `.git`, then the folder/repository rule the caller passes.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import dockerignore from '@balena/dockerignore'

/** Why a host path may not be read at all (outside the folder and repository, /proc...), or undefined. */
export type PathRefusal = (file: string) => string | undefined

/** The Docker API, and the folders that hold it: whoever reaches it starts privileged containers. */
const DOCKER_API = ['/var/run/docker.sock', '/run/docker.sock', '/run/containerd', '/var/lib/docker']

function realOf(file: string): string {
  try {
    return realpathSync(file)
  } catch {
    return path.resolve(file)
  }
}

const isInside = (file: string, root: string) => {
  const relative = path.relative(root, file)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** Does the path have a `.git` component (as given, or once symlinks are followed)? */
function inGit(file: string): boolean {
  return [path.resolve(file), realOf(file)].some((p) => p.split(path.sep).includes('.git'))
}

/** Does a folder hold `.git` (a repository's, or a submodule's pointer file)? */
function holdsGit(dir: string): boolean {
  try {
    return statSync(dir).isDirectory() && readdirSync(dir).includes('.git')
  } catch {
    return false
  }
}

const GIT_ADVICE =
  ".git holds git's config and the token actions/checkout persists there; nothing of it may reach a container"

/**
 * The rules for any host path a container gets (a bind mount, a copied file, an env_file, a secret's
 * file): never `/`, the Docker API or `.git`; then the folder/repository rule of `refusePath`. The first
 * two hold even where paths outside the repository are allowed. `what` names the path in messages.
 */
export function hostPathProblem(
  file: string,
  refusePath: PathRefusal,
  options: { allowGitInside?: boolean } = {},
): string | undefined {
  const real = realOf(file)
  if (real === path.parse(real).root)
    return `"/" is not allowed: it hands the container the runner's whole file system`
  let socket = false
  try {
    socket = lstatSync(real).isSocket()
  } catch {
    // missing: Compose creates an empty folder for a missing bind source
  }
  if (socket || DOCKER_API.some((api) => isInside(api, real) || isInside(real, api)))
    return `${file} reaches the Docker API (${real}): a container that holds it controls the runner`
  if (inGit(file))
    return `${file} is inside .git (${real}): ${GIT_ADVICE}; copy the file out of .git into the repository instead`
  if (!options.allowGitInside && holdsGit(real))
    return `${file} holds .git (${real}): ${GIT_ADVICE}; name the files or folders it needs instead of the folder holding .git`
  return refusePath(file)
}

/** Does the context's .dockerignore (and the Dockerfile's own `<Dockerfile>.dockerignore`) leave out .git? */
function ignoresGit(context: string, dockerfile: string | undefined): boolean {
  const files = [path.join(context, '.dockerignore')]
  if (dockerfile) {
    const own = `${path.resolve(context, dockerfile)}.dockerignore`
    if (existsSync(own)) files.push(own)
  }
  return files.every((file) => {
    if (!existsSync(file)) return false
    // The library testcontainers applies to build contexts (a CommonJS module: its factory is `.default`).
    const ignore = dockerignore.default({ ignorecase: false }).add(readFileSync(file, 'utf8'))
    return ignore.ignores('.git') && ignore.ignores('.git/config')
  })
}

/**
 * A build context on the host: the host-path rules, except that it may hold `.git` when its
 * .dockerignore leaves `.git` out (a repository root is a common context).
 */
export function buildContextProblem(
  context: string,
  dockerfile: string | undefined,
  refusePath: PathRefusal,
): string | undefined {
  const problem = hostPathProblem(context, refusePath, { allowGitInside: true })
  if (problem) return problem
  if (holdsGit(realOf(context)) && !ignoresGit(realOf(context), dockerfile))
    return `the build context ${context} holds .git; add ".git" to its .dockerignore (Docker sends the whole context to the build, and ${GIT_ADVICE})`
  return undefined
}
