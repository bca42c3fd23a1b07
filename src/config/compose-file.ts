/**
 * Reads the compose file of `stack.compose` before anything starts: the services and profiles the
 * config names must exist in it, and, because a pull request controls both files, nothing in it may
 * reach the runner itself (host namespaces, privileges, devices, bind mounts outside the repository).
 * Every problem names the compose file and the key.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseDocument } from 'yaml'
import { readTextCapped } from '../files.js'
import { composeVariableProblems } from './compose-env.js'
import type { ComposeStackConfig, VariantConfig } from './schema.js'

/** Largest compose file read; real ones are a few kB. */
const MAX_COMPOSE_BYTES = 1_000_000

/** What the gate needs to know about a compose file that passed the checks. */
export interface ComposeFacts {
  /** The `version` key, when the file has one: an override file must repeat it for Compose v1. */
  version: string | undefined
  /** Every service in the file. */
  services: string[]
  /** The services `up` starts: those the profiles enable, or the ones named and their depends_on. */
  started: string[]
  /** The image of each started service that names one (a service with only `build` has none). */
  images: Record<string, string>
}

type Mapping = Record<string, unknown>
const isMapping = (v: unknown): v is Mapping => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Keys that hand a container the runner's kernel, devices or namespaces. */
const HOST_ACCESS_KEYS = [
  'privileged',
  'cap_add',
  'devices',
  'device_cgroup_rules',
  'security_opt',
  'pid',
  'ipc',
  'userns_mode',
  'cgroup_parent',
] as const

function dependsOn(service: Mapping): string[] {
  const deps = service.depends_on
  if (Array.isArray(deps)) return deps.map(String)
  if (isMapping(deps)) return Object.keys(deps)
  return []
}

function profilesOf(service: Mapping): string[] {
  return Array.isArray(service.profiles) ? service.profiles.map(String) : []
}

/** Host paths a service reads: bind-mount sources, build contexts, env files. */
function hostPathsOf(service: Mapping): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = []
  const volumes = Array.isArray(service.volumes) ? service.volumes : []
  volumes.forEach((volume, i) => {
    if (typeof volume === 'string') {
      // "/data" alone is an anonymous volume at that container path: nothing on the host.
      if (!volume.includes(':')) return
      const source = volume.split(':')[0] ?? ''
      // A named volume has no slash and no dot in front; everything else is a host path.
      if (/^[./~$]/.test(source) || source.includes('/')) out.push({ key: `volumes[${i}]`, value: source })
    } else if (isMapping(volume) && volume.type === 'bind' && typeof volume.source === 'string') {
      out.push({ key: `volumes[${i}].source`, value: volume.source })
    }
  })
  if (typeof service.build === 'string') out.push({ key: 'build', value: service.build })
  else if (isMapping(service.build) && typeof service.build.context === 'string')
    out.push({ key: 'build.context', value: service.build.context })
  const envFiles = typeof service.env_file === 'string' ? [service.env_file] : service.env_file
  if (Array.isArray(envFiles)) {
    envFiles.forEach((f, i) => {
      const file = isMapping(f) ? f.path : f
      if (typeof file === 'string') out.push({ key: `env_file[${i}]`, value: file })
    })
  }
  if (isMapping(service.extends) && typeof service.extends.file === 'string')
    out.push({ key: 'extends.file', value: service.extends.file })
  return out
}

/** A published port with a fixed host port ("8080:80", { published: 8080 }) blocks a second stack. */
function fixedHostPorts(service: Mapping): string[] {
  const ports = Array.isArray(service.ports) ? service.ports : []
  const fixed: string[] = []
  for (const port of ports) {
    if (typeof port === 'string' && /^(?:[\d.]+:)?\d+(?:-\d+)?:\d+/.test(port)) fixed.push(port)
    else if (isMapping(port) && port.published !== undefined && port.published !== '')
      fixed.push(String(port.published))
  }
  return fixed
}

export interface CheckComposeOptions {
  /** The config file, for messages. */
  configFile: string
  stack: ComposeStackConfig
  baselineVariant: VariantConfig | undefined
  /**
   * Is this host path allowed (inside the config's folder or the workspace, or allow-paths-outside-repo)?
   * Returns a reason when it is not.
   */
  refusePath: (file: string) => string | undefined
}

/**
 * Checks the compose file against the config and the rules above. Returns its facts, or the problems
 * (each a full message naming the compose file). `stack.compose` must already be an absolute path.
 */
