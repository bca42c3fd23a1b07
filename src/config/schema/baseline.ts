/** `baseline` (the stored baseline file) and `baselineVariant` (the other side of a paired A/B run). */
import { z } from 'zod'
import { name } from './fields.js'
import { resourcesSchema } from './services.js'

/** `baseline`: where the stored baseline lives. */
export const baselineSchema = z
  .object({
    path: z.string().default('baseline.json').describe('Baseline file, relative to the config file.'),
  })
  .strict()

/** Service overrides for the baseline variant of a paired (A/B) comparison. */
export const variantSchema = z
  .object({
    services: z
      .record(
        name,
        z
          .object({
            image: z.string().min(1).optional(),
            build: z
              .object({
                ref: z
                  .string()
                  .min(1)
                  .regex(/^[\w./@^~-]+$/, 'expected a git ref such as "merge-base", "main" or a commit')
                  .default('merge-base')
                  .describe(
                    'Git ref whose tree the baseline image is built from: "merge-base" (the pull request\'s merge base with its base branch) or any ref git knows.',
                  ),
                context: z
                  .string()
                  .min(1)
                  .optional()
                  .describe("Build context; defaults to the service's own."),
                dockerfile: z.string().min(1).optional().describe("Defaults to the service's own."),
              })
              .strict()
              .optional()
              .describe('Build the baseline image from the Dockerfile as it was at a git ref.'),
            env: z.record(z.string(), z.string()).optional(),
            command: z.array(z.string()).optional(),
            resources: resourcesSchema
              .optional()
              .describe("Resource limits of the baseline variant's service (e.g. a CPU-limited A/B)."),
          })
          .strict()
          .refine((v) => v.image === undefined || v.build === undefined, {
            message: 'expected at most one of "image" or "build"',
          }),
      )
      .describe('Per service: what differs in the baseline variant (e.g. the default branch image).'),
  })
  .strict()

export type VariantConfig = z.infer<typeof variantSchema>
