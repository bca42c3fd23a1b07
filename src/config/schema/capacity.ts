/** `scenarios[].capacity`: the capacity search (script: capacity-search). */
import { z } from 'zod'
import { MAX_RATE } from './fields.js'

/** Capacity search (script: capacity-search): the highest constant arrival rate meeting a pass rule. */
export const capacitySchema = z
  .object({
    start: z.number().int().positive().max(MAX_RATE).describe('First rate tried, requests per second.'),
    max: z
      .number()
      .int()
      .positive()
      .max(MAX_RATE)
      .describe('Highest rate tried; when it passes, the capacity is reported as at least this.'),
    errorRateCeiling: z
      .number()
      .gt(0)
      .max(1)
      .default(0.01)
      .describe('A step passes only with an error rate below this (seed 004: 1%).'),
    achievedTolerance: z
      .number()
      .min(0)
      .max(1)
      .default(0.05)
      .describe('A step passes only when the achieved rate is within this fraction of its target.'),
    p95CeilingMs: z.number().positive().optional().describe('A step passes only with P95 at most this.'),
    warmupFraction: z
      .number()
      .gt(0)
      .max(1)
      .default(0.1)
      .describe("Each step's warm-up (the scenario's `warmup`) runs at this fraction of the step's rate."),
    resolution: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.05)
      .describe('Bisection stops when the passing and failing rates are within this fraction.'),
    retries: z
      .number()
      .int()
      .min(0)
      .max(5)
      .default(1)
      .describe(
        'How often a failing step is measured again at the same rate before it counts as failing: one stalled step must not send the bisection below the capacity.',
      ),
    maxSteps: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(20)
      .describe('Most steps one search may take, retries included.'),
  })
  .strict()
  .refine((c) => c.max >= c.start, { message: 'expected max >= start', path: ['max'] })
