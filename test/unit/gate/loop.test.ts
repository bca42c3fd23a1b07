// The gate's real measure/ask loop, final verdict and report (runGate) over recorded runs: the replay
// measurer serves synthetic runs, so every assertion here is about the decision, in seconds, with no
// Docker and no k6. The measurement itself keeps its Docker tests (test/integration).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readBaseline } from '../../../src/baseline/store.js'
import { loadConfig } from '../../../src/config/load.js'
import { flagAcceptance } from '../../../src/gate/accept-regression.js'
import { headline } from '../../../src/report/headline.js'
import { replayMeasurer, VirtualClock, type Recording } from '../../../src/gate/decision/replay-measurer.js'
import { readJournal } from '../../../src/gate/journal.js'
import { compareCells } from '../../../src/gate/compare.js'
import { frozenReason, measureUntilDecided } from '../../../src/gate/decision/loop.js'
import type { GatePlan } from '../../../src/gate/decision/measurer.js'
import { Cleanup } from '../../../src/gate/stack-session.js'
import type { LoadedConfig } from '../../../src/config/load.js'
import type { RunResult } from '../../../src/model.js'
import { runGate, type GateOptions } from '../../../src/gate/run-gate.js'
import { silentLogger, type Logger } from '../../../src/log.js'
import type { MachineFingerprint } from '../../../src/model.js'
import { machineFingerprint } from '../../../src/machine.js'
import {
  loadLoopConfig,
  loopConfigYaml,
  matrixConfigYaml,
  syntheticRecording,
  writeSyntheticBaseline,
  type Synthetic,
} from '../../support/replay-fixtures.js'
import { ROOT } from '../../support/cli.js'

const GATED = 'gw/rate-200'

function capture(): Logger & { lines: string[] } {
  const lines: string[] = []
  return {
    ...silentLogger,
    lines,
    info: (m) => lines.push(m),
    warning: (m) => lines.push(`warning: ${m}`),
    group: async (_name, fn) => fn(),
  }
}

/** Runs a whole gate over a synthetic recording; what it returns and what it wrote. */
async function replayGate(
  gate: Record<string, string | number>,
  synthetic: Synthetic,
  options: Partial<GateOptions> & {
    baselineNights?: number
    /** The machine the baseline was recorded on (default: this one). */
    baselineMachine?: MachineFingerprint
    variant?: boolean
    recording?: Recording
    /** A config file to load instead of the loop config (its `gate` is then ignored). */
    configFile?: string
    /** The config's text instead of the loop config's. */
    yaml?: string
  } = {},
) {
  const { baselineNights, baselineMachine, variant, recording, configFile, yaml, ...gateOptions } = options
  const { loaded, dir } = configFile
    ? {
        loaded: loadConfig(configFile, {}, { root: ROOT }),
        dir: mkdtempSync(path.join(tmpdir(), 'perf-gate-loop-')),
      }
    : loadLoopConfig(yaml ?? loopConfigYaml(gate, '', variant))
  const env = { GITHUB_SHA: 'abc123' }
  const baselinePath = baselineNights
    ? writeSyntheticBaseline(loaded, dir, {
        seed: synthetic.seed,
        nights: baselineNights,
        machine: baselineMachine ?? machineFingerprint(env),
      })
    : path.join(dir, 'baseline.json')
  const clock = new VirtualClock()
  const log = capture()
  const outDir = path.join(dir, 'out')
  const outcome = await runGate(loaded, {
    mode: 'gate',
    outDir,
    baselinePath,
    log,
    env,
    now: clock.now,
    measurer: replayMeasurer(recording ?? syntheticRecording(loaded, synthetic), clock),
    ...gateOptions,
  })
  return {
    ...outcome,
    dir,
    outDir,
    log,
    baselinePath,
    elapsedS: (clock.now().getTime() - Date.parse('2026-01-01T00:00:00Z')) / 1000,
  }
}

const paired = { method: 'paired', rounds: 5 }

