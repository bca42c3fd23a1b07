/**
 * Reads perf-gate.yml: YAML -> ${VAR} interpolation -> zod -> paths resolved against the file's folder
 * -> referenced files checked. Every problem names the file and the config path; nothing is started
 * until the whole config is known to be valid.
 */
import { existsSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { LineCounter, parseDocument } from 'yaml'
import type { z } from 'zod'
import { ConfigError } from '../errors.js'
import { readTextCapped } from '../files.js'
import { composeEnvironment } from './compose-env.js'
import { checkComposeFile, type ComposeFacts, type ComposeRenderer } from './compose-file.js'
import { hostRefusal } from './hosts.js'
import { k6ParamProblem } from './k6-env.js'
import { k6FlagProblem } from './k6-flags.js'
import { preflightProblems } from './preflight.js'
import { buildContextProblem, hostPathProblem } from './stack-allowlist.js'
import { withLocations } from './locate.js'
import { yamlSyntaxProblem } from './yaml-errors.js'
import { serviceWaves } from './service-order.js'
import {
  BUILT_IN_SCENARIOS,
  configSchema,
  isBuiltInScenario,
  MAX_BODY_FILE_BYTES,
  MAX_GRAPHQL_QUERY_BYTES,
  type Config,
} from './schema.js'
import { profileTemplateProblems } from './schema/checks.js'
import { type InterpolatedValue, interpolationRefusal, redact } from './secrets.js'
import { expandConfig } from './sweep.js'

export {
  FORBIDDEN_VARIABLE_PREFIXES,
  type InterpolatedValue,
  looksSecret,
  maskInterpolated,
  redact,
  variableRefusal,
} from './secrets.js'

/** A validated config plus where it came from. Paths inside are absolute. */
export interface LoadedConfig {
  file: string
  dir: string
  /** The workspace (see LoadOptions.root): the repository git is asked about, symlinks resolved. */
  root: string
  /**
   * Hosts setup, readiness and targets may call besides the stack's service names: those the workflow
   * allows (LoadOptions.allowedHosts) and the compose file's network aliases (ComposeFacts.aliases).
   * The runtime setup guard (gate/measure.ts) is built from it.
   */
  allowedHosts: string[]
  config: Config
  /** Values `${NAME}` took from the environment: the action masks those that look secret. */
  interpolated: InterpolatedValue[]
  /** With stack.compose: what the compose file holds. */
  compose?: ComposeFacts | undefined
}

/**
 * What the workflow (an action input, a CLI flag, the checkout) decides, never the config: a pull
 * request controls the config file, so nothing in it may widen what perf-gate reads or reaches.
 */
export interface LoadOptions {
  /**
   * The workspace: GITHUB_WORKSPACE in the action, the CLI's working directory. Host paths inside it
   * (or inside the config's folder) may be read. Never asked of git: a bare repository committed in a
   * pull request can make git name "/" as the repository root. Default: the working directory.
   */
  root?: string | undefined
  /** Lifts the rule that host paths stay inside the workspace (the input allow-paths-outside-repo). */
  allowPathsOutsideRepo?: boolean | undefined
  /** Hosts setup, readiness and targets may call besides the stack's services (the input allowed-hosts). */
  allowedHosts?: readonly string[] | undefined
}

/** The config key that used to lift the path rule; refused with a pointer to the input and flag. */
const MOVED_KEYS: Record<string, string> = {
  allowPathsOutsideRepo:
    'no longer read from the config, which a pull request controls: set the action input "allow-paths-outside-repo" to true or pass the CLI flag --allow-paths-outside-repo in the workflow instead',
}

/** Largest config file read: a real one is a few kB, and YAML parsing a huge one exhausts memory. */
export const MAX_CONFIG_BYTES = 1_000_000

/** Aliases the YAML parser expands; a "billion laughs" document needs far more. */
const MAX_YAML_ALIASES = 100

/** Formats a path such as ['profiles', 1, 'target'] as `profiles[1].target`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`
    else {
      const key = String(segment)
      out += /^[A-Za-z_][\w-]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`
    }
  }
  return out || '(root)'
}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g

/**
 * Replaces `${NAME}` and `${NAME:-default}` in every string of a parsed YAML value. `$${` escapes a
 * literal `${`. An unset variable without a default, and a variable interpolationRefusal refuses, is a problem at
 * that path. Values taken from `env` are collected in `used`, so callers can keep them out of messages.
 */
export function interpolate(
  value: unknown,
  env: Record<string, string | undefined>,
  problems: string[],
  at: PropertyKey[] = [],
  /** Filled in step with `problems`: the path of each, so that it can be located in the file. */
  paths: PropertyKey[][] = [],
  used: InterpolatedValue[] = [],
): unknown {
  if (typeof value === 'string') {
    const escaped = value.split('$${')
    return escaped
      .map((part) =>
        part.replace(VARIABLE, (_match, name: string, fallback: string | undefined) => {
          const found = env[name]
          const refusal = interpolationRefusal(name, found)
          if (refusal) {
            problems.push(`${formatPath(at)}: ${refusal}`)
            paths.push(at)
            return ''
          }
          if (found !== undefined && found !== '') {
            used.push({ name, value: found })
            return found
          }
          if (fallback !== undefined) return fallback
          problems.push(
            `${formatPath(at)}: environment variable ${name} is not set (use \${${name}:-default})`,
          )
          paths.push(at)
          return ''
        }),
      )
      .join('${')
  }
  if (Array.isArray(value))
    return value.map((item, i) => interpolate(item, env, problems, [...at, i], paths, used))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        interpolate(item, env, problems, [...at, key], paths, used),
      ]),
    )
  }
  return value
}

