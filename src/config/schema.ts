/**
 * The perf-gate.yml schema. This file is the single source of truth: TypeScript types are inferred
 * from it, validation messages come from it, perf-gate.schema.json is generated from it
 * (`npm run schema`), and the README's configuration reference is written from its descriptions.
 */
import { z } from 'zod'
import { countCells } from './sweep.js'
import { templateNames, templateNamesIn } from './template.js'

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
const boundedDuration = (max: string) =>
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
const duration = boundedDuration('1h')
/** A duration of at most 10 minutes, where "0s" means none (a warm-up). */
const optionalDuration = z
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

/** Bounds that keep one config from exhausting the runner's memory or the job's time. */
export const MAX_VUS = 10_000
export const MAX_RATE = 1_000_000
/** Cells are profiles x scenarios; every one runs each round. */
export const MAX_CELLS = 200

const name = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, 'expected a name of letters, digits, "-", "_" or "."')

const httpUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  },
  { message: 'expected a URL such as "http://gateway:8080/path"' },
)

const port = z.number().int().min(1).max(65535)

export const waitSchema = z
  .object({
    http: z
      .object({
        path: z.string().startsWith('/').max(2000).default('/'),
        port: port,
        status: z.number().int().min(100).max(599).default(200),
      })
      .strict()
      .optional()
      .describe('Wait until GET http://<container>:<port><path> answers with this status.'),
    log: z.string().min(1).optional().describe('Wait until the container logs this line (a substring).'),
    timeout: duration.default('60s').describe('How long the service may take to become ready.'),
  })
  .strict()
  .refine((w) => w.http !== undefined || w.log !== undefined, {
    message: 'expected "http" or "log"',
  })

const resourcesSchema = z
  .object({
    cpus: z.number().positive().max(1024).optional(),
    memoryMiB: z.number().int().positive().max(4_194_304).optional(),
  })
  .strict()

export const serviceSchema = z
  .object({
    image: z.string().min(1).optional().describe('A local image name, e.g. "perf-gate/echo:local".'),
    build: z
      .object({
        context: z.string().min(1).describe('Build context, relative to the config file.'),
        dockerfile: z.string().default('Dockerfile'),
        args: z.record(z.string(), z.string()).default({}),
      })
      .strict()
      .optional()
      .describe('Build the image from a Dockerfile instead of using `image`.'),
    env: z.record(z.string(), z.string()).default({}).describe('Environment variables.'),
    command: z.array(z.string()).optional().describe('Overrides the image command.'),
    ports: z.array(port).default([]).describe('Container ports the gate talks to.'),
    files: z
      .array(
        z
          .object({
            source: z.string().min(1).describe('Host path, relative to the config file.'),
            target: z.string().startsWith('/').describe('Absolute path in the container.'),
          })
          .strict(),
      )
      .default([])
      .describe('Files copied into the container before it starts.'),
    dependsOn: z.array(name).default([]).describe('Services that must be ready first.'),
    wait: waitSchema.optional().describe('Readiness of the container itself.'),
    resources: resourcesSchema
      .optional()
      .describe('Resource limits, so the gateway and the echo backend do not fight over cores.'),
  })
  .strict()
  .refine((s) => (s.image === undefined) !== (s.build === undefined), {
    message: 'expected exactly one of "image" or "build"',
  })

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

const headerMap = z.record(z.string(), z.string())

/** Most times one setup call may repeat (e.g. 100 routes, 100 consumers); more is a config error. */
export const MAX_SETUP_REPEAT = 10_000
/** `{{name}}` in setup calls and profile headers: a captured value, or `i` (the repeat index). */
export const CAPTURE_NAME = /^[A-Za-z_]\w{0,63}$/
/** A dotted path into a JSON response: `id`, `data.key`, `items.0.id`. */
export const CAPTURE_PATH = /^[\w-]+(\.[\w-]+){0,15}$/
/** Most levels one swept key (`vus`, `rate`, `payloadBytes`) may list. */
export const MAX_SWEEP_LEVELS = 20

