// Every example config this repository ships must load: a tightened rule (the stack allowlist, path
// rules) that refused one would break a newcomer's first run. Workflows live beside them and are not
// configs.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findComposeRenderer } from '../../../src/config/compose-file.js'
import { loadConfig } from '../../../src/config/load.js'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const EXAMPLES = path.join(ROOT, 'examples')

const configs = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'workflows')
  .flatMap((d) =>
    readdirSync(path.join(EXAMPLES, d.name))
      .filter((f) => /^perf-gate.*\.ya?ml$/.test(f))
      .map((f) => path.join('examples', d.name, f)),
  )

describe('the example configs', () => {
  it('are found', () => {
    expect(configs).toContain(path.join('examples', 'compose', 'perf-gate.yml'))
    expect(configs.length).toBeGreaterThanOrEqual(10)
  })

  it.each(configs)('%s loads (static evaluation)', (file) => {
    expect(() => loadConfig(path.join(ROOT, file), {}, { composeRenderer: null })).not.toThrow()
  })

  // The second evaluation with the Compose this machine has (docker-compose v1 here, the v2 plugin on
  // GitHub's runners): its normalized output (absolute paths, long forms) must pass the allowlist too.
  const renderer = findComposeRenderer()
  it.skipIf(!renderer)('examples/compose passes the rendered evaluation of the local Compose', () => {
    const loaded = loadConfig(path.join(EXAMPLES, 'compose/perf-gate.yml'), {})
    expect(loaded.compose?.evaluation).toBe(
      `the file with merge keys applied, and the output of ${renderer?.label}`,
    )
  })
})
