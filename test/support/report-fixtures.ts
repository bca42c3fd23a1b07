/**
 * Hand-built GateResults for the report tests. Values come from a seeded generator, so snapshots are
 * stable, and are shaped like real runs (nginx -> echo, P95 around 2 ms, sd of log P95 about 0.05).
 */
import type {
  CellComparison,
  GateResults,
  ResourceSample,
  RunResult,
  SampleSummary,
  TimelineBucket,
  Verdict,
  VariantName,
} from '../../src/model.js'
import { seededRandom } from '../../src/plan/schedule.js'

/** The schedule's seeded PRNG: jitters fixture values deterministically. */
const rng = seededRandom

const round3 = (x: number): number => Math.round(x * 1000) / 1000

function summarize(values: number[]): SampleSummary {
  const sorted = [...values].sort((a, b) => a - b)
  const n = sorted.length
  const mid = Math.floor(n / 2)
  const median = n % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
  const mean = values.reduce((s, v) => s + v, 0) / n
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, n - 1))
  const half = (2.776 * sd) / Math.sqrt(n)
  return {
    n,
    median: round3(median),
    mean: round3(mean),
    lower: round3(median - half),
    upper: round3(median + half),
    values: values.map(round3),
  }
}

export interface CellSpec {
  profile: string
  scenario: string
  /** Median P95 of the baseline in ms; null for baseline mode (nothing to compare with). */
  baselineP95: number | null
  candidateP95: number
  verdict: Verdict
  control?: boolean
  concurrency?: number
  rounds?: number
  errorRate?: number
  /** Paired cells carry baseline runs measured on the same runner. */
  paired?: boolean
  resources?: boolean
  /** Runs carry a per-second timeline (the first second slower, as a cold connection pool makes it). */
  timeline?: boolean
  /** The stored baseline is a history of this many nights (summary unit 'night'). */
  nights?: number
  /** The scenario drives an arrival rate (open model) rather than VUs. */
  open?: boolean
  extra?: Record<string, unknown>
  reasons?: string[]
}

function makeRun(
  spec: CellSpec,
  variant: VariantName,
  round: number,
  p95: number,
  random: () => number,
  warmup: boolean,
): RunResult {
  // Open model: the throughput is the arrival rate; closed: VUs / mean latency.
  const rps = spec.open
    ? (spec.concurrency ?? 1000) * (0.995 + ((p95 * 7919) % 1) * 0.01)
    : (spec.concurrency ?? 10) * (1000 / (p95 * 0.6)) * 0.9
  const requests = Math.round(rps * 8)
  const errorRate = spec.errorRate ?? 0
  const resources: ResourceSample[] = []
  if (spec.resources) {
    for (let t = 0; t <= 8; t++) {
      resources.push({
        service: 'gateway',
        t,
        cpuPercent: round3(40 + 30 * Math.sin(t / 3) + random() * 5),
        memoryMiB: round3(48 + t * 0.8 + random()),
      })
      resources.push({
        service: 'echo',
        t,
        cpuPercent: round3(25 + random() * 8),
        memoryMiB: round3(12 + random()),
      })
    }
  }
  const timeline: TimelineBucket[] = []
  if (spec.timeline) {
    // Its own generator: drawing from `random` would shift every value the other fixtures pin.
    const random = rng(Math.round(p95 * 1000) * 31 + round * 2 + (variant === 'baseline' ? 1 : 0))
    for (let t = 0; t < 8; t++) {
      const slow = t === 0 ? 1.35 : 1
      // A regressing candidate also has a stall in the middle of its runs.
      const stall = variant === 'candidate' && spec.verdict === 'regression' && t === 5 ? 1.6 : 1
      const value = p95 * slow * stall * Math.exp((random() - 0.5) * 0.12)
      timeline.push({
        t,
        requests: Math.round(rps * (0.97 + random() * 0.06)),
        p50: round3(value * 0.55),
        p95: round3(value),
      })
    }
  }
  return {
    cell: `${spec.profile}/${spec.scenario}`,
    profile: spec.profile,
    scenario: spec.scenario,
    variant,
    round,
    warmup,
    startedAt: new Date(Date.UTC(2025, 10, 20, 12, 0, round * 30)).toISOString(),
    durationS: 8,
    metrics: {
      p50: round3(p95 * 0.55),
      p90: round3(p95 * 0.85),
      p95: round3(p95),
      p99: round3(p95 * 1.45),
      max: round3(p95 * 3.2),
      mean: round3(p95 * 0.6),
      rps: round3(rps),
      requests,
      errorRate,
      failedRequests: Math.round(requests * errorRate),
      checkAccuracy: 1 - errorRate,
      droppedIterations: 0,
    },
    valid: true,
    resources,
    ...(spec.timeline ? { timeline } : {}),
  }
}

