/**
 * Checks of a loaded config that need more than the schema (the whole config, the file system, the
 * compose file's service names) and that would otherwise be found only after containers and
 * networks were created: a URL host that names no service, an own script that is a folder or not
 * JavaScript, a wait port the service does not expose, a baseline file inside `.git`. (A plan longer
 * than a day is plan/plan-size.ts's, checked by loadGateConfig.) Each problem names its config path; loadConfig prefixes the file.
 */
import { statSync } from 'node:fs'
import path from 'node:path'
import { isBuiltInScenario, type Config } from './schema.js'

/** File endings of scripts `k6 run` runs (TypeScript natively since k6 0.57). */
export const K6_SCRIPT_EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts'] as const

/** Every problem found, as `config.path: message`; empty when the config may start. */
export function preflightProblems(
  config: Config,
  options: {
    /** With stack.compose: the services the compose file starts (their names are the hosts). */
    composeServices?: readonly string[] | undefined
    /** With stack.compose: the services' network aliases, alias -> service (ComposeFacts.aliases). */
    composeAliases?: Readonly<Record<string, string>> | undefined
    /** Hosts the workflow allows besides the stack's services. */
    allowedHosts?: readonly string[] | undefined
  } = {},
): string[] {
  const services = options.composeServices ?? Object.keys(config.services)
  // An alias is a host of the stack when its service starts, like the service's name.
  const aliases = Object.entries(options.composeAliases ?? {})
    .filter(([, service]) => services.includes(service))
    .map(([alias]) => alias)
  return [
    ...baselinePathProblems(config),
    ...scriptProblems(config),
    ...waitPortProblems(config),
    ...hostProblems(config, services, aliases, options.allowedHosts ?? []),
  ]
}

/** The index in the config file of (expanded) scenario `i`: a sweep's levels come from one entry. */
export function configIndex(scenarios: Config['scenarios'], i: number): number {
  return new Set(scenarios.slice(0, i + 1).map((s) => s.sweep?.scenario ?? s.name)).size - 1
}

/**
 * The baseline is read in gate mode and written in baseline mode: inside `.git` it would echo the
 * checkout's persisted credentials (`.git/config`) or overwrite a hook. The path rule itself (config
 * folder, workspace) is applied with every other path in workspace-paths.ts.
 */
function baselinePathProblems(config: Config): string[] {
  const segments = path.resolve(config.baseline.path).split(path.sep)
  return segments.includes('.git')
    ? [
        `baseline.path: ${config.baseline.path} is inside a .git folder, which perf-gate never reads or writes`,
      ]
    : []
}

/** An own script must be a file k6 runs: not a folder, not a file of another kind. */
function scriptProblems(config: Config): string[] {
  const problems = new Set<string>()
  config.scenarios.forEach((s, i) => {
    if (isBuiltInScenario(s.script)) return
    const at = `scenarios[${configIndex(config.scenarios, i)}].script`
    let directory: boolean
    try {
      directory = statSync(s.script).isDirectory()
    } catch {
      return // missing files are reported by referenced-files.ts
    }
    if (directory) problems.add(`${at}: ${s.script} is a directory, expected a k6 script file`)
    else if (!(K6_SCRIPT_EXTENSIONS as readonly string[]).includes(path.extname(s.script).toLowerCase()))
      problems.add(
        `${at}: ${s.script} is not a k6 script: expected a file ending in ${K6_SCRIPT_EXTENSIONS.join(', ')}`,
      )
  })
  return [...problems]
}

/** A wait on an HTTP port the service does not list in `ports`: testcontainers cannot reach it. */
function waitPortProblems(config: Config): string[] {
  return Object.entries(config.services).flatMap(([name, service]) => {
    const port = service.wait?.http?.port
    if (port === undefined || service.ports.includes(port)) return []
    return [
      `services.${name}.wait.http.port: port ${port} is not in services.${name}.ports (${service.ports.length > 0 ? service.ports.join(', ') : 'none'}); add it there or wait on a listed port`,
    ]
  })
}

/** Levenshtein distance, for "did you mean". */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution))
    }
    previous = current
  }
  return previous[b.length] as number
}

/** The closest of `names` to `name` when it is close enough to be a typo of it (a third of its length). */
export function closestName(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const candidate of names) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (best === undefined || distance < best.distance) best = { name: candidate, distance }
  }
  return best && best.distance <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : undefined
}

/**
 * Targets, readiness URLs and setup calls reach the stack's services by name (or, with a compose file,
 * by a network alias of a service it starts): a host that names none (a typo, or a host outside the
 * stack) is refused before the stack starts.
 */
function hostProblems(
  config: Config,
  services: readonly string[],
  aliases: readonly string[],
  allowed: readonly string[],
): string[] {
  const problems: string[] = []
  const known = new Set([...services, ...aliases, ...allowed].map((h) => h.toLowerCase()))
  const names = `${services.length > 0 ? services.join(', ') : 'none'}${aliases.length > 0 ? `; network aliases: ${aliases.join(', ')}` : ''}`
  const check = (at: string, url: string | undefined) => {
    // A {{placeholder}} host is the trust rule's to refuse (config/hosts.ts unreachableHosts).
    if (url === undefined || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\{\{/i.test(url)) return
    let host: string
    try {
      host = new URL(url).hostname.toLowerCase()
    } catch {
      return // the schema has already checked the URL
    }
    if (known.has(host)) return
    const near = closestName(host, [...services, ...aliases])
    problems.push(
      `${at}: host "${host}" names no service of the stack (${names})${near ? `: did you mean "${near}"?` : ''}; perf-gate calls only the stack's own services and hosts the workflow allows (action input "allowed-hosts", CLI flag --allow-host)`,
    )
  }
  config.profiles.forEach((profile, i) => {
    check(`profiles[${i}].target`, profile.target)
    check(`profiles[${i}].readiness.url`, profile.readiness?.url)
    profile.setup.forEach((call, j) => check(`profiles[${i}].setup[${j}].url`, call.url))
  })
  return problems
}
