// Hostile stacks through the built CLI (issue 18): `validate` and `run` with k6 hidden from PATH, so a
// config perf-gate accepts stops at "k6 was not found" (exit 3) before any container, and one it
// refuses exits 2 naming the file and the key. No container starts either way.
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runBuiltCli } from '../support/cli-process.js'

const ROOT = path.resolve(import.meta.dirname, '../..')

const CONFIG = `name: hostile
stack: { compose: docker-compose.yml }
profiles: [{ name: p, target: "http://gw:8080/" }]
scenarios: [{ name: s, script: constant-vus, vus: 1, duration: 1s }]
gate: { method: stored }
`

interface Run {
  code: number | null
  output: string
}

let bin: string

/** The built CLI with a PATH that has Docker, Compose and git but no k6. */
function cli(args: string[], cwd: string, pathDirs: string[] = [bin, '/usr/bin', '/bin']): Promise<Run> {
  return runBuiltCli(args, {
    cwd,
    env: {
      PATH: pathDirs.join(':'),
      HOME: process.env.HOME ?? '/root',
      TESTCONTAINERS_RYUK_DISABLED: 'true',
    },
    timeoutMs: 120_000,
  })
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-hostile-'))
  for (const [name, text] of Object.entries({ 'perf-gate.yml': CONFIG, ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

const GW = 'services:\n  gw:\n    image: perf-gate/never-started:none\n'

beforeAll(() => {
  // Only the tools perf-gate calls before k6: a folder of links, so no k6 that shares a folder with
  // them (here /usr/local/bin) is found.
  bin = mkdtempSync(path.join(tmpdir(), 'perf-gate-nok6-'))
  for (const tool of ['docker', 'docker-compose', 'git']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim()
    if (found) symlinkSync(found, path.join(bin, tool))
  }
  expect(existsSync(path.join(bin, 'k6'))).toBe(false)
})

describe('perf-gate CLI on hostile stacks (k6 hidden: accepted = exit 3, refused = exit 2)', () => {
  const hostile: [string, Record<string, string>, RegExp][] = [
    [
      'privileged behind a merge key',
      { 'docker-compose.yml': `x-p: &p { privileged: true }\n${GW}    <<: *p\n` },
      /docker-compose\.yml: services\.gw\.privileged: not allowed/,
    ],
    [
      'a docker.sock bind in an inline merge key',
      { 'docker-compose.yml': `${GW}    <<: { volumes: ["/var/run/docker.sock:/s"] }\n` },
      /docker-compose\.yml: services\.gw\.volumes\[0\]: .*Docker API/,
    ],
    [
      'host pid and network in a list of merge keys',
      {
        'docker-compose.yml': `x-a: &a { pid: host }\nx-b: &b { network_mode: host }\n${GW}    <<: [*a, *b]\n`,
      },
      /services\.gw\.pid: not allowed/,
    ],
    [
      'an external network named host',
      {
        'docker-compose.yml': `${GW}    networks: [h]\nnetworks:\n  h: { external: true, name: host }\n`,
      },
      /docker-compose\.yml: networks\.h\.external: not allowed/,
    ],
    [
      'a provider',
      { 'docker-compose.yml': 'services:\n  gw:\n    provider: { type: x }\n' },
      /docker-compose\.yml: services\.gw\.provider: not allowed/,
    ],
    [
      ".git copied into an own service's container",
      {
        'perf-gate.yml': CONFIG.replace(
          'stack: { compose: docker-compose.yml }\n',
          'services:\n  gw: { image: x, ports: [8080], files: [{ source: .git/config, target: /c }] }\n',
        ),
        '.git/config': '[core]\n',
      },
      /perf-gate\.yml: services\.gw\.files\[0\]\.source: .*\.git\/config is inside \.git/,
    ],
  ]

  it.each(hostile)('refuses %s: validate and run exit 2', async (_what, files, expected) => {
    const dir = folder(files)
    for (const verb of ['validate', 'run']) {
      const run = await cli([verb, '--config', path.join(dir, 'perf-gate.yml')], dir)
      expect(run.output).toMatch(expected)
      expect(run.code).toBe(2)
    }
  })

  it('accepts the compose example: validate says how it was checked, run stops at k6 (exit 3)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-hostile-example-'))
    cpSync(path.join(ROOT, 'examples/compose'), dir, { recursive: true })
    const validate = await cli(['validate', '--config', path.join(dir, 'perf-gate.yml')], dir)
    expect(validate.code).toBe(0)
    expect(validate.output).toMatch(/compose file checked on: the file with merge keys applied/)
    const run = await cli(
      ['run', '--config', path.join(dir, 'perf-gate.yml'), '--out', path.join(dir, 'out')],
      dir,
    )
    expect(run.output).toMatch(/k6 was not found/)
    expect(run.code).toBe(3)
  })

  describe('the second evaluation, with a Compose that renders what the file does not show', () => {
    // A stand-in Compose on PATH (and a docker without the plugin): `version --short` answers, and
    // `config` prints what this test wants Compose to have made of the file.
    const fakeCompose = (config: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-fake-compose-'))
      writeFileSync(path.join(dir, 'docker'), '#!/bin/sh\nexit 1\n')
      writeFileSync(
        path.join(dir, 'docker-compose'),
        `#!/bin/sh\nfor a in "$@"; do\n  case "$a" in\n    version) echo 9.9.9; exit 0 ;;\n    config) ${config} ;;\n  esac\ndone\nexit 1\n`,
      )
      for (const f of ['docker', 'docker-compose']) chmodSync(path.join(dir, f), 0o755)
      return dir
    }

    it('refuses a privileged service only the rendered document shows (exit 2, both verbs)', async () => {
      const compose = fakeCompose(
        `printf 'services:\\n  gw:\\n    image: x\\n    privileged: true\\n'; exit 0`,
      )
      const dir = folder({ 'docker-compose.yml': GW })
      for (const verb of ['validate', 'run']) {
        const run = await cli([verb, '--config', path.join(dir, 'perf-gate.yml')], dir, [
          compose,
          '/usr/bin',
          '/bin',
        ])
        expect(run.output).toMatch(
          /docker-compose\.yml \(as docker-compose 9\.9\.9 config renders it\): services\.gw\.privileged: not allowed/,
        )
        expect(run.code).toBe(2)
      }
    })

    it('is exit 2 naming the compose file when `compose config` fails', async () => {
      const compose = fakeCompose(`echo "services.gw Additional property nope is not allowed" >&2; exit 1`)
      const dir = folder({ 'docker-compose.yml': GW })
      const run = await cli(['validate', '--config', path.join(dir, 'perf-gate.yml')], dir, [
        compose,
        '/usr/bin',
        '/bin',
      ])
      expect(run.output).toMatch(
        /docker-compose\.yml: docker-compose 9\.9\.9 config failed: services\.gw Additional property nope/,
      )
      expect(run.code).toBe(2)
    })
  })
})
