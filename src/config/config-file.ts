/** Which config file a CLI verb reads: `--config`, else perf-gate.yml in the working directory. */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../errors.js'

/** The config file every verb reads when `--config` is not given (the action input's default too). */
export const DEFAULT_CONFIG_FILE = 'perf-gate.yml'

/**
 * The config file a CLI verb reads: `--config` as given, else perf-gate.yml in `cwd`. Without either,
 * a ConfigError (exit 2) that says how to write one; with `optional` (doctor, which is useful before
 * any config exists), undefined instead.
 */
export function configFile(given: string | undefined, cwd?: string): string
export function configFile(
  given: string | undefined,
  cwd: string | undefined,
  options: { optional: true },
): string | undefined
export function configFile(
  given: string | undefined,
  cwd = '.',
  options: { optional?: boolean } = {},
): string | undefined {
  if (given !== undefined) return given
  const file = path.join(cwd, DEFAULT_CONFIG_FILE)
  if (existsSync(file)) return file
  if (options.optional) return undefined
  throw new ConfigError([
    `no --config given and no ${DEFAULT_CONFIG_FILE} in ${path.resolve(cwd)}: pass --config FILE, or write one with "perf-gate init --image IMAGE" (or "perf-gate init --compose FILE")`,
  ])
}
