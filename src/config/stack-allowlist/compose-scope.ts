/**
 * What every compose check shares: the shapes of a parsed document, how a problem is recorded, and
 * the one rule for a host path a key names (relative to the compose file's folder).
 */
import path from 'node:path'
import { hostPathProblem, type PathRefusal } from './host-paths.js'

/** One refused construct: the key path in the document and why. */
export interface AllowlistProblem {
  key: string
  message: string
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

export type Mapping = Record<string, unknown>
export const isMapping = (v: unknown): v is Mapping =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
export const isExtension = (key: string) => key.startsWith('x-')

/** Records one refused construct. */
export type Refuse = (key: string, message: string) => void

/** One evaluation of a document: its options, where problems go, and the host-path rule. */
export interface ComposeScope {
  options: ComposeAllowlistOptions
  refuse: Refuse
  /** Checks a host path that `key` names (a bind source, an env_file, a secret's or config's file). */
  filePath: (key: string, value: unknown) => void
}

/** The scope of one evaluation: problems go to `refuse`. */
export function composeScope(options: ComposeAllowlistOptions, refuse: Refuse): ComposeScope {
  const filePath = (key: string, value: unknown) => {
    if (typeof value !== 'string') return refuse(key, 'expected a path')
    if (value.includes('$'))
      return refuse(
        key,
        'a host path may not use variables (a committed .env could set them; it could not be checked)',
      )
    if (value.startsWith('~')) return refuse(key, 'a host path in the home folder is not allowed')
    const reason = hostPathProblem(path.resolve(options.dir, value), options.refusePath)
    if (reason) refuse(key, reason)
  }
  return { options, refuse, filePath }
}