describe('runGate over recorded runs (replay measurer)', () => {
  it('passes unchanged code: exit 0, paired evidence, every run journaled', async () => {
    const gate = await replayGate(paired, { seed: 1 })
    expect(gate.results.verdict).toBe('pass')
    expect(gate.exitCode).toBe(0)
    expect(gate.results.evidence).toBe('paired')
    expect(gate.results.decision).toMatch(/^every gated cell passes after \d+ pairs$/)
    expect(gate.results.paired?.pairs).toBeGreaterThanOrEqual(5)
    const journal = await readJournal(path.join(gate.outDir, 'runs.jsonl'))
    expect(journal.runs).toHaveLength(gate.results.paired!.blocks * 4)
    expect(readFileSync(path.join(gate.outDir, 'report.md'), 'utf8')).toContain('✅ perf-gate: pass')
  })

  it('blocks a +30% slowdown of the gateway: exit 1, the cell named', async () => {
    const gate = await replayGate(paired, { seed: 2, effect: { gw: 1.3 } })
    expect(gate.results.verdict).toBe('regression')
    expect(gate.exitCode).toBe(1)
    expect(gate.results.cells.find((c) => c.cell === GATED)?.verdict).toBe('regression')
    expect(gate.results.decision).toBe(`${GATED} regressed after 5 pairs`)
    expect(headline(gate.results, 'terminal')).toBe(`perf-gate verdict: REGRESSION (regressed: ${GATED})`)
  })

  it('accepts that regression on request: exit 0, still reported as a regression', async () => {
    const gate = await replayGate(
      paired,
      { seed: 2, effect: { gw: 1.3 } },
      { acceptRegression: async () => flagAcceptance('adds JWT validation on purpose') },
    )
    expect(gate.results.verdict).toBe('regression')
    expect(gate.results.acceptedRegression).toMatchObject({ by: 'flag', cells: [GATED] })
    expect(gate.exitCode).toBe(0)
    expect(gate.log.lines.some((l) => l.startsWith('warning: Regression in gw/rate-200 accepted'))).toBe(true)
  })

  it('fails a cell with wrong answers whatever latency says, from the stored phase alone', async () => {
    const gate = await replayGate(
      { method: 'auto', rounds: 5, minAccuracy: 0.99 },
      { seed: 3, accuracy: { gw: 0.9 } },
      {
        baselineNights: 3,
        acceptRegression: async () => flagAcceptance('wrong answers cannot be accepted'),
      },
    )
    expect(gate.results.verdict).toBe('regression')
    expect(gate.exitCode).toBe(1)
    expect(gate.results.evidence).toBe('stored')
    expect(gate.results.paired).toBeNull()
    expect(gate.results.decision).toMatch(/^accuracy below gate.minAccuracy in gw\/rate-200/)
    expect(gate.results.acceptedRegression).toBeUndefined()
    expect(gate.log.lines.some((l) => /not accepted: wrong answers/.test(l))).toBe(true)
  })

  it('stops inconclusive when the time budget runs out; exit 0, or 1 with onInconclusive: fail', async () => {
    // A change right at the threshold never leaves the band; 4 runs of 12 s make a 48 s block.
    const budget = { ...paired, timeBudget: '3m' }
    const warn = await replayGate(budget, { seed: 4, effect: { gw: 1.1 } })
    expect(warn.results.verdict).toBe('inconclusive')
    expect(warn.results.decision).toMatch(/when the time budget \(gate.timeBudget\) ran out$/)
    expect(warn.results.paired?.blocks).toBe(3)
    expect(warn.elapsedS).toBeLessThanOrEqual(180)
    expect(warn.exitCode).toBe(0)
    const fail = await replayGate({ ...budget, onInconclusive: 'fail' }, { seed: 4, effect: { gw: 1.1 } })
    expect(fail.results.verdict).toBe('inconclusive')
    expect(fail.exitCode).toBe(1)
  })

  it('decides from the stored baseline alone on a runner that matches it', async () => {
    const gate = await replayGate({ method: 'auto', rounds: 5 }, { seed: 5 }, { baselineNights: 3 })
    expect(gate.results.evidence).toBe('stored')
    expect(gate.results.verdict).toBe('pass')
    expect(gate.results.paired).toBeNull()
    expect(gate.exitCode).toBe(0)
  })

  it('escalates a stored alarm to paired blocks, which decide', async () => {
    const gate = await replayGate(
      { method: 'auto', rounds: 5 },
      { seed: 6, effect: { gw: 1.3 } },
      { baselineNights: 3 },
    )
    expect(gate.results.evidence).toBe('paired')
    expect(gate.results.storedPhase?.verdict).toBe('regression')
    expect(gate.results.verdict).toBe('regression')
    expect(gate.exitCode).toBe(1)
  })

  it('baseline mode: measures once, writes the night, passes', async () => {
    const gate = await replayGate({ rounds: 5 }, { seed: 7, effect: { gw: 1.3 } }, { mode: 'baseline' })
    expect(gate.results).toMatchObject({ mode: 'baseline', verdict: 'pass', method: 'none', paired: null })
    expect(gate.exitCode).toBe(0)
    const written = await readBaseline(gate.baselinePath, { name: 'loop', metric: 'p95' })
    expect(written?.nights).toHaveLength(1)
    expect(written?.nights[0]?.runs).toHaveLength(10)
    expect(written?.nights[0]?.k6Version).toBe('replay')
    expect(existsSync(path.join(gate.outDir, 'report.md'))).toBe(true)
  })

  // Was test/integration/runner-differs.test.ts (three Docker gates): a stored baseline from one
  // runner, a gate on a runner whose control reads +60%, and no baseline variant to confirm with.
  it("never blocks on a stored alarm from a runner unlike the baseline's: inconclusive, exit 0, how to decide", async () => {
    const gate = await replayGate(
      { rounds: 4 },
      { seed: 8, runner: 1.6 },
      { baselineNights: 2, variant: false },
    )
    expect(gate.exitCode).toBe(0)
    expect(gate.results.verdict).toBe('inconclusive')
    expect(gate.results.evidence).toBe('stored')
    expect(gate.results.decision).toMatch(/runner differs/)
    expect(gate.results.decision).toMatch(/set baselineVariant/)
    expect(headline(gate.results, 'terminal')).toBe('perf-gate verdict: INCONCLUSIVE')
    const control = gate.results.cells.find((c) => c.control)
    expect(control?.ratio?.lower).toBeGreaterThan(1.1)
    // The stored comparison alone would have called the gateway a regression: shown, not blocking.
    const gated = gate.results.cells.find((c) => !c.control)
    expect(gated?.verdict).toBe('inconclusive')
    expect(gated?.changePct).toBeGreaterThan(10)
    expect(gated?.reasons.some((r) => r.startsWith('not blocking: '))).toBe(true)
    expect(readFileSync(path.join(gate.outDir, 'report.md'), 'utf8')).toContain(
      'Decided by the stored baseline',
    )
  })

  // Was a Docker gate of test/integration/cli-gate.test.ts: the fingerprint alone rules the stored
  // baseline out, so nothing is measured for it.
  it('skips the stored phase when the baseline was recorded on another machine, straight to paired blocks', async () => {
    const gate = await replayGate(
      { method: 'auto', rounds: 2, maxRounds: 2 },
      { seed: 9 },
      {
        baselineNights: 1,
        baselineMachine: { cpus: 64, cpuModel: 'Another CPU', memoryGiB: 256, os: 'Linux x64', kernel: '6' },
      },
    )
    expect(gate.log.lines).toContainEqual(
      expect.stringMatching(
        /^stored phase skipped: this runner's machine differs from the stored baseline's \(\d+ x .+ here, 64 x Another CPU in the baseline\), so the stored baseline could not decide; going straight to paired A\/B blocks$/,
      ),
    )
    expect(gate.log.lines.some((l) => l.startsWith('stored comparison'))).toBe(false)
    expect(gate.results.evidence).toBe('paired')
    expect(gate.results.storedPhase).toBeNull()
    expect(gate.results.paired?.pairs).toBe(2)
    const journal = await readJournal(path.join(gate.outDir, 'runs.jsonl'))
    expect(new Set(journal.runs.map((r) => r.phase))).toEqual(new Set(['paired']))
    expect(gate.results.notes.join('\n')).toContain('Stored baseline not measured: this runner')
  })

  // Was a Docker gate of test/integration/byo-script.test.ts; that k6 exits 99 on a crossed threshold
  // and the run is still read is test/integration/byo-wrapper.test.ts's.
  it("fails the cell on a user's script's crossed threshold by default (exit 1), naming it", async () => {
    const gate = await replayGate(
      {},
      { seed: 10, thresholds: [{ metric: 'http_req_duration', threshold: 'p(95)<0.001', ok: false }] },
      { configFile: path.join(ROOT, 'test/fixtures/k6/byo/perf-gate.fail.yml') },
    )
    expect(gate.exitCode).toBe(1)
    expect(headline(gate.results, 'terminal')).toMatch(/^perf-gate verdict: REGRESSION/)
    expect(gate.results.verdict).toBe('regression')
    const [cell] = gate.results.cells
    expect(cell?.verdict).toBe('regression')
    expect(cell?.reasons).toContain(
      'k6 threshold http_req_duration: p(95)<0.001 crossed in 2 of 2 runs (thresholds: fail)',
    )
    expect(gate.results.decision).toMatch(
      /^a k6 threshold of the script failed \(thresholds: fail\) in nginx\/impossible-threshold/,
    )
    expect(readFileSync(path.join(gate.outDir, 'report.md'), 'utf8')).toContain(
      'k6 threshold http_req_duration: p(95)&lt;0.001 crossed in 2 of 2 runs (thresholds: fail)',
    )
  })
})

