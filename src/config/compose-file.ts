/**
 * Reads the compose file of `stack.compose` before anything starts: the services and profiles the
 * config names must exist in it, and, because a pull request controls both files, nothing in it may
 * reach the runner itself. That is the allowlist of config/stack-allowlist.ts, evaluated on what
 * Compose will run: the file with YAML merge keys applied (Compose applies them, the yaml library only
 * when asked), and, where a Compose binary exists, the output of `compose config` too (variables,
 * `.env`, `extends` and short forms resolved by Compose itself). Every problem names the compose file
 * and the key.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { LineCounter, parse as parseYaml, parseDocument } from 'yaml'
import { readTextCapped } from '../files.js'
import { composeVariableProblems } from './compose-env.js'
import { composeNetworkAliases } from './hosts.js'
import type { ComposeStackConfig, VariantConfig } from './schema.js'
import { composeAllowlistProblems, type PathRefusal } from './stack-allowlist.js'
import { yamlSyntaxProblem } from './yaml-errors.js'

/** Largest compose file read; real ones are a few kB. */
const MAX_COMPOSE_BYTES = 1_000_000

/** What the gate needs to know about a compose file that passed the checks. */
export interface ComposeFacts {
  /** The `version` key, when the file has one: an override file must repeat it for Compose v1. */
  version: string | undefined
  /** Every service in the file. */
  services: string[]
  /** The services `up` starts: those the profiles enable, or the ones named and their depends_on. */
  started: string[]
  /** The image of each started service that names one (a service with only `build` has none). */
  images: Record<string, string>
  /**
   * The services' network aliases (`networks: { net: { aliases: [x] } }`), lower case, as alias ->
   * service: hosts of the stack like the service names (config/hosts.ts composeNetworkAliases).
   */
  aliases: Record<string, string>
  /** Which documents the allowlist was evaluated on, for `validate` to say. */
  evaluation: string
}

/**
 * Renders a compose file as Compose will run it (`<compose> -f FILE config`). `render` returns the
 * YAML Compose printed, or throws an Error whose message says why Compose refused the file.
 */
export interface ComposeRenderer {
  /** What ran, for messages: "docker compose 2.40.3 config". */
  label: string
  render(file: string, profiles: readonly string[], env: NodeJS.ProcessEnv): string
}

/** The project name `compose config` renders under: it names the networks and volumes it prints. */
export const RENDER_PROJECT = 'perf-gate-check'

let foundRenderer: ComposeRenderer | null | undefined

/**
 * The Compose the gate will run, as a renderer: the `docker compose` plugin first (GitHub's runners),
 * then a standalone `docker-compose` (v1, Debian's package), the order stack/compose-stack.ts uses.
 * Undefined when neither works (the stack could not start either).
 */
export function findComposeRenderer(): ComposeRenderer | undefined {
  if (foundRenderer === undefined) {
    foundRenderer = null
    for (const [command, base] of [
      ['docker', ['compose']],
      ['docker-compose', []],
    ] as const) {
      let version: string
      try {
        version = execFileSync(command, [...base, 'version', '--short'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
          timeout: 20_000,
        }).trim()
      } catch {
        continue
      }
      const label = `${[command, ...base].join(' ')} ${version} config`
      foundRenderer = {
        label,
        render: (file, profiles, env) => {
          try {
            return execFileSync(
              command,
              [
                ...base,
                '--project-name',
                RENDER_PROJECT,
                ...profiles.flatMap((p) => ['--profile', p]),
                '--file',
                file,
                'config',
              ],
              {
                cwd: path.dirname(file),
                env,
                encoding: 'utf8',
                stdio: ['ignore', 'pipe', 'pipe'],
                timeout: 60_000,
                maxBuffer: 16 * 2 ** 20,
              },
            )
          } catch (error) {
            const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim()
            // Compose's own words, a few lines at most: they name the key it refused.
            const text = stderr.split('\n').slice(0, 5).join(' / ') || (error as Error).message
            throw new Error(text.slice(0, 600), { cause: error })
          }
        },
      }
      break
    }
  }
  return foundRenderer ?? undefined
}

type Mapping = Record<string, unknown>
const isMapping = (v: unknown): v is Mapping => v !== null && typeof v === 'object' && !Array.isArray(v)

function dependsOn(service: Mapping): string[] {
  const deps = service.depends_on
  if (Array.isArray(deps)) return deps.map(String)
  if (isMapping(deps)) return Object.keys(deps)
  return []
}

function profilesOf(service: Mapping): string[] {
  return Array.isArray(service.profiles) ? service.profiles.map(String) : []
}