/**
 * A union that matched no branch (a sweepable number: one value or a list) says only "Invalid input";
 * report the branch that got furthest instead (a list whose element is wrong names that element),
 * the first branch on a tie, with its path joined to the union's.
 */
function unwrapUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue
  let best: z.core.$ZodIssue | undefined
  for (const branch of issue.errors) {
    const first = branch[0]
    if (first && (best === undefined || first.path.length > best.path.length)) best = first
  }
  return best ? unwrapUnion({ ...best, path: [...issue.path, ...best.path] }) : issue
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
  }
  if (issue.code === 'invalid_type') {
    // zod 4 leaves the input out of issues; its message ends in "received <type>".
    const received = /received (\w+)/.exec(issue.message)?.[1]
    return received === 'undefined'
      ? `required (expected ${issue.expected})`
      : `expected ${issue.expected}${received ? `, got ${received}` : ''}`
  }
  return issue.message
}

/** Validates an already parsed config object. `source` names the file in messages. */
export function parseConfig(raw: unknown, source: string, env: Record<string, string | undefined>): Config {
  return parseConfigValues(raw, source, env).config
}

function parseConfigValues(
  raw: unknown,
  source: string,
  env: Record<string, string | undefined>,
): { config: Config; interpolated: InterpolatedValue[] } {
  const problems: string[] = []
  const paths: PropertyKey[][] = []
  const interpolated: InterpolatedValue[] = []
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, message] of Object.entries(MOVED_KEYS)) {
      if (Object.hasOwn(raw, key)) {
        problems.push(`${key}: ${message}`)
        paths.push([key])
      }
    }
  }
  const value = interpolate(raw, env, problems, [], paths, interpolated)
  const fail = (lines: string[], where?: ConstructorParameters<typeof ConfigError>[1]) =>
    new ConfigError(
      lines.map((line) => redact(line, interpolated)),
      where,
    )
  if (problems.length > 0)
    throw fail(
      problems.map((p) => `${source}: ${p}`),
      { paths },
    )
  const parsed = configSchema.safeParse(value)
  if (!parsed.success) {
    const issues = parsed.error.issues.map(unwrapUnion)
    throw fail(
      issues.map((issue) => `${source}: ${formatPath(issue.path)}: ${describeIssue(issue)}`),
      // An unknown key is located at the key itself rather than at the object holding it.
      {
        paths: issues.map((i) => (i.code === 'unrecognized_keys' ? [...i.path, i.keys[0] ?? ''] : i.path)),
      },
    )
  }
  // k6 flags are checked against the allowlist here rather than in the schema, which imports nothing
  // local (scripts/gen-schema.ts loads it as it is).
  const flagProblems = [
    ...parsed.data.k6.flags.flatMap((flag, i) => {
      const problem = k6FlagProblem(flag)
      return problem ? [{ path: ['k6', 'flags', i] as PropertyKey[], message: problem }] : []
    }),
    // params become k6's environment: none may name a setting of k6, Go, the loader or a proxy.
    ...parsed.data.scenarios.flatMap((scenario, i) =>
      Object.keys(scenario.params).flatMap((key) => {
        const problem = k6ParamProblem(key)
        return problem ? [{ path: ['scenarios', i, 'params', key] as PropertyKey[], message: problem }] : []
      }),
    ),
  ]
  if (flagProblems.length > 0)
    throw fail(
      flagProblems.map((p) => `${source}: ${formatPath(p.path)}: ${p.message}`),
      { paths: flagProblems.map((p) => p.path) },
    )
  try {
    serviceWaves(Object.fromEntries(Object.entries(parsed.data.services).map(([n, s]) => [n, s.dependsOn])))
  } catch (error) {
    throw fail([`${source}: services: ${(error as Error).message}`], { paths: [['services']] })
  }
  return { config: expandConfig(parsed.data), interpolated }
}