/** A 9-cell matrix gate (matrixConfigYaml) through runGate, or through the loop alone every-cell. */
function matrix(gate: Record<string, string | number>) {
  return loadLoopConfig(matrixConfigYaml(gate))
}

/** The loop alone over a recording, adaptive or measuring every cell in every block. */
async function loopOnly(loaded: LoadedConfig, recording: Recording, adaptive: boolean) {
  const clock = new VirtualClock()
  const plan: GatePlan = {
    mode: 'gate',
    config: loaded.config,
    gate: loaded.config.gate,
    baseline: null,
    baselinePath: 'baseline.json',
    method: 'paired',
    hasVariant: true,
    machine: machineFingerprint({}),
    storedSkipped: null,
    adaptive,
  }
  const runs: RunResult[] = []
  const measurer = await replayMeasurer(
    recording,
    clock,
  )({
    plan,
    loaded,
    log: silentLogger,
    cleanup: new Cleanup(),
    env: {},
    now: clock.now,
  })
  const startedAt = clock.now()
  const { step, evidence } = await measureUntilDecided({
    plan,
    measurer,
    onRun: async (run) => void runs.push(run),
    log: silentLogger,
    now: clock.now,
    startedAt,
  })
  return { step, evidence, runs, elapsedS: (clock.now().getTime() - startedAt.getTime()) / 1000 }
}

