/**
 * The package version, for `perf-gate --version`. Imported from package.json so that it cannot drift
 * from what npm publishes; esbuild inlines it into dist/cli.js, so the bundle needs no file beside it.
 */
import packageJson from '../../package.json' with { type: 'json' }

export const VERSION: string = packageJson.version