/**
 * The index in the config file of expanded scenario `i`: a sweep's levels all come from one entry, so
 * messages about a script name the entry the user wrote.
 */
function configIndex(scenarios: Config['scenarios'], i: number): number {
  const names = new Set(scenarios.slice(0, i + 1).map((s) => s.sweep?.scenario ?? s.name))
  return names.size - 1
}

export { isBuiltInScenario } from './schema.js'

export interface LoadOptions {
  /**
   * How a compose file is rendered for the allowlist's second evaluation: undefined finds the local
   * Compose, null evaluates the file alone (tests that must not depend on the machine's Compose).
   */
  composeRenderer?: ComposeRenderer | null | undefined
}

/**
 * The environment Compose runs with, both for `compose config` here and for `up` (the same rule as
 * stack/compose-stack.ts): the runner's, with its and GitHub's variables emptied.
 */
export function composeRunEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, ...composeEnvironment(env) }
}

/** The config file every verb reads when `--config` is not given (the action input's default too). */
export const DEFAULT_CONFIG_FILE = 'perf-gate.yml'

/**
 * The config file a CLI verb reads: `--config` as given, else perf-gate.yml in `cwd`. Without either,
 * a ConfigError (exit 2) that says how to write one; with `optional` (doctor, which is useful before
 * any config exists), undefined instead.
 */
export function configFile(given: string | undefined, cwd?: string): string
export function configFile(
  given: string | undefined,
  cwd: string | undefined,
  options: { optional: true },
): string | undefined
export function configFile(
  given: string | undefined,
  cwd = '.',
  options: { optional?: boolean } = {},
): string | undefined {
  if (given !== undefined) return given
  const file = path.join(cwd, DEFAULT_CONFIG_FILE)
  if (existsSync(file)) return file
  if (options.optional) return undefined
  throw new ConfigError([
    `no --config given and no ${DEFAULT_CONFIG_FILE} in ${path.resolve(cwd)}: pass --config FILE, or write one with "perf-gate init --image IMAGE" (or "perf-gate init --compose FILE")`,
  ])
}

/**
 * Loads and validates a config file. Relative paths (files, build contexts, scenario scripts, the
 * baseline) are resolved against the config file's folder; files that must exist are checked here.
 */
