/**
 * The system under test from the user's compose file (`stack.compose`), started through
 * testcontainers' DockerComposeEnvironment under a project name of its own per variant and instance.
 * A generated override file adds perf-gate's labels to every service (so the orphan sweep finds
 * them) and the baseline variant's image/env/command. Service names, and the network aliases the
 * compose file gives them, resolve to container IPs, as service names do with `services`. Teardown
 * (`compose down` plus the label sweep) runs on success, failure and signals.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  DockerComposeEnvironment,
  getContainerRuntimeClient,
  Wait,
  type StartedDockerComposeEnvironment,
  type StartedTestContainer,
} from 'testcontainers'
import { parse as parseYaml, stringify } from 'yaml'
import { composeNetworkAliases } from '../config/hosts.js'
import type { ComposeStackConfig, VariantConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'
import { InfrastructureError } from '../errors.js'
import { findTool, trustedPath } from '../trusted-path.js'
import type { RunningService, RunningStack, StartStackOptions } from './running-stack.js'

/** Docker Compose's own labels on the containers and networks of a project. */
export const COMPOSE_PROJECT_LABEL = 'com.docker.compose.project'
const COMPOSE_SERVICE_LABEL = 'com.docker.compose.service'

const run = promisify(execFile)

/** How to call Compose: the `docker compose` plugin (v2) or the standalone `docker-compose` (v1). */
export interface ComposeExecutable {
  standalone: boolean
  version: string
  /** Absolute path of `docker` (the plugin) or `docker-compose`, from the trusted PATH. */
  executablePath: string
}

let found: Promise<ComposeExecutable | null> | undefined

/**
 * Finds Compose the way users run it: the `docker compose` plugin first (GitHub's runners have it),
 * then a standalone `docker-compose` (Debian's package). testcontainers itself always calls the
 * plugin unless told otherwise, so the answer is passed to it.
 */
export function findCompose(): Promise<ComposeExecutable | null> {
  found ??= (async () => {
    for (const [command, args, standalone] of [
      ['docker', ['compose', 'version', '--short'], false],
      ['docker-compose', ['version', '--short'], true],
    ] as const) {
      const executablePath = findTool(command)
      if (!executablePath) continue
      try {
        const { stdout } = await run(executablePath, [...args], {
          timeout: 20_000,
          env: { ...process.env, PATH: trustedPath() },
        })
        return { standalone, version: stdout.trim(), executablePath }
      } catch {
        // not installed or not working: try the next
      }
    }
    return null
  })()
  return found
}

/** A Compose project name: lower case letters, digits, "-" and "_" (what both versions accept). */
export function composeProjectName(runId: string, variant: string, instance: string | undefined): string {
  return `perf-gate-${runId}-${variant}${instance ? `-${instance}` : ''}`
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '-')
}

/**
 * The override file: perf-gate's labels on every service, and the variant's image, environment and
 * command. Compose v1 merges files of one format version only, so the user's `version` is repeated.
 */
export function overrideDocument(
  composeText: string,
  labels: Record<string, string>,
  overrides: VariantConfig | undefined,
): string {
  // Merge keys applied, as Compose applies them: a service a merge key brings gets its labels too.
  const raw = parseYaml(composeText, { merge: true }) as {
    version?: unknown
    services: Record<string, unknown>
  }
  const services: Record<string, Record<string, unknown>> = {}
  for (const name of Object.keys(raw.services)) {
    const override = overrides?.services[name]
    services[name] = {
      labels: { ...labels, 'dev.perf-gate.service': name },
      ...(override?.image ? { image: override.image } : {}),
      ...(override?.env ? { environment: override.env } : {}),
      ...(override?.command ? { command: override.command } : {}),
    }
  }
  return stringify({ ...(raw.version !== undefined ? { version: String(raw.version) } : {}), services })
}

// One rule for Compose's environment, here (up) and in the config check (compose config).
export { composeEnvironment } from '../config/compose-env.js'
import { composeEnvironment } from '../config/compose-env.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `http://<container IP>:<port><path>` until it answers `status`. testcontainers' HTTP wait goes
 * through a published port, and a compose service need not publish any (perf-gate reaches it on its
 * network), so this one asks the container itself.
 */
