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
] as const

/** One arena run (seed 002): what each phase measured, each dimension's value and score, the score. */
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
  /** Latency over time within the load phase, from k6's per-request samples (absent in older results). */
  timeline: z.array(timelineBucketSchema).max(MAX_TIMELINE_BUCKETS).optional(),
  /** A capacity-search run: the search's steps and the capacity it found (metrics: the capacity step's). */
  capacity: capacitySearchSchema.optional(),
  /** An arena run: its phases, dimension scores and composite score (metrics: the sustained phase's). */
  arena: arenaRunSchema.optional(),
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

export type Verdict = 'pass' | 'regression' | 'inconclusive'

/** The latency percentiles a gate can compare. */
export type LatencyMetric = 'p50' | 'p90' | 'p95' | 'p99'

/**
 * Caps on results.json's free text. Generous for what a gate writes (a note may list every regressed
 * cell), but bounded: results.json also arrives from other workflows (publish mode), where a fork
 * controls it.
 */
export const TEXT_LIMITS = { short: 256, path: 4096, long: 20_000 } as const

/**
 * How results.json's strings are validated. The gate's own results use plain strings; publish mode
 * (results written by a fork's workflow) checks names strictly and defangs every free-text field. One
 * schema builder serves both, so a field added for the gate can never silently vanish in publish mode.
 */
export interface ResultsStrings {
  /** Free text (notes, reasons, versions, machine description) of at most `max` characters. */
  text: (max: number) => z.ZodType<string>
  /** A profile, scenario, service or config name. */
  name: z.ZodType<string>
  /** "profile/scenario". */
  cell: z.ZodType<string>
  /** A git commit SHA. */
  sha: z.ZodType<string>
}

