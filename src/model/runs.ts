/**
 * One run as the gate records it: its metrics, resources, timeline, and what a capacity search or an
 * arena run measured; the machine it ran on.
 */
import { z } from 'zod'
import { ENTERPRISE_DIMENSIONS } from './enterprise-dimensions.js'

/** A cell is one profile driven by one scenario; its id is "profile/scenario". */
export function cellId(profile: string, scenario: string): string {
  return `${profile}/${scenario}`
}

/** Which side of an A/B comparison a run belongs to. Stored-baseline gates only run "candidate". */
export const variantNames = ['candidate', 'baseline'] as const
export type VariantName = (typeof variantNames)[number]

/** Most thresholds of a user's script kept per run, and most endpoints (tag values) per run. */
export const MAX_SCRIPT_THRESHOLDS = 200
export const MAX_ENDPOINT_RESULTS = 20

/** One threshold of a user's k6 script: `metric` as k6 names it, `threshold` its expression. */
export const scriptThresholdSchema = z.object({
  metric: z.string(),
  threshold: z.string(),
  ok: z.boolean(),
})
export type ScriptThreshold = z.infer<typeof scriptThresholdSchema>

/** One endpoint of a user's script: the requests carrying `tag: value` in its load scenarios. */
export const endpointMetricsSchema = z.object({
  tag: z.string(),
  value: z.string(),
  requests: z.number().int().nonnegative(),
  p50: z.number().nonnegative(),
  p95: z.number().nonnegative(),
  p99: z.number().nonnegative(),
  errorRate: z.number().min(0).max(1),
})
export type EndpointMetrics = z.infer<typeof endpointMetricsSchema>

/** Latency in milliseconds, rates per second, fractions in [0, 1]. */
export const runMetricsSchema = z.object({
  /** P25 and P75: only the arena's phases ask k6 for them (IQR consistency). */
  p25: z.number().nonnegative().optional(),
  p75: z.number().nonnegative().optional(),
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
  /** A user's own k6 script: each of its thresholds and whether k6 found it kept. */
  thresholds: z.array(scriptThresholdSchema).max(MAX_SCRIPT_THRESHOLDS).optional(),
  /** A user's own k6 script: the load per value of its endpoint tag (e.g. `name`), bounded. */
  endpoints: z.array(endpointMetricsSchema).max(MAX_ENDPOINT_RESULTS).optional(),
})
export type RunMetrics = z.infer<typeof runMetricsSchema>

/** Resource usage of one container during one run, from the docker stats API. */
export const resourceSampleSchema = z.object({
  service: z.string(),
  t: z.number().describe('seconds since the run started'),
  cpuPercent: z.number(),
  /** CPU seconds the container used in this sample's interval, from its cumulative cgroup counter. */
  cpuSeconds: z.number().nonnegative().optional(),
  /** Seconds of wall time the interval covers (from the previous read with CPU counters to this one). */
  intervalS: z.number().positive().optional(),
  memoryMiB: z.number(),
  pids: z.number().int().optional(),
})
export type ResourceSample = z.infer<typeof resourceSampleSchema>

/**
 * Most buckets a run's timeline keeps. Per-second buckets for a run of up to an hour; a longer run gets
 * wider buckets (see load/timeline.ts), so a results.json stays small whatever the run length.
 */
export const MAX_TIMELINE_BUCKETS = 3600

/**
 * One bucket of a run's latency over time: the requests that completed in [t, t + width). Percentiles
 * are absent when none did (a stall), rather than a 0 that would read as fast.
 */
export const timelineBucketSchema = z.object({
  t: z.number().nonnegative().describe('seconds since the load phase started (bucket start)'),
  requests: z.number().int().nonnegative(),
  p50: z.number().nonnegative().optional(),
  p95: z.number().nonnegative().optional(),
})
export type TimelineBucket = z.infer<typeof timelineBucketSchema>

/** One step of a capacity search: a constant target rate and what it achieved. */
export const capacityStepSchema = z.object({
  step: z.number().int().positive(),
  phase: z.enum(['doubling', 'bisection']),
  /** 2.. when a failing step was measured again at the same rate (capacity.retries); 1 or absent otherwise. */
  attempt: z.number().int().positive().optional(),
  /** Target arrival rate, requests per second. */
  target: z.number().positive(),
  /** Completed requests per second in the step's load phase. */
  achieved: z.number().nonnegative(),
  errorRate: z.number().min(0).max(1),
  p95: z.number().nonnegative(),
  requests: z.number().int().nonnegative(),
  droppedIterations: z.number().int().nonnegative(),
  pass: z.boolean(),
  /** Why the step failed the pass rule. */
  reason: z.string().optional(),
})
export type CapacityStepResult = z.infer<typeof capacityStepSchema>

/**
 * One capacity search (a run of a `capacity-search` scenario). `capacity` is the highest passing
 * target rate (null when nothing passed); with outcome 'at-max' it is a lower bound.
 */
