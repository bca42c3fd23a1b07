/**
 * `perf-gate trend --baseline FILE --out DIR` writes DIR/trend.html; a missing or invalid baseline is
 * exit 2 naming the file. In baseline mode writeArtifacts writes trend.html beside report.html.
 */
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { registerVerbs } from '../../../src/cli/verbs.js'
import { ConfigError } from '../../../src/errors.js'
import { writeArtifacts } from '../../../src/gate/artifacts.js'
import { silentLogger } from '../../../src/log.js'
import { passingGate } from '../../support/report-fixtures.js'
import { trendHistory } from '../../support/trend-history.js'

async function trend(args: string[]): Promise<string> {
  let out = ''
  const program = new Command('perf-gate').exitOverride()
  registerVerbs(program, { log: silentLogger, setExitCode: () => {}, stdout: (text) => (out += text) })
  await program.parseAsync(['node', 'perf-gate', 'trend', ...args])
  return out
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'perf-gate-trend-'))
}

describe('perf-gate trend', () => {
  it('writes trend.html from a baseline file into --out (created if missing)', async () => {
    const dir = tempDir()
    const baseline = path.join(dir, 'baseline.json')
    writeFileSync(baseline, JSON.stringify(trendHistory()))
    const out = path.join(dir, 'site', 'nightly')
    const printed = await trend(['--baseline', baseline, '--out', out])
    const file = path.join(out, 'trend.html')
    expect(printed).toBe(`trend: ${file}\n`)
    const html = readFileSync(file, 'utf8')
    expect(html).toContain('<h1>luagw: P95 trend, 2026-01-01 to 2026-01-30</h1>')
    expect(html).toContain('c19..c20')
  })

  it.each([
    ['a missing baseline', () => path.join(tempDir(), 'nope.json'), /baseline file not found/],
    [
      'a baseline that is not JSON',
      () => {
        const file = path.join(tempDir(), 'broken.json')
        writeFileSync(file, '{ nights: ')
        return file
      },
      /baseline is not valid JSON/,
    ],
    [
      'a file that is not a baseline',
      () => {
        const file = path.join(tempDir(), 'results.json')
        writeFileSync(file, JSON.stringify({ schemaVersion: 1, name: 'x' }))
        return file
      },
      /not a perf-gate baseline/,
    ],
  ])('refuses %s with exit 2 naming it, and writes nothing', async (_what, make, reason) => {
    const file = make()
    const out = path.join(tempDir(), 'out')
    const error = await trend(['--baseline', file, '--out', out]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    expect((error as Error).message).toContain(file)
    expect((error as Error).message).toMatch(reason)
    expect(existsSync(path.join(out, 'trend.html'))).toBe(false)
  })
})

describe('writeArtifacts and the trend page', () => {
  it('writes trend.html beside report.html when given the history (baseline mode)', async () => {
    const dir = tempDir()
    const artifacts = await writeArtifacts(passingGate(), dir, silentLogger, trendHistory())
    expect(artifacts.failed).toEqual([])
    expect(artifacts.trendPath).toBe(path.join(dir, 'trend.html'))
    expect(readFileSync(path.join(dir, 'trend.html'), 'utf8')).toContain('luagw: P95 trend')
    expect(existsSync(path.join(dir, 'report.html'))).toBe(true)
  })

  it('writes no trend.html without a history (gate mode)', async () => {
    const dir = tempDir()
    const artifacts = await writeArtifacts(passingGate(), dir, silentLogger)
    expect(artifacts.trendPath).toBeUndefined()
    expect(existsSync(path.join(dir, 'trend.html'))).toBe(false)
  })
})
