import { afterEach, describe, expect, it, vi } from 'vitest'
import { actionLogger } from '../../../src/action-logger.js'

// The runner reads every stdout line that starts with `::` as a workflow command. A file name or
// response body that reaches the log must not be able to issue one (set an output, mask, stop commands).
describe('actionLogger', () => {
  afterEach(() => vi.restoreAllMocks())

  it('cannot be made to issue a workflow command by the text it logs', () => {
    const written: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk))
      return true
    })
    actionLogger.info(
      'built gateway/Dockerfile\n::set-output name=verdict::pass\n  ::stop-commands::x\r::error::y',
    )
    const lines = written.join('').split(/\r?\n|\r/)
    expect(lines.filter((line) => /^\s*::/.test(line))).toEqual([])
    expect(written.join('')).toContain('set-output name=verdict')
  })
})