export const capacitySearchSchema = z.object({
  capacity: z.number().positive().nullable(),
  outcome: z.enum(['bracketed', 'at-max', 'below-start', 'step-limit']),
  /** The lowest failing rate, when one was seen. */
  ceiling: z.number().positive().nullable(),
  rule: z.object({
    errorRateCeiling: z.number(),
    achievedTolerance: z.number(),
    p95CeilingMs: z.number().optional(),
  }),
  steps: z.array(capacityStepSchema).max(50),
})
export type CapacitySearchResult = z.infer<typeof capacitySearchSchema>

export const arenaDimensionNames = [
  'sequential',
  'burst50',
  'burst100',
  'availability',
  'errorRate',
  'consistency',
  'rampUp',
  // Layer 1 (script: arena-enterprise): its dimensions, each also a phase (one k6 process).
  ...ENTERPRISE_DIMENSIONS,
] as const
export const arenaPhaseNames = [
  'warmup',
  'health',
  'sequential',
  'burst10',
  'burst50',
  'burst100',
  'sustained',
  'rampup',
  ...ENTERPRISE_DIMENSIONS,
] as const

/**
 * One arena run (seed 002): what each phase measured, each dimension's value and score, the score (layer 0's
 * composite score, or layer 1's ERI).
 */
export const arenaRunSchema = z.object({
  score: z.number().min(0).max(100),
  dimensions: z.partialRecord(
    z.enum(arenaDimensionNames),
    z.object({ value: z.number(), score: z.number().min(0).max(100) }),
  ),
  phases: z.partialRecord(
    z.enum(arenaPhaseNames),
    z.object({
      requests: z.number().int().nonnegative(),
      errorRate: z.number().min(0).max(1),
      p25: z.number().nonnegative().optional(),
      p50: z.number().nonnegative(),
      p75: z.number().nonnegative().optional(),
      p95: z.number().nonnegative(),
      rps: z.number().nonnegative(),
    }),
  ),
})
export type ArenaRunResult = z.infer<typeof arenaRunSchema>

/**
 * The CPU time the service a profile targets (the gateway; the backend for a control) spent per
 * request in one run: CPU seconds from the container's cumulative cgroup counter over the sampled part
 * of the load window, divided by the requests in that span (the run's load-phase rate times the span).
 */
export const runCpuSchema = z.object({
  service: z.string(),
  /** CPU microseconds per request. */
  usPerRequest: z.number().positive(),
  /** CPU seconds counted, and the seconds of the load window they cover. */
  cpuSeconds: z.number().nonnegative(),
  spanS: z.number().positive(),
})
export type RunCpu = z.infer<typeof runCpuSchema>

/** One start-up run (script: startup): a warm restart of one service, timed from its process start. */
export const startupRunSchema = z.object({
  service: z.string(),
  /**
   * Process start (Docker's State.StartedAt) to the first response passing the profile's status and
   * headers; null: none in time. The gated value.
   */
  firstResponseMs: z.number().nonnegative().nullable(),
  /** Process start to the first 2xx of startup.healthPath, when configured and reached. */
  healthyMs: z.number().nonnegative().optional(),
  /** Docker's part: the start call to the process start (reported, not gated). */
  dockerStartMs: z.number().nonnegative().optional(),
  /** Requests sent until the first success (or the timeout). */
  polls: z.number().int().nonnegative(),
})
export type StartupRunResult = z.infer<typeof startupRunSchema>

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
  /**
   * A paired block's warm-up load (gate.blockWarmup): which window on this stack and cell, from 0.
   * Always a warm-up run (never compared); absent on every measured run.
   */
  warmupWindow: z.number().int().nonnegative().optional(),
  startedAt: z.string(),
  durationS: z.number().nonnegative(),
  metrics: runMetricsSchema,
  /** False when the run cannot be compared (e.g. an open-model run that dropped iterations). */
  valid: z.boolean(),
  invalidReason: z.string().optional(),
  resources: z.array(resourceSampleSchema).default([]),
  /** The target service's CPU per request (kept in baseline files, which drop the samples). */
  cpuPerRequest: runCpuSchema.optional(),
  /** Latency over time within the load phase, from k6's per-request samples (absent in older results). */
  timeline: z.array(timelineBucketSchema).max(MAX_TIMELINE_BUCKETS).optional(),
  /** A capacity-search run: the search's steps and the capacity it found (metrics: the capacity step's). */
  capacity: capacitySearchSchema.optional(),
  /** An arena run: its phases, dimension scores and composite score (metrics: the sustained phase's). */
  arena: arenaRunSchema.optional(),
  /** A start-up run: the restarted service and its times (metrics: the first response's, in every percentile). */
  startup: startupRunSchema.optional(),
})
export type RunResult = z.infer<typeof runResultSchema>

export const machineFingerprintSchema = z.object({
  cpus: z.number().int(),
  cpuModel: z.string(),
  memoryGiB: z.number(),
  os: z.string(),
  kernel: z.string(),
  runner: z.string().optional(),
})
export type MachineFingerprint = z.infer<typeof machineFingerprintSchema>