/** A stored history's baseline: one geometric mean per night and a prediction interval for a new one. */
function nightSummary(base: number, nights: number, random: () => number): SampleSummary {
  const values = Array.from(
    { length: nights },
    (_, i) => base * (1 + 0.004 * i) * Math.exp((random() - 0.5) * 0.1),
  )
  const logs = values.map(Math.log)
  const mean = logs.reduce((sum, v) => sum + v, 0) / nights
  const sd = Math.sqrt(logs.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (nights - 1))
  const half = 2.447 * sd * Math.sqrt(1 + 1 / nights)
  const sorted = [...values].sort((a, b) => a - b)
  return {
    n: nights,
    median: round3(sorted[Math.floor(nights / 2)] ?? 0),
    mean: round3(Math.exp(mean)),
    lower: round3(Math.exp(mean - half)),
    upper: round3(Math.exp(mean + half)),
    values: values.map(round3),
    unit: 'night',
    interval: 'prediction',
  }
}

const defaultReasons: Record<Verdict, string[]> = {
  pass: ['P95 ratio upper bound is below 1 + threshold'],
  regression: ['P95 ratio lower bound is above 1 and the estimate exceeds 1 + threshold'],
  inconclusive: ['P95 ratio CI straddles the threshold; more runs would decide'],
}

/** Builds one cell with runs, summaries and a ratio consistent with the spec. */
export function makeCell(spec: CellSpec, seed = 1): CellComparison {
  const random = rng(seed)
  const rounds = spec.rounds ?? 5
  const jitter = (): number => Math.exp((random() - 0.5) * 0.1)
  const runs: RunResult[] = []
  runs.push(makeRun(spec, 'candidate', 0, spec.candidateP95 * 1.2, random, true))
  const candidateValues: number[] = []
  const baselineValues: number[] = []
  for (let round = 1; round <= rounds; round++) {
    const value = spec.candidateP95 * jitter()
    candidateValues.push(value)
    runs.push(makeRun(spec, 'candidate', round, value, random, false))
    if (spec.baselineP95 !== null) {
      const base = spec.baselineP95 * jitter()
      baselineValues.push(base)
      if (spec.paired) runs.push(makeRun(spec, 'baseline', round, base, random, false))
    }
  }
  const candidate = summarize(candidateValues)
  const baseline =
    spec.baselineP95 === null
      ? null
      : spec.nights
        ? nightSummary(spec.baselineP95, spec.nights, random)
        : summarize(baselineValues)
  const estimate = baseline ? candidate.median / baseline.median : null
  // A +-4% interval, widened where needed so that the interval agrees with the spec's verdict under
  // the rule in stats/verdict.ts (threshold 10%): the charts draw that rule.
  let lower = estimate === null ? 0 : estimate * 0.96
  let upper = estimate === null ? 0 : estimate * 1.04
  if (estimate !== null && spec.verdict === 'inconclusive') {
    if (estimate > 1.1) lower = Math.min(lower, 0.99)
    else upper = Math.max(upper, 1.12)
  }
  if (estimate !== null && spec.verdict === 'regression') lower = Math.max(lower, 1.01)
  if (estimate !== null && spec.verdict === 'pass') upper = Math.min(upper, 1.09)
  const ratio =
    estimate === null
      ? null
      : { estimate: round3(estimate), lower: round3(lower), upper: round3(upper), confidence: 0.95 }
  const errorRate = spec.errorRate ?? 0
  const pValue = spec.verdict === 'regression' ? 0.002 : spec.verdict === 'inconclusive' ? 0.04 : 0.4
  return {
    cell: `${spec.profile}/${spec.scenario}`,
    profile: spec.profile,
    scenario: spec.scenario,
    control: spec.control ?? false,
    metric: 'p95',
    method: spec.paired ? 'paired' : 'stored',
    candidate,
    baseline,
    ratio,
    changePct: estimate === null ? null : round3((estimate - 1) * 100),
    pValue: baseline ? pValue : null,
    adjustedPValue: baseline ? Math.min(1, pValue * 4) : null,
    latencyVerdict: spec.verdict,
    errorRate: {
      candidate: errorRate,
      candidateInterval: [Math.max(0, errorRate - 0.002), errorRate + 0.002],
      baseline: baseline ? 0 : null,
      ceiling: 0.01,
      aboveCeiling: errorRate > 0.01,
      significantIncrease: errorRate > 0.01,
    },
    verdict: spec.verdict,
    reasons: spec.reasons ?? defaultReasons[spec.verdict],
    runs,
    checkAccuracy: 1 - errorRate,
    ...(spec.concurrency === undefined ? {} : { concurrency: spec.concurrency }),
    ...(spec.open === undefined ? {} : { loadModel: spec.open ? 'open' : 'closed' }),
    payloadBytes: 1024,
    ...spec.extra,
  }
}

