/**
 * The perf-gate.yml schema. This file is the single source of truth: TypeScript types are inferred
 * from it, validation messages come from it, perf-gate.schema.json is generated from it
 * (`npm run schema`), and the README's configuration reference is written from its descriptions.
 *
 * Each section of the config has its own file under schema/ (services, stack, profiles, scenarios and
 * their kinds, gate, k6, baseline, report); schema/checks.ts holds the rules across sections. This
 * file composes the root schema and is the one place the rest of the code imports config types from.
 */
import { z } from 'zod'
import { checkConfig } from './schema/checks.js'
import { configFields } from './schema/config-fields.js'
import { MAX_CELLS, MAX_RATE, MAX_VUS } from './schema/fields.js'
import { scenarioSchema, type ScenarioConfig } from './schema/scenarios.js'

export { DEFAULT_ARENA_CAPS, DEFAULT_ARENA_WEIGHTS, arenaSchema } from './schema/arena.js'
export {
  DEFAULT_ENTERPRISE_CAPS_MS,
  DEFAULT_ENTERPRISE_WEIGHTS,
  ENTERPRISE_DIMENSIONS,
  enterpriseSchema,
  type EnterpriseConfig,
  type EnterpriseDimension,
  type EnterpriseDimensionConfig,
} from './schema/arena-enterprise.js'
export { variantSchema, type VariantConfig } from './schema/baseline.js'
export { capacitySchema } from './schema/capacity.js'
export { startupSchema, type StartupConfig } from './schema/startup.js'
export { DURATION_FORMS, DURATION_PATTERN, MAX_TIMER_MS, durationMs } from './schema/durations.js'
export { MAX_CELLS, MAX_RATE, MAX_VUS } from './schema/fields.js'
export { gateSchema, type GateConfig } from './schema/gate.js'
export { MAX_GRAPHQL_QUERY_BYTES, graphqlSchema } from './schema/graphql.js'
export { k6Schema, type K6Config } from './schema/k6.js'
export {
  CAPTURE_NAME,
  CAPTURE_PATH,
  MAX_BODY_FILE_BYTES,
  MAX_SETUP_REPEAT,
  httpCallSchema,
  profileSchema,
  type HttpCall,
  type ProfileConfig,
} from './schema/profiles.js'
export {
  BUILT_IN_SCENARIOS,
  LATENCY_METRICS,
  MAX_SWEEP_LEVELS,
  isArrivalRateScript,
  isBuiltInScenario,
  isOpenModel,
  scenarioSchema,
  type ArenaConfig,
  type CapacityConfig,
  type GraphqlConfig,
  type LatencyMetricName,
  type RawScenarioConfig,
  type ScenarioConfig,
  type SweepLevel,
} from './schema/scenarios.js'
export { serviceSchema, waitSchema, type ServiceConfig, type WaitConfig } from './schema/services.js'
export { composeStackSchema, type ComposeStackConfig } from './schema/stack.js'

/** perf-gate.yml: every section, and the rules that tie sections together. */
export const configSchema = configFields.superRefine(checkConfig)

/**
 * A config as the engine wrote it (the journal's header): sweeps already expanded, so scenario names
 * carry their level (`closed@vus=10`) and `sweep` says where they came from.
 */
export const expandedConfigSchema = configSchema.safeExtend({
  scenarios: z
    .array(
      scenarioSchema.safeExtend({
        name: z.string().min(1).max(400),
        vus: z.number().int().positive().max(MAX_VUS).optional(),
        rate: z.number().int().positive().max(MAX_RATE).optional(),
        payloadBytes: z.number().int().min(0).max(10_000_000),
        sweep: z
          .object({
            scenario: z.string(),
            values: z.object({
              vus: z.number().optional(),
              rate: z.number().optional(),
              payloadBytes: z.number().optional(),
            }),
            label: z.string(),
          })
          .optional(),
      }),
    )
    .min(1)
    .max(MAX_CELLS),
})

/** perf-gate.yml as validated, before sweeps are expanded (config/sweep.ts). */
export type RawConfig = z.infer<typeof configSchema>
/** The config the engine runs: sweeps expanded into one scenario per level. */
export type Config = Omit<RawConfig, 'scenarios'> & { scenarios: ScenarioConfig[] }
