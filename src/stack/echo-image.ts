/**
 * The echo backend image, perf-gate/echo:local, obtained by perf-gate itself. Every example and every
 * config `perf-gate init` writes names it as the upstream; a stock runner has no such image and no
 * registry serves it, so when Docker lacks it the gate builds it from what the package ships:
 * assets/echo/Dockerfile (FROM scratch) and assets/echo/echo.gz, the static binary that
 * scripts/build-echo-asset.sh compiles from images/echo. Nothing is pulled and no Go is needed.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { getContainerRuntimeClient, ImageName } from 'testcontainers'
import type { LoadedConfig } from '../config/load.js'
import { InfrastructureError } from '../errors.js'
import type { Logger } from '../log.js'

/** The image name the examples and `init` use for the echo backend. */
export const ECHO_IMAGE = 'perf-gate/echo:local'

/** Label carrying the shipped binary's hash (scripts/build-images.sh writes the same). */
export const SOURCE_LABEL = 'perf-gate.source-hash'

/** What assets/echo/SOURCE records. */
export interface EchoSource {
  /** sha256 over the Go sources the binary was compiled from (see scripts/build-echo-asset.sh). */
  sourceSha256: string
  go: string
  /** sha256 of the uncompressed binary. */
  binarySha256: string
}

/** Parses assets/echo/SOURCE ("key: value" lines, # comments). */
export function parseEchoSource(text: string): EchoSource {
  const fields = new Map<string, string>()
  for (const line of text.split('\n')) {
    const match = /^([a-z0-9-]+):\s*(\S+)\s*$/.exec(line)
    if (match) fields.set(match[1] as string, match[2] as string)
  }
  const get = (key: string) => {
    const value = fields.get(key)
    if (!value) throw new Error(`assets/echo/SOURCE: no "${key}"`)
    return value
  }
  return { sourceSha256: get('source-sha256'), go: get('go'), binarySha256: get('binary-sha256') }
}

/**
 * Whether a config needs the echo image: a service, a baseline variant's override, or a compose
 * service names it.
 */
export function usesEchoImage(loaded: Pick<LoadedConfig, 'config' | 'compose'>): boolean {
  const { config } = loaded
  const images = [
    ...Object.values(config.services).map((s) => s.image),
    ...Object.values(config.baselineVariant?.services ?? {}).map((s) => s.image),
    ...Object.values(loaded.compose?.images ?? {}),
  ]
  return images.some((image) => image === ECHO_IMAGE)
}

/**
 * assets/echo in the package. From src/stack/ it is ../../assets; the bundle puts this module in
 * dist/ or dist/chunks/, and the package (or the action's checkout) has assets/ beside dist/.
 */
export function echoAssetCandidates(): string[] {
  return ['../assets/echo', '../../assets/echo'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
}

function echoAssetDir(): string {
  const tried = echoAssetCandidates()
  const found = tried.find((dir) => existsSync(path.join(dir, 'echo.gz')))
  if (!found)
    throw new InfrastructureError(
      `${ECHO_IMAGE} is not in Docker and the shipped echo binary was not found (tried ${tried.join(', ')})`,
    )
  return found
}

/** Unpacks the shipped binary and checks it against the hash SOURCE records. */
export async function readEchoBinary(dir: string): Promise<{ binary: Buffer; source: EchoSource }> {
  const source = parseEchoSource(await readFile(path.join(dir, 'SOURCE'), 'utf8'))
  const binary = gunzipSync(await readFile(path.join(dir, 'echo.gz')))
  const actual = createHash('sha256').update(binary).digest('hex')
  if (actual !== source.binarySha256)
    throw new InfrastructureError(
      `${path.join(dir, 'echo.gz')}: sha256 ${actual} differs from ${source.binarySha256} in SOURCE (damaged package?)`,
    )
  return { binary, source }
}

/**
 * Builds perf-gate/echo:local from the shipped binary when Docker does not have it; does nothing
 * when it does (a locally built image, e.g. by scripts/build-images.sh, is used as it is).
 * Throws InfrastructureError when Docker is unreachable or the build fails.
 */
export async function ensureEchoImage(log: Logger): Promise<'present' | 'built'> {
  const client = await getContainerRuntimeClient()
  if (await client.image.exists(ImageName.fromString(ECHO_IMAGE))) return 'present'
  const began = Date.now()
  log.info(`${ECHO_IMAGE} is not in Docker: building it from the echo binary perf-gate ships`)
  const dir = echoAssetDir()
  const context = await mkdtemp(path.join(tmpdir(), 'perf-gate-echo-'))
  try {
    const { binary, source } = await readEchoBinary(dir)
    await copyFile(path.join(dir, 'Dockerfile'), path.join(context, 'Dockerfile'))
    await writeFile(path.join(context, 'echo'), binary)
    // The image runs it as nobody: it must be executable by all.
    await chmod(path.join(context, 'echo'), 0o755)
    // The runtime client rather than GenericContainer.fromDockerfile: that one cannot label the image,
    // and the label (the binary's hash, as scripts/build-images.sh writes it) says which binary it is.
    await client.image.build(context, {
      t: ECHO_IMAGE,
      labels: { [SOURCE_LABEL]: source.binarySha256.slice(0, 16) },
    })
    // The build stream ends without an error when a step fails: check that the image is there.
    if (!(await client.image.exists(ImageName.fromString(ECHO_IMAGE))))
      throw new InfrastructureError(
        `${ECHO_IMAGE} did not build from ${dir} (docker build reported no image)`,
      )
    log.info(
      `built ${ECHO_IMAGE} (echo binary ${source.binarySha256.slice(0, 16)}, ${source.go}) in ${((Date.now() - began) / 1000).toFixed(1)}s`,
    )
  } catch (error) {
    if (error instanceof InfrastructureError) throw error
    throw new InfrastructureError(`${ECHO_IMAGE} did not build: ${(error as Error).message}`, {
      cause: error,
    })
  } finally {
    await rm(context, { recursive: true, force: true })
  }
  return 'built'
}
