import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/errors.js'
import { prepareOutDir, writeArtifacts } from '../../../src/gate/artifacts.js'
import { silentLogger, type Logger } from '../../../src/log.js'
import { passingGate, regressedGate } from '../../support/report-fixtures.js'

describe('prepareOutDir', () => {
  it('creates the folder (with charts/) and returns its absolute path', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'perf-gate-out-')), 'a', 'b')
    expect(await prepareOutDir(dir)).toBe(path.resolve(dir))
    expect(statSync(path.join(dir, 'charts')).isDirectory()).toBe(true)
  })

  it.each([
    [
      'a file in the way',
      () => {
        const base = mkdtempSync(path.join(tmpdir(), 'perf-gate-out-'))
        writeFileSync(path.join(base, 'f'), 'x')
        return path.join(base, 'f', 'out')
      },
      /a file is in the way of the folder/,
    ],
    [
      'a path under /proc (Node’s recursive mkdir never returns there)',
      () => '/proc/perf-gate-out/x',
      /ENOENT/,
    ],
  ])('refuses %s with exit 2, naming the input', async (_what, dir, reason) => {
    const target = dir()
    const error = await prepareOutDir(target, '--out').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    expect((error as Error).message).toMatch(
      new RegExp(`^--out: ${target}: cannot create or write the output folder`),
    )
    expect((error as Error).message).toMatch(reason)
  })
})

describe('prepareOutDir refuses symlinks (a pull request can commit one where the out dir goes)', () => {
  const setup = () => {
    const workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-ws-'))
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'perf-gate-elsewhere-'))
    return { workspace, elsewhere }
  }
  const refusal = async (dir: string, root: string) => {
    const error = await prepareOutDir(dir, 'input "out-dir"', { root }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as Error).message
  }

  it('the out dir itself', async () => {
    const { workspace, elsewhere } = setup()
    symlinkSync(elsewhere, path.join(workspace, 'perf-gate-results'))
    const message = await refusal(path.join(workspace, 'perf-gate-results'), workspace)
    expect(message).toMatch(/^input "out-dir": .*perf-gate-results is a symlink/)
    // Nothing was written through it.
    expect(() => statSync(path.join(elsewhere, 'charts'))).toThrow()
  })

  it('a parent inside the workspace', async () => {
    const { workspace, elsewhere } = setup()
    symlinkSync(elsewhere, path.join(workspace, 'reports'))
    const message = await refusal(path.join(workspace, 'reports', 'perf'), workspace)
    expect(message).toMatch(/reports is a symlink/)
    expect(() => statSync(path.join(elsewhere, 'perf'))).toThrow()
  })

  it('anything inside an existing out dir', async () => {
    const { workspace, elsewhere } = setup()
    const out = path.join(workspace, 'perf-gate-results')
    mkdirSync(path.join(out, 'charts'), { recursive: true })
    writeFileSync(path.join(elsewhere, 'id_rsa'), 'secret')
    symlinkSync(path.join(elsewhere, 'id_rsa'), path.join(out, 'charts', 'chart.png'))
    expect(await refusal(out, workspace)).toMatch(/charts\/chart\.png is a symlink/)
  })

  it('but not a symlink above the workspace (the runner’s own layout)', async () => {
    const { elsewhere } = setup()
    const link = path.join(mkdtempSync(path.join(tmpdir(), 'perf-gate-ln-')), 'ws')
    symlinkSync(elsewhere, link)
    expect(await prepareOutDir(path.join(link, 'out'), '--out', { root: link })).toBe(path.join(link, 'out'))
  })
})

describe('writeArtifacts', () => {
  it('replaces results.json atomically: a reader of the old file keeps the whole old file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-art-'))
    await writeArtifacts(regressedGate(), dir, silentLogger)
    const file = path.join(dir, 'results.json')
    const before = readFileSync(file, 'utf8')
    const fd = openSync(file, 'r')
    try {
      await writeArtifacts(passingGate(), dir, silentLogger)
      const buffer = Buffer.alloc(before.length + 1000)
      expect(buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8')).toBe(before)
    } finally {
      closeSync(fd)
    }
    expect(JSON.parse(readFileSync(file, 'utf8')).verdict).toBe(passingGate().verdict)
  })

  it('a file that cannot be written is a warning and listed, the others are written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-art-'))
    mkdirSync(path.join(dir, 'report.md'))
    const warnings: string[] = []
    const log: Logger = { ...silentLogger, warning: (m) => void warnings.push(m) }
    const artifacts = await writeArtifacts(regressedGate(), dir, log)
    expect(artifacts.failed).toHaveLength(1)
    expect(artifacts.failed[0]).toMatch(/report\.md/)
    expect(warnings.join('\n')).toMatch(/could not write .*report\.md/)
    expect(JSON.parse(readFileSync(artifacts.resultsPath, 'utf8')).verdict).toBe(regressedGate().verdict)
    expect(artifacts.charts.length).toBeGreaterThan(0)
  })
})