export const httpCallSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
    url: httpUrl.describe(
      'A URL whose host is a service of the stack (or a host the workflow allows), e.g. "http://gateway:9000/apis".',
    ),
    headers: headerMap.default({}).describe('Request headers, e.g. an admin API key.'),
    body: z.unknown().optional().describe('JSON body (objects are serialised) or a string.'),
    expectStatus: z
      .array(z.number().int())
      .default([200, 201, 202, 204])
      .describe('Statuses that count as success.'),
    retries: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(10)
      .describe('Retries on errors or other statuses (backoff up to 2 s).'),
    repeat: z
      .number()
      .int()
      .min(1)
      .max(MAX_SETUP_REPEAT)
      .default(1)
      .describe(
        'Sends the call this many times; `{{i}}` in the URL, headers and body is the index (0, 1, ...), e.g. to create 100 routes.',
      ),
    capture: z
      .record(
        z.string().regex(CAPTURE_NAME, 'a capture name of letters, digits and "_"'),
        z.string().regex(CAPTURE_PATH, 'a dotted path into the JSON response, e.g. "id" or "data.key"'),
      )
      .default({})
      .describe(
        "Values taken from the JSON response by a dotted path (`{ key: data.key }`), usable as `{{key}}` in later setup calls and in the profile's `headers` (of a repeated call, the last response's).",
      ),
  })
  .strict()

export const profileSchema = z
  .object({
    name: name.describe('Names the profile in reports, e.g. "no-policies" or "jwt-rate-limit".'),
    description: z.string().optional().describe('Free text shown in the report.'),
    target: httpUrl.describe(
      'Where k6 sends load; the host must be a service of the stack or a host the workflow allows (allowed-hosts / --allow-host).',
    ),
    control: z
      .boolean()
      .default(false)
      .describe('A no-gateway control profile: a noise monitor for the runner, never gated.'),
    setup: z
      .array(httpCallSchema)
      .max(100)
      .default([])
      .describe('Admin API calls that configure this profile (create the API and its policies).'),
    readiness: z
      .object({
        url: httpUrl
          .optional()
          .describe(
            'Defaults to the target; the same host rule applies (a stack service or an allowed host).',
          ),
        method: z.enum(['GET', 'POST']).default('GET'),
        status: z.number().int().default(200),
        timeout: duration.default('30s'),
      })
      .strict()
      .optional()
      .describe('Polled after setup until the route answers as expected.'),
    expect: z
      .object({
        status: z.number().int().default(200).describe('Status every response must have.'),
        headers: headerMap.default({}).describe('Headers every response must carry (value substring).'),
        headersAbsent: z
          .array(z.string().min(1))
          .max(100)
          .default([])
          .describe('Headers no response may carry (e.g. one a policy must strip).'),
        bodyPrefix: z.string().optional().describe('Every response body must start with this.'),
        bodyContains: z
          .union([z.string(), z.array(z.string()).max(100)])
          .optional()
          .describe('Every response body must contain this (a list: each of them).'),
        echoesPayload: z
          .boolean()
          .default(false)
          .describe('The response body must equal the request payload.'),
        payloadPrefix: z
          .string()
          .optional()
          .describe(
            'The response body must be this prefix followed by the request payload, exactly (a policy that prepends to the body).',
          ),
      })
      .strict()
      .default({ status: 200, headers: {}, headersAbsent: [], echoesPayload: false })
      .describe('Per-request checks; accuracy = passed / requests.'),
    headers: headerMap
      .default({})
      .describe(
        "Headers k6 sends with every request; `{{name}}` is a value captured by this profile's setup.",
      ),
    hooks: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe(
        'How many policy hooks this profile runs per request: the report divides its added latency over the reference profile by it (per-hook cost).',
      ),
  })
  .strict()

export const BUILT_IN_SCENARIOS = [
  'constant-vus',
  'constant-arrival-rate',
  'ramping-vus',
  'ramping-arrival-rate',
  'capacity-search',
  'graphql',
  'arena',
] as const

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
  return (BUILT_IN_SCENARIOS as readonly string[]).includes(script) || /^[a-z-]+$/.test(script)
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

