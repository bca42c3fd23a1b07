import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OUTPUTS, setOutputs, verdictOutputs } from '../../../src/github/outputs.js'
import { baselineModeGate, passingGate, regressedGate } from '../../support/report-fixtures.js'

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

  it('names the outputs', () => {
    expect(Object.values(OUTPUTS)).toEqual([
      'verdict',
      'results-path',
      'report-path',
      'comment-url',
      'regressed-cells',
      'change',
      'artifact-url',
    ])
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

describe('verdictOutputs', () => {
  it('lists the regressed gated cells and the worst change over the gated cells', () => {
    const results = regressedGate()
    const gated = results.cells.filter((c) => !c.control)
    const worst = Math.max(...gated.map((c) => c.changePct as number))
    expect(verdictOutputs(results)).toEqual({
      regressedCells: gated
        .filter((c) => c.verdict === 'regression')
        .map((c) => c.cell)
        .join(','),
      change: worst.toFixed(1),
    })
    expect(verdictOutputs(results).regressedCells).toBe('key-auth/vus-50,rate-limit/vus-50')
  })

  it('ignores the control cell, and leaves change unset when nothing was compared', () => {
    const results = passingGate()
    results.cells[0]!.changePct = 99
    expect(verdictOutputs(results).change).toBe((results.cells[1]!.changePct as number).toFixed(1))
    expect(verdictOutputs(baselineModeGate())).toEqual({ regressedCells: '' })
  })
})
