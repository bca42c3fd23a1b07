import { describe, expect, it } from 'vitest'
import { describeDryRun } from '../../../src/cli/dry-run.js'
import { parseConfig } from '../../../src/config/load.js'

const loaded = (gate: Record<string, unknown> = {}) => ({
  file: '/repo/perf-gate.yml',
  dir: '/repo',
  root: '/repo',
  allowedHosts: [],
  interpolated: [],
  config: parseConfig(
    {
      name: 'd',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      profiles: [
        { name: 'no-gateway', target: 'http://gw:80/', control: true },
        { name: 'no-policies', target: 'http://gw:80/a' },
      ],
      scenarios: [{ name: 'c', script: 'constant-vus', vus: [1, 10], duration: '2s', warmup: '0s' }],
      gate: { rounds: 3, warmupRounds: 0, ...gate },
    },
    'perf-gate.yml',
    {},
  ),
})

describe('describeDryRun', () => {
  it('lists the expanded cells, the sweep and the isolation cost', () => {
    const text = describeDryRun(loaded({ isolation: 'profile' }), null, '/repo/baseline.json', 'baseline')
    expect(text).toContain(
      'cells: 4 (no-gateway/c@vus=1 [control], no-gateway/c@vus=10 [control], no-policies/c@vus=1, no-policies/c@vus=10)',
    )
    expect(text).toContain('sweeps: c (2 levels)')
    expect(text).toContain('isolation: profile: 2 fresh stack(s) (start + setup) per phase or paired block')
    expect(text).toContain('baseline mode: 12 runs')
    // The first round names every expanded cell once.
    const first = /first round \(seed 1\): (.*)/.exec(text)?.[1]?.split(' -> ') ?? []
    expect(first.sort()).toEqual([
      'no-gateway/c@vus=1',
      'no-gateway/c@vus=10',
      'no-policies/c@vus=1',
      'no-policies/c@vus=10',
    ])
  })
})
