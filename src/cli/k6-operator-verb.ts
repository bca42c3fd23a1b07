/**
 * `perf-gate k6-operator --scenario NAME --target URL --parallelism N`: writes a k6-operator TestRun
 * (and the ConfigMap holding the scenario's k6 archive) that runs one cell's load from a Kubernetes
 * cluster, split over N runner pods by execution segments. See docs/k6.md.
 */
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { InvalidArgumentError, type Command } from 'commander'
import { configFile, DEFAULT_CONFIG_FILE } from '../config/config-file.js'
import { loadConfig, type LoadedConfig } from '../config/load.js'
import { ConfigError, InfrastructureError } from '../errors.js'
import { builtInLoadKind } from '../kinds/load/kind.js'
import { kindOf } from '../kinds/registry.js'
import { findK6 } from '../load/k6.js'
import {
  k6Archive,
  MAX_CONFIG_MAP_BYTES,
  RESOURCE_NAME,
  resourceName,
  testRunManifest,
} from '../load/k6-operator.js'
import { scenarioEnv, scriptPath } from '../load/scenario-env.js'
import type { VerbContext } from './verb-context.js'

/** Most runner pods one TestRun may ask for here: a sanity bound, not k6-operator's. */
const MAX_PARALLELISM = 1000

interface K6OperatorOptions {
  config?: string
  scenario: string
  profile?: string
  target: string
  parallelism: number
  name?: string
  namespace?: string
  out: string
}

function parallelismOption(value: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_PARALLELISM)
    throw new InvalidArgumentError(`expected a number of runner pods from 1 to ${MAX_PARALLELISM}`)
  return n
}

function targetOption(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new InvalidArgumentError('expected the http(s) URL the runner pods reach the gateway at')
  return value
}

function nameOption(value: string): string {
  if (!RESOURCE_NAME.test(value))
    throw new InvalidArgumentError(
      'expected a lower-case name of letters, digits and "-", at most 50 characters',
    )
  return value
}

/**
 * The k6 environment of the cell, refused where it cannot work in a cluster or must not land in a
 * ConfigMap: values captured by a profile's setup (which runs only in perf-gate's own stack) and
 * values the config took from the environment (`${NAME}`: possibly secrets; a ConfigMap is not one).
 */
function cellEnv(loaded: LoadedConfig, opts: K6OperatorOptions): Record<string, string> {
  const { config } = loaded
  const scenario = config.scenarios.find((s) => s.name === opts.scenario)
  if (!scenario)
    throw new ConfigError([
      `--scenario ${opts.scenario}: no such scenario in ${loaded.file} (${config.scenarios.map((s) => s.name).join(', ')})`,
    ])
  if (kindOf(scenario) !== builtInLoadKind)
    throw new ConfigError([
      `--scenario ${opts.scenario}: ${scenario.script} is not a load scenario of perf-gate's built-in scripts (constant or ramping VUs or arrival rate, graphql); only those run from a TestRun`,
    ])
  const candidates = scenario.profiles
    ? config.profiles.filter((p) => scenario.profiles?.includes(p.name))
    : config.profiles
  const profileIndex = config.profiles.findIndex((p) =>
    opts.profile !== undefined ? p.name === opts.profile : p === candidates[0],
  )
  const profile = config.profiles[profileIndex]
  if (!profile || !candidates.includes(profile))
    throw new ConfigError([
      `--profile ${opts.profile}: not a profile scenario ${opts.scenario} runs (${candidates.map((p) => p.name).join(', ')})`,
    ])
  const problems: string[] = []
  for (const [header, value] of Object.entries(profile.headers)) {
    if (/\{\{/.test(value))
      problems.push(
        `${loaded.file}: profiles[${profileIndex}].headers.${header}: a {{value}} captured by the profile's setup, which runs only in perf-gate's own stack; a TestRun cannot fill it`,
      )
  }
  const env = { ...scenarioEnv(profile, scenario, opts.target), SUMMARY_PATH: 'stdout' }
  for (const { name, value } of loaded.interpolated) {
    if (value.length >= 4 && Object.values(env).some((v) => v.includes(value)))
      problems.push(
        `${loaded.file}: the value of \${${name}} would be written into a ConfigMap, which is not a secret; the TestRun takes no values from the environment`,
      )
  }
  config.k6.flags.forEach((flag, i) => {
    if (/\s/.test(flag))
      problems.push(
        `${loaded.file}: k6.flags[${i}]: the TestRun passes flags as one space-separated string; "${flag}" holds a space`,
      )
  })
  if (problems.length > 0) throw new ConfigError(problems)
  return env
}

/** Registers `k6-operator` on the program. */
export function registerK6Operator(program: Command, ctx: VerbContext): void {
  program
    .command('k6-operator')
    .description(
      'write a k6-operator TestRun (and the ConfigMap with the k6 archive) that runs one cell from a Kubernetes cluster, split over N runner pods',
    )
    .option(
      '-c, --config <file>',
      `the config file (default: ${DEFAULT_CONFIG_FILE} in the current directory)`,
    )
    .requiredOption('--scenario <name>', 'the scenario (a built-in load script) to run')
    .option('--profile <name>', "the profile whose headers and checks apply (default: the scenario's first)")
    .requiredOption('--target <url>', 'the URL the runner pods reach the gateway at', targetOption)
    .requiredOption('--parallelism <n>', 'runner pods, one execution segment each', parallelismOption)
    .option('--name <name>', 'the TestRun name (default: from the gate and scenario names)', nameOption)
    .option('--namespace <namespace>', 'the namespace of both objects (default: kubectl’s)', nameOption)
    .option('-o, --out <file>', 'the manifest to write', 'perf-gate-testrun.yaml')
    .action(async (opts: K6OperatorOptions) => {
      const loaded = loadConfig(configFile(opts.config), process.env, { root: process.cwd() })
      const env = cellEnv(loaded, opts)
      if (existsSync(opts.out))
        throw new ConfigError([`${opts.out}: already exists; k6-operator does not overwrite it`])
      const k6 = await findK6()
      if (!k6) throw new InfrastructureError('k6 not found (K6_PATH or PATH): it writes the archive')
      const scenario = loaded.config.scenarios.find((s) => s.name === opts.scenario)!
      const archive = await k6Archive(k6, scriptPath(scenario), env)
      const name = opts.name ?? resourceName(`${loaded.config.name}-${scenario.name}`)
      const manifest = testRunManifest(
        {
          name,
          namespace: opts.namespace,
          parallelism: opts.parallelism,
          archive,
          // As on the runner: a built-in scenario follows no redirect, last so no flag undoes it.
          flags: [...loaded.config.k6.flags, '--max-redirects=0'],
        },
        [
          `k6-operator TestRun for cell ${opts.scenario} of ${loaded.config.name}, written by perf-gate k6-operator (k6 ${k6.version}).`,
          `${opts.parallelism} runner pods, one execution segment each; each prints its segment's summary JSON to its log.`,
          'The archive holds the scenario, its env (target, headers, load shape) and the absolute paths of its files.',
        ],
      )
      if (Buffer.byteLength(manifest) > MAX_CONFIG_MAP_BYTES)
        throw new InfrastructureError(
          `the manifest is ${Buffer.byteLength(manifest)} bytes, over a ConfigMap's 1 MiB`,
        )
      await writeFile(opts.out, manifest, { flag: 'wx' })
      ctx.log.info(`k6 archive: ${archive.byteLength} bytes`)
      ctx.stdout(
        `wrote ${opts.out} (TestRun ${name}, parallelism ${opts.parallelism}): kubectl apply -f ${opts.out}\n`,
      )
    })
}
