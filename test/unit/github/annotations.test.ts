import { describe, expect, it, vi } from 'vitest'
import { reportFailure } from '../../../src/github/annotations.js'
import { ConfigError, InfrastructureError } from '../../../src/errors.js'

function sink() {
  return { error: vi.fn(), setFailed: vi.fn() }
}

describe('reportFailure', () => {
  it('annotates each located config problem with its workspace-relative file, line and column', () => {
    const s = sink()
    const error = new ConfigError(['/ws/cfg/perf-gate.yml: gate: unknown key "treshold"', 'input "x": bad'], {
      locations: [{ file: '/ws/cfg/perf-gate.yml', line: 12, column: 3 }, undefined],
    })
    expect(reportFailure(error, '/ws', s)).toBe(2)
    expect(s.error.mock.calls).toEqual([
      ['gate: unknown key "treshold"', { file: 'cfg/perf-gate.yml', startLine: 12, startColumn: 3 }],
      ['input "x": bad'],
    ])
    expect(s.setFailed).toHaveBeenCalledWith('perf-gate: 2 problems in the config (see the annotations)')
  })

  it('fails with the first line of anything else and logs the rest', () => {
    const s = sink()
    expect(reportFailure(new InfrastructureError('k6 crashed\nlast lines'), '/ws', s)).toBe(3)
    expect(s.setFailed).toHaveBeenCalledWith('k6 crashed')
    expect(s.error).toHaveBeenCalledWith('k6 crashed\nlast lines')
    const plain = sink()
    expect(reportFailure(new ConfigError(['input "threshold": bad']), '/ws', plain)).toBe(2)
    expect(plain.setFailed).toHaveBeenCalledWith('input "threshold": bad')
    expect(plain.error).not.toHaveBeenCalled()
  })
})
