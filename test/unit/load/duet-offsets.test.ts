// The k6 options a duet gets (scenarios/lib/options.js): when each variant's load and warm-up start.
// The module reads k6's __ENV when it is imported, so each case imports it afresh with its own env.
import { afterEach, describe, expect, it, vi } from 'vitest'

interface K6Scenario {
  executor: string
  startTime?: string
  rate?: number
}

interface OptionsModule {
  buildOptions: (scenario: Record<string, unknown>) => { scenarios: Record<string, K6Scenario> }
}

// A k6 module, plain JavaScript without types: imported by URL, so the type checker leaves it alone.
const OPTIONS = new URL('../../../scenarios/lib/options.js', import.meta.url).href

async function optionsFor(env: Record<string, string>, scenario: Record<string, unknown>) {
  vi.resetModules()
  ;(globalThis as { __ENV?: Record<string, string> }).__ENV = env
  const { buildOptions } = (await import(OPTIONS)) as OptionsModule
  return buildOptions(scenario)
}

const duet = { TARGETS: JSON.stringify({ candidate: 'http://a:8080/', baseline: 'http://b:8080/' }) }
const rate100 = { executor: 'constant-arrival-rate', rate: 100, timeUnit: '1s', duration: '6s' }

afterEach(() => {
  delete (globalThis as { __ENV?: unknown }).__ENV
})

describe('duet offsets', () => {
  it('puts neither target of a duet on the start of the arrival period', async () => {
    const { scenarios } = await optionsFor({ ...duet, DURATION: '6s' }, rate100)
    // Period 10 ms: a quarter and three quarters of it, in the listed order.
    expect(scenarios.candidate?.startTime).toBe('2.5ms')
    expect(scenarios.baseline?.startTime).toBe('7.5ms')
  })

  it('offsets the warm-up scenarios the same way and starts the load after them', async () => {
    const { scenarios } = await optionsFor({ ...duet, DURATION: '6s', WARMUP: '1s' }, rate100)
    expect(scenarios.warmup_candidate?.startTime).toBe('2.5ms')
    expect(scenarios.warmup_baseline?.startTime).toBe('7.5ms')
    expect(scenarios.candidate?.startTime).toBe('1002.5ms')
    expect(scenarios.baseline?.startTime).toBe('1007.5ms')
  })

  it('spreads the offsets over the period at other rates', async () => {
    const { scenarios } = await optionsFor({ ...duet }, { ...rate100, rate: 250 })
    expect(scenarios.candidate?.startTime).toBe('1ms')
    expect(scenarios.baseline?.startTime).toBe('3ms')
  })

  it('leaves a single target and DUET_STAGGER=0 without offsets', async () => {
    const single = await optionsFor({ TARGET_URL: 'http://a:8080/' }, rate100)
    expect(single.scenarios.load?.startTime).toBeUndefined()
    const off = await optionsFor({ ...duet, DUET_STAGGER: '0' }, rate100)
    expect(off.scenarios.candidate?.startTime).toBeUndefined()
    expect(off.scenarios.baseline?.startTime).toBeUndefined()
  })

  it('does not offset closed-model duets', async () => {
    const { scenarios } = await optionsFor(duet, { executor: 'constant-vus', vus: 2, duration: '6s' })
    expect(scenarios.candidate?.startTime).toBeUndefined()
    expect(scenarios.baseline?.startTime).toBeUndefined()
  })
})
