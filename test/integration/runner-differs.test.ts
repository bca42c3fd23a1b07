// A stored baseline recorded on one stack, a gate on a much slower one (the same images, CPU-limited
// with resources.cpus and a backend 3 ms slower, as a slower machine would be for everything): the
// control profile shows the runner differs, so the stored comparison flags the gateway but must not
// block the merge without paired evidence (exit 0, inconclusive, with the reason and how to get a
// decision).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

function config(slow: boolean): string {
  const limit = slow ? `\n    resources: { cpus: 0.5 }` : ''
  const delay = slow ? `\n    env: { ECHO_DELAY_US: '3000' }` : ''
  return `version: 1
name: runner-differs
services:
  echo:
    image: perf-gate/echo:local
    ports: [8080]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }${limit}${delay}
  nginx:
    image: perf-gate/nginx:local
    ports: [8080]
    dependsOn: [echo]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }${limit}
profiles:
  - name: no-gateway
    control: true
    target: http://echo:8080/echo
  - name: nginx
    target: http://nginx:8080/echo
scenarios:
  - name: rate-200
    script: constant-arrival-rate
    rate: 200
    duration: 2s
    warmup: 1s
    payloadBytes: 1024
gate:
  rounds: 4
  warmupRounds: 0
  sampleResources: false
baseline:
  path: baseline.json
`
}

const cli = (args: string[], runId: string) => runCli(args, { env: { PERF_GATE_RUN_ID: runId } })

describe('a stored gate on a runner unlike the baseline', () => {
  beforeAll(() => requireImages('perf-gate/echo:local', 'perf-gate/nginx:local'))

  it('does not exit 1 without paired evidence, and says how to get a decision', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-runner-'))
    const fast = path.join(dir, 'fast.yml')
    const slow = path.join(dir, 'slow.yml')
    writeFileSync(fast, config(false))
    writeFileSync(slow, config(true))
    for (const night of [1, 2]) {
      const recorded = await cli(
        ['run', '--config', fast, '--mode', 'baseline', '--out', path.join(dir, `night-${night}`)],
        `it-runner-night-${night}-${process.pid}`,
      )
      expect(recorded.code, recorded.stderr).toBe(0)
    }
    const runId = `it-runner-gate-${process.pid}`
    const gate = await cli(['run', '--config', slow, '--out', path.join(dir, 'gate')], runId)
    expect(gate.code, gate.stderr).toBe(0)
    expect(gate.stdout).toContain('perf-gate verdict: INCONCLUSIVE')
    const results = JSON.parse(readFileSync(path.join(dir, 'gate', 'results.json'), 'utf8'))
    expect(results.evidence).toBe('stored')
    expect(results.decision).toMatch(/runner differs/)
    expect(results.decision).toMatch(/set baselineVariant/)
    const control = results.cells.find((c: { control: boolean }) => c.control)
    // The slow stack really is slower: the control's interval lies above the +10% band, and the stored
    // comparison alone would have called the gateway a regression.
    expect(control.ratio.lower).toBeGreaterThan(1.1)
    const gated = results.cells.find((c: { control: boolean }) => !c.control)
    expect(gated.verdict).not.toBe('regression')
    expect(gated.changePct).toBeGreaterThan(10)
    expect(readFileSync(path.join(dir, 'gate', 'report.md'), 'utf8')).toContain(
      'Decided by the stored baseline',
    )
    expect(perfGateContainers(runId)).toEqual([])
    expect(perfGateNetworks(runId)).toEqual([])
  })
})
