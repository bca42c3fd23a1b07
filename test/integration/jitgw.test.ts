// Real Docker and k6: the JIT-compiled test gateway (images/jitgw) under the paired gate of
// examples/jitgw with gate.blockWarmup: auto. One block of one pair, the gated cell only, both
// variants doing the same work (A/A): each fresh JVM is warmed in 3 s windows (until its P95 settles,
// at most 15 s), the windows are journaled as warm-up runs and never compared, and the JVM's cold
// start shows in them: the first window (interpreted, then compiling) is slower than the later ones.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { readJournal } from '../../src/gate/journal.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const EXAMPLE = path.join(ROOT, 'examples/jitgw/perf-gate.yml')
const RUN_ID = `it-jitgw-${process.pid}`

/** The example cut to one block of one pair on the gated cell, both variants at `work` iterations. */
function shortExample(file: string, work: number): string {
  const doc = parseDocument(readFileSync(EXAMPLE, 'utf8'))
  const profiles = (doc.toJS() as { profiles: { control?: boolean }[] }).profiles
  doc.setIn(
    ['profiles'],
    profiles.filter((p) => !p.control),
  )
  doc.setIn(['scenarios', 0, 'duration'], '2s')
  doc.setIn(['scenarios', 0, 'warmup'], '0s')
  doc.setIn(['gate', 'rounds'], 1)
  doc.setIn(['gate', 'maxRounds'], 1)
  doc.setIn(['gate', 'pairsPerBlock'], 1)
  // Keeps the test under a minute on a busy machine; a warm-up cut short is measured anyway.
  doc.setIn(['gate', 'blockWarmupMin'], '0s')
  doc.setIn(['gate', 'blockWarmupMax'], '15s')
  doc.setIn(['services', 'gateway', 'env', 'WORK_ITERATIONS'], String(work))
  doc.setIn(['baselineVariant', 'services', 'gateway', 'env', 'WORK_ITERATIONS'], String(work))
  // The example's own gate must be what this test runs.
  expect(doc.getIn(['gate', 'blockWarmup'])).toBe('auto')
  writeFileSync(file, doc.toString())
  return file
}

function cli(args: string[]) {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, TESTCONTAINERS_RYUK_DISABLED: 'true', PERF_GATE_RUN_ID: RUN_ID },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  )
}

describe('jitgw under a paired gate with blockWarmup: auto', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'perf-gate-jitgw-'))
  beforeAll(() => requireImages('perf-gate/echo:local', 'perf-gate/jitgw:local'))
  afterAll(() => {
    expect(perfGateContainers(RUN_ID)).toEqual([])
    expect(perfGateNetworks(RUN_ID)).toEqual([])
  })

  it('warms each fresh JVM in journaled windows, the first slower than the last, compares only the pair', async () => {
    const config = shortExample(path.join(out, 'jitgw.yml'), 2000)
    const run = await cli(['run', '--config', config, '--out', path.join(out, 'o')])
    // One pair cannot decide: inconclusive, exit 0 under the default onInconclusive: warn.
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout + run.stderr).toMatch(/paired block 1: warm-up took \d+ s/)

    const { runs, events } = await readJournal(path.join(out, 'o', 'runs.jsonl'))
    const warmups = events.flatMap((e) => (e.event === 'warm-up' ? [e] : []))
    expect(warmups.map((e) => e.variant).sort()).toEqual(['baseline', 'candidate'])
    for (const w of warmups) {
      // auto: at least three 3 s windows, each with its P95 journaled.
      expect(w.windows, w.variant).toBeGreaterThanOrEqual(3)
      expect(w.latencies, w.variant).toHaveLength(w.windows)
      expect(runs.filter((r) => r.warmupWindow !== undefined && r.variant === w.variant)).toHaveLength(
        w.windows,
      )
      // The cold start: the first window, interpreted and compiling, is slower than the JVM once warm.
      const first = w.latencies[0]!
      const warm = Math.min(...w.latencies.slice(-3))
      expect(first, `${w.variant} windows ${w.latencies.join(', ')} ms`).toBeGreaterThan(1.5 * warm)
    }
    expect(runs.filter((r) => r.warmupWindow !== undefined).every((r) => r.warmup)).toBe(true)
    expect(runs.filter((r) => !r.warmup)).toHaveLength(2)

    const results = JSON.parse(readFileSync(path.join(out, 'o', 'results.json'), 'utf8')) as {
      cells: { cell: string; runs: { warmup: boolean; variant: string }[] }[]
    }
    expect(results.cells.map((c) => c.cell)).toEqual(['jitgw/rate-250-1kb'])
    expect(results.cells[0]!.runs.map((r) => r.variant).sort()).toEqual(['baseline', 'candidate'])
    expect(results.cells[0]!.runs.some((r) => r.warmup)).toBe(false)
  }, 90_000)
})
