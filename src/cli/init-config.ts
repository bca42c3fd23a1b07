/**
 * `perf-gate init`: a first, commented perf-gate.yml for a gateway repository (its Dockerfile), a
 * gateway image or a compose file. Pure: the caller reads the Dockerfile or the compose file, or
 * inspects the image, and hands the facts over.
 *
 * The Dockerfile form writes the recommended shape, one that can block: the gateway built from the
 * pull request, the baseline gateway built from its merge base, the echo backend behind it and a
 * no-gateway control profile beside it.
 */
import path from 'node:path'
import { parse, stringify } from 'yaml'
import { ConfigError } from '../errors.js'
import { ECHO_IMAGE } from '../stack/echo-image.js'

/** A gateway product we recognise by its image name, with where it proxies and how it says ready. */
interface KnownGateway {
  name: string
  pattern: RegExp
  proxyPort: number
  health?: { port: number; path: string }
}

// Defaults of the official images; a guess to start from, each written as a comment the user can check.
const KNOWN_GATEWAYS: KnownGateway[] = [
  { name: 'Kong', pattern: /(^|\/)kong(:|$)/, proxyPort: 8000, health: { port: 8001, path: '/status' } },
  { name: 'Envoy', pattern: /envoy/, proxyPort: 10000, health: { port: 9901, path: '/ready' } },
  { name: 'KrakenD', pattern: /krakend/, proxyPort: 8080, health: { port: 8080, path: '/__health' } },
  { name: 'Tyk', pattern: /tyk-gateway/, proxyPort: 8080, health: { port: 8080, path: '/hello' } },
  { name: 'Apache APISIX', pattern: /apisix/, proxyPort: 9080 },
  { name: 'Traefik', pattern: /traefik/, proxyPort: 80 },
  { name: 'HAProxy', pattern: /haproxy/, proxyPort: 80 },
  { name: 'nginx', pattern: /nginx/, proxyPort: 80 },
]

/** One service of the generated config. */
export interface InitService {
  image?: string
  build?: { context: string; dockerfile?: string }
  ports: number[]
  env: Record<string, string>
  dependsOn: string[]
  /** An HTTP readiness check (else the service's own healthcheck or listening ports). */
  health?: { path: string; port: number }
}

/** What init found: the services to start and which one is the gateway under test. */
export interface InitFacts {
  /** Where the facts come from, for the header comment ("image kong:3.9", "compose file x.yml"). */
  source: string
  gateway: string
  services: Record<string, InitService>
  /** With a compose file: its path relative to the config, written as stack.compose. */
  compose?: string
  /** The echo backend behind the gateway: gives a no-gateway control profile and the echo route. */
  upstream?: { service: string; port: number }
  /** Where the baseline variant of the gateway comes from: a git ref to build at, or an image. */
  baseline?: { ref: string } | { image: string }
}

/** The port perf-gate/echo:local listens on (assets/echo/Dockerfile). */
const ECHO_PORT = 8080

/** Recognises a known gateway product by its image name. */
export function knownGateway(image: string): KnownGateway | undefined {
  const lower = image.toLowerCase()
  return KNOWN_GATEWAYS.find((g) => g.pattern.test(lower))
}

/** Turns docker's ExposedPorts keys ("8080/tcp") into TCP port numbers, lowest first. */
export function exposedTcpPorts(exposed: Record<string, unknown> | undefined): number[] {
  return Object.keys(exposed ?? {})
    .map((key) => /^(\d+)\/tcp$/.exec(key)?.[1])
    .filter((p): p is string => p !== undefined)
    .map(Number)
    .sort((a, b) => a - b)
}

/** Facts for a single gateway image whose exposed ports were read from the Docker engine. */
export function factsForImage(image: string, exposedPorts: number[]): InitFacts {
  const known = knownGateway(image)
  // The image's own EXPOSE wins: a custom build of a known product often listens elsewhere, and a
  // port that nothing listens on would make the default readiness wait hang.
  const ports = exposedPorts.length > 0 ? [...exposedPorts] : known ? [known.proxyPort] : []
  if (ports.length === 0) {
    throw new ConfigError([
      `image ${image}: exposes no TCP port; pass a compose file or write the config by hand`,
    ])
  }
  return {
    source: `image ${image}`,
    gateway: 'gateway',
    services: { gateway: { image, ports, env: {}, dependsOn: [] } },
  }
}

