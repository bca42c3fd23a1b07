/**
 * k6 for GitHub runners: use one on PATH (or K6_PATH), else download the pinned official release
 * into the tool cache, so the second job on a runner does not download again.
 */
import path from 'node:path'
import * as tc from '@actions/tool-cache'
import { InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'
import { findK6, K6_VERSION, type K6Binary } from './k6.js'

/** The release archive for this platform, or null where k6 publishes none we support. */
export function k6ReleaseUrl(version: string, platform: NodeJS.Platform, arch: string): string | null {
  const os = platform === 'linux' ? 'linux' : platform === 'darwin' ? 'macos' : null
  const cpu = arch === 'x64' ? 'amd64' : arch === 'arm64' ? 'arm64' : null
  if (!os || !cpu) return null
  const ext = os === 'linux' ? 'tar.gz' : 'zip'
  return `https://github.com/grafana/k6/releases/download/v${version}/k6-v${version}-${os}-${cpu}.${ext}`
}

/** Finds k6, downloading it when running in GitHub Actions and none is installed. */
export async function ensureK6(
  log: Logger,
  env: Record<string, string | undefined> = process.env,
): Promise<K6Binary | null> {
  const found = await findK6(env)
  if (found) return found
  if (!env.RUNNER_TOOL_CACHE) return null
  let dir = tc.find('k6', K6_VERSION)
  if (!dir) {
    const url = k6ReleaseUrl(K6_VERSION, process.platform, process.arch)
    if (!url)
      throw new InfrastructureError(
        `no k6 release for ${process.platform}/${process.arch}; install k6 and set K6_PATH`,
      )
    log.info(`downloading k6 v${K6_VERSION}`)
    const archive = await tc.downloadTool(url)
    const extracted = url.endsWith('.zip') ? await tc.extractZip(archive) : await tc.extractTar(archive)
    const folder = path.join(extracted, path.basename(url).replace(/\.(tar\.gz|zip)$/, ''))
    dir = await tc.cacheDir(folder, 'k6', K6_VERSION)
  }
  return findK6({ ...env, K6_PATH: path.join(dir, 'k6') })
}
