/**
 * The system under test, started with testcontainers: one Network per stack, every service joined to
 * it under its config name as alias, started in dependsOn order with its wait strategy. Teardown is
 * guaranteed by the caller's `finally` (stop()) and by a label sweep for anything a crash left.
 */
import { connect } from 'node:net'
import { createHash } from 'node:crypto'
import { hostname } from 'node:os'
import {
  GenericContainer,
  getContainerRuntimeClient,
  type ContainerRuntimeClient,
  Wait,
  type StartedTestContainer,
  type WaitStrategy,
} from 'testcontainers'
import type { Config, ServiceConfig, VariantConfig } from '../config/schema.js'
import { durationMs } from '../config/schema.js'
import { InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'
import type { VariantName } from '../model.js'
import { serviceWaves } from '../config/service-order.js'
import { COMPOSE_PROJECT_LABEL, startComposeStack } from './compose-stack.js'
import type { RunningService, RunningStack, StartStackOptions } from './running-stack.js'
import { disableReaperUnlessSet } from './reaper.js'

export type { RunningService, RunningStack, StartStackOptions } from './running-stack.js'

/** Label put on every container we start, so a sweep can find leftovers of one gate run. */
export const RUN_LABEL = 'dev.perf-gate.run'
const SERVICE_LABEL = 'dev.perf-gate.service'
const VARIANT_LABEL = 'dev.perf-gate.variant'
/** The process that started the container, and on which host: a later gate removes the orphans of a killed one. */
const OWNER_LABEL = 'dev.perf-gate.owner'

/** Applies a variant's overrides to the services. */
export function servicesForVariant(
  services: Config['services'],
  overrides: VariantConfig | undefined,
): Config['services'] {
  if (!overrides) return services
  return Object.fromEntries(
    Object.entries(services).map(([name, service]) => {
      const override = overrides.services[name]
      if (!override) return [name, service]
      const merged: ServiceConfig = {
        ...service,
        ...(override.image ? { image: override.image, build: undefined } : {}),
        env: { ...service.env, ...override.env },
        command: override.command ?? service.command,
        resources: override.resources ?? service.resources,
      }
      return [name, merged]
    }),
  )
}

function waitStrategyFor(service: ServiceConfig): WaitStrategy {
  const wait = service.wait
  if (!wait) return Wait.forListeningPorts()
  const strategies: WaitStrategy[] = []
  if (wait.http) strategies.push(Wait.forHttp(wait.http.path, wait.http.port).forStatusCode(wait.http.status))
  if (wait.log) strategies.push(Wait.forLogMessage(wait.log))
  const strategy = strategies.length === 1 ? (strategies[0] as WaitStrategy) : Wait.forAll(strategies)
  return strategy.withStartupTimeout(durationMs(wait.timeout))
}

/** Keeps the last lines a container printed, to show them when it fails to start. */
class LogTail {
  private lines: string[] = []
  consume = (stream: NodeJS.ReadableStream) => {
    stream.on('data', (chunk: Buffer | string) => {
      this.lines.push(...chunk.toString().split('\n').filter(Boolean))
      if (this.lines.length > 40) this.lines = this.lines.slice(-40)
    })
  }
  text(): string {
    return this.lines.length > 0 ? this.lines.map((l) => `    ${l}`).join('\n') : '    (no output)'
  }
}

async function imageFor(name: string, service: ServiceConfig, log: Logger): Promise<string> {
  if (service.image) return service.image
  const build = service.build
  if (!build) throw new InfrastructureError(`service "${name}": neither image nor build`)
  const tag = `perf-gate-build/${name}:${createHash('sha256').update(JSON.stringify(build)).digest('hex').slice(0, 12)}`
  log.info(`building ${tag} from ${build.context}/${build.dockerfile}`)
  try {
    await GenericContainer.fromDockerfile(build.context, build.dockerfile)
      .withBuildArgs(build.args)
      .build(tag, { deleteOnExit: false })
  } catch (error) {
    throw new InfrastructureError(`service "${name}": image build failed: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return tag
}

/**
 * Builds the images of services that have `build`, once per gate, and returns the services with
 * `image` set: sessions start many stacks (fresh ones per paired block), and rebuilding for each would
 * cost seconds every time.
 */
export async function buildServiceImages(
  services: Config['services'],
  log: Logger,
): Promise<Config['services']> {
  const out: Config['services'] = {}
  for (const [name, service] of Object.entries(services)) {
    out[name] = service.build
      ? { ...service, image: await imageFor(name, service, log), build: undefined }
      : service
  }
  return out
}

function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/**
 * Starts the services of one variant. On any failure, everything started so far is removed before
 * the error propagates, and the error carries the failing service's last log lines.
 */
export async function startStack(config: Config, options: StartStackOptions): Promise<RunningStack> {
  // The entry points already did this; a library caller (tests, bench) gets the same default.
  disableReaperUnlessSet()
  const services = servicesForVariant(config.services, options.overrides)
  const labels = {
    [RUN_LABEL]: options.runId,
    [VARIANT_LABEL]: options.variant,
    [OWNER_LABEL]: ownerLabel(),
  }
  if (config.stack) {
    return startComposeStack({
      ...options,
      stack: config.stack,
      labels,
      removeLeftovers: () => removeLeftovers(options.runId, options.variant),
    })
  }
  const started = new Map<string, RunningService>()
  const client = await getContainerRuntimeClient()
  // Created through testcontainers' runtime client rather than `new Network()` so that the network
  // carries our run label: a sweep after a crash or a signal can then find and remove it too.
  const networkName = `perf-gate-${options.runId}-${options.variant}${options.instance ? `-${options.instance}` : ''}`
  const reach: Reach = { containerIps: undefined }

  // Memoized: a signal handler and the caller's finally may both stop the stack; the second caller
  // must wait for the same teardown instead of returning early while containers still exist.
  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      const containers = [...started.values()]
      await Promise.allSettled(containers.map((s) => s.container.stop({ timeout: 1_000, remove: true })))
      // Removes the network too (it carries the run label), and anything a failed start left behind.
      await removeLeftovers(options.runId, options.variant)
    })())

  try {
    const images = new Map<string, string>()
    for (const [name, service] of Object.entries(services))
      images.set(name, await imageFor(name, service, options.log))
    await client.network.create({ Name: networkName, Driver: 'bridge', Labels: labels })
    const waves = serviceWaves(Object.fromEntries(Object.entries(services).map(([n, s]) => [n, s.dependsOn])))
    const network = { client, networkName, labels, reach }
    for (const wave of waves) {
      await Promise.all(
        wave.map(async (name) => {
          const image = images.get(name) as string
          const service = services[name] as ServiceConfig
          started.set(name, await startService(name, service, image, network, options))
        }),
      )
    }
    reach.containerIps = await containerIpsReachable(started, services, networkName)
    if (!reach.containerIps)
      options.log.warning('container IPs are not reachable from this host; using mapped ports (slower)')
    return {
      variant: options.variant,
      networkName,
      services: started,
      resolveUrl: (url) => resolveServiceUrl(url, started),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * How the host reaches the stack's services: at their container IPs, or (false) through mapped
 * ports. Undefined until every service started and it was checked; addresses read it when asked.
 */
interface Reach {
  containerIps: boolean | undefined
}

/** The stack's network a service joins, and what it needs from it. */
interface StackNetwork {
  client: ContainerRuntimeClient
  networkName: string
  labels: Record<string, string>
  reach: Reach
}

/** The container of one service, joined to the stack's network under its name, not yet started. */
function serviceContainer(
  name: string,
  service: ServiceConfig,
  image: string,
  { networkName, labels }: StackNetwork,
  tail: LogTail,
): GenericContainer {
  let container = new GenericContainer(image)
    .withNetworkMode(networkName)
    .withNetworkAliases(name)
    .withLabels({ ...labels, [SERVICE_LABEL]: name })
    .withEnvironment(service.env)
    .withExposedPorts(...service.ports)
    .withWaitStrategy(waitStrategyFor(service))
    .withLogConsumer(tail.consume)
  if (service.command) container = container.withCommand(service.command)
  if (service.files.length > 0) container = container.withCopyFilesToContainer(service.files)
  if (service.resources) {
    container = container.withResourcesQuota({
      ...(service.resources.cpus ? { cpu: service.resources.cpus } : {}),
      ...(service.resources.memoryMiB ? { memory: service.resources.memoryMiB / 1024 } : {}),
    })
  }
  return container
}

/** Starts one service and waits for it; a failure carries the container's last log lines. */
async function startService(
  name: string,
  service: ServiceConfig,
  image: string,
  network: StackNetwork,
  options: StartStackOptions,
): Promise<RunningService> {
  const { client, networkName, reach } = network
  const tail = new LogTail()
  const container = serviceContainer(name, service, image, network, tail)
  const began = Date.now()
  let running: StartedTestContainer
  try {
    running = await container.start()
  } catch (error) {
    throw new InfrastructureError(
      `service "${name}" (${image}) did not start: ${(error as Error).message}\n  last log lines:\n${tail.text()}`,
      { cause: error },
    )
  }
  const cpus = options.cpusets?.[name]
  if (cpus !== undefined) {
    // Set on the running container (docker update), as bench/designs.ts measured it.
    await client.container.getById(running.getId()).update({ CpusetCpus: cpus })
  }
  // let: a start-up measurement stops and starts the container, and Docker may then hand it
  // another address on the network (seen here); reattach() reads the new one.
  let ip = running.getIpAddress(networkName)
  options.log.info(`service ${name} ready in ${((Date.now() - began) / 1000).toFixed(1)}s at ${ip}`)
  return {
    name,
    container: running,
    address: (port) =>
      reach.containerIps !== false
        ? { host: ip, port }
        : { host: running.getHost(), port: running.getMappedPort(port) },
    reattach: async () => {
      if (reach.containerIps === false)
        throw new InfrastructureError(
          `service "${name}" was restarted, but its mapped ports cannot be re-read: a start-up measurement needs container IPs reachable from this host`,
        )
      const info = await client.container.inspect(client.container.getById(running.getId()))
      ip = info.NetworkSettings.Networks[networkName]?.IPAddress ?? ip
    },
  }
}

async function containerIpsReachable(
  started: Map<string, RunningService>,
  services: Config['services'],
  networkName: string,
): Promise<boolean> {
  for (const [name, service] of Object.entries(services)) {
    const port = service.ports[0]
    const running = started.get(name)
    if (port === undefined || !running) continue
    // The run's own network: the one whose IP address() hands out, not Docker's default bridge.
    return canConnect(running.container.getIpAddress(networkName), port)
  }
  return true
}

/** Replaces a service name in a URL's host with the service's reachable address. */
export function resolveServiceUrl(
  url: string,
  services: Map<string, Pick<RunningService, 'address'>>,
): string {
  const parsed = new URL(url)
  const service = services.get(parsed.hostname)
  if (!service) return url
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80
  const address = service.address(port)
  parsed.hostname = address.host
  parsed.port = String(address.port)
  return parsed.toString()
}

/**
 * Removes every container and network of this run that is still there (a crash between create and
 * stop, a signal mid-start). testcontainers removes containers that fail their wait, but not ones
 * orphaned by us. Containers go first: a network cannot be removed while one is attached.
 */
export async function removeLeftovers(runId: string, variant?: VariantName): Promise<number> {
  const client = await getContainerRuntimeClient()
  const docker = client.container.dockerode
  const filters = { label: [`${RUN_LABEL}=${runId}`, ...(variant ? [`${VARIANT_LABEL}=${variant}`] : [])] }
  const containers = await docker.listContainers({ all: true, filters })
  await Promise.allSettled(containers.map((c) => docker.getContainer(c.Id).remove({ force: true, v: true })))
  const networks = await docker.listNetworks({ filters })
  // Compose creates its networks itself, labelled with its project rather than with our run: the
  // projects are known from their containers' labels.
  const projects = new Set(
    containers.map((c) => c.Labels[COMPOSE_PROJECT_LABEL]).filter((p) => p !== undefined),
  )
  for (const project of projects)
    networks.push(
      ...(await docker.listNetworks({ filters: { label: [`${COMPOSE_PROJECT_LABEL}=${project}`] } })),
    )
  await Promise.allSettled(networks.map((n) => docker.getNetwork(n.Id).remove()))
  return containers.length + networks.length
}

/** "<hostname>:<pid>" of this process. */
function ownerLabel(): string {
  return `${hostname()}:${process.pid}`
}

/** True when the process `pid` is alive on this host (signal 0 only checks that it exists). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes containers and networks that a perf-gate process on this host started and can no longer
 * remove because it is gone (killed with SIGKILL, or a runner that lost its job): their owner label
 * names this host and a process id that no longer exists. Gates of live processes are left alone.
 * Returns the run ids swept.
 */
export async function removeOrphans(): Promise<string[]> {
  const client = await getContainerRuntimeClient()
  const docker = client.container.dockerode
  const here = hostname()
  const orphaned = (labels: Record<string, string> | undefined): string | null => {
    const owner = labels?.[OWNER_LABEL]
    const run = labels?.[RUN_LABEL]
    if (!owner || !run) return null
    const at = owner.lastIndexOf(':')
    const pid = Number(owner.slice(at + 1))
    if (owner.slice(0, at) !== here || !Number.isInteger(pid) || alive(pid)) return null
    return run
  }
  const runs = new Set<string>()
  for (const container of await docker.listContainers({ all: true, filters: { label: [OWNER_LABEL] } })) {
    const run = orphaned(container.Labels)
    if (run) runs.add(run)
  }
  for (const network of await docker.listNetworks({ filters: { label: [OWNER_LABEL] } })) {
    const run = orphaned(network.Labels)
    if (run) runs.add(run)
  }
  for (const run of runs) await removeLeftovers(run)
  return [...runs]
}