/** TCP ports of a Dockerfile's EXPOSE lines ("8080", "8080/tcp"; variables and UDP skipped). */
export function dockerfileExposedPorts(text: string): number[] {
  const ports: number[] = []
  for (const line of text.split('\n')) {
    const match = /^\s*EXPOSE\s+(.+)$/i.exec(line)
    if (!match) continue
    for (const word of (match[1] as string).trim().split(/\s+/)) {
      const port = /^(\d+)(?:\/tcp)?$/i.exec(word)?.[1]
      if (port !== undefined && Number(port) >= 1 && Number(port) <= 65535) ports.push(Number(port))
    }
  }
  return [...new Set(ports)]
}

export interface DockerfileInput {
  /** The Dockerfile, relative to the working directory. */
  dockerfile: string
  /** Its text (for EXPOSE). */
  text: string
  /** The folder the config is written to, relative to the working directory. */
  configDir: string
  /** --port: where the gateway listens, when its Dockerfile does not EXPOSE it. */
  port?: number | undefined
  /** --health: an HTTP path the gateway answers 200 on when ready. */
  health?: string | undefined
}

/**
 * The template for a gateway repository: the gateway built from its Dockerfile (the pull request),
 * its baseline built from the merge base, the echo backend behind it (perf-gate builds that image
 * itself) and a no-gateway control profile.
 */
export function factsForDockerfile(input: DockerfileInput): InitFacts {
  const exposed = dockerfileExposedPorts(input.text)
  const ports = input.port !== undefined ? [input.port] : exposed.length > 0 ? exposed : [8080]
  const context = path.relative(input.configDir, path.dirname(input.dockerfile)) || '.'
  return {
    source: `Dockerfile ${input.dockerfile}`,
    gateway: 'gateway',
    services: {
      echo: {
        image: ECHO_IMAGE,
        ports: [ECHO_PORT],
        env: {},
        dependsOn: [],
        health: { path: '/health', port: ECHO_PORT },
      },
      gateway: {
        build: { context: context.split(path.sep).join('/'), dockerfile: path.basename(input.dockerfile) },
        ports,
        env: {},
        dependsOn: ['echo'],
        ...(input.health ? { health: { path: input.health, port: ports[0] as number } } : {}),
      },
    },
    upstream: { service: 'echo', port: ECHO_PORT },
    baseline: { ref: 'merge-base' },
  }
}

/** The port a compose healthcheck probes on localhost ("/dev/tcp/127.0.0.1/8080", "localhost:8080/health"). */
function healthcheckPort(healthcheck: unknown): number | undefined {
  const test = (healthcheck as { test?: unknown } | undefined)?.test
  const text = Array.isArray(test) ? test.map(String).join(' ') : typeof test === 'string' ? test : ''
  const match =
    /\/dev\/tcp\/(?:127\.0\.0\.1|localhost|0\.0\.0\.0)\/(\d+)/.exec(text) ??
    /(?:127\.0\.0\.1|localhost):(\d+)/.exec(text)
  return match ? Number(match[1]) : undefined
}

function containerPort(entry: unknown): number | undefined {
  if (typeof entry === 'number') return entry
  if (typeof entry === 'string') {
    // "8080", "8000:80", "127.0.0.1:8000:80", "80/tcp": the container port is the last number.
    const match = /(\d+)(?:\/tcp)?$/.exec(entry.trim())
    return match && !entry.endsWith('/udp') ? Number(match[1]) : undefined
  }
  if (entry && typeof entry === 'object' && 'target' in entry) return Number(entry.target)
  return undefined
}

function envOf(environment: unknown): Record<string, string> {
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((item) => {
        const [key, ...rest] = String(item).split('=')
        return [key ?? '', rest.join('=')]
      }),
    )
  }
  if (environment && typeof environment === 'object') {
    return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, v === null ? '' : String(v)]))
  }
  return {}
}

