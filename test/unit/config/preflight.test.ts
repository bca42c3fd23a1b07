// Inputs that can be known to be wrong before anything starts: each is a config error (exit 2) that
// names the file and the config path, raised by loadConfig, so `validate` and `run` both refuse it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadGateConfig as loadConfig } from '../../../src/plan/plan-size.js'
import { ConfigError } from '../../../src/errors.js'

const CONFIG = `name: demo
services:
  gw: { image: gw, ports: [80], wait: { log: up } }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios: [{ name: s, script: constant-vus }]
`

function configIn(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-preflight-'))
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, text)
  return file
}

/** The problems loadConfig raises, or '' when it accepts the file. */
function problems(file: string): string {
  try {
    loadConfig(file, {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems.join('\n')
  }
  return ''
}

describe('baseline.path obeys the path rule of every other path', () => {
  it('refuses a baseline outside the config folder and repository', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'perf-gate-outside-'))
    const file = configIn(`${CONFIG}baseline: { path: ${path.join(outside, 'baseline.json')} }\n`)
    expect(problems(file)).toMatch(
      /perf-gate\.yml: baseline\.path: .*baseline\.json is outside the config's folder/,
    )
  })

  it('refuses a baseline on /proc or /etc', () => {
    expect(problems(configIn(`${CONFIG}baseline: { path: /proc/self/environ }\n`))).toMatch(
      /perf-gate\.yml: baseline\.path: \/proc\/self\/environ is on \/proc/,
    )
    expect(problems(configIn(`${CONFIG}baseline: { path: ../../../../../../etc/passwd }\n`))).toMatch(
      /perf-gate\.yml: baseline\.path: .*etc\/passwd is outside/,
    )
  })

  it("refuses a baseline inside a .git folder (the checkout's persisted token is in .git/config)", () => {
    const file = configIn(`${CONFIG}baseline: { path: .git/config }\n`)
    mkdirSync(path.join(path.dirname(file), '.git'))
    writeFileSync(
      path.join(path.dirname(file), '.git', 'config'),
      '[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n',
    )
    expect(problems(file)).toMatch(/perf-gate\.yml: baseline\.path: .*\.git\/config is inside a \.git folder/)
  })

  it('accepts the default and a baseline next to the config', () => {
    expect(problems(configIn(CONFIG))).toBe('')
    expect(problems(configIn(`${CONFIG}baseline: { path: baselines/nightly.json }\n`))).toBe('')
  })
})

describe('found before anything starts', () => {
  it('a target, readiness or setup host that names no service, with the closest name', () => {
    const text = problems(
      configIn(
        CONFIG.replace(
          'profiles: [{ name: p, target: "http://gw:80/" }]',
          `profiles:
  - name: p
    target: "http://gww:80/"
    readiness: { url: "http://metadata.internal/latest" }
    setup: [{ url: "http://GW:80/ok" }, { url: "http://g:9000/apis" }]`,
        ),
      ),
    )
    expect(text).toMatch(
      /perf-gate\.yml: profiles\[0\]\.target: host "gww" names no service of the stack \(gw\): did you mean "gw"\?/,
    )
    expect(text).toMatch(
      /profiles\[0\]\.readiness\.url: host "metadata\.internal" names no service of the stack \(gw\); perf-gate calls only .*"allowed-hosts"/m,
    )
    expect(text).toMatch(/profiles\[0\]\.setup\[1\]\.url: host "g" names no service .*did you mean "gw"\?/)
    expect(text).not.toMatch(/setup\[0\]/)
  })

  it('an own script that is a directory or not JavaScript', () => {
    const file = configIn(
      CONFIG.replace(
        'scenarios: [{ name: s, script: constant-vus }]',
        'scenarios: [{ name: a, script: ./scripts }, { name: b, script: ./notes.txt }, { name: c, script: ./ok.mjs }, { name: d, script: ./ok.ts }]',
      ),
    )
    const dir = path.dirname(file)
    mkdirSync(path.join(dir, 'scripts'))
    for (const name of ['notes.txt', 'ok.mjs', 'ok.ts'])
      writeFileSync(path.join(dir, name), 'export default function () {}\n')
    const text = problems(file)
    expect(text).toMatch(
      /perf-gate\.yml: scenarios\[0\]\.script: .*scripts is a directory, expected a k6 script file/,
    )
    expect(text).toMatch(
      /perf-gate\.yml: scenarios\[1\]\.script: .*notes\.txt is not a k6 script: expected a file ending in \.js, \.mjs, \.cjs, \.ts/,
    )
    expect(text).not.toMatch(/scenarios\[[23]\]/)
  })

  it('a wait port that is not in the service’s ports', () => {
    const text = problems(configIn(CONFIG.replace('wait: { log: up }', 'wait: { http: { port: 8080 } }')))
    expect(text).toMatch(
      /perf-gate\.yml: services\.gw\.wait\.http\.port: port 8080 is not in services\.gw\.ports \(80\)/,
    )
    expect(problems(configIn(CONFIG.replace('wait: { log: up }', 'wait: { http: { port: 80 } }')))).toBe('')
  })

  it('a plan longer than 24 h, naming what makes it long', () => {
    const scenarios = Array.from(
      { length: 10 },
      (_, i) => `{ name: s${i}, script: constant-vus, duration: 1h }`,
    )
    const text = problems(
      configIn(
        `${CONFIG.replace(/scenarios: .*\n/, `scenarios: [${scenarios.join(', ')}]\n`)}gate: { rounds: 200 }\n`,
      ),
    )
    expect(text).toMatch(
      /perf-gate\.yml: gate: the plan would take about \d+ days .*more than the 24 h limit: 10 cells .* x 201 rounds \(gate\.warmupRounds 1 \+ gate\.rounds 200\).*scenarios\[0\] \(warmup .* \+ duration 1h\)/,
    )
  })

  it('the largest plan the schema allows (5.9 years before) is refused', () => {
    const profiles = Array.from({ length: 10 }, (_, i) => `{ name: p${i}, target: "http://gw:80/" }`)
    const scenarios = Array.from(
      { length: 20 },
      (_, i) => `{ name: s${i}, script: constant-vus, duration: 1h, warmup: 10m }`,
    )
    const text = problems(
      configIn(
        `${CONFIG.replace(/profiles: .*\n/, `profiles: [${profiles.join(', ')}]\n`).replace(/scenarios: .*\n/, `scenarios: [${scenarios.join(', ')}]\n`)}gate: { rounds: 200, warmupRounds: 10 }\n`,
      ),
    )
    expect(text).toMatch(/gate: the plan would take about \d+\.\d years/)
  })

  it('accepts a plan of a few hours', () => {
    expect(
      problems(
        configIn(
          `${CONFIG.replace('script: constant-vus', 'script: constant-vus, duration: 10m')}gate: { rounds: 20 }\n`,
        ),
      ),
    ).toBe('')
  })
})
