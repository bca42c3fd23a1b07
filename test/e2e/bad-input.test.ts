// The exit-2 contract, through the built CLI (dist/cli.js) and the built action (dist/index.js): every
// bad input exits 2 with a message naming the file and the path or input, before anything starts.
// None of these cases reaches Docker, so the images need not exist.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runBuiltCli } from '../support/cli-process.js'
import { regressedGate } from '../support/report-fixtures.js'

const CONFIG = `name: demo
services:
  gw: { image: perf-gate/never-started:none, ports: [80], wait: { log: up } }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios: [{ name: s, script: constant-vus, vus: 2 }]
`

interface Run {
  code: number | null
  output: string
}

function cli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return runBuiltCli(args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TESTCONTAINERS_RYUK_DISABLED: 'true', ...env },
  })
}

function baselineFile(name: string, metric: string) {
  const run = regressedGate().cells[0]!.runs[0]!
  return JSON.stringify({
    schemaVersion: 1,
    name,
    metric,
    nights: [
      {
        createdAt: new Date().toISOString(),
        gitSha: null,
        k6Version: '1.8.1',
        machine: { cpus: 2, cpuModel: 'x', memoryGiB: 4, os: 'linux', kernel: '6' },
        runs: [run],
      },
    ],
  })
}

describe('perf-gate CLI: bad input exits 2 before anything starts', () => {
  let dir: string
  const write = (name: string, text: string) => {
    const file = path.join(dir, name)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
    return file
  }
  const withConfig = (name: string, mutate: (text: string) => string) => write(name, mutate(CONFIG))

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-exit2-'))
    write('perf-gate.yml', CONFIG)
  })

  const cases: [string, () => string[], RegExp][] = [
    [
      'a config path that is a directory',
      () => ['run', '-c', dir],
      /config: .*perf-gate-exit2-\w+: is a directory/,
    ],
    [
      'a YAML alias bomb',
      () => {
        const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
        for (let i = 1; i < 9; i++) {
          const [prev, next] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)]
          lines.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(',')}]`)
        }
        return ['run', '-c', write('bomb.yml', `${lines.join('\n')}\n`)]
      },
      /bomb\.yml: invalid YAML: .*alias/i,
    ],
    [
      'a config larger than 1 MB',
      () => ['run', '-c', write('huge.yml', `${CONFIG}# ${'x'.repeat(1_050_000)}\n`)],
      /config: .*huge\.yml: file is 1\.1 MB, larger than the 1 MB limit/,
    ],
    [
      'a 0s scenario duration',
      () => ['run', '-c', withConfig('zero.yml', (t) => t.replace('vus: 2', 'vus: 2, duration: 0s'))],
      /zero\.yml: scenarios\[0\]\.duration: expected a duration above 0/,
    ],
    [
      'a 0s wait timeout',
      () => [
        'run',
        '-c',
        withConfig('zero-wait.yml', (t) => t.replace('wait: { log: up }', 'wait: { log: up, timeout: 0s }')),
      ],
      /zero-wait\.yml: services\.gw\.wait\.timeout: expected a duration above 0/,
    ],
    [
      'a duration above the timer limit',
      () => ['run', '-c', withConfig('long.yml', (t) => t.replace('vus: 2', 'vus: 2, duration: 600h'))],
      /long\.yml: scenarios\[0\]\.duration: expected a duration of at most 1h/,
    ],
    [
      'a time budget above the timer limit',
      () => ['run', '-c', withConfig('budget.yml', (t) => `${t}gate: { timeBudget: 1000h }\n`)],
      /budget\.yml: gate\.timeBudget: expected a duration of at most 24h/,
    ],
    [
      'unbounded vus',
      () => ['run', '-c', withConfig('vus.yml', (t) => t.replace('vus: 2', 'vus: 100000000'))],
      /vus\.yml: scenarios\[0\]\.vus: /,
    ],
    [
      'unbounded rate',
      () => ['run', '-c', withConfig('rate.yml', (t) => t.replace('vus: 2', 'vus: 2, rate: 1000000000'))],
      /rate\.yml: scenarios\[0\]\.rate: /,
    ],
    [
      'unbounded maxVUs',
      () => ['run', '-c', withConfig('maxvus.yml', (t) => t.replace('vus: 2', 'vus: 2, maxVUs: 100000000'))],
      /maxvus\.yml: scenarios\[0\]\.maxVUs: /,
    ],
    [
      'unbounded warmupRounds',
      () => ['run', '-c', withConfig('warmup.yml', (t) => `${t}gate: { warmupRounds: 1000000 }\n`)],
      /warmup\.yml: gate\.warmupRounds: /,
    ],
    [
      'unbounded historyNights',
      () => ['run', '-c', withConfig('nights.yml', (t) => `${t}gate: { historyNights: 1000000 }\n`)],
      /nights\.yml: gate\.historyNights: /,
    ],
    [
      'unbounded rounds',
      () => ['run', '-c', withConfig('rounds.yml', (t) => `${t}gate: { rounds: 1000000 }\n`)],
      /rounds\.yml: gate\.rounds: /,
    ],
    [
      'too many cells',
      () => {
        const profiles = Array.from({ length: 30 }, (_, i) => `{ name: p${i}, target: "http://gw:80/" }`)
        const scenarios = Array.from({ length: 30 }, (_, i) => `{ name: s${i}, script: constant-vus }`)
        return [
          'run',
          '-c',
          write(
            'cells.yml',
            `name: demo\nservices: { gw: { image: gw, ports: [80], wait: { log: up } } }\nprofiles: [${profiles.join(', ')}]\nscenarios: [${scenarios.join(', ')}]\n`,
          ),
        ]
      },
      /cells\.yml: scenarios: 30 profiles x 30 scenarios \(sweep levels expanded\) make 900 cells; at most 200 are allowed/,
    ],
    [
      'a runner variable in ${NAME}',
      () => [
        'run',
        '-c',
        withConfig('token.yml', (t) =>
          t.replace('image: perf-gate/never-started:none', 'image: "${GITHUB_TOKEN}"'),
        ),
      ],
      /token\.yml: services\.gw\.image: environment variable GITHUB_TOKEN may not be used/,
    ],
    [
      '/proc/self/environ copied into a container',
      () => [
        'run',
        '-c',
        withConfig('environ.yml', (t) =>
          t.replace(
            'wait: { log: up }',
            'wait: { log: up }, files: [{ source: /proc/self/environ, target: /env }]',
          ),
        ),
      ],
      /environ\.yml: services\.gw\.files\[0\]\.source: \/proc\/self\/environ is on \/proc, which perf-gate never reads/,
    ],
    [
      'a file outside the config folder and the workspace',
      () => [
        'run',
        '-c',
        withConfig('outside.yml', (t) =>
          t.replace('wait: { log: up }', 'wait: { log: up }, files: [{ source: /etc/hostname, target: /h }]'),
        ),
      ],
      /outside\.yml: services\.gw\.files\[0\]\.source: \/etc\/hostname is outside the config's folder and the workspace .*--allow-paths-outside-repo/,
    ],
    [
      'a k6 flag that would write results elsewhere',
      () => ['run', '-c', withConfig('k6out.yml', (t) => `${t}k6: { flags: [--out=json=/tmp/leak.json] }\n`)],
      /k6out\.yml: k6\.flags\[0\]: "--out" is not allowed: k6 outputs could send the results to any host/,
    ],
    [
      'a compose file that does not exist',
      () => [
        'run',
        '-c',
        write(
          'compose-missing.yml',
          CONFIG.replace(/services:\n.*\n/, 'stack: { compose: nowhere/docker-compose.yml }\n'),
        ),
      ],
      /compose-missing\.yml: stack\.compose: compose file not found: .*nowhere\/docker-compose\.yml/,
    ],
    [
      'a compose service the config names but the file lacks',
      () => {
        write('compose/docker-compose.yml', 'services:\n  gateway: { image: perf-gate/never-started:none }\n')
        return [
          'run',
          '-c',
          write(
            'compose/perf-gate.yml',
            CONFIG.replace(/services:\n.*\n/, 'stack: { compose: docker-compose.yml, services: [gw] }\n'),
          ),
        ]
      },
      /compose\/perf-gate\.yml: stack\.services\[0\]: no service "gw" in .*compose\/docker-compose\.yml \(services: gateway\)/,
    ],
    [
      'a privileged compose service',
      () => {
        write('priv/docker-compose.yml', 'services:\n  gw: { image: x, privileged: true }\n')
        return [
          'run',
          '-c',
          write(
            'priv/perf-gate.yml',
            CONFIG.replace(/services:\n.*\n/, 'stack: { compose: docker-compose.yml }\n'),
          ),
        ]
      },
      /priv\/docker-compose\.yml: services\.gw\.privileged: not allowed/,
    ],
    [
      'an explicit --baseline that does not exist',
      () => ['run', '-c', path.join(dir, 'perf-gate.yml'), '--baseline', 'missing-baseline.json'],
      /^perf-gate: --baseline: missing-baseline\.json: baseline file not found/m,
    ],
    [
      'a baseline recorded for another config',
      () => [
        'run',
        '-c',
        path.join(dir, 'perf-gate.yml'),
        '--baseline',
        write('other-name.json', baselineFile('other', 'p95')),
      ],
      /other-name\.json: name: the baseline was recorded for config "other", this config is "demo"/,
    ],
    [
      'a baseline recorded for another metric',
      () => [
        'run',
        '-c',
        path.join(dir, 'perf-gate.yml'),
        '--baseline',
        write('other-metric.json', baselineFile('demo', 'p99')),
      ],
      /other-metric\.json: metric: the baseline was recorded for p99, this gate judges p95 \(gate\.metric\)/,
    ],
    [
      'the config’s own baseline recorded for another config',
      () => {
        write('own/baseline.json', baselineFile('someone-else', 'p95'))
        return ['run', '-c', write('own/perf-gate.yml', CONFIG)]
      },
      /own\/baseline\.json: name: the baseline was recorded for config "someone-else"/,
    ],
    [
      'an --out that cannot be created (a file in the way)',
      () => {
        write('blocker', 'x')
        return ['run', '-c', path.join(dir, 'perf-gate.yml'), '--out', path.join(dir, 'blocker', 'out')]
      },
      /--out: .*blocker\/out: cannot create or write the output folder \(a file is in the way of the folder\)/,
    ],
    [
      'an empty --accept-regression reason',
      () => ['run', '-c', path.join(dir, 'perf-gate.yml'), '--accept-regression', ' '],
      /--accept-regression/,
    ],
    [
      'an --out on a read-only file system',
      () => ['run', '-c', path.join(dir, 'perf-gate.yml'), '--out', '/proc/perf-gate-out'],
      /--out: \/proc\/perf-gate-out: cannot create or write the output folder/,
    ],
  ]

  it.concurrent.each(cases)('%s', async (_what, args, message) => {
    const run = await cli(args(), dir)
    expect(run.code, run.output).toBe(2)
    expect(run.output).toMatch(message)
    // Nothing started: the CLI never got as far as k6 or Docker.
    expect(run.output).not.toMatch(/k6 \d|method:|Start the stack/)
  })

  it('without --config, run and validate read ./perf-gate.yml; without that file they exit 2 suggesting init', async () => {
    const validate = await cli(['validate'], dir)
    expect(validate.code, validate.output).toBe(0)
    expect(validate.output).toMatch(/^perf-gate\.yml: valid/m)
    const empty = mkdtempSync(path.join(tmpdir(), 'perf-gate-no-config-'))
    for (const verb of ['run', 'validate']) {
      const run = await cli([verb], empty)
      expect(run.code, run.output).toBe(2)
      expect(run.output).toContain(`no --config given and no perf-gate.yml in ${empty}`)
      expect(run.output).toContain('perf-gate init --image IMAGE')
    }
  })

  it('one YAML syntax error is one short message: file:line:col, the reason and a code frame', async () => {
    // The first line indented by a space: the yaml library then reports every token after it (the
    // CLI printed 53 lines for this 5-line file).
    const config = withConfig('indented.yml', (t) => ` ${t}`)
    const run = await cli(['validate', '-c', config], dir)
    expect(run.code, run.output).toBe(2)
    const lines = run.output.trimEnd().split('\n')
    expect(lines.length, run.output).toBeLessThanOrEqual(5)
    expect(lines[0]).toMatch(/indented\.yml:\d+:\d+: invalid YAML: \S/)
    expect(run.output).toMatch(/^ +\| +\^$/m)
  })

  it('a k6.version other than the installed k6 is exit 3 naming both, before any container', async () => {
    const fakeK6 = write('bin/k6', '#!/bin/sh\necho "k6 v1.8.1 (fake)"\n')
    execFileSync('chmod', ['+x', fakeK6])
    const config = withConfig('pinned.yml', (t) => `${t}k6: { version: v0.99.0 }\n`)
    const run = await cli(['run', '-c', config, '--out', path.join(dir, 'out-pinned')], dir, {
      K6_PATH: fakeK6,
    })
    expect(run.code, run.output).toBe(3)
    expect(run.output).toMatch(/pinned\.yml: k6\.version asks for k6 0\.99\.0, but .*bin\/k6 is 1\.8\.1/)
    expect(run.output).not.toMatch(/Start the stack/)
  })

  it('an absent default baseline is "no baseline yet", not an error', async () => {
    // `validate` would pass too; `run` gets past the baseline and out-dir checks and fails later on k6 or
    // Docker, with exit 3, never 2.
    const run = await cli(
      ['run', '-c', path.join(dir, 'perf-gate.yml'), '--out', path.join(dir, 'out-ok')],
      dir,
      {
        K6_PATH: '/nonexistent/k6',
        PATH: '/nonexistent',
      },
    )
    expect(run.code, run.output).toBe(3)
    expect(run.output).toMatch(/k6 was not found/)
    expect(readFileSync(path.join(dir, 'perf-gate.yml'), 'utf8')).toBe(CONFIG)
  })
})