export async function waitForHttp(
  url: string,
  status: number,
  timeoutMs: number,
  where: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      await response.arrayBuffer()
      if (response.status === status) return
      last = `HTTP ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await sleep(250)
  }
  throw new InfrastructureError(
    `${where}: ${url} did not answer ${status} within ${timeoutMs / 1000}s (last: ${last})`,
  )
}

/** The message of what Compose (through the docker-compose library) threw. */
function composeMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  const err = (error as { err?: unknown } | null)?.err
  return typeof err === 'string' ? err.trim() : String(error)
}

export interface StartComposeOptions extends StartStackOptions {
  stack: ComposeStackConfig
  /** Labels every service gets (run, variant, owner). */
  labels: Record<string, string>
  /** Removes whatever carries this run's labels (containers, then their projects' networks). */
  removeLeftovers: () => Promise<unknown>
}

/** Starts the compose project of one variant; on any failure it is removed before the error propagates. */
export async function startComposeStack(options: StartComposeOptions): Promise<RunningStack> {
  const file = options.stack.compose
  const compose = await findCompose()
  if (!compose) {
    throw new InfrastructureError(
      `stack.compose (${file}): Docker Compose not found: neither "docker compose" nor "docker-compose" works; install one (scripts/setup.sh installs docker-compose)`,
    )
  }
  const project = prepareProject(options, compose)
  const teardown = () => composeDown(project, options)
  let stopping: Promise<void> | undefined
  // Memoized: a signal handler and the caller's finally may both stop the stack.
  let upRunning = false
  const stop = () =>
    (stopping ??= (async () => {
      await teardown()
      // While `up` runs, the override file is still needed for the second teardown below.
      if (!upRunning) rmSync(project.tmp, { recursive: true, force: true })
    })())

  try {
    const env = projectEnvironment(project, options.stack, compose)
    options.log.info(
      `starting compose project ${project.name} from ${file} (${compose.standalone ? 'docker-compose' : 'docker compose'} ${compose.version})`,
    )
    const began = Date.now()
    upRunning = true
    let environmentUp: StartedDockerComposeEnvironment
    try {
      environmentUp = await env.up(options.stack.services)
    } catch (error) {
      throw new InfrastructureError(
        `stack.compose (${file}): the compose project did not start: ${composeMessage(error)}`,
        { cause: error },
      )
    } finally {
      // A stop (a signal) while `up` ran may have come before some containers existed: once `up` has
      // settled, remove the project again, so nothing it created afterwards outlives the gate.
      upRunning = false
      if (stopping) {
        await stopping
        await teardown()
        rmSync(project.tmp, { recursive: true, force: true })
      }
    }
    if (stopping) throw new InfrastructureError('interrupted')
    const services = await composeServices(project.name, environmentUp)
    if (services.size === 0)
      throw new InfrastructureError(`stack.compose (${file}): compose started no container`)
    await waitForHttpServices(services, options.stack.wait, file)
    for (const [name, service] of services) {
      options.log.info(
        `service ${name} ready at ${service.address(0).host} (compose, ${((Date.now() - began) / 1000).toFixed(1)}s)`,
      )
    }
    return {
      variant: options.variant,
      networkName: project.name,
      services,
      resolveUrl: composeUrlResolver(services, project.aliases),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** One variant's compose project as perf-gate runs it: its name, its files, how Compose is called. */
interface ComposeProject {
  name: string
  /** The user's compose file. */
  file: string
  /** The temporary folder of the generated override file. */
  tmp: string
  overridePath: string
  /** Network alias -> service, lower case, as the config check read them. */
  aliases: Record<string, string>
  /** `--profile` arguments of stack.profiles. */
  composeOptions: string[]
  environment: Record<string, string>
  executable: { standalone?: true; executablePath: string }
}

/** Names the project and writes its override file (labels, the variant's overrides) to a temp dir. */
function prepareProject(options: StartComposeOptions, compose: ComposeExecutable): ComposeProject {
  const file = options.stack.compose
  const tmp = mkdtempSync(path.join(tmpdir(), 'perf-gate-compose-'))
  const overridePath = path.join(tmp, 'perf-gate.override.yml')
  const composeText = readFileSync(file, 'utf8')
  writeFileSync(overridePath, overrideDocument(composeText, options.labels, options.overrides))
  return {
    name: composeProjectName(options.runId, options.variant, options.instance),
    file,
    tmp,
    overridePath,
    // Read as the config check read them (merge keys applied): the hosts it accepted resolve here.
    aliases: composeNetworkAliases(
      (parseYaml(composeText, { merge: true }) as { services: Record<string, unknown> }).services,
    ),
    composeOptions: options.stack.profiles.flatMap((p) => ['--profile', p]),
    // Compose and what it starts (credential helpers) resolve programs on the trusted PATH only.
    environment: { ...composeEnvironment(), PATH: trustedPath() },
    // Absolute, from the trusted PATH: testcontainers would otherwise look `docker` up on process.env's.
    executable: compose.standalone
      ? { standalone: true as const, executablePath: compose.executablePath }
      : { executablePath: compose.executablePath },
  }
}

/**
 * `compose down` of the project, then the label sweep. By project name it works whether or not `up`
 * got as far as returning an environment (a signal mid-start); it removes the project's containers
 * and networks. A failing `down` is a warning: the sweep still runs.
 */
async function composeDown(project: ComposeProject, options: StartComposeOptions): Promise<void> {
  try {
    const client = await getContainerRuntimeClient()
    await client.compose.down(
      {
        filePath: path.dirname(project.file),
        files: [project.file, project.overridePath],
        projectName: project.name,
        composeOptions: project.composeOptions,
        environment: project.environment,
        executable: project.executable,
      },
      { removeVolumes: true, timeout: 1_000 },
    )
  } catch (error) {
    options.log.warning(`stack.compose (${project.file}): compose down failed: ${composeMessage(error)}`)
  } finally {
    await options.removeLeftovers()
  }
}

/** The testcontainers environment of the project, with the log-line waits of stack.wait. */
function projectEnvironment(
  project: ComposeProject,
  stack: ComposeStackConfig,
  compose: ComposeExecutable,
): DockerComposeEnvironment {
  let env = new DockerComposeEnvironment(path.dirname(project.file), [project.file, project.overridePath])
    .withProjectName(project.name)
    .withProfiles(...stack.profiles)
    .withEnvironment(project.environment)
  env = env.withClientOptions({ executable: project.executable })
  for (const [service, wait] of Object.entries(stack.wait)) {
    if (!wait.log) continue
    // testcontainers matches waits by container name: "<service>-1" (v2), "<project>_<service>_1" (v1).
    const container = compose.standalone ? `${project.name}_${service}_1` : `${service}-1`
    env = env.withWaitStrategy(
      container,
      Wait.forLogMessage(wait.log).withStartupTimeout(durationMs(wait.timeout)),
    )
  }
  return env
}

/** Waits, side by side, for the services that stack.wait gives an HTTP check, at their container IPs. */
async function waitForHttpServices(
  services: ReadonlyMap<string, RunningService>,
  waits: ComposeStackConfig['wait'],
  file: string,
): Promise<void> {
  await Promise.all(
    Object.entries(waits).map(async ([name, wait]) => {
      const service = services.get(name)
      if (!wait.http) return
      if (!service)
        throw new InfrastructureError(
          `stack.compose (${file}): stack.wait.${name}: compose started no container for "${name}"`,
        )
      const { host } = service.address(wait.http.port)
      await waitForHttp(
        `http://${host}:${wait.http.port}${wait.http.path}`,
        wait.http.status,
        durationMs(wait.timeout),
        `stack.compose (${file}): service "${name}"`,
      )
    }),
  )
}

