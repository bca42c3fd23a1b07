/**
 * The environment variables a compose file reads from the host: Compose interpolates `${NAME}` and
 * `$NAME` anywhere in the file, and passes `environment: [NAME]` / `{ NAME: null }` through from its
 * own environment. The compose file is the pull request's, so each name must pass the same rule as
 * the config's `${NAME}` (variableRefusal in secrets.ts). Values are not checked here: Compose runs
 * with composeEnvironment (below), which blanks every refused variable.
 */
import { variableRefusal } from './secrets.js'

type Mapping = Record<string, unknown>
const isMapping = (v: unknown): v is Mapping => v !== null && typeof v === 'object' && !Array.isArray(v)

/** `$NAME`, `${NAME}`, `${NAME:-x}`, `${NAME?err}`... but not `$$` (Compose's escape for a literal `$`). */
const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)[^}]*\}|([A-Za-z_][A-Za-z0-9_]*))/g

function referencedNames(text: string): string[] {
  const names: string[] = []
  // Drop escaped dollars first, so "$$HOME" is not read as a reference to HOME.
  for (const match of text.split('$$').join('').matchAll(REFERENCE)) names.push(match[1] ?? match[2] ?? '')
  return names
}

/**
 * Problems with the host variables a parsed compose document reads, each `<file>: <key>: <reason>`:
 * interpolation anywhere in the document (keys included) and environment passthrough in services.
 */
export function composeVariableProblems(document: unknown, file: string): string[] {
  const problems: string[] = []
  const check = (key: string, name: string) => {
    const refusal = variableRefusal(name)
    if (refusal) problems.push(`${file}: ${key}: ${refusal}`)
  }
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') for (const name of referencedNames(value)) check(key, name)
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${key}[${i}]`))
    else if (isMapping(value))
      for (const [k, v] of Object.entries(value)) {
        const at = key ? `${key}.${k}` : k
        for (const name of referencedNames(k)) check(at, name)
        walk(v, at)
      }
  }
  walk(document, '')
  const services = isMapping(document) && isMapping(document.services) ? document.services : {}
  for (const [service, definition] of Object.entries(services)) {
    if (!isMapping(definition)) continue
    const environment = definition.environment
    if (Array.isArray(environment)) {
      environment.forEach((entry, i) => {
        // "NAME" without "=" passes the host's NAME through.
        if (typeof entry === 'string' && !entry.includes('='))
          check(`services.${service}.environment[${i}]`, entry.trim())
      })
    } else if (isMapping(environment)) {
      for (const [name, value] of Object.entries(environment))
        if (value === null || value === undefined) check(`services.${service}.environment.${name}`, name)
    }
  }
  return [...new Set(problems)]
}

/** Variables the docker and compose binaries read to find and talk to the daemon. */
const DOCKER_CLIENT_VARIABLES = new Set([
  'DOCKER_HOST',
  'DOCKER_CONTEXT',
  'DOCKER_CONFIG',
  'DOCKER_CERT_PATH',
  'DOCKER_TLS_VERIFY',
  'DOCKER_API_VERSION',
  'DOCKER_BUILDKIT',
  'DOCKER_DEFAULT_PLATFORM',
])

/**
 * The environment Compose runs with: the runner's, minus every variable a pull request's file may
 * not read (variableRefusal: runner, CI, cloud and tool variables, credential names and values).
 * Compose interpolates `${NAME}` in the file and passes `environment: [NAME]` through from it, and
 * the file is untrusted.
 */
export function composeEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    // The Docker client's own settings stay: Compose needs them to reach the daemon, and the file
    // cannot read them (checkComposeFile refuses DOCKER_* references before anything starts).
    if (DOCKER_CLIENT_VARIABLES.has(name)) continue
    // Set to empty rather than left out: testcontainers spreads process.env under these.
    if (variableRefusal(name, value)) out[name] = ''
  }
  return out
}

/**
 * The environment Compose runs with, both for `compose config` (config/compose-file.ts) and for `up`
 * (the same rule as stack/compose-stack.ts): the runner's, with its and GitHub's variables emptied.
 */
export function composeRunEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, ...composeEnvironment(env) }
}
