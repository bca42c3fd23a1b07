// A user's own k6 script, unchanged (test/fixtures/k6/byo: its own stages, thresholds, checks and tags,
// BASE_URL from __ENV), gated by the built CLI against the echo and nginx images.
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const BYO = path.join(ROOT, 'test/fixtures/k6/byo')
const out = mkdtempSync(path.join(tmpdir(), 'perf-gate-byo-'))
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

function expectNothingLeft(runId: string) {
  expect(perfGateContainers(runId)).toEqual([])
  expect(perfGateNetworks(runId)).toEqual([])
}

describe('perf-gate run on an unchanged k6 script', () => {
  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
  })
  afterAll(() => expectNothingLeft('it-byo-'))

  it("gates the script as written: its stages drive the load, its thresholds and its tag's endpoint are reported", async () => {
    const script = path.join(BYO, 'echo-stages.js')
    const before = digest(script)
    const runId = `it-byo-pass-${process.pid}`
    const run = await runCli(
      ['run', '--config', path.join(BYO, 'perf-gate.yml'), '--out', path.join(out, 'pass')],
      { env: { PERF_GATE_RUN_ID: runId } },
    )
    // No baseline file: inconclusive, which warns (exit 0) by default.
    expect(run.code, run.stderr).toBe(0)
    const results = JSON.parse(readFileSync(path.join(out, 'pass', 'results.json'), 'utf8'))
    const [cell] = results.cells
    expect(cell.cell).toBe('nginx/echo-stages')
    const runs = cell.runs.filter((r: { warmup: boolean }) => !r.warmup)
    expect(runs).toHaveLength(2)
    for (const r of runs) {
      // BASE_URL reached the gateway: every request answered and every check of the script passed.
      expect(r.metrics.requests).toBeGreaterThan(0)
      expect(r.metrics.errorRate).toBe(0)
      expect(r.metrics.checkAccuracy).toBe(1)
    }
    expect(cell.scriptThresholds).toEqual([
      { metric: 'http_req_duration', threshold: 'p(95)<500', crossed: 0, runs: 2, fails: false },
      { metric: 'http_req_failed', threshold: 'rate<0.01', crossed: 0, runs: 2, fails: false },
      { metric: 'checks', threshold: 'rate>0.99', crossed: 0, runs: 2, fails: false },
    ])
    // Every request of the script carries `name: 'echo'`.
    const requests = runs.reduce(
      (sum: number, r: { metrics: { requests: number } }) => sum + r.metrics.requests,
      0,
    )
    expect(cell.endpoints).toMatchObject([{ tag: 'name', value: 'echo', runs: 2, requests }])
    const report = readFileSync(path.join(out, 'pass', 'report.md'), 'utf8')
    expect(report).toContain('k6 threshold http_req_duration: p(95)&lt;500')
    expect(report).toContain('Endpoint name=echo')
    // The script is untouched and no wrapper is left beside it.
    expect(digest(script)).toBe(before)
    expect(readdirSync(BYO).filter((f) => f.includes('perf-gate-'))).toEqual([])
    expectNothingLeft(runId)
  })
  // A crossed threshold failing the cell (exit 1) is a decision, tested over recorded runs in
  // test/unit/gate/loop.test.ts; that k6 exits 99 and the run is still read, in byo-wrapper.test.ts.
})
