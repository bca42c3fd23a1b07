// Sweeps, per-scenario profiles and the other workload-model keys, through the real loader.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { configCells, countCells, expandScenario, levelLabel } from '../../../src/config/sweep.js'
import { scenarioSchema } from '../../../src/config/schema.js'
import { ConfigError } from '../../../src/errors.js'

const base = () => ({
  name: 'demo',
  services: { gw: { image: 'gw', ports: [8080], wait: { log: 'ready' } } },
  profiles: [
    { name: 'no-gateway', control: true, target: 'http://gw:8080/echo' },
    { name: 'no-policies', target: 'http://gw:8080/a' },
    { name: 'chain', target: 'http://gw:8080/b', hooks: 4 },
  ],
  scenarios: [{ name: 'closed', script: 'constant-vus', vus: [1, 2, 5, 10], payloadBytes: 50 }] as unknown[],
})

function problemsOf(raw: unknown): string[] {
  try {
    parseConfig(raw, 'perf-gate.yml', {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

describe('sweeps', () => {
  it('expands a list into one scenario per level, named scenario@key=level', () => {
    const config = parseConfig(base(), 'perf-gate.yml', {})
    expect(config.scenarios.map((s) => s.name)).toEqual([
      'closed@vus=1',
      'closed@vus=2',
      'closed@vus=5',
      'closed@vus=10',
    ])
    expect(config.scenarios[2]).toMatchObject({
      vus: 5,
      payloadBytes: 50,
      sweep: { scenario: 'closed', values: { vus: 5 }, label: 'vus=5' },
    })
    expect(configCells(config)).toHaveLength(12)
  })

  it('crosses several swept keys in a stable order, and leaves an unswept scenario as it was', () => {
    const scenario = scenarioSchema.parse({
      name: 'open',
      script: 'constant-arrival-rate',
      rate: [100, 200],
      payloadBytes: [50, 1024],
    })
    expect(expandScenario(scenario).map((s) => s.name)).toEqual([
      'open@rate=100,bytes=50',
      'open@rate=100,bytes=1024',
      'open@rate=200,bytes=50',
      'open@rate=200,bytes=1024',
    ])
    const plain = expandScenario(scenarioSchema.parse({ name: 'p', script: 'constant-vus', vus: 3 }))
    expect(plain).toHaveLength(1)
    expect(plain[0]).not.toHaveProperty('sweep')
    expect(plain[0]?.name).toBe('p')
    expect(levelLabel({ payloadBytes: 1, vus: 2 })).toBe('vus=2,bytes=1')
  })

  it('runs the seed 000 matrix (5 profiles x 5 levels) as 25 cells', () => {
    const raw = base()
    raw.profiles.push(
      { name: 'lua', target: 'http://gw:8080/c' } as never,
      { name: 'mixed', target: 'http://gw:8080/d' } as never,
    )
    raw.scenarios = [
      { name: 'c', script: 'constant-vus', vus: [1, 2, 5, 10], payloadBytes: 50 },
      { name: 'kib', script: 'constant-vus', vus: 1, payloadBytes: 1024 },
    ]
    const config = parseConfig(raw, 'perf-gate.yml', {})
    expect(configCells(config)).toHaveLength(25)
  })

  it('counts expanded cells against the cap and rejects bad level lists', () => {
    const raw = base()
    raw.scenarios = [
      {
        name: 'big',
        script: 'constant-vus',
        vus: Array.from({ length: 20 }, (_, i) => i + 1),
        payloadBytes: [1, 2, 3, 4],
      },
    ]
    expect(problemsOf(raw).join('\n')).toMatch(/scenarios: .*make 240 cells; at most 200 are allowed/)
    const dup = base()
    dup.scenarios = [{ name: 'd', script: 'constant-vus', vus: [1, 1] }]
    expect(problemsOf(dup)).toEqual(['perf-gate.yml: scenarios[0].vus: expected distinct levels'])
    const wrong = base()
    wrong.scenarios = [{ name: 'w', script: 'constant-vus', vus: [1, 'x'] }]
    expect(problemsOf(wrong)).toEqual(['perf-gate.yml: scenarios[0].vus[1]: expected number, got string'])
    expect(
      countCells(
        [{ name: 'a' }, { name: 'b' }],
        [scenarioSchema.parse({ name: 's', script: 'constant-vus', vus: [1, 2], profiles: ['a'] })],
      ),
    ).toBe(2)
  })
})

describe('scenario profiles', () => {
  it('runs a scenario only on the profiles it lists', () => {
    const raw = base()
    raw.scenarios.push({ name: 'only-chain', script: 'constant-vus', vus: 1, profiles: ['chain'] })
    const cells = configCells(parseConfig(raw, 'perf-gate.yml', {}))
    expect(cells.filter((c) => c.scenario === 'only-chain')).toEqual([
      { profile: 'chain', scenario: 'only-chain' },
    ])
  })

  it('names an unknown profile by its path (exit 2)', () => {
    const raw = base()
    raw.scenarios.push({ name: 'x', script: 'constant-vus', profiles: ['chain', 'nope'] })
    expect(problemsOf(raw)).toEqual(['perf-gate.yml: scenarios[1].profiles[1]: unknown profile "nope"'])
  })
})

describe('gate and report keys', () => {
  it('defaults to a shared stack and 100% accuracy', () => {
    const config = parseConfig(base(), 'perf-gate.yml', {})
    expect(config.gate.isolation).toBe('shared')
    expect(config.gate.minAccuracy).toBe(1)
    expect(config.report.reference).toBeUndefined()
    expect(config.profiles[2]?.hooks).toBe(4)
  })

  it('rejects an unknown isolation and an unknown reference profile', () => {
    expect(problemsOf({ ...base(), gate: { isolation: 'container' } })[0]).toMatch(
      /^perf-gate\.yml: gate\.isolation: /,
    )
    expect(problemsOf({ ...base(), report: { reference: 'ghost' } })).toEqual([
      'perf-gate.yml: report.reference: unknown profile "ghost"',
    ])
  })
})

describe('setup repeat and capture in the config', () => {
  const withSetup = (setup: unknown[], headers: Record<string, string> = {}) => {
    const raw = base()
    Object.assign(raw.profiles[2] as object, { setup, headers })
    return raw
  }

  it('accepts {{i}} and earlier captures in calls, and captures in the headers', () => {
    const raw = withSetup(
      [
        { url: 'http://gw:9000/routes/{{i}}', repeat: 100, capture: { id: 'id' } },
        { url: 'http://gw:9000/consumers', body: { route: '{{id}}' }, capture: { key: 'data.key' } },
      ],
      { apikey: '{{key}}' },
    )
    const profile = parseConfig(raw, 'perf-gate.yml', {}).profiles[2]
    expect(profile?.setup[0]?.repeat).toBe(100)
    expect(profile?.setup[1]?.capture).toEqual({ key: 'data.key' })
  })

  it('bounds repeat and refuses names nothing captured (exit 2, naming the path)', () => {
    expect(problemsOf(withSetup([{ url: 'http://gw:9000/r', repeat: 10_001 }]))).toEqual([
      'perf-gate.yml: profiles[2].setup[0].repeat: Too big: expected number to be <=10000',
    ])
    expect(problemsOf(withSetup([{ url: 'http://gw:9000/r/{{id}}', capture: { id: 'id' } }]))).toEqual([
      'perf-gate.yml: profiles[2].setup[0]: {{id}} is neither {{i}} nor captured by an earlier setup call',
    ])
    expect(problemsOf(withSetup([{ url: 'http://gw:9000/r' }], { apikey: '{{i}}' }))).toEqual([
      "perf-gate.yml: profiles[2].headers.apikey: {{i}} is not captured by this profile's setup",
    ])
    expect(problemsOf(withSetup([{ url: 'http://gw:9000/r', capture: { id: 'a..b' } }]))[0]).toMatch(
      /profiles\[2\]\.setup\[0\]\.capture\.id: a dotted path/,
    )
  })
})