const SERVICE_NAME = /^[a-z0-9][a-z0-9_.-]*$/i

/**
 * Facts from a docker-compose file's text: images or builds, container ports, environment and
 * depends_on. The gateway is `gateway` when given, else a service whose image looks like a known
 * gateway, else the first service with ports that depends on another one.
 */
export function factsForCompose(text: string, file: string, gateway?: string): InitFacts {
  let doc: unknown
  try {
    doc = parse(text)
  } catch (error) {
    throw new ConfigError([`${file}: invalid YAML: ${(error as Error).message.split('\n')[0]}`])
  }
  const raw = (doc as { services?: unknown } | null)?.services
  if (!raw || typeof raw !== 'object') throw new ConfigError([`${file}: no "services" in this compose file`])
  const services: Record<string, InitService> = {}
  const problems: string[] = []
  for (const [name, value] of Object.entries(raw as Record<string, Record<string, unknown>>)) {
    if (!SERVICE_NAME.test(name)) {
      problems.push(`${file}: services.${name}: name not usable as a perf-gate service name`)
      continue
    }
    const build = value.build
    const service: InitService = {
      ports: [...((value.ports as unknown[]) ?? []), ...((value.expose as unknown[]) ?? [])]
        .map(containerPort)
        .filter((p): p is number => p !== undefined && p >= 1 && p <= 65535),
      env: envOf(value.environment),
      dependsOn: Array.isArray(value.depends_on)
        ? value.depends_on.map(String)
        : Object.keys((value.depends_on as object | undefined) ?? {}),
    }
    if (typeof value.image === 'string') service.image = value.image
    else if (typeof build === 'string') service.build = { context: build }
    else if (build && typeof build === 'object') {
      const b = build as { context?: string; dockerfile?: string }
      service.build = { context: b.context ?? '.', ...(b.dockerfile ? { dockerfile: b.dockerfile } : {}) }
    } else {
      problems.push(`${file}: services.${name}: neither "image" nor "build"`)
      continue
    }
    // A gateway that publishes nothing (it is reached on the project network) may still say its port
    // in its healthcheck: the project's own example does.
    const probed = healthcheckPort(value.healthcheck)
    if (service.ports.length === 0 && probed !== undefined) service.ports.push(probed)
    // The echo backend is FROM scratch: no shell for a healthcheck, so wait on its /health.
    if (service.image === ECHO_IMAGE) {
      if (service.ports.length === 0) service.ports.push(ECHO_PORT)
      service.health = { path: '/health', port: service.ports[0] as number }
    }
    service.ports = [...new Set(service.ports)]
    services[name] = service
  }
  if (problems.length > 0) throw new ConfigError(problems)
  const names = Object.keys(services)
  if (names.length === 0) throw new ConfigError([`${file}: no services`])
  const chosen =
    gateway ??
    names.find((n) => knownGateway(services[n]?.image ?? n) !== undefined) ??
    // The echo backend is never the gateway, though it has ports and others depend on it.
    names.find(
      (n) =>
        services[n]?.image !== ECHO_IMAGE &&
        (services[n]?.ports.length ?? 0) > 0 &&
        (services[n]?.dependsOn.length ?? 0) > 0,
    ) ??
    names.find((n) => services[n]?.image !== ECHO_IMAGE && (services[n]?.ports.length ?? 0) > 0)
  if (!chosen || !services[chosen]) {
    throw new ConfigError([
      gateway
        ? `${file}: no service "${gateway}" (services: ${names.join(', ')})`
        : `${file}: no service with ports to send load to`,
    ])
  }
  const upstream = names.find((n) => n !== chosen && services[n]?.image === ECHO_IMAGE)
  return {
    source: `compose file ${file}`,
    gateway: chosen,
    services,
    compose: file,
    ...(upstream ? { upstream: { service: upstream, port: services[upstream]?.ports[0] ?? ECHO_PORT } } : {}),
  }
}

/**
 * Checks that the gateway has a port to send load to (a compose gateway may have none: the caller
 * may fill it from the image's EXPOSE first). `file` names the compose file in the error.
 */
