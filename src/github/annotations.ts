/**
 * Failures as GitHub annotations: a config problem is pinned to its file and line in the pull
 * request's diff view, instead of only a line in the log.
 */
import path from 'node:path'
import * as core from '@actions/core'
import { ConfigError, describeFailure } from '../errors.js'

/** The @actions/core calls this module makes (a seam for tests). */
export interface AnnotationSink {
  error(message: string, properties?: core.AnnotationProperties): void
  setFailed(message: string): void
}

/**
 * Reports a failure and returns its exit code. Config problems with a known location become one
 * error annotation each, with the file relative to the workspace (as GitHub matches it against the
 * repository) and the line and column; everything else fails with its first line, the rest logged.
 */
export function reportFailure(error: unknown, workspace: string, sink: AnnotationSink = core): number {
  const failure = describeFailure(error)
  if (error instanceof ConfigError && error.locations.some((l) => l !== undefined)) {
    error.problems.forEach((problem, i) => {
      const at = error.locations[i]
      if (!at) return sink.error(problem)
      // The annotation already names the file; the message keeps the config path and the reason.
      const message = problem.startsWith(`${at.file}: `) ? problem.slice(at.file.length + 2) : problem
      sink.error(message, {
        file: path.relative(workspace, at.file) || at.file,
        startLine: at.line,
        startColumn: at.column,
      })
    })
    const n = error.problems.length
    sink.setFailed(`perf-gate: ${n} problem${n > 1 ? 's' : ''} in the config (see the annotations)`)
    return failure.exitCode
  }
  sink.setFailed(failure.message.split('\n')[0] ?? failure.message)
  if (failure.message.includes('\n')) sink.error(failure.message)
  return failure.exitCode
}
