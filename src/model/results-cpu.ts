/** A cell's gateway CPU per request: both sides, their ratio with its interval, and its verdict. */
import { z } from 'zod'
import { TEXT_LIMITS, type ResultParts } from './results-parts.js'

/** The cell field of the CPU-per-request comparison (gate.cpuPerRequest report or gate). */
export function cpuPerRequestFields(p: ResultParts) {
  const { strings, finite, verdict, ratio, summary } = p
  return {
    /**
     * CPU microseconds per request of the service the profile targets (stats/cpu-per-request.ts):
     * per side a summary over runs (paired: over blocks), the ratio candidate/baseline with its
     * interval (paired t over blocks, or Welch against a stored baseline), and its own verdict. When
     * `gated`, the cell's verdict takes it in: a regression of either metric regresses the cell, and
     * the cell passes only when both pass. Absent with gate.cpuPerRequest off, and for cells without
     * samples (gate.sampleResources off, a capacity search or an arena).
     */
    cpuPerRequest: z
      .object({
        service: strings.name,
        gated: z.boolean(),
        /** gate.cpuPerRequest `only`: this comparison, not latency's, decides the cell's performance. */
        only: z.literal(true).optional(),
        test: z.enum(['paired-t', 'welch']).nullable(),
        candidate: summary,
        baseline: summary.nullable(),
        ratio: ratio.nullable(),
        changePct: finite.nullable(),
        pValue: finite.nullable(),
        /** Holm across the gated family (one hypothesis per cell per gated metric). */
        adjustedPValue: finite.nullable(),
        verdict,
        /** Paired: sd of the per-block log ratio. */
        sigmaLogRatio: finite.nullable().optional(),
        /** The smallest true increase (%) this comparison would have detected with 80% power. */
        minDetectablePct: finite.nullable().optional(),
        reasons: z.array(strings.text(TEXT_LIMITS.long)).max(100),
      })
      .optional(),
  }
}
