/** `k6`: extra flags for k6 and the k6 release to run. */
import { z } from 'zod'

/** Most k6 processes one run may be split into (`k6.segments`): each holds its own VUs, port and samples. */
export const MAX_K6_SEGMENTS = 16

/** `k6`: extra flags (from an allowlist: the config is untrusted) and the k6 release to run. */
export const k6Schema = z
  .object({
    flags: z
      .array(z.string().min(1).max(256))
      .max(30)
      .default([])
      .describe(
        'Extra `k6 run` flags, each "--name" or "--name=value", from a list of safe ones (see docs/k6-scripts.md); others are refused.',
      ),
    version: z
      .string()
      .regex(/^v?\d{1,3}\.\d{1,3}\.\d{1,3}$/, 'expected a k6 release such as "1.8.1"')
      .transform((v) => v.replace(/^v/, ''))
      .optional()
      .describe(
        "The k6 release to run. When the runner's k6 differs, the action obtains it (a pinned archive, else `go install` checked by Go's checksum database, else the release archive checked only against the release's own checksums file: integrity, not authenticity; see docs/k6.md); the CLI refuses to run another (exit 3).",
      ),
    segments: z
      .number()
      .int()
      .min(1, 'expected at least 1 k6 process')
      .max(MAX_K6_SEGMENTS, `expected at most ${MAX_K6_SEGMENTS} k6 processes per run`)
      .default(1)
      .describe(
        "Run every load run of a built-in scenario as this many k6 processes on the runner, each one execution segment of the same test (k6's `--execution-segment`, as k6-operator splits a test), started paused and resumed together; counts are summed and percentiles computed from the union of their raw samples (exact). For load one k6 process cannot generate; see docs/k6.md. Your own scripts, arena, capacity and start-up scenarios run as one process.",
      ),
  })
  .strict()

export type K6Config = z.infer<typeof k6Schema>
