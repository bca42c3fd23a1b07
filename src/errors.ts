/**
 * Typed errors. Modules throw these with the input, file, config path or service they concern;
 * only main.ts and cli.ts turn them into exit codes and messages.
 */

/** Exit codes of the CLI; the action maps 1-3 to a failed job. */
export const ExitCode = {
  Pass: 0,
  Regression: 1,
  InvalidInput: 2,
  Infrastructure: 3,
} as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

export class PerfGateError extends Error {
  readonly exitCode: ExitCode
  constructor(message: string, exitCode: ExitCode, options?: { cause?: unknown }) {
    super(message, options)
    this.name = new.target.name
    this.exitCode = exitCode
  }
}

/** Where in a file a problem is: 1-based line and column, as editors and GitHub annotations count. */
export interface ProblemLocation {
  file: string
  line: number
  column: number
}

/** The config file or an action input is invalid. Raised before anything is started. */
export class ConfigError extends PerfGateError {
  /** One line per problem, each naming the file and the path. */
  readonly problems: string[]
  /** Per problem (same index), the config path it concerns, when it concerns one. */
  readonly paths: (readonly PropertyKey[] | undefined)[]
  /** Per problem (same index), where it is in the file, when known: the action annotates that line. */
  readonly locations: (ProblemLocation | undefined)[]
  constructor(
    problems: string[],
    details: {
      paths?: (readonly PropertyKey[] | undefined)[]
      locations?: (ProblemLocation | undefined)[]
    } = {},
  ) {
    super(problems.join('\n'), ExitCode.InvalidInput)
    this.problems = problems
    this.paths = details.paths ?? []
    this.locations = details.locations ?? []
  }
}

/** The stack did not start, k6 is missing or crashed, a profile could not be set up. */
export class InfrastructureError extends PerfGateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, ExitCode.Infrastructure, options)
  }
}

/** Turns anything thrown into a one-line reason and an exit code. */
export function describeFailure(error: unknown): { message: string; exitCode: ExitCode } {
  if (error instanceof PerfGateError) return { message: error.message, exitCode: error.exitCode }
  if (error instanceof Error) return { message: error.message, exitCode: ExitCode.Infrastructure }
  return { message: `unexpected failure: ${String(error)}`, exitCode: ExitCode.Infrastructure }
}
