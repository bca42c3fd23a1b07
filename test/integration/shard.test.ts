// A sharded gate for real: two shares of a small matrix measured one after the other with the built
// CLI, then merged. What must hold: each share starts stacks and runs k6 for its own cells only (a
// scenario's control along), records its share, and the merge joins them into one results.json.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { GateResults } from '../../src/model.js'
import { runCli } from '../support/cli.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

// Two gated cells (nginx x two scenarios) and their controls; no baseline and no variant, so each
// share measures its one stored round and ends inconclusive: the point is the plumbing.
const CONFIG = `
name: sharded
services:
  echo:
    image: perf-gate/echo:local
    ports: [8080]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
  nginx:
    image: perf-gate/nginx:local
    ports: [8080]
    dependsOn: [echo]
    wait: { http: { path: /health, port: 8080 }, timeout: 30s }
profiles:
  - { name: no-gateway, control: true, target: "http://echo:8080/echo" }
  - { name: nginx, target: "http://nginx:8080/echo" }
scenarios:
  - { name: small, script: constant-arrival-rate, rate: 100, duration: 1s, warmup: 0s, payloadBytes: 256 }
  - { name: large, script: constant-arrival-rate, rate: 100, duration: 1s, warmup: 0s, payloadBytes: 8192 }
gate: { rounds: 1, warmupRounds: 0 }
baseline: { path: baseline.json }
`

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as GateResults

describe('run --shard i/2 twice, then merge', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-shard-it-'))
  const env = { GITHUB_SHA: 'a'.repeat(40), GITHUB_EVENT_NAME: 'pull_request' }

  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/nginx:local')
    writeFileSync(path.join(dir, 'perf-gate.yml'), CONFIG)
  })

  it('measures each share’s cells only, and merges them into one gate', async () => {
    const shares: GateResults[] = []
    for (const i of [1, 2]) {
      const runId = `it-shard-${i}-${process.pid}`
      const run = await runCli(['run', '--shard', `${i}/2`, '--out', `out-${i}`], {
        cwd: dir,
        env: { ...env, PERF_GATE_RUN_ID: runId },
      })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(new RegExp(`shard ${i}/2 partial verdict: INCONCLUSIVE`))
      expect(perfGateContainers(runId)).toEqual([])
      expect(perfGateNetworks(runId)).toEqual([])
      const results = read(path.join(dir, `out-${i}`, 'results.json'))
      shares.push(results)
      // By name: nginx/large is share 1, nginx/small share 2; each with its scenario's control.
      const scenario = i === 1 ? 'large' : 'small'
      expect(results.shard).toMatchObject({
        index: i,
        count: 2,
        commit: 'a'.repeat(40),
        event: 'pull_request',
        cells: [`nginx/${scenario}`],
      })
      expect(results.cells.map((c) => c.cell).sort()).toEqual([`nginx/${scenario}`, `no-gateway/${scenario}`])
      const ran = readFileSync(path.join(dir, `out-${i}`, 'runs.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('"cell"'))
        .map((line) => (JSON.parse(line) as { cell?: string }).cell)
      expect(new Set(ran)).toEqual(new Set([`nginx/${scenario}`, `no-gateway/${scenario}`]))
    }
    expect(shares[0]?.shard?.configDigest).toBe(shares[1]?.shard?.configDigest)

    const merged = await runCli(['merge', 'out-1', 'out-2', '--out', 'merged'], { cwd: dir })
    expect(merged.code, merged.stderr).toBe(0)
    const results = read(path.join(dir, 'merged', 'results.json'))
    expect(results.verdict).toBe('inconclusive')
    expect(results.cells.map((c) => c.cell)).toEqual([
      'no-gateway/small',
      'no-gateway/large',
      'nginx/small',
      'nginx/large',
    ])
  })
})
