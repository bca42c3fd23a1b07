/**
 * Durations as k6 writes them, and the bounds every duration key of the config shares. Imports only
 * zod: several sections and the loader's own checks (k6 flags, timers) read these.
 */
import { z } from 'zod'

/**
 * A duration as k6 writes it (Go's time.ParseDuration without its rarely used units): one or more
 * numbers with a unit ms, s, m or h, such as `500ms`, `8s`, `2m`, `1h` or `1m30s`. Stored as the
 * string k6 reads (the built-in scenarios pass it on unchanged), validated here.
 */
export const DURATION_PATTERN = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/

/** The accepted forms, for messages about a malformed duration. */
export const DURATION_FORMS =
  '"500ms", "8s", "2m", "1h" or "1m30s" (numbers with the units ms, s, m, h, as k6 writes them)'

/** Zod's message for a string that is not a duration: the accepted forms and what was given. */
const notDuration = (issue: { input?: unknown }) =>
  `expected a duration such as ${DURATION_FORMS}, got ${JSON.stringify(issue.input)}`

/**
 * Node's timers hold at most 2^31-1 ms (about 24.8 days); a longer delay fires after 1 ms, so a
 * duration above it would, e.g., kill k6 at once.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1

/** A duration above zero and at most `max` (itself below Node's timer limit). */
export const boundedDuration = (max: string) =>
  z
    .string()
    .regex(DURATION_PATTERN, { error: notDuration })
    .refine((value) => !DURATION_PATTERN.test(value) || durationMs(value) > 0, {
      message: 'expected a duration above 0',
    })
    .refine(
      (value) =>
        !DURATION_PATTERN.test(value) || durationMs(value) <= Math.min(durationMs(max), MAX_TIMER_MS),
      {
        message: `expected a duration of at most ${max}`,
      },
    )
/** A duration above zero and at most 1 hour: most durations of the config. */
export const duration = boundedDuration('1h')
/** A duration of at most 10 minutes, where "0s" means none (a warm-up). */
export const optionalDuration = z
  .string()
  .regex(DURATION_PATTERN, { error: notDuration })
  .refine((value) => !DURATION_PATTERN.test(value) || durationMs(value) <= 600_000, {
    message: 'expected a duration of at most 10m',
  })

const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const

/** Turns a duration string (`1m30s`) into milliseconds; throws on anything DURATION_PATTERN refuses. */
export function durationMs(value: string): number {
  if (!DURATION_PATTERN.test(value)) throw new Error(`not a duration: ${value}`)
  let total = 0
  for (const [, n, unit] of value.matchAll(DURATION_PART))
    total += Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS]
  return total
}
