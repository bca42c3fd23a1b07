/**
 * The keys of perf-gate.yml, one section each; config/schema.ts adds the rules across sections
 * (checks.ts) to make the root schema.
 */
import { z } from 'zod'
import { baselineSchema, variantSchema } from './baseline.js'
import { MAX_CELLS, name } from './fields.js'
import { gateSchema } from './gate.js'
import { k6Schema } from './k6.js'
import { profileSchema } from './profiles.js'
import { reportSchema } from './report.js'
import { scenarioSchema } from './scenarios.js'
import { serviceSchema } from './services.js'
import { composeStackSchema } from './stack.js'

export const configFields = z
  .object({
    version: z.literal(1).default(1),
    name: name.describe('Names the gate in reports and baselines.'),
    services: z
      .record(name, serviceSchema)
      .refine((s) => Object.keys(s).length <= 50, { message: 'expected at most 50 services' })
      .default({})
      .describe('The containers of the stack; or give `stack.compose` instead.'),
    stack: composeStackSchema
      .optional()
      .describe('The stack from your compose file, as an alternative to `services`.'),
    profiles: z.array(profileSchema).min(1).max(MAX_CELLS),
    scenarios: z.array(scenarioSchema).min(1).max(MAX_CELLS),
    gate: gateSchema.default(gateSchema.parse({})),
    k6: k6Schema
      .default({ flags: [], segments: 1 })
      .describe('How k6 runs: extra flags, its version and how many processes a run takes.'),
    baseline: baselineSchema.default({ path: 'baseline.json' }),
    report: reportSchema.default({}).describe('What the report computes beyond the verdict.'),
    baselineVariant: variantSchema
      .optional()
      .describe('The baseline variant for paired A/B runs on this runner (see gate.method).'),
  })
  .strict()

/** perf-gate.yml as its keys parse, before the rules across sections. */
export type ConfigFields = z.infer<typeof configFields>
