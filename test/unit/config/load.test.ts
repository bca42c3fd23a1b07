import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { interpolate } from '../../../src/config/interpolate.js'
import { loadConfig, parseConfig, type LoadOptions } from '../../../src/config/load.js'
import { formatPath } from '../../../src/config/locate.js'
import { looksSecret } from '../../../src/config/secrets.js'
import { ConfigError } from '../../../src/errors.js'

const valid = {
  name: 'demo',
  services: {
    echo: { image: 'perf-gate/echo:local', ports: [8080], wait: { http: { path: '/health', port: 8080 } } },
    gateway: { image: 'gw', ports: [8080], dependsOn: ['echo'], wait: { log: 'ready' } },
  },
  profiles: [
    { name: 'no-gateway', control: true, target: 'http://echo:8080/echo' },
    { name: 'passthrough', target: 'http://gateway:8080/echo' },
  ],
  scenarios: [{ name: 'vus-10', script: 'constant-vus', vus: 10 }],
}

function problemsOf(raw: unknown, env: Record<string, string> = {}): string[] {
  try {
    parseConfig(raw, 'perf-gate.yml', env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

const clone = () => structuredClone(valid) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- mutating JSON fixtures

describe('parseConfig', () => {
  it('accepts a valid config and fills defaults', () => {
    const config = parseConfig(valid, 'perf-gate.yml', {})
    expect(config.gate.threshold).toBe(0.1)
    expect(config.gate.metric).toBe('p95')
    expect(config.gate.rounds).toBe(5)
    expect(config.scenarios[0]?.duration).toBe('8s')
    expect(config.profiles[1]?.expect.status).toBe(200)
  })

  it('names the path of a target that is not a URL', () => {
    const raw = clone()
    raw.profiles[1].target = 'gateway:8080'
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: profiles[1].target: expected a URL such as "http://gateway:8080/path"',
    ])
  })

  it('names a missing required key', () => {
    const raw = clone()
    delete raw.name
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: name: required (expected string)'])
  })

  it('names an unknown key (typo) instead of ignoring it', () => {
    const raw = clone()
    raw.gate = { treshold: 0.1 }
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: gate: unknown key "treshold"'])
  })

  it('names a wrong type', () => {
    const raw = clone()
    raw.scenarios[0].vus = 'ten'
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: scenarios[0].vus: expected number, got string'])
  })

  it('names a bad duration', () => {
    const raw = clone()
    raw.scenarios[0].duration = '8 seconds'
    expect(problemsOf(raw)[0]).toMatch(/^perf-gate.yml: scenarios\[0\].duration: expected a duration/)
  })

  it('names a bad duration of an arrival-rate scenario too (its k6 minimum is checked only on valid ones)', () => {
    const raw = {
      ...valid,
      scenarios: [
        { name: 'r', script: 'constant-arrival-rate', rate: 100, duration: 'five', warmup: 'soon' },
      ],
    }
    expect(problemsOf(raw)).toEqual([
      expect.stringMatching(/^perf-gate\.yml: scenarios\[0\]\.duration: expected a duration/),
      expect.stringMatching(/^perf-gate\.yml: scenarios\[0\]\.warmup: expected a duration/),
    ])
    const short = {
      ...valid,
      scenarios: [{ name: 'r', script: 'constant-arrival-rate', rate: 100, duration: '500ms' }],
    }
    expect(problemsOf(short)).toEqual([
      'perf-gate.yml: scenarios[0].duration: an arrival-rate scenario runs for at least "1s" (a k6 limit)',
    ])
  })

  it('names an unknown dependsOn service', () => {
    const raw = clone()
    raw.services.gateway.dependsOn = ['backend']
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: services.gateway.dependsOn[0]: unknown service "backend"',
    ])
  })

  it('rejects a dependsOn cycle', () => {
    const raw = clone()
    raw.services.echo.dependsOn = ['gateway']
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: services: dependsOn has a cycle among: echo, gateway'])
  })

  it('rejects a service with both image and build', () => {
    const raw = clone()
    raw.services.echo.build = { context: '.' }
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: services.echo: expected exactly one of "image" or "build"',
    ])
  })

  it('rejects an open-model scenario without a rate, at the rate path', () => {
    const raw = clone()
    raw.scenarios[0].script = 'constant-arrival-rate'
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: scenarios[0].rate: an arrival-rate scenario needs "rate" (iterations per second)',
    ])
  })

  it('reports every problem at once', () => {
    const raw = clone()
    raw.profiles[0].target = 'nope'
    raw.scenarios[0].vus = -1
    expect(problemsOf(raw)).toHaveLength(2)
  })

  it('rejects duplicate profile names', () => {
    const raw = clone()
    raw.profiles[1].name = 'no-gateway'
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: profiles[1].name: duplicate profile "no-gateway"'])
  })
})

