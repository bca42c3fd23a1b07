import { describe, expect, it } from 'vitest'
import { describeDryRun } from '../../../src/cli/dry-run.js'
import type { BaselineFile } from '../../../src/baseline/format.js'
import { parseConfig } from '../../../src/config/load.js'

const loaded = (gate: Record<string, unknown> = {}, variant = false) => ({
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
      ...(variant ? { baselineVariant: { services: { gw: { image: 'gw:main' } } } } : {}),
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

  it('plans paired blocks from the start when the fingerprint rules the stored baseline out', () => {
    const machine = { cpus: 64, cpuModel: 'Another CPU', memoryGiB: 256, os: 'Linux x64', kernel: '6' }
    const baseline = {
      schemaVersion: 1,
      name: 'd',
      metric: 'p95',
      nights: [{ createdAt: '2026-11-20T00:00:00Z', gitSha: null, k6Version: '1.8.1', machine, runs: [] }],
    } as unknown as BaselineFile
    const text = describeDryRun(loaded({}, true), baseline, '/repo/baseline.json', 'gate')
    expect(text).toMatch(
      /starts: paired A\/B blocks \(duet, 1 pair\(s\) per block, fresh stacks each\); stored phase skipped: this runner's machine differs from the stored baseline's \(\d+ x .+ here, 64 x Another CPU in the baseline\)/,
    )
    expect(text).not.toContain('stored phase:')
    // Without a variant to run paired blocks with, the stored comparison is all there is: kept.
    expect(describeDryRun(loaded({}, false), baseline, '/repo/baseline.json', 'gate')).toContain(
      'starts: stored comparison against /repo/baseline.json (1 night(s))',
    )
  })
})
