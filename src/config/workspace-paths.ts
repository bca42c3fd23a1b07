/**
 * Host paths a config names (files copied into containers, build contexts and Dockerfiles, k6
 * scripts, the baseline) stay inside the config's folder or the workspace: a pull request's config
 * could otherwise copy the runner's secrets into a container it controls. The workflow decides
 * otherwise (allow-paths-outside-repo), never the config, and /proc, /sys and /dev are never read.
 */
import { realpathSync } from 'node:fs'
import path from 'node:path'
import { configIndex } from './preflight.js'
import { isBuiltInScenario, type Config } from './schema.js'
import { buildContextProblem, hostPathProblem, type PathRefusal } from './stack-allowlist.js'

/**
 * Host folders whose files are never copied into a container or run, whatever the config says:
 * /proc/self/environ alone holds every secret of the job.
 */
const NEVER_READ = ['/proc', '/sys', '/dev']

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file)
  return (
    relative === '' ||
    (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative))
  )
}

/**
 * Every host path of `config` that `refuse` refuses, each `path: reason`. Symlinks are followed
 * first (pathRefusal); what a container gets from the host follows the stack allowlist's rules.
 */
export function pathsOutside(config: Config, refuse: PathRefusal): string[] {
  const problems: string[] = []
  const check = (at: string, file: string) => {
    const reason = refuse(file)
    if (reason) problems.push(`${at}: ${reason}`)
  }
  if (config.stack) check('stack.compose', config.stack.compose)
  check('baseline.path', config.baseline.path)
  // What a container gets from the host: the stack allowlist's rules, the same as for a compose file
  // (never "/", the Docker API or .git; a build context with .git only when .dockerignore leaves it out).
  const give = (at: string, problem: string | undefined) => {
    if (problem) problems.push(`${at}: ${problem}`)
  }
  for (const [name, service] of Object.entries(config.services)) {
    service.files.forEach((f, i) =>
      give(`services.${name}.files[${i}].source`, hostPathProblem(f.source, refuse)),
    )
    if (service.build) {
      give(
        `services.${name}.build.context`,
        buildContextProblem(service.build.context, service.build.dockerfile, refuse),
      )
      give(
        `services.${name}.build.dockerfile`,
        hostPathProblem(path.resolve(service.build.context, service.build.dockerfile), refuse),
      )
    }
  }
  config.scenarios.forEach((s, i) => {
    if (!isBuiltInScenario(s.script)) check(`scenarios[${configIndex(config.scenarios, i)}].script`, s.script)
    if (s.graphql?.queryFile)
      check(`scenarios[${configIndex(config.scenarios, i)}].graphql.queryFile`, s.graphql.queryFile)
  })
  config.profiles.forEach((profile, i) =>
    profile.setup.forEach((call, j) => {
      if (call.bodyFile) check(`profiles[${i}].setup[${j}].bodyFile`, call.bodyFile)
    }),
  )
  // A sweep repeats its script in every level: one problem per configured scenario is enough.
  return [...new Set(problems)]
}

/** The workspace root of `options` (default: the working directory), symlinks resolved. */
export function workspaceRoot(options: { root?: string | undefined } = {}): string {
  const root = path.resolve(options.root ?? process.cwd())
  try {
    return realpathSync(root)
  } catch {
    return root
  }
}

/** Why a host path may not be read (see pathsOutside), or undefined when it may. */
export function pathRefusal(
  dir: string,
  options: { root?: string | undefined; allowPathsOutsideRepo?: boolean | undefined },
): PathRefusal {
  const roots = [...new Set([realpathSync(dir), workspaceRoot(options)])]
  return (file) => {
    let real: string
    try {
      real = realpathSync(file)
    } catch {
      real = path.resolve(file)
    }
    if (NEVER_READ.some((root) => isInside(real, root)))
      return `${file} is on ${real.split(path.sep).slice(0, 2).join(path.sep)}, which perf-gate never reads`
    if (!options.allowPathsOutsideRepo && !roots.some((root) => isInside(real, root)))
      return `${file} is outside the config's folder and the workspace (${roots.join(', ')}); the workflow may allow it with the action input "allow-paths-outside-repo" set to true or the CLI flag --allow-paths-outside-repo`
    return undefined
  }
}