describe('interpolate', () => {
  it('substitutes variables and defaults, and keeps escaped ones', () => {
    const problems: string[] = []
    const out = interpolate(
      { a: '${IMAGE}', b: ['${DELAY:-0}us'], c: '$${LITERAL}', d: 3 },
      { IMAGE: 'gw:pr-1' },
      problems,
    )
    expect(out).toEqual({ a: 'gw:pr-1', b: ['0us'], c: '${LITERAL}', d: 3 })
    expect(problems).toEqual([])
  })

  it('names the path of an unset variable without a default', () => {
    const raw = clone()
    raw.services.gateway.image = '${GATEWAY_IMAGE}'
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: services.gateway.image: environment variable GATEWAY_IMAGE is not set (use ${GATEWAY_IMAGE:-default})',
    ])
  })
})

describe('formatPath', () => {
  it('formats indexes and odd keys', () => {
    expect(formatPath(['profiles', 1, 'target'])).toBe('profiles[1].target')
    expect(formatPath(['services', 'my gateway'])).toBe('services["my gateway"]')
    expect(formatPath([])).toBe('(root)')
  })
})

describe('loadConfig', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-config-'))
  const write = (name: string, text: string) => {
    const file = path.join(dir, name)
    writeFileSync(file, text)
    return file
  }

  it('names a missing file', () => {
    expect(() => loadConfig(path.join(dir, 'nope.yml'))).toThrow(/nope.yml: config file not found/)
  })

  it('names invalid YAML with its position', () => {
    const file = write('bad.yml', 'name: demo\nservices: [a\n')
    expect(() => loadConfig(file)).toThrow(/bad\.yml:\d+:\d+: invalid YAML: /)
  })

  it('resolves relative paths and checks that copied files exist', () => {
    const file = write(
      'files.yml',
      `name: demo
services:
  gw: { image: gw, ports: [80], files: [{ source: ./missing.conf, target: /etc/gw.conf }], wait: { log: up } }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios: [{ name: s, script: constant-vus }]
`,
    )
    expect(() => loadConfig(file)).toThrow(
      /services\.gw\.files\[0\]\.source: file not found: .*missing\.conf/,
    )
  })

  it('rejects an unknown built-in scenario and a missing custom script', () => {
    const file = write(
      'scenarios.yml',
      `name: demo
services: { gw: { image: gw, ports: [80], wait: { log: up } } }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios:
  - { name: a, script: constant-vu }
  - { name: b, script: ./mine.js }
`,
    )
    try {
      loadConfig(file)
      throw new Error('expected rejection')
    } catch (error) {
      const problems = (error as ConfigError).problems
      expect(problems[0]).toMatch(/scenarios\[0\]\.script: unknown built-in scenario "constant-vu"/)
      expect(problems[1]).toMatch(/scenarios\[1\]\.script: k6 script not found: .*mine\.js/)
    }
  })

  it('loads the bundled example', () => {
    const loaded = loadConfig('examples/nginx/perf-gate.yml', { ECHO_DELAY_US: '250' })
    expect(loaded.config.services.echo?.env.ECHO_DELAY_US).toBe('250')
    expect(path.isAbsolute(loaded.config.baseline.path)).toBe(true)
  })
})

