/**
 * What a pull request's stack may hand a container: an allowlist, not a deny-list. A compose file and
 * perf-gate.yml's own `services` are both under the pull request's control, and anything that reaches
 * the runner (host namespaces, privileges, devices, the Docker API, host paths outside the repository,
 * the repository's `.git` with the token actions/checkout keeps there) would give it the runner.
 *
 * Compose keys: every top-level key, service key and nested key is either allowed with a checked
 * shape or refused by name; a key this module does not know (one Compose adds later) is refused too.
 * The rules run on the document Compose itself runs: the file with YAML merge keys applied, and, when
 * a Compose binary exists, the output of `compose config` (absolute paths, long forms, `extends` and
 * `.env` resolved), so nothing Compose expands escapes them (config/compose-file.ts runs both).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import dockerignore from '@balena/dockerignore'

/** One refused construct: the key path in the document and why. */
export interface AllowlistProblem {
  key: string
  message: string
}

/** Why a host path may not be read at all (outside the folder and repository, /proc...), or undefined. */
export type PathRefusal = (file: string) => string | undefined

type Mapping = Record<string, unknown>
const isMapping = (v: unknown): v is Mapping => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The Docker API, and the folders that hold it: whoever reaches it starts privileged containers. */
const DOCKER_API = ['/var/run/docker.sock', '/run/docker.sock', '/run/containerd', '/var/lib/docker']

function realOf(file: string): string {
  try {
    return realpathSync(file)
  } catch {
    return path.resolve(file)
  }
}

