/** `gate`: how the gate measures and decides (metric, threshold, rounds, method, budget). */
import { z } from 'zod'
import { boundedDuration, DURATION_PATTERN, durationMs, optionalDuration } from './durations.js'

export const gateSchema = z
  .object({
    metric: z
      .enum(['p50', 'p90', 'p95', 'p99'])
      .default('p95')
      .describe('The latency percentile the gate judges.'),
    threshold: z
      .number()
      .positive()
      .max(10)
      .default(0.1)
      .describe('Relative regression that fails the gate: 0.10 is +10%.'),
    confidence: z
      .number()
      .gt(0.5)
      .lt(1)
      .default(0.95)
      .describe('Confidence level of every interval the report shows, and of the pass rule.'),
    blockConfidence: z
      .number()
      .gt(0.5)
      .lt(1)
      .default(0.99)
      .describe(
        'Confidence the gate needs that a cell is slower before it blocks on it (its interval at this level must exclude +0%). Higher than `confidence` because a false block costs more than another pair: a gate that looks again after every block would otherwise block unchanged code more often than the nominal level.',
      ),
    errorRateCeiling: z.number().min(0).max(1).default(0.01).describe('Absolute error-rate ceiling.'),
    rounds: z.number().int().min(1).max(200).default(5).describe('Measured rounds (each runs every cell).'),
    warmupRounds: z.number().int().min(0).max(20).default(1).describe('Rounds run first and discarded.'),
    seed: z.number().int().default(1).describe('Seeds the randomized run order.'),
    blockWarmup: z
      .union([
        z.enum(['off', 'auto']),
        boundedDuration('10m').refine((v) => !DURATION_PATTERN.test(v) || durationMs(v) >= 1000, {
          message: 'expected "off", "auto" or a duration of at least "1s" (a k6 limit)',
        }),
      ])
      .default('off')
      .describe(
        'Paired mode: load that warms each fresh stack of a block before its pairs (warm-up runs, never compared). auto: each gated cell (not the controls) on each stack in 3 s windows until its P95 settles (see "How the gate decides"), at most blockWarmupMax; a duration: each gated cell on each stack that long. off: none beyond each run\'s `warmup`; enough for gateways warm on their first request (nginx, Go), not for a JIT-compiled one.',
      ),
    blockWarmupMin: optionalDuration
      .default('0s')
      .describe(
        'Paired mode, blockWarmup: auto: the least one stack warms up one cell before its P95 may count as settled. A JIT-compiled gateway can pause on its way down (a plateau of several windows between compilation tiers) and the steady rule cannot tell that pause from its floor; set this from a measured warm-up curve (scripts/jit-cold-start.ts), as the seeds warm a fixed 60 or 120 s.',
      ),
    blockWarmupMax: boundedDuration('10m')
      .default('1m')
      .describe(
        'Paired mode, blockWarmup: auto: the longest one stack warms up one cell when its P95 does not settle; the block is then measured anyway, and the log and the journal say so.',
      ),
    method: z
      .enum(['auto', 'stored', 'paired'])
      .default('auto')
      .describe(
        'auto: the stored baseline first when the file exists, escalating to paired A/B blocks when it cannot decide (see "How the gate decides"); straight to paired blocks when there is no baseline file, or when a baselineVariant exists and this runner\'s CPU model or count differs from the baseline\'s (the stored baseline could never decide there, so it is not measured). stored: the baseline file only (never paired). paired: paired A/B blocks only (needs baselineVariant).',
      ),
    onInconclusive: z.enum(['warn', 'fail']).default('warn').describe('What an undecided gate does.'),
    maxBaselineAgeDays: z
      .number()
      .positive()
      .max(3650)
      .default(7)
      .describe('Older baselines get a warning note in the report.'),
    timeBudget: boundedDuration('24h')
      .default('20m')
      .describe(
        'Paired A/B blocks are added only while the next one, taken as slow as the slowest so far, fits in this (the whole gate, stored phase included).',
      ),
    maxRounds: z
      .number()
      .int()
      .min(1)
      .max(200)
      .optional()
      .describe('Paired mode: the most pairs per cell (default 4 x rounds); `rounds` is the least.'),
    pairing: z
      .enum(['duet', 'interleaved'])
      .default('duet')
      .describe(
        'Paired mode: "duet" drives both variants at the same time from one k6 process, so both see the same moment of the machine; "interleaved" runs them one after the other (AB or BA at random).',
      ),
    onRegression: z
      .enum(['stop', 'decide-rest'])
      .default('stop')
      .describe(
        'Paired mode: what the gate does once a gated cell regressed. stop (default): it blocks at once, and gated cells not decided yet stay inconclusive. decide-rest: it keeps measuring the undecided gated cells (adaptive blocks: only them and their controls) while gate.maxRounds and gate.timeBudget allow, so the report names every cell that regressed; the verdict is regression either way.',
      ),
    pairsPerBlock: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(1)
      .describe(
        "Paired mode: pairs per cell measured on one set of freshly started stacks. Each block starts new stacks, so one instance's offset cannot read as a change; the block is the unit of the paired t.",
      ),
    placement: z
      .enum(['none', 'split'])
      .default('none')
      .describe(
        'CPU placement: "split" runs the gateways (the services non-control profiles target) on the upper half of the CPUs and k6 with every other service on the lower half (needs at least 2 CPUs and taskset). It steadies the ratio between variants, but on a 2-CPU runner it leaves k6 and the backends one core: keep the rate low enough that this core is not saturated, or P95 measures the load generator instead of the gateway. "none" (default) lets every process use every CPU.',
      ),
    historyNights: z
      .number()
      .int()
      .positive()
      .max(366)
      .default(14)
      .describe('Nights of history a baseline file keeps.'),
    timeline: z
      .boolean()
      .default(false)
      .describe(
        'Record latency second by second within every run (k6 CSV samples, about 1.6 KB per request written during the run) for the timeline chart. Off by default: it costs the runner CPU and disk while latency is measured.',
      ),
    isolation: z
      .enum(['shared', 'profile', 'cell'])
      .default('shared')
      .describe(
        'Which runs share a stack. shared: one stack for every profile (setup of all profiles at once; cheapest). profile: a fresh stack per profile, so one profile\'s routes and state cannot touch another\'s (one start and setup per profile). cell: a fresh stack per cell, as seed 000 restarts for every test (one start and setup per cell and round). See "Profile isolation" for the cost.',
      ),
    minAccuracy: z
      .number()
      .min(0)
      .max(1)
      .default(1)
      .describe(
        'Least fraction of requests that pass every check (expect): below it the cell fails, whatever its latency ("accuracy 99.2% < 100%").',
      ),
    sampleResources: z
      .boolean()
      .default(true)
      .describe(
        'Sample CPU, memory and PIDs of every container once a second during each run (docker stats).',
      ),
    cpuPerRequest: z
      .enum(['off', 'report', 'gate', 'only'])
      .default('report')
      .describe(
        "CPU time per request of the service a profile targets (the gateway), from its container's CPU counter over the load window (docs/cpu-per-request.md). report: shown per cell with its interval, never deciding. gate: a second gated metric: a cell regresses when latency or CPU regresses, passes only when both pass (Holm over one hypothesis per cell per metric); needs sampleResources. only: CPU per request is the gated metric in latency's place (latency is compared and shown, and does not decide; error rate and accuracy still gate): for runners too noisy for P95 (a shared 2-core runner), at the price of missing regressions that wait rather than compute (a slower upstream, an added network call); needs sampleResources. off: not compared.",
      ),
  })
  .strict()

export type GateConfig = z.infer<typeof gateSchema>
