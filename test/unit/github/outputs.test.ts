import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OUTPUTS, setOutputs } from '../../../src/github/outputs.js'

describe('setOutputs', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('sets each given output under its action.yml name and skips undefined ones', () => {
    const set = vi.fn()
    setOutputs({ verdict: 'regression', commentUrl: 'https://github.com/c', reportPath: undefined }, set)
    expect(set.mock.calls).toEqual([
      ['verdict', 'regression'],
      ['comment-url', 'https://github.com/c'],
    ])
  })

  it('names the four outputs', () => {
    expect(Object.values(OUTPUTS)).toEqual(['verdict', 'results-path', 'report-path', 'comment-url'])
  })

  it('writes to GITHUB_OUTPUT through the real core.setOutput', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perf-gate-outputs-'))
    const file = join(dir, 'output')
    await writeFile(file, '')
    vi.stubEnv('GITHUB_OUTPUT', file)
    setOutputs({ verdict: 'pass', resultsPath: 'out/results.json' })
    const text = await readFile(file, 'utf8')
    expect(text).toMatch(/^verdict<<(ghadelimiter_[\w-]+)\npass\n\1\n/)
    expect(text).toContain('results-path<<')
  })
})
