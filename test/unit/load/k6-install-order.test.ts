// The order in which the action obtains k6 (docs/k6.md), with fakes for the tool cache, the
// downloads, `go install` and the k6 binary itself: no network, no k6, no Go.
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { InfrastructureError } from '../../../src/errors.js'
import {
  CACHE_RECORD,
  ensureK6,
  K6_SHA256,
  missingPins,
  sumdbBypass,
  type EnsureK6Options,
  type GoInstall,
  type ToolCache,
} from '../../../src/load/install-k6.js'
import type { K6Binary } from '../../../src/load/k6.js'
import type { Logger } from '../../../src/log.js'

const VERSION = '1.8.1'
const ARCHIVE = `k6-v${VERSION}-linux-amd64.tar.gz`
const sha = (text: string) => createHash('sha256').update(text).digest('hex')

/** A fake runner: a tool cache in a temp folder, a release "server" and a record of every call. */
function fakeRunner() {
  const root = mkdtempSync(path.join(tmpdir(), 'perf-gate-k6-order-'))
  const calls: string[] = []
  const logs = { info: [] as string[], warning: [] as string[] }
  const log: Logger = {
    info: (m) => void logs.info.push(m),
    warning: (m) => void logs.warning.push(m),
    group: (_n, fn) => fn(),
  }
  /** What the release serves, by file name; an archive's content is the k6 binary it holds. */
  const release = new Map<string, string>([[ARCHIVE, `k6 v${VERSION} (release)`]])
  let cached: string | undefined
  let n = 0
  const toolCache: ToolCache = {
    find: (tool, version) => {
      calls.push(`find ${tool} ${version}`)
      return cached ?? ''
    },
    downloadTool: async (url) => {
      const name = path.posix.basename(url)
      calls.push(`download ${name}`)
      const body = release.get(name)
      if (body === undefined) throw new Error(`404 ${name}`)
      const file = path.join(root, `download-${n++}`)
      writeFileSync(file, body)
      return file
    },
    extractTar: async (file) => {
      calls.push('extract')
      const dir = path.join(root, `extract-${n++}`, ARCHIVE.replace(/\.tar\.gz$/, ''))
      mkdirSync(dir, { recursive: true })
      writeFileSync(path.join(dir, 'k6'), readFileSync(file))
      return path.dirname(dir)
    },
    extractZip: async () => {
      throw new Error('no zip on linux')
    },
    cacheDir: async (folder, tool, version) => {
      calls.push(`cache ${tool} ${version}`)
      cached = path.join(root, 'toolcache', tool, version)
      cpSync(folder, cached, { recursive: true })
      return cached
    },
  }
  /** The fake k6 "binary" is a text file naming its version. */
  const findK6 = async (env: Record<string, string | undefined>): Promise<K6Binary | null> => {
    const file = env.K6_PATH
    if (!file || !existsSync(file)) return null
    const version = /v(\d+\.\d+\.\d+)/.exec(readFileSync(file, 'utf8'))?.[1]
    return version ? { path: file, version } : null
  }
  let go: 'absent' | 'works' | 'fails' = 'absent'
  const goInstall: GoInstall = async (version) => {
    calls.push(`go install ${version}`)
    if (go !== 'works') return null
    const bin = mkdtempSync(path.join(root, 'gobin-'))
    writeFileSync(path.join(bin, 'k6'), `k6 v${version} (go)`)
    return bin
  }
  const env = { RUNNER_TOOL_CACHE: path.join(root, 'toolcache'), K6_PATH: path.join(root, 'missing-k6') }
  const options = (extra: EnsureK6Options = {}): EnsureK6Options => ({
    version: VERSION,
    toolCache,
    findK6,
    goInstall,
    platform: 'linux',
    arch: 'x64',
    pinned: {},
    ...extra,
  })
  return {
    root,
    calls,
    logs,
    log,
    release,
    env,
    options,
    cachedDir: () => cached,
    setGo: (state: typeof go) => (go = state),
  }
}

