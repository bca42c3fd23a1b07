/**
 * SIGINT/SIGTERM handling shared by the CLI and the action: abort the gate, remove every container
 * and network it started, then exit with the infrastructure code. Without this, a cancelled CI job
 * leaves the stack running on a self-hosted runner.
 */
import { ExitCode } from './errors.js'
import type { Logger } from './log.js'
import { Cleanup } from './gate/stack-session.js'

export interface InterruptGuard {
  cleanup: Cleanup
  signal: AbortSignal
  dispose(): void
}

export function guardInterrupts(
  log: Logger,
  onExit: (code: number) => void = (code) => process.exit(code),
): InterruptGuard {
  const cleanup = new Cleanup()
  const controller = new AbortController()
  let handling = false
  const handler = (signal: NodeJS.Signals) => {
    if (handling) return
    handling = true
    log.warning(`received ${signal}: stopping k6 and removing the stack`)
    controller.abort()
    void cleanup.runAll().finally(() => onExit(ExitCode.Infrastructure))
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return {
    cleanup,
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', handler)
      process.off('SIGTERM', handler)
    },
  }
}
