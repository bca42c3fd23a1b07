// Gates that were Docker tests (test/integration/cli-gate.test.ts, faults.test.ts) whose assertions are
// about what the gate decides, writes and reports given its runs: here runGate's real loop, final
// verdict and report run over recorded runs (the replay measurer) in a second. One of them replays a
// journal recorded from a real gate of the bundled example (test/fixtures/journals/). What only a real
// measurement shows (a 1 ms slowdown is found, a crash cleans up) stays in test/integration.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { failureText } from '../../../src/cli/failure-text.js'
import { loadConfig, type LoadedConfig } from '../../../src/config/load.js'
import { InfrastructureError } from '../../../src/errors.js'
import type { MeasurerFactory } from '../../../src/gate/decision/measurer.js'
import {
  readRecording,
  replayMeasurer,
  VirtualClock,
  type Recording,
} from '../../../src/gate/decision/replay-measurer.js'
import { readJournal } from '../../../src/gate/journal.js'
import { runGate } from '../../../src/gate/run-gate.js'
import { silentLogger } from '../../../src/log.js'
import type { GateResults } from '../../../src/model.js'
import { headline } from '../../../src/report/headline.js'
import { ROOT } from '../../support/cli.js'
import { syntheticRecording } from '../../support/replay-fixtures.js'

const EXAMPLE = path.join(ROOT, 'examples/nginx/perf-gate.yml')
const GATED = 'nginx-passthrough/rate-500-1kb'

/**
 * The bundled example with the smaller effort its Docker test used (3 pairs at least, at most 4, no
 * warm-up round), written to a fresh folder and loaded as the CLI loads it. Every replacement must
 * apply: a test that thinks it changed the example but did not would test something else.
 */
function example(maxRounds = 4, gateLines = ''): { loaded: LoadedConfig; dir: string } {
  let text = readFileSync(EXAMPLE, 'utf8')
  for (const [from, to] of [
    ['rounds: 5', 'rounds: 3'],
    ['warmupRounds: 1', 'warmupRounds: 0'],
    ['maxRounds: 20', `maxRounds: ${maxRounds}${gateLines}`],
  ] as const) {
    expect(text, from).toContain(from)
    text = text.replaceAll(from, to)
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-recorded-'))
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, text)
  return { loaded: loadConfig(file, {}, { root: dir }), dir }
}

/** runGate over `measurer` (a replay), as the CLI runs it: no baseline file, results in dir/out. */
async function gate(loaded: LoadedConfig, dir: string, measurer: MeasurerFactory) {
  const clock = new VirtualClock()
  const outDir = path.join(dir, 'out')
  const outcome = await runGate(loaded, {
    mode: 'gate',
    outDir,
    baselinePath: path.join(dir, 'baseline.json'),
    log: silentLogger,
    env: { GITHUB_SHA: 'abc123' },
    now: clock.now,
    measurer,
  })
  return { ...outcome, outDir, report: readFileSync(path.join(outDir, 'report.md'), 'utf8') }
}

/** What the report says about the smallest change an undecided gate could have blocked. */
function expectDetectableSentence(results: GateResults, report: string) {
  const gated = results.cells.filter((c) => !c.control)
  // The smallest detectable change is stated for inconclusive cells only, never beside a pass.
  expect(report).not.toContain('Could detect')
  const undecided = gated.some((c) => c.verdict === 'inconclusive' && typeof c.minDetectablePct === 'number')
  expect(report.includes('the smallest change these runs would block')).toBe(undecided)
}

describe('the bundled example on recorded runs', () => {
  // Was a Docker gate of test/integration/cli-gate.test.ts: the example's runs of unchanged code
  // (ECHO_DELAY_US=0 in both variants), recorded from that gate on this project's machine.
  it('passes unchanged code on paired evidence, with no stored baseline to start from (exit 0), and says how it decided', async () => {
    const { loaded, dir } = example()
    const recording = await readRecording(path.join(ROOT, 'test/fixtures/journals/nginx-example-aa.jsonl'))
    expect(recording.stored).toEqual([])
    const run = await gate(loaded, dir, replayMeasurer(recording, new VirtualClock()))
    expect(run.exitCode).toBe(0)
    expect(headline(run.results, 'terminal')).toMatch(/^perf-gate verdict: (PASS|INCONCLUSIVE)$/)
    expect(run.results.cells.map((c) => c.cell).sort()).toEqual([GATED, 'no-gateway/rate-500-1kb'])
    // The example commits no stored baseline: it goes straight to paired blocks, no stored phase.
    expect(run.results.evidence).toBe('paired')
    expect(run.results.storedPhase).toBeNull()
    expect(run.results.paired?.pairs).toBeGreaterThanOrEqual(3)
    const gated = run.results.cells.filter((c) => !c.control)
    expect(gated.every((c) => c.verdict !== 'regression')).toBe(true)
    expect(run.report).toContain(GATED)
    expect(run.report).toContain('Decided by paired A/B blocks on this runner')
    expectDetectableSentence(run.results, run.report)
  })

  it('an undecided gate states the smallest change its runs would block, and still exits 0', async () => {
    const { loaded, dir } = example()
    // +10%, right at the threshold: four pairs do not leave the band.
    const recording = syntheticRecording(loaded, { seed: 19, effect: { 'nginx-passthrough': 1.1 } })
    const run = await gate(loaded, dir, replayMeasurer(recording, new VirtualClock()))
    expect(run.results.verdict).toBe('inconclusive')
    expect(run.exitCode).toBe(0)
    expect(run.results.paired?.pairs).toBe(4)
    expect(run.results.cells.find((c) => c.cell === GATED)?.minDetectablePct).toEqual(expect.any(Number))
    expect(run.report).toContain('the smallest change these runs would block')
    expectDetectableSentence(run.results, run.report)
  })
})

