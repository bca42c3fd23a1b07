// Builds dist/ from src/: two ESM bundles (the action and the CLI) that need nothing from
// node_modules at run time. Deterministic, so CI can check that dist/ equals a fresh build.
import { build } from 'esbuild'
import { copyFile, mkdir, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

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

// Files the report renderer reads at run time (src/report/assets.ts, DIST_ASSETS, names the same
// paths): the resvg wasm, the chart font with its licence, and the vega UMD builds that the HTML report
// inlines. Copied, not imported, so dist/*.js stays small and src/ runs under vitest without loaders.
const assets = [
  ['node_modules/@resvg/resvg-wasm/index_bg.wasm', 'resvg/index_bg.wasm'],
  ['assets/fonts/DejaVuSans.ttf', 'fonts/DejaVuSans.ttf'],
  ['assets/fonts/LICENSE-DejaVu.txt', 'fonts/LICENSE-DejaVu.txt'],
  ['node_modules/vega/build/vega.min.js', 'vega/vega.min.js'],
  ['node_modules/vega-lite/build/vega-lite.min.js', 'vega/vega-lite.min.js'],
  ['node_modules/vega-embed/build/vega-embed.min.js', 'vega/vega-embed.min.js'],
  // BSD-3 asks for the notices next to redistributed builds (the min.js files carry none).
  ['node_modules/vega/LICENSE', 'vega/LICENSE-vega.txt'],
  ['node_modules/vega-lite/LICENSE', 'vega/LICENSE-vega-lite.txt'],
  ['node_modules/vega-embed/LICENSE', 'vega/LICENSE-vega-embed.txt'],
]
for (const [from, to] of assets) {
  await mkdir(dirname(`dist/assets/${to}`), { recursive: true })
  await copyFile(from, `dist/assets/${to}`)
}
