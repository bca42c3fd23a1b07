/**
 * Fails (exit 1) while the default k6 release (K6_VERSION) has archives without a pinned SHA-256 in
 * K6_SHA256 (src/load/install-k6.ts). The release workflow runs it (`npm run check-k6-pins`), so no
 * release ships claiming pinned downloads it does not have. docs/k6.md says where pins may come from.
 *
 * Runs under `node --experimental-strip-types`; src/ is loaded with a computed dynamic import, as in
 * scripts/gen-schema.ts.
 */
import { existsSync } from 'node:fs'
import { registerHooks } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main(): Promise<number> {
  // src/ imports its siblings as `./x.js`; under strip-types only the `.ts` file exists.
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith('file:')) {
        const candidate = new URL(specifier, context.parentURL)
        if (!existsSync(fileURLToPath(candidate)))
          return nextResolve(specifier.replace(/\.js$/, '.ts'), context)
      }
      return nextResolve(specifier, context)
    },
  })
  const load = (file: string) => import(pathToFileURL(path.join(ROOT, 'src', 'load', file)).href)
  const { K6_VERSION } = (await load('k6.ts')) as typeof import('../src/load/k6.js')
  const { K6_SHA256, missingPins } = (await load(
    'install-k6.ts',
  )) as typeof import('../src/load/install-k6.js')
  const missing = missingPins(K6_VERSION, K6_SHA256)
  if (missing.length > 0) {
    console.error(
      `check-k6-pins: k6 v${K6_VERSION} (K6_VERSION) has ${missing.length} release archive(s) without a pinned SHA-256 in K6_SHA256 (src/load/install-k6.ts):\n` +
        missing.map((name) => `  ${name}\n`).join('') +
        'Pin each from a source independent of the download (see docs/k6.md), never from a hash computed on an unverified download.',
    )
    return 1
  }
  console.log(`check-k6-pins: every release archive of k6 v${K6_VERSION} has a pinned SHA-256`)
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`check-k6-pins: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  },
)
