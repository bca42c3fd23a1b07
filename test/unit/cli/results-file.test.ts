import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readResultsFile } from '../../../src/cli/results-file.js'
import { ConfigError } from '../../../src/errors.js'

describe('readResultsFile (report and compare)', () => {
  it('names the file and where its JSON breaks, never quoting the bytes it holds', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-results-file-'))
    const file = path.join(dir, 'results.json')
    writeFileSync(file, '{"verdict": @someone ::error::pwned [x](https://evil.example)}')
    const error = await readResultsFile(file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).message
    expect(message).toContain(`${file}: cannot read results: not valid JSON`)
    expect(message).not.toMatch(/someone|::error::|evil/)
  })
})
