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