/** Capacity search (script: capacity-search): the highest constant arrival rate meeting a pass rule. */
export const capacitySchema = z
  .object({
    start: z.number().int().positive().max(MAX_RATE).describe('First rate tried, requests per second.'),
    max: z
      .number()
      .int()
      .positive()
      .max(MAX_RATE)
      .describe('Highest rate tried; when it passes, the capacity is reported as at least this.'),
    errorRateCeiling: z
      .number()
      .gt(0)
      .max(1)
      .default(0.01)
      .describe('A step passes only with an error rate below this (seed 004: 1%).'),
    achievedTolerance: z
      .number()
      .min(0)
      .max(1)
      .default(0.05)
      .describe('A step passes only when the achieved rate is within this fraction of its target.'),
    p95CeilingMs: z.number().positive().optional().describe('A step passes only with P95 at most this.'),
    warmupFraction: z
      .number()
      .gt(0)
      .max(1)
      .default(0.1)
      .describe("Each step's warm-up (the scenario's `warmup`) runs at this fraction of the step's rate."),
    resolution: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.05)
      .describe('Bisection stops when the passing and failing rates are within this fraction.'),
    retries: z
      .number()
      .int()
      .min(0)
      .max(5)
      .default(1)
      .describe(
        'How often a failing step is measured again at the same rate before it counts as failing: one stalled step must not send the bisection below the capacity.',
      ),
    maxSteps: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(20)
      .describe('Most steps one search may take, retries included.'),
  })
  .strict()
  .refine((c) => c.max >= c.start, { message: 'expected max >= start', path: ['max'] })

/**
 * Seed 002's weights and caps, the arena's defaults. Here rather than in src/arena/score.ts (which
 * re-exports them) because this file imports nothing local: npm run schema loads it on its own.
 */
export const DEFAULT_ARENA_WEIGHTS = {
  sequential: 0.1,
  burst50: 0.2,
  burst100: 0.2,
  availability: 0.15,
  errorRate: 0.1,
  consistency: 0.1,
  rampUp: 0.15,
}
export const DEFAULT_ARENA_CAPS = {
  sequentialP95Ms: 400,
  burst50P95Ms: 2500,
  burst100P95Ms: 4000,
  consistencyCv: 1,
  rampUpRps: 100,
}

const weight = z.number().min(0).max(1)
const cap = z.number().positive()

/** The Gateway Arena (script: arena): seed 002's seven phases and its composite score. */
export const arenaSchema = z
  .object({
    timeScale: z
      .number()
      .gt(0)
      .max(1)
      .default(1)
      .describe(
        'Scales the timed phases (bursts 0->50 and 0->100 VUs over 18 s, ramp-up 10->100 req/s over 60 s); 1 is the published shape, less makes a quicker, shorter-run arena.',
      ),
    healthPath: z
      .string()
      .startsWith('/')
      .max(2000)
      .optional()
      .describe("The health phase's GET path on the target's host; default: the target itself."),
    weights: z
      .object({
        sequential: weight.default(DEFAULT_ARENA_WEIGHTS.sequential),
        burst50: weight.default(DEFAULT_ARENA_WEIGHTS.burst50),
        burst100: weight.default(DEFAULT_ARENA_WEIGHTS.burst100),
        availability: weight.default(DEFAULT_ARENA_WEIGHTS.availability),
        errorRate: weight.default(DEFAULT_ARENA_WEIGHTS.errorRate),
        consistency: weight.default(DEFAULT_ARENA_WEIGHTS.consistency),
        rampUp: weight.default(DEFAULT_ARENA_WEIGHTS.rampUp),
      })
      .strict()
      .default(DEFAULT_ARENA_WEIGHTS)
      .refine((w) => Math.abs(Object.values(w).reduce((a, b) => a + b, 0) - 1) < 1e-6, {
        message: 'the weights must sum to 1 (the score is 0..100)',
      })
      .describe("Weight of each dimension in the composite score (seed 002's by default)."),
    caps: z
      .object({
        sequentialP95Ms: cap.default(DEFAULT_ARENA_CAPS.sequentialP95Ms),
        burst50P95Ms: cap.default(DEFAULT_ARENA_CAPS.burst50P95Ms),
        burst100P95Ms: cap.default(DEFAULT_ARENA_CAPS.burst100P95Ms),
        consistencyCv: cap.default(DEFAULT_ARENA_CAPS.consistencyCv),
        rampUpRps: cap.default(DEFAULT_ARENA_CAPS.rampUpRps),
      })
      .strict()
      .default(DEFAULT_ARENA_CAPS)
      .describe('The value at which a dimension scores 0 (latency: P95 in ms).'),
  })
  .strict()