describe('ensureK6: where k6 comes from, in order', () => {
  let r: ReturnType<typeof fakeRunner>
  beforeEach(() => {
    r = fakeRunner()
  })

  it('1. k6 on PATH or K6_PATH of the version asked for: used as it is, nothing obtained', async () => {
    const own = path.join(r.root, 'own-k6')
    writeFileSync(own, `k6 v${VERSION}`)
    const k6 = await ensureK6(r.log, { ...r.env, K6_PATH: own }, r.options())
    expect(k6).toEqual({ path: own, version: VERSION })
    expect(r.calls).toEqual([])
  })

  it('3. a pinned archive is downloaded, checked against the pin, and cached with its hash', async () => {
    const k6 = await ensureK6(
      r.log,
      r.env,
      r.options({ pinned: { [ARCHIVE]: sha(r.release.get(ARCHIVE)!) } }),
    )
    expect(k6?.version).toBe(VERSION)
    // Go is not asked and no checksums file is fetched when a pin exists.
    expect(r.calls).toEqual([`find k6 ${VERSION}`, `download ${ARCHIVE}`, 'extract', `cache k6 ${VERSION}`])
    const record = JSON.parse(readFileSync(path.join(r.cachedDir()!, CACHE_RECORD), 'utf8'))
    expect(record).toEqual({
      sha256: sha(`k6 v${VERSION} (release)`),
      source: `release archive ${ARCHIVE}, pinned SHA-256`,
    })
    expect(r.logs.warning).toEqual([])
  })

  it('3. an archive that differs from its pin is refused, and nothing is cached', async () => {
    const error = await ensureK6(
      r.log,
      r.env,
      r.options({ pinned: { [ARCHIVE]: sha('another build') } }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as Error).message).toMatch(/failed its SHA-256 check/)
    expect(r.calls).not.toContain(`cache k6 ${VERSION}`)
  })

  it('4. without a pin, go install when Go is present: no download at all', async () => {
    r.setGo('works')
    const k6 = await ensureK6(r.log, r.env, r.options())
    expect(k6?.version).toBe(VERSION)
    expect(r.calls).toEqual([`find k6 ${VERSION}`, `go install ${VERSION}`, `cache k6 ${VERSION}`])
    const record = JSON.parse(readFileSync(path.join(r.cachedDir()!, CACHE_RECORD), 'utf8'))
    expect(record.source).toBe("go install go.k6.io/k6@v1.8.1, checked by Go's checksum database")
    expect(r.logs.warning).toEqual([])
  })

  it("5. only without a pin and without Go: the release's own checksums file, with a warning that says what it proves", async () => {
    r.release.set(`k6-v${VERSION}-checksums.txt`, `${sha(r.release.get(ARCHIVE)!)}  ${ARCHIVE}\n`)
    for (const go of ['absent', 'fails'] as const) {
      r = fakeRunner()
      r.release.set(`k6-v${VERSION}-checksums.txt`, `${sha(r.release.get(ARCHIVE)!)}  ${ARCHIVE}\n`)
      r.setGo(go)
      const k6 = await ensureK6(r.log, r.env, r.options())
      expect(k6?.version).toBe(VERSION)
      expect(r.calls).toEqual([
        `find k6 ${VERSION}`,
        `go install ${VERSION}`,
        `download k6-v${VERSION}-checksums.txt`,
        `download ${ARCHIVE}`,
        'extract',
        `cache k6 ${VERSION}`,
      ])
      expect(r.logs.warning).toEqual([
        expect.stringMatching(/proves the download is intact, not that the release is authentic/),
      ])
      const record = JSON.parse(readFileSync(path.join(r.cachedDir()!, CACHE_RECORD), 'utf8'))
      expect(record.source).toMatch(/checksums file \(integrity only\)/)
    }
  })

  it('2. a tool-cache copy is re-hashed on every use, and a rewritten one is refused', async () => {
    r.setGo('works')
    await ensureK6(r.log, r.env, r.options())
    r.calls.length = 0
    // A second job on the runner: the cached copy, re-checked, nothing obtained.
    const again = await ensureK6(r.log, r.env, r.options())
    expect(again?.path).toBe(path.join(r.cachedDir()!, 'k6'))
    expect(r.calls).toEqual([`find k6 ${VERSION}`])
    expect(r.logs.info.at(-1)).toMatch(/from the tool cache \(go install .*\); its SHA-256 re-checked/)
    // Something swaps the cached binary: refused, and not silently replaced.
    writeFileSync(path.join(r.cachedDir()!, 'k6'), `k6 v${VERSION} (swapped)`)
    r.calls.length = 0
    const error = await ensureK6(r.log, r.env, r.options()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as Error).message).toMatch(
      /k6 in the tool cache \(.*\) no longer has the SHA-256 recorded when it was cached/,
    )
    expect(r.calls).toEqual([`find k6 ${VERSION}`])
  })

  it('2. a tool-cache copy without a record (cached by something else) is obtained again', async () => {
    r.setGo('works')
    await ensureK6(r.log, r.env, r.options())
    const stale = path.join(r.cachedDir()!, CACHE_RECORD)
    writeFileSync(stale, '{}')
    r.calls.length = 0
    const k6 = await ensureK6(r.log, r.env, r.options())
    expect(k6?.version).toBe(VERSION)
    expect(r.logs.warning).toEqual([
      expect.stringMatching(/has no SHA-256 recorded by perf-gate; obtaining it again/),
    ])
    expect(r.calls).toEqual([`find k6 ${VERSION}`, `go install ${VERSION}`, `cache k6 ${VERSION}`])
  })
})

