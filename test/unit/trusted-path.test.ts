import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { k6ProcessEnv } from '../../src/load/k6.js'
import { findTool, trustedPathEntries } from '../../src/trusted-path.js'

/** A checkout holding a committed `bin/taskset` that records being run. */
function hostileWorkspace(): { ws: string; bin: string; marker: string } {
  const ws = realpathSync(mkdtempSync(path.join(tmpdir(), 'perf-gate-ws-')))
  const bin = path.join(ws, 'bin')
  mkdirSync(bin)
  const marker = path.join(ws, 'ran')
  for (const tool of ['taskset', 'k6', 'git', 'docker']) {
    writeFileSync(path.join(bin, tool), `#!/bin/sh\necho "$0" >> '${marker}'\n`)
    chmodSync(path.join(bin, tool), 0o755)
  }
  return { ws, bin, marker }
}

describe('trustedPathEntries', () => {
  it('drops empty, relative and workspace entries, symlinks into the workspace included', () => {
    const { ws, bin } = hostileWorkspace()
    const outside = mkdtempSync(path.join(tmpdir(), 'perf-gate-link-'))
    const link = path.join(outside, 'bin-link')
    symlinkSync(bin, link)
    const value = [
      '',
      '.',
      'bin',
      './node_modules/.bin',
      bin,
      link,
      '/usr/local/bin',
      '/usr/bin',
      '/usr/bin',
    ].join(path.delimiter)
    expect(trustedPathEntries(value, [ws])).toEqual(['/usr/local/bin', '/usr/bin'])
  })

  it('keeps everything absolute when the workspace is the filesystem root', () => {
    expect(trustedPathEntries('/usr/bin:/opt/x/bin:rel', ['/'])).toEqual(['/usr/bin', '/opt/x/bin'])
  })

  it('ignores a missing workspace', () => {
    expect(trustedPathEntries('/usr/bin', [undefined])).toEqual(['/usr/bin'])
  })
})

describe('helper binaries', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('never resolves a tool committed in the workspace, even first on PATH', () => {
    const { ws, bin } = hostileWorkspace()
    const dirs = trustedPathEntries([bin, 'bin', '/usr/bin'].join(path.delimiter), [ws])
    expect(findTool('taskset', dirs)).not.toBe(path.join(bin, 'taskset'))
    expect(findTool('k6', dirs)).toBeUndefined()
  })

  it('never runs a fake taskset that the workspace puts first on the PATH of the process', async () => {
    const { ws, bin, marker } = hostileWorkspace()
    vi.stubEnv('GITHUB_WORKSPACE', ws)
    vi.stubEnv('PATH', [bin, 'bin', '', process.env.PATH].join(path.delimiter))
    vi.resetModules()
    // PATH is captured when the module is first evaluated: a fresh import sees the hostile one.
    const trusted = await import('../../src/trusted-path.js')
    const gate = await import('../../src/gate/run-gate.js')
    expect(trusted.trustedDirs()).not.toContain(bin)
    expect(trusted.findTool('taskset')).not.toBe(path.join(bin, 'taskset'))
    gate.hasTaskset()
    expect(existsSync(marker)).toBe(false)
  })
})

describe('k6ProcessEnv', () => {
  it("gives k6 the trusted PATH, never the config's or the parent's", () => {
    const env = k6ProcessEnv(
      { PATH: '.:/repo/bin', HOME: '/home/runner', GITHUB_TOKEN: 'ghs_secret', LD_PRELOAD: '/x.so' },
      {
        TARGET_URL: 'http://10.0.0.2:8080/',
        PATH: '.',
        K6_OUT: 'json=/tmp/x',
        ld_preload: '/x.so',
        USERS: '3',
      },
      '/tmp/run/summary.json',
      '/usr/bin',
    )
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      TARGET_URL: 'http://10.0.0.2:8080/',
      USERS: '3',
      SUMMARY_PATH: '/tmp/run/summary.json',
      K6_NO_USAGE_REPORT: 'true',
    })
  })
})
