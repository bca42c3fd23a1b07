// Bad input that can be known before starting is caught before starting: through the built CLI
// (dist/cli.js), `validate` and `run` both exit 2 naming the config file and path, and no container or
// network of this run exists afterwards. The image exists locally and k6 is a fake that answers its
// version, so a config that got past validation would go on to create the stack.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBuiltCli } from '../support/cli-process.js'

const RUN_ID = `preflight-e2e-${process.pid}`
const RUN_LABEL = 'dev.perf-gate.run'

const CONFIG = `name: demo
services:
  gw: { image: perf-gate/echo:local, ports: [8080], wait: { log: listening } }
profiles: [{ name: p, target: "http://gw:8080/" }]
scenarios: [{ name: s, script: constant-vus, vus: 1, duration: 1s, warmup: 1s }]
gate: { rounds: 2, warmupRounds: 0 }
`

const hasDocker =
  spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 30_000, killSignal: 'SIGKILL' }).status === 0

/** IDs of containers and networks labelled with this test's run id. */
function leftovers(): string[] {
  if (!hasDocker) return []
  const filter = `label=${RUN_LABEL}=${RUN_ID}`
  const ids = (args: string[]) =>
    execFileSync('docker', args, { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
  return [...ids(['ps', '-aq', '--filter', filter]), ...ids(['network', 'ls', '-q', '--filter', filter])]
}

describe('perf-gate CLI: found before any container or network is created', () => {
  let dir: string
  let fakeK6: string
  const write = (name: string, text: string) => {
    const file = path.join(dir, name)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
    return file
  }
  const cli = (args: string[]) =>
    runBuiltCli(args, {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TESTCONTAINERS_RYUK_DISABLED: 'true',
        PERF_GATE_RUN_ID: RUN_ID,
        K6_PATH: fakeK6,
      },
      timeoutMs: 120_000,
    })

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-preflight-'))
    fakeK6 = write('bin/k6', '#!/bin/sh\necho "k6 v1.8.1 (fake)"\n')
    execFileSync('chmod', ['+x', fakeK6])
    mkdirSync(path.join(dir, 'scripts'))
    write('notes.txt', 'export default function () {}\n')
    write('.git/config', '[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n')
  })

  afterAll(() => {
    expect(leftovers()).toEqual([])
  })

  const cases: [string, string, (text: string) => string, RegExp][] = [
    [
      'a target host that names no service',
      'host.yml',
      (t) => t.replace('http://gw:8080/', 'http://gww:8080/'),
      /host\.yml: profiles\[0\]\.target: host "gww" names no service of the stack \(gw\): did you mean "gw"\?/,
    ],
    [
      'a readiness host that names no service',
      'readiness.yml',
      (t) =>
        t.replace(
          'target: "http://gw:8080/" }',
          'target: "http://gw:8080/", readiness: { url: "http://169.254.169.254/latest" } }',
        ),
      /readiness\.yml: profiles\[0\]\.readiness\.url: host "169\.254\.169\.254" names no service of the stack/,
    ],
    [
      'a setup host that names no service',
      'setup.yml',
      (t) =>
        t.replace(
          'target: "http://gw:8080/" }',
          'target: "http://gw:8080/", setup: [{ url: "http://gateway:9000/apis" }] }',
        ),
      /setup\.yml: profiles\[0\]\.setup\[0\]\.url: host "gateway" names no service of the stack \(gw\)/,
    ],
    [
      'an own script that is a directory',
      'dir-script.yml',
      (t) => t.replace('script: constant-vus', 'script: ./scripts'),
      /dir-script\.yml: scenarios\[0\]\.script: .*scripts is a directory, expected a k6 script file/,
    ],
    [
      'an own script that is not JavaScript',
      'txt-script.yml',
      (t) => t.replace('script: constant-vus', 'script: ./notes.txt'),
      /txt-script\.yml: scenarios\[0\]\.script: .*notes\.txt is not a k6 script: expected a file ending in \.js, \.mjs, \.cjs, \.ts/,
    ],
    [
      'a wait port not in ports',
      'wait-port.yml',
      (t) => t.replace('wait: { log: listening }', 'wait: { http: { port: 9090 } }'),
      /wait-port\.yml: services\.gw\.wait\.http\.port: port 9090 is not in services\.gw\.ports \(8080\)/,
    ],
    [
      'a plan longer than 24 h',
      'long-plan.yml',
      (t) => t.replace('duration: 1s, warmup: 1s', 'duration: 1h').replace('rounds: 2,', 'rounds: 30,'),
      /long-plan\.yml: gate: the plan would take about 30\.\d h .*more than the 24 h limit.*gate\.rounds 30/,
    ],
    [
      'a baseline outside the config folder and workspace',
      'baseline-outside.yml',
      (t) => `${t}baseline: { path: /etc/passwd }\n`,
      /baseline-outside\.yml: baseline\.path: \/etc\/passwd is outside/,
    ],
    [
      'a baseline inside .git',
      'baseline-git.yml',
      (t) => `${t}baseline: { path: .git/config }\n`,
      /baseline-git\.yml: baseline\.path: .*\.git\/config is inside a \.git folder/,
    ],
  ]

  it.each(cases)('%s: validate and run exit 2', async (_what, name, mutate, message) => {
    const config = write(name, mutate(CONFIG))
    for (const args of [
      ['validate', '-c', config],
      ['run', '-c', config, '--out', path.join(dir, `out-${name}`)],
    ]) {
      const run = await cli(args)
      expect(run.code, `${args[0]}: ${run.output}`).toBe(2)
      expect(run.output).toMatch(message)
      expect(run.output).not.toMatch(/Start the stack|AUTHORIZATION|c2Vj/)
    }
    expect(leftovers()).toEqual([])
  })

  it('the same config without the mistake is valid (the cases are fair)', async () => {
    const run = await cli(['validate', '-c', write('good.yml', CONFIG)])
    expect(run.code, run.output).toBe(0)
  })
})
