// Runs bench/accuracy.ts: src/ imports its siblings with .js specifiers, which Node's type stripping
// cannot resolve to .ts files, so the bench is bundled with esbuild first (as scripts/build.mjs
// bundles the CLI). The bundle lives under node_modules/.cache so packageRoot() still finds
// scenarios/ and nothing generated lands in the tree.
import { build } from 'esbuild'
import { pathToFileURL } from 'node:url'

// Bundled CommonJS dependencies (dockerode, ssh2) use require, __dirname and __filename.
const banner = [
  "import { createRequire as __pgCreateRequire } from 'node:module';",
  'const require = __pgCreateRequire(import.meta.url);',
  'const __filename = import.meta.filename;',
  'const __dirname = import.meta.dirname;',
].join(' ')

const outfile = 'node_modules/.cache/perf-gate-bench/accuracy.mjs'
await build({
  entryPoints: ['bench/accuracy.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  banner: { js: banner },
  loader: { '.node': 'empty', '.wasm': 'binary', '.ttf': 'binary' },
  logLevel: 'warning',
})
await import(pathToFileURL(outfile).href)