/** A published port with a fixed host port ("8080:80", { published: 8080 }) blocks a second stack. */
function fixedHostPorts(service: Mapping): string[] {
  const ports = Array.isArray(service.ports) ? service.ports : []
  const fixed: string[] = []
  for (const port of ports) {
    if (typeof port === 'string' && /^(?:[\d.]+:)?\d+(?:-\d+)?:\d+/.test(port)) fixed.push(port)
    else if (isMapping(port) && port.published !== undefined && port.published !== '')
      fixed.push(String(port.published))
  }
  return fixed
}

/**
 * Compose reads `.env` in the project folder for more than `${NAME}` values: DOCKER_HOST and the
 * COMPOSE_* settings change which daemon and which files Compose uses, and the pull request commits
 * that file. Only the project name may be set there (perf-gate passes its own anyway).
 */
function dotEnvProblems(dir: string): string[] {
  const file = path.join(dir, '.env')
  if (!existsSync(file)) return []
  return readTextCapped(file, MAX_COMPOSE_BYTES, 'compose .env file')
    .split('\n')
    .map((line) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
    .filter((name) => /^(DOCKER_|COMPOSE_)/i.test(name) && name.toUpperCase() !== 'COMPOSE_PROJECT_NAME')
    .map(
      (name) =>
        `${file}: ${name}: not allowed: Compose takes it from .env as its own setting (which daemon, files or profiles it uses); set it in the workflow instead`,
    )
}

export interface CheckComposeOptions {
  /** The config file, for messages. */
  configFile: string
  stack: ComposeStackConfig
  baselineVariant: VariantConfig | undefined
  /**
   * Is this host path allowed (inside the config's folder or the workspace, or allow-paths-outside-repo)?
   * Returns a reason when it is not.
   */
  refusePath: PathRefusal
  /**
   * Renders the file as Compose runs it, for the second evaluation: undefined finds the local
   * Compose (findComposeRenderer), null skips it (tests of the first evaluation alone).
   */
  renderer?: ComposeRenderer | null | undefined
  /** The environment Compose runs with (the runner's, without its and GitHub's variables). */
  composeEnv?: NodeJS.ProcessEnv | undefined
}

/**
 * Checks the compose file against the config and the rules above. Returns its facts, or the problems
 * (each a full message naming the compose file). `stack.compose` must already be an absolute path.
 */
export function checkComposeFile(options: CheckComposeOptions): { facts?: ComposeFacts; problems: string[] } {
  const file = options.stack.compose
  if (!existsSync(file))
    return { problems: [`${options.configFile}: stack.compose: compose file not found: ${file}`] }
  const read = readComposeFile(file)
  if ('problems' in read) return read
  const { raw, services } = read
  const allowlist = allowlistEvaluation(raw, options)
  if ('failed' in allowlist) return { problems: allowlist.failed }
  const problems = [
    ...allowlist.problems,
    ...referenceProblems(services, options),
    ...pairedPortProblems(services, options),
  ]
  const started = startedServices(services, options.stack)
  if (problems.length === 0 && started.size === 0)
    problems.push(
      `${options.configFile}: stack.profiles: no service of ${file} is enabled (every service has profiles; name one in stack.profiles or stack.services)`,
    )
  if (problems.length > 0) return { problems }
  const version =
    typeof raw.version === 'string' || typeof raw.version === 'number' ? String(raw.version) : undefined
  const images: Record<string, string> = {}
  for (const name of started) {
    const image = (services[name] as Mapping).image
    if (typeof image === 'string') images[name] = image
  }
  const aliases = composeNetworkAliases(services)
  const names = Object.keys(services)
  return {
    facts: {
      version,
      services: names,
      started: [...started],
      images,
      aliases,
      evaluation: allowlist.evaluation,
    },
    problems,
  }
}

/**
 * The compose file parsed as Compose reads it, or its one problem. `merge: true`: Compose applies YAML
 * merge keys (`<<: *anchor`, `<<: {...}`, `<<: [*a, *b]`), so the checks must see the keys they bring,
 * not a literal "<<" key.
 */
function readComposeFile(file: string): { raw: Mapping; services: Mapping } | { problems: string[] } {
  const text = readTextCapped(file, MAX_COMPOSE_BYTES, 'compose file')
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { merge: true, prettyErrors: false, lineCounter })
  if (doc.errors.length > 0) {
    return { problems: [yamlSyntaxProblem(file, text, doc.errors, lineCounter).problem] }
  }
  let raw: unknown
  try {
    raw = doc.toJS({ maxAliasCount: 100 })
  } catch (error) {
    return { problems: [`${file}: invalid YAML: ${(error as Error).message.split('\n')[0]}`] }
  }
  if (!isMapping(raw) || !isMapping(raw.services) || Object.keys(raw.services).length === 0)
    return { problems: [`${file}: no "services" in this compose file`] }
  return { raw, services: raw.services }
}

