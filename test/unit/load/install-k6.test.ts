import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { InfrastructureError } from '../../../src/errors.js'
import { K6_VERSION } from '../../../src/load/k6.js'
import { ensureK6, k6ReleaseUrl, parseChecksums, sha256File } from '../../../src/load/install-k6.js'

/** No Go on this (fake) runner: these tests exercise the download paths. */
const noGo = () => Promise.resolve(null)
import type { Logger } from '../../../src/log.js'

describe('k6ReleaseUrl', () => {
  it('names the official release archive for GitHub runner platforms', () => {
    expect(k6ReleaseUrl('1.8.1', 'linux', 'x64')).toBe(
      'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-linux-amd64.tar.gz',
    )
    expect(k6ReleaseUrl('1.8.1', 'linux', 'arm64')).toBe(
      'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-linux-arm64.tar.gz',
    )
    expect(k6ReleaseUrl('1.8.1', 'darwin', 'arm64')).toBe(
      'https://github.com/grafana/k6/releases/download/v1.8.1/k6-v1.8.1-macos-arm64.zip',
    )
  })
  it('has none for platforms k6 does not publish for us', () => {
    expect(k6ReleaseUrl('1.8.1', 'win32', 'x64')).toBeNull()
    expect(k6ReleaseUrl('1.8.1', 'linux', 'ia32')).toBeNull()
  })
})

describe('parseChecksums', () => {
  it('reads sha256sum lines', () => {
    const a = 'a'.repeat(64)
    const b = 'B'.repeat(64)
    expect(parseChecksums(`${a}  k6-v1.8.1-linux-amd64.tar.gz\n${b} *k6.zip\nnoise\n`)).toEqual(
      new Map([
        ['k6-v1.8.1-linux-amd64.tar.gz', a],
        ['k6.zip', 'b'.repeat(64)],
      ]),
    )
  })
})

// A local release server with a fake k6 archive for this platform: ensureK6 downloads it through the
// real tool-cache and must refuse it when the SHA-256 does not match.
describe.runIf(k6ReleaseUrl(K6_VERSION, process.platform, process.arch)?.endsWith('.tar.gz'))(
  'ensureK6 downloads and verifies',
  () => {
    const work = mkdtempSync(path.join(tmpdir(), 'perf-gate-k6-dl-'))
    const name = path.basename(k6ReleaseUrl(K6_VERSION, process.platform, process.arch) as string)
    const archive = path.join(work, name)
    let server: Server
    let releases = ''
    let sumsText = ''
    const saved = { temp: process.env.RUNNER_TEMP, cache: process.env.RUNNER_TOOL_CACHE }
    const warnings: string[] = []
    const log: Logger = {
      info: () => {},
      warning: (message) => {
        warnings.push(message)
      },
      group: (_name, fn) => fn(),
    }
    const env = () => ({
      PATH: '/nonexistent',
      K6_PATH: '/nonexistent/k6',
      RUNNER_TOOL_CACHE: process.env.RUNNER_TOOL_CACHE,
    })

    // Another release, for k6.version: served next to the default one.
    const other = {
      name: name.replace(new RegExp(K6_VERSION.replace(/\./g, '\\.'), 'g'), '9.9.9'),
      archive: '',
    }

    beforeAll(async () => {
      const otherFolder = path.join(work, 'other', other.name.replace(/\.tar\.gz$/, ''))
      mkdirSync(otherFolder, { recursive: true })
      writeFileSync(path.join(otherFolder, 'k6'), '#!/bin/sh\necho "k6 v9.9.9 (fake)"\n')
      chmodSync(path.join(otherFolder, 'k6'), 0o755)
      other.archive = path.join(work, other.name)
      execFileSync('tar', [
        '-czf',
        other.archive,
        '-C',
        path.dirname(otherFolder),
        path.basename(otherFolder),
      ])
      const folder = path.join(work, name.replace(/\.tar\.gz$/, ''))
      mkdirSync(folder)
      writeFileSync(path.join(folder, 'k6'), `#!/bin/sh\necho "k6 v${K6_VERSION} (fake)"\n`)
      chmodSync(path.join(folder, 'k6'), 0o755)
      execFileSync('tar', ['-czf', archive, '-C', work, path.basename(folder)])
      server = createServer((req, res) => {
        const file = path.basename(req.url ?? '')
        if (file === name) res.end(readFileSync(archive))
        else if (file === other.name) res.end(readFileSync(other.archive))
        else if (file === `k6-v${K6_VERSION}-checksums.txt`) res.end(sumsText)
        else res.writeHead(404).end()
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      releases = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    })
    beforeEach(() => {
      process.env.RUNNER_TEMP = mkdtempSync(path.join(work, 'temp-'))
      process.env.RUNNER_TOOL_CACHE = mkdtempSync(path.join(work, 'cache-'))
      warnings.length = 0
    })
    afterEach(() => {
      for (const [key, value] of [
        ['RUNNER_TEMP', saved.temp],
        ['RUNNER_TOOL_CACHE', saved.cache],
      ] as const) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    })

    it('uses an archive whose SHA-256 matches the pinned one', async () => {
      const pinned = { [name]: await sha256File(archive) }
      const k6 = await ensureK6(log, env(), { releases, pinned, goInstall: noGo })
      expect(k6?.version).toBe(K6_VERSION)
      expect(warnings).toEqual([])
    })

    it('refuses an archive whose SHA-256 differs from the pinned one, and caches nothing', async () => {
      const pinned = { [name]: createHash('sha256').update('something else').digest('hex') }
      const error = await ensureK6(log, env(), { releases, pinned, goInstall: noGo }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InfrastructureError)
      expect((error as Error).message).toMatch(
        new RegExp(`${name.replace(/\./g, '\\.')} failed its SHA-256 check`),
      )
      expect(existsSync(path.join(process.env.RUNNER_TOOL_CACHE as string, 'k6'))).toBe(false)
    })

    it('downloads the release k6.version asks for when the installed k6 is another one', async () => {
      const installed = path.join(work, name.replace(/\.tar\.gz$/, ''), 'k6')
      const pinned = { [other.name]: await sha256File(other.archive) }
      const inActions = { K6_PATH: installed, RUNNER_TOOL_CACHE: process.env.RUNNER_TOOL_CACHE }
      expect((await ensureK6(log, inActions, { releases, pinned, goInstall: noGo }))?.version).toBe(
        K6_VERSION,
      )
      const k6 = await ensureK6(log, inActions, { releases, pinned, version: '9.9.9', goInstall: noGo })
      expect(k6?.version).toBe('9.9.9')
      expect(k6?.path).not.toBe(installed)
      // Outside Actions nothing is downloaded: the caller refuses the other version (exit 3).
      expect((await ensureK6(log, { K6_PATH: installed }, { releases, version: '9.9.9' }))?.version).toBe(
        K6_VERSION,
      )
    })

    it('without a pinned hash, checks the release checksums file, with a warning', async () => {
      sumsText = `${'0'.repeat(64)}  ${name}\n`
      const error = await ensureK6(log, env(), { releases, pinned: {}, goInstall: noGo }).catch(
        (e: unknown) => e,
      )
      expect((error as Error).message).toMatch(/failed its SHA-256 check/)
      expect(warnings[0]).toMatch(/no pinned SHA-256/)
      expect(warnings[0]).toMatch(/intact, not that the release is authentic/)
      sumsText = `${await sha256File(archive)}  ${name}\n`
      expect((await ensureK6(log, env(), { releases, pinned: {}, goInstall: noGo }))?.version).toBe(
        K6_VERSION,
      )
    })
  },
)
