/**
 * Which hosts perf-gate's own HTTP calls (profile setup, readiness, k6 targets) may reach: the stack's
 * services, plus hosts the workflow allows (the input allowed-hosts, the CLI flag --allow-host). A pull
 * request controls the config, so the config cannot add hosts: a setup chain that may name any host
 * can read a cloud metadata endpoint, capture a token and send it on.
 */
import { isIP } from 'node:net'
import type { Config } from './schema.js'

/** A host name (letters, digits, "-", "_", dots) or an IP address, as the workflow writes it. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?$/

/** Normalizes one host (lower case, brackets of an IPv6 address removed), or undefined when not a host. */
export function normalizeHost(text: string): string | undefined {
  const host = text.trim().toLowerCase()
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  if (isIP(bare) !== 0) return bare
  return HOST_NAME.test(host) ? host.replace(/\.$/, '') : undefined
}

/**
 * Splits a list of hosts separated by commas, spaces or new lines. Returns the hosts and the entries
 * that are not a host (a URL, a path, a port), so the caller can name its input.
 */
export function parseHostList(text: string): { hosts: string[]; invalid: string[] } {
  const hosts: string[] = []
  const invalid: string[] = []
  for (const entry of text.split(/[\s,]+/).filter((e) => e !== '')) {
    const host = normalizeHost(entry)
    if (host === undefined) invalid.push(entry)
    else if (!hosts.includes(host)) hosts.push(host)
  }
  return { hosts, invalid }
}

/** The host of a URL as `new URL` sees it (lower case, IPv6 without brackets), or undefined. */
export function urlHost(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.toLowerCase()
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  } catch {
    return undefined
  }
}

/**
 * Why `url` may not be called, or undefined when its host is one of `allowed` (service names, their
 * container addresses, hosts the workflow allows). `what` names the URL in the message.
 */
export function hostRefusal(url: string, allowed: ReadonlySet<string>, what: string): string | undefined {
  const host = urlHost(url)
  if (host === undefined) return `${what}: not a URL`
  if (allowed.has(host)) return undefined
  return `${what}: host "${host}" is not a service of this stack; perf-gate only calls the stack's own services (${[...allowed].join(', ') || 'none'}), and hosts the workflow allows with the action input "allowed-hosts" or the CLI flag --allow-host`
}

/**
 * Setup, readiness and target URLs must name one of the stack's services (`services` holds a compose
 * file's network aliases too) or a host the workflow allows: a setup chain that may call any host can
 * read a cloud metadata endpoint, capture a token and send it on. A `{{placeholder}}` in the host would let a captured value pick the host: refused.
 */
export function unreachableHosts(
  config: Config,
  services: readonly string[],
  allowedHosts: readonly string[],
): string[] {
  const allowed = new Set([...services.map((s) => s.toLowerCase()), ...allowedHosts])
  const problems: string[] = []
  const check = (at: string, url: string) => {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? ''
    if (authority.includes('{{')) {
      problems.push(
        `${at}: the host may not be a {{placeholder}}: a captured value would choose where setup calls go`,
      )
      return
    }
    const refusal = hostRefusal(url, allowed, at)
    if (refusal) problems.push(refusal)
  }
  config.profiles.forEach((profile, i) => {
    check(`profiles[${i}].target`, profile.target)
    if (profile.readiness?.url) check(`profiles[${i}].readiness.url`, profile.readiness.url)
    profile.setup.forEach((call, j) => check(`profiles[${i}].setup[${j}].url`, call.url))
  })
  return problems
}

/**
 * The network aliases of a compose file's services (`networks: { net: { aliases: [x] } }`), lower
 * case, as alias -> service. Docker's DNS answers them on the project's networks like service names, so
 * they are hosts of the stack too. A name that is also a service stays that service; an alias two
 * services declare goes to the first (Docker's DNS would answer with both). The list form of `networks`
 * has no aliases; entries that are not host names are left out (Compose refuses them anyway).
 */
export function composeNetworkAliases(services: Readonly<Record<string, unknown>>): Record<string, string> {
  const names = new Set(Object.keys(services).map((n) => n.toLowerCase()))
  const aliases = new Map<string, string>()
  for (const [service, definition] of Object.entries(services)) {
    const networks = isMapping(definition) ? definition.networks : undefined
    if (!isMapping(networks)) continue
    for (const network of Object.values(networks)) {
      const listed = isMapping(network) ? network.aliases : undefined
      if (!Array.isArray(listed)) continue
      for (const entry of listed) {
        const alias = typeof entry === 'string' ? normalizeHost(entry) : undefined
        if (alias !== undefined && isIP(alias) === 0 && !names.has(alias) && !aliases.has(alias))
          aliases.set(alias, service)
      }
    }
  }
  return Object.fromEntries(aliases)
}

const isMapping = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
