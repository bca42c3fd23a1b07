// A real gate on the bundled example reports the gateway's CPU per request: the nginx cell's runs carry
// the nginx container's CPU time per request from its cgroup counter, the cell compares it over the
// paired blocks with an interval, and the report shows it. With gate.cpuPerRequest: gate it is part of
// the cell's verdict. No assertion on how much CPU nginx uses, nor on the verdict of unchanged code.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GateResults } from '../../src/model.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const RUN_ID = `it-cpu-${process.pid}`

/**
 * The example with a smaller effort (3 pairs, no warm-up round, a lower rate, the gateway profile only)
 * and CPU per request gated.
 */
function config(dir: string): string {
  let text = readFileSync(path.join(ROOT, 'examples/nginx/perf-gate.yml'), 'utf8')
  for (const [from, to] of [
    ['rounds: 5', 'rounds: 3'],
    ['warmupRounds: 1', 'warmupRounds: 0'],
    ['maxRounds: 20', 'maxRounds: 3\n  cpuPerRequest: gate'],
    // 2 x 200 req/s: a busy shared runner still delivers it (at 2 x 500 it dropped iterations).
    ['rate: 500', 'rate: 200'],
    // The gateway profile only: half the runs per block, so the gate stays short.
    [
      '  - name: no-gateway\n    description: k6 straight to the echo backend (control, never gated)\n    control: true\n    target: http://echo:8080/echo\n    expect: { status: 200, headers: { X-Echo: perf-gate }, echoesPayload: true }\n',
      '',
    ],
  ] as const) {
    expect(text).toContain(from)
    text = text.replace(from, to)
  }
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, text)
  return file
}

describe('gateway CPU per request in a real gate', () => {
  beforeAll(() => requireImages('perf-gate/echo:local', 'perf-gate/nginx:local'))
  afterAll(() => {
    expect(perfGateContainers(RUN_ID)).toEqual([])
    expect(perfGateNetworks(RUN_ID)).toEqual([])
  })

  it('measures, compares and reports the CPU time nginx spends per request', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-cpu-'))
    const out = path.join(dir, 'out')
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'dist/cli.js'), 'run', '--config', config(dir), '--out', out],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          TESTCONTAINERS_RYUK_DISABLED: 'true',
          PERF_GATE_RUN_ID: RUN_ID,
          ECHO_DELAY_US: '0',
        },
      },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    // 0 pass or inconclusive, 1 regression: both are gate verdicts; 2 and 3 would be failures.
    expect([0, 1], stderr).toContain(code)
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as GateResults
    expect(results.cells.map((c) => c.cell)).toEqual(['nginx-passthrough/rate-500-1kb'])
    const gateway = results.cells[0]
    // Every measured run of the gateway cell carries the nginx container's CPU per request.
    const measured = gateway?.runs.filter((r) => !r.warmup && r.valid) ?? []
    expect(measured.length).toBeGreaterThanOrEqual(6)
    for (const run of measured) {
      expect(run.cpuPerRequest?.service).toBe('nginx')
      expect(run.cpuPerRequest?.usPerRequest).toBeGreaterThan(0)
      expect(run.cpuPerRequest?.spanS).toBeGreaterThan(0)
    }
    const cpu = gateway?.cpuPerRequest
    expect(cpu?.service).toBe('nginx')
    expect(cpu?.gated).toBe(true)
    expect(cpu?.test).toBe('paired-t')
    expect(cpu?.ratio?.lower).toBeLessThanOrEqual(cpu?.ratio?.estimate as number)
    expect(cpu?.ratio?.upper).toBeGreaterThanOrEqual(cpu?.ratio?.estimate as number)
    expect(typeof cpu?.sigmaLogRatio).toBe('number')
    expect(cpu?.adjustedPValue).not.toBeNull()
    const report = readFileSync(path.join(out, 'report.md'), 'utf8')
    expect(report).toContain('Gateway CPU per request (gated): `nginx-passthrough/rate-500-1kb`')
    expect(report).toContain('Gateway CPU per request: CPU µs of the target service')
  })
})
