/** How the CLI prints a failure on stderr: the reason, with the line and column of config problems. */
import { ConfigError, describeFailure } from '../errors.js'

/** The text for stderr (newline-terminated) and the exit code. */
export function failureText(error: unknown): { text: string; exitCode: number } {
  const failure = describeFailure(error)
  if (error instanceof ConfigError && error.locations.some((l) => l !== undefined)) {
    const lines = error.problems.map((problem, i) => {
      const at = error.locations[i]
      // A YAML syntax error already starts with file:line:column.
      return at && !problem.includes(`:${at.line}:${at.column}: `)
        ? `${problem} (line ${at.line}, column ${at.column})`
        : problem
    })
    return { text: `perf-gate: ${lines.join('\n')}\n`, exitCode: failure.exitCode }
  }
  return { text: `perf-gate: ${failure.message}\n`, exitCode: failure.exitCode }
}
