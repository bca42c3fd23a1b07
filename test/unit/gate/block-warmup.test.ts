// The measurement loop with k6 replaced by a script of results: what a paired block's warm-up
// measures and reports, and what a re-run leaves in the journal's events. No Docker, no k6.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import type { GateEvent } from '../../../src/gate/journal.js'
import {
  blockWarmup,
  blockWarmupNote,
  runSchedule,
  warmUpSession,
  type ExecuteContext,
  type WarmUpEvent,
} from '../../../src/gate/measure.js'
import type { StackSession } from '../../../src/gate/stack-session.js'
import { compareCells } from '../../../src/gate/compare.js'
import { silentLogger } from '../../../src/log.js'
import type { RunResult } from '../../../src/model.js'
import { run } from '../stats/run-fixture.js'

/** P95 (ms) of each k6 process in turn; 0 requests makes a run invalid. */
const script: { p95: number; requests?: number }[] = []
vi.mock('../../../src/load/k6.js', () => ({
  runK6Scenarios: vi.fn(async (_options: unknown, names: readonly string[]) => {
    // Under fake time every k6 process takes 3 s.
    if (vi.isFakeTimers()) vi.setSystemTime(Date.now() + 3000)
    const next = script.shift() ?? { p95: 5 }
    const metrics = run({ p95: next.p95, requests: next.requests ?? 1000 }).metrics
    return { metrics: Object.fromEntries(names.map((n) => [n, metrics])), timelines: {} }
  }),
}))

const config = parseConfig(
  {
    name: 'w',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    baselineVariant: { services: { gw: { image: 'gw:main' } } },
    profiles: [{ name: 'api', target: 'http://gw:80/' }],
    scenarios: [{ name: 'steady', script: 'constant-vus', vus: 2, duration: '8s', warmup: '1s' }],
    gate: { sampleResources: false, blockWarmup: 'auto', blockWarmupMax: '30s' },
  },
  'perf-gate.yml',
  {},
)

const session = {
  stack: () => ({ resolveUrl: (u: string) => u, services: new Map() }),
  headers: () => ({}),
} as unknown as StackSession

function context(runs: RunResult[], events: GateEvent[]): ExecuteContext {
  return {
    config,
    k6: { path: 'k6', version: 'test' } as unknown as ExecuteContext['k6'],
    log: silentLogger,
    pairing: 'interleaved',
    phase: 'paired',
    block: 3,
    onRun: (r) => void runs.push(r),
    onEvent: (e) => void events.push(e),
  }
}

const planned = (variant: 'baseline' | 'candidate') => ({
  index: 0,
  round: 6,
  warmup: false,
  cell: 'api/steady',
  profile: 'api',
  scenario: 'steady',
  variant,
})

beforeEach(() => {
  script.length = 0
  vi.useRealTimers()
})

