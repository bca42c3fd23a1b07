import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeJobSummary } from '../../../src/github/summary.js'

describe('writeJobSummary', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('appends the markdown to the GITHUB_STEP_SUMMARY file with the real core.summary', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perf-gate-summary-'))
    const file = join(dir, 'summary.md')
    await writeFile(file, 'earlier step\n')
    // core.summary reads the variable from process.env itself.
    vi.stubEnv('GITHUB_STEP_SUMMARY', file)

    expect(await writeJobSummary('## perf-gate: pass')).toBe(true)
    expect(await writeJobSummary('second part')).toBe(true)

    expect(await readFile(file, 'utf8')).toBe('earlier step\n## perf-gate: pass\nsecond part\n')
  })

  it('skips, without throwing, outside GitHub Actions', async () => {
    const summary = { addRaw: vi.fn(), write: vi.fn() }
    expect(await writeJobSummary('x', { env: {}, summary })).toBe(false)
    expect(summary.addRaw).not.toHaveBeenCalled()
  })
})
