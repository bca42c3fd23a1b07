import { describe, expect, it } from 'vitest'
import { cannotBlockReasons } from '../../../src/config/can-block.js'
import { configSchema } from '../../../src/config/schema.js'

const control = { name: 'no-gateway', control: true, target: 'http://echo:8080/echo' }
const gated = { name: 'passthrough', target: 'http://gateway:8080/echo' }
const variant = { services: { gateway: { build: { ref: 'merge-base' } } } }

function config(extra: Record<string, unknown>) {
  return configSchema.parse({
    name: 'g',
    services: {
      echo: { image: 'perf-gate/echo:local', ports: [8080] },
      gateway: { build: { context: '.' }, ports: [8080] },
    },
    profiles: [control, gated],
    scenarios: [{ name: 'rate', script: 'constant-arrival-rate', rate: 100, duration: '2s' }],
    ...extra,
  })
}

const noBaseline = { baselineExists: false, baselinePath: 'perf-gate-baseline.json' }
const withBaseline = { baselineExists: true, baselinePath: 'perf-gate-baseline.json' }

describe('cannotBlockReasons', () => {
  it('is empty for the recommended shape: a baseline variant, a control and a gated profile', () => {
    expect(cannotBlockReasons(config({ baselineVariant: variant }), noBaseline)).toEqual([])
  })

  it('is empty for a stored baseline with a control profile (it blocks on a matching runner)', () => {
    expect(cannotBlockReasons(config({}), withBaseline)).toEqual([])
  })

  it('names a config with neither a baseline variant nor a stored baseline (what init --image wrote)', () => {
    const reasons = cannotBlockReasons(config({ profiles: [gated] }), noBaseline)
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toMatch(/^no baselineVariant and no stored baseline \(perf-gate-baseline.json\)/)
    expect(reasons[0]).toContain('set baselineVariant')
  })

  it('names a stored baseline without a control profile: the runner can never be shown to match', () => {
    const reasons = cannotBlockReasons(config({ profiles: [gated] }), withBaseline)
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toMatch(/no control profile/)
  })

  it('names a config whose profiles are all controls, even with a baseline variant', () => {
    const reasons = cannotBlockReasons(config({ profiles: [control], baselineVariant: variant }), noBaseline)
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toMatch(/^every profile is a control/)
  })

  it('treats a baseline variant under gate.method "stored" as unused', () => {
    const reasons = cannotBlockReasons(
      config({ baselineVariant: variant, gate: { method: 'stored' } }),
      noBaseline,
    )
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toMatch(/^gate.method is "stored" \(baselineVariant unused\) and no stored baseline/)
  })
})