describe('warmUpSession', () => {
  it('warms each stack in start order until the windows settle, as warm-up runs', async () => {
    const runs: RunResult[] = []
    const events: GateEvent[] = []
    // Candidate first: a JIT curve that settles after 5 windows; then the baseline, warm at once.
    script.push(...[80, 30, 12, 6, 6.2, 6.1].map((p95) => ({ p95 })), ...[5, 5.1, 5].map((p95) => ({ p95 })))
    const warmup = blockWarmup(config.gate)
    expect(warmup).toMatchObject({ mode: 'auto', windowS: 3, maxS: 30 })
    await warmUpSession(
      context(runs, events),
      session,
      ['candidate', 'baseline'],
      [planned('baseline')],
      warmup!,
      0,
    )
    expect(runs.map((r) => [r.variant, r.warmupWindow, r.metrics.p95])).toEqual([
      ...[80, 30, 12, 6, 6.2, 6.1].map((p, i) => ['candidate', i, p]),
      ...[5, 5.1, 5].map((p, i) => ['baseline', i, p]),
    ])
    expect(runs.every((r) => r.warmup && r.block === 3 && r.phase === 'paired')).toBe(true)
    expect(events).toMatchObject([
      { event: 'warm-up', block: 3, variant: 'candidate', windows: 6, steady: true },
      { event: 'warm-up', block: 3, variant: 'baseline', windows: 3, steady: true },
    ])
  })

  it('stops a stack that never settles at blockWarmupMax and says so', async () => {
    const runs: RunResult[] = []
    const events: GateEvent[] = []
    vi.useFakeTimers({ toFake: ['Date'] })
    script.push(...Array.from({ length: 40 }, (_, i) => ({ p95: i % 2 === 0 ? 5 : 10 })))
    // 3 s windows, at most 10 s: a fourth window would end after 12 s.
    const warmup = { ...blockWarmup(config.gate)!, maxS: 10 }
    await warmUpSession(context(runs, events), session, ['baseline'], [planned('baseline')], warmup, 0)
    expect(events).toMatchObject([{ event: 'warm-up', variant: 'baseline', windows: 3, steady: false }])
    expect(runs).toHaveLength(3)
  })

  it('does not call a pause in the fall settled before blockWarmupMin', async () => {
    const runs: RunResult[] = []
    const events: GateEvent[] = []
    vi.useFakeTimers({ toFake: ['Date'] })
    // A JIT curve that pauses at 3.2 ms for three windows (settled by the rule alone after 12 s)
    // and then falls to its floor: with at least 20 s the warm-up runs on to the floor.
    const curve = [20, 3.3, 3.2, 3.2, 3.1, 1.2, 1.1, 1.1, 1.1]
    script.push(...curve.map((p95) => ({ p95 })))
    const alone = { ...blockWarmup(config.gate)!, minS: 0 }
    await warmUpSession(context(runs, events), session, ['baseline'], [planned('baseline')], alone, 0)
    expect(events).toMatchObject([{ windows: 4, steady: true, latencies: [20, 3.3, 3.2, 3.2] }])
    script.length = 0
    script.push(...curve.map((p95) => ({ p95 })))
    events.length = 0
    const atLeast20 = { ...alone, minS: 20 }
    await warmUpSession(context(runs, events), session, ['baseline'], [planned('baseline')], atLeast20, 0)
    expect(events).toMatchObject([{ windows: 8, steady: true, latencies: curve.slice(0, 8) }])
    expect(blockWarmupNote(events as WarmUpEvent[], atLeast20)).toMatch(
      /^Block warm-up \(gate\.blockWarmup auto, at least 20 s\): 1 stack and cell warm-up\(s\) in 1 block\(s\), 24 s per block; every one settled\.$/,
    )
  })

  it("the report's note: seconds per block, and how many did not settle", () => {
    const warmUp = (block: number, seconds: number, steady: boolean): WarmUpEvent => ({
      event: 'warm-up',
      block,
      session: 0,
      variant: 'baseline',
      cell: 'api/steady',
      windows: 3,
      seconds,
      steady,
      latencies: [5, 5, 5],
    })
    const auto = blockWarmup(config.gate)!
    expect(blockWarmupNote([], auto)).toBeNull()
    expect(blockWarmupNote([warmUp(0, 20, false), warmUp(0, 16.4, true), warmUp(1, 12, true)], auto)).toBe(
      'Block warm-up (gate.blockWarmup auto): 3 stack and cell warm-up(s) in 2 block(s), 12-36 s per block; 2 settled, 1 did not within blockWarmupMax (30 s) and were measured anyway.',
    )
    expect(blockWarmupNote([warmUp(0, 10, true)], auto)).toMatch(/; every one settled\.$/)
    const fixed = blockWarmup({ ...config.gate, blockWarmup: '10s' })!
    expect(blockWarmupNote([warmUp(0, 10.2, true), warmUp(0, 10.1, true)], fixed)).toBe(
      'Block warm-up (gate.blockWarmup 10 s): 2 stack and cell warm-up(s) in 1 block(s), 20 s per block.',
    )
  })

  it('is off unless configured, and a duration is one window of it', () => {
    const off = parseConfig({ ...config, gate: { blockWarmup: 'off' } }, 'perf-gate.yml', {})
    expect(blockWarmup(off.gate)).toBeNull()
    expect(blockWarmup({ ...config.gate, blockWarmup: '20s' })).toMatchObject({ mode: 'fixed', windowS: 20 })
  })

  it('leaves warm-up windows out of the paired comparison', () => {
    const measured = [run({ p95: 5, round: 6 }), run({ p95: 5, round: 6, variant: 'baseline' })].map((r) => ({
      ...r,
      block: 3,
      phase: 'paired' as const,
    }))
    const cold = {
      ...run({ p95: 200, round: 6 }),
      block: 3,
      phase: 'paired' as const,
      warmup: true,
      warmupWindow: 0,
    }
    const compare = (runs: RunResult[]) =>
      compareCells({ runs, config, gate: config.gate, baseline: null, method: 'paired', now: new Date(0) })
        .cells[0]
    expect(compare([...measured, cold])?.candidate).toEqual(compare(measured)?.candidate)
  })
})

describe('re-runs', () => {
  it('journals each discarded attempt with its reason before measuring again', async () => {
    const runs: RunResult[] = []
    const events: GateEvent[] = []
    script.push({ p95: 5, requests: 0 }, { p95: 5 })
    await runSchedule(context(runs, events), session, [planned('candidate')])
    expect(runs).toHaveLength(1)
    expect(runs[0]?.valid).toBe(true)
    expect(events).toMatchObject([
      {
        event: 're-run',
        phase: 'paired',
        block: 3,
        cell: 'api/steady',
        round: 6,
        variants: ['candidate'],
        attempt: 0,
      },
    ])
    expect((events[0] as { reason: string }).reason).toMatch(/no request completed/)
  })

  it('journals no re-run after the last attempt, which is kept as invalid', async () => {
    const runs: RunResult[] = []
    const events: GateEvent[] = []
    script.push({ p95: 5, requests: 0 }, { p95: 5, requests: 0 }, { p95: 5, requests: 0 })
    await runSchedule(context(runs, events), session, [planned('candidate')])
    expect(runs.map((r) => r.valid)).toEqual([false])
    expect(events.map((e) => (e.event === 're-run' ? e.attempt : -1))).toEqual([0, 1])
  })
})
