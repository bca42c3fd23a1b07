/**
 * How the action obtains k6 on a GitHub runner, most trustworthy source first (docs/k6.md):
 *   1. k6 on PATH or K6_PATH, of the version asked for: the runner's own, used as it is;
 *   2. a copy in the runner's tool cache, re-hashed on every use against the SHA-256 recorded when
 *      perf-gate cached it (a corrupted or swapped binary is refused);
 *   3. the official release archive, when its SHA-256 is pinned below for this version and platform;
 *   4. `go install go.k6.io/k6@v<version>` when Go is installed: Go checks every module it downloads
 *      against its checksum database, a public append-only log, so a rewritten release is detected;
 *   5. only then the release archive checked against the release's own checksums file, with a
 *      warning: both come from the same place at the same moment, so this proves the download is
 *      intact (integrity), not that the release is the one k6's maintainers built (authenticity).
 * What was obtained is cached (2.) with its hash, so the next job on the runner does not obtain it again.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import * as tc from '@actions/tool-cache'
import { InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'
import { findK6, K6_VERSION, type K6Binary } from './k6.js'

const execFileAsync = promisify(execFile)

/** Where k6's official releases are downloaded from. */
export const K6_RELEASES = 'https://github.com/grafana/k6/releases/download'

/** The Go module k6 is built from with `go install`. */
export const K6_MODULE = 'go.k6.io/k6'

/**
 * SHA-256 of official k6 release archives, by archive file name (one per version and platform), each
 * copied from a source independent of the download itself. An archive listed here is verified
 * against this value and nothing else. Empty: no source for v1.8.1's values was found when this was
 * written (docs/k6.md says where to look); `npm run check-k6-pins` fails until the default version's
 * archives are pinned. Never fill in a value computed from an unverified download.
 */
export const K6_SHA256: Readonly<Record<string, string>> = {}

/** The platforms the action downloads k6 for (GitHub runners): Node's platform and arch. */
export const K6_PLATFORMS: readonly { platform: NodeJS.Platform; arch: string }[] = [
  { platform: 'linux', arch: 'x64' },
  { platform: 'linux', arch: 'arm64' },
  { platform: 'darwin', arch: 'x64' },
  { platform: 'darwin', arch: 'arm64' },
]

/** The release archive for this platform, or null where k6 publishes none we support. */
export function k6ReleaseUrl(
  version: string,
  platform: NodeJS.Platform,
  arch: string,
  base: string = K6_RELEASES,
): string | null {
  const os = platform === 'linux' ? 'linux' : platform === 'darwin' ? 'macos' : null
  const cpu = arch === 'x64' ? 'amd64' : arch === 'arm64' ? 'arm64' : null
  if (!os || !cpu) return null
  const ext = os === 'linux' ? 'tar.gz' : 'zip'
  return `${base.replace(/\/+$/, '')}/v${version}/k6-v${version}-${os}-${cpu}.${ext}`
}

/** The release archives of `version` (one per supported platform) that have no pinned SHA-256. */
export function missingPins(
  version: string = K6_VERSION,
  pins: Readonly<Record<string, string>> = K6_SHA256,
): string[] {
  return K6_PLATFORMS.map(({ platform, arch }) =>
    path.posix.basename(k6ReleaseUrl(version, platform, arch) as string),
  ).filter((name) => !/^[0-9a-f]{64}$/i.test(pins[name] ?? ''))
}

/** SHA-256 of a file, hex. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Reads a `sha256sum`-style checksums file (`<hex>  <name>` per line) into name -> hash. */
export function parseChecksums(text: string): Map<string, string> {
  const sums = new Map<string, string>()
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]{64})\s+\*?(\S+)\s*$/i.exec(line.trim())
    if (match) sums.set(match[2] as string, (match[1] as string).toLowerCase())
  }
  return sums
}

/** Throws an InfrastructureError unless `file` hashes to `expected`. */
export async function verifySha256(file: string, expected: string, name: string): Promise<void> {
  const actual = await sha256File(file)
  if (actual !== expected.toLowerCase()) {
    throw new InfrastructureError(
      `k6 download ${name} failed its SHA-256 check (expected ${expected}, got ${actual}); not using it. Install k6 yourself and set K6_PATH`,
    )
  }
}

/** Written beside a k6 binary perf-gate puts in the tool cache: what to re-check on every use. */
export const CACHE_RECORD = 'perf-gate-k6.json'

/** How the cached binary was obtained and verified, and its SHA-256 at that moment. */
export interface CacheRecord {
  sha256: string
  source: string
}

/**
 * Why Go would not check `module` against its checksum database with these settings (`go env`
 * values), or null when it would: GOSUMDB=off, or a GONOSUMDB / GOPRIVATE pattern covering it.
 */