describe('interpolation and secrets', () => {
  it.each(['GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'RUNNER_TEMP', 'INPUT_GITHUB_TOKEN', 'github_token'])(
    'refuses ${%s}, naming the path and not the value',
    (variable) => {
      const raw = clone()
      raw.profiles[1].headers = { authorization: `Bearer \${${variable}}` }
      const problems = problemsOf(raw, { [variable]: 'ghs_supersecretvalue1234567890' })
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(
        new RegExp(
          `^perf-gate.yml: profiles\\[1\\]\\.headers\\.authorization: environment variable ${variable} may not be used`,
        ),
      )
      expect(problems.join('\n')).not.toContain('supersecret')
    },
  )

  it('never prints an interpolated value in an error', () => {
    const raw = clone()
    raw.profiles[1].target = '${TARGET}'
    raw.services.gateway.dependsOn = ['${DEP}']
    const problems = problemsOf(raw, { TARGET: 'not-a-url-s3cr3t-value', DEP: 'hidden-service-name' })
    expect(problems.length).toBeGreaterThan(0)
    expect(problems.join('\n')).not.toMatch(/s3cr3t|hidden-service-name/)
    expect(problems.join('\n')).toContain('***')
  })

  it('tells which interpolated values look like secrets', () => {
    expect(looksSecret({ name: 'ADMIN_API_KEY', value: 'abcd1234' })).toBe(true)
    expect(looksSecret({ name: 'GATEWAY_IMAGE', value: 'ghp_0123456789abcdefghijABCDEFGHIJ' })).toBe(true)
    expect(looksSecret({ name: 'X', value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig' })).toBe(
      true,
    )
    expect(looksSecret({ name: 'GATEWAY_IMAGE', value: 'perf-gate/nginx:pr-12' })).toBe(false)
    expect(looksSecret({ name: 'ECHO_DELAY_US', value: '250' })).toBe(false)
  })

  it('returns the values it interpolated, for masking', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-interp-'))
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(
      file,
      `name: demo
services: { gw: { image: gw, ports: [80], env: { KEY: "\${PERF_GATE_ADMIN_KEY}" }, wait: { log: up } } }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios: [{ name: s, script: constant-vus }]
`,
    )
    expect(loadConfig(file, { PERF_GATE_ADMIN_KEY: 'k-123456' }).interpolated).toEqual([
      { name: 'PERF_GATE_ADMIN_KEY', value: 'k-123456' },
    ])
  })
})

describe('bounds', () => {
  type Raw = ReturnType<typeof clone>
  const cases: [string, (raw: Raw) => void, RegExp][] = [
    [
      'a 0s scenario duration',
      (r) => (r.scenarios[0].duration = '0s'),
      /scenarios\[0\]\.duration: expected a duration above 0/,
    ],
    [
      'a 0ms wait timeout',
      (r) => (r.services.echo.wait.timeout = '0ms'),
      /services\.echo\.wait\.timeout: expected a duration above 0/,
    ],
    [
      'a duration above the timer limit',
      (r) => (r.scenarios[0].duration = '600h'),
      /scenarios\[0\]\.duration: expected a duration of at most 1h/,
    ],
    [
      'a time budget of 30 days',
      (r) => (r.gate = { timeBudget: '720h' }),
      /gate\.timeBudget: expected a duration of at most 24h/,
    ],
    ['a million VUs', (r) => (r.scenarios[0].vus = 1_000_000), /scenarios\[0\]\.vus: /],
    ['an unbounded rate', (r) => (r.scenarios[0].rate = 1e12), /scenarios\[0\]\.rate: /],
    ['an unbounded maxVUs', (r) => (r.scenarios[0].maxVUs = 1e9), /scenarios\[0\]\.maxVUs: /],
    ['a million warm-up rounds', (r) => (r.gate = { warmupRounds: 1_000_000 }), /gate\.warmupRounds: /],
    ['a million history nights', (r) => (r.gate = { historyNights: 1_000_000 }), /gate\.historyNights: /],
    ['a million rounds', (r) => (r.gate = { rounds: 1_000_000 }), /gate\.rounds: /],
    [
      'too many cells',
      (r) => {
        r.profiles = Array.from({ length: 20 }, (_, i) => ({ name: `p${i}`, target: 'http://echo:8080/' }))
        r.scenarios = Array.from({ length: 20 }, (_, i) => ({ name: `s${i}`, script: 'constant-vus' }))
      },
      /scenarios: 20 profiles x 20 scenarios \(sweep levels expanded\) make 400 cells; at most 200 are allowed/,
    ],
  ]
  it.each(cases)('refuses %s', (_what, mutate, expected) => {
    const raw = clone()
    mutate(raw)
    expect(problemsOf(raw).join('\n')).toMatch(expected)
  })
})

describe('loadConfig refuses before parsing', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-refuse-'))

  const codeAndProblems = (file: string) => {
    try {
      loadConfig(file, {})
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return { code: (error as ConfigError).exitCode, text: (error as ConfigError).problems.join('\n') }
    }
    throw new Error('expected rejection')
  }

  it('a directory', () => {
    const { code, text } = codeAndProblems(dir)
    expect(code).toBe(2)
    expect(text).toMatch(/is a directory, expected a file/)
    expect(text).toContain(dir)
  })

  it('a file over 1 MB', () => {
    const file = path.join(dir, 'huge.yml')
    writeFileSync(file, `name: demo\n# ${'x'.repeat(1_100_000)}\n`)
    const { code, text } = codeAndProblems(file)
    expect(code).toBe(2)
    expect(text).toMatch(/huge\.yml: file is 1\.1 MB, larger than the 1 MB limit/)
  })

  it('a YAML alias bomb', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i)
      const next = String.fromCharCode(97 + i)
      lines.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(',')}]`)
    }
    const file = path.join(dir, 'bomb.yml')
    writeFileSync(file, `${lines.join('\n')}\n`)
    const { code, text } = codeAndProblems(file)
    expect(code).toBe(2)
    expect(text).toMatch(/bomb\.yml: invalid YAML: .*alias/i)
  })
})

describe('paths a config may name', () => {
  const base = (extra: string, services = '') => `name: demo
services:
  gw: { image: gw, ports: [80], wait: { log: up }${services} }
profiles: [{ name: p, target: "http://gw:80/" }]
scenarios: [{ name: s, script: constant-vus }]
${extra}`
  const problemText = (file: string, options: LoadOptions = {}) => {
    try {
      loadConfig(file, {}, options)
    } catch (error) {
      return (error as ConfigError).problems.join('\n')
    }
    return ''
  }

  it('refuses /proc/self/environ even when paths outside the repository are allowed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-paths-'))
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(file, base('', ', files: [{ source: /proc/self/environ, target: /env }]'))
    expect(problemText(file, { allowPathsOutsideRepo: true })).toMatch(
      /services\.gw\.files\[0\]\.source: \/proc\/self\/environ is on \/proc, which perf-gate never reads/,
    )
  })

  it('refuses a copied file outside the config folder and repository, unless allowed', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'perf-gate-outside-'))
    writeFileSync(path.join(outside, 'secret.txt'), 'x')
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-paths-'))
    const file = path.join(dir, 'perf-gate.yml')
    const files = `, files: [{ source: ${path.join(outside, 'secret.txt')}, target: /s }]`
    writeFileSync(file, base('', files))
    expect(problemText(file)).toMatch(
      /services\.gw\.files\[0\]\.source: .*secret\.txt is outside the config's folder and the workspace .*allow-paths-outside-repo/,
    )
    expect(problemText(file, { allowPathsOutsideRepo: true })).toBe('')
  })

  it("refuses allowPathsOutsideRepo in the config: the pull request's own files cannot widen the rule", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-paths-'))
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(file, base('allowPathsOutsideRepo: true\n'))
    const text = problemText(file)
    expect(text).toMatch(/perf-gate\.yml: allowPathsOutsideRepo: /)
    expect(text).toMatch(/action input "allow-paths-outside-repo"/)
    expect(text).toMatch(/--allow-paths-outside-repo/)
  })

  it('takes the repository root from the workflow, not from a bare repository committed in the PR', () => {
    // A committed bare repository whose core.worktree is "/" makes `git rev-parse --show-toplevel`
    // answer "/", so every host path would count as inside the repository.
    const workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-ws-'))
    const outside = mkdtempSync(path.join(tmpdir(), 'perf-gate-outside-'))
    writeFileSync(path.join(outside, 'secret.txt'), 'x')
    const dir = path.join(workspace, 'pr')
    mkdirSync(path.join(dir, 'objects'), { recursive: true })
    mkdirSync(path.join(dir, 'refs'), { recursive: true })
    writeFileSync(path.join(dir, 'HEAD'), 'ref: refs/heads/main\n')
    writeFileSync(
      path.join(dir, 'config'),
      '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = /\n',
    )
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(file, base('', `, files: [{ source: ${path.join(outside, 'secret.txt')}, target: /s }]`))
    expect(problemText(file, { root: workspace })).toMatch(/secret\.txt is outside/)
  })

  it('counts files under the workspace root as inside', () => {
    const workspace = mkdtempSync(path.join(tmpdir(), 'perf-gate-ws-'))
    mkdirSync(path.join(workspace, 'shared'))
    writeFileSync(path.join(workspace, 'shared', 'gw.conf'), 'x')
    mkdirSync(path.join(workspace, 'bench'))
    const file = path.join(workspace, 'bench', 'perf-gate.yml')
    writeFileSync(file, base('', ', files: [{ source: ../shared/gw.conf, target: /gw.conf }]'))
    expect(problemText(file, { root: workspace })).toBe('')
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'perf-gate-ws-'))
    expect(problemText(file, { root: elsewhere })).toMatch(/gw\.conf is outside/)
  })

  it('follows symlinks before deciding', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'perf-gate-outside-'))
    writeFileSync(path.join(outside, 'script.js'), 'export default function () {}\n')
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-paths-'))
    symlinkSync(path.join(outside, 'script.js'), path.join(dir, 'innocent.js'))
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(file, base('').replace('script: constant-vus', 'script: ./innocent.js'))
    expect(problemText(file)).toMatch(/scenarios\[0\]\.script: .*innocent\.js is outside/)
  })

  it('accepts files in the repository above the config folder (the example)', () => {
    expect(() => loadConfig('examples/nginx/perf-gate.yml', {})).not.toThrow()
  })

  it("loads the luagw examples: seed 000's 25 cells and seed 003's 100 routes and consumers", () => {
    const chains = loadConfig('examples/policy-chains/perf-gate.yml', {}).config
    expect(chains.scenarios.map((s) => s.name)).toEqual(['c@vus=1', 'c@vus=2', 'c@vus=5', 'c@vus=10', 'kib'])
    expect(chains.profiles.filter((p) => p.hooks === 4).map((p) => p.name)).toEqual([
      'native-chain',
      'scripted-chain',
      'mixed-chain',
    ])
    // The mixed chain is built from aliases of the other two chains' policies: 2 native, 2 Lua.
    const mixed = chains.profiles.find((p) => p.name === 'mixed-chain')!
    const engines = (mixed.setup[0]!.body as { policies: { engine: string }[] }).policies.map((p) => p.engine)
    expect(engines).toEqual(['native', 'lua', 'native', 'lua'])
    const plugins = loadConfig('examples/plugins/perf-gate.yml', {}).config
    const both100 = plugins.profiles.find((p) => p.name === 'both-100r100c')!
    expect(both100.setup.map((call) => call.repeat)).toEqual([100, 100])
    expect(both100.headers).toEqual({ apikey: '{{key}}' })
  })
})