export function loadConfig(
  file: string,
  env: Record<string, string | undefined> = process.env,
  options: LoadOptions = {},
): LoadedConfig {
  const absolute = path.resolve(file)
  if (!existsSync(absolute)) throw new ConfigError([`${file}: config file not found`])
  const text = readTextCapped(absolute, MAX_CONFIG_BYTES, 'config')
  const lineCounter = new LineCounter()
  // prettyErrors off: yamlSyntaxProblem writes the location and a shorter frame itself.
  const doc = parseDocument(text, { prettyErrors: false, lineCounter })
  if (doc.errors.length > 0) {
    const { problem, location } = yamlSyntaxProblem(file, text, doc.errors, lineCounter, absolute)
    throw new ConfigError([problem], { locations: [location] })
  }
  let raw: unknown
  try {
    raw = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES })
  } catch (error) {
    // The yaml library refuses documents whose aliases expand without bound ("billion laughs").
    throw new ConfigError([`${file}: invalid YAML: ${(error as Error).message.split('\n')[0]}`])
  }
  let config: Config
  let interpolated: InterpolatedValue[]
  try {
    ;({ config, interpolated } = parseConfigValues(raw, file, env))
  } catch (error) {
    throw withLocations(error, doc, lineCounter, absolute)
  }
  const dir = path.dirname(absolute)
  const resolved = resolvePaths(config, dir)
  const refusePath = pathRefusal(dir, options)
  const problems = missingFiles(resolved)
  if (problems.length === 0) problems.push(...pathsOutside(resolved, refusePath))
  if (problems.length > 0) throw new ConfigError(problems.map((m) => redact(`${file}: ${m}`, interpolated)))
  let facts: ComposeFacts | undefined
  if (resolved.stack) {
    const compose = checkComposeFile({
      configFile: file,
      stack: resolved.stack,
      baselineVariant: resolved.baselineVariant,
      refusePath,
      renderer: options.composeRenderer,
      composeEnv: composeRunEnvironment(),
    })
    if (compose.problems.length > 0)
      throw new ConfigError(compose.problems.map((m) => redact(m, interpolated)))
    facts = compose.facts
  }
  // Caught before start: a host naming no service (with "did you mean"), scripts, wait ports, plan size.
  const early = preflightProblems(resolved, {
    composeServices: facts?.started,
    composeAliases: facts?.aliases,
    allowedHosts: options.allowedHosts,
  })
  if (early.length > 0) throw new ConfigError(early.map((m) => redact(`${file}: ${m}`, interpolated)))
  // The trust rule for hosts: only the stack's services (a compose service by its name or a network
  // alias) and what the workflow allows, no placeholders.
  const serviceNames = facts ? facts.services : Object.keys(resolved.services)
  const aliases = Object.keys(facts?.aliases ?? {})
  const hostProblems = unreachableHosts(resolved, [...serviceNames, ...aliases], options.allowedHosts ?? [])
  if (hostProblems.length > 0)
    throw new ConfigError(hostProblems.map((m) => redact(`${file}: ${m}`, interpolated)))
  return {
    file: absolute,
    dir,
    root: workspaceRoot(options),
    allowedHosts: [...new Set([...(options.allowedHosts ?? []), ...aliases])],
    config: withBodyFiles(withGraphqlQueries(resolved, file), dir, file),
    interpolated,
    ...(facts ? { compose: facts } : {}),
  }
}

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
 * Host paths the config names (files copied into containers, build contexts and Dockerfiles, k6
 * scripts) must stay inside the config's folder or the workspace: a pull request's config could
 * otherwise copy the runner's secrets into a container it controls. Symlinks are followed first.
 * The workflow's allow-paths-outside-repo lifts the rule, except for /proc, /sys and /dev.
 */