/**
 * The allowlist on the file as Compose reads it (merges applied), its .env and its variables; then,
 * when that passed (Compose's own start-up costs a second or more), on what Compose renders. `failed`:
 * Compose refused the file.
 */
function allowlistEvaluation(
  raw: Mapping,
  options: CheckComposeOptions,
): { problems: string[]; evaluation: string } | { failed: string[] } {
  const file = options.stack.compose
  const allowlist = (doc: unknown, where: string, renderedProject?: string) =>
    composeAllowlistProblems(doc, {
      dir: path.dirname(file),
      refusePath: options.refusePath,
      renderedProject,
    }).map((p) => `${where}: ${p.key}: ${p.message}`)
  const problems = [
    ...allowlist(raw, file),
    ...dotEnvProblems(path.dirname(file)),
    ...composeVariableProblems(raw, file),
  ]
  const evaluation = 'the file with merge keys applied'
  const renderer =
    problems.length > 0
      ? undefined
      : options.renderer === undefined
        ? findComposeRenderer()
        : options.renderer
  if (!renderer) return { problems, evaluation }
  let rendered: unknown
  try {
    rendered = parseYaml(renderer.render(file, options.stack.profiles, options.composeEnv ?? process.env), {
      maxAliasCount: 100,
    })
  } catch (error) {
    return { failed: [`${file}: ${renderer.label} failed: ${(error as Error).message}`] }
  }
  return {
    problems: [
      ...problems,
      ...allowlist(rendered, `${file} (as ${renderer.label} renders it)`, RENDER_PROJECT),
    ],
    evaluation: `${evaluation}, and the output of ${renderer.label}`,
  }
}

/** The profiles and services the config names (stack and baselineVariant) must be the compose file's. */
function referenceProblems(services: Mapping, options: CheckComposeOptions): string[] {
  const { stack, configFile } = options
  const file = stack.compose
  const names = Object.keys(services)
  const problems: string[] = []
  const allProfiles = new Set(names.flatMap((n) => profilesOf(services[n] as Mapping)))
  stack.profiles.forEach((profile, i) => {
    if (!allProfiles.has(profile))
      problems.push(
        `${configFile}: stack.profiles[${i}]: no service of ${file} has the profile "${profile}"${allProfiles.size > 0 ? ` (profiles: ${[...allProfiles].join(', ')})` : ''}`,
      )
  })
  const requireService = (key: string, name: string) => {
    if (!Object.hasOwn(services, name))
      problems.push(`${configFile}: ${key}: no service "${name}" in ${file} (services: ${names.join(', ')})`)
  }
  ;(stack.services ?? []).forEach((name, i) => requireService(`stack.services[${i}]`, name))
  for (const name of Object.keys(stack.wait)) requireService(`stack.wait.${name}`, name)
  for (const [name, override] of Object.entries(options.baselineVariant?.services ?? {})) {
    requireService(`baselineVariant.services.${name}`, name)
    if (override.build && !override.build.context)
      problems.push(
        `${configFile}: baselineVariant.services.${name}.build.context: required with stack.compose (the compose file's build is not read)`,
      )
  }
  return problems
}

/**
 * Every service must be a mapping; with a baseline variant, none may publish a fixed host port:
 * paired A/B runs start two stacks at once.
 */
function pairedPortProblems(services: Mapping, options: CheckComposeOptions): string[] {
  const at = (key: string, message: string) => `${options.stack.compose}: ${key}: ${message}`
  const problems: string[] = []
  for (const [name, service] of Object.entries(services)) {
    if (!isMapping(service)) {
      problems.push(at(`services.${name}`, 'expected a mapping'))
      continue
    }
    const fixed = options.baselineVariant ? fixedHostPorts(service) : []
    if (fixed.length > 0)
      problems.push(
        at(
          `services.${name}.ports`,
          `publishes host port ${fixed.join(', ')}: paired A/B runs start two stacks at once, so publish container ports only (perf-gate reaches containers on their network)`,
        ),
      )
  }
  return problems
}

/** Compose starts the named services and what they depend on, or every service the profiles enable. */
function startedServices(services: Mapping, stack: ComposeStackConfig): Set<string> {
  const started = new Set<string>()
  const add = (name: string) => {
    if (started.has(name) || !Object.hasOwn(services, name)) return
    started.add(name)
    const service = services[name]
    if (isMapping(service)) dependsOn(service).forEach(add)
  }
  if (stack.services) stack.services.forEach(add)
  else
    Object.keys(services)
      .filter((n) => {
        const p = profilesOf(services[n] as Mapping)
        return p.length === 0 || p.some((x) => stack.profiles.includes(x))
      })
      .forEach(add)
  return started
}
