// Runs a bench entry point (default bench/accuracy.ts; `node bench/run.mjs bench/x.ts -- args`):
// src/ imports its siblings with .js specifiers, which Node's type stripping cannot resolve to .ts
// files, so the bench is bundled with esbuild first (as scripts/build.mjs bundles the CLI). The bundle
// lives under node_modules/.cache so packageRoot() still finds scenarios/ and nothing generated lands
// in the tree. The entry's own arguments stay in process.argv.slice(2).
import { build } from 'esbuild'
import { nodeEsmOptions } from '../scripts/esbuild-node.mjs'
import { existsSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { pathToFileURL } from 'node:url'

let entry = 'bench/accuracy.ts'
if (process.argv[2]?.endsWith('.ts')) {
  entry = process.argv[2]
  process.argv.splice(2, 1)
}
const outfile = `node_modules/.cache/perf-gate-bench/${path.basename(entry, '.ts')}.mjs`
await build({
  ...nodeEsmOptions,
  entryPoints: [entry],
  outfile,
  loader: { '.node': 'empty', '.wasm': 'binary', '.ttf': 'binary' },
})
// The renderer reads its font, wasm and vega files next to the bundle (src/report/assets.ts), as
// dist/'s do: point the bundle's assets/ at dist/assets, or every chart a bench writes is skipped.
const assets = path.join(path.dirname(outfile), 'assets')
if (!existsSync(assets)) symlinkSync(path.join(import.meta.dirname, '../dist/assets'), assets)
await import(pathToFileURL(outfile).href)
