/**
 * A service's `build`: only the keys checked here, secrets of this file, no local cache, and a
 * context and Dockerfile on the host that pass the host-path rules (a remote context reads nothing).
 */
import path from 'node:path'
import { BUILD_ALLOWED, BUILD_REFUSED } from './compose-keys.js'
import { isExtension, isMapping, type ComposeScope, type Mapping, type Refuse } from './compose-scope.js'
import { buildContextProblem, hostPathProblem } from './host-paths.js'

const isRemoteContext = (value: string) => /^(?:[a-z][a-z0-9+.-]*:\/\/|git@)/i.test(value)

/** Checks a service's `build` (a context path or a mapping) at key path `at`. */
export function buildProblems(value: unknown, at: string, secrets: Set<string>, scope: ComposeScope): void {
  const { refuse } = scope
  const build: Mapping | undefined =
    typeof value === 'string' ? { context: value } : isMapping(value) ? value : undefined
  if (!build) return refuse(at, 'expected a context path or a mapping')
  buildKeyProblems(build, at, refuse)
  buildReferenceProblems(build, at, secrets, refuse)
  buildPathProblems(build, at, typeof value === 'string' ? at : `${at}.context`, scope)
}

function buildKeyProblems(build: Mapping, at: string, refuse: Refuse): void {
  for (const [k, v] of Object.entries(build)) {
    if (isExtension(k)) continue
    const refused = BUILD_REFUSED[k]
    if (refused !== undefined) {
      if (k === 'privileged' && v === false) continue
      refuse(`${at}.${k}`, `not allowed: ${refused}`)
    } else if (!BUILD_ALLOWED.has(k)) {
      refuse(
        `${at}.${k}`,
        'not allowed: perf-gate does not know this key, and allows only the keys it has checked',
      )
    }
  }
}

/** A local cache source reads the runner's files; a build secret must be one this file declares. */
function buildReferenceProblems(build: Mapping, at: string, secrets: Set<string>, refuse: Refuse): void {
  for (const [i, source] of (Array.isArray(build.cache_from) ? build.cache_from : []).entries()) {
    if (/(?:^|,)type=local\b|(?:^|,)src=/.test(String(source)))
      refuse(`${at}.cache_from[${i}]`, "a local cache reads the runner's files: not allowed")
  }
  ;(Array.isArray(build.secrets) ? build.secrets : []).forEach((ref, i) => {
    const source = isMapping(ref) ? ref.source : ref
    if (!secrets.has(String(source)))
      refuse(`${at}.secrets[${i}]`, `"${String(source)}" is not declared under the top-level secrets`)
  })
}

/** The context (named at `key`) and the Dockerfile on the host. */
function buildPathProblems(build: Mapping, at: string, key: string, { options, refuse }: ComposeScope): void {
  const context = build.context ?? '.'
  if (typeof context !== 'string') return refuse(key, 'expected a path')
  // A remote context (a git URL) is fetched by the builder: nothing on the runner is read.
  if (isRemoteContext(context)) return
  if (context.includes('$')) return refuse(key, 'a host path may not use variables (it could not be checked)')
  if (context.startsWith('~')) return refuse(key, 'a host path in the home folder is not allowed')
  const contextDir = path.resolve(options.dir, context)
  const dockerfile = build.dockerfile
  if (dockerfile !== undefined) {
    if (typeof dockerfile !== 'string' || dockerfile.includes('$'))
      refuse(`${at}.dockerfile`, 'expected a path without variables')
    else if (path.isAbsolute(dockerfile) && !options.renderedProject)
      refuse(`${at}.dockerfile`, 'an absolute path is not allowed: give it relative to the build context')
    else {
      const reason = hostPathProblem(path.resolve(contextDir, dockerfile), options.refusePath)
      if (reason) refuse(`${at}.dockerfile`, reason)
    }
  }
  const reason = buildContextProblem(
    contextDir,
    typeof dockerfile === 'string' ? dockerfile : undefined,
    options.refusePath,
  )
  if (reason) refuse(key, reason)
}
