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
  const rps = (spec.concurrency ?? 10) * (1000 / (p95 * 0.6)) * 0.9
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
  const baseline = spec.baselineP95 === null ? null : summarize(baselineValues)
  const estimate = baseline ? candidate.median / baseline.median : null
  const ratio =
    estimate === null
      ? null
      : {
          estimate: round3(estimate),
          lower: round3(estimate * 0.96),
          upper: round3(estimate * 1.04),
          confidence: 0.95,
        }
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
            baselineP95,
            candidateP95: baselineP95 * factor,
            verdict,
            control,
            errorRate: profile === 'rate-limit' && vus === 50 ? 0.023 : 0,
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