export function requireGatewayPort(facts: InitFacts, file: string): void {
  if ((facts.services[facts.gateway]?.ports.length ?? 0) === 0) {
    throw new ConfigError([
      `${file}: services.${facts.gateway}: no container port to send load to (no ports, expose or healthcheck port, and the image exposes none): pass --port`,
    ])
  }
}

function flow(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow' }).trim()
}

function waitLine(health: { path: string; port: number }, timeout: string): string {
  return `{ http: { path: ${health.path}, port: ${health.port} }, timeout: ${timeout} }`
}

/** The readiness check of a service: its own, a known gateway's health endpoint, or none. */
function healthOf(name: string, service: InitService, facts: InitFacts): InitService['health'] {
  if (service.health) return service.health
  const known = name === facts.gateway && service.image ? knownGateway(service.image) : undefined
  return known?.health && service.ports.includes(known.health.port) ? known.health : undefined
}

function serviceLines(facts: InitFacts): string[] {
  const lines = ['services:']
  for (const [serviceName, service] of Object.entries(facts.services)) {
    lines.push(
      serviceName === facts.gateway
        ? service.build
          ? '  # The gateway under test, built from the pull request. It must proxy to http://echo:8080.'
          : '  # The gateway under test.'
        : service.image === ECHO_IMAGE
          ? '  # The upstream: a Go echo backend. perf-gate builds this image itself when Docker lacks it.'
          : '  # Started before the services that depend on it.',
    )
    lines.push(`  ${serviceName}:`)
    if (service.image) lines.push(`    image: ${flow(service.image)}`)
    if (service.build) lines.push(`    build: ${flow(service.build)}  # relative to this file`)
    if (Object.keys(service.env).length > 0) lines.push(`    env: ${flow(service.env)}`)
    lines.push(`    ports: ${flow(service.ports)}`)
    if (service.dependsOn.length > 0) lines.push(`    dependsOn: ${flow(service.dependsOn)}`)
    const health = healthOf(serviceName, service, facts)
    if (health) {
      lines.push(`    wait: ${waitLine(health, service.image === ECHO_IMAGE ? '30s' : '60s')}`)
    } else {
      lines.push(
        '    # Ready when its ports listen (needs a shell in the image). Better: an HTTP health check, e.g.',
        `    # wait: { http: { path: /health, port: ${service.ports[0] ?? 8080} }, timeout: 60s }`,
      )
    }
  }
  return lines
}

function composeLines(facts: InitFacts): string[] {
  const lines = [
    'stack:',
    '  # Your compose file, started as it is through testcontainers (under a project name of its own).',
    `  compose: ${flow(facts.compose)}  # relative to this file`,
    '  # Services with compose `profiles` start only when named here.',
    '  profiles: []',
  ]
  const waits = Object.entries(facts.services)
    .map(([name, service]) => [name, healthOf(name, service, facts)] as const)
    .filter((entry): entry is readonly [string, { path: string; port: number }] => entry[1] !== undefined)
  lines.push(
    "  # Readiness per service; without one, a service's own healthcheck is waited for, else its ports.",
  )
  if (waits.length === 0) lines.push('  wait: {}')
  else {
    lines.push('  wait:')
    for (const [name, health] of waits) lines.push(`    ${name}: ${waitLine(health, '60s')}`)
  }
  return lines
}

function baselineVariantLines(facts: InitFacts): string[] {
  const baseline = facts.baseline
  if (!baseline) return []
  return [
    'baselineVariant:',
    '  # What the pull request is compared with, on the same runner in paired A/B blocks.',
    '  services:',
    'ref' in baseline
      ? `    # The gateway built from the merge base of the pull request (checkout with fetch-depth: 0).\n    ${facts.gateway}: { build: { ref: ${baseline.ref} } }`
      : `    ${facts.gateway}: { image: ${flow(baseline.image)} }`,
    '',
  ]
}

