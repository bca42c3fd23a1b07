/** The figures a benchmark publishes: overhead per profile and level, payload impact, resources. */
import { z } from 'zod'
import { TEXT_LIMITS, type ResultParts } from './results-parts.js'

/** One profile's overhead over the reference profile at one level. */
function overheadSchemaOf(p: ResultParts) {
  const { strings, finite, metric, ratio, interval } = p
  return z.object({
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
}

/** The `figures` field. */
export function figuresFields(p: ResultParts) {
  const { strings, finite, metric, ratio, interval } = p
  const overhead = overheadSchemaOf(p)
  return {
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
  }
}
