/** Runs the built CLI (`node dist/cli.js`) as a user would, for integration and end-to-end tests. */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

export interface CliOptions {
  env?: Record<string, string>
  cwd?: string
  /** Called with the whole stderr so far after every chunk, and the child (to signal it). */
  onStderr?: (stderr: string, child: ChildProcess) => void
}

/** Spawns dist/cli.js with Ryuk off (no registry here) and resolves when it exits. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, TESTCONTAINERS_RYUK_DISABLED: 'true', ...options.env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    options.onStderr?.(stderr, child)
  })
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}
