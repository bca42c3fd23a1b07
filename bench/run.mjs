// Runs bench/accuracy.ts: src/ imports its siblings with .js specifiers, which Node's type stripping
// cannot resolve to .ts files, so the bench is bundled with esbuild first (as scripts/build.mjs
// bundles the CLI). The bundle lives under node_modules/.cache so packageRoot() still finds
// scenarios/ and nothing generated lands in the tree.
import { build } from 'esbuild'
import { nodeEsmOptions } from '../scripts/esbuild-node.mjs'
import { pathToFileURL } from 'node:url'

const outfile = 'node_modules/.cache/perf-gate-bench/accuracy.mjs'
await build({
  ...nodeEsmOptions,
  entryPoints: ['bench/accuracy.ts'],
  outfile,
  loader: { '.node': 'empty', '.wasm': 'binary', '.ttf': 'binary' },
})
await import(pathToFileURL(outfile).href)
