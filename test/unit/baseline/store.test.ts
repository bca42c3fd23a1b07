import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  closeSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BaselineFile } from '../../../src/baseline/format.js'
import { checkBaseline, readBaseline, writeBaseline } from '../../../src/baseline/store.js'
import { ConfigError } from '../../../src/errors.js'
import { writeFileAtomic } from '../../../src/files.js'
import { regressedGate } from '../../support/report-fixtures.js'

function baseline(name = 'demo', nights = 1): BaselineFile {
  const run = regressedGate().cells[0]!.runs[0]!
  return {
    schemaVersion: 1,
    name,
    metric: 'p95',
    nights: Array.from({ length: nights }, (_, i) => ({
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      gitSha: null,
      k6Version: '1.8.1',
      machine: { cpus: 2, cpuModel: 'x', memoryGiB: 4, os: 'linux', kernel: '6' },
      runs: [run],
    })),
  }
}

/** Reads what an already open descriptor sees: after an in-place rewrite it would see the new bytes. */
function readFd(fd: number): string {
  const buffer = Buffer.alloc(10_000_000)
  const n = readSync(fd, buffer, 0, buffer.length, 0)
  return buffer.subarray(0, n).toString('utf8')
}

describe('writeBaseline', () => {
  it('replaces the file atomically: a reader of the old file keeps the whole old file, no temp file is left', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-store-'))
    const file = path.join(dir, 'baseline.json')
    await writeBaseline(file, baseline('demo', 3))
    const before = readFileSync(file, 'utf8')
    const fd = openSync(file, 'r')
    try {
      await writeBaseline(file, baseline('demo', 1))
      // Written in place (truncate, then write), the open descriptor would now read the new, shorter file.
      expect(readFd(fd)).toBe(before)
    } finally {
      closeSync(fd)
    }
    expect((await readBaseline(file))?.nights).toHaveLength(1)
    expect(readdirSync(dir)).toEqual(['baseline.json'])
  })

  it('a failed write leaves the old file and no temp file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-store-'))
    const target = path.join(dir, 'taken')
    mkdirSync(target)
    writeFileSync(path.join(target, 'keep'), 'x')
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow()
    expect(readdirSync(dir)).toEqual(['taken'])
    expect(readFileSync(path.join(target, 'keep'), 'utf8')).toBe('x')
  })
})

describe('checkBaseline', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-check-'))
  const problem = async (run: () => Promise<unknown>) => {
    const error = await run().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as Error).message
  }

  it('an explicit path must exist; the config default may be absent', async () => {
    const missing = path.join(dir, 'missing.json')
    expect(
      await problem(() =>
        checkBaseline(missing, { name: 'demo', metric: 'p95' }, { explicit: true, what: '--baseline' }),
      ),
    ).toBe(`--baseline: ${missing}: baseline file not found`)
    expect(
      await checkBaseline(
        missing,
        { name: 'demo', metric: 'p95' },
        { explicit: false, what: 'baseline.path' },
      ),
    ).toBeNull()
  })

  it('refuses a baseline of another config or metric, naming the file and the field', async () => {
    const file = path.join(dir, 'b.json')
    await writeBaseline(file, baseline('other'))
    expect(
      await problem(() =>
        checkBaseline(file, { name: 'demo', metric: 'p99' }, { explicit: true, what: '--baseline' }),
      ),
    ).toBe(
      [
        `${file}: name: the baseline was recorded for config "other", this config is "demo"`,
        `${file}: metric: the baseline was recorded for p95, this gate judges p99 (gate.metric)`,
      ].join('\n'),
    )
    expect(
      (await checkBaseline(file, { name: 'other', metric: 'p95' }, { explicit: true, what: '--baseline' }))
        ?.name,
    ).toBe('other')
  })
})

describe('a baseline that is not one is named, never quoted', () => {
  const SECRET = 'AUTHORIZATION: basic c2VjcmV0LXRva2VuLXZhbHVl'
  it.each([
    ['not JSON', `[http]\n\textraheader = ${SECRET}\n`, /not valid JSON/],
    ['JSON of another shape', JSON.stringify({ schemaVersion: 1, name: SECRET }), /schema version 1/],
    ['a JSON string', JSON.stringify(SECRET), /schema version 1/],
  ])('%s', async (_what, text, expected) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'perf-gate-bad-baseline-')), 'baseline.json')
    writeFileSync(file, text)
    const error = await readBaseline(file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).problems.join('\n')
    expect(message).toContain(file)
    expect(message).toMatch(expected)
    expect(message).not.toMatch(/AUTHORIZATION|c2Vj|extraheader|http\]/)
  })
})
