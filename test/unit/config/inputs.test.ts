import { afterEach, describe, expect, it, vi } from 'vitest'
import { getInputs } from '../../../src/config/inputs.js'
import { ConfigError } from '../../../src/errors.js'

// The real core.getInput reads INPUT_* variables, as on a runner.
describe('getInputs: baseline-branch', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('defaults to perf-gate-data, takes another branch, and turns off with "none"', () => {
    expect(getInputs().baselineBranch).toBe('perf-gate-data')
    vi.stubEnv('INPUT_BASELINE-BRANCH', 'perf/baselines')
    expect(getInputs().baselineBranch).toBe('perf/baselines')
    vi.stubEnv('INPUT_BASELINE-BRANCH', 'none')
    expect(getInputs().baselineBranch).toBeUndefined()
  })

  it.each(['a..b', '/data', 'data/', 'data.lock', 'da ta', 'x@{1}'])(
    'refuses "%s", naming the input',
    (name) => {
      vi.stubEnv('INPUT_BASELINE-BRANCH', name)
      expect(() => getInputs()).toThrow(ConfigError)
      expect(() => getInputs()).toThrow(`input "baseline-branch": expected a branch name, got "${name}"`)
    },
  )
})