function gate(cells: CellComparison[], overrides: Partial<GateResults> = {}): GateResults {
  const order: Verdict[] = ['regression', 'inconclusive', 'pass']
  const gated = cells.filter((cell) => !cell.control)
  const verdict = order.find((v) => gated.some((cell) => cell.verdict === v)) ?? 'pass'
  return {
    schemaVersion: 1,
    name: 'nginx-example',
    mode: 'gate',
    method: 'stored',
    verdict,
    threshold: 0.1,
    confidence: 0.95,
    metric: 'p95',
    startedAt: '2025-11-20T12:00:00.000Z',
    finishedAt: '2025-11-20T12:06:40.000Z',
    gitSha: '3f2c9a1d5e7b4c6a8f0e1d2c3b4a59687f6e5d4c',
    k6Version: 'v1.8.1',
    machine: {
      cpus: 4,
      cpuModel: 'AMD EPYC 7763 64-Core Processor',
      memoryGiB: 16,
      os: 'Debian GNU/Linux 12 (bookworm)',
      kernel: '6.1.0-27-amd64',
      runner: 'ubuntu-24.04',
    },
    baseline: {
      path: 'baselines/nginx.json',
      createdAt: '2025-11-17T03:00:00.000Z',
      gitSha: '9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b',
      ageDays: 3.4,
    },
    cells,
    notes: [],
    ...overrides,
  }
}

/** Two profiles, one scenario, everything within the threshold. */
export function passingGate(): GateResults {
  return gate([
    makeCell(
      {
        profile: 'no-gateway',
        scenario: 'vus-10',
        concurrency: 10,
        baselineP95: 0.9,
        candidateP95: 0.91,
        verdict: 'pass',
        control: true,
      },
      1,
    ),
    makeCell(
      {
        profile: 'nginx',
        scenario: 'vus-10',
        concurrency: 10,
        baselineP95: 1.8,
        candidateP95: 1.83,
        verdict: 'pass',
      },
      2,
    ),
  ])
}

const sweepProfiles = [
  { profile: 'no-gateway', control: true, base: 0.9 },
  { profile: 'no-policies', control: false, base: 1.8 },
  { profile: 'key-auth', control: false, base: 2.3 },
  { profile: 'rate-limit', control: false, base: 2.6 },
]

/**
 * Four profiles (one control) at two concurrency levels: key-auth and rate-limit regress at 50 VUs,
 * rate-limit at 10 VUs is inconclusive, and one cell carries statistics a newer stats engine might add.
 */
export function regressedGate(): GateResults {
  const cells: CellComparison[] = []
  let seed = 10
  for (const { profile, control, base } of sweepProfiles) {
    for (const vus of [10, 50]) {
      const scale = vus === 50 ? 2.1 : 1
      const baselineP95 = base * scale
      let verdict: Verdict = 'pass'
      let factor = 1.02
      if (vus === 50 && (profile === 'key-auth' || profile === 'rate-limit')) {
        verdict = 'regression'
        factor = profile === 'key-auth' ? 1.18 : 1.27
      } else if (vus === 10 && profile === 'rate-limit') {
        verdict = 'inconclusive'
        factor = 1.09
      }
      const extra =
        profile === 'no-policies' && vus === 10
          ? {
              wilcoxonPValue: 0.3125,
              sigmaLogRatio: 0.0581,
              otherRatios: { p50: { estimate: 1.01, lower: 0.98, upper: 1.04, confidence: 0.95 } },
            }
          : undefined
      cells.push(
        makeCell(
          {
            profile,
            scenario: `vus-${vus}`,
            concurrency: vus,
            open: false,
            baselineP95,
            candidateP95: baselineP95 * factor,
            verdict,
            control,
            errorRate: profile === 'rate-limit' && vus === 50 ? 0.023 : 0,
            timeline: true,
            ...(extra ? { extra } : {}),
          },
          seed++,
        ),
      )
    }
  }
  return gate(cells, {
    notes: ['Noise monitor: the no-gateway control moved +2.0%, within its usual spread.'],
  })
}

