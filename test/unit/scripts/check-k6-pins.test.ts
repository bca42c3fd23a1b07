import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { missingPins } from '../../../src/load/install-k6.js'
import { K6_VERSION } from '../../../src/load/k6.js'

const ROOT = path.resolve(import.meta.dirname, '../../..')

describe('scripts/check-k6-pins.ts (run by the release workflow)', () => {
  it('fails, naming each archive, while the default k6 version has unpinned archives', () => {
    const run = spawnSync(process.execPath, ['--experimental-strip-types', 'scripts/check-k6-pins.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      killSignal: 'SIGKILL',
    })
    const missing = missingPins()
    if (missing.length === 0) {
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toContain(`every release archive of k6 v${K6_VERSION} has a pinned SHA-256`)
      return
    }
    expect(run.status, run.stderr).toBe(1)
    expect(run.stderr).toContain(`k6 v${K6_VERSION} (K6_VERSION) has ${missing.length} release archive(s)`)
    for (const name of missing) expect(run.stderr).toContain(`  ${name}\n`)
  })
})
