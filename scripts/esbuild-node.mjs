// esbuild settings shared by everything we bundle for Node (dist/, the benchmark, the render sample).

/** Bundled CommonJS dependencies (dockerode, ssh2) use require, __dirname and __filename. */
export const nodeEsmBanner = [
  "import { createRequire as __pgCreateRequire } from 'node:module';",
  'const require = __pgCreateRequire(import.meta.url);',
  'const __filename = import.meta.filename;',
  'const __dirname = import.meta.dirname;',
].join(' ')

/** Options every Node ESM bundle of ours uses. */
export const nodeEsmOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  banner: { js: nodeEsmBanner },
  logLevel: 'warning',
}