describe('adaptive blocks: a decided cell leaves the paired blocks', () => {
  // Quiet cells pass at gate.rounds pairs; gw2/rate-300 is noisy and needs more.
  const synthetic: Synthetic = { seed: 31, noise: { 'gw2/rate-300': 0.09 }, blocks: 20 }
  const gate = { method: 'paired', rounds: 4, timeBudget: '30m' }

  it('measures a decided cell no more, keeps the controls of undecided scenarios, reports the frozen verdicts', async () => {
    const run = await replayGate(gate, synthetic, { yaml: matrixConfigYaml(gate) })
    expect(run.results.verdict).toBe('pass')
    const journal = await readJournal(path.join(run.outDir, 'runs.jsonl'))
    const lastBlock = (cell: string) =>
      Math.max(...journal.runs.filter((r) => r.cell === cell).map((r) => r.block ?? -1))
    const blocks = run.results.paired!.blocks
    expect(blocks).toBeGreaterThan(4)
    // The quiet gated cells were decided at the first look allowed (4 pairs) and measured no more.
    for (const cell of ['gw/rate-100', 'gw/rate-200', 'gw2/rate-100', 'gw/rate-300'])
      expect(lastBlock(cell), cell).toBe(3)
    // The noisy cell and its scenario's control ran in every block; the other controls stopped.
    expect(lastBlock('gw2/rate-300')).toBe(blocks - 1)
    expect(lastBlock('no-gateway/rate-300')).toBe(blocks - 1)
    expect(lastBlock('no-gateway/rate-100')).toBe(3)
    // The final results carry each frozen cell's verdict, as the deciding look saw it, and say so.
    const cell = run.results.cells.find((c) => c.cell === 'gw/rate-100')
    expect(cell?.verdict).toBe('pass')
    expect(cell?.reasons).toContain(frozenReason(4, 4))
    expect(cell?.adjustedPValue).not.toBeNull()
    expect(run.log.lines).toContainEqual(
      expect.stringMatching(/^paired block 5: .* \(2 of 9 cells: the undecided and their controls\)$/),
    )
    // The cell decided at the last look was not left out of any block: nothing to say.
    expect(run.results.cells.find((c) => c.cell === 'gw2/rate-300')?.reasons.join('\n')).not.toMatch(
      /not measured in later blocks/,
    )
  })

  it('gate.onRegression decide-rest: measures on after the first regression until every cell is decided', async () => {
    // +25% in gw; its rate-300 cell is noisy and regresses only after more pairs.
    const changed: Synthetic = { seed: 32, effect: { gw: 1.25 }, noise: { 'gw/rate-300': 0.2 }, blocks: 20 }
    const stop = await replayGate(gate, changed, { yaml: matrixConfigYaml(gate) })
    const verdicts = (r: typeof stop) => Object.fromEntries(r.results.cells.map((c) => [c.cell, c.verdict]))
    expect(stop.results.verdict).toBe('regression')
    expect(verdicts(stop)['gw/rate-300']).toBe('inconclusive')
    const rest = { ...gate, onRegression: 'decide-rest' }
    const all = await replayGate(rest, changed, { yaml: matrixConfigYaml(rest) })
    expect(all.results.verdict).toBe('regression')
    expect(all.exitCode).toBe(1)
    expect(all.results.paired!.blocks).toBeGreaterThan(stop.results.paired!.blocks)
    for (const cell of ['gw/rate-100', 'gw/rate-200', 'gw/rate-300'])
      expect(verdicts(all)[cell], cell).toBe('regression')
    for (const cell of ['gw2/rate-100', 'gw2/rate-200', 'gw2/rate-300'])
      expect(verdicts(all)[cell], cell).toBe('pass')
    expect(all.results.decision).toMatch(/regressed after \d+ pairs$/)
    expect(all.log.lines).toContainEqual(expect.stringMatching(/\(gate\.onRegression: decide-rest\)/))
  })

  it('keeps the verdict, interval and adjusted p of the deciding look', async () => {
    const { loaded } = matrix(gate)
    const recording = syntheticRecording(loaded, synthetic)
    const adaptive = await loopOnly(loaded, recording, true)
    expect(adaptive.evidence.blocks).toBeGreaterThan(4)
    // What the deciding look (4 blocks, Holm over all 6 gated cells) saw of the cell.
    const atLook = compareCells({
      runs: adaptive.runs.filter((r) => (r.block as number) < 4),
      config: loaded.config,
      gate: loaded.config.gate,
      baseline: null,
      method: 'paired',
      now: new Date(),
    }).cells.find((c) => c.cell === 'gw/rate-200')
    const frozen = adaptive.evidence.frozen.get('gw/rate-200')
    expect(frozen).toMatchObject({ blocks: 4, pairs: 4 })
    const reported = adaptive.evidence.paired?.cells.find((c) => c.cell === 'gw/rate-200')
    expect(reported).toEqual({
      ...frozen?.comparison,
      reasons: [...(frozen?.comparison.reasons ?? []), frozenReason(4, 4)],
    })
    expect(reported?.verdict).toBe(atLook?.verdict)
    expect(reported?.ratio).toEqual(atLook?.ratio)
    expect(reported?.adjustedPValue).toBe(atLook?.adjustedPValue)
  })

  it('an A/A matrix passes sooner than measuring every cell in every block', async () => {
    const { loaded } = matrix(gate)
    const recording = syntheticRecording(loaded, synthetic)
    const adaptive = await loopOnly(loaded, recording, true)
    const everyCell = await loopOnly(loaded, recording, false)
    expect(adaptive.step.verdict).toBe('pass')
    expect(everyCell.step.verdict).toBe('pass')
    expect(adaptive.runs.length).toBeLessThan(everyCell.runs.length)
    expect(adaptive.elapsedS).toBeLessThan(everyCell.elapsedS)
    expect(everyCell.evidence.frozen.size).toBe(0)
  })

  it('one gated cell: the same runs and verdict as measuring every cell', async () => {
    const { loaded } = loadLoopConfig(loopConfigYaml(paired))
    const recording = syntheticRecording(loaded, { seed: 4, effect: { gw: 1.1 } })
    const adaptive = await loopOnly(loaded, recording, true)
    const everyCell = await loopOnly(loaded, recording, false)
    expect(adaptive.step).toEqual(everyCell.step)
    expect(adaptive.runs).toEqual(everyCell.runs)
    expect(adaptive.evidence.frozen.size).toBe(0)
  })
})