/** Largest GraphQL query accepted (seed 001's largest is about 2 KB). */
export const MAX_GRAPHQL_QUERY_BYTES = 100_000

/** A GraphQL scenario (script: graphql): the query every request POSTs. */
export const graphqlSchema = z
  .object({
    query: z.string().min(1).max(MAX_GRAPHQL_QUERY_BYTES).optional().describe('The query, inline.'),
    queryFile: z
      .string()
      .min(1)
      .optional()
      .describe('A file holding the query, relative to the config file (e.g. "queries/4-ops.graphql").'),
    variables: z.record(z.string(), z.unknown()).default({}).describe('Variables sent with the query.'),
    operationName: z.string().min(1).max(256).optional().describe('operationName sent with the query.'),
  })
  .strict()
  .refine((g) => (g.query === undefined) !== (g.queryFile === undefined), {
    message: 'expected exactly one of "query" or "queryFile"',
  })

export const scenarioSchema = z
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
    graphql: graphqlSchema
      .optional()
      .describe(
        'script: graphql: the query each request POSTs as {query, variables}; each response is checked for an error-free "data" holding every top-level field asked for. Closed model (vus) unless rate is set.',
      ),
    arena: arenaSchema
      .optional()
      .describe(
        "script: arena: every run is one arena (seed 002): warm-up (discarded), health, sequential, burst 10, burst 50, burst 100, sustained, ramp-up, one k6 process each; scored 0..100 and gated on a score drop. Set gate.warmupRounds: 1 and rounds: 4 for the seed's 5 runs with the first discarded.",
      ),
    capacity: capacitySchema
      .optional()
      .describe(
        'script: capacity-search: every run is one search, a series of constant-arrival-rate steps of `duration` (each after a warm-up of `warmup` at warmupFraction of its rate); rounds repeat the search.',
      ),
  })
  .strict()
  .refine((s) => (s.script === 'graphql') === (s.graphql !== undefined), {
    message: 'script "graphql" and "graphql" (the query) go together: one needs the other',
    path: ['graphql'],
  })
  .refine((s) => (s.script === 'arena') === (s.arena !== undefined), {
    message: 'script "arena" and "arena" go together: one needs the other (arena: {} for the defaults)',
    path: ['arena'],
  })
  .refine((s) => (s.script === 'capacity-search') === (s.capacity !== undefined), {
    message: 'script "capacity-search" and "capacity" go together: one needs the other',
    path: ['capacity'],
  })
  .refine(
    (s) =>
      s.script !== 'capacity-search' ||
      ((!DURATION_PATTERN.test(s.duration) || durationMs(s.duration) >= 1000) &&
        (!DURATION_PATTERN.test(s.warmup) || durationMs(s.warmup) === 0 || durationMs(s.warmup) >= 1000)),
    {
      message: 'a capacity search runs arrival-rate steps: duration and warmup of at least "1s" (a k6 limit)',
      path: ['duration'],
    },
  )
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
  .refine((s) => !s.script.endsWith('arrival-rate') || s.rate !== undefined, {
    message: 'an arrival-rate scenario needs "rate" (iterations per second)',
    path: ['rate'],
  })
  // k6 refuses arrival-rate executors shorter than a second; say so here, naming the key, not after
  // the stack has started.
  // Only for well-formed durations: a malformed one already has its own message at that key.
  .refine(
    (s) =>
      !s.script.endsWith('arrival-rate') ||
      !DURATION_PATTERN.test(s.duration) ||
      durationMs(s.duration) >= 1000,
    {
      message: 'an arrival-rate scenario runs for at least "1s" (a k6 limit)',
      path: ['duration'],
    },
  )
  .refine(
    (s) =>
      !s.script.endsWith('arrival-rate') ||
      !DURATION_PATTERN.test(s.warmup) ||
      durationMs(s.warmup) === 0 ||
      durationMs(s.warmup) >= 1000,
    { message: 'an arrival-rate warm-up is "0s" or at least "1s" (a k6 limit)', path: ['warmup'] },
  )

