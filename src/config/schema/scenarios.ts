/**
 * `scenarios`: the load each cell runs (a built-in scenario or the user's own k6 script), as written
 * and as the engine runs it once sweeps are expanded (config/sweep.ts).
 */
import { z } from 'zod'
import { DURATION_PATTERN, duration, durationMs, optionalDuration } from './durations.js'
import { MAX_CELLS, MAX_RATE, MAX_VUS, name } from './fields.js'
import { LOAD_SCRIPTS, SCENARIO_BLOCKS, scenarioBlockShape } from './scenario-blocks.js'

/** Most levels one swept key (`vus`, `rate`, `payloadBytes`) may list. */
export const MAX_SWEEP_LEVELS = 20

/** Our scripts: the load scripts, then each kind's that carries a block (config/schema/scenario-blocks.ts). */
export const BUILT_IN_SCENARIOS: readonly string[] = [
  ...LOAD_SCRIPTS,
  ...SCENARIO_BLOCKS.map((b) => b.script),
]

/** Latency metrics a user's own script may be judged by: HTTP, gRPC, WebSocket (session, connect). */
export const LATENCY_METRICS = [
  'http_req_duration',
  'grpc_req_duration',
  'ws_session_duration',
  'ws_connecting',
] as const
export type LatencyMetricName = (typeof LATENCY_METRICS)[number]

/** Is this scenario script one of ours (scenarios/NAME.js) rather than a path to the user's own? */
export function isBuiltInScenario(script: string): boolean {
  return BUILT_IN_SCENARIOS.includes(script) || /^[a-z-]+$/.test(script)
}

/** Is this one of our arrival-rate scripts (constant-arrival-rate, ramping-arrival-rate)? */
export function isArrivalRateScript(script: string): boolean {
  return script.endsWith('arrival-rate')
}

/**
 * Does the scenario drive an open model (the arrival rate is the load level, its VUs only a pool)?
 * The one rule for the comparison's load model and the dropped-iterations check of a run: a `rate`,
 * or one of our arrival-rate scripts (which the schema makes carry one). A user's own script is open
 * only when it is given a rate: its executor is its own.
 */
export function isOpenModel(scenario: { script: string; rate?: number | undefined }): boolean {
  return scenario.rate !== undefined || isArrivalRateScript(scenario.script)
}

/**
 * A number, or a list of them that sweeps: the scenario expands into one cell per level (per
 * combination when several keys are lists), see config/sweep.ts.
 */
const sweepable = (level: z.ZodNumber) =>
  z.union([
    level,
    z
      .array(level)
      .min(1)
      .max(MAX_SWEEP_LEVELS)
      .refine((levels) => new Set(levels).size === levels.length, { message: 'expected distinct levels' }),
  ])

/** The keys of one scenario; the rules that tie keys together follow in scenarioSchema. */
const scenarioFields = z
  .object({
    name: name.describe('Names the scenario in reports, e.g. "rate-1000-1kb".'),
    script: z
      .string()
      .min(1)
      .describe(`A built-in scenario (${BUILT_IN_SCENARIOS.join(', ')}) or a path to your own k6 script.`),
    method: z.enum(['GET', 'POST', 'PUT']).default('POST').describe('HTTP method of the load requests.'),
    vus: sweepable(z.number().int().positive().max(MAX_VUS))
      .optional()
      .describe(
        'Virtual users: the concurrency of a closed model, pre-allocated VUs of an open model (script default when unset). A list sweeps: one cell per level (see "Sweeps").',
      ),
    rate: sweepable(z.number().int().positive().max(MAX_RATE))
      .optional()
      .describe(
        'Iterations per second (open model); the peak rate of ramping-arrival-rate. A list sweeps: one cell per level.',
      ),
    maxVUs: z
      .number()
      .int()
      .positive()
      .max(MAX_VUS)
      .optional()
      .describe('Open model: most VUs k6 may allocate to keep the rate.'),
    duration: duration.default('8s').describe('Length of the load phase of one run.'),
    warmup: optionalDuration
      .default('1s')
      .describe(
        'Warm-up inside every run, before the load phase, at the same load; its requests are excluded from the metrics (a separate k6 scenario). "0s" turns it off.',
      ),
    payloadBytes: sweepable(z.number().int().min(0).max(10_000_000))
      .default(1024)
      .describe('Request body size in bytes. A list sweeps: one cell per size.'),
    profiles: z
      .array(name)
      .min(1)
      .max(MAX_CELLS)
      .optional()
      .describe('The profiles this scenario runs on (default: every profile).'),
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .default({})
      .describe(
        'Extra values passed to the script as __ENV (upper-cased). Names k6 or its runtime read as settings (PATH, HOME, K6_*, LD_*, Go, proxy and TLS variables) are refused.',
      ),
    latencyMetric: z
      .enum(LATENCY_METRICS)
      .default('http_req_duration')
      .describe(
        'Your own script: the k6 duration metric the gate judges, for protocols other than HTTP (grpc_req_duration for gRPC, ws_session_duration or ws_connecting for WebSocket).',
      ),
    // No zod default: a built-in scenario must be told apart from one that never set the key.
    // Your own script's default is "fail" (thresholdsMode), as k6 and run-k6-action fail on a crossed threshold.
    thresholds: z
      .enum(['report', 'fail'])
      .optional()
      .describe(
        'Your own script: its own k6 thresholds are always reported; "fail" (the default) also fails the cell as a regression when one is crossed in a measured run, as k6 itself does; "report" only reports them.',
      ),
    endpointTag: z
      .string()
      .regex(/^[A-Za-z_]\w{0,63}$/, 'a k6 tag name (letters, digits, _)')
      .default('name')
      .describe(
        'Your own script: the request tag whose literal values in the script (e.g. `tags: { name: "login" }`) get per-endpoint results.',
      ),
    ...scenarioBlockShape(),
  })
  .strict()

