// Builds dist/ from src/: two ESM bundles (the action and the CLI) that need nothing from
// node_modules at run time. Deterministic, so CI can check that dist/ equals a fresh build.
import { build } from 'esbuild'
import { nodeEsmOptions } from './esbuild-node.mjs'
import { rm } from 'node:fs/promises'
import { copyReportAssets } from './report-assets.mjs'

await rm('dist', { recursive: true, force: true })
await build({
  ...nodeEsmOptions,
  // vendor: see src/vendor-chunk.ts (keeps our code out of the packages' chunks). It comes first: esbuild
  // orders a chunk's modules as it first reaches them from the entries in this order, so with vendor
  // first the packages' chunks keep their bytes (and names) whatever order src/ imports them in.
  entryPoints: { vendor: 'src/vendor-chunk.ts', index: 'src/index.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Optional native add-ons of ssh2 (only used for Docker over SSH) are loaded in try/catch.
  loader: { '.node': 'empty', '.wasm': 'binary', '.ttf': 'binary' },
  legalComments: 'linked',
})

// The report renderer's wasm, font and vega builds live next to the bundle (see report-assets.mjs).
await copyReportAssets('dist')
