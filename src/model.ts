/**
 * The data that flows between modules: one run's metrics, the comparison of a cell, the results of a
 * gate. Persisted shapes (runs, results.json) are zod schemas so that files read back are validated.
 */
import { z } from 'zod'

/** A cell is one profile driven by one scenario; its id is "profile/scenario". */
export function cellId(profile: string, scenario: string): string {
  return `${profile}/${scenario}`
}

/** Which side of an A/B comparison a run belongs to. Stored-baseline gates only run "candidate". */
export const variantNames = ['candidate', 'baseline'] as const
export type VariantName = (typeof variantNames)[number]

/** Latency in milliseconds, rates per second, fractions in [0, 1]. */
export const runMetricsSchema = z.object({
  p50: z.number().nonnegative(),
  p90: z.number().nonnegative(),
  p95: z.number().nonnegative(),
  p99: z.number().nonnegative(),
  max: z.number().nonnegative(),
  mean: z.number().nonnegative(),
  rps: z.number().nonnegative(),
  requests: z.number().int().nonnegative(),
  errorRate: z.number().min(0).max(1),
  failedRequests: z.number().int().nonnegative(),
  checkAccuracy: z.number().min(0).max(1),
  droppedIterations: z.number().int().nonnegative(),
})
export type RunMetrics = z.infer<typeof runMetricsSchema>

/** Resource usage of one container during one run, from the docker stats API. */
export const resourceSampleSchema = z.object({
  service: z.string(),
  t: z.number().describe('seconds since the run started'),
  cpuPercent: z.number(),
  memoryMiB: z.number(),
  pids: z.number().int().optional(),
})
export type ResourceSample = z.infer<typeof resourceSampleSchema>

export const runResultSchema = z.object({
  cell: z.string(),
  profile: z.string(),
  scenario: z.string(),
  variant: z.enum(variantNames),
  round: z.number().int().nonnegative(),
  /**
   * Paired blocks: which set of freshly started stacks measured this run. Runs of one block share
   * their instances' offsets, so the paired comparison treats the block as its unit.
   */
  block: z.number().int().nonnegative().optional(),
  /** Which phase of the gate measured it: the stored comparison, or the paired A/B blocks. */
  phase: z.enum(['stored', 'paired', 'baseline']).optional(),
  warmup: z.boolean(),
  startedAt: z.string(),
  durationS: z.number().nonnegative(),
  metrics: runMetricsSchema,
  /** False when the run cannot be compared (e.g. an open-model run that dropped iterations). */
  valid: z.boolean(),
  invalidReason: z.string().optional(),
  resources: z.array(resourceSampleSchema).default([]),
})
export type RunResult = z.infer<typeof runResultSchema>

export type Verdict = 'pass' | 'regression' | 'inconclusive'

/** The latency percentiles a gate can compare. */
export type LatencyMetric = 'p50' | 'p90' | 'p95' | 'p99'

/** A ratio candidate/baseline with its confidence interval. */
export interface RatioEstimate {
  estimate: number
  lower: number
  upper: number
  confidence: number
}

/** A location estimate of one metric across runs, with its CI. */
export interface SampleSummary {
  n: number
  median: number
  mean: number
  lower: number
  upper: number
  values: number[]
  /** What one value is: a run, or (for a stored history) one night's geometric mean. Default 'run'. */
  unit?: 'run' | 'night'
  /**
   * What [lower, upper] is: a CI of the centre (latency: of the geometric mean, see stats/descriptive),
   * a prediction interval for a new night (history), or nothing (fewer than two values).
   */
  interval?: 'confidence' | 'prediction' | 'none'
}

export interface ErrorRateComparison {
  /** Candidate failed requests / requests over all measured runs. */
  candidate: number
  candidateInterval: [number, number]
  baseline: number | null
  ceiling: number
  aboveCeiling: boolean
  /** The candidate's error rate is significantly above the baseline's. */
  significantIncrease: boolean
}

