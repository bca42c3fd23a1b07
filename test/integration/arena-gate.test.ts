// The arena as a gate, for real (issue 9): the CLI on examples/arena/perf-gate.score-drop.yml with a
// candidate testgw that spends CPU on every request (WORK_ITERATIONS) against a baseline variant that
// does not, in paired interleaved arena runs. The score drop blocks (exit 1) on the paired t interval
// of the score difference; nothing is left running. The unchanged gate (exit 0) is the README's
// measured command, not repeated here: CI time.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { perfGateContainers, perfGateNetworks, requireImages } from '../support/docker.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const EXAMPLE = path.join(ROOT, 'examples/arena/perf-gate.score-drop.yml')

describe('the arena gate', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'perf-gate-arena-'))
  beforeAll(() => {
    requireImages('perf-gate/echo:local', 'perf-gate/testgw:local')
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' })
  })

  it('blocks a gateway whose arena score dropped (exit 1) and says by how many points', async () => {
    const runId = `it-arena-gate-${process.pid}`
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'dist/cli.js'), 'run', '--config', EXAMPLE, '--out', out],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          TESTCONTAINERS_RYUK_DISABLED: 'true',
          PERF_GATE_RUN_ID: runId,
          TESTGW_WORK_ITERATIONS: '200000',
        },
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))

    expect(code, stderr).toBe(1)
    expect(stdout).toContain('perf-gate verdict: REGRESSION (regressed: testgw/arena)')
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8'))
    expect(results.evidence).toBe('paired')
    const cell = results.cells.find((c: { cell: string }) => c.cell === 'testgw/arena')
    expect(cell.verdict).toBe('regression')
    const { arena } = cell
    // Decided by the score: a paired interval of candidate - baseline wholly below 0, and an estimate
    // beyond the threshold's share of the baseline's mean score.
    expect(arena.test).toBe('paired-t')
    expect(arena.difference.upper).toBeLessThan(0)
    expect(arena.difference.estimate).toBeLessThan(-results.threshold * arena.baseline.mean)
    expect(arena.candidate.mean).toBeLessThan(arena.baseline.mean)
    // The progress line speaks in points, the cell's own measure.
    expect(stderr).toMatch(/after \d block\(s\): testgw\/arena score [\d.]+ \[[\d.]+, [\d.]+\], baseline/)
    expect(perfGateContainers(runId)).toEqual([])
    expect(perfGateNetworks(runId)).toEqual([])
  })
})
