/**
 * Config paths such as ['profiles', 1, 'target']: how a message names one (`profiles[1].target`), and
 * its line and column in the YAML text, so that the action can annotate the very line of perf-gate.yml
 * a problem is on. The yaml library keeps every node's source range; zod's issue paths say which node.
 */
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml'
import { ConfigError, type ProblemLocation } from '../errors.js'

/** Formats a path such as ['profiles', 1, 'target'] as `profiles[1].target`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`
    else {
      const key = String(segment)
      out += /^[A-Za-z_][\w-]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`
    }
  }
  return out || '(root)'
}

/**
 * The 1-based line and column of the node at `segments`, or of its closest existing ancestor when the
 * path ends at a key that is missing (a required key is reported where its parent is). A map entry is
 * located at its key (so an unknown key, a wrong value and a wrong block all point at the key's line),
 * a list item at the item.
 */
export function locatePath(
  doc: Document,
  lineCounter: LineCounter,
  segments: readonly PropertyKey[],
): { line: number; column: number } | undefined {
  let node: unknown = doc.contents
  let offset = (node as Node | null)?.range?.[0]
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(segment),
      )
      if (!pair) break
      const key = pair.key as Node | null
      const value = pair.value as Node | null
      offset = key?.range?.[0] ?? offset
      node = value
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined
      if (!item) break
      offset = item.range?.[0] ?? offset
      node = item
    } else break
  }
  if (offset === undefined) return undefined
  const { line, col } = lineCounter.linePos(offset)
  return { line, column: col }
}

/**
 * Adds locations to a ConfigError whose problems carry config paths. Anything else is returned as it
 * is, so callers can rethrow whatever they caught.
 */
export function withLocations(
  error: unknown,
  doc: Document,
  lineCounter: LineCounter,
  file: string,
): unknown {
  if (!(error instanceof ConfigError) || error.paths.length === 0) return error
  const locations = error.problems.map((_problem, i): ProblemLocation | undefined => {
    const at = error.paths[i]
    const position = at ? locatePath(doc, lineCounter, at) : undefined
    return position ? { file, ...position } : undefined
  })
  return new ConfigError(error.problems, { paths: error.paths, locations })
}
