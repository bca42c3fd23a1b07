/**
 * Reads perf-gate.yml: YAML -> ${VAR} interpolation -> zod -> paths resolved against the file's folder
 * -> referenced files checked. Every problem names the file and the config path; nothing is started
 * until the whole config is known to be valid.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { LineCounter, parseDocument } from 'yaml'
import type { z } from 'zod'
import { ConfigError } from '../errors.js'
import { withLocations } from './locate.js'
import { serviceWaves } from '../plan/service-order.js'
import { BUILT_IN_SCENARIOS, configSchema, type Config } from './schema.js'

/** A validated config plus where it came from. Paths inside are absolute. */
export interface LoadedConfig {
  file: string
  dir: string
  config: Config
}

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
 * literal `${`. An unset variable without a default is a problem at that path.
 */
export function interpolate(
  value: unknown,
  env: Record<string, string | undefined>,
  problems: string[],
  at: PropertyKey[] = [],
  /** Filled in step with `problems`: the path of each, so that it can be located in the file. */
  paths: PropertyKey[][] = [],
): unknown {
  if (typeof value === 'string') {
    const escaped = value.split('$${')
    return escaped
      .map((part) =>
        part.replace(VARIABLE, (_match, name: string, fallback: string | undefined) => {
          const found = env[name]
          if (found !== undefined && found !== '') return found
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
  if (Array.isArray(value)) return value.map((item, i) => interpolate(item, env, problems, [...at, i], paths))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        interpolate(item, env, problems, [...at, key], paths),
      ]),
    )
  }
  return value
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
  const problems: string[] = []
  const paths: PropertyKey[][] = []
  const interpolated = interpolate(raw, env, problems, [], paths)
  if (problems.length > 0)
    throw new ConfigError(
      problems.map((p) => `${source}: ${p}`),
      { paths },
    )
  const parsed = configSchema.safeParse(interpolated)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${source}: ${formatPath(issue.path)}: ${describeIssue(issue)}`),
      // An unknown key is located at the key itself rather than at the object holding it.
      {
        paths: parsed.error.issues.map((i) =>
          i.code === 'unrecognized_keys' ? [...i.path, i.keys[0] ?? ''] : i.path,
        ),
      },
    )
  }
  try {
    serviceWaves(Object.fromEntries(Object.entries(parsed.data.services).map(([n, s]) => [n, s.dependsOn])))
  } catch (error) {
    throw new ConfigError([`${source}: services: ${(error as Error).message}`], { paths: [['services']] })
  }
  return parsed.data
}

/** Is this scenario script one of ours (scenarios/NAME.js) rather than a path to the user's own? */
export function isBuiltInScenario(script: string): boolean {
  return (BUILT_IN_SCENARIOS as readonly string[]).includes(script) || /^[a-z-]+$/.test(script)
}

/**
 * Loads and validates a config file. Relative paths (files, build contexts, scenario scripts, the
 * baseline) are resolved against the config file's folder; files that must exist are checked here.
 */
export function loadConfig(
  file: string,
  env: Record<string, string | undefined> = process.env,
): LoadedConfig {
  const absolute = path.resolve(file)
  if (!existsSync(absolute)) throw new ConfigError([`${file}: config file not found`])
  const text = readFileSync(absolute, 'utf8')
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { prettyErrors: true, lineCounter })
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => `${file}: invalid YAML: ${e.message.split('\n')[0]}`),
      {
        locations: doc.errors.map(
          (e) => e.linePos && { file: absolute, line: e.linePos[0].line, column: e.linePos[0].col },
        ),
      },
    )
  }
  let config: Config
  try {
    config = parseConfig(doc.toJS(), file, env)
  } catch (error) {
    throw withLocations(error, doc, lineCounter, absolute)
  }
  const dir = path.dirname(absolute)
  const resolved = resolvePaths(config, dir)
  const missing = missingFiles(resolved)
  if (missing.length > 0) throw new ConfigError(missing.map((m) => `${file}: ${m}`))
  return { file: absolute, dir, config: resolved }
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
    scenarios: config.scenarios.map((s) =>
      isBuiltInScenario(s.script) ? s : { ...s, script: at(s.script) },
    ),
    baseline: { path: at(config.baseline.path) },
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
  config.scenarios.forEach((s, i) => {
    if (!isBuiltInScenario(s.script) && !existsSync(s.script)) {
      problems.push(`scenarios[${i}].script: k6 script not found: ${s.script}`)
    } else if (isBuiltInScenario(s.script) && !(BUILT_IN_SCENARIOS as readonly string[]).includes(s.script)) {
      problems.push(
        `scenarios[${i}].script: unknown built-in scenario "${s.script}" (expected one of ${BUILT_IN_SCENARIOS.join(', ')}, or a path ending in .js)`,
      )
    }
  })
  return problems
}