/**
 * Rewrites a URL whose host is a started service, or a network alias of one (`aliases`: alias ->
 * service, lower case), to the service's address: the host cannot ask Docker's DNS for either name.
 * Other hosts (those the workflow allows) stay as they are.
 */
export function composeUrlResolver(
  services: ReadonlyMap<string, Pick<RunningService, 'address'>>,
  aliases: Readonly<Record<string, string>>,
): (url: string) => string {
  return (url) => {
    const parsed = new URL(url)
    const host = parsed.hostname.toLowerCase()
    const name = Object.hasOwn(aliases, host) && !services.has(host) ? aliases[host] : host
    const service = name === undefined ? undefined : services.get(name)
    if (!service) return url
    const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80
    parsed.hostname = service.address(port).host
    return parsed.toString()
  }
}

/** The project's containers by compose service name, each reachable at its IP on its first network. */
async function composeServices(
  project: string,
  environment: StartedDockerComposeEnvironment,
): Promise<Map<string, RunningService>> {
  const client = await getContainerRuntimeClient()
  const listed = await client.container.dockerode.listContainers({
    filters: { label: [`${COMPOSE_PROJECT_LABEL}=${project}`] },
  })
  const services = new Map<string, RunningService>()
  for (const info of listed) {
    const name = info.Labels[COMPOSE_SERVICE_LABEL]
    if (!name || services.has(name)) continue
    const containerName = (info.Names[0] ?? '').replace(/^\//, '')
    // testcontainers keys them as parseComposeContainerName does: without "<project>-" (v2 names).
    const key = containerName.startsWith(`${project}-`)
      ? containerName.slice(project.length + 1)
      : containerName
    const container: StartedTestContainer = environment.getContainer(key)
    const network = container.getNetworkNames()[0]
    const ip = network ? container.getIpAddress(network) : container.getHost()
    services.set(name, { name, container, address: (port) => ({ host: ip, port }) })
  }
  return services
}
