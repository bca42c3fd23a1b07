/**
 * `scenarios[].startup`: the start-up kind (script: startup). Every run stops the profile's gateway
 * container, starts it again and times the first successful proxied request; gated like latency.
 */
import { z } from 'zod'
import { boundedDuration } from './durations.js'
import { name } from './fields.js'

export const startupSchema = z
  .object({
    service: name
      .optional()
      .describe("The service to restart; default: the service the profile's target names."),
    timeout: boundedDuration('10m')
      .default('60s')
      .describe('How long after the start to wait for a successful response before the run is invalid.'),
    interval: boundedDuration('1s')
      .default('10ms')
      .describe('Pause between polls (each poll waits at most 1 s for its answer).'),
    healthPath: z
      .string()
      .startsWith('/')
      .max(2000)
      .optional()
      .describe(
        "Also time the first 2xx of this path on the restarted service (its health endpoint, port of the target): 'time to healthy'.",
      ),
    toleranceMs: z
      .number()
      .positive()
      .optional()
      .describe(
        'An absolute tolerance: an inconclusive start-up cell passes when the upper bound of its change (baseline x (ratio upper bound - 1)) is below it. For gateways that start in tens of milliseconds, where a relative threshold reads polling noise.',
      ),
    maxMs: z
      .number()
      .positive()
      .optional()
      .describe(
        "An absolute limit on the time to the first successful response: a candidate whose median exceeds it regresses whatever the baseline (seed 002's targets: 500 ms for the first call, 1 s for a binary's start).",
      ),
  })
  .strict()
export type StartupConfig = z.infer<typeof startupSchema>