/** Writes the config text: valid as it stands, with a comment on every choice the user should check. */
export function renderInitConfig(facts: InitFacts, name = 'gateway'): string {
  const gateway = facts.services[facts.gateway] as InitService
  const known = gateway.image ? knownGateway(gateway.image) : undefined
  const port =
    known && gateway.ports.includes(known.proxyPort) ? known.proxyPort : (gateway.ports[0] as number)
  const lines: string[] = [
    `# perf-gate config written by \`perf-gate init\` from ${facts.source}.`,
    ...(known && port === known.proxyPort
      ? [`# Recognised ${known.name}: port ${port} is where its official image proxies traffic.`]
      : []),
    '# Check it with `perf-gate validate --config <this file>` and run it with `perf-gate run --config <this file>`.',
    '# Every key is described in perf-gate.schema.json and docs/getting-started.md.',
    'version: 1',
    `name: ${name}`,
    '',
    ...(facts.compose ? composeLines(facts) : serviceLines(facts)),
    '',
    ...baselineVariantLines(facts),
    ...profileLines(facts, port),
    '',
    ...scenarioLines(facts),
    '',
    ...gateLines(facts),
  ]
  return lines.join('\n')
}

/** The control (with an echo upstream) and the gated profile through the gateway. */
function profileLines(facts: InitFacts, port: number): string[] {
  const upstream = facts.upstream
  // Behind a gateway that proxies to the echo backend, /echo returns the request: payloads can be checked.
  const route = upstream ? '/echo' : '/'
  return [
    'profiles:',
    ...(upstream
      ? [
          '  # The no-gateway control: k6 straight to the backend. It watches the runner and is never gated.',
          '  - name: no-gateway',
          '    control: true',
          `    target: http://${upstream.service}:${upstream.port}/echo`,
          '    expect: { status: 200 }',
        ]
      : [
          '  # One profile per gateway configuration to gate. Point the target at a route that reaches your',
          '  # backend; add a `control: true` profile that calls the backend directly to watch runner noise.',
        ]),
    `  - name: ${facts.gateway === 'gateway' || upstream ? 'passthrough' : `${facts.gateway}-passthrough`}`,
    `    target: http://${facts.gateway}:${port}${route}`,
    '    # Every response must have this status; also headers, bodyPrefix, bodyContains, echoesPayload.',
    '    expect: { status: 200 }',
  ]
}

/** One open-model scenario: echoing payloads through an echo upstream, else plain GETs. */
function scenarioLines(facts: InitFacts): string[] {
  return [
    'scenarios:',
    ...(facts.upstream
      ? [
          '  # Open model at a fixed arrival rate: latency without coordinated omission. Paired blocks drive',
          '  # both variants at once (2 x 500 req/s): keep the rate well below what saturates the runner.',
          '  - name: rate-500-1kb',
          '    script: constant-arrival-rate',
          '    rate: 500',
          '    duration: 4s',
          '    warmup: 1s',
          '    payloadBytes: 1024',
        ]
      : [
          '  # Open model at a fixed arrival rate: latency without coordinated omission. Keep the rate well',
          '  # below what saturates the machine, so P95 reflects the gateway and not CPU contention.',
          '  - name: rate-200',
          '    script: constant-arrival-rate',
          '    method: GET',
          '    rate: 200',
          '    maxVUs: 100',
          '    duration: 10s',
          '    payloadBytes: 0',
        ]),
  ]
}

/** The gate's rule (paired blocks until decided when there is a baseline variant) and the baseline file. */
function gateLines(facts: InitFacts): string[] {
  return [
    'gate:',
    '  metric: p95',
    '  threshold: 0.10 # fail on a P95 regression above +10%',
    '  confidence: 0.95',
    '  rounds: 5',
    '  warmupRounds: 1',
    ...(facts.baseline
      ? [
          '  # Paired A/B blocks until decided: at least `rounds`, at most `maxRounds` pairs, within the budget.',
          '  maxRounds: 20',
          '  timeBudget: 8m',
        ]
      : []),
    '',
    'baseline:',
    '  # Written by `perf-gate run --mode baseline` (e.g. a nightly job), read by every gate.',
    '  path: perf-gate-baseline.json',
    '',
  ]
}