/**
 * A stored baseline with 7 nights of history, open-model scenarios at two arrival rates, and
 * per-second timelines: key-auth regresses at 2000 req/s, rate-limit is inconclusive at 1000 req/s.
 */
export function historyGate(): GateResults {
  const cells: CellComparison[] = []
  let seed = 60
  for (const { profile, control, base } of sweepProfiles.filter((p) => p.profile !== 'no-policies')) {
    for (const rate of [1000, 2000]) {
      const baselineP95 = base * (rate === 2000 ? 1.6 : 1)
      let verdict: Verdict = 'pass'
      let factor = 1.01
      if (rate === 2000 && profile === 'key-auth') {
        verdict = 'regression'
        factor = 1.22
      } else if (rate === 1000 && profile === 'rate-limit') {
        verdict = 'inconclusive'
        factor = 1.07
      }
      cells.push(
        makeCell(
          {
            profile,
            scenario: `rate-${rate}`,
            concurrency: rate,
            open: true,
            baselineP95,
            candidateP95: baselineP95 * factor,
            verdict,
            control,
            nights: 7,
            timeline: true,
          },
          seed++,
        ),
      )
    }
  }
  return gate(cells, { evidence: 'stored', decision: 'key-auth/rate-2000 regressed against 7 nights' })
}

/** Baseline and candidate images measured in interleaved pairs on the same runner. */
export function pairedGate(): GateResults {
  return gate(
    [
      makeCell(
        {
          profile: 'no-policies',
          scenario: 'rate-1000',
          concurrency: 1000,
          baselineP95: 1.9,
          candidateP95: 1.92,
          verdict: 'pass',
          paired: true,
          rounds: 6,
        },
        31,
      ),
      makeCell(
        {
          profile: 'key-auth',
          scenario: 'rate-1000',
          concurrency: 1000,
          baselineP95: 2.4,
          candidateP95: 2.45,
          verdict: 'pass',
          paired: true,
          rounds: 6,
        },
        32,
      ),
    ].map((cell) => ({ ...cell, minDetectablePct: 12.4 })),
    {
      method: 'paired',
      baseline: null,
      evidence: 'paired',
      decision: 'every gated cell passes after 6 pairs',
      paired: { blocks: 6, pairs: 6, pairing: 'duet' },
    },
  )
}

/** A passing gate whose runs sampled container CPU and memory. */
export function resourcesGate(): GateResults {
  return gate([
    makeCell(
      {
        profile: 'no-policies',
        scenario: 'vus-10',
        concurrency: 10,
        baselineP95: 1.8,
        candidateP95: 1.81,
        verdict: 'pass',
        resources: true,
        rounds: 3,
      },
      41,
    ),
    makeCell(
      {
        profile: 'key-auth',
        scenario: 'vus-10',
        concurrency: 10,
        baselineP95: 2.3,
        candidateP95: 2.31,
        verdict: 'pass',
        resources: true,
        rounds: 3,
      },
      42,
    ),
  ])
}

/** Baseline mode: candidate runs only, nothing to compare with. */
export function baselineModeGate(): GateResults {
  return gate(
    [
      makeCell(
        {
          profile: 'no-gateway',
          scenario: 'vus-10',
          concurrency: 10,
          baselineP95: null,
          candidateP95: 0.9,
          verdict: 'pass',
          control: true,
        },
        51,
      ),
      makeCell(
        {
          profile: 'nginx',
          scenario: 'vus-10',
          concurrency: 10,
          baselineP95: null,
          candidateP95: 1.8,
          verdict: 'pass',
        },
        52,
      ),
    ],
    { mode: 'baseline', method: 'none', baseline: null },
  )
}

