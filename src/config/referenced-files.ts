/**
 * The files a config names besides its own: resolved against the config's folder, checked to exist
 * before anything starts, and, for GraphQL queries and setup bodies, read into the config so that
 * nothing reads them again later.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../errors.js'
import { readTextCapped } from '../files.js'
import { configIndex } from './preflight.js'
import {
  BUILT_IN_SCENARIOS,
  isBuiltInScenario,
  MAX_BODY_FILE_BYTES,
  MAX_GRAPHQL_QUERY_BYTES,
  type Config,
} from './schema.js'
import { profileTemplateProblems } from './schema/checks.js'

/** `config` with every relative path (files, build contexts, scripts, the baseline) made absolute from `dir`. */
export function resolvePaths(config: Config, dir: string): Config {
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

/** Each file `config` names that is not there (after resolvePaths), as `path: what is missing`. */
export function missingFiles(config: Config): string[] {
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

/** Reads every GraphQL queryFile (already checked to exist and to be inside the repo) into `query`. */
export function withGraphqlQueries(config: Config, file: string): Config {
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
export function withBodyFiles(config: Config, dir: string, file: string): Config {
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
