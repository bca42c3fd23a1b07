// Builds dist/ from src/: two ESM bundles (the action and the CLI) that need nothing from
// node_modules at run time. Deterministic, so CI can check that dist/ equals a fresh build.
import { build } from 'esbuild'
import { rm } from 'node:fs/promises'
import { copyReportAssets } from './report-assets.mjs'

// Bundled CommonJS dependencies (dockerode, ssh2) use require, __dirname and __filename.
const banner = [
  "import { createRequire as __pgCreateRequire } from 'node:module';",
  'const require = __pgCreateRequire(import.meta.url);',
  'const __filename = import.meta.filename;',
  'const __dirname = import.meta.dirname;',
].join(' ')

await rm('dist', { recursive: true, force: true })
await build({
  entryPoints: { index: 'src/index.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  banner: { js: banner },
  // Optional native add-ons of ssh2 (only used for Docker over SSH) are loaded in try/catch.
  loader: { '.node': 'empty', '.wasm': 'binary', '.ttf': 'binary' },
  legalComments: 'linked',
  logLevel: 'warning',
})

// The report renderer's wasm, font and vega builds live next to the bundle (see report-assets.mjs).
await copyReportAssets('dist')
