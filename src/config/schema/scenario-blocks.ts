/**
 * The config face of the scenario kinds (src/kinds/): the built-in scripts, and the block a kind's
 * script carries, one line per kind. The scenario schema (scenarios.ts) is built from this table: its
 * `script` list, one optional key per block, the rule that a script and its block go together, and
 * the kind's own rules. The kinds' registry is checked against it (test/unit/kinds/registry.test.ts).
 *
 * It lives under config/ rather than in each kind's folder because the config sits below the kinds:
 * every kind reads the config, so the config cannot import a kind.
 */
import { z } from 'zod'
import { arenaSchema } from './arena.js'
import { enterpriseSchema } from './arena-enterprise.js'
import { capacitySchema } from './capacity.js'
import { DURATION_PATTERN, durationMs } from './durations.js'
import { graphqlSchema } from './graphql.js'
import { startupSchema } from './startup.js'

/** The keys of a scenario a kind's rule reads. */
export interface ScenarioRuleInput {
  script: string
  duration: string
  warmup: string
}

/** A rule over a scenario that carries the block: the scenario passes when `holds` is true. */
export interface ScenarioRule {
  holds(scenario: ScenarioRuleInput): boolean
  message: string
  path: string
}

/** The block a built-in script carries: its key, its schema and what the schema says about it. */
export interface ScenarioBlock<K extends string = string, S extends z.ZodType = z.ZodType> {
  /** The built-in script (scenarios/NAME.js or a kind's own runner) that needs this block. */
  script: string
  key: K
  schema: S
  /** The key's description in the JSON Schema and docs/configuration.md. */
  description: string
  /** Said when the script and the block do not go together. */
  pairing: string
  /** The kind's further rules, checked after every block's pairing. */
  rules?: readonly ScenarioRule[]
}

/** A block with its key's and schema's types kept (the scenario type is inferred from the table). */
function block<K extends string, S extends z.ZodType>(b: ScenarioBlock<K, S>): ScenarioBlock<K, S> {
  return b
}

/** Only for well-formed durations: a malformed one already has its own message at that key. */
function atLeastOneSecond(value: string, zeroAllowed: boolean): boolean {
  if (!DURATION_PATTERN.test(value)) return true
  const ms = durationMs(value)
  return (zeroAllowed && ms === 0) || ms >= 1000
}

/** Our k6 load scripts that carry no block of their own (the built-in load kind, with graphql below). */
export const LOAD_SCRIPTS = [
  'constant-vus',
  'constant-arrival-rate',
  'ramping-vus',
  'ramping-arrival-rate',
] as const

/** One line per kind whose script carries a block, in the order the keys appear in a scenario. */
export const SCENARIO_BLOCKS = [
  block({
    script: 'graphql',
    key: 'graphql',
    schema: graphqlSchema,
    description:
      'script: graphql: the query each request POSTs as {query, variables}; each response is checked for an error-free "data" holding every top-level field asked for. Closed model (vus) unless rate is set.',
    pairing: 'script "graphql" and "graphql" (the query) go together: one needs the other',
  }),
  block({
    script: 'arena',
    key: 'arena',
    schema: arenaSchema,
    description:
      "script: arena: every run is one arena (seed 002): warm-up (discarded), health, sequential, burst 10, burst 50, burst 100, sustained, ramp-up, one k6 process each; scored 0..100 and gated on a score drop. Set gate.warmupRounds: 1 and rounds: 4 for the seed's 5 runs with the first discarded.",
    pairing: 'script "arena" and "arena" go together: one needs the other (arena: {} for the defaults)',
  }),
  block({
    script: 'arena-enterprise',
    key: 'enterprise',
    schema: enterpriseSchema,
    description:
      "script: arena-enterprise: every run is the arena's layer 1 (seed 002): each configured dimension's requests, `iterations` times, one k6 process per dimension; scored as the Enterprise Readiness Index 0..100 and gated on a drop like the arena score.",
    pairing: 'script "arena-enterprise" and "enterprise" go together: one needs the other',
  }),
  block({
    script: 'startup',
    key: 'startup',
    schema: startupSchema,
    description:
      "script: startup: every run stops the profile's gateway container, starts it again and times the first successful request through it (and, with healthPath, its first healthy answer); gated like latency (higher is worse), with maxMs as an optional absolute limit.",
    pairing: 'script "startup" and "startup" go together: one needs the other (startup: {} for the defaults)',
  }),
  block({
    script: 'capacity-search',
    key: 'capacity',
    schema: capacitySchema,
    description:
      'script: capacity-search: every run is one search, a series of constant-arrival-rate steps of `duration` (each after a warm-up of `warmup` at warmupFraction of its rate); rounds repeat the search.',
    pairing: 'script "capacity-search" and "capacity" go together: one needs the other',
    rules: [
      {
        holds: (s) => atLeastOneSecond(s.duration, false) && atLeastOneSecond(s.warmup, true),
        message:
          'a capacity search runs arrival-rate steps: duration and warmup of at least "1s" (a k6 limit)',
        path: 'duration',
      },
    ],
  }),
] as const

type Blocks = typeof SCENARIO_BLOCKS
/** The scenario keys the blocks add, each optional (the pairing rule says when it is needed). */
export type ScenarioBlockShape = {
  [B in Blocks[number] as B['key']]: z.ZodOptional<B['schema']>
}

/** The blocks as scenario keys, each optional and described. */
export function scenarioBlockShape(): ScenarioBlockShape {
  return Object.fromEntries(
    SCENARIO_BLOCKS.map((b) => [b.key, b.schema.optional().describe(b.description)]),
  ) as ScenarioBlockShape
}
