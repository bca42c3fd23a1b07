import { describe, expect, it } from 'vitest'
import { canBlockCheck } from '../../../src/cli/doctor.js'
import type { LoadedConfig } from '../../../src/config/load.js'
import { configSchema } from '../../../src/config/schema.js'

function loaded(extra: Record<string, unknown>): LoadedConfig {
  const config = configSchema.parse({
    name: 'g',
    services: { gateway: { image: 'kong:3.9', ports: [8000] } },
    profiles: [{ name: 'passthrough', target: 'http://gateway:8000/' }],
    scenarios: [{ name: 'rate', script: 'constant-arrival-rate', rate: 100, duration: '2s' }],
    baseline: { path: '/nonexistent/perf-gate-baseline.json' },
    ...extra,
  })
  return { file: 'perf-gate.yml', dir: '.', config, interpolated: [] } as unknown as LoadedConfig
}

describe('doctor: can block', () => {
  it('warns about a config that can never block, with the reason', () => {
    const check = canBlockCheck(loaded({}))
    expect(check.status).toBe('warning')
    expect(check.detail).toMatch(
      /^this config can never block: no baselineVariant and no stored baseline \(\/nonexistent\/perf-gate-baseline.json\)/,
    )
  })

  it('is ok with a baseline variant', () => {
    const check = canBlockCheck(loaded({ baselineVariant: { services: { gateway: { image: 'kong:3.8' } } } }))
    expect(check).toEqual({ name: 'can block', status: 'ok', detail: 'this config can block a pull request' })
  })
})
