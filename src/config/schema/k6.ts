/** `k6`: extra flags for k6 and the k6 release to run. */
import { z } from 'zod'

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
  })
  .strict()

export type K6Config = z.infer<typeof k6Schema>
