// A k6 that dies mid-run: the run is an infrastructure failure that names the script and how k6
// ended. A stand-in k6 (a shell script that kills itself) does what a crashing k6 does, so no real k6
// and no target are needed; what the gate does with the failure is test/unit/gate/recorded-gates.test.ts's.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { InfrastructureError } from '../../../src/errors.js'
import { runK6 } from '../../../src/load/k6.js'
import { ROOT } from '../../support/cli.js'

/** A k6 stand-in whose `run` ends as `body` says. */
function fakeK6(body: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'perf-gate-fake-k6-')), 'k6')
  writeFileSync(file, `#!/usr/bin/env bash\n${body}\n`)
  chmodSync(file, 0o755)
  return file
}

const run = (k6Path: string) =>
  runK6({
    k6: { path: k6Path, version: '1.8.1' },
    script: path.join(ROOT, 'scenarios/constant-arrival-rate.js'),
    env: { TARGET_URL: 'http://127.0.0.1:9/echo', RATE: '10', DURATION: '1s' },
    durationS: 1,
    timeoutMs: 30_000,
  })

describe('k6 crashing', () => {
  it('is an infrastructure failure naming the script and the signal (SIGSEGV)', async () => {
    const error = await run(fakeK6('echo "panic: runtime error" >&2; kill -SEGV $$')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as Error).message).toMatch(
      /^k6 failed on constant-arrival-rate\.js \(exit SIGSEGV\): panic: runtime error/,
    )
  })

  it('is an infrastructure failure naming the exit code when k6 exits with an error', async () => {
    const error = await run(fakeK6('echo "out of memory" >&2; exit 2')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as Error).message).toMatch(
      /^k6 failed on constant-arrival-rate\.js \(exit 2\): out of memory/,
    )
  })
})
