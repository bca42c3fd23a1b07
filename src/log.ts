import { redact, type InterpolatedValue } from './config/secrets.js'

/**
 * The logger the engine writes progress to. The action passes one backed by @actions/core (groups
 * fold in the Actions log); the CLI passes one that writes plain lines to stderr.
 */
export interface Logger {
  info(message: string): void
  warning(message: string): void
  /** Runs fn inside a named, foldable section of the log. */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>
}

/** A logger that discards everything (tests). */
export const silentLogger: Logger = {
  info: () => {},
  warning: () => {},
  group: (_name, fn) => fn(),
}

/**
 * A logger that replaces every value `${NAME}` took from the environment by `***` before writing:
 * the CLI's stderr and a non-GitHub CI's log have no masking of their own.
 */
export function maskedLogger(log: Logger, used: readonly InterpolatedValue[]): Logger {
  if (used.length === 0) return log
  return {
    info: (message) => log.info(redact(message, used)),
    warning: (message) => log.warning(redact(message, used)),
    group: (name, fn) => log.group(redact(name, used), fn),
  }
}
