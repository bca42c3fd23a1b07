/**
 * The CLI verbs beside `run` and `validate`: report, trend, compare, init and doctor. Each verb's work lives
 * in its own module; this file only declares the options and prints.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { InvalidArgumentError, Option, type Command } from 'commander'
import { getContainerRuntimeClient, ImageName } from 'testcontainers'
import { parse } from 'yaml'
import { cannotBlockReasons } from '../config/can-block.js'
import { configFile, DEFAULT_CONFIG_FILE } from '../config/config-file.js'
import { loadConfig, parseConfig } from '../config/load.js'
import { ConfigError, ExitCode, InfrastructureError } from '../errors.js'
import { prepareOutDir, writeArtifacts } from '../gate/artifacts.js'
import type { Logger } from '../log.js'
import type { LatencyMetric } from '../model.js'
import { compareResults, formatComparison } from './compare-results.js'
import { formatChecks, runDoctor } from './doctor.js'
import {
  exposedTcpPorts,
  factsForCompose,
  factsForDockerfile,
  factsForImage,
  renderInitConfig,
  requireGatewayPort,
  type InitFacts,
} from './init-config.js'
import { PERF_GATE_ACTION_PLACEHOLDER, renderNightlyWorkflow, renderPrWorkflow } from './init-workflows.js'
import { jsonSummary } from './json-summary.js'
import { readResultsFile } from './results-file.js'
import { writeTrendPage } from './trend.js'

const execFileAsync = promisify(execFile)

export interface VerbContext {
  log: Logger
  setExitCode: (code: number) => void
  stdout: (text: string) => void
}

async function imageFacts(image: string): Promise<InitFacts> {
  let client: Awaited<ReturnType<typeof getContainerRuntimeClient>>
  try {
    client = await getContainerRuntimeClient()
  } catch (error) {
    throw new InfrastructureError(
      `no Docker engine reachable to inspect ${image}: ${(error as Error).message}`,
    )
  }
  const name = ImageName.fromString(image)
  if (!(await client.image.exists(name))) {
    throw new ConfigError([`--image ${image}: not in the local Docker engine (docker pull ${image} first)`])
  }
  const inspected = await client.image.inspect(name)
  return factsForImage(image, exposedTcpPorts(inspected.Config?.ExposedPorts))
}

interface InitOptions {
  dockerfile?: string
  image?: string
  compose?: string
  gateway?: string
  port?: number
  health?: string
  baselineImage?: string
  workflows?: boolean
  name: string
  out: string
}

function portOption(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port < 1 || port > 65535)
    throw new InvalidArgumentError('expected a TCP port number (1-65535)')
  return port
}

async function readInput(file: string, what: string): Promise<string> {
  return readFile(file, 'utf8').catch((error: Error) => {
    throw new ConfigError([`${file}: cannot read ${what}: ${error.message}`])
  })
}

/** The exposed TCP ports of a local image, or [] when Docker or the image is not there. */
async function exposedPortsIfPresent(image: string): Promise<number[]> {
  try {
    const client = await getContainerRuntimeClient()
    const name = ImageName.fromString(image)
    if (!(await client.image.exists(name))) return []
    return exposedTcpPorts((await client.image.inspect(name)).Config?.ExposedPorts)
  } catch {
    return []
  }
}

async function initFacts(opts: InitOptions): Promise<InitFacts> {
  const configDir = path.dirname(path.resolve(opts.out))
  if (opts.dockerfile !== undefined) {
    const text = await readInput(opts.dockerfile, 'the Dockerfile')
    return factsForDockerfile({
      dockerfile: path.relative(process.cwd(), path.resolve(opts.dockerfile)),
      text,
      configDir: path.relative(process.cwd(), configDir),
      port: opts.port,
      health: opts.health,
    })
  }
  if (opts.compose !== undefined) {
    const text = await readInput(opts.compose, 'compose file')
    // stack.compose is relative to the config file, which may be written elsewhere.
    const relative = path.relative(configDir, path.resolve(opts.compose)).split(path.sep).join('/')
    const facts = { ...factsForCompose(text, opts.compose, opts.gateway), compose: relative }
    const gateway = facts.services[facts.gateway]
    if (gateway && opts.port !== undefined) gateway.ports = [opts.port]
    // A gateway reached only on the project network publishes no port: its image may EXPOSE one.
    if (gateway && gateway.ports.length === 0 && gateway.image)
      gateway.ports = await exposedPortsIfPresent(gateway.image)
    requireGatewayPort(facts, opts.compose)
    return facts
  }
  const facts = await imageFacts(opts.image as string)
  const gateway = facts.services[facts.gateway]
  if (gateway && opts.port !== undefined) gateway.ports = [opts.port]
  return opts.baselineImage ? { ...facts, baseline: { image: opts.baselineImage } } : facts
}

