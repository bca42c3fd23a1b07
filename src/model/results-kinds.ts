/** What a cell's kind adds to it: your script's thresholds and endpoints, a capacity search, an arena. */
import { z } from 'zod'
import { TEXT_LIMITS, type ResultParts } from './results-parts.js'
import {
  arenaDimensionNames,
  endpointMetricsSchema,
  MAX_ENDPOINT_RESULTS,
  MAX_SCRIPT_THRESHOLDS,
} from './runs.js'

/** The cell fields of a capacity search, an arena and your own k6 script. */
export function cellKindFields(p: ResultParts) {
  const { strings } = p
  return {
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
    capacity: capacityField(p),
    arena: arenaField(p),
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
  }
}

/**
 * A capacity-search cell: the capacity (req/s) per side over its searches, the ratio
 * candidate/baseline and its verdict (higher is better: a drop beyond the threshold regresses).
 * It decides the cell; latency and error rate at capacity are reported, not gated.
 */
function capacityField(p: ResultParts) {
  const { finite, verdict, ratio, summary } = p
  return z
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
    .optional()
}

/**
 * An arena cell: the composite score over runs (median, mean and t CI of the mean, as seed 002),
 * each dimension's median score, and the candidate - baseline difference in points with its
 * verdict (a drop beyond threshold x the baseline's mean regresses). It decides the cell.
 */
function arenaField(p: ResultParts) {
  const { finite, verdict, summary } = p
  return z
    .object({
      candidate: summary,
      baseline: summary.nullable(),
      dimensions: z.partialRecord(
        z.enum(arenaDimensionNames),
        z.object({
          median: finite,
          lower: finite,
          upper: finite,
          values: z.array(finite).max(10_000),
          /**
           * Layer 1 with enterprise.gateDimensions: the dimension compared with the baseline as the
           * ERI is (difference in points, its test, p-values before and after Holm, verdict).
           */
          gate: z
            .object({
              difference: z
                .object({ estimate: finite, lower: finite, upper: finite, confidence: finite })
                .nullable(),
              baselineMean: finite.nullable(),
              pValue: finite.nullable(),
              adjustedPValue: finite.nullable(),
              test: z.enum(['welch', 'paired-t']).nullable(),
              verdict,
            })
            .optional(),
        }),
      ),
      difference: z.object({ estimate: finite, lower: finite, upper: finite, confidence: finite }).nullable(),
      changePct: finite.nullable(),
      pValue: finite.nullable(),
      /** Layer 1 with gated dimensions: the score's p-value after Holm across the ERI and dimensions. */
      adjustedPValue: finite.nullable().optional(),
      test: z.enum(['welch', 'paired-t']).nullable(),
      /** The cell's verdict: the score's, and with gated dimensions (layer 1) theirs too. */
      verdict,
    })
    .optional()
}