/** A replay that fails like a crashing k6 when the loop asks for paired block `crashAt` (0-based). */
function crashingAt(recording: Recording, crashAt: number): MeasurerFactory {
  return async (setup) => {
    const replay = await replayMeasurer(recording, new VirtualClock())(setup)
    return {
      config: replay.config,
      k6Version: replay.k6Version,
      notes: replay.notes,
      storedPhase: (phase, onRun, onEvent) => replay.storedPhase(phase, onRun, onEvent),
      pairedBlock: async (block, why, cells, onRun, onEvent) => {
        if (block === crashAt)
          throw new InfrastructureError(
            'k6 failed on constant-arrival-rate.js (exit SIGSEGV): panic: runtime error',
          )
        return replay.pairedBlock(block, why, cells, onRun, onEvent)
      },
      close: () => replay.close(),
    }
  }
}

describe('a busy runner: CPU per request decides where P95 cannot (gate.cpuPerRequest: only)', () => {
  // Eight paired blocks of the example, A/A, recorded with one core spinning (npm run bench:cpu-noise
  // -- OUT --busy, gate 3 of 3, docs/cpu-per-request.md): sigma of the log P95 ratio 0.168 per block,
  // of CPU per request 0.030.
  const BUSY = path.join(ROOT, 'test/fixtures/journals/nginx-example-aa-busy.jsonl')

  it('P95 stays inconclusive after all eight pairs; CPU per request passes the same runs in fewer', async () => {
    const recording = await readRecording(BUSY)
    const latency = example(8)
    const byLatency = await gate(latency.loaded, latency.dir, replayMeasurer(recording, new VirtualClock()))
    expect(byLatency.results.verdict).toBe('inconclusive')
    expect(byLatency.results.paired?.pairs).toBe(8)

    const cpu = example(8, '\n  cpuPerRequest: only')
    const byCpu = await gate(cpu.loaded, cpu.dir, replayMeasurer(recording, new VirtualClock()))
    expect(byCpu.exitCode).toBe(0)
    expect(byCpu.results.verdict).toBe('pass')
    expect(byCpu.results.paired?.pairs).toBeLessThan(8)
    const cell = byCpu.results.cells.find((c) => c.cell === GATED)
    expect(cell?.cpuPerRequest).toMatchObject({ gated: true, only: true, verdict: 'pass', service: 'nginx' })
    expect(cell?.reasons).toContain(
      `latency is shown, not gated (gate.cpuPerRequest: only): ${cell?.latencyVerdict}`,
    )
    // Latency is still compared and shown, with its interval.
    expect(cell?.ratio).not.toBeNull()
    expect(byCpu.report).toContain('Gateway CPU per request')
  })
})

describe('a measurement that fails mid-gate', () => {
  // Was a Docker gate of test/integration/faults.test.ts (a k6 wrapper that segfaults on its third
  // run); that a crashing k6 is such an error is test/unit/load/k6-crash.test.ts's.
  it('k6 crashes: an infrastructure failure (exit 3) with the runs before it kept in the journal', async () => {
    const { loaded, dir } = example()
    const recording = syntheticRecording(loaded, { seed: 20 })
    const error = await gate(loaded, dir, crashingAt(recording, 2)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InfrastructureError)
    const failure = failureText(error)
    expect(failure.exitCode).toBe(3)
    expect(failure.text).toMatch(/k6 failed on constant-arrival-rate\.js \(exit SIGSEGV\)/)
    // Blocks 1 and 2 finished: both cells, both variants, each journaled as it finished.
    const journal = await readJournal(path.join(dir, 'out', 'runs.jsonl'))
    expect(journal.runs).toHaveLength(2 * 2 * 2)
    expect(new Set(journal.runs.map((r) => r.block))).toEqual(new Set([0, 1]))
  })
})