export function checkComposeFile(options: CheckComposeOptions): { facts?: ComposeFacts; problems: string[] } {
  const { stack } = options
  const file = stack.compose
  const at = (key: string, message: string) => `${file}: ${key}: ${message}`
  if (!existsSync(file))
    return { problems: [`${options.configFile}: stack.compose: compose file not found: ${file}`] }
  const doc = parseDocument(readTextCapped(file, MAX_COMPOSE_BYTES, 'compose file'))
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.map((e) => `${file}: invalid YAML: ${e.message.split('\n')[0]}`),
    }
  }
  let raw: unknown
  try {
    raw = doc.toJS({ maxAliasCount: 100 })
  } catch (error) {
    return { problems: [`${file}: invalid YAML: ${(error as Error).message.split('\n')[0]}`] }
  }
  if (!isMapping(raw) || !isMapping(raw.services) || Object.keys(raw.services).length === 0)
    return { problems: [`${file}: no "services" in this compose file`] }
  const services = raw.services as Record<string, unknown>
  const names = Object.keys(services)
  const problems: string[] = []
  const known = (name: string) => Object.hasOwn(services, name)
  const list = names.join(', ')

  problems.push(...composeVariableProblems(raw, file))
  if (raw.include !== undefined)
    problems.push(at('include', 'not supported: name the services in this one file'))
  for (const [volumeName, volume] of Object.entries(isMapping(raw.volumes) ? raw.volumes : {})) {
    if (isMapping(volume) && isMapping(volume.driver_opts) && volume.driver_opts.device !== undefined)
      problems.push(
        at(`volumes.${volumeName}.driver_opts.device`, 'not allowed: it mounts a host path or device'),
      )
  }
  for (const kind of ['configs', 'secrets'] as const) {
    for (const [entry, value] of Object.entries(isMapping(raw[kind]) ? raw[kind] : {})) {
      if (isMapping(value) && typeof value.file === 'string') {
        const reason = options.refusePath(path.resolve(path.dirname(file), value.file))
        if (reason) problems.push(at(`${kind}.${entry}.file`, reason))
      }
    }
  }

  const allProfiles = new Set(names.flatMap((n) => profilesOf(services[n] as Mapping)))
  stack.profiles.forEach((profile, i) => {
    if (!allProfiles.has(profile))
      problems.push(
        `${options.configFile}: stack.profiles[${i}]: no service of ${file} has the profile "${profile}"${allProfiles.size > 0 ? ` (profiles: ${[...allProfiles].join(', ')})` : ''}`,
      )
  })
  const requireService = (key: string, name: string) => {
    if (!known(name))
      problems.push(`${options.configFile}: ${key}: no service "${name}" in ${file} (services: ${list})`)
  }
  ;(stack.services ?? []).forEach((name, i) => requireService(`stack.services[${i}]`, name))
  for (const name of Object.keys(stack.wait)) requireService(`stack.wait.${name}`, name)
  for (const [name, override] of Object.entries(options.baselineVariant?.services ?? {})) {
    requireService(`baselineVariant.services.${name}`, name)
    if (override.build && !override.build.context)
      problems.push(
        `${options.configFile}: baselineVariant.services.${name}.build.context: required with stack.compose (the compose file's build is not read)`,
      )
  }

  for (const name of names) {
    const service = services[name]
    if (!isMapping(service)) {
      problems.push(at(`services.${name}`, 'expected a mapping'))
      continue
    }
    for (const key of HOST_ACCESS_KEYS) {
      if (service[key] !== undefined && service[key] !== false)
        problems.push(
          at(
            `services.${name}.${key}`,
            "not allowed: a pull request's compose file must not reach the runner's host",
          ),
        )
    }
    const networkMode = service.network_mode
    if (typeof networkMode === 'string' && /^(host|container:)/.test(networkMode))
      problems.push(at(`services.${name}.network_mode`, `"${networkMode}" is not allowed`))
    for (const { key, value } of hostPathsOf(service)) {
      if (value.includes('$')) {
        problems.push(
          at(`services.${name}.${key}`, 'a host path may not use variables (it could not be checked)'),
        )
        continue
      }
      if (value.startsWith('~')) {
        problems.push(at(`services.${name}.${key}`, 'a host path in the home folder is not allowed'))
        continue
      }
      // A build context may be a git URL; compose fetches it, nothing on the host is read.
      if (key.startsWith('build') && /^[a-z]+:\/\//i.test(value)) continue
      const reason = options.refusePath(path.resolve(path.dirname(file), value))
      if (reason) problems.push(at(`services.${name}.${key}`, reason))
    }
    if (options.baselineVariant) {
      const fixed = fixedHostPorts(service)
      if (fixed.length > 0)
        problems.push(
          at(
            `services.${name}.ports`,
            `publishes host port ${fixed.join(', ')}: paired A/B runs start two stacks at once, so publish container ports only (perf-gate reaches containers on their network)`,
          ),
        )
    }
  }

  // Compose starts the named services and what they depend on, or every service the profiles enable.
  const started = new Set<string>()
  const add = (name: string) => {
    if (started.has(name) || !known(name)) return
    started.add(name)
    const service = services[name]
    if (isMapping(service)) dependsOn(service).forEach(add)
  }
  if (stack.services) stack.services.forEach(add)
  else
    names
      .filter((n) => {
        const p = profilesOf(services[n] as Mapping)
        return p.length === 0 || p.some((x) => stack.profiles.includes(x))
      })
      .forEach(add)
  if (problems.length === 0 && started.size === 0)
    problems.push(
      `${options.configFile}: stack.profiles: no service of ${file} is enabled (every service has profiles; name one in stack.profiles or stack.services)`,
    )
  const version =
    typeof raw.version === 'string' || typeof raw.version === 'number' ? String(raw.version) : undefined
  if (problems.length > 0) return { problems }
  const images: Record<string, string> = {}
  for (const name of started) {
    const image = (services[name] as Mapping).image
    if (typeof image === 'string') images[name] = image
  }
  return { facts: { version, services: names, started: [...started], images }, problems }
}
