/**
 * k6 for GitHub runners: use one on PATH (or K6_PATH), else download the pinned official release
 * into the tool cache, so the second job on a runner does not download again. Every download is
 * checked against a SHA-256 before it is unpacked or run.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import * as tc from '@actions/tool-cache'
import { InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'
import { findK6, K6_VERSION, type K6Binary } from './k6.js'

/** Where k6's official releases are downloaded from. */
export const K6_RELEASES = 'https://github.com/grafana/k6/releases/download'

/**
 * SHA-256 of each official release archive of K6_VERSION, by archive file name, copied from the
 * release's k6-v<version>-checksums.txt. An archive listed here is verified against this value and
 * nothing else. TODO(lead): fill in v1.8.1's values; they could not be looked up when this was written.
 */
export const K6_SHA256: Readonly<Record<string, string>> = {}

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

export interface EnsureK6Options {
  /** Release download root; tests point it at a local server. */
  releases?: string
  /** Pinned hashes by archive name; defaults to K6_SHA256. */
  pinned?: Readonly<Record<string, string>>
  /** The release to use (k6.version / input k6-version); defaults to K6_VERSION. */
  version?: string | undefined
}

/**
 * The SHA-256 an archive must have: the pinned one, else (with a warning) the one the release's own
 * checksums file lists, which catches a corrupted or swapped download but not a compromised release.
 */
async function expectedSha256(
  url: string,
  version: string,
  pinned: Readonly<Record<string, string>>,
  log: Logger,
): Promise<string> {
  const name = path.basename(url)
  const fixed = pinned[name]
  if (fixed) return fixed
  const sumsUrl = `${path.dirname(url)}/k6-v${version}-checksums.txt`
  log.warning(`no pinned SHA-256 for ${name}; verifying it against the release's ${path.basename(sumsUrl)}`)
  let sums: Map<string, string>
  try {
    sums = parseChecksums(await readFile(await tc.downloadTool(sumsUrl), 'utf8'))
  } catch (error) {
    throw new InfrastructureError(`could not download ${sumsUrl} to verify k6: ${(error as Error).message}`)
  }
  const listed = sums.get(name)
  if (!listed) throw new InfrastructureError(`${sumsUrl} lists no checksum for ${name}; not using it`)
  return listed
}

/**
 * Finds k6, downloading (and verifying) it when running in GitHub Actions and none is installed, or
 * when the one installed is not the release asked for (`options.version`). Outside Actions a k6 of
 * another version is returned as found: the caller says it is not the one asked for.
 */
export async function ensureK6(
  log: Logger,
  env: Record<string, string | undefined> = process.env,
  options: EnsureK6Options = {},
): Promise<K6Binary | null> {
  const version = options.version ?? K6_VERSION
  const found = await findK6(env)
  if (found && (options.version === undefined || found.version === version)) return found
  if (!env.RUNNER_TOOL_CACHE) return found
  if (found) log.info(`k6 ${found.version} is installed; k6.version asks for ${version}`)
  let dir = tc.find('k6', version)
  if (!dir) {
    const url = k6ReleaseUrl(version, process.platform, process.arch, options.releases)
    if (!url)
      throw new InfrastructureError(
        `no k6 release for ${process.platform}/${process.arch}; install k6 and set K6_PATH`,
      )
    log.info(`downloading k6 v${version}`)
    const expected = await expectedSha256(url, version, options.pinned ?? K6_SHA256, log)
    const archive = await tc.downloadTool(url)
    await verifySha256(archive, expected, path.basename(url))
    const extracted = url.endsWith('.zip') ? await tc.extractZip(archive) : await tc.extractTar(archive)
    const folder = path.join(extracted, path.basename(url).replace(/\.(tar\.gz|zip)$/, ''))
    dir = await tc.cacheDir(folder, 'k6', version)
  }
  return findK6({ ...env, K6_PATH: path.join(dir, 'k6') })
}