export interface CellComparison {
  cell: string
  profile: string
  scenario: string
  control: boolean
  metric: 'p50' | 'p90' | 'p95' | 'p99'
  /** 'stored': against a baseline file; 'paired': A/B pairs on this runner. */
  method: 'stored' | 'paired'
  candidate: SampleSummary
  baseline: SampleSummary | null
  ratio: RatioEstimate | null
  /** (ratio - 1) * 100, or null without a baseline. */
  changePct: number | null
  pValue: number | null
  adjustedPValue: number | null
  latencyVerdict: Verdict
  errorRate: ErrorRateComparison
  /** The cell's verdict: latency and error rate together. */
  verdict: Verdict
  /** Human-readable reasons, in the order they were decided. */
  reasons: string[]
  /** Per-variant, per-run values, for charts and details. */
  runs: RunResult[]
  checkAccuracy: number
  /** The scenario's load level (VUs, or the arrival rate for open-model scenarios), for charts vs concurrency. */
  concurrency?: number
  /** The scenario's request payload size, for charts and tables that group by payload. */
  payloadBytes?: number
  /** The latency test used: Welch (one stored night), history prediction interval, or paired t. */
  latencyTest?: 'welch' | 'history' | 'paired-t' | null
  /** Paired mode: two-sided Wilcoxon signed-rank p-value on the log ratios, a rank-based cross-check. */
  wilcoxonPValue?: number | null
  /** Paired mode: sd of the per-pair log ratio (the noise the gate works against). */
  sigmaLogRatio?: number | null
  /** Ratios of the other percentiles (e.g. P50, P99), same method; reported, never gated. */
  otherRatios?: Partial<Record<LatencyMetric, RatioEstimate>>
  /** Runs left out of the statistics (warm-up, invalid, nothing measured), both sides together. */
  excludedRuns?: number
  /**
   * The smallest true regression (in %) this comparison would have blocked with 80% power, from the
   * noise it measured and the runs or pairs it had; null when it cannot be computed.
   */
  minDetectablePct?: number | null
}

/** Which evidence decided the gate: the stored baseline, paired A/B blocks on this runner, or none. */
export type Evidence = 'stored' | 'paired' | 'none'

/** The runner check of a stored comparison (see stats/runner-check.ts). */
export interface RunnerCheckResult {
  status: 'same' | 'differs' | 'unknown'
  reasons: string[]
}

/** What the stored phase found, kept when paired blocks decided instead. */
export interface StoredPhaseSummary {
  verdict: Verdict
  runner: RunnerCheckResult
  cells: {
    cell: string
    control: boolean
    verdict: Verdict
    changePct: number | null
    ratio: RatioEstimate | null
  }[]
}

export interface GateResults {
  schemaVersion: 1
  name: string
  mode: 'gate' | 'baseline'
  method: 'stored' | 'paired' | 'none'
  verdict: Verdict
  threshold: number
  confidence: number
  metric: 'p50' | 'p90' | 'p95' | 'p99'
  startedAt: string
  finishedAt: string
  gitSha: string | null
  k6Version: string | null
  machine: MachineFingerprint
  baseline: { path: string; createdAt: string; gitSha: string | null; ageDays: number } | null
  cells: CellComparison[]
  /** Notes for the reader: noise monitor, stale baseline, invalid runs. */
  notes: string[]
  /** Which evidence decided (absent in results written before the decision policy). */
  evidence?: Evidence
  /** The one-line reason of the decision: what decided and why. */
  decision?: string
  /** The stored comparison when the gate had a stored phase (also when paired blocks decided). */
  storedPhase?: StoredPhaseSummary | null
  /** Paired blocks run, and pairs per cell, when the gate ran paired A/B blocks. */
  paired?: { blocks: number; pairs: number; pairing: 'duet' | 'interleaved' } | null
  /** Wall time of the whole gate in seconds. */
  wallTimeS?: number
}

export const machineFingerprintSchema = z.object({
  cpus: z.number().int(),
  cpuModel: z.string(),
  memoryGiB: z.number(),
  os: z.string(),
  kernel: z.string(),
  runner: z.string().optional(),
})
export type MachineFingerprint = z.infer<typeof machineFingerprintSchema>
