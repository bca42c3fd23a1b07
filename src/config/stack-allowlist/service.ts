/**
 * A service's keys: plain ones pass, refused ones are named with their reason, and each remaining
 * key has its own check (namespaces and confinement, then references to the file's own resources).
 * A key nobody checked is refused.
 */
import { buildProblems } from './build.js'
import { LOG_DRIVERS, SERVICE_PLAIN, SERVICE_REFUSED } from './compose-keys.js'
import { isExtension, isMapping, type ComposeScope } from './compose-scope.js'
import { deployProblems, hookProblems } from './deploy-hooks.js'
import type { DeclaredResources } from './resources.js'
import { volumeProblems } from './volumes.js'

/** One service under check: the document's scope plus what its keys may refer to. */
interface ServiceScope extends ComposeScope {
  /** The key path of one of this service's keys, e.g. "services.gw.ports". */
  at: (key: string) => string
  serviceNames: Set<string>
  declared: DeclaredResources
}

type ServiceKeyCheck = (value: unknown, key: string, s: ServiceScope) => void

/** Checks every service under `services` (a mapping; anything else has none to check). */
export function serviceProblems(services: unknown, declared: DeclaredResources, scope: ComposeScope): void {
  const all = isMapping(services) ? services : {}
  const serviceNames = new Set(Object.keys(all))
  for (const [name, service] of Object.entries(all)) {
    const at = (key: string) => `services.${name}.${key}`
    if (!isMapping(service)) {
      scope.refuse(`services.${name}`, 'expected a mapping')
      continue
    }
    const s: ServiceScope = { ...scope, at, serviceNames, declared }
    for (const [key, value] of Object.entries(service)) serviceKeyProblem(key, value, s)
  }
}

function serviceKeyProblem(key: string, value: unknown, s: ServiceScope): void {
  if (isExtension(key) || SERVICE_PLAIN.has(key)) return
  const refused = SERVICE_REFUSED[key]
  if (refused !== undefined) {
    if (key === 'privileged' && value === false) return
    return s.refuse(s.at(key), `not allowed: ${refused}`)
  }
  const check = SERVICE_CHECKS.get(key)
  if (check) check(value, key, s)
  else
    s.refuse(
      s.at(key),
      'not allowed: perf-gate does not know this key, and allows only the keys it has checked',
    )
}

const serviceRef = (value: string, services: Set<string>) =>
  value.startsWith('service:') && services.has(value.slice('service:'.length))

/** Namespaces and confinement: nothing the runner's own may be shared or lifted. */
const confinementChecks: Array<[string, ServiceKeyCheck]> = [
  [
    'network_mode',
    (value, key, s) => {
      if (value !== 'none' && !(typeof value === 'string' && serviceRef(value, s.serviceNames)))
        s.refuse(
          s.at(key),
          `"${String(value)}" is not allowed (only "none" or "service:<a service of this file>")`,
        )
    },
  ],
  [
    'ipc',
    (value, key, s) => {
      if (
        !['private', 'shareable', 'none'].includes(String(value)) &&
        !serviceRef(String(value), s.serviceNames)
      )
        s.refuse(
          s.at(key),
          `"${String(value)}" is not allowed (only private, shareable, none or service:<name>)`,
        )
    },
  ],
  [
    'cgroup',
    (value, key, s) => {
      if (value !== 'private') s.refuse(s.at(key), `"${String(value)}" is not allowed (only private)`)
    },
  ],
  [
    'security_opt',
    (value, key, s) => {
      if (!Array.isArray(value) || !value.every((o) => /^no-new-privileges(?:[:=]true)?$/.test(String(o))))
        s.refuse(s.at(key), 'not allowed (only no-new-privileges): security options can lift the confinement')
    },
  ],
  [
    'logging',
    (value, _key, s) => {
      if (isMapping(value) && value.driver !== undefined && !LOG_DRIVERS.has(String(value.driver)))
        s.refuse(
          s.at('logging.driver'),
          `"${String(value.driver)}" is not allowed (only ${[...LOG_DRIVERS].join(', ')})`,
        )
    },
  ],
  ['deploy', (value, key, s) => deployProblems(value, s.at(key), s.refuse)],
  ['post_start', (value, key, s) => hookProblems(value, s.at(key), s.refuse)],
  ['pre_stop', (value, key, s) => hookProblems(value, s.at(key), s.refuse)],
]

/** References: to services, networks, secrets, configs and volumes of this file, or to host paths. */
const referenceChecks: Array<[string, ServiceKeyCheck]> = [
  [
    'extends',
    (value, key, s) => {
      if (isMapping(value) && value.file !== undefined)
        s.refuse(
          s.at('extends.file'),
          'not allowed: perf-gate checks this one file; copy the service into it',
        )
      else if (!s.serviceNames.has(String(isMapping(value) ? value.service : value)))
        s.refuse(s.at(key), 'not a service of this file')
    },
  ],
  ['networks', (value, _key, s) => serviceNetworkProblems(value, s)],
  ['secrets', (value, key, s) => declaredReferenceProblems(value, key, s.declared.secrets, s)],
  ['configs', (value, key, s) => declaredReferenceProblems(value, key, s.declared.configs, s)],
  [
    'env_file',
    (value, _key, s) => {
      const files = typeof value === 'string' ? [value] : Array.isArray(value) ? value : []
      files.forEach((f, i) => s.filePath(s.at(`env_file[${i}]`), isMapping(f) ? f.path : f))
    },
  ],
  [
    'volumes',
    (value, _key, s) =>
      (Array.isArray(value) ? value : []).forEach((volume, i) =>
        volumeProblems(volume, s.at(`volumes[${i}]`), s.declared.volumes, s),
      ),
  ],
  ['build', (value, key, s) => buildProblems(value, s.at(key), s.declared.secrets, s)],
]

/** The checked service keys (a Map: a key such as "constructor" must not find a check). */
const SERVICE_CHECKS = new Map<string, ServiceKeyCheck>([...confinementChecks, ...referenceChecks])

function serviceNetworkProblems(value: unknown, s: ServiceScope): void {
  const entries = Array.isArray(value) ? value.map(String) : isMapping(value) ? Object.keys(value) : []
  for (const network of entries) {
    if (network !== 'default' && !s.declared.networks.has(network))
      s.refuse(
        s.at(`networks.${network}`),
        'not a network of this file (declare it under the top-level networks)',
      )
    const settings = isMapping(value) ? value[network] : undefined
    if (isMapping(settings) && settings.driver_opts !== undefined)
      s.refuse(s.at(`networks.${network}.driver_opts`), 'not allowed')
  }
}

/** A service's `secrets` or `configs`: each source must be declared under the top-level section. */
function declaredReferenceProblems(
  value: unknown,
  key: string,
  declared: Set<string>,
  s: ServiceScope,
): void {
  ;(Array.isArray(value) ? value : []).forEach((ref, i) => {
    const source = isMapping(ref) ? ref.source : ref
    if (!declared.has(String(source)))
      s.refuse(s.at(`${key}[${i}]`), `"${String(source)}" is not declared under the top-level ${key}`)
  })
}
