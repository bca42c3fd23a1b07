/** A cell of results.json: its runs, its latency and error-rate comparison, its load and tests. */
import { z } from 'zod'
import { cellKindFields } from './results-kinds.js'
import { cpuPerRequestFields } from './results-cpu.js'
import { TEXT_LIMITS, type ResultParts } from './results-parts.js'
import {
  capacitySearchSchema,
  capacityStepSchema,
  endpointMetricsSchema,
  MAX_ENDPOINT_RESULTS,
  MAX_SCRIPT_THRESHOLDS,
  MAX_TIMELINE_BUCKETS,
  resourceSampleSchema,
  runMetricsSchema,
  runCpuSchema,
  runResultSchema,
  scriptThresholdSchema,
  timelineBucketSchema,
} from './runs.js'

/** One run as results.json holds it (a pull request's script names are free text, checked like any). */
export function runSchemaOf(p: ResultParts) {
  const { strings } = p
  return runResultSchema.extend({
    // A pull request's script names its thresholds and tag values: free text, checked like any.
    metrics: runMetricsSchema.extend({
      thresholds: z
        .array(
          scriptThresholdSchema.extend({
            metric: strings.text(TEXT_LIMITS.short),
            threshold: strings.text(TEXT_LIMITS.short),
          }),
        )
        .max(MAX_SCRIPT_THRESHOLDS)
        .optional(),
      endpoints: z
        .array(
          endpointMetricsSchema.extend({
            tag: strings.text(TEXT_LIMITS.short),
            value: strings.text(TEXT_LIMITS.short),
          }),
        )
        .max(MAX_ENDPOINT_RESULTS)
        .optional(),
    }),
    cell: strings.cell,
    profile: strings.name,
    scenario: strings.name,
    startedAt: strings.text(TEXT_LIMITS.short),
    invalidReason: strings.text(TEXT_LIMITS.long).optional(),
    resources: z
      .array(resourceSampleSchema.extend({ service: strings.name }))
      .max(100_000)
      .default([]),
    cpuPerRequest: runCpuSchema.extend({ service: strings.name }).optional(),
    // Restated (runResultSchema has it too) so that publish mode visibly keeps it, bounded.
    timeline: z.array(timelineBucketSchema).max(MAX_TIMELINE_BUCKETS).optional(),
    capacity: capacitySearchSchema
      .extend({
        steps: z
          .array(capacityStepSchema.extend({ reason: strings.text(TEXT_LIMITS.long).optional() }))
          .max(50),
      })
      .optional(),
  })
}

/** Which cell, its comparison of latency and error rate, its verdict and runs. */
function cellComparisonFields(p: ResultParts) {
  const run = runSchemaOf(p)
  const { strings, finite, verdict, metric, ratio, summary } = p
  return {
    cell: strings.cell,
    profile: strings.name,
    scenario: strings.name,
    control: z.boolean(),
    metric,
    /** 'stored': against a baseline file; 'paired': A/B pairs on this runner. */
    method: z.enum(['stored', 'paired']),
    candidate: summary,
    baseline: summary.nullable(),
    ratio: ratio.nullable(),
    /** (ratio - 1) * 100, or null without a baseline. */
    changePct: finite.nullable(),
    pValue: finite.nullable(),
    adjustedPValue: finite.nullable(),
    latencyVerdict: verdict,
    errorRate: z.object({
      /** Candidate failed requests / requests over all measured runs. */
      candidate: finite,
      candidateInterval: z.tuple([finite, finite]),
      baseline: finite.nullable(),
      ceiling: finite,
      aboveCeiling: z.boolean(),
      /** The candidate's error rate is significantly above the baseline's. */
      significantIncrease: z.boolean(),
    }),
    /** The cell's verdict: latency and error rate together. */
    verdict,
    /** Human-readable reasons, in the order they were decided. */
    reasons: z.array(strings.text(TEXT_LIMITS.long)).max(1000),
    /** Per-variant, per-run values, for charts and details. */
    runs: z.array(run).max(100_000),
    checkAccuracy: finite,
  }
}

/** The cell's load level, accuracy, what it achieved, and the tests behind its numbers. */
function cellLoadFields(p: ResultParts) {
  const { strings, finite, metric, ratio } = p
  return {
    /** The scenario's load level (VUs, or the arrival rate for open-model scenarios), for charts vs concurrency. */
    concurrency: finite.optional(),
    /**
     * What `concurrency` counts: 'open' (an arrival-rate scenario) an arrival rate in requests/s,
     * 'closed' virtual users. Absent in older results, where charts guess from the scenario name.
     */
    loadModel: z.enum(['open', 'closed']).optional(),
    /** The scenario's request payload size, for charts and tables that group by payload. */
    payloadBytes: finite.optional(),
    /** A swept scenario's level: the configured scenario and its label, e.g. `vus=10` (config/sweep.ts). */
    sweep: z.object({ scenario: strings.name, level: strings.text(TEXT_LIMITS.short) }).optional(),
    /**
     * Accuracy against gate.minAccuracy: below it the cell fails whatever its latency, reported
     * separately from latency (its own reason, its own column).
     */
    accuracy: z.object({ min: finite, fails: z.boolean() }).optional(),
    /** What the candidate achieved: medians over measured runs of mean latency and throughput; the largest max. */
    achieved: z
      .object({
        meanMs: finite,
        maxMs: finite,
        rps: finite,
        /** The configured arrival rate of an open-model cell, to read `rps` against. */
        targetRps: finite.optional(),
        runs: z.number().int().nonnegative(),
      })
      .optional(),
    /** The latency test used: Welch (one stored night), history prediction interval, or paired t. */
    latencyTest: z.enum(['welch', 'history', 'paired-t']).nullable().optional(),
    /** Paired mode: two-sided Wilcoxon signed-rank p-value on the log ratios, a rank-based cross-check. */
    wilcoxonPValue: finite.nullable().optional(),
    /** Paired mode: sd of the per-pair log ratio (the noise the gate works against). */
    sigmaLogRatio: finite.nullable().optional(),
    /** Ratios of the other percentiles (e.g. P50, P99), same method; reported, never gated. */
    otherRatios: z.partialRecord(metric, ratio).optional(),
    /** Runs left out of the statistics (warm-up, invalid, nothing measured), both sides together. */
    excludedRuns: z.number().int().nonnegative().optional(),
    /**
     * The smallest true regression (in %) this comparison would have blocked with 80% power, from the
     * noise it measured and the runs or pairs it had; null when it cannot be computed.
     */
    minDetectablePct: finite.nullable().optional(),
  }
}

/** A cell: comparison, load and tests, and what its kind (capacity, arena, your script) adds. */
export function cellSchemaOf(p: ResultParts) {
  return z.object({
    ...cellComparisonFields(p),
    ...cellLoadFields(p),
    ...cellKindFields(p),
    ...cpuPerRequestFields(p),
  })
}
