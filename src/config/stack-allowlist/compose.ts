/**
 * A compose document against the allowlist: its top-level keys, then its resources (networks,
 * volumes, secrets, configs), then every service's keys, in that order.
 */
import { TOP_LEVEL } from './compose-keys.js'
import {
  composeScope,
  isExtension,
  isMapping,
  type AllowlistProblem,
  type ComposeAllowlistOptions,
  type Mapping,
  type Refuse,
} from './compose-scope.js'
import { declaredResources } from './resources.js'
import { serviceProblems } from './service.js'

/**
 * Checks a compose document (a parsed YAML value, merges applied) against the allowlist. Returns
 * every refused construct with its key path; an empty list means Compose would hand the containers
 * nothing of the runner beyond the stack's own folder.
 */
export function composeAllowlistProblems(doc: unknown, options: ComposeAllowlistOptions): AllowlistProblem[] {
  const problems: AllowlistProblem[] = []
  const refuse = (key: string, message: string) => {
    problems.push({ key, message })
  }
  if (!isMapping(doc)) return [{ key: '(root)', message: 'expected a mapping' }]
  const scope = composeScope(options, refuse)
  topLevelProblems(doc, refuse)
  const declared = declaredResources(doc, scope)
  serviceProblems(doc.services, declared, scope)
  return problems
}

function topLevelProblems(doc: Mapping, refuse: Refuse): void {
  for (const key of Object.keys(doc)) {
    if (isExtension(key) || TOP_LEVEL.has(key)) continue
    if (key === 'include') refuse('include', 'not supported: name the services in this one file')
    else refuse(key, `not allowed (a compose file may have ${[...TOP_LEVEL].join(', ')} and x-* keys)`)
  }
}
