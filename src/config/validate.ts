/**
 * From a parsed YAML value to a valid Config: keys that moved out of the config refused, `${NAME}`
 * interpolated, the schema applied, then what the schema does not check (k6 flags and params against
 * their allowlists, the services' start order), and sweeps expanded. Each step's problems are thrown
 * together, each naming the source and the config path, with that path kept for locating it in the file.
 */
import type { z } from 'zod'
import { ConfigError } from '../errors.js'
import { interpolate } from './interpolate.js'
import { k6ParamProblem } from './k6-env.js'
import { k6FlagProblem } from './k6-flags.js'
import { formatPath } from './locate.js'
import { configSchema, type Config, type RawConfig } from './schema.js'
import { type InterpolatedValue, redact } from './secrets.js'
import { serviceWaves } from './service-order.js'
import { expandConfig } from './sweep.js'

/** The config key that used to lift the path rule; refused with a pointer to the input and flag. */
const MOVED_KEYS: Record<string, string> = {
  allowPathsOutsideRepo:
    'no longer read from the config, which a pull request controls: set the action input "allow-paths-outside-repo" to true or pass the CLI flag --allow-paths-outside-repo in the workflow instead',
}

/** A problem as its message says it (`path: what`), and the config path it is located at. */
interface Problem {
  message: string
  path: PropertyKey[]
}

/**
 * Validates an already parsed config object. `source` names the file in messages; the values taken
 * from `env` are returned, and redacted from every message.
 */
export function validateConfig(
  raw: unknown,
  source: string,
  env: Record<string, string | undefined>,
): { config: Config; interpolated: InterpolatedValue[] } {
  const interpolated: InterpolatedValue[] = []
  const failure = (problems: readonly Problem[]) =>
    new ConfigError(
      problems.map((p) => redact(`${source}: ${p.message}`, interpolated)),
      { paths: problems.map((p) => p.path) },
    )
  const moved = movedKeyProblems(raw)
  const { value, problems: unset } = withVariables(raw, env, interpolated)
  if (moved.length + unset.length > 0) throw failure([...moved, ...unset])
  const parsed = configSchema.safeParse(value)
  if (!parsed.success) throw failure(schemaProblems(parsed.error.issues))
  const refused = allowlistProblems(parsed.data)
  if (refused.length > 0) throw failure(refused)
  const order = serviceOrderProblems(parsed.data)
  if (order.length > 0) throw failure(order)
  return { config: expandConfig(parsed.data), interpolated }
}

/** Keys the config may no longer hold: what the workflow decides instead. */
function movedKeyProblems(raw: unknown): Problem[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return []
  return Object.entries(MOVED_KEYS)
    .filter(([key]) => Object.hasOwn(raw, key))
    .map(([key, message]) => ({ message: `${key}: ${message}`, path: [key] }))
}

/** `raw` with `${NAME}` replaced (interpolate.ts), the values taken added to `used`. */
function withVariables(
  raw: unknown,
  env: Record<string, string | undefined>,
  used: InterpolatedValue[],
): { value: unknown; problems: Problem[] } {
  const messages: string[] = []
  const paths: PropertyKey[][] = []
  const value = interpolate(raw, env, messages, [], paths, used)
  return { value, problems: messages.map((message, i) => ({ message, path: paths[i] ?? [] })) }
}

/** The schema's issues, each at its path; an unknown key is located at the key itself. */
function schemaProblems(issues: readonly z.core.$ZodIssue[]): Problem[] {
  return issues.map(unwrapUnion).map((issue) => ({
    message: `${formatPath(issue.path)}: ${describeIssue(issue)}`,
    path: issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path,
  }))
}

/**
 * A union that matched no branch (a sweepable number: one value or a list) says only "Invalid input";
 * report the branch that got furthest instead (a list whose element is wrong names that element),
 * the first branch on a tie, with its path joined to the union's.
 */
function unwrapUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue
  let best: z.core.$ZodIssue | undefined
  for (const branch of issue.errors) {
    const first = branch[0]
    if (first && (best === undefined || first.path.length > best.path.length)) best = first
  }
  return best ? unwrapUnion({ ...best, path: [...issue.path, ...best.path] }) : issue
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
  }
  if (issue.code === 'invalid_type') {
    // zod 4 leaves the input out of issues; its message ends in "received <type>".
    const received = /received (\w+)/.exec(issue.message)?.[1]
    return received === 'undefined'
      ? `required (expected ${issue.expected})`
      : `expected ${issue.expected}${received ? `, got ${received}` : ''}`
  }
  return issue.message
}

/**
 * k6 flags against their allowlist (here rather than in the schema, which imports nothing local:
 * scripts/gen-schema.ts loads it as it is), and params, which become k6's environment: none may name
 * a setting of k6, Go, the loader or a proxy.
 */
function allowlistProblems(config: RawConfig): Problem[] {
  const problem = (path: PropertyKey[], message: string | undefined): Problem[] =>
    message ? [{ message: `${formatPath(path)}: ${message}`, path }] : []
  return [
    ...config.k6.flags.flatMap((flag, i) => problem(['k6', 'flags', i], k6FlagProblem(flag))),
    ...config.scenarios.flatMap((scenario, i) =>
      Object.keys(scenario.params).flatMap((key) =>
        problem(['scenarios', i, 'params', key], k6ParamProblem(key)),
      ),
    ),
  ]
}

/** The services' dependsOn must give a start order (no cycle, no unknown service). */
function serviceOrderProblems(config: RawConfig): Problem[] {
  try {
    serviceWaves(Object.fromEntries(Object.entries(config.services).map(([n, s]) => [n, s.dependsOn])))
    return []
  } catch (error) {
    return [{ message: `services: ${(error as Error).message}`, path: ['services'] }]
  }
}
