/**
 * Finds the files the renderer needs at run time: the resvg wasm binary, the chart font, and the vega
 * UMD builds the HTML report inlines.
 *
 * They are read from disk rather than imported, so the same code works from src/ under vitest (which has
 * no loader for .wasm or .ttf imports) and from the bundle, without inflating dist/*.js with base64.
 * scripts/build.mjs copies them into dist/assets/; the bundle may place this module in dist/ or in
 * dist/chunks/, so both are tried. From src/, fonts come from the repository's assets/ and the rest from
 * node_modules.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where each asset lives under dist/assets/ (kept in step with scripts/build.mjs). */
export const DIST_ASSETS = {
  font: 'fonts/DejaVuSans.ttf',
  resvgWasm: 'resvg/index_bg.wasm',
  vega: 'vega/vega.min.js',
  vegaLite: 'vega/vega-lite.min.js',
  vegaEmbed: 'vega/vega-embed.min.js',
} as const

export type AssetName = keyof typeof DIST_ASSETS

export class AssetNotFoundError extends Error {
  constructor(
    readonly asset: AssetName,
    readonly tried: string[],
  ) {
    super(`perf-gate asset "${asset}" not found; tried: ${tried.join(', ')}`)
    this.name = 'AssetNotFoundError'
  }
}

// Named apart from `require`, which the bundle banner defines at the top of every output file.
const requireHere = createRequire(import.meta.url)

/** Resolves a file inside an installed package, or null when node_modules is absent (the bundle). */
function fromPackage(resolveSpecifier: string, fileNextToIt?: string): string | null {
  try {
    const resolved = requireHere.resolve(resolveSpecifier)
    return fileNextToIt === undefined ? resolved : join(dirname(resolved), fileNextToIt)
  } catch {
    return null
  }
}

function sourceFallback(asset: AssetName): string | null {
  switch (asset) {
    case 'font':
      return fileURLToPath(new URL(`../../assets/${DIST_ASSETS.font}`, import.meta.url))
    case 'resvgWasm':
      return fromPackage('@resvg/resvg-wasm/index_bg.wasm')
    // Package exports hide build/*.min.js, so resolve the entry point and look next to it.
    case 'vega':
      return fromPackage('vega', 'vega.min.js')
    case 'vegaLite':
      return fromPackage('vega-lite', 'vega-lite.min.js')
    case 'vegaEmbed':
      return fromPackage('vega-embed', 'vega-embed.min.js')
  }
}

/** Candidate paths for an asset, most specific first. */
export function assetCandidates(asset: AssetName): string[] {
  const rel = DIST_ASSETS[asset]
  const candidates = [
    fileURLToPath(new URL(`./assets/${rel}`, import.meta.url)),
    fileURLToPath(new URL(`../assets/${rel}`, import.meta.url)),
  ]
  const fallback = sourceFallback(asset)
  if (fallback !== null) candidates.push(fallback)
  return candidates
}

/** Reads an asset's bytes from the first candidate path that exists. */
export async function readAsset(asset: AssetName): Promise<Uint8Array> {
  const tried = assetCandidates(asset)
  for (const path of tried) {
    try {
      return new Uint8Array(await readFile(path))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  throw new AssetNotFoundError(asset, tried)
}

/** Reads a text asset (the vega builds) as UTF-8. */
export async function readTextAsset(asset: AssetName): Promise<string> {
  return new TextDecoder().decode(await readAsset(asset))
}

/** The vega, vega-lite and vega-embed UMD builds that the HTML report inlines. */
export async function readVegaLibraries(): Promise<{ vega: string; vegaLite: string; vegaEmbed: string }> {
  const [vega, vegaLite, vegaEmbed] = await Promise.all([
    readTextAsset('vega'),
    readTextAsset('vegaLite'),
    readTextAsset('vegaEmbed'),
  ])
  return { vega, vegaLite, vegaEmbed }
}
