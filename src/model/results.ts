/**
 * results.json: built from its sections (cells, decision, change points, figures) under one set of
 * string rules, so the gate's own results and publish mode's untrusted ones share every field.
 */
import { z } from 'zod'
import { cellSchemaOf } from './results-cell.js'
import { changePointsFields } from './results-change-points.js'
import { decisionFields } from './results-decision.js'
import { figuresFields } from './results-figures.js'
import { shardFields } from './results-shard.js'
import { resultParts, TEXT_LIMITS, type ResultsStrings } from './results-parts.js'
import { machineFingerprintSchema } from './runs.js'

/** Builds the results.json schema with the given string rules. */
export function buildResultsSchema(strings: ResultsStrings) {
  const p = resultParts(strings)
  const { finite, verdict, metric } = p
  const cell = cellSchemaOf(p)
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
    ...decisionFields(p),
    ...changePointsFields(p),
    /** Wall time of the whole gate in seconds. */
    wallTimeS: finite.optional(),
    ...figuresFields(p),
    ...shardFields(p),
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
/** What a capacity-search cell found (see kinds/capacity/comparison.ts). */
export type CapacityComparison = NonNullable<CellComparison['capacity']>
/** What an arena cell found (see stats/arena-comparison.ts). */
export type ArenaComparison = NonNullable<CellComparison['arena']>
/** Change points of the nightly history (see stats/change-points.ts). */
export type ChangePointReport = NonNullable<GateResults['changePoints']>
export type ChangePoint = ChangePointReport['points'][number]
/** Which share of a sharded gate a partial results.json holds (see model/results-shard.ts). */
export type ShardRecord = NonNullable<GateResults['shard']>
