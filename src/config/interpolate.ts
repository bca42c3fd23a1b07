/**
 * `${NAME}` in perf-gate.yml: values taken from the environment before the schema sees the config.
 * Which variables may be read at all is secrets.ts's rule; the values taken are collected, so callers
 * can keep them out of messages and mask them in the job's log.
 */
import { formatPath } from './locate.js'
import { type InterpolatedValue, interpolationRefusal } from './secrets.js'

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g

/**
 * Replaces `${NAME}` and `${NAME:-default}` in every string of a parsed YAML value. `$${` escapes a
 * literal `${`. An unset variable without a default, and a variable interpolationRefusal refuses, is a problem at
 * that path. Values taken from `env` are collected in `used`, so callers can keep them out of messages.
 */
export function interpolate(
  value: unknown,
  env: Record<string, string | undefined>,
  problems: string[],
  at: PropertyKey[] = [],
  /** Filled in step with `problems`: the path of each, so that it can be located in the file. */
  paths: PropertyKey[][] = [],
  used: InterpolatedValue[] = [],
): unknown {
  if (typeof value === 'string') {
    const escaped = value.split('$${')
    return escaped
      .map((part) =>
        part.replace(VARIABLE, (_match, name: string, fallback: string | undefined) => {
          const found = env[name]
          const refusal = interpolationRefusal(name, found)
          if (refusal) {
            problems.push(`${formatPath(at)}: ${refusal}`)
            paths.push(at)
            return ''
          }
          if (found !== undefined && found !== '') {
            used.push({ name, value: found })
            return found
          }
          if (fallback !== undefined) return fallback
          problems.push(
            `${formatPath(at)}: environment variable ${name} is not set (use \${${name}:-default})`,
          )
          paths.push(at)
          return ''
        }),
      )
      .join('${')
  }
  if (Array.isArray(value))
    return value.map((item, i) => interpolate(item, env, problems, [...at, i], paths, used))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        interpolate(item, env, problems, [...at, key], paths, used),
      ]),
    )
  }
  return value
}
