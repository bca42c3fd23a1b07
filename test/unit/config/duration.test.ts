import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { k6FlagProblem } from '../../../src/config/k6-flags.js'
import { DURATION_PATTERN, durationMs } from '../../../src/config/schema.js'
import { ConfigError } from '../../../src/errors.js'

const valid = {
  name: 'demo',
  services: { gw: { image: 'gw', ports: [8080], wait: { log: 'ready' } } },
  profiles: [{ name: 'p', target: 'http://gw:8080/' }],
  scenarios: [{ name: 's', script: 'constant-vus', vus: 10 }],
}

function problemsOf(raw: unknown): string[] {
  try {
    parseConfig(raw, 'perf-gate.yml', {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
  throw new Error('expected the config to be rejected')
}

describe('durations in k6 syntax', () => {
  it.each([
    ['500ms', 500],
    ['8s', 8000],
    ['1m', 60_000],
    ['2h', 7_200_000],
    ['1m30s', 90_000],
    ['1h2m3s', 3_723_000],
    ['1s500ms', 1500],
    ['1.5m', 90_000],
  ])('reads %s as %d ms', (text, ms) => {
    expect(DURATION_PATTERN.test(text)).toBe(true)
    expect(durationMs(text)).toBe(ms)
  })

  it.each(['', '8', 's', '8 s', '8seconds', '1m 30s', '-1s', '1d', '1m30', 'm30s', '1.s', '.5s', '1e3ms'])(
    'refuses %j',
    (text) => {
      expect(DURATION_PATTERN.test(text)).toBe(false)
      expect(() => durationMs(text)).toThrow(/not a duration/)
    },
  )

  it('accepts k6 durations wherever the config takes one', () => {
    const raw = {
      ...valid,
      services: { gw: { ...valid.services.gw, wait: { log: 'ready', timeout: '1m30s' } } },
      scenarios: [{ name: 's', script: 'constant-vus', vus: 10, duration: '1m30s', warmup: '1m5s' }],
      gate: { timeBudget: '1h30m' },
    }
    const config = parseConfig(raw, 'perf-gate.yml', {})
    expect(config.scenarios[0]?.duration).toBe('1m30s')
    expect(config.scenarios[0]?.warmup).toBe('1m5s')
    expect(config.services.gw?.wait?.timeout).toBe('1m30s')
    expect(config.gate.timeBudget).toBe('1h30m')
  })

  it('refuses garbage naming the path and showing the accepted forms', () => {
    const raw = { ...valid, scenarios: [{ name: 's', script: 'constant-vus', duration: '1 minute' }] }
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: scenarios[0].duration: expected a duration such as "500ms", "8s", "2m", "1h" or "1m30s" (numbers with the units ms, s, m, h, as k6 writes them), got "1 minute"',
    ])
  })

  it('applies the bounds to compound durations', () => {
    const raw = { ...valid, scenarios: [{ name: 's', script: 'constant-vus', duration: '59m61s' }] }
    expect(problemsOf(raw)).toEqual([
      'perf-gate.yml: scenarios[0].duration: expected a duration of at most 1h',
    ])
  })

  it('accepts a compound --min-iteration-duration in k6.flags', () => {
    expect(k6FlagProblem('--min-iteration-duration=1s500ms')).toBeUndefined()
    expect(k6FlagProblem('--min-iteration-duration=soon')).toMatch(/expected a duration/)
  })
})
