// The built CLI refuses a bad config of the bundled examples with exit 2, naming the file and the
// path, before anything starts. Nothing here starts a container or runs k6 (Docker is asked about
// Compose files only), so this file runs beside the unit tests (OFFLINE_INTEGRATION in
// vitest.config.ts). Was part of cli-gate.test.ts and compose-stack.test.ts.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks } from '../support/docker.js'

let runs = 0
const runId = () => `it-config-${++runs}-${process.pid}`

/** Runs the CLI on `file`; asserts exit 2, `message` and the file named, and that nothing started. */
async function expectRefused(file: string, message: RegExp) {
  const id = runId()
  const run = await runCli(['run', '--config', file, '--out', path.join(path.dirname(file), 'out')], {
    env: { PERF_GATE_RUN_ID: id },
  })
  expect(run.code, run.stderr).toBe(2)
  expect(run.stderr).toMatch(message)
  expect(run.stderr).toContain(file)
  expect(run.stderr).not.toContain('Start the stack')
  expect(perfGateContainers(id)).toEqual([])
  expect(perfGateNetworks(id)).toEqual([])
  return run
}

describe('perf-gate run on a broken copy of the nginx example', () => {
  const EXAMPLE = path.join(ROOT, 'examples/nginx/perf-gate.yml')
  const out = mkdtempSync(path.join(tmpdir(), 'perf-gate-config-errors-'))

  it.each([
    [
      'not a URL',
      (c: string) => c.replace('target: http://nginx:8080/echo', 'target: nginx:8080'),
      /profiles\[1\]\.target: expected a URL/,
    ],
    [
      'a typo in a key',
      (c: string) => c.replace('threshold: 0.10', 'treshold: 0.10'),
      /gate: unknown key "treshold"/,
    ],
    [
      'a wrong type',
      (c: string) => c.replace('rate: 500', 'rate: fast'),
      /scenarios\[0\]\.rate: expected number/,
    ],
    [
      'an unknown dependency',
      (c: string) => c.replace('dependsOn: [echo]', 'dependsOn: [backend]'),
      /services\.nginx\.dependsOn\[0\]: unknown service "backend"/,
    ],
    [
      'a bad duration',
      (c: string) => c.replace('duration: 4s', 'duration: five'),
      /scenarios\[0\]\.duration: expected a duration/,
    ],
    [
      'an unset variable',
      (c: string) => c.replace('${ECHO_DELAY_US:-0}', '${NOT_SET_ANYWHERE}'),
      /services\.echo\.env\.ECHO_DELAY_US: environment variable NOT_SET_ANYWHERE is not set/,
    ],
  ])('exits 2 on %s, naming the path, and starts nothing', async (_name, mutate, message) => {
    const original = readFileSync(EXAMPLE, 'utf8')
    const config = mutate(original)
    expect(config).not.toBe(original)
    const file = path.join(out, `bad-${runs}.yml`)
    writeFileSync(file, config)
    await expectRefused(file, message)
  })
})

describe('perf-gate run on a broken copy of the compose example', () => {
  /** A copy of examples/compose in a temp folder, with `config` and `compose` changed as given. */
  function composeCopy(replace: { config?: [string, string]; compose?: [string, string] }): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-compose-config-'))
    cpSync(path.join(ROOT, 'examples/compose'), dir, { recursive: true })
    for (const [name, change] of [
      ['perf-gate.yml', replace.config],
      ['docker-compose.yml', replace.compose],
    ] as const) {
      if (!change) continue
      const file = path.join(dir, name)
      const text = readFileSync(file, 'utf8')
      expect(text, change[0]).toContain(change[0])
      writeFileSync(file, text.replace(change[0], change[1]))
    }
    return path.join(dir, 'perf-gate.yml')
  }

  it('names a missing service and a missing compose file, exit 2, no container', async () => {
    await expectRefused(
      composeCopy({ config: ['  profiles: []\n', '  profiles: []\n  services: [gatway]\n'] }),
      /stack\.services\[0\]: no service "gatway" in .*docker-compose\.yml/,
    )
    await expectRefused(
      composeCopy({ config: ['compose: docker-compose.yml', 'compose: nope.yml'] }),
      /stack\.compose: compose file not found: .*nope\.yml/,
    )
  })

  it('refuses a target host that is neither a service nor a network alias, suggesting the alias', async () => {
    await expectRefused(
      composeCopy({
        compose: [
          '    depends_on: [echo]\n    # The nginx config',
          '    depends_on: [echo]\n    networks: { default: { aliases: [api, API.internal] } }\n    # The nginx config',
        ],
        config: ['target: http://gateway:8080/echo', 'target: http://apii:8080/echo'],
      }),
      /profiles\[1\]\.target: host "apii" names no service of the stack .*did you mean "api"\?/,
    )
  })
})
