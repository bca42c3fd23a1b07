import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { gatewayServices, planPlacement } from '../../../src/plan/placement.js'

const config = (placement?: string, gatedTarget = 'http://gateway:8080/echo') =>
  parseConfig(
    {
      name: 'e',
      services: {
        echo: { image: 'echo', ports: [8080], wait: { log: 'up' } },
        admin: { image: 'cp', ports: [9000], wait: { log: 'up' } },
        gateway: { image: 'gw', ports: [8080], wait: { log: 'up' } },
      },
      profiles: [
        { name: 'no-gateway', target: 'http://echo:8080/echo', control: true },
        { name: 'gw', target: gatedTarget },
      ],
      scenarios: [{ name: 's', script: 'constant-arrival-rate', rate: 500, duration: '4s' }],
      ...(placement ? { gate: { placement } } : {}),
    },
    'perf-gate.yml',
    {},
  )

describe('planPlacement', () => {
  it('puts the gateways on the upper CPUs and k6 with the other services on the lower ones', () => {
    const p = planPlacement(config(), 2, true)
    expect(p).toMatchObject({
      mode: 'split',
      k6Cpus: '0',
      services: { gateway: '1', echo: '0', admin: '0' },
    })
    expect(p.summary).toContain('gateway on CPU 1')
    expect(p.summary).toContain('k6 and admin, echo on CPU 0')
  })

  it('gives the lower half, rounded up, to k6 and the backends on larger machines', () => {
    expect(planPlacement(config(), 4, true)).toMatchObject({ k6Cpus: '0-1', services: { gateway: '2-3' } })
    expect(planPlacement(config(), 5, true)).toMatchObject({ k6Cpus: '0-2', services: { gateway: '3-4' } })
  })

  it('does not pin on one CPU, without taskset, or when asked not to, and says why', () => {
    expect(planPlacement(config(), 1, true)).toEqual({
      mode: 'none',
      summary: 'CPU placement: none (gate.placement: auto, but this machine has 1 CPU)',
    })
    expect(planPlacement(config('split'), 2, false).summary).toContain(
      'taskset (util-linux) is not installed',
    )
    expect(planPlacement(config('none'), 8, true)).toEqual({
      mode: 'none',
      summary: 'CPU placement: none (gate.placement: none)',
    })
  })

  it('finds no gateway when the gated profiles target something outside the stack', () => {
    const c = config('auto', 'http://example.test/')
    expect(gatewayServices(c)).toEqual([])
    expect(planPlacement(c, 2, true).summary).toContain('no non-control profile targets a service')
  })
})