export function sumdbBypass(
  goEnv: { GOSUMDB?: string; GONOSUMDB?: string; GOPRIVATE?: string },
  module: string = K6_MODULE,
): string | null {
  if ((goEnv.GOSUMDB ?? '').trim() === 'off') return 'GOSUMDB=off'
  // Go uses GOPRIVATE for GONOSUMDB when the latter is unset.
  for (const key of ['GONOSUMDB', 'GOPRIVATE'] as const) {
    const patterns = goEnv[key] ?? ''
    if (matchesPrefixPatterns(patterns, module)) return `${key}=${patterns}`
  }
  return null
}

/**
 * Go's module.MatchPrefixPatterns: comma-separated path.Match globs, each matched against as many
 * leading path elements of `target` as it has.
 */
function matchesPrefixPatterns(patterns: string, target: string): boolean {
  const elements = target.split('/')
  return patterns
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .some((pattern) => {
      const n = pattern.split('/').length
      if (elements.length < n) return false
      const prefix = elements.slice(0, n).join('/')
      const regex = pattern
        .split('')
        .map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : c.replace(/[.+^${}()|\\]/g, '\\$&')))
        .join('')
      return new RegExp(`^${regex}$`).test(prefix)
    })
}

/** The tool-cache calls ensureK6 makes (a seam for tests). */
export type ToolCache = Pick<typeof tc, 'find' | 'downloadTool' | 'extractTar' | 'extractZip' | 'cacheDir'>

/**
 * Builds k6 with `go install` into a new folder; resolves to that folder, or null (with a warning
 * logged) when Go is absent, would skip its checksum database, or the build fails.
 */
export type GoInstall = (
  version: string,
  env: Record<string, string | undefined>,
  log: Logger,
) => Promise<string | null>

export interface EnsureK6Options {
  /** Release download root; tests point it at a local server. */
  releases?: string
  /** Pinned hashes by archive name; defaults to K6_SHA256. */
  pinned?: Readonly<Record<string, string>>
  /** The release to use (k6.version / input k6-version); defaults to K6_VERSION. */
  version?: string | undefined
  /** Seams for tests: the tool cache, `go install`, and how a k6 binary is found and asked its version. */
  toolCache?: ToolCache
  goInstall?: GoInstall
  findK6?: (env: Record<string, string | undefined>) => Promise<K6Binary | null>
  platform?: NodeJS.Platform
  arch?: string
}

/** `go install go.k6.io/k6@v<version>` with CGO off, checked by Go's checksum database. */
export const goInstallK6: GoInstall = async (version, env, log) => {
  const run = (args: string[], extra: Record<string, string> = {}, timeout = 30_000) =>
    execFileAsync('go', args, {
      env: { ...env, ...extra } as NodeJS.ProcessEnv,
      timeout,
      maxBuffer: 16 << 20,
    })
  let goEnv: { GOSUMDB?: string; GONOSUMDB?: string; GOPRIVATE?: string }
  try {
    goEnv = JSON.parse(
      (await run(['env', '-json', 'GOSUMDB', 'GONOSUMDB', 'GOPRIVATE'])).stdout,
    ) as typeof goEnv
  } catch {
    return null // no Go on PATH
  }
  const bypass = sumdbBypass(goEnv)
  if (bypass) {
    log.warning(
      `Go is installed but would not check ${K6_MODULE} against its checksum database (${bypass}); not building k6 with it`,
    )
    return null
  }
  const bin = await mkdtemp(path.join(env.RUNNER_TEMP || tmpdir(), 'perf-gate-k6-go-'))
  log.info(
    `building k6 v${version} with go install ${K6_MODULE}@v${version} (checked by Go's checksum database)`,
  )
  try {
    await run(['install', `${K6_MODULE}@v${version}`], { GOBIN: bin, CGO_ENABLED: '0' }, 15 * 60_000)
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' / ')
    log.warning(`go install ${K6_MODULE}@v${version} failed: ${stderr || (error as Error).message}`)
    return null
  }
  return bin
}

const defaults = { toolCache: tc as ToolCache, goInstall: goInstallK6, findK6 }

/**
 * Finds k6, obtaining it (in the order at the top of this file) when running in GitHub Actions and
 * none is installed, or when the one installed is not the release asked for (`options.version`).
 * Outside Actions a k6 of another version is returned as found: the caller says it is not the one
 * asked for.
 */
