/**
 * `perf-gate init`: writes a commented perf-gate.yml for a gateway repository (its Dockerfile), a
 * gateway image or a compose file, and with --workflows the two workflows that run it. The facts come
 * from the given source (and Docker, for an image); the text is init-config.ts's.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { InvalidArgumentError, type Command } from 'commander'
import { getContainerRuntimeClient, ImageName } from 'testcontainers'
import { parse } from 'yaml'
import { cannotBlockReasons } from '../config/can-block.js'
import { parseConfig } from '../config/load.js'
import { ConfigError, InfrastructureError } from '../errors.js'
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
import type { VerbContext } from './verb-context.js'

const execFileAsync = promisify(execFile)

/** Registers `init` on the program. */
export function registerInit(program: Command, ctx: VerbContext): void {
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
    .action((opts: InitOptions) => init(opts, ctx))
}

async function init(opts: InitOptions, ctx: VerbContext): Promise<void> {
  const sources = [opts.dockerfile, opts.image, opts.compose].filter((v) => v !== undefined)
  if (sources.length !== 1) {
    throw new ConfigError(['init: pass exactly one of --dockerfile FILE, --image IMAGE or --compose FILE'])
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
  for (const reason of reasons) ctx.stdout(`warning: this config can never block a pull request: ${reason}\n`)
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