describe('missingPins', () => {
  it('lists every supported archive of a version without a pinned SHA-256', () => {
    expect(missingPins('1.8.1', {})).toEqual([
      'k6-v1.8.1-linux-amd64.tar.gz',
      'k6-v1.8.1-linux-arm64.tar.gz',
      'k6-v1.8.1-macos-amd64.zip',
      'k6-v1.8.1-macos-arm64.zip',
    ])
    const pins = Object.fromEntries(missingPins('1.8.1', {}).map((name) => [name, sha(name)]))
    expect(missingPins('1.8.1', pins)).toEqual([])
    expect(missingPins('1.8.1', { ...pins, 'k6-v1.8.1-linux-amd64.tar.gz': 'TODO' })).toEqual([
      'k6-v1.8.1-linux-amd64.tar.gz',
    ])
    // Another version's pins do not count.
    expect(missingPins('1.9.0', pins)).toHaveLength(4)
  })

  it('reads the shipped table for the default version', () => {
    expect(missingPins()).toEqual(missingPins(undefined, K6_SHA256))
  })
})

describe('sumdbBypass', () => {
  it('says when Go would not check go.k6.io/k6 against its checksum database', () => {
    expect(sumdbBypass({ GOSUMDB: 'sum.golang.org', GONOSUMDB: '', GOPRIVATE: '' })).toBeNull()
    expect(sumdbBypass({ GOSUMDB: 'off' })).toBe('GOSUMDB=off')
    expect(sumdbBypass({ GONOSUMDB: 'example.com,go.k6.io' })).toBe('GONOSUMDB=example.com,go.k6.io')
    expect(sumdbBypass({ GOPRIVATE: '*.k6.io' })).toBe('GOPRIVATE=*.k6.io')
    expect(sumdbBypass({ GOPRIVATE: 'go.k6.io/k6' })).toBe('GOPRIVATE=go.k6.io/k6')
    expect(sumdbBypass({ GOPRIVATE: 'go.k6.io/k6/ext,go.k6.io/other' })).toBeNull()
    expect(sumdbBypass({ GONOSUMDB: 'k6.io' })).toBeNull()
  })
})
