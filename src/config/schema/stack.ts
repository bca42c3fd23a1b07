/** `stack`: the user's own compose file, as an alternative to `services`. */
import { z } from 'zod'
import { waitSchema } from './services.js'

/** A compose service or profile name, as the Compose specification allows them. */
const composeName = z
  .string()
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/, 'expected a compose name of letters, digits, "-", "_" or "."')

/** `stack`: the system under test described by the user's own compose file instead of `services`. */
export const composeStackSchema = z
  .object({
    compose: z
      .string()
      .min(1)
      .describe(
        'A compose file (docker-compose.yml), relative to the config file, started through testcontainers. Its service names are the host names of profile targets and setup URLs, like `services` keys.',
      ),
    profiles: z
      .array(composeName)
      .max(50)
      .default([])
      .describe('Compose profiles to enable (`--profile`); services without `profiles` always start.'),
    services: z
      .array(composeName)
      .min(1)
      .max(50)
      .optional()
      .describe(
        'The services to start (compose starts their `depends_on` too); all that the profiles enable when unset.',
      ),
    wait: z
      .record(composeName, waitSchema)
      .default({})
      .describe(
        "Readiness per service, as in `services.<name>.wait`. Without one, a service's own `healthcheck` is waited for, else its published ports.",
      ),
  })
  .strict()

export type ComposeStackConfig = z.infer<typeof composeStackSchema>