const isInside = (file: string, root: string) => {
  const relative = path.relative(root, file)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** Does the path have a `.git` component (as given, or once symlinks are followed)? */
function inGit(file: string): boolean {
  return [path.resolve(file), realOf(file)].some((p) => p.split(path.sep).includes('.git'))
}

/** Does a folder hold `.git` (a repository's, or a submodule's pointer file)? */
function holdsGit(dir: string): boolean {
  try {
    return statSync(dir).isDirectory() && readdirSync(dir).includes('.git')
  } catch {
    return false
  }
}

const GIT_ADVICE =
  ".git holds git's config and the token actions/checkout persists there; nothing of it may reach a container"

/**
 * The rules for any host path a container gets (a bind mount, a copied file, an env_file, a secret's
 * file): never `/`, the Docker API or `.git`; then the folder/repository rule of `refusePath`. The first
 * two hold even where paths outside the repository are allowed. `what` names the path in messages.
 */
export function hostPathProblem(
  file: string,
  refusePath: PathRefusal,
  options: { allowGitInside?: boolean } = {},
): string | undefined {
  const real = realOf(file)
  if (real === path.parse(real).root)
    return `"/" is not allowed: it hands the container the runner's whole file system`
  let socket = false
  try {
    socket = lstatSync(real).isSocket()
  } catch {
    // missing: Compose creates an empty folder for a missing bind source
  }
  if (socket || DOCKER_API.some((api) => isInside(api, real) || isInside(real, api)))
    return `${file} reaches the Docker API (${real}): a container that holds it controls the runner`
  if (inGit(file))
    return `${file} is inside .git (${real}): ${GIT_ADVICE}; copy the file out of .git into the repository instead`
  if (!options.allowGitInside && holdsGit(real))
    return `${file} holds .git (${real}): ${GIT_ADVICE}; name the files or folders it needs instead of the folder holding .git`
  return refusePath(file)
}

/** Does the context's .dockerignore (and the Dockerfile's own `<Dockerfile>.dockerignore`) leave out .git? */
function ignoresGit(context: string, dockerfile: string | undefined): boolean {
  const files = [path.join(context, '.dockerignore')]
  if (dockerfile) {
    const own = `${path.resolve(context, dockerfile)}.dockerignore`
    if (existsSync(own)) files.push(own)
  }
  return files.every((file) => {
    if (!existsSync(file)) return false
    // The library testcontainers applies to build contexts (a CommonJS module: its factory is `.default`).
    const ignore = dockerignore.default({ ignorecase: false }).add(readFileSync(file, 'utf8'))
    return ignore.ignores('.git') && ignore.ignores('.git/config')
  })
}

/**
 * A build context on the host: the host-path rules, except that it may hold `.git` when its
 * .dockerignore leaves `.git` out (a repository root is a common context).
 */
export function buildContextProblem(
  context: string,
  dockerfile: string | undefined,
  refusePath: PathRefusal,
): string | undefined {
  const problem = hostPathProblem(context, refusePath, { allowGitInside: true })
  if (problem) return problem
  if (holdsGit(realOf(context)) && !ignoresGit(realOf(context), dockerfile))
    return `the build context ${context} holds .git; add ".git" to its .dockerignore (Docker sends the whole context to the build, and ${GIT_ADVICE})`
  return undefined
}

export interface ComposeAllowlistOptions {
  /** The compose file's folder: relative paths resolve against it. */
  dir: string
  refusePath: PathRefusal
  /**
   * Set when the document is `compose config` output for this project name: Compose then writes a
   * `name` of `<project>_<key>` on every network, volume, secret and config, which is allowed.
   */
  renderedProject?: string | undefined
}

/** Keys whose values reach nothing on the host: allowed with any value Compose accepts. */
const SERVICE_PLAIN = new Set([
  'annotations',
  'attach',
  'cap_drop',
  'command',
  'container_name',
  'cpu_count',
  'cpu_percent',
  'cpu_period',
  'cpu_quota',
  'cpu_shares',
  'cpus',
  'cpuset',
  'depends_on',
  'dns',
  'dns_opt',
  'dns_search',
  'domainname',
  'entrypoint',
  'environment',
  'expose',
  'extra_hosts',
  'group_add',
  'healthcheck',
  'hostname',
  'image',
  'init',
  'labels',
  'links',
  'mac_address',
  'mem_limit',
  'mem_reservation',
  'mem_swappiness',
  'memswap_limit',
  'oom_kill_disable',
  'oom_score_adj',
  'pids_limit',
  'platform',
  'ports',
  'profiles',
  'pull_policy',
  'read_only',
  'restart',
  'scale',
  'shm_size',
  'stdin_open',
  'stop_grace_period',
  'stop_signal',
  'sysctls',
  'tmpfs',
  'tty',
  'ulimits',
  'user',
  'working_dir',
])

/** Service keys refused by name, with the reason (anything else unknown gets a generic one). */
const SERVICE_REFUSED: Record<string, string> = {
  privileged: 'a privileged container controls the runner',
  cap_add: 'added capabilities reach the runner',
  devices: "it hands the container the runner's devices",
  device_cgroup_rules: "it opens the runner's devices",
  gpus: "it hands the container the runner's GPUs",
  pid: "it shares a process namespace (host: the runner's processes)",
  uts: "it shares the runner's host name namespace",
  userns_mode: "it leaves the container's user namespace",
  cgroup_parent: "it places the container in the runner's cgroups",
  volumes_from: "it mounts another container's volumes (one outside the stack can be the runner's)",
  external_links: 'it links containers outside the stack',
  provider: 'Compose runs a provider as a program on the runner',
  use_api_socket: 'it hands the container the Docker API',
  runtime: 'another container runtime is not allowed',
  isolation: 'another isolation is not allowed',
  storage_opt: "it changes the runner's storage driver options",
  blkio_config: "it names the runner's block devices",
  credential_spec: "it reads the runner's credentials",
  develop: "watch mode syncs the runner's files into the container",
  label_file: 'labels from a host file are not allowed: write the labels',
  models: 'model runners are not allowed',
}

const TOP_LEVEL = new Set(['version', 'name', 'services', 'networks', 'volumes', 'configs', 'secrets'])
const BUILD_ALLOWED = new Set([
  'args',
  'context',
  'dockerfile',
  'dockerfile_inline',
  'extra_hosts',
  'labels',
  'no_cache',
  'platforms',
  'pull',
  'secrets',
  'shm_size',
  'tags',
  'target',
  'ulimits',
  'cache_from',
])
const BUILD_REFUSED: Record<string, string> = {
  additional_contexts:
    'it sends other host folders (or images) to the build: keep what the build needs in its context',
  ssh: "it forwards the runner's SSH agent or keys into the build",
  network: "a build on another network (host: the runner's) is not allowed",
  entitlements: 'build entitlements (network.host, security.insecure) reach the runner',
  privileged: 'a privileged build controls the runner',
  isolation: 'another isolation is not allowed',
  cache_to: 'it writes the build cache to the runner',
}
const SAFE_MOUNT_OPTIONS = new Set([
  'ro',
  'rw',
  'z',
  'Z',
  'nocopy',
  'cached',
  'delegated',
  'consistent',
  'private',
  'rprivate',
])
const LOG_DRIVERS = new Set(['json-file', 'local', 'none'])
const isExtension = (key: string) => key.startsWith('x-')
const isRemoteContext = (value: string) => /^(?:[a-z][a-z0-9+.-]*:\/\/|git@)/i.test(value)

/**
 * Checks a compose document (a parsed YAML value, merges applied) against the allowlist. Returns
 * every refused construct with its key path; an empty list means Compose would hand the containers
 * nothing of the runner beyond the stack's own folder.
 */
export function composeAllowlistProblems(doc: unknown, options: ComposeAllowlistOptions): AllowlistProblem[] {
  const problems: AllowlistProblem[] = []
  const refuse = (key: string, message: string) => problems.push({ key, message })
  if (!isMapping(doc)) return [{ key: '(root)', message: 'expected a mapping' }]
  const rendered = options.renderedProject
  const generatedName = (key: string) => (rendered ? `${rendered}_${key}` : undefined)

  const hostPath = (key: string, value: unknown, check: (file: string) => string | undefined) => {
    if (typeof value !== 'string') return refuse(key, 'expected a path')
    if (value.includes('$'))
      return refuse(
        key,
        'a host path may not use variables (a committed .env could set them; it could not be checked)',
      )
    if (value.startsWith('~')) return refuse(key, 'a host path in the home folder is not allowed')
    const reason = check(path.resolve(options.dir, value))
    if (reason) refuse(key, reason)
  }
  const filePath = (key: string, value: unknown) =>
    hostPath(key, value, (file) => hostPathProblem(file, options.refusePath))

  for (const key of Object.keys(doc)) {
    if (isExtension(key) || TOP_LEVEL.has(key)) continue
    if (key === 'include') refuse('include', 'not supported: name the services in this one file')
    else refuse(key, `not allowed (a compose file may have ${[...TOP_LEVEL].join(', ')} and x-* keys)`)
  }

  // Top-level resources: only ones this project creates; never external, another project's by name,
  // or backed by a driver that reaches the host.
  const resources = (kind: 'networks' | 'volumes' | 'secrets' | 'configs', allowed: Set<string>) => {
    const section = doc[kind]
    if (section === undefined || section === null) return new Set<string>()
    if (!isMapping(section)) {
      refuse(kind, 'expected a mapping')
      return new Set<string>()
    }
    for (const [name, entry] of Object.entries(section)) {
      if (entry === null || entry === undefined) continue
      const at = `${kind}.${name}`
      if (!isMapping(entry)) {
        refuse(at, 'expected a mapping')
        continue
      }
      for (const [key, value] of Object.entries(entry)) {
        if (isExtension(key) || key === 'labels') continue
        if (key === 'external') {
          if (value !== false)
            refuse(
              `${at}.external`,
              `not allowed: an external ${kind.slice(0, -1)} belongs to the runner, not the stack`,
            )
        } else if (key === 'name') {
          if (value !== generatedName(name))
            refuse(
              `${at}.name`,
              `not allowed: a ${kind.slice(0, -1)} named "${String(value)}" can be one the runner or another stack has; leave the name to Compose`,
            )
        } else if (key === 'driver' && kind === 'networks') {
          if (value !== 'bridge') refuse(`${at}.driver`, `"${String(value)}" is not allowed (only bridge)`)
        } else if (key === 'driver' && kind === 'volumes') {
          if (value !== 'local') refuse(`${at}.driver`, `"${String(value)}" is not allowed (only local)`)
        } else if (key === 'ipam' && kind === 'networks') {
          if (!isMapping(value) || (value.driver !== undefined && value.driver !== 'default'))
            refuse(`${at}.ipam`, 'only the default IPAM driver is allowed')
        } else if (key === 'file' && (kind === 'secrets' || kind === 'configs')) {
          filePath(`${at}.file`, value)
        } else if (!allowed.has(key)) {
          refuse(
            `${at}.${key}`,
            `not allowed (a ${kind.slice(0, -1)} may have ${['labels', 'name', ...allowed].join(', ')})`,
          )
        }
      }
    }
    return new Set(Object.keys(section))
  }
  const networks = resources(
    'networks',
    new Set(['driver', 'attachable', 'enable_ipv4', 'enable_ipv6', 'internal', 'ipam']),
  )
  const volumes = resources('volumes', new Set(['driver']))
  const secrets = resources('secrets', new Set(['file']))
  const configs = resources('configs', new Set(['file', 'content']))

  const services = isMapping(doc.services) ? doc.services : {}
  const serviceNames = new Set(Object.keys(services))
  for (const [name, service] of Object.entries(services)) {
    const at = (key: string) => `services.${name}.${key}`
    if (!isMapping(service)) {
      refuse(`services.${name}`, 'expected a mapping')
      continue
    }
    for (const [key, value] of Object.entries(service)) {
      if (isExtension(key) || SERVICE_PLAIN.has(key)) continue
      const refused = SERVICE_REFUSED[key]
      if (refused !== undefined) {
        if (key === 'privileged' && value === false) continue
        refuse(at(key), `not allowed: ${refused}`)
        continue
      }
      switch (key) {
        case 'network_mode':
          if (value !== 'none' && !(typeof value === 'string' && serviceRef(value, serviceNames)))
            refuse(
              at(key),
              `"${String(value)}" is not allowed (only "none" or "service:<a service of this file>")`,
            )
          break
        case 'ipc':
          if (
            !['private', 'shareable', 'none'].includes(String(value)) &&
            !serviceRef(String(value), serviceNames)
          )
            refuse(
              at(key),
              `"${String(value)}" is not allowed (only private, shareable, none or service:<name>)`,
            )
          break
        case 'cgroup':
          if (value !== 'private') refuse(at(key), `"${String(value)}" is not allowed (only private)`)
          break
        case 'security_opt':
          if (
            !Array.isArray(value) ||
            !value.every((o) => /^no-new-privileges(?:[:=]true)?$/.test(String(o)))
          )
            refuse(at(key), 'not allowed (only no-new-privileges): security options can lift the confinement')
          break
        case 'logging':
          if (isMapping(value) && value.driver !== undefined && !LOG_DRIVERS.has(String(value.driver)))
            refuse(
              at('logging.driver'),
              `"${String(value.driver)}" is not allowed (only ${[...LOG_DRIVERS].join(', ')})`,
            )
          break
        case 'deploy':
          deployProblems(value, at(key), refuse)
          break
        case 'post_start':
        case 'pre_stop':
          hookProblems(value, at(key), refuse)
          break
        case 'extends':
          if (isMapping(value) && value.file !== undefined)
            refuse(
              at('extends.file'),
              'not allowed: perf-gate checks this one file; copy the service into it',
            )
          else if (!serviceNames.has(String(isMapping(value) ? value.service : value)))
            refuse(at(key), 'not a service of this file')
          break
        case 'networks': {
          const entries = Array.isArray(value)
            ? value.map(String)
            : isMapping(value)
              ? Object.keys(value)
              : []
          for (const network of entries) {
            if (network !== 'default' && !networks.has(network))
              refuse(
                at(`networks.${network}`),
                'not a network of this file (declare it under the top-level networks)',
              )
            const settings = isMapping(value) ? value[network] : undefined
            if (isMapping(settings) && settings.driver_opts !== undefined)
              refuse(at(`networks.${network}.driver_opts`), 'not allowed')
          }
          break
        }
        case 'secrets':
        case 'configs': {
          const declared = key === 'secrets' ? secrets : configs
          ;(Array.isArray(value) ? value : []).forEach((ref, i) => {
            const source = isMapping(ref) ? ref.source : ref
            if (!declared.has(String(source)))
              refuse(at(`${key}[${i}]`), `"${String(source)}" is not declared under the top-level ${key}`)
          })
          break
        }
        case 'env_file': {
          const files = typeof value === 'string' ? [value] : Array.isArray(value) ? value : []
          files.forEach((f, i) => filePath(at(`env_file[${i}]`), isMapping(f) ? f.path : f))
          break
        }
        case 'volumes':
          ;(Array.isArray(value) ? value : []).forEach((volume, i) =>
            volumeProblems(volume, at(`volumes[${i}]`), volumes, filePath, refuse),
          )
          break
        case 'build':
          buildProblems(value, at(key), options, secrets, refuse)
          break
        default:
          refuse(
            at(key),
            'not allowed: perf-gate does not know this key, and allows only the keys it has checked',
          )
      }
    }
  }
  return problems
}

const serviceRef = (value: string, services: Set<string>) =>
  value.startsWith('service:') && services.has(value.slice('service:'.length))

type Refuse = (key: string, message: string) => void

function deployProblems(value: unknown, at: string, refuse: Refuse): void {
  if (!isMapping(value)) return
  const resources = value.resources
  if (!isMapping(resources)) return
  for (const kind of ['limits', 'reservations'] as const) {
    const section = resources[kind]
    if (!isMapping(section)) continue
    for (const key of Object.keys(section)) {
      if (!['cpus', 'memory', 'pids'].includes(key))
        refuse(`${at}.resources.${kind}.${key}`, "not allowed: it hands the container the runner's devices")
    }
  }
}

function hookProblems(value: unknown, at: string, refuse: Refuse): void {
  ;(Array.isArray(value) ? value : []).forEach((hook, i) => {
    if (!isMapping(hook)) return
    for (const [key, v] of Object.entries(hook)) {
      if (key === 'privileged') {
        if (v !== false)
          refuse(`${at}[${i}].privileged`, 'not allowed: a privileged hook controls the runner')
      } else if (!['command', 'user', 'working_dir', 'environment'].includes(key)) {
        refuse(`${at}[${i}].${key}`, 'not allowed')
      }
    }
  })
}

/** A service's volume: a bind inside the folder, a named volume of this file, or tmpfs. */
function volumeProblems(
  volume: unknown,
  at: string,
  declared: Set<string>,
  filePath: (key: string, value: unknown) => void,
  refuse: Refuse,
): void {
  if (typeof volume === 'string') {
    // SOURCE:TARGET[:OPTIONS], or TARGET alone (an anonymous volume: nothing on the host).
    const parts = volume.split(':')
    if (parts.length === 1) return
    const [source = '', , options] = parts
    for (const option of (options ?? '').split(',').filter(Boolean)) {
      if (!SAFE_MOUNT_OPTIONS.has(option)) refuse(at, `mount option "${option}" is not allowed`)
    }
    if (/^[./~$]/.test(source) || source.includes('/')) filePath(at, source)
    else if (!declared.has(source))
      refuse(at, `named volume "${source}" is not declared under the top-level volumes`)
    return
  }
  if (!isMapping(volume)) return refuse(at, 'expected a string or a mapping')
  for (const [key, value] of Object.entries(volume)) {
    if (['target', 'read_only', 'consistency', 'type', 'source', 'tmpfs', 'volume'].includes(key)) continue
    if (key === 'bind') {
      if (!isMapping(value)) continue
      if (value.propagation !== undefined && !['private', 'rprivate'].includes(String(value.propagation)))
        refuse(`${at}.bind.propagation`, `"${String(value.propagation)}" is not allowed`)
      for (const k of Object.keys(value))
        if (!['propagation', 'create_host_path', 'selinux', 'recursive'].includes(k))
          refuse(`${at}.bind.${k}`, 'not allowed')
    } else if (!isExtension(key)) {
      refuse(`${at}.${key}`, 'not allowed')
    }
  }
  if (volume.type === 'bind') filePath(`${at}.source`, volume.source)
  else if (volume.type === 'volume') {
    if (volume.source !== undefined && !declared.has(String(volume.source)))
      refuse(
        `${at}.source`,
        `named volume "${String(volume.source)}" is not declared under the top-level volumes`,
      )
  } else if (volume.type !== 'tmpfs') {
    refuse(`${at}.type`, `"${String(volume.type)}" is not allowed (only bind, volume or tmpfs)`)
  }
}

function buildProblems(
  value: unknown,
  at: string,
  options: ComposeAllowlistOptions,
  secrets: Set<string>,
  refuse: Refuse,
): void {
  const build: Mapping | undefined =
    typeof value === 'string' ? { context: value } : isMapping(value) ? value : undefined
  if (!build) return refuse(at, 'expected a context path or a mapping')
  const key = typeof value === 'string' ? at : `${at}.context`
  for (const [k, v] of Object.entries(build)) {
    if (isExtension(k)) continue
    const refused = BUILD_REFUSED[k]
    if (refused !== undefined) {
      if (k === 'privileged' && v === false) continue
      refuse(`${at}.${k}`, `not allowed: ${refused}`)
    } else if (!BUILD_ALLOWED.has(k)) {
      refuse(
        `${at}.${k}`,
        'not allowed: perf-gate does not know this key, and allows only the keys it has checked',
      )
    }
  }
  for (const [i, source] of (Array.isArray(build.cache_from) ? build.cache_from : []).entries()) {
    if (/(?:^|,)type=local\b|(?:^|,)src=/.test(String(source)))
      refuse(`${at}.cache_from[${i}]`, "a local cache reads the runner's files: not allowed")
  }
  ;(Array.isArray(build.secrets) ? build.secrets : []).forEach((ref, i) => {
    const source = isMapping(ref) ? ref.source : ref
    if (!secrets.has(String(source)))
      refuse(`${at}.secrets[${i}]`, `"${String(source)}" is not declared under the top-level secrets`)
  })
  const context = build.context ?? '.'
  if (typeof context !== 'string') return refuse(key, 'expected a path')
  // A remote context (a git URL) is fetched by the builder: nothing on the runner is read.
  if (isRemoteContext(context)) return
  if (context.includes('$')) return refuse(key, 'a host path may not use variables (it could not be checked)')
  if (context.startsWith('~')) return refuse(key, 'a host path in the home folder is not allowed')
  const contextDir = path.resolve(options.dir, context)
  const dockerfile = build.dockerfile
  if (dockerfile !== undefined) {
    if (typeof dockerfile !== 'string' || dockerfile.includes('$'))
      refuse(`${at}.dockerfile`, 'expected a path without variables')
    else if (path.isAbsolute(dockerfile) && !options.renderedProject)
      refuse(`${at}.dockerfile`, 'an absolute path is not allowed: give it relative to the build context')
    else {
      const reason = hostPathProblem(path.resolve(contextDir, dockerfile), options.refusePath)
      if (reason) refuse(`${at}.dockerfile`, reason)
    }
  }
  const reason = buildContextProblem(
    contextDir,
    typeof dockerfile === 'string' ? dockerfile : undefined,
    options.refusePath,
  )
  if (reason) refuse(key, reason)
}