/** Far more cells, runs and prose than a comment can hold: exercises the size cap. */
export function hugeGate(profiles = 60, scenarios = 12): GateResults {
  const cells: CellComparison[] = []
  let seed = 100
  for (let p = 0; p < profiles; p++) {
    for (let s = 0; s < scenarios; s++) {
      const verdict: Verdict =
        (p * scenarios + s) % 7 === 0 ? 'regression' : (p + s) % 5 === 0 ? 'inconclusive' : 'pass'
      const base = 1 + p * 0.1 + s * 0.2
      cells.push(
        makeCell(
          {
            profile: `policy-chain-${String(p).padStart(2, '0')}`,
            scenario: `vus-${(s + 1) * 10}`,
            concurrency: (s + 1) * 10,
            baselineP95: base,
            candidateP95: base * (verdict === 'regression' ? 1.2 : verdict === 'inconclusive' ? 1.08 : 1.01),
            verdict,
            rounds: 20,
            reasons: [
              'P95 ratio estimate compared with 1 + threshold after Holm correction over all gated cells <with> | pipes & angle brackets',
              'Error rate within the ceiling and not significantly above the baseline',
            ],
          },
          seed++,
        ),
      )
    }
  }
  return gate(cells, { notes: ['Baseline is older than 7 days; consider refreshing it.'] })
}

// The runner check's reasons and notes as src/gate/run-gate.ts, src/stats/runner-check.ts and
// src/stats/noise-monitor.ts write them for a PR measured on a slower runner than the baseline's.
const MACHINE_REASON =
  "machine differs from the baseline's: 4 x AMD EPYC 7763 64-Core Processor here, 2 x Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz in the baseline"
const CONTROL_FINDING = 'no-gateway/vus-50 P95 +64.0% (95% CI +52.0% to +77.0%)'
const RUNNER_REASONS = [
  MACHINE_REASON,
  `control ${CONTROL_FINDING}: this runner is markedly slower than the baseline's`,
]
const NOISE_NOTE = `Noise monitor: the control profile differs from the baseline's runner (${CONTROL_FINDING}: this runner is markedly slower). Stored-baseline verdicts on this runner may reflect the machine rather than the change; a paired run on one runner settles it.`
const PLACEMENT_NOTE =
  'CPU placement: split (gate.placement: auto): gateway on CPU 2-3; k6 and backend on CPU 0-1.'

/**
 * A stored alarm on a runner that differs from the baseline's, escalated to paired A/B blocks on this
 * runner, which decided: key-auth/vus-50 regresses, rate-limit/vus-10 stays inconclusive. Every cell
 * carries its smallest detectable change, and the notes are the gate's own.
 */
export function escalatedGate(): GateResults {
  const results = regressedGate()
  const cells = results.cells.map((cell) => ({ ...cell, method: 'paired' as const, minDetectablePct: 13.2 }))
  return {
    ...results,
    method: 'paired',
    baseline: null,
    cells,
    evidence: 'paired',
    decision: 'key-auth/vus-50, rate-limit/vus-50 regressed after 8 pairs',
    paired: { blocks: 8, pairs: 8, pairing: 'duet' },
    storedPhase: {
      verdict: 'regression',
      runner: { status: 'differs', reasons: RUNNER_REASONS },
      cells: cells.map((c) => ({
        cell: c.cell,
        control: c.control,
        verdict: c.verdict,
        changePct: c.changePct,
        ratio: c.ratio,
      })),
    },
    notes: [
      'Decided by paired A/B blocks on this runner: key-auth/vus-50, rate-limit/vus-50 regressed after 8 pairs.',
      'Stored comparison (not deciding): regression; no-policies/vus-10 +31.0% regression, key-auth/vus-50 +52.0% regression; runner differs.',
      `Runner check against the baseline: differs (${RUNNER_REASONS.join('; ')}).`,
      'Smallest regression this gate could have detected on this runner (80% power, from the noise it measured and the runs it had): no-policies/vus-10 +13.2%, key-auth/vus-50 +13.2%, rate-limit/vus-10 +13.2%.',
      NOISE_NOTE,
      PLACEMENT_NOTE,
    ],
  }
}

/** The same runner without a baseline variant: the stored comparison cannot decide, and says why. */
export function runnerDiffersGate(): GateResults {
  const results = regressedGate()
  const cells = results.cells.map((cell) =>
    cell.control
      ? cell
      : { ...cell, verdict: 'inconclusive' as const, latencyVerdict: 'inconclusive' as const },
  )
  const decision = `stored evidence cannot decide: this runner differs from the baseline's (${RUNNER_REASONS.join('; ')}); set baselineVariant (e.g. build the gateway from the merge base: baselineVariant.services.<name>.build.ref) so the gate can run paired A/B blocks on this runner`
  return {
    ...results,
    verdict: 'inconclusive',
    cells,
    evidence: 'stored',
    decision,
    notes: [
      `Decided by the stored baseline: ${decision}.`,
      `Runner check against the baseline: differs (${RUNNER_REASONS.join('; ')}).`,
      NOISE_NOTE,
      PLACEMENT_NOTE,
    ],
  }
}
