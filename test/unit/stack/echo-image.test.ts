// The echo binary perf-gate ships (assets/echo) must be the one images/echo compiles to: a change to
// the Go sources without `scripts/build-echo-asset.sh` would ship a backend that is not the one in
// the repository. The recorded source hash is recomputed here, in TypeScript and by the script.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LoadedConfig } from '../../../src/config/load.js'
import {
  ECHO_IMAGE,
  echoAssetCandidates,
  parseEchoSource,
  readEchoBinary,
  usesEchoImage,
} from '../../../src/stack/echo-image.js'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const SRC = path.join(ROOT, 'images/echo')
const ASSETS = path.join(ROOT, 'assets/echo')

/** The hash scripts/build-echo-asset.sh records: `sha256sum` lines of the compiled files, hashed. */
function sourceHash(files: Record<string, string | Buffer>): string {
  const lines = Object.keys(files)
    .sort()
    .map(
      (name) =>
        `${createHash('sha256')
          .update(files[name] as string | Buffer)
          .digest('hex')}  ./${name}\n`,
    )
    .join('')
  return createHash('sha256').update(lines).digest('hex')
}

function compiledSources(): Record<string, Buffer> {
  const names = readdirSync(SRC).filter(
    (n) => (n.endsWith('.go') && !n.endsWith('_test.go')) || n === 'go.mod' || n === 'go.sum',
  )
  return Object.fromEntries(names.map((n) => [n, readFileSync(path.join(SRC, n))]))
}

const recorded = parseEchoSource(readFileSync(path.join(ASSETS, 'SOURCE'), 'utf8'))

describe('the shipped echo binary', () => {
  it('was built from the current images/echo sources (else run scripts/build-echo-asset.sh)', () => {
    expect(
      sourceHash(compiledSources()),
      'images/echo changed since assets/echo/echo.gz was built: run scripts/build-echo-asset.sh and commit',
    ).toBe(recorded.sourceSha256)
  })

  it('is hashed by the build script the same way', () => {
    const script = spawnSync('bash', [path.join(ROOT, 'scripts/build-echo-asset.sh'), '--hash'], {
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
    })
    expect(script.status).toBe(0)
    expect(script.stdout.trim()).toBe(sourceHash(compiledSources()))
  })

  it('notices an edit to a source file, but not to a test file', () => {
    const sources = compiledSources()
    const edited = { ...sources, 'main.go': Buffer.concat([sources['main.go'] as Buffer, Buffer.from('\n')]) }
    expect(sourceHash(edited)).not.toBe(sourceHash(sources))
    expect(Object.keys(sources)).not.toContain('main_test.go')
  })

  it('unpacks to the recorded binary: a static, stripped linux/amd64 ELF of modest size', async () => {
    const { binary } = await readEchoBinary(ASSETS)
    expect(createHash('sha256').update(binary).digest('hex')).toBe(recorded.binarySha256)
    expect(binary.subarray(0, 4).toString('latin1')).toBe('\x7fELF')
    // e_machine 0x3e: x86-64.
    expect(binary.readUInt16LE(18)).toBe(0x3e)
    // No PT_INTERP program header: statically linked (a dynamic one would not run FROM scratch).
    const phoff = Number(binary.readBigUInt64LE(32))
    const phnum = binary.readUInt16LE(56)
    const types = Array.from({ length: phnum }, (_, i) => binary.readUInt32LE(phoff + i * 56))
    expect(types).not.toContain(3)
    // The gzipped file is what the repository and the package carry.
    expect(readFileSync(path.join(ASSETS, 'echo.gz')).length).toBeLessThan(3 * 2 ** 20)
  })

  it('is found from src/ (and, by the same relative paths, from dist/ and dist/chunks/)', () => {
    expect(echoAssetCandidates()).toContain(ASSETS)
  })

  it('is built by a FROM-scratch Dockerfile that runs it unprivileged', () => {
    const dockerfile = readFileSync(path.join(ASSETS, 'Dockerfile'), 'utf8')
    expect(dockerfile).toMatch(/^FROM scratch$/m)
    expect(dockerfile).toMatch(/^COPY echo \/echo$/m)
    expect(dockerfile).toMatch(/^USER 65534:65534$/m)
  })
})

describe('usesEchoImage', () => {
  const base = { services: {}, baselineVariant: undefined } as unknown as LoadedConfig['config']
  const loaded = (config: object, compose?: object) =>
    ({ config: { ...base, ...config }, compose }) as Pick<LoadedConfig, 'config' | 'compose'>

  it('is true for a service, a baseline override or a compose service naming the image', () => {
    expect(usesEchoImage(loaded({ services: { echo: { image: ECHO_IMAGE } } }))).toBe(true)
    expect(
      usesEchoImage(loaded({ services: {}, baselineVariant: { services: { up: { image: ECHO_IMAGE } } } })),
    ).toBe(true)
    expect(usesEchoImage(loaded({ services: {} }, { images: { echo: ECHO_IMAGE } }))).toBe(true)
  })

  it('is false when nothing names it', () => {
    expect(usesEchoImage(loaded({ services: { gw: { image: 'kong:3.9' } } }, { images: { x: 'y' } }))).toBe(
      false,
    )
  })
})
