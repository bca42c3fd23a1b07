/** `scenarios[].arena`: the Gateway Arena (script: arena), seed 002's phases and composite score. */
import { z } from 'zod'

/**
 * Seed 002's weights and caps, the arena's defaults. Here rather than in src/arena/score.ts (which
 * re-exports them) because the schema imports nothing outside src/config: npm run schema loads it on its own.
 */
export const DEFAULT_ARENA_WEIGHTS = {
  sequential: 0.1,
  burst50: 0.2,
  burst100: 0.2,
  availability: 0.15,
  errorRate: 0.1,
  consistency: 0.1,
  rampUp: 0.15,
}
export const DEFAULT_ARENA_CAPS = {
  sequentialP95Ms: 400,
  burst50P95Ms: 2500,
  burst100P95Ms: 4000,
  consistencyCv: 1,
  rampUpRps: 100,
}

const weight = z.number().min(0).max(1)
const cap = z.number().positive()

/** The Gateway Arena (script: arena): seed 002's seven phases and its composite score. */
export const arenaSchema = z
  .object({
    timeScale: z
      .number()
      .gt(0)
      .max(1)
      .default(1)
      .describe(
        'Scales the timed phases (bursts 0->50 and 0->100 VUs over 18 s, ramp-up 10->100 req/s over 60 s); 1 is the published shape, less makes a quicker, shorter-run arena.',
      ),
    healthPath: z
      .string()
      .startsWith('/')
      .max(2000)
      .optional()
      .describe("The health phase's GET path on the target's host; default: the target itself."),
    weights: z
      .object({
        sequential: weight.default(DEFAULT_ARENA_WEIGHTS.sequential),
        burst50: weight.default(DEFAULT_ARENA_WEIGHTS.burst50),
        burst100: weight.default(DEFAULT_ARENA_WEIGHTS.burst100),
        availability: weight.default(DEFAULT_ARENA_WEIGHTS.availability),
        errorRate: weight.default(DEFAULT_ARENA_WEIGHTS.errorRate),
        consistency: weight.default(DEFAULT_ARENA_WEIGHTS.consistency),
        rampUp: weight.default(DEFAULT_ARENA_WEIGHTS.rampUp),
      })
      .strict()
      .default(DEFAULT_ARENA_WEIGHTS)
      .refine((w) => Math.abs(Object.values(w).reduce((a, b) => a + b, 0) - 1) < 1e-6, {
        message: 'the weights must sum to 1 (the score is 0..100)',
      })
      .describe("Weight of each dimension in the composite score (seed 002's by default)."),
    caps: z
      .object({
        sequentialP95Ms: cap.default(DEFAULT_ARENA_CAPS.sequentialP95Ms),
        burst50P95Ms: cap.default(DEFAULT_ARENA_CAPS.burst50P95Ms),
        burst100P95Ms: cap.default(DEFAULT_ARENA_CAPS.burst100P95Ms),
        consistencyCv: cap.default(DEFAULT_ARENA_CAPS.consistencyCv),
        rampUpRps: cap.default(DEFAULT_ARENA_CAPS.rampUpRps),
      })
      .strict()
      .default(DEFAULT_ARENA_CAPS)
      .describe('The value at which a dimension scores 0 (latency: P95 in ms).'),
  })
  .strict()