export async function ensureK6(
  log: Logger,
  env: Record<string, string | undefined> = process.env,
  options: EnsureK6Options = {},
): Promise<K6Binary | null> {
  const version = options.version ?? K6_VERSION
  const cache = options.toolCache ?? defaults.toolCache
  const find = options.findK6 ?? defaults.findK6
  const found = await find(env)
  if (found && (options.version === undefined || found.version === version)) return found
  if (!env.RUNNER_TOOL_CACHE) return found
  if (found) log.info(`k6 ${found.version} is installed; k6.version asks for ${version}`)
  const cached = cache.find('k6', version)
  if (cached) {
    const record = await readRecord(cached)
    if (record) {
      const actual = await sha256File(path.join(cached, 'k6'))
      if (actual !== record.sha256) {
        throw new InfrastructureError(
          `k6 in the tool cache (${cached}) no longer has the SHA-256 recorded when it was cached (expected ${record.sha256}, got ${actual}); not using it. Something rewrote the runner's tool cache: remove that folder to obtain k6 again`,
        )
      }
      log.info(`k6 v${version} from the tool cache (${record.source}); its SHA-256 re-checked`)
      return find({ ...env, K6_PATH: path.join(cached, 'k6') })
    }
    log.warning(`k6 in the tool cache (${cached}) has no SHA-256 recorded by perf-gate; obtaining it again`)
  }
  const { folder, source } = await obtainK6(version, env, options, cache, log)
  const record: CacheRecord = { sha256: await sha256File(path.join(folder, 'k6')), source }
  await writeFile(path.join(folder, CACHE_RECORD), `${JSON.stringify(record, null, 2)}\n`)
  const dir = await cache.cacheDir(folder, 'k6', version)
  return find({ ...env, K6_PATH: path.join(dir, 'k6') })
}

async function readRecord(dir: string): Promise<CacheRecord | null> {
  try {
    const record = JSON.parse(await readFile(path.join(dir, CACHE_RECORD), 'utf8')) as Partial<CacheRecord>
    return typeof record.sha256 === 'string' && /^[0-9a-f]{64}$/.test(record.sha256)
      ? { sha256: record.sha256, source: String(record.source ?? 'unknown source') }
      : null
  } catch {
    return null
  }
}

/** Steps 3-5: a folder holding the k6 binary, and how it was verified. */
async function obtainK6(
  version: string,
  env: Record<string, string | undefined>,
  options: EnsureK6Options,
  cache: ToolCache,
  log: Logger,
): Promise<{ folder: string; source: string }> {
  const url = k6ReleaseUrl(
    version,
    options.platform ?? process.platform,
    options.arch ?? process.arch,
    options.releases,
  )
  const name = url ? path.posix.basename(url) : null
  const pinned = name ? (options.pinned ?? K6_SHA256)[name] : undefined
  if (url && name && pinned) {
    log.info(`downloading k6 v${version} (${name}, pinned SHA-256)`)
    return {
      folder: await downloadVerified(url, name, pinned, cache),
      source: `release archive ${name}, pinned SHA-256`,
    }
  }
  const built = await (options.goInstall ?? defaults.goInstall)(version, env, log)
  if (built)
    return { folder: built, source: `go install ${K6_MODULE}@v${version}, checked by Go's checksum database` }
  if (!url || !name) {
    throw new InfrastructureError(
      `no k6 release for ${options.platform ?? process.platform}/${options.arch ?? process.arch} and no Go to build it; install k6 and set K6_PATH`,
    )
  }
  const sumsUrl = `${path.posix.dirname(url)}/k6-v${version}-checksums.txt`
  log.warning(
    `k6 v${version}: no pinned SHA-256 for ${name} and no usable Go; verifying the download against the release's own ${path.posix.basename(sumsUrl)}. That proves the download is intact, not that the release is authentic (both come from the same place). Install k6 yourself (K6_PATH) or Go to avoid this`,
  )
  let sums: Map<string, string>
  try {
    sums = parseChecksums(await readFile(await cache.downloadTool(sumsUrl), 'utf8'))
  } catch (error) {
    throw new InfrastructureError(`could not download ${sumsUrl} to verify k6: ${(error as Error).message}`)
  }
  const listed = sums.get(name)
  if (!listed) throw new InfrastructureError(`${sumsUrl} lists no checksum for ${name}; not using it`)
  return {
    folder: await downloadVerified(url, name, listed, cache),
    source: `release archive ${name}, checked against the release's checksums file (integrity only)`,
  }
}

/** Downloads an archive, checks it before unpacking, and returns the folder holding `k6`. */
async function downloadVerified(
  url: string,
  name: string,
  expected: string,
  cache: ToolCache,
): Promise<string> {
  const archive = await cache.downloadTool(url)
  await verifySha256(archive, expected, name)
  const extracted = url.endsWith('.zip') ? await cache.extractZip(archive) : await cache.extractTar(archive)
  return path.join(extracted, name.replace(/\.(tar\.gz|zip)$/, ''))
}