function pathsOutside(config: Config, refuse: (file: string) => string | undefined): string[] {
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
export function workspaceRoot(options: Pick<LoadOptions, 'root'> = {}): string {
  const root = path.resolve(options.root ?? process.cwd())
  try {
    return realpathSync(root)
  } catch {
    return root
  }
}

/** Why a host path may not be read (see pathsOutside), or undefined when it may. */
function pathRefusal(dir: string, options: LoadOptions): (file: string) => string | undefined {
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

/**
 * Setup, readiness and target URLs must name one of the stack's services (`services` holds a compose
 * file's network aliases too) or a host the workflow allows: a setup chain that may call any host can
 * read a cloud metadata endpoint, capture a token and send it on. A `{{placeholder}}` in the host would let a captured value pick the host: refused.
 */
function unreachableHosts(
  config: Config,
  services: readonly string[],
  allowedHosts: readonly string[],
): string[] {
  const allowed = new Set([...services.map((s) => s.toLowerCase()), ...allowedHosts])
  const problems: string[] = []
  const check = (at: string, url: string) => {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? ''
    if (authority.includes('{{')) {
      problems.push(
        `${at}: the host may not be a {{placeholder}}: a captured value would choose where setup calls go`,
      )
      return
    }
    const refusal = hostRefusal(url, allowed, at)
    if (refusal) problems.push(refusal)
  }
  config.profiles.forEach((profile, i) => {
    check(`profiles[${i}].target`, profile.target)
    if (profile.readiness?.url) check(`profiles[${i}].readiness.url`, profile.readiness.url)
    profile.setup.forEach((call, j) => check(`profiles[${i}].setup[${j}].url`, call.url))
  })
  return problems
}

/** Reads every GraphQL queryFile (already checked to exist and to be inside the repo) into `query`. */
function withGraphqlQueries(config: Config, file: string): Config {
  return {
    ...config,
    scenarios: config.scenarios.map((s, i) => {
      if (!s.graphql?.queryFile) return s
      const query = readTextCapped(
        s.graphql.queryFile,
        MAX_GRAPHQL_QUERY_BYTES,
        `${file}: scenarios[${i}].graphql.queryFile`,
      ).trim()
      if (query === '') {
        throw new ConfigError([`${file}: scenarios[${i}].graphql.queryFile: ${s.graphql.queryFile} is empty`])
      }
      return { ...s, graphql: { ...s.graphql, query } }
    }),
  }
}

/**
 * Reads every setup bodyFile (already checked to exist and to be inside the repo) into `body`: a .json
 * file as JSON, anything else as text. Its `{{name}}` placeholders are checked as an inline body's.
 */
function withBodyFiles(config: Config, dir: string, file: string): Config {
  if (!config.profiles.some((p) => p.setup.some((call) => call.bodyFile))) return config
  const problems: string[] = []
  const profiles = config.profiles.map((profile, i) => {
    if (!profile.setup.some((call) => call.bodyFile)) return profile
    const setup = profile.setup.map((call, j) => {
      if (!call.bodyFile) return call
      const at = `profiles[${i}].setup[${j}].bodyFile`
      const text = readTextCapped(call.bodyFile, MAX_BODY_FILE_BYTES, `${file}: ${at}`)
      const { bodyFile, ...rest } = call
      if (!bodyFile.endsWith('.json')) return { ...rest, body: text }
      try {
        return { ...rest, body: JSON.parse(text) as unknown }
      } catch (error) {
        problems.push(
          `${at}: ${path.relative(dir, bodyFile)} is not valid JSON (${(error as Error).message})`,
        )
        return rest
      }
    })
    const read = { ...profile, setup }
    for (const problem of profileTemplateProblems(read))
      problems.push(
        `profiles[${i}].${problem.path.join('.').replace(/\.(\d+)/g, '[$1]')}: ${problem.message}`,
      )
    return read
  })
  if (problems.length > 0) throw new ConfigError(problems.map((m) => `${file}: ${m}`))
  return { ...config, profiles }
}

function resolvePaths(config: Config, dir: string): Config {
  const at = (p: string) => path.resolve(dir, p)
  return {
    ...config,
    services: Object.fromEntries(
      Object.entries(config.services).map(([name, service]) => [
        name,
        {
          ...service,
          build: service.build ? { ...service.build, context: at(service.build.context) } : undefined,
          files: service.files.map((f) => ({ ...f, source: at(f.source) })),
        },
      ]),
    ),
    scenarios: config.scenarios.map((s) => {
      const resolved = isBuiltInScenario(s.script) ? s : { ...s, script: at(s.script) }
      return s.graphql?.queryFile
        ? { ...resolved, graphql: { ...s.graphql, queryFile: at(s.graphql.queryFile) } }
        : resolved
    }),
    profiles: config.profiles.map((profile) =>
      profile.setup.some((call) => call.bodyFile)
        ? {
            ...profile,
            setup: profile.setup.map((call) =>
              call.bodyFile ? { ...call, bodyFile: at(call.bodyFile) } : call,
            ),
          }
        : profile,
    ),
    baseline: { path: at(config.baseline.path) },
    ...(config.stack ? { stack: { ...config.stack, compose: at(config.stack.compose) } } : {}),
  }
}

function missingFiles(config: Config): string[] {
  const problems: string[] = []
  for (const [name, service] of Object.entries(config.services)) {
    service.files.forEach((f, i) => {
      if (!existsSync(f.source))
        problems.push(`services.${name}.files[${i}].source: file not found: ${f.source}`)
    })
    if (service.build) {
      const dockerfile = path.resolve(service.build.context, service.build.dockerfile)
      if (!existsSync(dockerfile))
        problems.push(`services.${name}.build: Dockerfile not found: ${dockerfile}`)
    }
  }
  config.profiles.forEach((profile, i) =>
    profile.setup.forEach((call, j) => {
      if (call.bodyFile && !existsSync(call.bodyFile))
        problems.push(`profiles[${i}].setup[${j}].bodyFile: file not found: ${call.bodyFile}`)
    }),
  )
  config.scenarios.forEach((s, index) => {
    const i = configIndex(config.scenarios, index)
    if (s.graphql?.queryFile && !existsSync(s.graphql.queryFile)) {
      problems.push(`scenarios[${i}].graphql.queryFile: file not found: ${s.graphql.queryFile}`)
    }
    if (!isBuiltInScenario(s.script) && !existsSync(s.script)) {
      problems.push(`scenarios[${i}].script: k6 script not found: ${s.script}`)
    } else if (isBuiltInScenario(s.script) && !(BUILT_IN_SCENARIOS as readonly string[]).includes(s.script)) {
      problems.push(
        `scenarios[${i}].script: unknown built-in scenario "${s.script}" (expected one of ${BUILT_IN_SCENARIOS.join(', ')}, or a path ending in .js)`,
      )
    }
  })
  return [...new Set(problems)]
}
