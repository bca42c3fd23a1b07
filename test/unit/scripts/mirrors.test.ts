// scripts/lib/mirrors.sh reads package mirrors from the machine's configuration. Its functions run
// here in real bash against apt configurations written to a temporary folder (APT_ROOT).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const LIB = path.resolve(import.meta.dirname, '../../../scripts/lib/mirrors.sh')

function call(fn: string, env: Record<string, string>) {
  const result = spawnSync('/bin/bash', ['-c', `source "${LIB}" && ${fn}`], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
  })
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() }
}

function aptRoot(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'perf-gate-apt-'))
  mkdirSync(path.join(root, 'sources.list.d'))
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text)
  return root
}

describe('debian_mirror', () => {
  it('reads a deb822 .sources file, skipping disabled stanzas and security mirrors', () => {
    const root = aptRoot({
      'sources.list.d/debian.sources': [
        'Types: deb',
        'URIs: http://disabled.example/debian',
        'Suites: bookworm',
        'Enabled: no',
        '',
        'Types: deb',
        '# a comment',
        'URIs: http://mirror.example/debian-security',
        'Suites: bookworm-security',
        '',
        'Types: deb deb-src',
        'URIs: http://mirror.example/debian/',
        'Suites: bookworm bookworm-updates',
        'Components: main',
        '',
      ].join('\n'),
    })
    expect(call('debian_mirror', { APT_ROOT: root })).toMatchObject({
      code: 0,
      stdout: 'http://mirror.example/debian',
    })
  })

  it('reads the one-line format with options, ignoring comments and deb-src', () => {
    const root = aptRoot({
      'sources.list': [
        '# deb http://commented.example/debian bookworm main',
        'deb-src http://src.example/debian bookworm main',
        'deb [arch=amd64 signed-by=/usr/share/keyrings/x.gpg] http://one-line.example/debian bookworm main',
      ].join('\n'),
    })
    expect(call('debian_mirror', { APT_ROOT: root }).stdout).toBe('http://one-line.example/debian')
  })

  it('does not take an Ubuntu archive for a Debian mirror, and says what to set', () => {
    const root = aptRoot({ 'sources.list': 'deb http://ubuntu.example/ubuntu noble main universe\n' })
    const result = call('debian_mirror', { APT_ROOT: root })
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/no Debian mirror is configured: .*set DEBIAN_MIRROR/)
  })

  it('prefers DEBIAN_MIRROR', () => {
    const root = aptRoot({})
    expect(
      call('debian_mirror', { APT_ROOT: root, DEBIAN_MIRROR: 'http://chosen.example/debian/' }).stdout,
    ).toBe('http://chosen.example/debian')
  })
})

describe('go_proxy', () => {
  it('takes the first proxy of GOPROXY, skipping direct and off', () => {
    expect(
      call('go_proxy', { GOPROXY: 'direct,http://proxy-a.example/,http://proxy-b.example' }).stdout,
    ).toBe('http://proxy-a.example')
    expect(call('go_proxy', { GOPROXY: 'http://p.example|direct' }).stdout).toBe('http://p.example')
  })

  it('fails with what to set when no proxy is configured', () => {
    const result = call('go_proxy', { GOPROXY: 'direct', PATH: '/nonexistent' })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/no Go module proxy is configured.*set GOPROXY/)
  })
})