/** Each kind's block goes with its script, then the kinds' own rules (scenario-blocks.ts). */
function withKindRules<S extends typeof scenarioFields>(schema: S): S {
  let ruled = schema
  for (const b of SCENARIO_BLOCKS) {
    ruled = ruled.refine((s) => (s.script === b.script) === (s[b.key] !== undefined), {
      message: b.pairing,
      path: [b.key],
    })
  }
  for (const b of SCENARIO_BLOCKS) {
    for (const rule of b.rules ?? []) {
      ruled = ruled.refine((s) => s.script !== b.script || rule.holds(s), {
        message: rule.message,
        path: [rule.path],
      })
    }
  }
  return ruled
}

/** One scenario: its keys, and which keys a script needs or refuses. */
export const scenarioSchema = withKindRules(scenarioFields)
  .refine((s) => !isBuiltInScenario(s.script) || s.latencyMetric === 'http_req_duration', {
    message: 'latencyMetric applies to your own k6 script; the built-in scenarios measure HTTP',
    path: ['latencyMetric'],
  })
  // "report" stays accepted on a built-in scenario: configs and journals written when it was the
  // default still carry it, and it changes nothing there.
  .refine((s) => !isBuiltInScenario(s.script) || s.thresholds !== 'fail', {
    message: 'thresholds applies to your own k6 script; the built-in scenarios set none of their own',
    path: ['thresholds'],
  })
  .refine((s) => !isArrivalRateScript(s.script) || s.rate !== undefined, {
    message: 'an arrival-rate scenario needs "rate" (iterations per second)',
    path: ['rate'],
  })
  // k6 refuses arrival-rate executors shorter than a second; say so here, naming the key, not after
  // the stack has started.
  // Only for well-formed durations: a malformed one already has its own message at that key.
  .refine(
    (s) =>
      !isArrivalRateScript(s.script) || !DURATION_PATTERN.test(s.duration) || durationMs(s.duration) >= 1000,
    {
      message: 'an arrival-rate scenario runs for at least "1s" (a k6 limit)',
      path: ['duration'],
    },
  )
  .refine(
    (s) =>
      !isArrivalRateScript(s.script) ||
      !DURATION_PATTERN.test(s.warmup) ||
      durationMs(s.warmup) === 0 ||
      durationMs(s.warmup) >= 1000,
    { message: 'an arrival-rate warm-up is "0s" or at least "1s" (a k6 limit)', path: ['warmup'] },
  )

/** A scenario as written: `vus`, `rate` and `payloadBytes` may be lists (a sweep). */
export type RawScenarioConfig = z.infer<typeof scenarioSchema>
/**
 * One scenario after sweep expansion: every level a single number; `sweep` says which scenario of the
 * config it came from and at which level (absent for a scenario that sweeps nothing).
 */
export type ScenarioConfig = Omit<RawScenarioConfig, 'vus' | 'rate' | 'payloadBytes'> & {
  vus?: number | undefined
  rate?: number | undefined
  payloadBytes: number
  sweep?: SweepLevel | undefined
}
/** Where an expanded scenario sits in its sweep: the configured scenario and the level's values. */
export interface SweepLevel {
  /** The configured scenario's name. */
  scenario: string
  /** The swept keys at this level, e.g. `{ vus: 10 }`, and the label `vus=10`. */
  values: { vus?: number; rate?: number; payloadBytes?: number }
  label: string
}
export type CapacityConfig = NonNullable<RawScenarioConfig['capacity']>
export type GraphqlConfig = NonNullable<RawScenarioConfig['graphql']>
export type ArenaConfig = NonNullable<RawScenarioConfig['arena']>