/** Builds the results.json schema with the given string rules. */
export function buildResultsSchema(strings: ResultsStrings) {
  const finite = z.number().finite()
  const verdict = z.enum(['pass', 'regression', 'inconclusive'])
  const metric = z.enum(['p50', 'p90', 'p95', 'p99'])
  const ratio = z.object({ estimate: finite, lower: finite, upper: finite, confidence: finite })
  const summary = z.object({
    n: z.number().int().nonnegative(),
    median: finite,
    mean: finite,
    lower: finite,
    upper: finite,
    values: z.array(finite).max(100_000),
    /** What one value is: a run, or (for a stored history) one night's geometric mean. Default 'run'. */
    unit: z.enum(['run', 'night']).optional(),
    /**
     * What [lower, upper] is: a CI of the centre (latency: of the geometric mean, see stats/descriptive),
     * a prediction interval for a new night (history), or nothing (fewer than two values).
     */
    interval: z.enum(['confidence', 'prediction', 'none']).optional(),
  })
  const run = runResultSchema.extend({
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
  const cell = z.object({
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
    /**
     * A user's own k6 script: each of its thresholds over the cell's measured candidate runs (how
     * many runs crossed it), and whether a crossing fails the cell (scenario option `thresholds`).
     */
    scriptThresholds: z
      .array(
        z.object({
          metric: strings.text(TEXT_LIMITS.short),
          threshold: strings.text(TEXT_LIMITS.short),
          crossed: z.number().int().nonnegative(),
          runs: z.number().int().nonnegative(),
          fails: z.boolean(),
        }),
      )
      .max(MAX_SCRIPT_THRESHOLDS)
      .optional(),
    /**
     * A capacity-search cell: the capacity (req/s) per side over its searches, the ratio
     * candidate/baseline and its verdict (higher is better: a drop beyond the threshold regresses).
     * It decides the cell; latency and error rate at capacity are reported, not gated.
     */
    capacity: z
      .object({
        candidate: summary,
        baseline: summary.nullable(),
        ratio: ratio.nullable(),
        changePct: finite.nullable(),
        pValue: finite.nullable(),
        adjustedPValue: finite.nullable(),
        test: z.enum(['welch', 'paired-t']).nullable(),
        verdict,
        /** Searches that found no passing rate at all, per side. */
        noCapacity: z.object({ candidate: z.number().int(), baseline: z.number().int() }),
        /** Searches whose capacity is only a lower bound (max passed), per side. */
        atMax: z.object({ candidate: z.number().int(), baseline: z.number().int() }),
      })
      .optional(),
    /**
     * An arena cell: the composite score over runs (median, mean and t CI of the mean, as seed 002),
     * each dimension's median score, and the candidate - baseline difference in points with its
     * verdict (a drop beyond threshold x the baseline's mean regresses). It decides the cell.
     */
    arena: z
      .object({
        candidate: summary,
        baseline: summary.nullable(),
        dimensions: z.partialRecord(
          z.enum(arenaDimensionNames),
          z.object({ median: finite, lower: finite, upper: finite, values: z.array(finite).max(10_000) }),
        ),
        difference: z
          .object({ estimate: finite, lower: finite, upper: finite, confidence: finite })
          .nullable(),
        changePct: finite.nullable(),
        pValue: finite.nullable(),
        test: z.enum(['welch', 'paired-t']).nullable(),
        verdict,
      })
      .optional(),
    /** A user's own k6 script: per endpoint (tag value), medians over the measured candidate runs. */
    endpoints: z
      .array(
        endpointMetricsSchema.extend({
          tag: strings.text(TEXT_LIMITS.short),
          value: strings.text(TEXT_LIMITS.short),
          runs: z.number().int().nonnegative(),
        }),
      )
      .max(MAX_ENDPOINT_RESULTS)
      .optional(),
  })
  const interval = z.object({ estimate: finite, lower: finite, upper: finite, confidence: finite })
  const overhead = z.object({
    profile: strings.name,
    /** figures.reference; for the gateway's own cost, the control profile (profile is then the reference). */
    reference: strings.name,
    /** The (expanded) scenario both cells ran: one level of a sweep. */
    scenario: strings.name,
    sweep: z.object({ scenario: strings.name, level: strings.text(TEXT_LIMITS.short) }).optional(),
    concurrency: finite.optional(),
    loadModel: z.enum(['open', 'closed']).optional(),
    payloadBytes: finite.optional(),
    /** Runs on each side (candidate runs of the profile's cell and of the reference's). */
    runs: z.number().int().nonnegative(),
    referenceRuns: z.number().int().nonnegative(),
    /** Per percentile: profile / reference (geometric means, Welch CI) and profile - reference in ms (Welch CI). */
    metrics: z.partialRecord(metric, z.object({ ratio, addedMs: interval })),
    /** The profile's declared policy hooks, and the added ms per hook with its CI. */
    hooks: z.number().int().positive().optional(),
    perHookMs: z.partialRecord(metric, interval).optional(),
  })
  const evidence = z.enum(['stored', 'paired', 'none'])
  return z.object({
    schemaVersion: z.literal(1),
    name: strings.name,
    mode: z.enum(['gate', 'baseline']),
    method: z.enum(['stored', 'paired', 'none']),
    verdict,
    threshold: finite,
    confidence: finite,
    metric,
    startedAt: strings.text(TEXT_LIMITS.short),
    finishedAt: strings.text(TEXT_LIMITS.short),
    gitSha: strings.sha.nullable(),
    k6Version: strings.text(TEXT_LIMITS.short).nullable(),
    /** Extra `k6 run` flags every run had (k6.flags / input k6-flags); absent when none. */
    k6Flags: z.array(strings.text(TEXT_LIMITS.short)).max(30).optional(),
    machine: machineFingerprintSchema.extend({
      cpuModel: strings.text(TEXT_LIMITS.short),
      os: strings.text(TEXT_LIMITS.short),
      kernel: strings.text(TEXT_LIMITS.short),
      runner: strings.text(TEXT_LIMITS.short).optional(),
    }),
    baseline: z
      .object({
        path: strings.text(TEXT_LIMITS.path),
        createdAt: strings.text(TEXT_LIMITS.short),
        gitSha: strings.sha.nullable(),
        ageDays: finite,
      })
      .nullable(),
    cells: z.array(cell).max(5_000),
    /** Notes for the reader: noise monitor, stale baseline, invalid runs. */
    notes: z.array(strings.text(TEXT_LIMITS.long)).max(1000),
    /** Which evidence decided (absent in results written before the decision policy). */
    evidence: evidence.optional(),
    /** The one-line reason of the decision: what decided and why. */
    decision: strings.text(TEXT_LIMITS.long).optional(),
    /**
     * Why this config can never block (src/config/can-block.ts): every such gate ends inconclusive
     * and green. Absent when it can block (and in baseline mode).
     */
    cannotBlock: z.array(strings.text(TEXT_LIMITS.long)).max(20).optional(),
    /** The stored comparison when the gate had a stored phase and paired blocks decided. */
    storedPhase: z
      .object({
        verdict,
        runner: z.object({
          status: z.enum(['same', 'differs', 'unknown']),
          reasons: z.array(strings.text(TEXT_LIMITS.long)).max(100),
        }),
        cells: z
          .array(
            z.object({
              cell: strings.cell,
              control: z.boolean(),
              verdict,
              changePct: finite.nullable(),
              ratio: ratio.nullable(),
            }),
          )
          .max(5_000),
      })
      .nullable()
      .optional(),
    /** Paired blocks run, and pairs per cell, when the gate ran paired A/B blocks. */
    paired: z
      .object({
        blocks: z.number().int().nonnegative(),
        pairs: z.number().int().nonnegative(),
        pairing: z.enum(['duet', 'interleaved']),
      })
      .nullable()
      .optional(),
    /**
     * A regression the pull request accepts on purpose (a PR label, or the CLI's --accept-regression):
     * still measured and shown, but the job does not fail. `verdict` and the cells' verdicts stay
     * `regression`; this says by what and why. Absent when nothing was accepted.
     */
    acceptedRegression: z
      .object({
        by: z.enum(['label', 'flag']),
        /** The label that accepted it (by: label). */
        label: strings.text(TEXT_LIMITS.short).optional(),
        /** The pull request that carries the label (by: label). */
        pullRequest: z.number().int().positive().optional(),
        /** Why, in one line: the flag's text, or which label on which pull request. */
        reason: strings.text(TEXT_LIMITS.long),
        /** The gated cells whose regression was accepted. */
        cells: z.array(strings.cell).max(5_000),
      })
      .optional(),
    /**
     * Change points in the stored baseline's nightly history (stats/change-points.ts): each cell's
     * persistent shifts, with the size (after/before, interval) and the commits between which it
     * appeared. Baseline mode: over the history including this night; gate mode: the stored history.
     * Absent when there was no history to test.
     */
    changePoints: z
      .object({
        method: z.literal('e-divisive'),
        metric,
        alpha: finite,
        permutations: z.number().int().positive(),
        minSize: z.number().int().positive(),
        /** Nights in the history tested. */
        nights: z.number().int().nonnegative(),
        points: z
          .array(
            z.object({
              cell: strings.cell,
              /** Index of the first night of the new level in the baseline's nights (oldest first). */
              night: z.number().int().nonnegative(),
              createdAt: strings.text(TEXT_LIMITS.short),
              nightsBefore: z.number().int().nonnegative(),
              nightsAfter: z.number().int().nonnegative(),
              /** Geometric mean after / before, Welch t interval on the log scale. */
              ratio,
              /** Commit of the last night before the change (null when unknown). */
              fromSha: strings.sha.nullable(),
              /** Commit of the first night after it. */
              toSha: strings.sha.nullable(),
              /** The cell's most recent change point, not undone by a return to the earlier level. */
              open: z.boolean(),
            }),
          )
          .max(5_000),
      })
      .optional(),
    /** Wall time of the whole gate in seconds. */
    wallTimeS: finite.optional(),
    /**
     * The figures a benchmark publishes, from the candidate's runs: each profile's overhead over the
     * reference profile per level (ratio and added ms at P50/P95/P99 with CIs), and per-hook cost.
     */
    figures: z
      .object({
        reference: strings.name.nullable(),
        overhead: z.array(overhead).max(5_000),
        /** Payload impact: per profile and load level, each payload size against the smallest. */
        payload: z
          .array(
            z.object({
              profile: strings.name,
              scenario: strings.name,
              referenceScenario: strings.name,
              payloadBytes: finite,
              referenceBytes: finite,
              concurrency: finite.optional(),
              loadModel: z.enum(['open', 'closed']).optional(),
              runs: z.number().int().nonnegative(),
              referenceRuns: z.number().int().nonnegative(),
              metrics: z.partialRecord(metric, z.object({ ratio, addedMs: interval })),
            }),
          )
          .max(5_000)
          .optional(),
        /**
         * Per cell and container: CPU % (median of run means), memory and PIDs (largest), and memory
         * growth within runs and across the runs of one stack (MiB/min with CIs): "no leak" measured.
         */
        resources: z
          .array(
            z.object({
              profile: strings.name,
              scenario: strings.name,
              service: strings.name,
              runs: z.number().int().nonnegative(),
              cpuPercent: finite,
              memoryMiB: finite,
              pids: finite.optional(),
              growthInRun: interval.optional(),
              growthAcrossRuns: interval.optional(),
            }),
          )
          .max(5_000)
          .optional(),
      })
      .optional(),
  })
}

/** results.json as the gate writes it: the source of the GateResults type. */
export const gateResultsSchema = buildResultsSchema({
  text: (max) => z.string().max(max),
  name: z.string(),
  cell: z.string(),
  sha: z.string(),
})

export type GateResults = z.infer<typeof gateResultsSchema>
export type CellComparison = GateResults['cells'][number]
export type SampleSummary = CellComparison['candidate']
export type RatioEstimate = NonNullable<CellComparison['ratio']>
export type ErrorRateComparison = CellComparison['errorRate']
/** Which evidence decided the gate: the stored baseline, paired A/B blocks on this runner, or none. */
export type Evidence = NonNullable<GateResults['evidence']>
/** A regression accepted on purpose, and by what (see gate/accept-regression.ts). */
export type AcceptedRegression = NonNullable<GateResults['acceptedRegression']>
/** What the stored phase found, kept when paired blocks decided instead. */
export type StoredPhaseSummary = NonNullable<GateResults['storedPhase']>
/** One profile's overhead over the reference profile at one level (report.reference). */
export type OverheadFigure = NonNullable<GateResults['figures']>['overhead'][number]
/** An estimate with its interval (e.g. added ms), the same shape as a ratio's. */
export type IntervalEstimate = RatioEstimate
/** The runner check of a stored comparison (see stats/runner-check.ts). */
export type RunnerCheckResult = StoredPhaseSummary['runner']
/** What a capacity-search cell found (see stats/capacity-comparison.ts). */
export type CapacityComparison = NonNullable<CellComparison['capacity']>
/** What an arena cell found (see stats/arena-comparison.ts). */
export type ArenaComparison = NonNullable<CellComparison['arena']>
/** Change points of the nightly history (see stats/change-points.ts). */
export type ChangePointReport = NonNullable<GateResults['changePoints']>
export type ChangePoint = ChangePointReport['points'][number]
