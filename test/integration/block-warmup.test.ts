// Real Docker and k6: a paired block with gate.blockWarmup warms each fresh stack before its pair,
// journals the warm-up windows (marked warm-up, never compared) and the stacks' start order, and
// says how long the warm-up took. The bundled example with one block of one pair, 2 s runs and 1 s of
// warm-up per stack and cell; no assertion on how fast anything is.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readJournal } from '../../src/gate/journal.js'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const EXAMPLE = path.join(ROOT, 'examples/nginx/perf-gate.yml')
const RUN_ID = `it-warm-${process.pid}`

function exampleWith(file: string, replacements: [string, string][]): string {
  let config = readFileSync(EXAMPLE, 'utf8')
  for (const [from, to] of replacements) {
    expect(config, from).toContain(from)
    config = config.replaceAll(from, to)
  }
  writeFileSync(file, config)
  return file
}

function cli(args: string[]) {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      TESTCONTAINERS_RYUK_DISABLED: 'true',
      PERF_GATE_RUN_ID: RUN_ID,
      ECHO_DELAY_US: '0',
    },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  )
}

describe('paired block warm-up', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'perf-gate-warm-'))
  beforeAll(() => requireImages('perf-gate/echo:local', 'perf-gate/nginx:local'))
  afterAll(() => {
    expect(perfGateContainers(RUN_ID)).toEqual([])
    expect(perfGateNetworks(RUN_ID)).toEqual([])
  })

  it('journals warm-up windows per stack and cell, compares only the measured pair', async () => {
    const config = exampleWith(path.join(out, 'warm.yml'), [
      ['rounds: 5', 'rounds: 1'],
      ['warmupRounds: 1', 'warmupRounds: 0'],
      ['maxRounds: 20', 'maxRounds: 1'],
      ['timeBudget: 8m', 'timeBudget: 8m\n  blockWarmup: 1s'],
      ['duration: 4s', 'duration: 2s'],
      ['warmup: 1s', 'warmup: 0s'],
    ])
    const run = await cli(['run', '--config', config, '--out', path.join(out, 'o')])
    // One pair cannot decide: inconclusive, exit 0 under the default onInconclusive: warn.
    expect(run.code, run.stderr).toBe(0)
    const log = run.stdout + run.stderr
    expect(log).toMatch(/paired block 1: warm-up took \d+ s/)

    const { runs, events } = await readJournal(path.join(out, 'o', 'runs.jsonl'))
    const warm = runs.filter((r) => r.warmupWindow !== undefined)
    // blockWarmup: 1s is one window per stack and gated cell: 2 variants x 1 cell. The control
    // (no-gateway) is never gated and is not warmed.
    expect(warm).toHaveLength(2)
    expect(warm.every((r) => r.warmup && r.phase === 'paired' && r.block === 0)).toBe(true)
    expect(new Set(warm.map((r) => `${r.variant} ${r.cell}`)).size).toBe(2)
    expect(warm.every((r) => r.profile === 'nginx-passthrough')).toBe(true)
    expect(log).toMatch(/no-gateway\/rate-500-1kb: not warmed \(a control/)
    const measured = runs.filter((r) => !r.warmup)
    expect(measured).toHaveLength(4)

    const stacks = events.filter((e) => e.event === 'stacks')
    expect(stacks).toHaveLength(1)
    const order = stacks[0]?.event === 'stacks' ? stacks[0].order : []
    expect([...order].sort()).toEqual(['baseline', 'candidate'])
    // The stacks warm up in the order they were started and set up.
    expect(warm[0]?.variant).toBe(order[0])
    expect(events.filter((e) => e.event === 'warm-up')).toHaveLength(2)

    // Compared: the one measured pair per cell, none of the warm-up windows.
    const results = JSON.parse(readFileSync(path.join(out, 'o', 'results.json'), 'utf8')) as {
      cells: { cell: string; candidate: { n: number }; runs: { warmup: boolean; variant: string }[] }[]
      notes: string[]
    }
    // The report says how long the warm-up took.
    expect(results.notes).toContainEqual(
      expect.stringMatching(
        /^Block warm-up \(gate\.blockWarmup 1 s\): 2 stack and cell warm-up\(s\) in 1 block\(s\), \d+ s per block\.$/,
      ),
    )
    expect(results.cells).toHaveLength(2)
    for (const cell of results.cells) {
      expect(cell.runs.map((r) => r.variant).sort(), cell.cell).toEqual(['baseline', 'candidate'])
      expect(cell.runs.some((r) => r.warmup)).toBe(false)
      expect(cell.candidate.n, cell.cell).toBe(1)
    }
  }, 60_000)
})