export const gateSchema = z
  .object({
    metric: z
      .enum(['p50', 'p90', 'p95', 'p99'])
      .default('p95')
      .describe('The latency percentile the gate judges.'),
    threshold: z
      .number()
      .positive()
      .max(10)
      .default(0.1)
      .describe('Relative regression that fails the gate: 0.10 is +10%.'),
    confidence: z
      .number()
      .gt(0.5)
      .lt(1)
      .default(0.95)
      .describe('Confidence level of every interval the report shows, and of the pass rule.'),
    blockConfidence: z
      .number()
      .gt(0.5)
      .lt(1)
      .default(0.99)
      .describe(
        'Confidence the gate needs that a cell is slower before it blocks on it (its interval at this level must exclude +0%). Higher than `confidence` because a false block costs more than another pair: a gate that looks again after every block would otherwise block unchanged code more often than the nominal level.',
      ),
    errorRateCeiling: z.number().min(0).max(1).default(0.01).describe('Absolute error-rate ceiling.'),
    rounds: z.number().int().min(1).max(200).default(5).describe('Measured rounds (each runs every cell).'),
    warmupRounds: z.number().int().min(0).max(20).default(1).describe('Rounds run first and discarded.'),
    seed: z.number().int().default(1).describe('Seeds the randomized run order.'),
    method: z
      .enum(['auto', 'stored', 'paired'])
      .default('auto')
      .describe(
        'auto: the stored baseline first when the file exists, escalating to paired A/B blocks when it cannot decide (see "How the gate decides"); straight to paired blocks when there is no baseline file, or when a baselineVariant exists and this runner\'s CPU model or count differs from the baseline\'s (the stored baseline could never decide there, so it is not measured). stored: the baseline file only (never paired). paired: paired A/B blocks only (needs baselineVariant).',
      ),
    onInconclusive: z.enum(['warn', 'fail']).default('warn').describe('What an undecided gate does.'),
    maxBaselineAgeDays: z
      .number()
      .positive()
      .max(3650)
      .default(7)
      .describe('Older baselines get a warning note in the report.'),
    timeBudget: boundedDuration('24h')
      .default('20m')
      .describe(
        'Paired A/B blocks are added only while the next one, taken as slow as the slowest so far, fits in this (the whole gate, stored phase included).',
      ),
    maxRounds: z
      .number()
      .int()
      .min(1)
      .max(200)
      .optional()
      .describe('Paired mode: the most pairs per cell (default 4 x rounds); `rounds` is the least.'),
    pairing: z
      .enum(['duet', 'interleaved'])
      .default('duet')
      .describe(
        'Paired mode: "duet" drives both variants at the same time from one k6 process, so both see the same moment of the machine; "interleaved" runs them one after the other (AB or BA at random).',
      ),
    pairsPerBlock: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(1)
      .describe(
        "Paired mode: pairs per cell measured on one set of freshly started stacks. Each block starts new stacks, so one instance's offset cannot read as a change; the block is the unit of the paired t.",
      ),
    placement: z
      .enum(['none', 'split'])
      .default('none')
      .describe(
        'CPU placement: "split" runs the gateways (the services non-control profiles target) on the upper half of the CPUs and k6 with every other service on the lower half (needs at least 2 CPUs and taskset). It steadies the ratio between variants, but on a 2-CPU runner it leaves k6 and the backends one core: keep the rate low enough that this core is not saturated, or P95 measures the load generator instead of the gateway. "none" (default) lets every process use every CPU.',
      ),
    historyNights: z
      .number()
      .int()
      .positive()
      .max(366)
      .default(14)
      .describe('Nights of history a baseline file keeps.'),
    timeline: z
      .boolean()
      .default(false)
      .describe(
        'Record latency second by second within every run (k6 CSV samples, about 1.6 KB per request written during the run) for the timeline chart. Off by default: it costs the runner CPU and disk while latency is measured.',
      ),
    isolation: z
      .enum(['shared', 'profile', 'cell'])
      .default('shared')
      .describe(
        'Which runs share a stack. shared: one stack for every profile (setup of all profiles at once; cheapest). profile: a fresh stack per profile, so one profile\'s routes and state cannot touch another\'s (one start and setup per profile). cell: a fresh stack per cell, as seed 000 restarts for every test (one start and setup per cell and round). See "Profile isolation" for the cost.',
      ),
    minAccuracy: z
      .number()
      .min(0)
      .max(1)
      .default(1)
      .describe(
        'Least fraction of requests that pass every check (expect): below it the cell fails, whatever its latency ("accuracy 99.2% < 100%").',
      ),
    sampleResources: z
      .boolean()
      .default(true)
      .describe(
        'Sample CPU, memory and PIDs of every container once a second during each run (docker stats).',
      ),
  })
  .strict()

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

