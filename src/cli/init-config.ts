/**
 * `perf-gate init`: a first, commented perf-gate.yml for a gateway image or a compose file. Pure: the
 * caller inspects the image (exposed ports) or reads the compose file and hands the facts over.
 */
import { parse, stringify } from 'yaml'
import { ConfigError } from '../errors.js'

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
}

/** What init found: the services to start and which one is the gateway under test. */
export interface InitFacts {
  /** Where the facts come from, for the header comment ("image kong:3.9", "compose file x.yml"). */
  source: string
  gateway: string
  services: Record<string, InitService>
}

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
    service.ports = [...new Set(service.ports)]
    services[name] = service
  }
  if (problems.length > 0) throw new ConfigError(problems)
  const names = Object.keys(services)
  if (names.length === 0) throw new ConfigError([`${file}: no services`])
  const chosen =
    gateway ??
    names.find((n) => knownGateway(services[n]?.image ?? n) !== undefined) ??
    names.find((n) => (services[n]?.ports.length ?? 0) > 0 && (services[n]?.dependsOn.length ?? 0) > 0) ??
    names.find((n) => (services[n]?.ports.length ?? 0) > 0)
  if (!chosen || !services[chosen]) {
    throw new ConfigError([
      gateway
        ? `${file}: no service "${gateway}" (services: ${names.join(', ')})`
        : `${file}: no service with ports to send load to`,
    ])
  }
  if (services[chosen].ports.length === 0) {
    throw new ConfigError([`${file}: services.${chosen}: no container port to send load to`])
  }
  return { source: `compose file ${file}`, gateway: chosen, services }
}

function flow(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow' }).trim()
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
    '# Every key is described in perf-gate.schema.json and the README.',
    'version: 1',
    `name: ${name}`,
    '',
    'services:',
  ]
  for (const [serviceName, service] of Object.entries(facts.services)) {
    lines.push(
      serviceName === facts.gateway
        ? `  # The gateway under test.`
        : `  # Started before the services that depend on it.`,
    )
    lines.push(`  ${serviceName}:`)
    if (service.image) lines.push(`    image: ${flow(service.image)}`)
    if (service.build) lines.push(`    build: ${flow(service.build)}  # relative to this file`)
    if (Object.keys(service.env).length > 0) lines.push(`    env: ${flow(service.env)}`)
    lines.push(`    ports: ${flow(service.ports)}`)
    if (service.dependsOn.length > 0) lines.push(`    dependsOn: ${flow(service.dependsOn)}`)
    const health = serviceName === facts.gateway ? known?.health : undefined
    if (health && service.ports.includes(health.port)) {
      lines.push(`    wait: { http: { path: ${health.path}, port: ${health.port} }, timeout: 60s }`)
    } else {
      lines.push(
        '    # Ready when its ports listen. Better: an HTTP health check, e.g.',
        `    # wait: { http: { path: /health, port: ${service.ports[0] ?? 8080} }, timeout: 60s }`,
      )
    }
  }
  lines.push(
    '',
    'profiles:',
    '  # One profile per gateway configuration to gate. Point the target at a route that reaches your',
    '  # backend; add a `control: true` profile that calls the backend directly to watch runner noise.',
    `  - name: ${facts.gateway === 'gateway' ? 'passthrough' : `${facts.gateway}-passthrough`}`,
    `    target: http://${facts.gateway}:${port}/`,
    '    # Every response must have this status; also headers, bodyPrefix, bodyContains, echoesPayload.',
    '    expect: { status: 200 }',
    '',
    'scenarios:',
    '  # Open model at a fixed arrival rate: latency without coordinated omission. Keep the rate well',
    '  # below what saturates the machine, so P95 reflects the gateway and not CPU contention.',
    '  - name: rate-200',
    '    script: constant-arrival-rate',
    '    method: GET',
    '    rate: 200',
    '    maxVUs: 100',
    '    duration: 10s',
    '    payloadBytes: 0',
    '',
    'gate:',
    '  metric: p95',
    '  threshold: 0.10 # fail on a P95 regression above +10%',
    '  confidence: 0.95',
    '  rounds: 5',
    '  warmupRounds: 1',
    '',
    'baseline:',
    '  # Written by `perf-gate run --mode baseline` (e.g. a nightly job), read by every gate.',
    '  path: perf-gate-baseline.json',
    '',
  )
  return lines.join('\n')
}