/** The workflow files to write: in the repository holding the config (else beside the config). */
async function workflowFiles(
  configFile: string,
  options: { needsMergeBase: boolean },
): Promise<{ file: string; text: string }[]> {
  const configAbs = path.resolve(configFile)
  const root = await gitRoot(path.dirname(configAbs))
  const dir = path.join(root, '.github', 'workflows')
  const config = path.relative(root, configAbs).split(path.sep).join('/')
  return [
    { file: path.join(dir, 'perf-gate.yml'), text: renderPrWorkflow({ config, ...options }) },
    { file: path.join(dir, 'perf-gate-nightly.yml'), text: renderNightlyWorkflow({ config, ...options }) },
  ]
}

async function gitRoot(dir: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync('git', ['rev-parse', '--show-toplevel'], { cwd: dir })
    return stdout.trim()
  } catch {
    return dir
  }
}

/** Adds report, trend, compare, init and doctor to the program. */
export function registerVerbs(program: Command, ctx: VerbContext): void {
  program
    .command('report')
    .description('re-render report.md, the charts and report.html from a results.json')
    .argument('<results>', 'results.json, or the out folder holding it')
    .option('-o, --out <dir>', 'where to write (default: the folder of results.json)')
    .option('--json', 'print a JSON summary on stdout instead of the paths')
    .action(async (target: string, opts: { out?: string; json?: boolean }) => {
      const { file, results } = await readResultsFile(target)
      // The same rule as run --out: a committed symlink would make the report write through it.
      const out = await prepareOutDir(opts.out ?? path.dirname(file), '--out', { root: process.cwd() })
      const artifacts = await writeArtifacts(results, out, ctx.log)
      ctx.stdout(
        opts.json
          ? `${JSON.stringify(jsonSummary(results, artifacts))}\n`
          : `report: ${artifacts.reportPath}\nhtml: ${artifacts.htmlPath}\ncharts: ${artifacts.charts.length} in ${path.join(artifacts.dir, 'charts')}\n`,
      )
    })

  program
    .command('trend')
    .description(
      'write trend.html from a baseline history: one chart per cell over the nights, with bands and change points',
    )
    .requiredOption(
      '-b, --baseline <file>',
      'the baseline file (its history of nights, e.g. from the data branch)',
    )
    .requiredOption('-o, --out <dir>', 'the folder to write trend.html into')
    .option(
      '-c, --config <file>',
      `the gate's config, whose control profiles are labelled as controls (default: ${DEFAULT_CONFIG_FILE} in the current directory, when there is one)`,
    )
    .action(async (opts: { baseline: string; out: string; config?: string }) => {
      ctx.stdout(`trend: ${await writeTrendPage(opts)}\n`)
    })

  program
    .command('compare')
    .description(
      'compare the cells two results.json files have in common (b against a), each estimate with its confidence interval',
    )
    .argument('<a>', 'results.json (or its folder): the reference')
    .argument('<b>', 'results.json (or its folder): compared with a')
    .addOption(
      new Option('--metric <metric>', 'latency percentile')
        .choices(['p50', 'p90', 'p95', 'p99'])
        .default('p95'),
    )
    .action(async (a: string, b: string, opts: { metric: LatencyMetric }) => {
      // Both files are read before failing, so one run names every bad file.
      const [ra, rb] = await Promise.allSettled([readResultsFile(a), readResultsFile(b)])
      if (ra.status === 'rejected' || rb.status === 'rejected') {
        const problems = [ra, rb].flatMap((r) =>
          r.status === 'fulfilled'
            ? []
            : r.reason instanceof ConfigError
              ? r.reason.problems
              : [String(r.reason)],
        )
        throw new ConfigError(problems)
      }
      const comparison = compareResults(ra.value.results, rb.value.results, opts.metric)
      ctx.stdout(formatComparison(comparison, ra.value.file, rb.value.file))
    })

  program
    .command('init')
    .description(
      'write a commented perf-gate.yml for a gateway repository (its Dockerfile), a gateway image or a compose file',
    )
    .option(
      '--dockerfile <file>',
      "the gateway's Dockerfile: the gate builds it from the pull request and from its merge base (recommended)",
    )
    .option('--image <image>', 'a local gateway image; its exposed ports are read from Docker')
    .option('--compose <file>', 'a docker-compose file, run as it is (stack.compose)')
    .option('--gateway <service>', 'with --compose: the service under test (default: guessed)')
    .option('--port <port>', 'the port the gateway listens on (default: its EXPOSE, else 8080)', portOption)
    .option('--health <path>', 'with --dockerfile: an HTTP path the gateway answers 200 on when ready')
    .option('--baseline-image <image>', 'with --image: the image of the default branch to compare with')
    .option('--workflows', 'also write .github/workflows/perf-gate.yml and perf-gate-nightly.yml')
    .option('--name <name>', 'the gate name', 'gateway')
    .option('-o, --out <file>', 'the config file to write', 'perf-gate.yml')
    .action(async (opts: InitOptions) => {
      const sources = [opts.dockerfile, opts.image, opts.compose].filter((v) => v !== undefined)
      if (sources.length !== 1) {
        throw new ConfigError([
          'init: pass exactly one of --dockerfile FILE, --image IMAGE or --compose FILE',
        ])
      }
      if (opts.baselineImage !== undefined && opts.image === undefined)
        throw new ConfigError(['init: --baseline-image goes with --image'])
      const facts = await initFacts(opts)
      const text = renderInitConfig(facts, opts.name)
      const workflows = opts.workflows
        ? await workflowFiles(opts.out, {
            needsMergeBase: facts.baseline !== undefined && 'ref' in facts.baseline,
          })
        : []
      // Nothing is written when any target exists: a half-written set would be worse than none.
      const exists = [opts.out, ...workflows.map((w) => w.file)].filter((f) => existsSync(f))
      if (exists.length > 0)
        throw new ConfigError(exists.map((f) => `${f}: already exists; init does not overwrite it`))
      await writeFile(opts.out, text, { flag: 'wx' })
      for (const workflow of workflows) {
        await mkdir(path.dirname(workflow.file), { recursive: true })
        await writeFile(workflow.file, workflow.text, { flag: 'wx' })
      }
      ctx.stdout(`wrote ${opts.out} (gateway: ${facts.gateway}, from ${facts.source})\n`)
      for (const workflow of workflows) ctx.stdout(`wrote ${workflow.file}\n`)
      if (workflows.length > 0)
        ctx.stdout(
          `next: replace the placeholder "uses: ${PERF_GATE_ACTION_PLACEHOLDER.uses}" in the workflows\n`,
        )
      const config = parseConfig(parse(text), opts.out, {})
      const reasons = cannotBlockReasons(config, {
        baselineExists: false,
        baselinePath: config.baseline.path,
      })
      for (const reason of reasons)
        ctx.stdout(`warning: this config can never block a pull request: ${reason}\n`)
    })

  program
    .command('doctor')
    .description('check Docker, k6, the config’s images, CPUs, memory and the machine’s noise')
    .option(
      '-c, --config <file>',
      `also check the images this config names (default: ${DEFAULT_CONFIG_FILE} in the current directory, when there is one)`,
    )
    .action(async (opts: { config?: string }) => {
      const file = configFile(opts.config, undefined, { optional: true })
      const config = file ? loadConfig(file, process.env, { root: process.cwd() }) : undefined
      const checks = await runDoctor({ config })
      ctx.stdout(formatChecks(checks))
      const problems = checks.filter((c) => c.status === 'problem')
      if (problems.length > 0) {
        ctx.log.warning(`${problems.length} problem(s): ${problems.map((p) => p.name).join(', ')}`)
        ctx.setExitCode(ExitCode.Infrastructure)
      }
    })
}