export const configSchema = z
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
    k6: k6Schema.default({ flags: [] }).describe('How k6 runs: extra flags and its version.'),
    baseline: z
      .object({
        path: z.string().default('baseline.json').describe('Baseline file, relative to the config file.'),
      })
      .strict()
      .default({ path: 'baseline.json' }),
    report: z
      .object({
        reference: name
          .optional()
          .describe(
            'The profile overheads are measured against (ratio and added ms per level); default the first non-control profile.',
          ),
      })
      .strict()
      .default({})
      .describe('What the report computes beyond the verdict.'),
    baselineVariant: variantSchema
      .optional()
      .describe('The baseline variant for paired A/B runs on this runner (see gate.method).'),
  })
  .strict()
  .superRefine((config, ctx) => {
    const services = new Set(Object.keys(config.services))
    if (config.stack && services.size > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['stack', 'compose'],
        message: 'expected either "services" or "stack.compose", not both',
      })
    } else if (!config.stack && services.size === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['services'],
        message: 'expected at least one service (or a compose file in "stack.compose")',
      })
    }
    for (const [serviceName, service] of Object.entries(config.services)) {
      service.dependsOn.forEach((dep, i) => {
        if (!services.has(dep)) {
          ctx.addIssue({
            code: 'custom',
            path: ['services', serviceName, 'dependsOn', i],
            message: `unknown service "${dep}"`,
          })
        }
      })
    }
    const profileNames = new Set(config.profiles.map((p) => p.name))
    config.scenarios.forEach((scenario, i) =>
      scenario.profiles?.forEach((profile, j) => {
        if (!profileNames.has(profile))
          ctx.addIssue({
            code: 'custom',
            path: ['scenarios', i, 'profiles', j],
            message: `unknown profile "${profile}"`,
          })
      }),
    )
    if (config.report.reference !== undefined && !profileNames.has(config.report.reference)) {
      ctx.addIssue({
        code: 'custom',
        path: ['report', 'reference'],
        message: `unknown profile "${config.report.reference}"`,
      })
    }
    const cells = countCells(config.profiles, config.scenarios)
    if (cells > MAX_CELLS) {
      ctx.addIssue({
        code: 'custom',
        path: ['scenarios'],
        message: `${config.profiles.length} profiles x ${config.scenarios.length} scenarios (sweep levels expanded) make ${cells} cells; at most ${MAX_CELLS} are allowed`,
      })
    }
    config.profiles.forEach((profile, i) => {
      // A setup call may use {{i}} and what earlier calls captured.
      const known = new Set(['i'])
      profile.setup.forEach((call, j) => {
        const used = [
          ...templateNames(call.url),
          ...Object.values(call.headers).flatMap(templateNames),
          ...templateNamesIn(call.body),
        ]
        for (const name of new Set(used)) {
          if (!known.has(name))
            ctx.addIssue({
              code: 'custom',
              path: ['profiles', i, 'setup', j],
              message: `{{${name}}} is neither {{i}} nor captured by an earlier setup call`,
            })
        }
        for (const name of Object.keys(call.capture)) known.add(name)
      })
      const captured = new Set(profile.setup.flatMap((call) => Object.keys(call.capture)))
      for (const [header, value] of Object.entries(profile.headers)) {
        for (const used of templateNames(value)) {
          if (!captured.has(used))
            ctx.addIssue({
              code: 'custom',
              path: ['profiles', i, 'headers', header],
              message: `{{${used}}} is not captured by this profile's setup`,
            })
        }
      }
    })
    const seen = new Set<string>()
    config.profiles.forEach((profile, i) => {
      if (seen.has(profile.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['profiles', i, 'name'],
          message: `duplicate profile "${profile.name}"`,
        })
      }
      seen.add(profile.name)
    })
    const seenScenarios = new Set<string>()
    config.scenarios.forEach((scenario, i) => {
      if (seenScenarios.has(scenario.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', i, 'name'],
          message: `duplicate scenario "${scenario.name}"`,
        })
      }
      seenScenarios.add(scenario.name)
    })
    if (config.gate.method === 'paired' && !config.baselineVariant) {
      ctx.addIssue({
        code: 'custom',
        path: ['gate', 'method'],
        message: '"paired" needs a baselineVariant to compare the candidate with',
      })
    }
    for (const [serviceName, override] of Object.entries(config.baselineVariant?.services ?? {})) {
      // A compose file's services are checked against the file when it is read (config/compose-file.ts).
      if (config.stack) continue
      if (!services.has(serviceName)) {
        ctx.addIssue({
          code: 'custom',
          path: ['baselineVariant', 'services', serviceName],
          message: `unknown service "${serviceName}"`,
        })
      } else if (override.build && !override.build.context && !config.services[serviceName]?.build) {
        ctx.addIssue({
          code: 'custom',
          path: ['baselineVariant', 'services', serviceName, 'build', 'context'],
          message: `service "${serviceName}" has no build of its own: give the baseline's build context`,
        })
      }
    }
    if (config.gate.maxRounds !== undefined && config.gate.maxRounds < config.gate.rounds) {
      ctx.addIssue({
        code: 'custom',
        path: ['gate', 'maxRounds'],
        message: `must be at least gate.rounds (${config.gate.rounds})`,
      })
    }
    if (config.gate.blockConfidence < config.gate.confidence) {
      ctx.addIssue({
        code: 'custom',
        path: ['gate', 'blockConfidence'],
        message: `must be at least gate.confidence (${config.gate.confidence}): blocking needs at least the evidence passing does`,
      })
    }
  })

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
/** The config the engine runs: sweeps expanded into one scenario per level. */
export type Config = Omit<RawConfig, 'scenarios'> & { scenarios: ScenarioConfig[] }
export type ServiceConfig = z.infer<typeof serviceSchema>
export type ProfileConfig = z.infer<typeof profileSchema>
export type CapacityConfig = z.infer<typeof capacitySchema>
export type GraphqlConfig = z.infer<typeof graphqlSchema>
export type ArenaConfig = z.infer<typeof arenaSchema>
export type GateConfig = z.infer<typeof gateSchema>
export type HttpCall = z.infer<typeof httpCallSchema>
export type WaitConfig = z.infer<typeof waitSchema>
export type VariantConfig = z.infer<typeof variantSchema>
export type ComposeStackConfig = z.infer<typeof composeStackSchema>
export type K6Config = z.infer<typeof k6Schema>
