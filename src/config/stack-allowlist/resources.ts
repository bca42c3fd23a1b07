/**
 * The top-level networks, volumes, secrets and configs: only ones this project creates; never
 * external, another project's by name, or backed by a driver that reaches the host.
 */
import { isExtension, isMapping, type ComposeScope, type Mapping } from './compose-scope.js'

type ResourceKind = 'networks' | 'volumes' | 'secrets' | 'configs'

/** The names each top-level section declares: what a service may refer to. */
export interface DeclaredResources {
  networks: Set<string>
  volumes: Set<string>
  secrets: Set<string>
  configs: Set<string>
}

/** Checks the four resource sections, in this order, and returns the names each declares. */
export function declaredResources(doc: Mapping, scope: ComposeScope): DeclaredResources {
  return {
    networks: resourceProblems(
      doc,
      'networks',
      new Set(['driver', 'attachable', 'enable_ipv4', 'enable_ipv6', 'internal', 'ipam']),
      scope,
    ),
    volumes: resourceProblems(doc, 'volumes', new Set(['driver']), scope),
    secrets: resourceProblems(doc, 'secrets', new Set(['file']), scope),
    configs: resourceProblems(doc, 'configs', new Set(['file', 'content']), scope),
  }
}

function resourceProblems(
  doc: Mapping,
  kind: ResourceKind,
  allowed: Set<string>,
  scope: ComposeScope,
): Set<string> {
  const section = doc[kind]
  if (section === undefined || section === null) return new Set<string>()
  if (!isMapping(section)) {
    scope.refuse(kind, 'expected a mapping')
    return new Set<string>()
  }
  for (const [name, entry] of Object.entries(section)) {
    if (entry === null || entry === undefined) continue
    const at = `${kind}.${name}`
    if (!isMapping(entry)) {
      scope.refuse(at, 'expected a mapping')
      continue
    }
    for (const [key, value] of Object.entries(entry)) {
      if (isExtension(key) || key === 'labels') continue
      resourceKeyProblem({ kind, name, at, allowed }, key, value, scope)
    }
  }
  return new Set(Object.keys(section))
}

interface ResourceEntry {
  kind: ResourceKind
  name: string
  /** The entry's key path, e.g. "networks.front". */
  at: string
  allowed: Set<string>
}

function resourceKeyProblem(entry: ResourceEntry, key: string, value: unknown, scope: ComposeScope): void {
  const { kind, name, at, allowed } = entry
  const { refuse } = scope
  const one = kind.slice(0, -1)
  if (key === 'external') {
    if (value !== false)
      refuse(`${at}.external`, `not allowed: an external ${one} belongs to the runner, not the stack`)
  } else if (key === 'name') {
    const rendered = scope.options.renderedProject
    const generatedName = rendered ? `${rendered}_${name}` : undefined
    if (value !== generatedName)
      refuse(
        `${at}.name`,
        `not allowed: a ${one} named "${String(value)}" can be one the runner or another stack has; leave the name to Compose`,
      )
  } else if (key === 'driver' && kind === 'networks') {
    if (value !== 'bridge') refuse(`${at}.driver`, `"${String(value)}" is not allowed (only bridge)`)
  } else if (key === 'driver' && kind === 'volumes') {
    if (value !== 'local') refuse(`${at}.driver`, `"${String(value)}" is not allowed (only local)`)
  } else if (key === 'ipam' && kind === 'networks') {
    if (!isMapping(value) || (value.driver !== undefined && value.driver !== 'default'))
      refuse(`${at}.ipam`, 'only the default IPAM driver is allowed')
  } else if (key === 'file' && (kind === 'secrets' || kind === 'configs')) {
    scope.filePath(`${at}.file`, value)
  } else if (!allowed.has(key)) {
    refuse(`${at}.${key}`, `not allowed (a ${one} may have ${['labels', 'name', ...allowed].join(', ')})`)
  }
}
