import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, parseConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'
import { scenarioEnv } from '../../../src/load/scenario-env.js'

const base = {
  name: 'gql',
  services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
  profiles: [{ name: 'p', target: 'http://gw:80/graphql' }],
}

function yamlConfig(scenario: Record<string, unknown>): string {
  return JSON.stringify({ ...base, scenarios: [scenario] })
}

function problemsOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as ConfigError).problems.join('\n')
  }
  throw new Error('expected the config to be rejected')
}

describe('graphql scenarios', () => {
  it('reads a query file relative to the config and passes query and variables to k6', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gql-'))
    mkdirSync(path.join(dir, 'queries'))
    writeFileSync(path.join(dir, 'queries', 'one.graphql'), '{ products(first: $n) { id } }\n')
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(
      file,
      yamlConfig({
        name: 'ops-1',
        script: 'graphql',
        vus: 50,
        graphql: { queryFile: 'queries/one.graphql', variables: { n: 3 } },
      }),
    )
    const { config } = loadConfig(file, {})
    const scenario = config.scenarios[0]!
    expect(scenario.graphql?.query).toBe('{ products(first: $n) { id } }')
    const env = scenarioEnv(config.profiles[0]!, scenario, 'http://10.0.0.2:80/graphql')
    expect(env.GRAPHQL_QUERY).toBe('{ products(first: $n) { id } }')
    expect(JSON.parse(env.GRAPHQL_VARIABLES as string)).toEqual({ n: 3 })
    expect(env.VUS).toBe('50')
  })

  it('names the path of a missing or outside query file, and of a scenario without its query', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gql-'))
    const file = path.join(dir, 'perf-gate.yml')
    writeFileSync(file, yamlConfig({ name: 'q', script: 'graphql', graphql: { queryFile: 'nope.graphql' } }))
    expect(problemsOf(() => loadConfig(file, {}))).toContain('scenarios[0].graphql.queryFile: file not found')
    writeFileSync(file, yamlConfig({ name: 'q', script: 'graphql', graphql: { queryFile: '/etc/hostname' } }))
    expect(problemsOf(() => loadConfig(file, {}))).toContain('scenarios[0].graphql.queryFile')
    expect(
      problemsOf(() => parseConfig({ ...base, scenarios: [{ name: 'q', script: 'graphql' }] }, 'x.yml', {})),
    ).toContain('scenarios[0].graphql')
    expect(
      problemsOf(() =>
        parseConfig(
          {
            ...base,
            scenarios: [{ name: 'q', script: 'graphql', graphql: { query: '{a}', queryFile: 'a' } }],
          },
          'x.yml',
          {},
        ),
      ),
    ).toContain('expected exactly one of "query" or "queryFile"')
  })
})
