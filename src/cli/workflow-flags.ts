/**
 * The options of `run` and `validate` that say which config is read and what it may reach: flags of
 * the command line, never keys of the config, because a pull request controls the config.
 */
import { InvalidArgumentError, type Command } from 'commander'
import { DEFAULT_CONFIG_FILE } from '../config/config-file.js'
import { parseHostList } from '../config/hosts.js'
import type { LoadOptions } from '../config/load.js'

export const CONFIG_HELP = `the config file (default: ${DEFAULT_CONFIG_FILE} in the current directory)`

/** --allow-host, repeatable, each a host or a comma-separated list of hosts. */
function hostOption(value: string, previous: string[] = []): string[] {
  const { hosts, invalid } = parseHostList(value)
  if (invalid.length > 0 || hosts.length === 0)
    throw new InvalidArgumentError('expected host names or IP addresses (no scheme, port or path)')
  return [...new Set([...previous, ...hosts])]
}

/** The options that widen the trust boundary: flags of the command line, never keys of the config. */
export interface TrustFlags {
  allowPathsOutsideRepo?: boolean
  allowHost?: string[]
}

const ALLOW_PATHS_HELP =
  "read files, build contexts and k6 scripts outside the config's folder and the working directory (never /proc, /sys, /dev)"
const ALLOW_HOST_HELP =
  "a host setup, readiness and targets may call besides the stack's services (repeatable)"

/** Adds --allow-paths-outside-repo and --allow-host (TrustFlags) to a command. */
export function withTrustFlags(command: Command): Command {
  return command
    .option('--allow-paths-outside-repo', ALLOW_PATHS_HELP)
    .option('--allow-host <host>', ALLOW_HOST_HELP, hostOption)
}

/** What the workflow decides for loadConfig: the working directory is the workspace root. */
export function loadOptions(opts: TrustFlags): LoadOptions {
  return {
    root: process.cwd(),
    allowPathsOutsideRepo: opts.allowPathsOutsideRepo === true,
    allowedHosts: opts.allowHost ?? [],
  }
}
