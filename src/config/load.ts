/**
 * Reads perf-gate.yml: YAML -> ${VAR} interpolation -> zod -> paths resolved against the file's folder
 * -> referenced files checked. Every problem names the file and the config path; nothing is started
 * until the whole config is known to be valid.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { type Document, LineCounter, parseDocument } from 'yaml'
import { ConfigError } from '../errors.js'
import { readTextCapped } from '../files.js'
import { composeRunEnvironment } from './compose-env.js'
import { checkComposeFile, type ComposeFacts, type ComposeRenderer } from './compose-file.js'
import { unreachableHosts } from './hosts.js'
import { withLocations } from './locate.js'
import { preflightProblems } from './preflight.js'
import { missingFiles, resolvePaths, withBodyFiles, withGraphqlQueries } from './referenced-files.js'
import type { Config } from './schema.js'
import { type InterpolatedValue, redact } from './secrets.js'
import type { PathRefusal } from './stack-allowlist.js'
import { validateConfig } from './validate.js'
import { pathRefusal, pathsOutside, workspaceRoot } from './workspace-paths.js'
import { yamlSyntaxProblem } from './yaml-errors.js'

/** A validated config plus where it came from. Paths inside are absolute. */
export interface LoadedConfig {
  file: string
  dir: string
  /** The workspace (see LoadOptions.root): the repository git is asked about, symlinks resolved. */
  root: string
  /**
   * Hosts setup, readiness and targets may call besides the stack's service names: those the workflow
   * allows (LoadOptions.allowedHosts) and the compose file's network aliases (ComposeFacts.aliases).
   * The runtime setup guard (gate/stack-session.ts) is built from it.
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
  /**
   * How a compose file is rendered for the allowlist's second evaluation: undefined finds the local
   * Compose, null evaluates the file alone (tests that must not depend on the machine's Compose).
   */
  composeRenderer?: ComposeRenderer | null | undefined
}

/** Largest config file read: a real one is a few kB, and YAML parsing a huge one exhausts memory. */
export const MAX_CONFIG_BYTES = 1_000_000

/** Aliases the YAML parser expands; a "billion laughs" document needs far more. */
const MAX_YAML_ALIASES = 100

/** Validates an already parsed config object. `source` names the file in messages. */
export function parseConfig(raw: unknown, source: string, env: Record<string, string | undefined>): Config {
  return validateConfig(raw, source, env).config
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
  const yaml = readConfigYaml(file)
  const { config, interpolated } = validateLocated(yaml, file, env)
  const refuse = (problems: readonly string[]) => {
    if (problems.length > 0) throw new ConfigError(problems.map((m) => redact(m, interpolated)))
  }
  const inFile = (problems: readonly string[]) => problems.map((m) => `${file}: ${m}`)
  const dir = path.dirname(yaml.absolute)
  const resolved = resolvePaths(config, dir)
  const refusePath = pathRefusal(dir, options)
  refuse(inFile(hostFileProblems(resolved, refusePath)))
  const compose = resolved.stack
    ? checkComposeFile({
        configFile: file,
        stack: resolved.stack,
        baselineVariant: resolved.baselineVariant,
        refusePath,
        renderer: options.composeRenderer,
        composeEnv: composeRunEnvironment(),
      })
    : undefined
  refuse(compose?.problems ?? [])
  const facts = compose?.facts
  // Caught before start: a host naming no service (with "did you mean"), scripts, wait ports, plan size.
  refuse(
    inFile(
      preflightProblems(resolved, {
        composeServices: facts?.started,
        composeAliases: facts?.aliases,
        allowedHosts: options.allowedHosts,
      }),
    ),
  )
  // The trust rule for hosts: only the stack's services (a compose service by its name or a network
  // alias) and what the workflow allows, no placeholders.
  const aliases = Object.keys(facts?.aliases ?? {})
  const services = [...(facts ? facts.services : Object.keys(resolved.services)), ...aliases]
  refuse(inFile(unreachableHosts(resolved, services, options.allowedHosts ?? [])))
  return {
    file: yaml.absolute,
    dir,
    root: workspaceRoot(options),
    allowedHosts: [...new Set([...(options.allowedHosts ?? []), ...aliases])],
    config: withBodyFiles(withGraphqlQueries(resolved, file), dir, file),
    interpolated,
    ...(facts ? { compose: facts } : {}),
  }
}

/** The config file parsed as YAML: its document (to locate problems in) and its value. */
interface ConfigYaml {
  absolute: string
  doc: Document
  lineCounter: LineCounter
  raw: unknown
}

/** Reads and parses the config file; a missing file, one too large or bad YAML is a ConfigError. */
function readConfigYaml(file: string): ConfigYaml {
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
  try {
    return { absolute, doc, lineCounter, raw: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) }
  } catch (error) {
    // The yaml library refuses documents whose aliases expand without bound ("billion laughs").
    throw new ConfigError([`${file}: invalid YAML: ${(error as Error).message.split('\n')[0]}`])
  }
}

/** validateConfig, its problems located at their lines in the file. */
function validateLocated(
  yaml: ConfigYaml,
  file: string,
  env: Record<string, string | undefined>,
): ReturnType<typeof validateConfig> {
  try {
    return validateConfig(yaml.raw, file, env)
  } catch (error) {
    throw withLocations(error, yaml.doc, yaml.lineCounter, yaml.absolute)
  }
}

/** The files the config names must exist, and then be where the workflow lets perf-gate read. */
function hostFileProblems(config: Config, refusePath: PathRefusal): string[] {
  const missing = missingFiles(config)
  return missing.length > 0 ? missing : pathsOutside(config, refusePath)
}
