/**
 * Runs the built CLI as a child process without blocking the test worker.
 *
 * `spawnSync` holds the worker's event loop until the child and every process holding its pipes are
 * gone: a child stopped by a signal, or a grandchild (docker, compose) that keeps stdout open, blocks
 * the worker for good, its `timeout` option notwithstanding, and vitest's own timeout cannot fire.
 * Here the child leads its own process group; at the deadline the whole group gets SIGKILL, and the
 * result says it timed out, so a stuck case fails in bounded time instead of stalling the run.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export interface CliRun {
  code: number | null
  output: string
  stdout: string
  stderr: string
  timedOut: boolean
}

export interface CliOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  timeoutMs?: number
}

export function runBuiltCli(args: string[], options: CliOptions): Promise<CliRun> {
  const timeoutMs = options.timeoutMs ?? 60_000
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    const timer = setTimeout(() => {
      timedOut = true
      killGroup()
      // A grandchild outside the group could still hold the pipes: do not wait for them.
      setTimeout(() => finish(null), 2_000).unref()
    }, timeoutMs)
    let done = false
    const finish = (code: number | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      const note = timedOut ? `\n[test harness] killed after ${timeoutMs} ms\n` : ''
      resolve({ code, stdout, stderr, output: `${stdout}${stderr}${note}`, timedOut })
    }
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      // Reap anything the CLI left in its group (it should leave nothing).
      killGroup()
      finish(code)
    })
  })
}
