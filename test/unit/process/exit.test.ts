// endProcess ends the process with its code by letting the event loop end (process.exit() can hang
// at shutdown: nodejs/node#54918, see src/exit.ts), and still ends it when a handle holds the loop.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const EXIT = path.resolve(import.meta.dirname, '../../../src/exit.ts')

function runScript(body: string): { code: number | null; ms: number } {
  const started = Date.now()
  const run = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', body],
    { timeout: 20_000, killSignal: 'SIGKILL', encoding: 'utf8' },
  )
  return { code: run.status, ms: Date.now() - started }
}

describe('endProcess', () => {
  it('exits with the code as soon as nothing holds the event loop, without waiting for the grace period', () => {
    const run = runScript(`import { endProcess } from ${JSON.stringify(EXIT)}; endProcess(3, 8000)`)
    expect(run.code).toBe(3)
    expect(run.ms).toBeLessThan(6000)
  })

  it('ends a process whose event loop a socket still holds (as testcontainers does), with the code, after the grace period', () => {
    const run = runScript(
      `import { createServer } from 'node:net'; import { endProcess } from ${JSON.stringify(EXIT)};
       createServer().listen(0, () => endProcess(2, 300))`,
    )
    expect(run.code).toBe(2)
  })

  it('ends with 0 when told so, a listening server notwithstanding', () => {
    const run = runScript(
      `import { createServer } from 'node:net'; import { endProcess } from ${JSON.stringify(EXIT)};
       createServer().listen(0, () => endProcess(0, 300))`,
    )
    expect(run.code).toBe(0)
  })
})
