import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url); const __filename = import.meta.filename; const __dirname = import.meta.dirname;
import {
  Resvg2,
  View,
  Warn,
  compile,
  external_exports,
  initWasm,
  parse,
  require_build,
  require_dist,
  require_ignore,
  require_lib,
  require_lib2,
  require_lib3,
  require_lib4,
  textMetrics,
  throttling
} from "./chunk-HKIATO7U.js";
import {
  debug,
  getOctokit,
  retry,
  summary,
  warning
} from "./chunk-QQBD5VOR.js";
import {
  __callDispose,
  __toESM,
  __using
} from "./chunk-X43ZVNN6.js";

// src/exit.ts
function endProcess(code, graceMs = 1e3) {
  process.exitCode = code;
  setTimeout(() => process.exit(code), graceMs).unref();
}

// src/errors.ts
var ExitCode = {
  Pass: 0,
  Regression: 1,
  InvalidInput: 2,
  Infrastructure: 3
};
var PerfGateError = class extends Error {
  exitCode;
  constructor(message, exitCode, options) {
    super(message, options);
    this.name = new.target.name;
    this.exitCode = exitCode;
  }
};
var ConfigError = class extends PerfGateError {
  /** One line per problem, each naming the file and the path. */
  problems;
  /** Per problem (same index), the config path it concerns, when it concerns one. */
  paths;
  /** Per problem (same index), where it is in the file, when known: the action annotates that line. */
  locations;
  constructor(problems, details = {}) {
    super(problems.join("\n"), ExitCode.InvalidInput);
    this.problems = problems;
    this.paths = details.paths ?? [];
    this.locations = details.locations ?? [];
  }
};
var InfrastructureError = class extends PerfGateError {
  constructor(message, options) {
    super(message, ExitCode.Infrastructure, options);
  }
};
function describeFailure(error) {
  if (error instanceof PerfGateError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof Error) return { message: error.message, exitCode: ExitCode.Infrastructure };
  return { message: `unexpected failure: ${String(error)}`, exitCode: ExitCode.Infrastructure };
}

// src/stack/reaper.ts
function disableReaperUnlessSet(env = process.env) {
  env.TESTCONTAINERS_RYUK_DISABLED ??= "true";
}

// src/config/threshold.ts
function parseThreshold(text2) {
  const trimmed = text2.trim();
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(trimmed);
  const value = percent ? Number(percent[1]) / 100 : /^\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isFinite(value) || value <= 0 || value > 10) return null;
  if (!percent && value > 1) return null;
  return value;
}

// src/model/results-parts.ts
var TEXT_LIMITS = { short: 256, path: 4096, long: 2e4 };
function resultParts(strings) {
  const finite = external_exports.number().finite();
  const verdict = external_exports.enum(["pass", "regression", "inconclusive"]);
  const metric2 = external_exports.enum(["p50", "p90", "p95", "p99"]);
  const ratio = external_exports.object({ estimate: finite, lower: finite, upper: finite, confidence: finite });
  const summary2 = external_exports.object({
    n: external_exports.number().int().nonnegative(),
    median: finite,
    mean: finite,
    lower: finite,
    upper: finite,
    values: external_exports.array(finite).max(1e5),
    /** What one value is: a run, or (for a stored history) one night's geometric mean. Default 'run'. */
    unit: external_exports.enum(["run", "night"]).optional(),
    /**
     * What [lower, upper] is: a CI of the centre (latency: of the geometric mean, see stats/descriptive),
     * a prediction interval for a new night (history), or nothing (fewer than two values).
     */
    interval: external_exports.enum(["confidence", "prediction", "none"]).optional()
  });
  const interval2 = external_exports.object({ estimate: finite, lower: finite, upper: finite, confidence: finite });
  return { strings, finite, verdict, metric: metric2, ratio, summary: summary2, interval: interval2 };
}

// src/model/results-shard.ts
var MAX_SHARDS = 64;
function shardFields(p) {
  const { strings } = p;
  return {
    /**
     * This results.json is one share of a sharded gate, to be joined by `perf-gate merge` (or the
     * action's merge mode), which checks that every partial comes from the same config, commit, mode
     * and event before it decides across all cells.
     */
    shard: external_exports.object({
      /** 1-based index of this share. */
      index: external_exports.number().int().min(1).max(MAX_SHARDS),
      /** How many shares the matrix was cut into. */
      count: external_exports.number().int().min(1).max(MAX_SHARDS),
      /** SHA-256 of the config file and the overrides the run applied (threshold, k6 flags and version). */
      configDigest: external_exports.string().regex(/^[0-9a-f]{64}$/, "expected a SHA-256 hex digest"),
      /** The commit measured (GITHUB_SHA, else HEAD of the workspace), or null when unknown. */
      commit: strings.sha.nullable(),
      /** GITHUB_EVENT_NAME of the run, or "local" outside Actions. */
      event: external_exports.string().regex(/^[a-z_]{1,64}$/, "expected an event name").max(TEXT_LIMITS.short),
      /** The gated cells of this share (controls run in every share that needs them, and are not listed). */
      cells: external_exports.array(strings.cell).max(5e3),
      /** gate.blockConfidence, so the merge applies Holm at the level the shards used. */
      blockConfidence: external_exports.number().gt(0.5).lt(1).optional(),
      /** gate.onInconclusive, so the merged verdict fails the job exactly as the whole gate would. */
      onInconclusive: external_exports.enum(["warn", "fail"]).optional(),
      /**
       * The whole config's profiles in order (with their declared policy hooks), its scenarios in
       * order, and report.reference: the merge lays out the table and computes the overhead figures
       * over every share's cells as the unsharded gate would.
       */
      layout: external_exports.object({
        profiles: external_exports.array(external_exports.object({ name: strings.name, hooks: external_exports.number().int().positive().optional() })).max(1e3),
        scenarios: external_exports.array(strings.name).max(5e3),
        reference: strings.name.nullable()
      }).optional()
    }).optional()
  };
}

// src/config/shard-spec.ts
function parseShard(text2) {
  const match = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(text2);
  if (!match) return null;
  const index = Number(match[1]);
  const count3 = Number(match[2]);
  if (count3 < 1 || count3 > MAX_SHARDS || index < 1 || index > count3) return null;
  return { index, count: count3 };
}
var SHARD_FORMAT = `"i/N" with 1 <= i <= N <= ${MAX_SHARDS}, e.g. 2/3`;

// src/config/schema/fields.ts
var MAX_VUS = 1e4;
var MAX_RATE = 1e6;
var MAX_CELLS = 200;
var name = external_exports.string().regex(/^[a-z0-9][a-z0-9_.-]*$/i, 'expected a name of letters, digits, "-", "_" or "."');
var httpUrl = external_exports.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  },
  { message: 'expected a URL such as "http://gateway:8080/path"' }
);
var port = external_exports.number().int().min(1).max(65535);
var headerMap = external_exports.record(external_exports.string(), external_exports.string());

// src/config/schema/durations.ts
var DURATION_PATTERN = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;
var DURATION_FORMS = '"500ms", "8s", "2m", "1h" or "1m30s" (numbers with the units ms, s, m, h, as k6 writes them)';
var notDuration = (issue) => `expected a duration such as ${DURATION_FORMS}, got ${JSON.stringify(issue.input)}`;
var MAX_TIMER_MS = 2 ** 31 - 1;
var boundedDuration = (max) => external_exports.string().regex(DURATION_PATTERN, { error: notDuration }).refine((value) => !DURATION_PATTERN.test(value) || durationMs(value) > 0, {
  message: "expected a duration above 0"
}).refine(
  (value) => !DURATION_PATTERN.test(value) || durationMs(value) <= Math.min(durationMs(max), MAX_TIMER_MS),
  {
    message: `expected a duration of at most ${max}`
  }
);
var duration = boundedDuration("1h");
var optionalDuration = external_exports.string().regex(DURATION_PATTERN, { error: notDuration }).refine((value) => !DURATION_PATTERN.test(value) || durationMs(value) <= 6e5, {
  message: "expected a duration of at most 10m"
});
var DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function durationMs(value) {
  if (!DURATION_PATTERN.test(value)) throw new Error(`not a duration: ${value}`);
  let total = 0;
  for (const [, n, unit] of value.matchAll(DURATION_PART))
    total += Number(n) * UNIT_MS[unit];
  return total;
}

// src/config/schema/services.ts
var waitSchema = external_exports.object({
  http: external_exports.object({
    path: external_exports.string().startsWith("/").max(2e3).default("/"),
    port,
    status: external_exports.number().int().min(100).max(599).default(200)
  }).strict().optional().describe("Wait until GET http://<container>:<port><path> answers with this status."),
  log: external_exports.string().min(1).optional().describe("Wait until the container logs this line (a substring)."),
  timeout: duration.default("60s").describe("How long the service may take to become ready.")
}).strict().refine((w) => w.http !== void 0 || w.log !== void 0, {
  message: 'expected "http" or "log"'
});
var resourcesSchema = external_exports.object({
  cpus: external_exports.number().positive().max(1024).optional(),
  memoryMiB: external_exports.number().int().positive().max(4194304).optional()
}).strict();
var serviceSchema = external_exports.object({
  image: external_exports.string().min(1).optional().describe('A local image name, e.g. "perf-gate/echo:local".'),
  build: external_exports.object({
    context: external_exports.string().min(1).describe("Build context, relative to the config file."),
    dockerfile: external_exports.string().default("Dockerfile"),
    args: external_exports.record(external_exports.string(), external_exports.string()).default({})
  }).strict().optional().describe("Build the image from a Dockerfile instead of using `image`."),
  env: external_exports.record(external_exports.string(), external_exports.string()).default({}).describe("Environment variables."),
  command: external_exports.array(external_exports.string()).optional().describe("Overrides the image command."),
  ports: external_exports.array(port).default([]).describe("Container ports the gate talks to."),
  files: external_exports.array(
    external_exports.object({
      source: external_exports.string().min(1).describe("Host path, relative to the config file."),
      target: external_exports.string().startsWith("/").describe("Absolute path in the container.")
    }).strict()
  ).default([]).describe("Files copied into the container before it starts."),
  dependsOn: external_exports.array(name).default([]).describe("Services that must be ready first."),
  wait: waitSchema.optional().describe("Readiness of the container itself."),
  resources: resourcesSchema.optional().describe("Resource limits, so the gateway and the echo backend do not fight over cores.")
}).strict().refine((s) => s.image === void 0 !== (s.build === void 0), {
  message: 'expected exactly one of "image" or "build"'
});

// src/config/schema/baseline.ts
var baselineSchema = external_exports.object({
  path: external_exports.string().default("baseline.json").describe("Baseline file, relative to the config file.")
}).strict();
var variantSchema = external_exports.object({
  services: external_exports.record(
    name,
    external_exports.object({
      image: external_exports.string().min(1).optional(),
      build: external_exports.object({
        ref: external_exports.string().min(1).regex(/^[\w./@^~-]+$/, 'expected a git ref such as "merge-base", "main" or a commit').default("merge-base").describe(
          `Git ref whose tree the baseline image is built from: "merge-base" (the pull request's merge base with its base branch) or any ref git knows.`
        ),
        context: external_exports.string().min(1).optional().describe("Build context; defaults to the service's own."),
        dockerfile: external_exports.string().min(1).optional().describe("Defaults to the service's own.")
      }).strict().optional().describe("Build the baseline image from the Dockerfile as it was at a git ref."),
      env: external_exports.record(external_exports.string(), external_exports.string()).optional(),
      command: external_exports.array(external_exports.string()).optional(),
      resources: resourcesSchema.optional().describe("Resource limits of the baseline variant's service (e.g. a CPU-limited A/B).")
    }).strict().refine((v) => v.image === void 0 || v.build === void 0, {
      message: 'expected at most one of "image" or "build"'
    })
  ).describe("Per service: what differs in the baseline variant (e.g. the default branch image).")
}).strict();

// src/config/schema/gate.ts
var gateSchema = external_exports.object({
  metric: external_exports.enum(["p50", "p90", "p95", "p99"]).default("p95").describe("The latency percentile the gate judges."),
  threshold: external_exports.number().positive().max(10).default(0.1).describe("Relative regression that fails the gate: 0.10 is +10%."),
  confidence: external_exports.number().gt(0.5).lt(1).default(0.95).describe("Confidence level of every interval the report shows, and of the pass rule."),
  blockConfidence: external_exports.number().gt(0.5).lt(1).default(0.99).describe(
    "Confidence the gate needs that a cell is slower before it blocks on it (its interval at this level must exclude +0%). Higher than `confidence` because a false block costs more than another pair: a gate that looks again after every block would otherwise block unchanged code more often than the nominal level."
  ),
  errorRateCeiling: external_exports.number().min(0).max(1).default(0.01).describe("Absolute error-rate ceiling."),
  rounds: external_exports.number().int().min(1).max(200).default(5).describe("Measured rounds (each runs every cell)."),
  warmupRounds: external_exports.number().int().min(0).max(20).default(1).describe("Rounds run first and discarded."),
  seed: external_exports.number().int().default(1).describe("Seeds the randomized run order."),
  blockWarmup: external_exports.union([
    external_exports.enum(["off", "auto"]),
    boundedDuration("10m").refine((v) => !DURATION_PATTERN.test(v) || durationMs(v) >= 1e3, {
      message: 'expected "off", "auto" or a duration of at least "1s" (a k6 limit)'
    })
  ]).default("off").describe(
    'Paired mode: load that warms each fresh stack of a block before its pairs (warm-up runs, never compared). auto: each gated cell (not the controls) on each stack in 3 s windows until its P95 settles (see "How the gate decides"), at most blockWarmupMax; a duration: each gated cell on each stack that long. off: none beyond each run\'s `warmup`; enough for gateways warm on their first request (nginx, Go), not for a JIT-compiled one.'
  ),
  blockWarmupMin: optionalDuration.default("0s").describe(
    "Paired mode, blockWarmup: auto: the least one stack warms up one cell before its P95 may count as settled. A JIT-compiled gateway can pause on its way down (a plateau of several windows between compilation tiers) and the steady rule cannot tell that pause from its floor; set this from a measured warm-up curve (scripts/jit-cold-start.ts), as the seeds warm a fixed 60 or 120 s."
  ),
  blockWarmupMax: boundedDuration("10m").default("1m").describe(
    "Paired mode, blockWarmup: auto: the longest one stack warms up one cell when its P95 does not settle; the block is then measured anyway, and the log and the journal say so."
  ),
  method: external_exports.enum(["auto", "stored", "paired"]).default("auto").describe(
    `auto: the stored baseline first when the file exists, escalating to paired A/B blocks when it cannot decide (see "How the gate decides"); straight to paired blocks when there is no baseline file, or when a baselineVariant exists and this runner's CPU model or count differs from the baseline's (the stored baseline could never decide there, so it is not measured). stored: the baseline file only (never paired). paired: paired A/B blocks only (needs baselineVariant).`
  ),
  onInconclusive: external_exports.enum(["warn", "fail"]).default("warn").describe("What an undecided gate does."),
  maxBaselineAgeDays: external_exports.number().positive().max(3650).default(7).describe("Older baselines get a warning note in the report."),
  timeBudget: boundedDuration("24h").default("20m").describe(
    "Paired A/B blocks are added only while the next one, taken as slow as the slowest so far, fits in this (the whole gate, stored phase included)."
  ),
  maxRounds: external_exports.number().int().min(1).max(200).optional().describe("Paired mode: the most pairs per cell (default 4 x rounds); `rounds` is the least."),
  pairing: external_exports.enum(["duet", "interleaved"]).default("duet").describe(
    'Paired mode: "duet" drives both variants at the same time from one k6 process, so both see the same moment of the machine; "interleaved" runs them one after the other (AB or BA at random).'
  ),
  onRegression: external_exports.enum(["stop", "decide-rest"]).default("stop").describe(
    "Paired mode: what the gate does once a gated cell regressed. stop (default): it blocks at once, and gated cells not decided yet stay inconclusive. decide-rest: it keeps measuring the undecided gated cells (adaptive blocks: only them and their controls) while gate.maxRounds and gate.timeBudget allow, so the report names every cell that regressed; the verdict is regression either way."
  ),
  pairsPerBlock: external_exports.number().int().min(1).max(50).default(1).describe(
    "Paired mode: pairs per cell measured on one set of freshly started stacks. Each block starts new stacks, so one instance's offset cannot read as a change; the block is the unit of the paired t."
  ),
  placement: external_exports.enum(["none", "split"]).default("none").describe(
    'CPU placement: "split" runs the gateways (the services non-control profiles target) on the upper half of the CPUs and k6 with every other service on the lower half (needs at least 2 CPUs and taskset). It steadies the ratio between variants, but on a 2-CPU runner it leaves k6 and the backends one core: keep the rate low enough that this core is not saturated, or P95 measures the load generator instead of the gateway. "none" (default) lets every process use every CPU.'
  ),
  historyNights: external_exports.number().int().positive().max(366).default(14).describe("Nights of history a baseline file keeps."),
  timeline: external_exports.boolean().default(false).describe(
    "Record latency second by second within every run (k6 CSV samples, about 1.6 KB per request written during the run) for the timeline chart. Off by default: it costs the runner CPU and disk while latency is measured."
  ),
  isolation: external_exports.enum(["shared", "profile", "cell"]).default("shared").describe(
    `Which runs share a stack. shared: one stack for every profile (setup of all profiles at once; cheapest). profile: a fresh stack per profile, so one profile's routes and state cannot touch another's (one start and setup per profile). cell: a fresh stack per cell, as seed 000 restarts for every test (one start and setup per cell and round). See "Profile isolation" for the cost.`
  ),
  minAccuracy: external_exports.number().min(0).max(1).default(1).describe(
    'Least fraction of requests that pass every check (expect): below it the cell fails, whatever its latency ("accuracy 99.2% < 100%").'
  ),
  sampleResources: external_exports.boolean().default(true).describe(
    "Sample CPU, memory and PIDs of every container once a second during each run (docker stats)."
  ),
  cpuPerRequest: external_exports.enum(["off", "report", "gate", "only"]).default("report").describe(
    "CPU time per request of the service a profile targets (the gateway), from its container's CPU counter over the load window (docs/cpu-per-request.md). report: shown per cell with its interval, never deciding. gate: a second gated metric: a cell regresses when latency or CPU regresses, passes only when both pass (Holm over one hypothesis per cell per metric); needs sampleResources. only: CPU per request is the gated metric in latency's place (latency is compared and shown, and does not decide; error rate and accuracy still gate): for runners too noisy for P95 (a shared 2-core runner), at the price of missing regressions that wait rather than compute (a slower upstream, an added network call); needs sampleResources. off: not compared."
  )
}).strict();

// src/config/schema/k6.ts
var MAX_K6_SEGMENTS = 16;
var k6Schema = external_exports.object({
  flags: external_exports.array(external_exports.string().min(1).max(256)).max(30).default([]).describe(
    'Extra `k6 run` flags, each "--name" or "--name=value", from a list of safe ones (see docs/k6-scripts.md); others are refused.'
  ),
  version: external_exports.string().regex(/^v?\d{1,3}\.\d{1,3}\.\d{1,3}$/, 'expected a k6 release such as "1.8.1"').transform((v) => v.replace(/^v/, "")).optional().describe(
    "The k6 release to run. When the runner's k6 differs, the action obtains it (a pinned archive, else `go install` checked by Go's checksum database, else the release archive checked only against the release's own checksums file: integrity, not authenticity; see docs/k6.md); the CLI refuses to run another (exit 3)."
  ),
  segments: external_exports.number().int().min(1, "expected at least 1 k6 process").max(MAX_K6_SEGMENTS, `expected at most ${MAX_K6_SEGMENTS} k6 processes per run`).default(1).describe(
    "Run every load run of a built-in scenario as this many k6 processes on the runner, each one execution segment of the same test (k6's `--execution-segment`, as k6-operator splits a test), started paused and resumed together; counts are summed and percentiles computed from the union of their raw samples (exact). For load one k6 process cannot generate; see docs/k6.md. Your own scripts, arena, capacity and start-up scenarios run as one process."
  )
}).strict();

// src/config/schema/profiles.ts
var MAX_SETUP_REPEAT = 1e4;
var MAX_BODY_FILE_BYTES = 1e6;
var CAPTURE_NAME = /^[A-Za-z_]\w{0,63}$/;
var CAPTURE_PATH = /^[\w-]+(\.[\w-]+){0,15}$/;
var httpCallSchema = external_exports.object({
  method: external_exports.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).default("POST"),
  url: httpUrl.describe(
    'A URL whose host is a service of the stack (or a host the workflow allows), e.g. "http://gateway:9000/apis".'
  ),
  headers: headerMap.default({}).describe("Request headers, e.g. an admin API key."),
  body: external_exports.unknown().optional().describe("JSON body (objects are serialised) or a string."),
  bodyFile: external_exports.string().min(1).optional().describe(
    'A file holding the body instead, relative to the config file (e.g. "rest-100-routes.json"): a .json file is sent as JSON with `{{name}}` filled in its strings as in `body`, any other file as text. For a body too long to write inline, e.g. a whole gateway configuration with 100 routes.'
  ),
  expectStatus: external_exports.array(external_exports.number().int()).default([200, 201, 202, 204]).describe("Statuses that count as success."),
  retries: external_exports.number().int().min(0).max(100).default(10).describe("Retries on errors or other statuses (backoff up to 2 s)."),
  repeat: external_exports.number().int().min(1).max(MAX_SETUP_REPEAT).default(1).describe(
    "Sends the call this many times; `{{i}}` in the URL, headers and body is the index (0, 1, ...), e.g. to create 100 routes."
  ),
  capture: external_exports.record(
    external_exports.string().regex(CAPTURE_NAME, 'a capture name of letters, digits and "_"'),
    external_exports.string().regex(CAPTURE_PATH, 'a dotted path into the JSON response, e.g. "id" or "data.key"')
  ).default({}).describe(
    "Values taken from the JSON response by a dotted path (`{ key: data.key }`), usable as `{{key}}` in later setup calls and in the profile's `headers` (of a repeated call, the last response's)."
  )
}).strict().refine((call) => call.body === void 0 || call.bodyFile === void 0, {
  message: 'expected at most one of "body" or "bodyFile"'
});
var profileSchema = external_exports.object({
  name: name.describe('Names the profile in reports, e.g. "no-policies" or "jwt-rate-limit".'),
  description: external_exports.string().optional().describe("Free text shown in the report."),
  target: httpUrl.describe(
    "Where k6 sends load; the host must be a service of the stack or a host the workflow allows (allowed-hosts / --allow-host)."
  ),
  control: external_exports.boolean().default(false).describe("A no-gateway control profile: a noise monitor for the runner, never gated."),
  setup: external_exports.array(httpCallSchema).max(100).default([]).describe("Admin API calls that configure this profile (create the API and its policies)."),
  readiness: external_exports.object({
    url: httpUrl.optional().describe(
      "Defaults to the target; the same host rule applies (a stack service or an allowed host)."
    ),
    method: external_exports.enum(["GET", "POST"]).default("GET"),
    status: external_exports.number().int().default(200),
    timeout: duration.default("30s")
  }).strict().optional().describe("Polled after setup until the route answers as expected."),
  expect: external_exports.object({
    status: external_exports.number().int().default(200).describe("Status every response must have."),
    headers: headerMap.default({}).describe("Headers every response must carry (value substring)."),
    headersAbsent: external_exports.array(external_exports.string().min(1)).max(100).default([]).describe("Headers no response may carry (e.g. one a policy must strip)."),
    bodyPrefix: external_exports.string().optional().describe("Every response body must start with this."),
    bodyContains: external_exports.union([external_exports.string(), external_exports.array(external_exports.string()).max(100)]).optional().describe("Every response body must contain this (a list: each of them)."),
    echoesPayload: external_exports.boolean().default(false).describe("The response body must equal the request payload."),
    payloadPrefix: external_exports.string().optional().describe(
      "The response body must be this prefix followed by the request payload, exactly (a policy that prepends to the body)."
    )
  }).strict().default({ status: 200, headers: {}, headersAbsent: [], echoesPayload: false }).describe("Per-request checks; accuracy = passed / requests."),
  headers: headerMap.default({}).describe(
    "Headers k6 sends with every request; `{{name}}` is a value captured by this profile's setup."
  ),
  hooks: external_exports.number().int().min(1).max(1e3).optional().describe(
    "How many policy hooks this profile runs per request: the report divides its added latency over the reference profile by it (per-hook cost)."
  )
}).strict();

// src/config/schema/report.ts
var reportSchema = external_exports.object({
  reference: name.optional().describe(
    "The profile overheads are measured against (ratio and added ms per level); default the first non-control profile."
  )
}).strict();

// src/config/schema/arena.ts
var DEFAULT_ARENA_WEIGHTS = {
  sequential: 0.1,
  burst50: 0.2,
  burst100: 0.2,
  availability: 0.15,
  errorRate: 0.1,
  consistency: 0.1,
  rampUp: 0.15
};
var DEFAULT_ARENA_CAPS = {
  sequentialP95Ms: 400,
  burst50P95Ms: 2500,
  burst100P95Ms: 4e3,
  consistencyCv: 1,
  rampUpRps: 100
};
var weight = external_exports.number().min(0).max(1);
var cap = external_exports.number().positive();
var arenaSchema = external_exports.object({
  timeScale: external_exports.number().gt(0).max(1).default(1).describe(
    "Scales the timed phases (bursts 0->50 and 0->100 VUs over 18 s, ramp-up 10->100 req/s over 60 s); 1 is the published shape, less makes a quicker, shorter-run arena."
  ),
  healthPath: external_exports.string().startsWith("/").max(2e3).optional().describe("The health phase's GET path on the target's host; default: the target itself."),
  weights: external_exports.object({
    sequential: weight.default(DEFAULT_ARENA_WEIGHTS.sequential),
    burst50: weight.default(DEFAULT_ARENA_WEIGHTS.burst50),
    burst100: weight.default(DEFAULT_ARENA_WEIGHTS.burst100),
    availability: weight.default(DEFAULT_ARENA_WEIGHTS.availability),
    errorRate: weight.default(DEFAULT_ARENA_WEIGHTS.errorRate),
    consistency: weight.default(DEFAULT_ARENA_WEIGHTS.consistency),
    rampUp: weight.default(DEFAULT_ARENA_WEIGHTS.rampUp)
  }).strict().default(DEFAULT_ARENA_WEIGHTS).refine((w) => Math.abs(Object.values(w).reduce((a, b) => a + b, 0) - 1) < 1e-6, {
    message: "the weights must sum to 1 (the score is 0..100)"
  }).describe("Weight of each dimension in the composite score (seed 002's by default)."),
  caps: external_exports.object({
    sequentialP95Ms: cap.default(DEFAULT_ARENA_CAPS.sequentialP95Ms),
    burst50P95Ms: cap.default(DEFAULT_ARENA_CAPS.burst50P95Ms),
    burst100P95Ms: cap.default(DEFAULT_ARENA_CAPS.burst100P95Ms),
    consistencyCv: cap.default(DEFAULT_ARENA_CAPS.consistencyCv),
    rampUpRps: cap.default(DEFAULT_ARENA_CAPS.rampUpRps)
  }).strict().default(DEFAULT_ARENA_CAPS).describe("The value at which a dimension scores 0 (latency: P95 in ms).")
}).strict();

// src/model/enterprise-dimensions.ts
var ENTERPRISE_DIMENSIONS = [
  "mcpDiscovery",
  "mcpToolExec",
  "authChain",
  "policyEngine",
  "guardrails",
  "rateLimiting",
  "resilience",
  "governance"
];

// src/config/schema/arena-enterprise.ts
var DEFAULT_ENTERPRISE_WEIGHTS = {
  mcpDiscovery: 0.15,
  mcpToolExec: 0.2,
  authChain: 0.15,
  policyEngine: 0.15,
  guardrails: 0.1,
  rateLimiting: 0.1,
  resilience: 0.1,
  governance: 0.05
};
var DEFAULT_ENTERPRISE_CAPS_MS = {
  mcpDiscovery: 500,
  mcpToolExec: 500,
  authChain: 1e3,
  policyEngine: 200,
  guardrails: 1e3,
  rateLimiting: 1e3,
  resilience: 1e3,
  governance: 2e3
};
var text = external_exports.string().max(1e4);
var enterpriseRequestSchema = external_exports.object({
  method: external_exports.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).default("GET"),
  path: external_exports.string().min(1).max(2e3).refine((p) => !/^[a-z][a-z0-9+.-]*:/i.test(p) && !p.startsWith("//"), {
    message: `a path on the profile's gateway, not a URL ("/mcp/capabilities")`
  }).describe(
    `Resolved against the profile's target URL ("/mcp/capabilities", or relative to the target).`
  ),
  headers: external_exports.record(external_exports.string(), text).default({}),
  body: text.optional().describe("The request body as sent (e.g. malformed JSON for resilience)."),
  jsonRpc: external_exports.object({
    method: external_exports.string().min(1).max(200),
    params: external_exports.record(external_exports.string(), external_exports.unknown()).optional()
  }).strict().optional().describe(
    'MCP over JSON-RPC 2.0: POSTs {"jsonrpc":"2.0","id":N,"method","params"} and expects a "result" with the same id and no "error".'
  ),
  expect: external_exports.object({
    status: external_exports.union([external_exports.number().int().min(100).max(599), external_exports.enum(["2xx", "4xx"])]).default("2xx").describe('The status, or a class: "4xx" is what resilience expects of bad input (never a 5xx).'),
    bodyContains: external_exports.array(text).max(20).default([]),
    bodyExcludes: external_exports.array(text).max(20).default([]).describe("Strings the response must not hold (guardrails: the PII that should be redacted)."),
    headers: external_exports.array(external_exports.string().min(1).max(200)).max(20).default([]).describe("Header names the response must carry.")
  }).strict().default({ status: "2xx", bodyContains: [], bodyExcludes: [], headers: [] })
}).strict().refine((r) => r.jsonRpc === void 0 || r.body === void 0, {
  message: "jsonRpc builds the body: give one of jsonRpc and body",
  path: ["jsonRpc"]
});
var enterpriseDimensionSchema = external_exports.object({
  requests: external_exports.array(enterpriseRequestSchema).min(1).max(20).describe("Sent in order as one iteration; an iteration passes when every response passes its checks."),
  rateLimit: external_exports.object({
    limit: external_exports.number().int().min(1).max(1e3).describe("Requests the gateway lets through per consumer."),
    burst: external_exports.number().int().min(2).max(2e3).describe("Requests sent per iteration (more than limit): the ones beyond limit must answer 429."),
    headers: external_exports.array(external_exports.string().min(1).max(200)).max(10).default([]).describe("Rate-limit headers every answer must carry (e.g. X-RateLimit-Remaining).")
  }).strict().refine((r) => r.burst > r.limit, { message: "burst must exceed limit", path: ["burst"] }).optional().describe(
    "Rate limiting: each iteration sends the first request `burst` times as a fresh consumer ({{consumer}}); the first `limit` must pass their checks and the rest answer 429. Availability is the share of requests answered as expected (the enforcement accuracy)."
  )
}).strict();
var weight2 = external_exports.number().min(0).max(1);
var capMs = external_exports.number().positive();
function defaultsOf(values, field) {
  return Object.fromEntries(ENTERPRISE_DIMENSIONS.map((d) => [d, field.default(values[d])]));
}
var enterpriseSchema = external_exports.object({
  iterations: external_exports.number().int().min(1).max(1e3).default(10).describe("Iterations per dimension and run (1 VU, one after the other)."),
  jwt: external_exports.object({
    secret: external_exports.string().min(1).max(1e3).describe("HS256 key; `${NAME}` reads it from the environment."),
    claims: external_exports.record(external_exports.string(), external_exports.union([external_exports.string(), external_exports.number(), external_exports.boolean()])).default({}),
    ttlSeconds: external_exports.number().int().positive().max(86400).default(300)
  }).strict().optional().describe("Signs the HS256 token `{{jwt}}` stands for, fresh per iteration (iat, exp added)."),
  dimensions: external_exports.object(
    Object.fromEntries(
      ENTERPRISE_DIMENSIONS.map((d) => [d, enterpriseDimensionSchema.optional()])
    )
  ).strict().refine((d) => Object.values(d).some((v) => v !== void 0), {
    message: "configure at least one dimension (the ones left out score 0)"
  }).describe(
    "The dimensions the gateways offer, with their requests. A dimension left out scores 0 (the seed: a gateway without a capability scores 0, not n/a)."
  ),
  weights: external_exports.object(defaultsOf(DEFAULT_ENTERPRISE_WEIGHTS, weight2)).strict().default(DEFAULT_ENTERPRISE_WEIGHTS).refine((w) => Math.abs(Object.values(w).reduce((a, b) => a + b, 0) - 1) < 1e-6, {
    message: "the weights must sum to 1 (the ERI is 0..100)"
  }).describe("Weight of each dimension in the ERI (seed 002's by default)."),
  gateDimensions: external_exports.boolean().default(true).describe(
    "Gate each configured dimension's score as the ERI is (same threshold, higher is better): a lost capability blocks even when the ERI drops less than the threshold. The ERI and the dimensions are one Holm family. false: the ERI alone decides (docs/arena.md)."
  ),
  capsMs: external_exports.object(defaultsOf(DEFAULT_ENTERPRISE_CAPS_MS, capMs)).strict().default(DEFAULT_ENTERPRISE_CAPS_MS).describe("The P95 (ms) at which a dimension's latency score is 0 (seed 002's by default).")
}).strict();

// src/config/schema/capacity.ts
var capacitySchema = external_exports.object({
  start: external_exports.number().int().positive().max(MAX_RATE).describe("First rate tried, requests per second."),
  max: external_exports.number().int().positive().max(MAX_RATE).describe("Highest rate tried; when it passes, the capacity is reported as at least this."),
  errorRateCeiling: external_exports.number().gt(0).max(1).default(0.01).describe("A step passes only with an error rate below this (seed 004: 1%)."),
  achievedTolerance: external_exports.number().min(0).max(1).default(0.05).describe("A step passes only when the achieved rate is within this fraction of its target."),
  p95CeilingMs: external_exports.number().positive().optional().describe("A step passes only with P95 at most this."),
  warmupFraction: external_exports.number().gt(0).max(1).default(0.1).describe("Each step's warm-up (the scenario's `warmup`) runs at this fraction of the step's rate."),
  resolution: external_exports.number().gt(0).lt(1).default(0.05).describe("Bisection stops when the passing and failing rates are within this fraction."),
  retries: external_exports.number().int().min(0).max(5).default(1).describe(
    "How often a failing step is measured again at the same rate before it counts as failing: one stalled step must not send the bisection below the capacity."
  ),
  maxSteps: external_exports.number().int().min(1).max(50).default(20).describe("Most steps one search may take, retries included.")
}).strict().refine((c) => c.max >= c.start, { message: "expected max >= start", path: ["max"] });

// src/config/schema/graphql.ts
var MAX_GRAPHQL_QUERY_BYTES = 1e5;
var graphqlSchema = external_exports.object({
  query: external_exports.string().min(1).max(MAX_GRAPHQL_QUERY_BYTES).optional().describe("The query, inline."),
  queryFile: external_exports.string().min(1).optional().describe('A file holding the query, relative to the config file (e.g. "queries/4-ops.graphql").'),
  variables: external_exports.record(external_exports.string(), external_exports.unknown()).default({}).describe("Variables sent with the query."),
  operationName: external_exports.string().min(1).max(256).optional().describe("operationName sent with the query.")
}).strict().refine((g) => g.query === void 0 !== (g.queryFile === void 0), {
  message: 'expected exactly one of "query" or "queryFile"'
});

// src/config/schema/startup.ts
var startupSchema = external_exports.object({
  service: name.optional().describe("The service to restart; default: the service the profile's target names."),
  timeout: boundedDuration("10m").default("60s").describe("How long after the start to wait for a successful response before the run is invalid."),
  interval: boundedDuration("1s").default("10ms").describe("Pause between polls (each poll waits at most 1 s for its answer)."),
  healthPath: external_exports.string().startsWith("/").max(2e3).optional().describe(
    "Also time the first 2xx of this path on the restarted service (its health endpoint, port of the target): 'time to healthy'."
  ),
  toleranceMs: external_exports.number().positive().optional().describe(
    "An absolute tolerance: an inconclusive start-up cell passes when the upper bound of its change (baseline x (ratio upper bound - 1)) is below it. For gateways that start in tens of milliseconds, where a relative threshold reads polling noise."
  ),
  maxMs: external_exports.number().positive().optional().describe(
    "An absolute limit on the time to the first successful response: a candidate whose median exceeds it regresses whatever the baseline (seed 002's targets: 500 ms for the first call, 1 s for a binary's start)."
  )
}).strict();

// src/config/schema/scenario-blocks.ts
function block(b) {
  return b;
}
function atLeastOneSecond(value, zeroAllowed) {
  if (!DURATION_PATTERN.test(value)) return true;
  const ms = durationMs(value);
  return zeroAllowed && ms === 0 || ms >= 1e3;
}
var LOAD_SCRIPTS = [
  "constant-vus",
  "constant-arrival-rate",
  "ramping-vus",
  "ramping-arrival-rate"
];
var SCENARIO_BLOCKS = [
  block({
    script: "graphql",
    key: "graphql",
    schema: graphqlSchema,
    description: 'script: graphql: the query each request POSTs as {query, variables}; each response is checked for an error-free "data" holding every top-level field asked for. Closed model (vus) unless rate is set.',
    pairing: 'script "graphql" and "graphql" (the query) go together: one needs the other'
  }),
  block({
    script: "arena",
    key: "arena",
    schema: arenaSchema,
    description: "script: arena: every run is one arena (seed 002): warm-up (discarded), health, sequential, burst 10, burst 50, burst 100, sustained, ramp-up, one k6 process each; scored 0..100 and gated on a score drop. Set gate.warmupRounds: 1 and rounds: 4 for the seed's 5 runs with the first discarded.",
    pairing: 'script "arena" and "arena" go together: one needs the other (arena: {} for the defaults)'
  }),
  block({
    script: "arena-enterprise",
    key: "enterprise",
    schema: enterpriseSchema,
    description: "script: arena-enterprise: every run is the arena's layer 1 (seed 002): each configured dimension's requests, `iterations` times, one k6 process per dimension; scored as the Enterprise Readiness Index 0..100 and gated on a drop like the arena score.",
    pairing: 'script "arena-enterprise" and "enterprise" go together: one needs the other'
  }),
  block({
    script: "startup",
    key: "startup",
    schema: startupSchema,
    description: "script: startup: every run stops the profile's gateway container, starts it again and times the first successful request through it (and, with healthPath, its first healthy answer); gated like latency (higher is worse), with maxMs as an optional absolute limit.",
    pairing: 'script "startup" and "startup" go together: one needs the other (startup: {} for the defaults)'
  }),
  block({
    script: "capacity-search",
    key: "capacity",
    schema: capacitySchema,
    description: "script: capacity-search: every run is one search, a series of constant-arrival-rate steps of `duration` (each after a warm-up of `warmup` at warmupFraction of its rate); rounds repeat the search.",
    pairing: 'script "capacity-search" and "capacity" go together: one needs the other',
    rules: [
      {
        holds: (s) => atLeastOneSecond(s.duration, false) && atLeastOneSecond(s.warmup, true),
        message: 'a capacity search runs arrival-rate steps: duration and warmup of at least "1s" (a k6 limit)',
        path: "duration"
      }
    ]
  })
];
function scenarioBlockShape() {
  return Object.fromEntries(
    SCENARIO_BLOCKS.map((b) => [b.key, b.schema.optional().describe(b.description)])
  );
}

// src/config/schema/scenarios.ts
var MAX_SWEEP_LEVELS = 20;
var BUILT_IN_SCENARIOS = [
  ...LOAD_SCRIPTS,
  ...SCENARIO_BLOCKS.map((b) => b.script)
];
var LATENCY_METRICS = [
  "http_req_duration",
  "grpc_req_duration",
  "ws_session_duration",
  "ws_connecting"
];
function isBuiltInScenario(script) {
  return BUILT_IN_SCENARIOS.includes(script) || /^[a-z-]+$/.test(script);
}
function isArrivalRateScript(script) {
  return script.endsWith("arrival-rate");
}
function isOpenModel(scenario) {
  return scenario.rate !== void 0 || isArrivalRateScript(scenario.script);
}
var sweepable = (level) => external_exports.union([
  level,
  external_exports.array(level).min(1).max(MAX_SWEEP_LEVELS).refine((levels) => new Set(levels).size === levels.length, { message: "expected distinct levels" })
]);
var scenarioFields = external_exports.object({
  name: name.describe('Names the scenario in reports, e.g. "rate-1000-1kb".'),
  script: external_exports.string().min(1).describe(`A built-in scenario (${BUILT_IN_SCENARIOS.join(", ")}) or a path to your own k6 script.`),
  method: external_exports.enum(["GET", "POST", "PUT"]).default("POST").describe("HTTP method of the load requests."),
  vus: sweepable(external_exports.number().int().positive().max(MAX_VUS)).optional().describe(
    'Virtual users: the concurrency of a closed model, pre-allocated VUs of an open model (script default when unset). A list sweeps: one cell per level (see "Sweeps").'
  ),
  rate: sweepable(external_exports.number().int().positive().max(MAX_RATE)).optional().describe(
    "Iterations per second (open model); the peak rate of ramping-arrival-rate. A list sweeps: one cell per level."
  ),
  maxVUs: external_exports.number().int().positive().max(MAX_VUS).optional().describe("Open model: most VUs k6 may allocate to keep the rate."),
  duration: duration.default("8s").describe("Length of the load phase of one run."),
  warmup: optionalDuration.default("1s").describe(
    'Warm-up inside every run, before the load phase, at the same load; its requests are excluded from the metrics (a separate k6 scenario). "0s" turns it off.'
  ),
  payloadBytes: sweepable(external_exports.number().int().min(0).max(1e7)).default(1024).describe("Request body size in bytes. A list sweeps: one cell per size."),
  profiles: external_exports.array(name).min(1).max(MAX_CELLS).optional().describe("The profiles this scenario runs on (default: every profile)."),
  params: external_exports.record(external_exports.string(), external_exports.union([external_exports.string(), external_exports.number(), external_exports.boolean()])).default({}).describe(
    "Extra values passed to the script as __ENV (upper-cased). Names k6 or its runtime read as settings (PATH, HOME, K6_*, LD_*, Go, proxy and TLS variables) are refused."
  ),
  latencyMetric: external_exports.enum(LATENCY_METRICS).default("http_req_duration").describe(
    "Your own script: the k6 duration metric the gate judges, for protocols other than HTTP (grpc_req_duration for gRPC, ws_session_duration or ws_connecting for WebSocket)."
  ),
  // No zod default: a built-in scenario must be told apart from one that never set the key.
  // Your own script's default is "fail" (thresholdsMode), as k6 and run-k6-action fail on a crossed threshold.
  thresholds: external_exports.enum(["report", "fail"]).optional().describe(
    'Your own script: its own k6 thresholds are always reported; "fail" (the default) also fails the cell as a regression when one is crossed in a measured run, as k6 itself does; "report" only reports them.'
  ),
  endpointTag: external_exports.string().regex(/^[A-Za-z_]\w{0,63}$/, "a k6 tag name (letters, digits, _)").default("name").describe(
    'Your own script: the request tag whose literal values in the script (e.g. `tags: { name: "login" }`) get per-endpoint results.'
  ),
  ...scenarioBlockShape()
}).strict();
function withKindRules(schema) {
  let ruled = schema;
  for (const b of SCENARIO_BLOCKS) {
    ruled = ruled.refine((s) => s.script === b.script === (s[b.key] !== void 0), {
      message: b.pairing,
      path: [b.key]
    });
  }
  for (const b of SCENARIO_BLOCKS) {
    for (const rule of b.rules ?? []) {
      ruled = ruled.refine((s) => s.script !== b.script || rule.holds(s), {
        message: rule.message,
        path: [rule.path]
      });
    }
  }
  return ruled;
}
var scenarioSchema = withKindRules(scenarioFields).refine((s) => !isBuiltInScenario(s.script) || s.latencyMetric === "http_req_duration", {
  message: "latencyMetric applies to your own k6 script; the built-in scenarios measure HTTP",
  path: ["latencyMetric"]
}).refine((s) => !isBuiltInScenario(s.script) || s.thresholds !== "fail", {
  message: "thresholds applies to your own k6 script; the built-in scenarios set none of their own",
  path: ["thresholds"]
}).refine((s) => !isArrivalRateScript(s.script) || s.rate !== void 0, {
  message: 'an arrival-rate scenario needs "rate" (iterations per second)',
  path: ["rate"]
}).refine(
  (s) => !isArrivalRateScript(s.script) || !DURATION_PATTERN.test(s.duration) || durationMs(s.duration) >= 1e3,
  {
    message: 'an arrival-rate scenario runs for at least "1s" (a k6 limit)',
    path: ["duration"]
  }
).refine(
  (s) => !isArrivalRateScript(s.script) || !DURATION_PATTERN.test(s.warmup) || durationMs(s.warmup) === 0 || durationMs(s.warmup) >= 1e3,
  { message: 'an arrival-rate warm-up is "0s" or at least "1s" (a k6 limit)', path: ["warmup"] }
);

// src/config/schema/stack.ts
var composeName = external_exports.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/, 'expected a compose name of letters, digits, "-", "_" or "."');
var composeStackSchema = external_exports.object({
  compose: external_exports.string().min(1).describe(
    "A compose file (docker-compose.yml), relative to the config file, started through testcontainers. Its service names are the host names of profile targets and setup URLs, like `services` keys."
  ),
  profiles: external_exports.array(composeName).max(50).default([]).describe("Compose profiles to enable (`--profile`); services without `profiles` always start."),
  services: external_exports.array(composeName).min(1).max(50).optional().describe(
    "The services to start (compose starts their `depends_on` too); all that the profiles enable when unset."
  ),
  wait: external_exports.record(composeName, waitSchema).default({}).describe(
    "Readiness per service, as in `services.<name>.wait`. Without one, a service's own `healthcheck` is waited for, else its published ports."
  )
}).strict();

// src/config/schema/config-fields.ts
var configFields = external_exports.object({
  version: external_exports.literal(1).default(1),
  name: name.describe("Names the gate in reports and baselines."),
  services: external_exports.record(name, serviceSchema).refine((s) => Object.keys(s).length <= 50, { message: "expected at most 50 services" }).default({}).describe("The containers of the stack; or give `stack.compose` instead."),
  stack: composeStackSchema.optional().describe("The stack from your compose file, as an alternative to `services`."),
  profiles: external_exports.array(profileSchema).min(1).max(MAX_CELLS),
  scenarios: external_exports.array(scenarioSchema).min(1).max(MAX_CELLS),
  gate: gateSchema.default(gateSchema.parse({})),
  k6: k6Schema.default({ flags: [], segments: 1 }).describe("How k6 runs: extra flags, its version and how many processes a run takes."),
  baseline: baselineSchema.default({ path: "baseline.json" }),
  report: reportSchema.default({}).describe("What the report computes beyond the verdict."),
  baselineVariant: variantSchema.optional().describe("The baseline variant for paired A/B runs on this runner (see gate.method).")
}).strict();

// src/config/secrets.ts
var ALLOWED_VARIABLE_PREFIX = "PERF_GATE_";
var FORBIDDEN_VARIABLE_PREFIXES = [
  "GITHUB_",
  "RUNNER_",
  "ACTIONS_",
  "INPUT_",
  "STATE_",
  "CI_",
  "AWS_",
  "AZURE_",
  "ARM_",
  "GOOGLE_",
  "GCP_",
  "GCLOUD_",
  "CLOUDSDK_",
  "NPM_",
  "NODE_AUTH",
  "YARN_",
  "GH_",
  "GIT_",
  "DOCKER_",
  "K8S_",
  "KUBE",
  "HELM_",
  "VAULT_",
  "SSH_",
  "GPG_",
  "TF_",
  "ACTIONS"
];
var CREDENTIAL_WORDS = [
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "KEY",
  "CREDENTIAL",
  "AUTH",
  "SESSION",
  "COOKIE",
  "PRIVATE"
];
var CREDENTIAL_PARTS = /* @__PURE__ */ new Set(["PASS", "PW", "PAT", "CERT"]);
var CREDENTIAL_SHAPES = [
  { what: "a GitHub token", pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/, always: true },
  { what: "a GitHub token", pattern: /\bgithub_pat_[A-Za-z0-9_]{20,}/, always: true },
  { what: "an npm token", pattern: /\bnpm_[A-Za-z0-9]{30,}/, always: true },
  { what: "an AWS access key", pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/, always: true },
  { what: "a Slack token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/, always: true },
  { what: "a PEM private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/, always: true },
  // A gateway's own admin token may be a JWT: allowed under PERF_GATE_, refused elsewhere.
  { what: "a JWT", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./, always: false }
];
function maskCredentials(text2) {
  let out = text2;
  for (const { pattern } of CREDENTIAL_SHAPES) out = out.replace(new RegExp(pattern.source, "g"), "***");
  return out;
}
function nameRefusal(name2) {
  const upper = name2.toUpperCase();
  if (upper.startsWith(ALLOWED_VARIABLE_PREFIX)) return void 0;
  const prefix = FORBIDDEN_VARIABLE_PREFIXES.find((p) => upper.startsWith(p));
  if (prefix)
    return `names starting with ${prefix} belong to the runner, CI, a cloud or a tool and may hold its credentials`;
  const word = CREDENTIAL_WORDS.find((w) => upper.includes(w)) ?? upper.split("_").find((part) => CREDENTIAL_PARTS.has(part));
  if (word) return `names holding ${word} are named like a credential`;
  return void 0;
}
function valueRefusal(name2, value) {
  const allowedName = name2.toUpperCase().startsWith(ALLOWED_VARIABLE_PREFIX);
  const shape = CREDENTIAL_SHAPES.find((s) => (s.always || !allowedName) && s.pattern.test(value));
  return shape ? `holds a value shaped like ${shape.what}` : void 0;
}
function shortSecretRefusal(name2, value) {
  if (value.length === 0 || value.length >= REDACT_MIN_LENGTH || !SECRET_NAME.test(name2)) return void 0;
  return `is named like a secret but holds ${value.length} character${value.length === 1 ? "" : "s"}: perf-gate masks values of ${REDACT_MIN_LENGTH} characters or more (masking shorter ones would hide every such run of characters in its logs), so it would print this one; use a longer value, or a name without a secret's word for a value that is no secret`;
}
var HOW_TO_ALLOW = `to hand a value to the config on purpose (e.g. an admin key for your own gateway), name it ${ALLOWED_VARIABLE_PREFIX}<NAME> in the step's env: such values are allowed and masked`;
function variableRefusal(name2, value) {
  const byName = nameRefusal(name2);
  if (byName)
    return `environment variable ${name2} may not be used: ${byName}, and the config is the pull request's; ${HOW_TO_ALLOW}`;
  const byValue = value === void 0 ? void 0 : valueRefusal(name2, value);
  if (byValue)
    return `environment variable ${name2} ${byValue}, which a pull request's config may not read${name2.toUpperCase().startsWith(ALLOWED_VARIABLE_PREFIX) ? "" : `; ${HOW_TO_ALLOW}`}`;
  return void 0;
}
function interpolationRefusal(name2, value) {
  const refusal = variableRefusal(name2, value);
  if (refusal || value === void 0) return refusal;
  const tooShort = shortSecretRefusal(name2, value);
  return tooShort ? `environment variable ${name2} ${tooShort}` : void 0;
}
var REDACT_MIN_LENGTH = 4;
var keywords;
function configKeywords() {
  if (keywords) return keywords;
  const found2 = /* @__PURE__ */ new Set();
  const walk = (node) => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node !== null && typeof node === "object") {
      for (const [key, item] of Object.entries(node)) {
        if (key === "enum" && Array.isArray(item)) {
          for (const e of item) if (typeof e === "string") found2.add(e);
        }
        if (key === "const" && typeof item === "string") found2.add(item);
        walk(item);
      }
    }
  };
  walk(external_exports.toJSONSchema(configFields, { io: "input", unrepresentable: "any" }));
  keywords = found2;
  return found2;
}
function hidden(value) {
  return value.length >= REDACT_MIN_LENGTH && !configKeywords().has(value);
}
function hiddenValues(used) {
  const seen = /* @__PURE__ */ new Set();
  return used.filter((u) => hidden(u.value) && !seen.has(u.value) && seen.add(u.value)).sort((a, b) => b.value.length - a.value.length);
}
function redact(message, used) {
  let out = message;
  for (const { value } of hiddenValues(used)) out = out.split(value).join("***");
  return out;
}
function maskInterpolated(value, used) {
  const hidden2 = hiddenValues(used);
  if (hidden2.length === 0) return value;
  const mask = (item) => {
    if (typeof item === "string") {
      let out = item;
      for (const { name: name2, value: secret } of hidden2) out = out.split(secret).join(`\${${name2}}`);
      return out;
    }
    if (Array.isArray(item)) return item.map(mask);
    if (item !== null && typeof item === "object")
      return Object.fromEntries(Object.entries(item).map(([k, v]) => [mask(k), mask(v)]));
    return item;
  };
  return mask(value);
}
var SECRET_NAME = /(TOKEN|SECRET|PASSW(OR)?D|PASS|API_?KEY|ACCESS_?KEY|PRIVATE|CREDENTIAL|AUTH|COOKIE|SESSION|KEY)/i;
function redactError(error, used) {
  if (hiddenValues(used).length === 0 || !(error instanceof Error)) return error;
  if (error instanceof ConfigError) {
    return new ConfigError(
      error.problems.map((p) => redact(p, used)),
      { paths: error.paths, locations: error.locations }
    );
  }
  error.message = redact(error.message, used);
  if (error.stack) error.stack = redact(error.stack, used);
  return error;
}

// src/config/load.ts
var import_yaml4 = __toESM(require_dist(), 1);
import { existsSync as existsSync4 } from "node:fs";
import path9 from "node:path";

// src/files.ts
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
function formatBytes(bytes) {
  if (bytes >= 1e6) return `${+(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${+(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} B`;
}
function readTextCapped(file, maxBytes, what) {
  let stats;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = error.code;
    throw new ConfigError([
      `${what}: ${file}: ${code === "ENOENT" ? "file not found" : `cannot read (${code ?? error.message})`}`
    ]);
  }
  if (stats.isDirectory()) throw new ConfigError([`${what}: ${file}: is a directory, expected a file`]);
  if (!stats.isFile()) throw new ConfigError([`${what}: ${file}: not a regular file`]);
  if (stats.size > maxBytes)
    throw new ConfigError([
      `${what}: ${file}: file is ${formatBytes(stats.size)}, larger than the ${formatBytes(maxBytes)} limit`
    ]);
  const buffer = Buffer.alloc(maxBytes + 1);
  let length = 0;
  let fd;
  try {
    fd = openSync(file, "r");
    for (; ; ) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > maxBytes)
        throw new ConfigError([`${what}: ${file}: file is larger than the ${formatBytes(maxBytes)} limit`]);
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError([`${what}: ${file}: cannot read (${error.message})`]);
  } finally {
    if (fd !== void 0) closeSync(fd);
  }
  return buffer.subarray(0, length).toString("utf8");
}
async function writeFileAtomic(file, data) {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`
  );
  try {
    await writeFile(temp, data, { flush: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
async function makeDirectory(dir) {
  try {
    await mkdir(dir);
  } catch (error) {
    const code = error.code;
    if (code === "EEXIST") {
      if ((await stat(dir)).isDirectory()) return;
      throw error;
    }
    const parent = path.dirname(dir);
    if (code !== "ENOENT" || parent === dir) throw error;
    await makeDirectory(parent);
    try {
      await mkdir(dir);
    } catch (again) {
      if (again.code !== "EEXIST" || !(await stat(dir)).isDirectory()) throw again;
    }
  }
}

// src/config/compose-env.ts
var isMapping = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
var REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)[^}]*\}|([A-Za-z_][A-Za-z0-9_]*))/g;
function referencedNames(text2) {
  const names = [];
  for (const match of text2.split("$$").join("").matchAll(REFERENCE)) names.push(match[1] ?? match[2] ?? "");
  return names;
}
function composeVariableProblems(document, file) {
  const problems = [];
  const check = (key, name2) => {
    const refusal = variableRefusal(name2);
    if (refusal) problems.push(`${file}: ${key}: ${refusal}`);
  };
  const walk = (value, key) => {
    if (typeof value === "string") for (const name2 of referencedNames(value)) check(key, name2);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${key}[${i}]`));
    else if (isMapping(value))
      for (const [k, v] of Object.entries(value)) {
        const at = key ? `${key}.${k}` : k;
        for (const name2 of referencedNames(k)) check(at, name2);
        walk(v, at);
      }
  };
  walk(document, "");
  const services = isMapping(document) && isMapping(document.services) ? document.services : {};
  for (const [service, definition] of Object.entries(services)) {
    if (!isMapping(definition)) continue;
    const environment2 = definition.environment;
    if (Array.isArray(environment2)) {
      environment2.forEach((entry, i) => {
        if (typeof entry === "string" && !entry.includes("="))
          check(`services.${service}.environment[${i}]`, entry.trim());
      });
    } else if (isMapping(environment2)) {
      for (const [name2, value] of Object.entries(environment2))
        if (value === null || value === void 0) check(`services.${service}.environment.${name2}`, name2);
    }
  }
  return [...new Set(problems)];
}
var DOCKER_CLIENT_VARIABLES = /* @__PURE__ */ new Set([
  "DOCKER_HOST",
  "DOCKER_CONTEXT",
  "DOCKER_CONFIG",
  "DOCKER_CERT_PATH",
  "DOCKER_TLS_VERIFY",
  "DOCKER_API_VERSION",
  "DOCKER_BUILDKIT",
  "DOCKER_DEFAULT_PLATFORM"
]);
function composeEnvironment(env = process.env) {
  const out = {};
  for (const [name2, value] of Object.entries(env)) {
    if (DOCKER_CLIENT_VARIABLES.has(name2)) continue;
    if (variableRefusal(name2, value)) out[name2] = "";
  }
  return out;
}
function composeRunEnvironment(env = process.env) {
  return { ...env, ...composeEnvironment(env) };
}

// src/config/compose-file.ts
var import_yaml2 = __toESM(require_dist(), 1);
import { execFileSync } from "node:child_process";
import { existsSync as existsSync2 } from "node:fs";
import path5 from "node:path";

// src/config/hosts.ts
import { isIP } from "node:net";
var HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?$/;
function normalizeHost(text2) {
  const host = text2.trim().toLowerCase();
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (isIP(bare) !== 0) return bare;
  return HOST_NAME.test(host) ? host.replace(/\.$/, "") : void 0;
}
function parseHostList(text2) {
  const hosts = [];
  const invalid = [];
  for (const entry of text2.split(/[\s,]+/).filter((e) => e !== "")) {
    const host = normalizeHost(entry);
    if (host === void 0) invalid.push(entry);
    else if (!hosts.includes(host)) hosts.push(host);
  }
  return { hosts, invalid };
}
function urlHost(url) {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  } catch {
    return void 0;
  }
}
function hostRefusal(url, allowed, what) {
  const host = urlHost(url);
  if (host === void 0) return `${what}: not a URL`;
  if (allowed.has(host)) return void 0;
  return `${what}: host "${host}" is not a service of this stack; perf-gate only calls the stack's own services (${[...allowed].join(", ") || "none"}), and hosts the workflow allows with the action input "allowed-hosts" or the CLI flag --allow-host`;
}
function unreachableHosts(config, services, allowedHosts) {
  const allowed = /* @__PURE__ */ new Set([...services.map((s) => s.toLowerCase()), ...allowedHosts]);
  const problems = [];
  const check = (at, url) => {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? "";
    if (authority.includes("{{")) {
      problems.push(
        `${at}: the host may not be a {{placeholder}}: a captured value would choose where setup calls go`
      );
      return;
    }
    const refusal = hostRefusal(url, allowed, at);
    if (refusal) problems.push(refusal);
  };
  config.profiles.forEach((profile, i) => {
    check(`profiles[${i}].target`, profile.target);
    if (profile.readiness?.url) check(`profiles[${i}].readiness.url`, profile.readiness.url);
    profile.setup.forEach((call, j) => check(`profiles[${i}].setup[${j}].url`, call.url));
  });
  return problems;
}
function composeNetworkAliases(services) {
  const names = new Set(Object.keys(services).map((n) => n.toLowerCase()));
  const aliases = /* @__PURE__ */ new Map();
  for (const [service, definition] of Object.entries(services)) {
    const networks = isMapping2(definition) ? definition.networks : void 0;
    if (!isMapping2(networks)) continue;
    for (const network of Object.values(networks)) {
      const listed = isMapping2(network) ? network.aliases : void 0;
      if (!Array.isArray(listed)) continue;
      for (const entry of listed) {
        const alias = typeof entry === "string" ? normalizeHost(entry) : void 0;
        if (alias !== void 0 && isIP(alias) === 0 && !names.has(alias) && !aliases.has(alias))
          aliases.set(alias, service);
      }
    }
  }
  return Object.fromEntries(aliases);
}
var isMapping2 = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// src/config/stack-allowlist/host-paths.ts
var import_dockerignore = __toESM(require_ignore(), 1);
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync as statSync2 } from "node:fs";
import path2 from "node:path";
var DOCKER_API = ["/var/run/docker.sock", "/run/docker.sock", "/run/containerd", "/var/lib/docker"];
function realOf(file) {
  try {
    return realpathSync(file);
  } catch {
    return path2.resolve(file);
  }
}
var isInside = (file, root) => {
  const relative = path2.relative(root, file);
  return relative === "" || !relative.startsWith("..") && !path2.isAbsolute(relative);
};
function inGit(file) {
  return [path2.resolve(file), realOf(file)].some((p) => p.split(path2.sep).includes(".git"));
}
function holdsGit(dir) {
  try {
    return statSync2(dir).isDirectory() && readdirSync(dir).includes(".git");
  } catch {
    return false;
  }
}
var GIT_ADVICE = ".git holds git's config and the token actions/checkout persists there; nothing of it may reach a container";
function hostPathProblem(file, refusePath, options = {}) {
  const real = realOf(file);
  if (real === path2.parse(real).root)
    return `"/" is not allowed: it hands the container the runner's whole file system`;
  let socket = false;
  try {
    socket = lstatSync(real).isSocket();
  } catch {
  }
  if (socket || DOCKER_API.some((api) => isInside(api, real) || isInside(real, api)))
    return `${file} reaches the Docker API (${real}): a container that holds it controls the runner`;
  if (inGit(file))
    return `${file} is inside .git (${real}): ${GIT_ADVICE}; copy the file out of .git into the repository instead`;
  if (!options.allowGitInside && holdsGit(real))
    return `${file} holds .git (${real}): ${GIT_ADVICE}; name the files or folders it needs instead of the folder holding .git`;
  return refusePath(file);
}
function ignoresGit(context2, dockerfile) {
  const files = [path2.join(context2, ".dockerignore")];
  if (dockerfile) {
    const own = `${path2.resolve(context2, dockerfile)}.dockerignore`;
    if (existsSync(own)) files.push(own);
  }
  return files.every((file) => {
    if (!existsSync(file)) return false;
    const ignore = import_dockerignore.default.default({ ignorecase: false }).add(readFileSync(file, "utf8"));
    return ignore.ignores(".git") && ignore.ignores(".git/config");
  });
}
function buildContextProblem(context2, dockerfile, refusePath) {
  const problem = hostPathProblem(context2, refusePath, { allowGitInside: true });
  if (problem) return problem;
  if (holdsGit(realOf(context2)) && !ignoresGit(realOf(context2), dockerfile))
    return `the build context ${context2} holds .git; add ".git" to its .dockerignore (Docker sends the whole context to the build, and ${GIT_ADVICE})`;
  return void 0;
}

// src/config/stack-allowlist/compose-keys.ts
var SERVICE_PLAIN = /* @__PURE__ */ new Set([
  "annotations",
  "attach",
  "cap_drop",
  "command",
  "container_name",
  "cpu_count",
  "cpu_percent",
  "cpu_period",
  "cpu_quota",
  "cpu_shares",
  "cpus",
  "cpuset",
  "depends_on",
  "dns",
  "dns_opt",
  "dns_search",
  "domainname",
  "entrypoint",
  "environment",
  "expose",
  "extra_hosts",
  "group_add",
  "healthcheck",
  "hostname",
  "image",
  "init",
  "labels",
  "links",
  "mac_address",
  "mem_limit",
  "mem_reservation",
  "mem_swappiness",
  "memswap_limit",
  "oom_kill_disable",
  "oom_score_adj",
  "pids_limit",
  "platform",
  "ports",
  "profiles",
  "pull_policy",
  "read_only",
  "restart",
  "scale",
  "shm_size",
  "stdin_open",
  "stop_grace_period",
  "stop_signal",
  "sysctls",
  "tmpfs",
  "tty",
  "ulimits",
  "user",
  "working_dir"
]);
var SERVICE_REFUSED = {
  privileged: "a privileged container controls the runner",
  cap_add: "added capabilities reach the runner",
  devices: "it hands the container the runner's devices",
  device_cgroup_rules: "it opens the runner's devices",
  gpus: "it hands the container the runner's GPUs",
  pid: "it shares a process namespace (host: the runner's processes)",
  uts: "it shares the runner's host name namespace",
  userns_mode: "it leaves the container's user namespace",
  cgroup_parent: "it places the container in the runner's cgroups",
  volumes_from: "it mounts another container's volumes (one outside the stack can be the runner's)",
  external_links: "it links containers outside the stack",
  provider: "Compose runs a provider as a program on the runner",
  use_api_socket: "it hands the container the Docker API",
  runtime: "another container runtime is not allowed",
  isolation: "another isolation is not allowed",
  storage_opt: "it changes the runner's storage driver options",
  blkio_config: "it names the runner's block devices",
  credential_spec: "it reads the runner's credentials",
  develop: "watch mode syncs the runner's files into the container",
  label_file: "labels from a host file are not allowed: write the labels",
  models: "model runners are not allowed"
};
var TOP_LEVEL = /* @__PURE__ */ new Set(["version", "name", "services", "networks", "volumes", "configs", "secrets"]);
var BUILD_ALLOWED = /* @__PURE__ */ new Set([
  "args",
  "context",
  "dockerfile",
  "dockerfile_inline",
  "extra_hosts",
  "labels",
  "no_cache",
  "platforms",
  "pull",
  "secrets",
  "shm_size",
  "tags",
  "target",
  "ulimits",
  "cache_from"
]);
var BUILD_REFUSED = {
  additional_contexts: "it sends other host folders (or images) to the build: keep what the build needs in its context",
  ssh: "it forwards the runner's SSH agent or keys into the build",
  network: "a build on another network (host: the runner's) is not allowed",
  entitlements: "build entitlements (network.host, security.insecure) reach the runner",
  privileged: "a privileged build controls the runner",
  isolation: "another isolation is not allowed",
  cache_to: "it writes the build cache to the runner"
};
var SAFE_MOUNT_OPTIONS = /* @__PURE__ */ new Set([
  "ro",
  "rw",
  "z",
  "Z",
  "nocopy",
  "cached",
  "delegated",
  "consistent",
  "private",
  "rprivate"
]);
var LOG_DRIVERS = /* @__PURE__ */ new Set(["json-file", "local", "none"]);

// src/config/stack-allowlist/compose-scope.ts
import path3 from "node:path";
var isMapping3 = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
var isExtension = (key) => key.startsWith("x-");
function composeScope(options, refuse) {
  const filePath = (key, value) => {
    if (typeof value !== "string") return refuse(key, "expected a path");
    if (value.includes("$"))
      return refuse(
        key,
        "a host path may not use variables (a committed .env could set them; it could not be checked)"
      );
    if (value.startsWith("~")) return refuse(key, "a host path in the home folder is not allowed");
    const reason = hostPathProblem(path3.resolve(options.dir, value), options.refusePath);
    if (reason) refuse(key, reason);
  };
  return { options, refuse, filePath };
}

// src/config/stack-allowlist/resources.ts
function declaredResources(doc, scope) {
  return {
    networks: resourceProblems(
      doc,
      "networks",
      /* @__PURE__ */ new Set(["driver", "attachable", "enable_ipv4", "enable_ipv6", "internal", "ipam"]),
      scope
    ),
    volumes: resourceProblems(doc, "volumes", /* @__PURE__ */ new Set(["driver"]), scope),
    secrets: resourceProblems(doc, "secrets", /* @__PURE__ */ new Set(["file"]), scope),
    configs: resourceProblems(doc, "configs", /* @__PURE__ */ new Set(["file", "content"]), scope)
  };
}
function resourceProblems(doc, kind, allowed, scope) {
  const section = doc[kind];
  if (section === void 0 || section === null) return /* @__PURE__ */ new Set();
  if (!isMapping3(section)) {
    scope.refuse(kind, "expected a mapping");
    return /* @__PURE__ */ new Set();
  }
  for (const [name2, entry] of Object.entries(section)) {
    if (entry === null || entry === void 0) continue;
    const at = `${kind}.${name2}`;
    if (!isMapping3(entry)) {
      scope.refuse(at, "expected a mapping");
      continue;
    }
    for (const [key, value] of Object.entries(entry)) {
      if (isExtension(key) || key === "labels") continue;
      resourceKeyProblem({ kind, name: name2, at, allowed }, key, value, scope);
    }
  }
  return new Set(Object.keys(section));
}
function resourceKeyProblem(entry, key, value, scope) {
  const { kind, name: name2, at, allowed } = entry;
  const { refuse } = scope;
  const one = kind.slice(0, -1);
  if (key === "external") {
    if (value !== false)
      refuse(`${at}.external`, `not allowed: an external ${one} belongs to the runner, not the stack`);
  } else if (key === "name") {
    const rendered = scope.options.renderedProject;
    const generatedName = rendered ? `${rendered}_${name2}` : void 0;
    if (value !== generatedName)
      refuse(
        `${at}.name`,
        `not allowed: a ${one} named "${String(value)}" can be one the runner or another stack has; leave the name to Compose`
      );
  } else if (key === "driver" && kind === "networks") {
    if (value !== "bridge") refuse(`${at}.driver`, `"${String(value)}" is not allowed (only bridge)`);
  } else if (key === "driver" && kind === "volumes") {
    if (value !== "local") refuse(`${at}.driver`, `"${String(value)}" is not allowed (only local)`);
  } else if (key === "ipam" && kind === "networks") {
    if (!isMapping3(value) || value.driver !== void 0 && value.driver !== "default")
      refuse(`${at}.ipam`, "only the default IPAM driver is allowed");
  } else if (key === "file" && (kind === "secrets" || kind === "configs")) {
    scope.filePath(`${at}.file`, value);
  } else if (!allowed.has(key)) {
    refuse(`${at}.${key}`, `not allowed (a ${one} may have ${["labels", "name", ...allowed].join(", ")})`);
  }
}

// src/config/stack-allowlist/build.ts
import path4 from "node:path";
var isRemoteContext = (value) => /^(?:[a-z][a-z0-9+.-]*:\/\/|git@)/i.test(value);
function buildProblems(value, at, secrets, scope) {
  const { refuse } = scope;
  const build = typeof value === "string" ? { context: value } : isMapping3(value) ? value : void 0;
  if (!build) return refuse(at, "expected a context path or a mapping");
  buildKeyProblems(build, at, refuse);
  buildReferenceProblems(build, at, secrets, refuse);
  buildPathProblems(build, at, typeof value === "string" ? at : `${at}.context`, scope);
}
function buildKeyProblems(build, at, refuse) {
  for (const [k, v] of Object.entries(build)) {
    if (isExtension(k)) continue;
    const refused = BUILD_REFUSED[k];
    if (refused !== void 0) {
      if (k === "privileged" && v === false) continue;
      refuse(`${at}.${k}`, `not allowed: ${refused}`);
    } else if (!BUILD_ALLOWED.has(k)) {
      refuse(
        `${at}.${k}`,
        "not allowed: perf-gate does not know this key, and allows only the keys it has checked"
      );
    }
  }
}
function buildReferenceProblems(build, at, secrets, refuse) {
  for (const [i, source] of (Array.isArray(build.cache_from) ? build.cache_from : []).entries()) {
    if (/(?:^|,)type=local\b|(?:^|,)src=/.test(String(source)))
      refuse(`${at}.cache_from[${i}]`, "a local cache reads the runner's files: not allowed");
  }
  ;
  (Array.isArray(build.secrets) ? build.secrets : []).forEach((ref, i) => {
    const source = isMapping3(ref) ? ref.source : ref;
    if (!secrets.has(String(source)))
      refuse(`${at}.secrets[${i}]`, `"${String(source)}" is not declared under the top-level secrets`);
  });
}
function buildPathProblems(build, at, key, { options, refuse }) {
  const context2 = build.context ?? ".";
  if (typeof context2 !== "string") return refuse(key, "expected a path");
  if (isRemoteContext(context2)) return;
  if (context2.includes("$")) return refuse(key, "a host path may not use variables (it could not be checked)");
  if (context2.startsWith("~")) return refuse(key, "a host path in the home folder is not allowed");
  const contextDir = path4.resolve(options.dir, context2);
  const dockerfile = build.dockerfile;
  if (dockerfile !== void 0) {
    if (typeof dockerfile !== "string" || dockerfile.includes("$"))
      refuse(`${at}.dockerfile`, "expected a path without variables");
    else if (path4.isAbsolute(dockerfile) && !options.renderedProject)
      refuse(`${at}.dockerfile`, "an absolute path is not allowed: give it relative to the build context");
    else {
      const reason2 = hostPathProblem(path4.resolve(contextDir, dockerfile), options.refusePath);
      if (reason2) refuse(`${at}.dockerfile`, reason2);
    }
  }
  const reason = buildContextProblem(
    contextDir,
    typeof dockerfile === "string" ? dockerfile : void 0,
    options.refusePath
  );
  if (reason) refuse(key, reason);
}

// src/config/stack-allowlist/deploy-hooks.ts
function deployProblems(value, at, refuse) {
  if (!isMapping3(value)) return;
  const resources = value.resources;
  if (!isMapping3(resources)) return;
  for (const kind of ["limits", "reservations"]) {
    const section = resources[kind];
    if (!isMapping3(section)) continue;
    for (const key of Object.keys(section)) {
      if (!["cpus", "memory", "pids"].includes(key))
        refuse(`${at}.resources.${kind}.${key}`, "not allowed: it hands the container the runner's devices");
    }
  }
}
function hookProblems(value, at, refuse) {
  ;
  (Array.isArray(value) ? value : []).forEach((hook, i) => {
    if (!isMapping3(hook)) return;
    for (const [key, v] of Object.entries(hook)) {
      if (key === "privileged") {
        if (v !== false)
          refuse(`${at}[${i}].privileged`, "not allowed: a privileged hook controls the runner");
      } else if (!["command", "user", "working_dir", "environment"].includes(key)) {
        refuse(`${at}[${i}].${key}`, "not allowed");
      }
    }
  });
}

// src/config/stack-allowlist/volumes.ts
function volumeProblems(volume, at, declared, scope) {
  if (typeof volume === "string") return shortVolumeProblems(volume, at, declared, scope);
  if (!isMapping3(volume)) return scope.refuse(at, "expected a string or a mapping");
  longVolumeKeyProblems(volume, at, scope);
  longVolumeSourceProblems(volume, at, declared, scope);
}
function shortVolumeProblems(volume, at, declared, scope) {
  const parts = volume.split(":");
  if (parts.length === 1) return;
  const [source = "", , options] = parts;
  for (const option of (options ?? "").split(",").filter(Boolean)) {
    if (!SAFE_MOUNT_OPTIONS.has(option)) scope.refuse(at, `mount option "${option}" is not allowed`);
  }
  if (/^[./~$]/.test(source) || source.includes("/")) scope.filePath(at, source);
  else if (!declared.has(source))
    scope.refuse(at, `named volume "${source}" is not declared under the top-level volumes`);
}
function longVolumeKeyProblems(volume, at, { refuse }) {
  for (const [key, value] of Object.entries(volume)) {
    if (["target", "read_only", "consistency", "type", "source", "tmpfs", "volume"].includes(key)) continue;
    if (key === "bind") {
      if (!isMapping3(value)) continue;
      if (value.propagation !== void 0 && !["private", "rprivate"].includes(String(value.propagation)))
        refuse(`${at}.bind.propagation`, `"${String(value.propagation)}" is not allowed`);
      for (const k of Object.keys(value))
        if (!["propagation", "create_host_path", "selinux", "recursive"].includes(k))
          refuse(`${at}.bind.${k}`, "not allowed");
    } else if (!isExtension(key)) {
      refuse(`${at}.${key}`, "not allowed");
    }
  }
}
function longVolumeSourceProblems(volume, at, declared, scope) {
  if (volume.type === "bind") scope.filePath(`${at}.source`, volume.source);
  else if (volume.type === "volume") {
    if (volume.source !== void 0 && !declared.has(String(volume.source)))
      scope.refuse(
        `${at}.source`,
        `named volume "${String(volume.source)}" is not declared under the top-level volumes`
      );
  } else if (volume.type !== "tmpfs") {
    scope.refuse(`${at}.type`, `"${String(volume.type)}" is not allowed (only bind, volume or tmpfs)`);
  }
}

// src/config/stack-allowlist/service.ts
function serviceProblems(services, declared, scope) {
  const all = isMapping3(services) ? services : {};
  const serviceNames = new Set(Object.keys(all));
  for (const [name2, service] of Object.entries(all)) {
    const at = (key) => `services.${name2}.${key}`;
    if (!isMapping3(service)) {
      scope.refuse(`services.${name2}`, "expected a mapping");
      continue;
    }
    const s = { ...scope, at, serviceNames, declared };
    for (const [key, value] of Object.entries(service)) serviceKeyProblem(key, value, s);
  }
}
function serviceKeyProblem(key, value, s) {
  if (isExtension(key) || SERVICE_PLAIN.has(key)) return;
  const refused = SERVICE_REFUSED[key];
  if (refused !== void 0) {
    if (key === "privileged" && value === false) return;
    return s.refuse(s.at(key), `not allowed: ${refused}`);
  }
  const check = SERVICE_CHECKS.get(key);
  if (check) check(value, key, s);
  else
    s.refuse(
      s.at(key),
      "not allowed: perf-gate does not know this key, and allows only the keys it has checked"
    );
}
var serviceRef = (value, services) => value.startsWith("service:") && services.has(value.slice("service:".length));
var confinementChecks = [
  [
    "network_mode",
    (value, key, s) => {
      if (value !== "none" && !(typeof value === "string" && serviceRef(value, s.serviceNames)))
        s.refuse(
          s.at(key),
          `"${String(value)}" is not allowed (only "none" or "service:<a service of this file>")`
        );
    }
  ],
  [
    "ipc",
    (value, key, s) => {
      if (!["private", "shareable", "none"].includes(String(value)) && !serviceRef(String(value), s.serviceNames))
        s.refuse(
          s.at(key),
          `"${String(value)}" is not allowed (only private, shareable, none or service:<name>)`
        );
    }
  ],
  [
    "cgroup",
    (value, key, s) => {
      if (value !== "private") s.refuse(s.at(key), `"${String(value)}" is not allowed (only private)`);
    }
  ],
  [
    "security_opt",
    (value, key, s) => {
      if (!Array.isArray(value) || !value.every((o) => /^no-new-privileges(?:[:=]true)?$/.test(String(o))))
        s.refuse(s.at(key), "not allowed (only no-new-privileges): security options can lift the confinement");
    }
  ],
  [
    "logging",
    (value, _key, s) => {
      if (isMapping3(value) && value.driver !== void 0 && !LOG_DRIVERS.has(String(value.driver)))
        s.refuse(
          s.at("logging.driver"),
          `"${String(value.driver)}" is not allowed (only ${[...LOG_DRIVERS].join(", ")})`
        );
    }
  ],
  ["deploy", (value, key, s) => deployProblems(value, s.at(key), s.refuse)],
  ["post_start", (value, key, s) => hookProblems(value, s.at(key), s.refuse)],
  ["pre_stop", (value, key, s) => hookProblems(value, s.at(key), s.refuse)]
];
var referenceChecks = [
  [
    "extends",
    (value, key, s) => {
      if (isMapping3(value) && value.file !== void 0)
        s.refuse(
          s.at("extends.file"),
          "not allowed: perf-gate checks this one file; copy the service into it"
        );
      else if (!s.serviceNames.has(String(isMapping3(value) ? value.service : value)))
        s.refuse(s.at(key), "not a service of this file");
    }
  ],
  ["networks", (value, _key, s) => serviceNetworkProblems(value, s)],
  ["secrets", (value, key, s) => declaredReferenceProblems(value, key, s.declared.secrets, s)],
  ["configs", (value, key, s) => declaredReferenceProblems(value, key, s.declared.configs, s)],
  [
    "env_file",
    (value, _key, s) => {
      const files = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
      files.forEach((f, i) => s.filePath(s.at(`env_file[${i}]`), isMapping3(f) ? f.path : f));
    }
  ],
  [
    "volumes",
    (value, _key, s) => (Array.isArray(value) ? value : []).forEach(
      (volume, i) => volumeProblems(volume, s.at(`volumes[${i}]`), s.declared.volumes, s)
    )
  ],
  ["build", (value, key, s) => buildProblems(value, s.at(key), s.declared.secrets, s)]
];
var SERVICE_CHECKS = new Map([...confinementChecks, ...referenceChecks]);
function serviceNetworkProblems(value, s) {
  const entries = Array.isArray(value) ? value.map(String) : isMapping3(value) ? Object.keys(value) : [];
  for (const network of entries) {
    if (network !== "default" && !s.declared.networks.has(network))
      s.refuse(
        s.at(`networks.${network}`),
        "not a network of this file (declare it under the top-level networks)"
      );
    const settings = isMapping3(value) ? value[network] : void 0;
    if (isMapping3(settings) && settings.driver_opts !== void 0)
      s.refuse(s.at(`networks.${network}.driver_opts`), "not allowed");
  }
}
function declaredReferenceProblems(value, key, declared, s) {
  ;
  (Array.isArray(value) ? value : []).forEach((ref, i) => {
    const source = isMapping3(ref) ? ref.source : ref;
    if (!declared.has(String(source)))
      s.refuse(s.at(`${key}[${i}]`), `"${String(source)}" is not declared under the top-level ${key}`);
  });
}

// src/config/stack-allowlist/compose.ts
function composeAllowlistProblems(doc, options) {
  const problems = [];
  const refuse = (key, message) => {
    problems.push({ key, message });
  };
  if (!isMapping3(doc)) return [{ key: "(root)", message: "expected a mapping" }];
  const scope = composeScope(options, refuse);
  topLevelProblems(doc, refuse);
  const declared = declaredResources(doc, scope);
  serviceProblems(doc.services, declared, scope);
  return problems;
}
function topLevelProblems(doc, refuse) {
  for (const key of Object.keys(doc)) {
    if (isExtension(key) || TOP_LEVEL.has(key)) continue;
    if (key === "include") refuse("include", "not supported: name the services in this one file");
    else refuse(key, `not allowed (a compose file may have ${[...TOP_LEVEL].join(", ")} and x-* keys)`);
  }
}

// src/config/yaml-errors.ts
var import_yaml = __toESM(require_dist(), 1);
function yamlSyntaxProblem(file, text2, errors, lineCounter, locationFile = file) {
  const first = errors[0];
  if (!first) throw new Error("yamlSyntaxProblem needs at least one error");
  const opened = first.code === "MISSING_CHAR" && /quote/.test(first.message) ? unclosedQuote(text2) : void 0;
  const { line, col } = lineCounter.linePos(opened ?? first.pos[0]);
  const message = (first.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?.*$/, "") + (opened === void 0 ? "" : " (opened here)");
  const rest = errors.length - 1;
  const lines = [
    `${file}:${line}:${col}: invalid YAML: ${message}`,
    ...codeFrame(text2, line, col),
    ...rest > 0 ? [
      `(${rest} more YAML error${rest === 1 ? "" : "s"} after it, usually caused by this one: fix it and check again)`
    ] : []
  ];
  return { problem: lines.join("\n"), location: { file: locationFile, line, column: col } };
}
function unclosedQuote(text2) {
  let found2;
  const check = (token) => {
    if (found2 !== void 0 || !token) return;
    if (token.type !== "double-quoted-scalar" && token.type !== "single-quoted-scalar") return;
    const quote = token.type === "double-quoted-scalar" ? '"' : "'";
    const trailing = /\\*(?=.$)/s.exec(token.source)?.[0].length ?? 0;
    const closed = token.source.length > 1 && token.source.endsWith(quote) && (quote === "'" || trailing % 2 === 0);
    if (!closed) found2 = token.offset;
  };
  for (const token of new import_yaml.Parser().parse(text2)) {
    if (token.type !== "document") continue;
    check(token.value);
    import_yaml.CST.visit(token, (item) => {
      check(item.key ?? void 0);
      check(item.value);
    });
  }
  return found2;
}
var MAX_FRAME_WIDTH = 120;
function codeFrame(text2, line, column) {
  const source = text2.split(/\r?\n/);
  const width = String(line).length < 4 ? 4 : String(line).length;
  const show = (n) => {
    const content = (source[n - 1] ?? "").replace(/\t/g, " ");
    return `${String(n).padStart(width)} | ${content.length > MAX_FRAME_WIDTH ? `${content.slice(0, MAX_FRAME_WIDTH)}\u2026` : content}`;
  };
  const frame = line > 1 ? [show(line - 1)] : [];
  if (line <= source.length) frame.push(show(line));
  frame.push(`${" ".repeat(width)} | ${" ".repeat(Math.min(column - 1, MAX_FRAME_WIDTH))}^`);
  return frame;
}

// src/config/compose-file.ts
var MAX_COMPOSE_BYTES = 1e6;
var RENDER_PROJECT = "perf-gate-check";
var foundRenderer;
function findComposeRenderer() {
  if (foundRenderer === void 0) {
    foundRenderer = null;
    for (const [command, base] of [
      ["docker", ["compose"]],
      ["docker-compose", []]
    ]) {
      let version;
      try {
        version = execFileSync(command, [...base, "version", "--short"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
          timeout: 2e4
        }).trim();
      } catch {
        continue;
      }
      const label = `${[command, ...base].join(" ")} ${version} config`;
      foundRenderer = {
        label,
        render: (file, profiles, env) => {
          try {
            return execFileSync(
              command,
              [
                ...base,
                "--project-name",
                RENDER_PROJECT,
                ...profiles.flatMap((p) => ["--profile", p]),
                "--file",
                file,
                "config"
              ],
              {
                cwd: path5.dirname(file),
                env,
                encoding: "utf8",
                stdio: ["ignore", "pipe", "pipe"],
                timeout: 6e4,
                maxBuffer: 16 * 2 ** 20
              }
            );
          } catch (error) {
            const stderr = String(error.stderr ?? "").trim();
            const text2 = stderr.split("\n").slice(0, 5).join(" / ") || error.message;
            throw new Error(text2.slice(0, 600), { cause: error });
          }
        }
      };
      break;
    }
  }
  return foundRenderer ?? void 0;
}
var isMapping4 = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function dependsOn(service) {
  const deps = service.depends_on;
  if (Array.isArray(deps)) return deps.map(String);
  if (isMapping4(deps)) return Object.keys(deps);
  return [];
}
function profilesOf(service) {
  return Array.isArray(service.profiles) ? service.profiles.map(String) : [];
}
function fixedHostPorts(service) {
  const ports = Array.isArray(service.ports) ? service.ports : [];
  const fixed = [];
  for (const port2 of ports) {
    if (typeof port2 === "string" && /^(?:[\d.]+:)?\d+(?:-\d+)?:\d+/.test(port2)) fixed.push(port2);
    else if (isMapping4(port2) && port2.published !== void 0 && port2.published !== "")
      fixed.push(String(port2.published));
  }
  return fixed;
}
function dotEnvProblems(dir) {
  const file = path5.join(dir, ".env");
  if (!existsSync2(file)) return [];
  return readTextCapped(file, MAX_COMPOSE_BYTES, "compose .env file").split("\n").map((line) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1]).filter((name2) => name2 !== void 0).filter((name2) => /^(DOCKER_|COMPOSE_)/i.test(name2) && name2.toUpperCase() !== "COMPOSE_PROJECT_NAME").map(
    (name2) => `${file}: ${name2}: not allowed: Compose takes it from .env as its own setting (which daemon, files or profiles it uses); set it in the workflow instead`
  );
}
function checkComposeFile(options) {
  const file = options.stack.compose;
  if (!existsSync2(file))
    return { problems: [`${options.configFile}: stack.compose: compose file not found: ${file}`] };
  const read = readComposeFile(file);
  if ("problems" in read) return read;
  const { raw, services } = read;
  const allowlist = allowlistEvaluation(raw, options);
  if ("failed" in allowlist) return { problems: allowlist.failed };
  const problems = [
    ...allowlist.problems,
    ...referenceProblems(services, options),
    ...pairedPortProblems(services, options)
  ];
  const started = startedServices(services, options.stack);
  if (problems.length === 0 && started.size === 0)
    problems.push(
      `${options.configFile}: stack.profiles: no service of ${file} is enabled (every service has profiles; name one in stack.profiles or stack.services)`
    );
  if (problems.length > 0) return { problems };
  const version = typeof raw.version === "string" || typeof raw.version === "number" ? String(raw.version) : void 0;
  const images2 = {};
  for (const name2 of started) {
    const image = services[name2].image;
    if (typeof image === "string") images2[name2] = image;
  }
  const aliases = composeNetworkAliases(services);
  const names = Object.keys(services);
  return {
    facts: {
      version,
      services: names,
      started: [...started],
      images: images2,
      aliases,
      evaluation: allowlist.evaluation
    },
    problems
  };
}
function readComposeFile(file) {
  const text2 = readTextCapped(file, MAX_COMPOSE_BYTES, "compose file");
  const lineCounter = new import_yaml2.LineCounter();
  const doc = (0, import_yaml2.parseDocument)(text2, { merge: true, prettyErrors: false, lineCounter });
  if (doc.errors.length > 0) {
    return { problems: [yamlSyntaxProblem(file, text2, doc.errors, lineCounter).problem] };
  }
  let raw;
  try {
    raw = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { problems: [`${file}: invalid YAML: ${error.message.split("\n")[0]}`] };
  }
  if (!isMapping4(raw) || !isMapping4(raw.services) || Object.keys(raw.services).length === 0)
    return { problems: [`${file}: no "services" in this compose file`] };
  return { raw, services: raw.services };
}
function allowlistEvaluation(raw, options) {
  const file = options.stack.compose;
  const allowlist = (doc, where, renderedProject) => composeAllowlistProblems(doc, {
    dir: path5.dirname(file),
    refusePath: options.refusePath,
    renderedProject
  }).map((p) => `${where}: ${p.key}: ${p.message}`);
  const problems = [
    ...allowlist(raw, file),
    ...dotEnvProblems(path5.dirname(file)),
    ...composeVariableProblems(raw, file)
  ];
  const evaluation = "the file with merge keys applied";
  const renderer = problems.length > 0 ? void 0 : options.renderer === void 0 ? findComposeRenderer() : options.renderer;
  if (!renderer) return { problems, evaluation };
  let rendered;
  try {
    rendered = (0, import_yaml2.parse)(renderer.render(file, options.stack.profiles, options.composeEnv ?? process.env), {
      maxAliasCount: 100
    });
  } catch (error) {
    return { failed: [`${file}: ${renderer.label} failed: ${error.message}`] };
  }
  return {
    problems: [
      ...problems,
      ...allowlist(rendered, `${file} (as ${renderer.label} renders it)`, RENDER_PROJECT)
    ],
    evaluation: `${evaluation}, and the output of ${renderer.label}`
  };
}
function referenceProblems(services, options) {
  const { stack, configFile } = options;
  const file = stack.compose;
  const names = Object.keys(services);
  const problems = [];
  const allProfiles = new Set(names.flatMap((n) => profilesOf(services[n])));
  stack.profiles.forEach((profile, i) => {
    if (!allProfiles.has(profile))
      problems.push(
        `${configFile}: stack.profiles[${i}]: no service of ${file} has the profile "${profile}"${allProfiles.size > 0 ? ` (profiles: ${[...allProfiles].join(", ")})` : ""}`
      );
  });
  const requireService = (key, name2) => {
    if (!Object.hasOwn(services, name2))
      problems.push(`${configFile}: ${key}: no service "${name2}" in ${file} (services: ${names.join(", ")})`);
  };
  (stack.services ?? []).forEach((name2, i) => requireService(`stack.services[${i}]`, name2));
  for (const name2 of Object.keys(stack.wait)) requireService(`stack.wait.${name2}`, name2);
  for (const [name2, override] of Object.entries(options.baselineVariant?.services ?? {})) {
    requireService(`baselineVariant.services.${name2}`, name2);
    if (override.build && !override.build.context)
      problems.push(
        `${configFile}: baselineVariant.services.${name2}.build.context: required with stack.compose (the compose file's build is not read)`
      );
  }
  return problems;
}
function pairedPortProblems(services, options) {
  const at = (key, message) => `${options.stack.compose}: ${key}: ${message}`;
  const problems = [];
  for (const [name2, service] of Object.entries(services)) {
    if (!isMapping4(service)) {
      problems.push(at(`services.${name2}`, "expected a mapping"));
      continue;
    }
    const fixed = options.baselineVariant ? fixedHostPorts(service) : [];
    if (fixed.length > 0)
      problems.push(
        at(
          `services.${name2}.ports`,
          `publishes host port ${fixed.join(", ")}: paired A/B runs start two stacks at once, so publish container ports only (perf-gate reaches containers on their network)`
        )
      );
  }
  return problems;
}
function startedServices(services, stack) {
  const started = /* @__PURE__ */ new Set();
  const add = (name2) => {
    if (started.has(name2) || !Object.hasOwn(services, name2)) return;
    started.add(name2);
    const service = services[name2];
    if (isMapping4(service)) dependsOn(service).forEach(add);
  };
  if (stack.services) stack.services.forEach(add);
  else
    Object.keys(services).filter((n) => {
      const p = profilesOf(services[n]);
      return p.length === 0 || p.some((x) => stack.profiles.includes(x));
    }).forEach(add);
  return started;
}

// src/config/locate.ts
var import_yaml3 = __toESM(require_dist(), 1);
function formatPath(segments) {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_][\w-]*$/.test(key) ? out ? `.${key}` : key : `[${JSON.stringify(key)}]`;
    }
  }
  return out || "(root)";
}
function locatePath(doc, lineCounter, segments) {
  let node = doc.contents;
  let offset = node?.range?.[0];
  for (const segment of segments) {
    if ((0, import_yaml3.isMap)(node)) {
      const pair = node.items.find(
        (p) => ((0, import_yaml3.isScalar)(p.key) ? String(p.key.value) : String(p.key)) === String(segment)
      );
      if (!pair) break;
      const key = pair.key;
      const value = pair.value;
      offset = key?.range?.[0] ?? offset;
      node = value;
    } else if ((0, import_yaml3.isSeq)(node) && typeof segment === "number") {
      const item = node.items[segment];
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else break;
  }
  if (offset === void 0) return void 0;
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}
function withLocations(error, doc, lineCounter, file) {
  if (!(error instanceof ConfigError) || error.paths.length === 0) return error;
  const locations = error.problems.map((_problem, i) => {
    const at = error.paths[i];
    const position = at ? locatePath(doc, lineCounter, at) : void 0;
    return position ? { file, ...position } : void 0;
  });
  return new ConfigError(error.problems, { paths: error.paths, locations });
}

// src/config/preflight.ts
import { statSync as statSync3 } from "node:fs";
import path6 from "node:path";

// src/config/template.ts
var PLACEHOLDER = /\{\{\s*([A-Za-z_]\w{0,63})\s*\}\}/g;
function templateNames(text2) {
  return [...new Set([...text2.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}
function templateNamesIn(value) {
  if (typeof value === "string") return templateNames(value);
  if (Array.isArray(value)) return [...new Set(value.flatMap(templateNamesIn))];
  if (value !== null && typeof value === "object")
    return [...new Set(Object.values(value).flatMap(templateNamesIn))];
  return [];
}
function fillTemplate(text2, values) {
  return text2.replace(PLACEHOLDER, (_match, name2) => {
    const value = values[name2];
    if (value === void 0) throw new Error(`{{${name2}}} has no value`);
    return value;
  });
}
function fillTemplateIn(value, values) {
  if (typeof value === "string") return fillTemplate(value, values);
  if (Array.isArray(value)) return value.map((item) => fillTemplateIn(item, values));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTemplateIn(v, values)]));
  return value;
}

// src/config/schema/sweep-levels.ts
var SWEPT = [
  ["vus", "vus"],
  ["rate", "rate"],
  ["payloadBytes", "bytes"]
];
function combinations(scenario) {
  let out = [{}];
  for (const [key] of SWEPT) {
    const value = scenario[key];
    if (!Array.isArray(value)) continue;
    out = out.flatMap((combo) => value.map((level) => ({ ...combo, [key]: level })));
  }
  return out;
}
function levelCount(scenario) {
  return combinations(scenario).length;
}
function appliesTo(scenario, profile) {
  return scenario.profiles === void 0 || scenario.profiles.includes(profile);
}
function countCells(profiles, scenarios) {
  return scenarios.reduce(
    (sum, s) => sum + levelCount(s) * profiles.filter((p) => appliesTo(s, p.name)).length,
    0
  );
}

// src/config/schema/checks.ts
function checkConfig(config, ctx) {
  checkServices(config, ctx);
  checkProfileReferences(config, ctx);
  checkCellCount(config, ctx);
  config.profiles.forEach((profile, i) => checkProfileTemplates(profile, i, ctx));
  checkDuplicateNames(config, ctx);
  checkBaselineVariant(config, ctx);
  checkGateBounds(config, ctx);
  checkStartupServices(config, ctx);
  checkSegments(config, ctx);
}
function checkSegments(config, ctx) {
  if (config.k6.segments <= 1) return;
  config.scenarios.forEach((scenario, i) => {
    if (isBuiltInScenario(scenario.script)) return;
    ctx.addIssue({
      code: "custom",
      path: ["k6", "segments"],
      message: `runs built-in scenarios only; scenarios[${i}] is your own script ${scenario.script} (its thresholds and per-endpoint results have no exact merge across processes): set k6.segments to 1`
    });
  });
}
function checkStartupServices(config, ctx) {
  const services = new Set(Object.keys(config.services));
  config.scenarios.forEach((scenario, i) => {
    if (!scenario.startup) return;
    if (config.stack) {
      ctx.addIssue({
        code: "custom",
        path: ["scenarios", i, "script"],
        message: "a start-up scenario restarts services of perf-gate.yml; it cannot run on a compose stack"
      });
      return;
    }
    const named = scenario.startup.service;
    if (named !== void 0) {
      if (!services.has(named))
        ctx.addIssue({
          code: "custom",
          path: ["scenarios", i, "startup", "service"],
          message: `unknown service "${named}"`
        });
      return;
    }
    for (const profile of config.profiles) {
      if (scenario.profiles && !scenario.profiles.includes(profile.name)) continue;
      const host = URL.canParse(profile.target) ? new URL(profile.target).hostname : "";
      if (!services.has(host))
        ctx.addIssue({
          code: "custom",
          path: ["scenarios", i, "startup", "service"],
          message: `profile "${profile.name}" targets "${host}", not a service: name the service to restart`
        });
    }
  });
}
function checkServices(config, ctx) {
  const services = new Set(Object.keys(config.services));
  if (config.stack && services.size > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["stack", "compose"],
      message: 'expected either "services" or "stack.compose", not both'
    });
  } else if (!config.stack && services.size === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["services"],
      message: 'expected at least one service (or a compose file in "stack.compose")'
    });
  }
  for (const [serviceName, service] of Object.entries(config.services)) {
    service.dependsOn.forEach((dep, i) => {
      if (!services.has(dep)) {
        ctx.addIssue({
          code: "custom",
          path: ["services", serviceName, "dependsOn", i],
          message: `unknown service "${dep}"`
        });
      }
    });
  }
}
function checkProfileReferences(config, ctx) {
  const profileNames = new Set(config.profiles.map((p) => p.name));
  config.scenarios.forEach(
    (scenario, i) => scenario.profiles?.forEach((profile, j) => {
      if (!profileNames.has(profile))
        ctx.addIssue({
          code: "custom",
          path: ["scenarios", i, "profiles", j],
          message: `unknown profile "${profile}"`
        });
    })
  );
  if (config.report.reference !== void 0 && !profileNames.has(config.report.reference)) {
    ctx.addIssue({
      code: "custom",
      path: ["report", "reference"],
      message: `unknown profile "${config.report.reference}"`
    });
  }
}
function checkCellCount(config, ctx) {
  const cells = countCells(config.profiles, config.scenarios);
  if (cells > MAX_CELLS) {
    ctx.addIssue({
      code: "custom",
      path: ["scenarios"],
      message: `${config.profiles.length} profiles x ${config.scenarios.length} scenarios (sweep levels expanded) make ${cells} cells; at most ${MAX_CELLS} are allowed`
    });
  }
}
function profileTemplateProblems(profile) {
  const problems = [];
  const known = /* @__PURE__ */ new Set(["i"]);
  profile.setup.forEach((call, j) => {
    const used = [
      ...templateNames(call.url),
      ...Object.values(call.headers).flatMap(templateNames),
      ...templateNamesIn(call.body)
    ];
    for (const name2 of new Set(used)) {
      if (!known.has(name2))
        problems.push({
          path: ["setup", j],
          message: `{{${name2}}} is neither {{i}} nor captured by an earlier setup call`
        });
    }
    for (const name2 of Object.keys(call.capture)) known.add(name2);
  });
  const captured = new Set(profile.setup.flatMap((call) => Object.keys(call.capture)));
  for (const [header, value] of Object.entries(profile.headers)) {
    for (const used of templateNames(value)) {
      if (!captured.has(used))
        problems.push({
          path: ["headers", header],
          message: `{{${used}}} is not captured by this profile's setup`
        });
    }
  }
  return problems;
}
function checkProfileTemplates(profile, i, ctx) {
  for (const problem of profileTemplateProblems(profile))
    ctx.addIssue({ code: "custom", path: ["profiles", i, ...problem.path], message: problem.message });
}
function checkDuplicateNames(config, ctx) {
  const seen = /* @__PURE__ */ new Set();
  config.profiles.forEach((profile, i) => {
    if (seen.has(profile.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["profiles", i, "name"],
        message: `duplicate profile "${profile.name}"`
      });
    }
    seen.add(profile.name);
  });
  const seenScenarios = /* @__PURE__ */ new Set();
  config.scenarios.forEach((scenario, i) => {
    if (seenScenarios.has(scenario.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["scenarios", i, "name"],
        message: `duplicate scenario "${scenario.name}"`
      });
    }
    seenScenarios.add(scenario.name);
  });
}
function checkBaselineVariant(config, ctx) {
  const services = new Set(Object.keys(config.services));
  if (config.gate.method === "paired" && !config.baselineVariant) {
    ctx.addIssue({
      code: "custom",
      path: ["gate", "method"],
      message: '"paired" needs a baselineVariant to compare the candidate with'
    });
  }
  for (const [serviceName, override] of Object.entries(config.baselineVariant?.services ?? {})) {
    if (config.stack) continue;
    if (!services.has(serviceName)) {
      ctx.addIssue({
        code: "custom",
        path: ["baselineVariant", "services", serviceName],
        message: `unknown service "${serviceName}"`
      });
    } else if (override.build && !override.build.context && !config.services[serviceName]?.build) {
      ctx.addIssue({
        code: "custom",
        path: ["baselineVariant", "services", serviceName, "build", "context"],
        message: `service "${serviceName}" has no build of its own: give the baseline's build context`
      });
    }
  }
}
function checkGateBounds(config, ctx) {
  if (config.gate.maxRounds !== void 0 && config.gate.maxRounds < config.gate.rounds) {
    ctx.addIssue({
      code: "custom",
      path: ["gate", "maxRounds"],
      message: `must be at least gate.rounds (${config.gate.rounds})`
    });
  }
  if (config.gate.blockConfidence < config.gate.confidence) {
    ctx.addIssue({
      code: "custom",
      path: ["gate", "blockConfidence"],
      message: `must be at least gate.confidence (${config.gate.confidence}): blocking needs at least the evidence passing does`
    });
  }
  const { blockWarmupMin: min, blockWarmupMax: max } = config.gate;
  if (DURATION_PATTERN.test(min) && DURATION_PATTERN.test(max) && durationMs(min) > durationMs(max)) {
    ctx.addIssue({
      code: "custom",
      path: ["gate", "blockWarmupMin"],
      message: `must be at most gate.blockWarmupMax (${max})`
    });
  }
  const cpuMode = config.gate.cpuPerRequest;
  if ((cpuMode === "gate" || cpuMode === "only") && !config.gate.sampleResources) {
    ctx.addIssue({
      code: "custom",
      path: ["gate", "cpuPerRequest"],
      message: `"${cpuMode}" needs gate.sampleResources: true (CPU per request comes from the sampled CPU counters)`
    });
  }
}

// src/config/schema.ts
var configSchema = configFields.superRefine(checkConfig);
var expandedConfigSchema = configSchema.safeExtend({
  scenarios: external_exports.array(
    scenarioSchema.safeExtend({
      name: external_exports.string().min(1).max(400),
      vus: external_exports.number().int().positive().max(MAX_VUS).optional(),
      rate: external_exports.number().int().positive().max(MAX_RATE).optional(),
      payloadBytes: external_exports.number().int().min(0).max(1e7),
      sweep: external_exports.object({
        scenario: external_exports.string(),
        values: external_exports.object({
          vus: external_exports.number().optional(),
          rate: external_exports.number().optional(),
          payloadBytes: external_exports.number().optional()
        }),
        label: external_exports.string()
      }).optional()
    })
  ).min(1).max(MAX_CELLS)
});

// src/config/preflight.ts
var K6_SCRIPT_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts"];
function preflightProblems(config, options = {}) {
  const services = options.composeServices ?? Object.keys(config.services);
  const aliases = Object.entries(options.composeAliases ?? {}).filter(([, service]) => services.includes(service)).map(([alias]) => alias);
  return [
    ...baselinePathProblems(config),
    ...scriptProblems(config),
    ...waitPortProblems(config),
    ...hostProblems(config, services, aliases, options.allowedHosts ?? [])
  ];
}
function configIndex(scenarios, i) {
  return new Set(scenarios.slice(0, i + 1).map((s) => s.sweep?.scenario ?? s.name)).size - 1;
}
function baselinePathProblems(config) {
  const segments = path6.resolve(config.baseline.path).split(path6.sep);
  return segments.includes(".git") ? [
    `baseline.path: ${config.baseline.path} is inside a .git folder, which perf-gate never reads or writes`
  ] : [];
}
function scriptProblems(config) {
  const problems = /* @__PURE__ */ new Set();
  config.scenarios.forEach((s, i) => {
    if (isBuiltInScenario(s.script)) return;
    const at = `scenarios[${configIndex(config.scenarios, i)}].script`;
    let directory;
    try {
      directory = statSync3(s.script).isDirectory();
    } catch {
      return;
    }
    if (directory) problems.add(`${at}: ${s.script} is a directory, expected a k6 script file`);
    else if (!K6_SCRIPT_EXTENSIONS.includes(path6.extname(s.script).toLowerCase()))
      problems.add(
        `${at}: ${s.script} is not a k6 script: expected a file ending in ${K6_SCRIPT_EXTENSIONS.join(", ")}`
      );
  });
  return [...problems];
}
function waitPortProblems(config) {
  return Object.entries(config.services).flatMap(([name2, service]) => {
    const port2 = service.wait?.http?.port;
    if (port2 === void 0 || service.ports.includes(port2)) return [];
    return [
      `services.${name2}.wait.http.port: port ${port2} is not in services.${name2}.ports (${service.ports.length > 0 ? service.ports.join(", ") : "none"}); add it there or wait on a listed port`
    ];
  });
}
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution2 = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution2));
    }
    previous = current;
  }
  return previous[b.length];
}
function closestName(name2, names) {
  let best;
  for (const candidate of names) {
    const distance = editDistance(name2.toLowerCase(), candidate.toLowerCase());
    if (best === void 0 || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : void 0;
}
function hostProblems(config, services, aliases, allowed) {
  const problems = [];
  const known = new Set([...services, ...aliases, ...allowed].map((h) => h.toLowerCase()));
  const names = `${services.length > 0 ? services.join(", ") : "none"}${aliases.length > 0 ? `; network aliases: ${aliases.join(", ")}` : ""}`;
  const check = (at, url) => {
    if (url === void 0 || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\{\{/i.test(url)) return;
    let host;
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      return;
    }
    if (known.has(host)) return;
    const near = closestName(host, [...services, ...aliases]);
    problems.push(
      `${at}: host "${host}" names no service of the stack (${names})${near ? `: did you mean "${near}"?` : ""}; perf-gate calls only the stack's own services and hosts the workflow allows (action input "allowed-hosts", CLI flag --allow-host)`
    );
  };
  config.profiles.forEach((profile, i) => {
    check(`profiles[${i}].target`, profile.target);
    check(`profiles[${i}].readiness.url`, profile.readiness?.url);
    profile.setup.forEach((call, j) => check(`profiles[${i}].setup[${j}].url`, call.url));
  });
  return problems;
}

// src/config/referenced-files.ts
import { existsSync as existsSync3 } from "node:fs";
import path7 from "node:path";
function resolvePaths(config, dir) {
  const at = (p) => path7.resolve(dir, p);
  return {
    ...config,
    services: Object.fromEntries(
      Object.entries(config.services).map(([name2, service]) => [
        name2,
        {
          ...service,
          build: service.build ? { ...service.build, context: at(service.build.context) } : void 0,
          files: service.files.map((f) => ({ ...f, source: at(f.source) }))
        }
      ])
    ),
    scenarios: config.scenarios.map((s) => {
      const resolved = isBuiltInScenario(s.script) ? s : { ...s, script: at(s.script) };
      return s.graphql?.queryFile ? { ...resolved, graphql: { ...s.graphql, queryFile: at(s.graphql.queryFile) } } : resolved;
    }),
    profiles: config.profiles.map(
      (profile) => profile.setup.some((call) => call.bodyFile) ? {
        ...profile,
        setup: profile.setup.map(
          (call) => call.bodyFile ? { ...call, bodyFile: at(call.bodyFile) } : call
        )
      } : profile
    ),
    baseline: { path: at(config.baseline.path) },
    ...config.stack ? { stack: { ...config.stack, compose: at(config.stack.compose) } } : {}
  };
}
function missingFiles(config) {
  const problems = [];
  for (const [name2, service] of Object.entries(config.services)) {
    service.files.forEach((f, i) => {
      if (!existsSync3(f.source))
        problems.push(`services.${name2}.files[${i}].source: file not found: ${f.source}`);
    });
    if (service.build) {
      const dockerfile = path7.resolve(service.build.context, service.build.dockerfile);
      if (!existsSync3(dockerfile))
        problems.push(`services.${name2}.build: Dockerfile not found: ${dockerfile}`);
    }
  }
  config.profiles.forEach(
    (profile, i) => profile.setup.forEach((call, j) => {
      if (call.bodyFile && !existsSync3(call.bodyFile))
        problems.push(`profiles[${i}].setup[${j}].bodyFile: file not found: ${call.bodyFile}`);
    })
  );
  config.scenarios.forEach((s, index) => {
    const i = configIndex(config.scenarios, index);
    if (s.graphql?.queryFile && !existsSync3(s.graphql.queryFile)) {
      problems.push(`scenarios[${i}].graphql.queryFile: file not found: ${s.graphql.queryFile}`);
    }
    if (!isBuiltInScenario(s.script) && !existsSync3(s.script)) {
      problems.push(`scenarios[${i}].script: k6 script not found: ${s.script}`);
    } else if (isBuiltInScenario(s.script) && !BUILT_IN_SCENARIOS.includes(s.script)) {
      problems.push(
        `scenarios[${i}].script: unknown built-in scenario "${s.script}" (expected one of ${BUILT_IN_SCENARIOS.join(", ")}, or a path ending in .js)`
      );
    }
  });
  return [...new Set(problems)];
}
function withGraphqlQueries(config, file) {
  return {
    ...config,
    scenarios: config.scenarios.map((s, i) => {
      if (!s.graphql?.queryFile) return s;
      const query = readTextCapped(
        s.graphql.queryFile,
        MAX_GRAPHQL_QUERY_BYTES,
        `${file}: scenarios[${i}].graphql.queryFile`
      ).trim();
      if (query === "") {
        throw new ConfigError([`${file}: scenarios[${i}].graphql.queryFile: ${s.graphql.queryFile} is empty`]);
      }
      return { ...s, graphql: { ...s.graphql, query } };
    })
  };
}
function withBodyFiles(config, dir, file) {
  if (!config.profiles.some((p) => p.setup.some((call) => call.bodyFile))) return config;
  const problems = [];
  const profiles = config.profiles.map((profile, i) => {
    if (!profile.setup.some((call) => call.bodyFile)) return profile;
    const setup = profile.setup.map((call, j) => {
      if (!call.bodyFile) return call;
      const at = `profiles[${i}].setup[${j}].bodyFile`;
      const text2 = readTextCapped(call.bodyFile, MAX_BODY_FILE_BYTES, `${file}: ${at}`);
      const { bodyFile, ...rest } = call;
      if (!bodyFile.endsWith(".json")) return { ...rest, body: text2 };
      try {
        return { ...rest, body: JSON.parse(text2) };
      } catch (error) {
        problems.push(
          `${at}: ${path7.relative(dir, bodyFile)} is not valid JSON (${error.message})`
        );
        return rest;
      }
    });
    const read = { ...profile, setup };
    for (const problem of profileTemplateProblems(read))
      problems.push(
        `profiles[${i}].${problem.path.join(".").replace(/\.(\d+)/g, "[$1]")}: ${problem.message}`
      );
    return read;
  });
  if (problems.length > 0) throw new ConfigError(problems.map((m) => `${file}: ${m}`));
  return { ...config, profiles };
}

// src/config/interpolate.ts
var VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
function interpolate(value, env, problems, at = [], paths = [], used = []) {
  if (typeof value === "string") {
    const escaped = value.split("$${");
    return escaped.map(
      (part) => part.replace(VARIABLE, (_match, name2, fallback) => {
        const found2 = env[name2];
        const refusal = interpolationRefusal(name2, found2);
        if (refusal) {
          problems.push(`${formatPath(at)}: ${refusal}`);
          paths.push(at);
          return "";
        }
        if (found2 !== void 0 && found2 !== "") {
          used.push({ name: name2, value: found2 });
          return found2;
        }
        if (fallback !== void 0) return fallback;
        problems.push(
          `${formatPath(at)}: environment variable ${name2} is not set (use \${${name2}:-default})`
        );
        paths.push(at);
        return "";
      })
    ).join("${");
  }
  if (Array.isArray(value))
    return value.map((item, i) => interpolate(item, env, problems, [...at, i], paths, used));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        interpolate(item, env, problems, [...at, key], paths, used)
      ])
    );
  }
  return value;
}

// src/config/k6-env.ts
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
var RESERVED_NAMES = Object.fromEntries(
  [
    [
      ["PATH", "HOME", "TMPDIR", "TMP", "TEMP", "PWD", "SHELL", "USER", "LOGNAME", "IFS"],
      "the process environment"
    ],
    [["ENV", "BASH_ENV", "CDPATH", "PS4", "SHELLOPTS", "BASHOPTS"], "a shell setting"],
    [
      ["NODE_OPTIONS", "NODE_PATH", "NODE_EXTRA_CA_CERTS", "NODE_TLS_REJECT_UNAUTHORIZED"],
      "a Node.js setting"
    ],
    [
      [
        "GODEBUG",
        "GOMAXPROCS",
        "GOGC",
        "GOMEMLIMIT",
        "GOTRACEBACK",
        "GORACE",
        "GOROOT",
        "GOPATH",
        "GOFLAGS",
        "GOENV",
        "GOEXPERIMENT",
        "GOTOOLCHAIN",
        "GOCOVERDIR",
        "GOCACHE",
        "GOTMPDIR",
        "GOPROXY",
        "GOAMD64",
        "GOARM64"
      ],
      "a Go runtime setting (k6's runtime)"
    ],
    [["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY", "FTP_PROXY"], "a proxy setting"],
    [["SSLKEYLOGFILE", "OPENSSL_CONF", "CURL_CA_BUNDLE", "REQUESTS_CA_BUNDLE"], "a TLS setting"],
    [["TZDIR", "LOCPATH", "GCONV_PATH", "HOSTALIASES", "RES_OPTIONS", "LOCALDOMAIN"], "a C library setting"],
    [["SUMMARY_PATH"], "perf-gate's own: where the summary is written"]
  ].flatMap(([names, why]) => names.map((name2) => [name2, why]))
);
var RESERVED_PREFIXES = [
  [
    "K6_",
    "a k6 setting (the K6_* twin of a k6 flag, such as K6_OUT for --out); set k6's flags with k6.flags"
  ],
  ["LD_", "a dynamic loader setting"],
  ["DYLD_", "a dynamic loader setting"],
  ["SSL_CERT_", "a TLS setting"],
  ["XDG_", "where k6 looks for its config file"],
  ["DOCKER_", "a Docker client setting"],
  ["COMPOSE_", "a Docker Compose setting"],
  ["BUILDKIT_", "a Docker build setting"],
  ["GITHUB_", "the runner's own"],
  ["RUNNER_", "the runner's own"],
  ["ACTIONS_", "the runner's own"],
  ["INPUT_", "the action's inputs"]
];
function k6ParamProblem(key) {
  if (!ENV_NAME.test(key)) return "not a variable name: letters, digits and _, not starting with a digit";
  const name2 = key.toUpperCase();
  const why = RESERVED_NAMES[name2] ?? RESERVED_PREFIXES.find(([prefix]) => name2.startsWith(prefix))?.[1];
  return why === void 0 ? void 0 : `${name2} may not be set from the config: it is ${why}, not a value for the script`;
}

// src/config/k6-flags.ts
var INT = /^\d{1,9}$/;
var DURATION = DURATION_PATTERN;
var SAFE_K6_FLAGS = {
  "--batch": { value: INT, expected: "a number" },
  "--batch-per-host": { value: INT, expected: "a number" },
  "--blacklist-ip": { value: /^[0-9a-fA-F.:/,]{1,500}$/, expected: "CIDR ranges such as 10.0.0.0/8" },
  "--block-hostnames": { value: /^[\w.*,-]{1,500}$/, expected: "host names such as *.example.com" },
  "--compatibility-mode": {
    value: /^(base|extended|experimental_enhanced)$/,
    expected: "base, extended or experimental_enhanced"
  },
  "--discard-response-bodies": {},
  "--dns": {
    value: /^[\w=.,-]{1,200}$/,
    expected: "settings such as ttl=1m,select=random,policy=preferIPv4"
  },
  "--insecure-skip-tls-verify": {},
  "--max-redirects": { value: INT, expected: "a number" },
  "--min-iteration-duration": { value: DURATION, expected: "a duration such as 100ms or 1s500ms" },
  "--no-connection-reuse": {},
  "--no-vu-connection-reuse": {},
  "--rps": { value: INT, expected: "a number" },
  "--system-tags": { value: /^[\w,]{1,500}$/, expected: "tag names separated by commas" },
  "--tag": { value: /^\w{1,64}=[\w.:/@-]{0,200}$/, expected: "NAME=VALUE" },
  "--throw": {},
  "--user-agent": { value: /^[\x20-\x7e]{1,200}$/, expected: "printable text" },
  "--verbose": {}
};
var ALIASES = { "-w": "--throw", "-v": "--verbose" };
var REFUSED = [
  [
    /^(--out|-o)$/,
    "k6 outputs could send the results to any host or write files outside the results folder; perf-gate writes its own results (and per-second timelines with gate.timeline)"
  ],
  [
    /^(--include-system-env-vars|--env|-e|--secret-source)$/,
    "it would hand the runner's environment or secrets to the script; pass values with scenarios[].params"
  ],
  [
    /^(--summary-export|--log-output|--console-output|--traces-output|--config|-c|--address|-a)$/,
    "it reads or writes files, sends logs elsewhere or opens a port"
  ],
  [
    /^(--no-thresholds|--no-summary|--summary-trend-stats|--summary-mode|--summary-time-unit|--quiet|-q|--no-color|--log-format)$/,
    "perf-gate reads its results through the summary and the thresholds it sets"
  ],
  [
    /^(--vus|-u|--duration|-d|--iterations|-i|--stage|-s|--execution-segment|--execution-segment-sequence|--paused|-p|--linger|-l|--no-setup|--no-teardown|--max|-m)$/,
    "the load is set by scenarios[] (vus, rate, duration), the same for every run"
  ]
];
function k6FlagProblem(flag) {
  const eq = flag.indexOf("=");
  const rawName = eq === -1 ? flag : flag.slice(0, eq);
  const name2 = ALIASES[rawName] ?? rawName;
  const value = eq === -1 ? void 0 : flag.slice(eq + 1);
  const refused = REFUSED.find(([pattern]) => pattern.test(rawName));
  if (refused) return `"${rawName}" is not allowed: ${refused[1]}`;
  const rule = SAFE_K6_FLAGS[name2];
  if (!rule) {
    return `"${rawName}" is not on perf-gate's list of safe k6 flags (${Object.keys(SAFE_K6_FLAGS).join(", ")})`;
  }
  if (!rule.value) return value === void 0 ? void 0 : `"${name2}" takes no value`;
  if (value === void 0) return `"${name2}" needs a value: ${name2}=<${rule.expected}>`;
  if (!rule.value.test(value)) return `"${name2}": expected ${rule.expected}`;
  return void 0;
}
var OPERATORS = /* @__PURE__ */ new Set(["|", "&", ";", "<", ">", "(", ")"]);
var SUBSTITUTIONS = /* @__PURE__ */ new Set(["$", "`"]);
function splitK6Flags(text2) {
  const flags = [];
  let word = null;
  const at = (i) => `at character ${i + 1}`;
  for (let i = 0; i < text2.length; i++) {
    const c = text2[i];
    if (c === " " || c === "	" || c === "\n" || c === "\r") {
      if (word !== null) flags.push(word);
      word = null;
    } else if (c === "#" && word === null) {
      while (i + 1 < text2.length && text2[i + 1] !== "\n") i++;
    } else if (c === "'") {
      const end = text2.indexOf("'", i + 1);
      if (end === -1) return { problem: `unterminated ' quote ${at(i)}` };
      word = (word ?? "") + text2.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let value = "";
      let j = i + 1;
      for (; j < text2.length && text2[j] !== '"'; j++) {
        const d = text2[j];
        if (d === "\\" && j + 1 < text2.length && '"\\$`\n'.includes(text2[j + 1])) {
          j++;
          if (text2[j] !== "\n") value += text2[j];
        } else if (SUBSTITUTIONS.has(d)) {
          return { problem: substitution(d, j) };
        } else value += d;
      }
      if (j >= text2.length) return { problem: `unterminated " quote ${at(i)}` };
      word = (word ?? "") + value;
      i = j;
    } else if (c === "\\") {
      if (i + 1 >= text2.length) return { problem: `ends in a backslash ${at(i)} that escapes nothing` };
      i++;
      if (text2[i] !== "\n") word = (word ?? "") + text2[i];
    } else if (OPERATORS.has(c)) {
      return {
        problem: `"${c}" ${at(i)} is a shell operator; perf-gate runs no shell and passes flags as they are: quote it ('...') if it is part of a value`
      };
    } else if (SUBSTITUTIONS.has(c)) {
      return { problem: substitution(c, i) };
    } else word = (word ?? "") + c;
  }
  if (word !== null) flags.push(word);
  return { flags };
}
function substitution(c, i) {
  return `"${c}" at character ${i + 1} would be a substitution in a shell; perf-gate runs no shell and expands nothing: put a literal ${c} in single quotes ('...')`;
}
var K6_VERSION_PATTERN = /^v?\d{1,3}\.\d{1,3}\.\d{1,3}$/;
function normalizeK6Version(version) {
  return version.replace(/^v/, "");
}

// src/config/service-order.ts
function serviceWaves(dependencies) {
  const remaining = new Map(Object.entries(dependencies).map(([name2, deps]) => [name2, new Set(deps)]));
  const waves = [];
  while (remaining.size > 0) {
    const ready = [...remaining].filter(([, deps]) => deps.size === 0).map(([name2]) => name2);
    if (ready.length === 0) {
      throw new Error(`dependsOn has a cycle among: ${[...remaining.keys()].sort().join(", ")}`);
    }
    ready.sort();
    waves.push(ready);
    for (const name2 of ready) remaining.delete(name2);
    for (const deps of remaining.values()) for (const name2 of ready) deps.delete(name2);
  }
  return waves;
}

// src/config/sweep.ts
var SWEEP_SEPARATOR = "@";
var SWEPT_NAME_SUFFIX = /@(?:vus|rate|bytes)=\d+(?:,(?:vus|rate|bytes)=\d+){0,2}$/;
function levelLabel(values) {
  return SWEPT.filter(([key]) => values[key] !== void 0).map(([key, short]) => `${short}=${values[key]}`).join(",");
}
function expandScenario(scenario) {
  const swept = SWEPT.some(([key]) => Array.isArray(scenario[key]));
  const single = (value) => Array.isArray(value) ? void 0 : value;
  const base = {
    ...scenario,
    vus: single(scenario.vus),
    rate: single(scenario.rate),
    payloadBytes: single(scenario.payloadBytes) ?? 0
  };
  if (!swept) {
    const { vus, rate, ...rest } = base;
    return [{ ...rest, ...vus !== void 0 ? { vus } : {}, ...rate !== void 0 ? { rate } : {} }];
  }
  return combinations(scenario).map((values) => {
    const label = levelLabel(values);
    const sweep = { scenario: scenario.name, values, label };
    const merged = { ...base, ...values };
    const { vus, rate, ...rest } = merged;
    return {
      ...rest,
      ...vus !== void 0 ? { vus } : {},
      ...rate !== void 0 ? { rate } : {},
      name: `${scenario.name}${SWEEP_SEPARATOR}${label}`,
      sweep
    };
  });
}
function expandConfig(raw) {
  return { ...raw, scenarios: raw.scenarios.flatMap(expandScenario) };
}
function configCells(config) {
  return config.profiles.flatMap(
    (profile) => config.scenarios.filter((scenario) => appliesTo(scenario, profile.name)).map((scenario) => ({ profile: profile.name, scenario: scenario.name }))
  );
}

// src/config/validate.ts
var MOVED_KEYS = {
  allowPathsOutsideRepo: 'no longer read from the config, which a pull request controls: set the action input "allow-paths-outside-repo" to true or pass the CLI flag --allow-paths-outside-repo in the workflow instead'
};
function validateConfig(raw, source, env) {
  const interpolated = [];
  const failure = (problems) => new ConfigError(
    problems.map((p) => redact(`${source}: ${p.message}`, interpolated)),
    { paths: problems.map((p) => p.path) }
  );
  const moved = movedKeyProblems(raw);
  const { value, problems: unset } = withVariables(raw, env, interpolated);
  if (moved.length + unset.length > 0) throw failure([...moved, ...unset]);
  const parsed = configSchema.safeParse(value);
  if (!parsed.success) throw failure(schemaProblems(parsed.error.issues));
  const refused = allowlistProblems(parsed.data);
  if (refused.length > 0) throw failure(refused);
  const order = serviceOrderProblems(parsed.data);
  if (order.length > 0) throw failure(order);
  return { config: expandConfig(parsed.data), interpolated };
}
function movedKeyProblems(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return [];
  return Object.entries(MOVED_KEYS).filter(([key]) => Object.hasOwn(raw, key)).map(([key, message]) => ({ message: `${key}: ${message}`, path: [key] }));
}
function withVariables(raw, env, used) {
  const messages = [];
  const paths = [];
  const value = interpolate(raw, env, messages, [], paths, used);
  return { value, problems: messages.map((message, i) => ({ message, path: paths[i] ?? [] })) };
}
function schemaProblems(issues) {
  return issues.map(unwrapUnion).map((issue) => ({
    message: `${formatPath(issue.path)}: ${describeIssue(issue)}`,
    path: issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0] ?? ""] : issue.path
  }));
}
function unwrapUnion(issue) {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return issue;
  let best;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (first && (best === void 0 || first.path.length > best.path.length)) best = first;
  }
  return best ? unwrapUnion({ ...best, path: [...issue.path, ...best.path] }) : issue;
}
function describeIssue(issue) {
  if (issue.code === "unrecognized_keys") {
    return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  }
  if (issue.code === "invalid_type") {
    const received = /received (\w+)/.exec(issue.message)?.[1];
    return received === "undefined" ? `required (expected ${issue.expected})` : `expected ${issue.expected}${received ? `, got ${received}` : ""}`;
  }
  return issue.message;
}
function allowlistProblems(config) {
  const problem = (path23, message) => message ? [{ message: `${formatPath(path23)}: ${message}`, path: path23 }] : [];
  return [
    ...config.k6.flags.flatMap((flag, i) => problem(["k6", "flags", i], k6FlagProblem(flag))),
    ...config.scenarios.flatMap(
      (scenario, i) => Object.keys(scenario.params).flatMap(
        (key) => problem(["scenarios", i, "params", key], k6ParamProblem(key))
      )
    )
  ];
}
function serviceOrderProblems(config) {
  try {
    serviceWaves(Object.fromEntries(Object.entries(config.services).map(([n, s]) => [n, s.dependsOn])));
    return [];
  } catch (error) {
    return [{ message: `services: ${error.message}`, path: ["services"] }];
  }
}

// src/config/workspace-paths.ts
import { realpathSync as realpathSync2 } from "node:fs";
import path8 from "node:path";
var NEVER_READ = ["/proc", "/sys", "/dev"];
function isInside2(file, root) {
  const relative = path8.relative(root, file);
  return relative === "" || !relative.startsWith(`..${path8.sep}`) && relative !== ".." && !path8.isAbsolute(relative);
}
function pathsOutside(config, refuse) {
  const problems = [];
  const check = (at, file) => {
    const reason = refuse(file);
    if (reason) problems.push(`${at}: ${reason}`);
  };
  if (config.stack) check("stack.compose", config.stack.compose);
  check("baseline.path", config.baseline.path);
  const give = (at, problem) => {
    if (problem) problems.push(`${at}: ${problem}`);
  };
  for (const [name2, service] of Object.entries(config.services)) {
    service.files.forEach(
      (f, i) => give(`services.${name2}.files[${i}].source`, hostPathProblem(f.source, refuse))
    );
    if (service.build) {
      give(
        `services.${name2}.build.context`,
        buildContextProblem(service.build.context, service.build.dockerfile, refuse)
      );
      give(
        `services.${name2}.build.dockerfile`,
        hostPathProblem(path8.resolve(service.build.context, service.build.dockerfile), refuse)
      );
    }
  }
  config.scenarios.forEach((s, i) => {
    if (!isBuiltInScenario(s.script)) check(`scenarios[${configIndex(config.scenarios, i)}].script`, s.script);
    if (s.graphql?.queryFile)
      check(`scenarios[${configIndex(config.scenarios, i)}].graphql.queryFile`, s.graphql.queryFile);
  });
  config.profiles.forEach(
    (profile, i) => profile.setup.forEach((call, j) => {
      if (call.bodyFile) check(`profiles[${i}].setup[${j}].bodyFile`, call.bodyFile);
    })
  );
  return [...new Set(problems)];
}
function workspaceRoot(options = {}) {
  const root = path8.resolve(options.root ?? process.cwd());
  try {
    return realpathSync2(root);
  } catch {
    return root;
  }
}
function pathRefusal(dir, options) {
  const roots = [.../* @__PURE__ */ new Set([realpathSync2(dir), workspaceRoot(options)])];
  return (file) => {
    let real;
    try {
      real = realpathSync2(file);
    } catch {
      real = path8.resolve(file);
    }
    if (NEVER_READ.some((root) => isInside2(real, root)))
      return `${file} is on ${real.split(path8.sep).slice(0, 2).join(path8.sep)}, which perf-gate never reads`;
    if (!options.allowPathsOutsideRepo && !roots.some((root) => isInside2(real, root)))
      return `${file} is outside the config's folder and the workspace (${roots.join(", ")}); the workflow may allow it with the action input "allow-paths-outside-repo" set to true or the CLI flag --allow-paths-outside-repo`;
    return void 0;
  };
}

// src/config/load.ts
var MAX_CONFIG_BYTES = 1e6;
var MAX_YAML_ALIASES = 100;
function parseConfig(raw, source, env) {
  return validateConfig(raw, source, env).config;
}
function loadConfig(file, env = process.env, options = {}) {
  const yaml = readConfigYaml(file);
  const { config, interpolated } = validateLocated(yaml, file, env);
  const refuse = (problems) => {
    if (problems.length > 0) throw new ConfigError(problems.map((m) => redact(m, interpolated)));
  };
  const inFile = (problems) => problems.map((m) => `${file}: ${m}`);
  const dir = path9.dirname(yaml.absolute);
  const resolved = resolvePaths(config, dir);
  const refusePath = pathRefusal(dir, options);
  refuse(inFile(hostFileProblems(resolved, refusePath)));
  const compose = resolved.stack ? checkComposeFile({
    configFile: file,
    stack: resolved.stack,
    baselineVariant: resolved.baselineVariant,
    refusePath,
    renderer: options.composeRenderer,
    composeEnv: composeRunEnvironment()
  }) : void 0;
  refuse(compose?.problems ?? []);
  const facts = compose?.facts;
  refuse(
    inFile(
      preflightProblems(resolved, {
        composeServices: facts?.started,
        composeAliases: facts?.aliases,
        allowedHosts: options.allowedHosts
      })
    )
  );
  const aliases = Object.keys(facts?.aliases ?? {});
  const services = [...facts ? facts.services : Object.keys(resolved.services), ...aliases];
  refuse(inFile(unreachableHosts(resolved, services, options.allowedHosts ?? [])));
  return {
    file: yaml.absolute,
    dir,
    root: workspaceRoot(options),
    allowedHosts: [.../* @__PURE__ */ new Set([...options.allowedHosts ?? [], ...aliases])],
    config: withBodyFiles(withGraphqlQueries(resolved, file), dir, file),
    interpolated,
    ...facts ? { compose: facts } : {}
  };
}
function readConfigYaml(file) {
  const absolute = path9.resolve(file);
  if (!existsSync4(absolute)) throw new ConfigError([`${file}: config file not found`]);
  const text2 = readTextCapped(absolute, MAX_CONFIG_BYTES, "config");
  const lineCounter = new import_yaml4.LineCounter();
  const doc = (0, import_yaml4.parseDocument)(text2, { prettyErrors: false, lineCounter });
  if (doc.errors.length > 0) {
    const { problem, location } = yamlSyntaxProblem(file, text2, doc.errors, lineCounter, absolute);
    throw new ConfigError([problem], { locations: [location] });
  }
  try {
    return { absolute, doc, lineCounter, raw: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch (error) {
    throw new ConfigError([`${file}: invalid YAML: ${error.message.split("\n")[0]}`]);
  }
}
function validateLocated(yaml, file, env) {
  try {
    return validateConfig(yaml.raw, file, env);
  } catch (error) {
    throw withLocations(error, yaml.doc, yaml.lineCounter, yaml.absolute);
  }
}
function hostFileProblems(config, refusePath) {
  const missing = missingFiles(config);
  return missing.length > 0 ? missing : pathsOutside(config, refusePath);
}

// src/model/runs.ts
function cellId(profile, scenario) {
  return `${profile}/${scenario}`;
}
var variantNames = ["candidate", "baseline"];
var MAX_SCRIPT_THRESHOLDS = 200;
var MAX_ENDPOINT_RESULTS = 20;
var scriptThresholdSchema = external_exports.object({
  metric: external_exports.string(),
  threshold: external_exports.string(),
  ok: external_exports.boolean()
});
var endpointMetricsSchema = external_exports.object({
  tag: external_exports.string(),
  value: external_exports.string(),
  requests: external_exports.number().int().nonnegative(),
  p50: external_exports.number().nonnegative(),
  p95: external_exports.number().nonnegative(),
  p99: external_exports.number().nonnegative(),
  errorRate: external_exports.number().min(0).max(1)
});
var runMetricsSchema = external_exports.object({
  /** P25 and P75: only the arena's phases ask k6 for them (IQR consistency). */
  p25: external_exports.number().nonnegative().optional(),
  p75: external_exports.number().nonnegative().optional(),
  p50: external_exports.number().nonnegative(),
  p90: external_exports.number().nonnegative(),
  p95: external_exports.number().nonnegative(),
  p99: external_exports.number().nonnegative(),
  max: external_exports.number().nonnegative(),
  mean: external_exports.number().nonnegative(),
  rps: external_exports.number().nonnegative(),
  requests: external_exports.number().int().nonnegative(),
  errorRate: external_exports.number().min(0).max(1),
  failedRequests: external_exports.number().int().nonnegative(),
  checkAccuracy: external_exports.number().min(0).max(1),
  droppedIterations: external_exports.number().int().nonnegative(),
  /** A user's own k6 script: each of its thresholds and whether k6 found it kept. */
  thresholds: external_exports.array(scriptThresholdSchema).max(MAX_SCRIPT_THRESHOLDS).optional(),
  /** A user's own k6 script: the load per value of its endpoint tag (e.g. `name`), bounded. */
  endpoints: external_exports.array(endpointMetricsSchema).max(MAX_ENDPOINT_RESULTS).optional()
});
var resourceSampleSchema = external_exports.object({
  service: external_exports.string(),
  t: external_exports.number().describe("seconds since the run started"),
  cpuPercent: external_exports.number(),
  /** CPU seconds the container used in this sample's interval, from its cumulative cgroup counter. */
  cpuSeconds: external_exports.number().nonnegative().optional(),
  /** Seconds of wall time the interval covers (from the previous read with CPU counters to this one). */
  intervalS: external_exports.number().positive().optional(),
  memoryMiB: external_exports.number(),
  pids: external_exports.number().int().optional()
});
var MAX_TIMELINE_BUCKETS = 3600;
var timelineBucketSchema = external_exports.object({
  t: external_exports.number().nonnegative().describe("seconds since the load phase started (bucket start)"),
  requests: external_exports.number().int().nonnegative(),
  p50: external_exports.number().nonnegative().optional(),
  p95: external_exports.number().nonnegative().optional()
});
var capacityStepSchema = external_exports.object({
  step: external_exports.number().int().positive(),
  phase: external_exports.enum(["doubling", "bisection"]),
  /** 2.. when a failing step was measured again at the same rate (capacity.retries); 1 or absent otherwise. */
  attempt: external_exports.number().int().positive().optional(),
  /** Target arrival rate, requests per second. */
  target: external_exports.number().positive(),
  /** Completed requests per second in the step's load phase. */
  achieved: external_exports.number().nonnegative(),
  errorRate: external_exports.number().min(0).max(1),
  p95: external_exports.number().nonnegative(),
  requests: external_exports.number().int().nonnegative(),
  droppedIterations: external_exports.number().int().nonnegative(),
  pass: external_exports.boolean(),
  /** Why the step failed the pass rule. */
  reason: external_exports.string().optional()
});
var capacitySearchSchema = external_exports.object({
  capacity: external_exports.number().positive().nullable(),
  outcome: external_exports.enum(["bracketed", "at-max", "below-start", "step-limit"]),
  /** The lowest failing rate, when one was seen. */
  ceiling: external_exports.number().positive().nullable(),
  rule: external_exports.object({
    errorRateCeiling: external_exports.number(),
    achievedTolerance: external_exports.number(),
    p95CeilingMs: external_exports.number().optional()
  }),
  steps: external_exports.array(capacityStepSchema).max(50)
});
var arenaDimensionNames = [
  "sequential",
  "burst50",
  "burst100",
  "availability",
  "errorRate",
  "consistency",
  "rampUp",
  // Layer 1 (script: arena-enterprise): its dimensions, each also a phase (one k6 process).
  ...ENTERPRISE_DIMENSIONS
];
var arenaPhaseNames = [
  "warmup",
  "health",
  "sequential",
  "burst10",
  "burst50",
  "burst100",
  "sustained",
  "rampup",
  ...ENTERPRISE_DIMENSIONS
];
var arenaRunSchema = external_exports.object({
  score: external_exports.number().min(0).max(100),
  dimensions: external_exports.partialRecord(
    external_exports.enum(arenaDimensionNames),
    external_exports.object({ value: external_exports.number(), score: external_exports.number().min(0).max(100) })
  ),
  phases: external_exports.partialRecord(
    external_exports.enum(arenaPhaseNames),
    external_exports.object({
      requests: external_exports.number().int().nonnegative(),
      errorRate: external_exports.number().min(0).max(1),
      p25: external_exports.number().nonnegative().optional(),
      p50: external_exports.number().nonnegative(),
      p75: external_exports.number().nonnegative().optional(),
      p95: external_exports.number().nonnegative(),
      rps: external_exports.number().nonnegative()
    })
  )
});
var runCpuSchema = external_exports.object({
  service: external_exports.string(),
  /** CPU microseconds per request. */
  usPerRequest: external_exports.number().positive(),
  /** CPU seconds counted, and the seconds of the load window they cover. */
  cpuSeconds: external_exports.number().nonnegative(),
  spanS: external_exports.number().positive()
});
var startupRunSchema = external_exports.object({
  service: external_exports.string(),
  /**
   * Process start (Docker's State.StartedAt) to the first response passing the profile's status and
   * headers; null: none in time. The gated value.
   */
  firstResponseMs: external_exports.number().nonnegative().nullable(),
  /** Process start to the first 2xx of startup.healthPath, when configured and reached. */
  healthyMs: external_exports.number().nonnegative().optional(),
  /** Docker's part: the start call to the process start (reported, not gated). */
  dockerStartMs: external_exports.number().nonnegative().optional(),
  /** Requests sent until the first success (or the timeout). */
  polls: external_exports.number().int().nonnegative()
});
var runResultSchema = external_exports.object({
  cell: external_exports.string(),
  profile: external_exports.string(),
  scenario: external_exports.string(),
  variant: external_exports.enum(variantNames),
  round: external_exports.number().int().nonnegative(),
  /**
   * Paired blocks: which set of freshly started stacks measured this run. Runs of one block share
   * their instances' offsets, so the paired comparison treats the block as its unit.
   */
  block: external_exports.number().int().nonnegative().optional(),
  /** Which phase of the gate measured it: the stored comparison, or the paired A/B blocks. */
  phase: external_exports.enum(["stored", "paired", "baseline"]).optional(),
  warmup: external_exports.boolean(),
  /**
   * A paired block's warm-up load (gate.blockWarmup): which window on this stack and cell, from 0.
   * Always a warm-up run (never compared); absent on every measured run.
   */
  warmupWindow: external_exports.number().int().nonnegative().optional(),
  startedAt: external_exports.string(),
  durationS: external_exports.number().nonnegative(),
  metrics: runMetricsSchema,
  /** False when the run cannot be compared (e.g. an open-model run that dropped iterations). */
  valid: external_exports.boolean(),
  invalidReason: external_exports.string().optional(),
  resources: external_exports.array(resourceSampleSchema).default([]),
  /** The target service's CPU per request (kept in baseline files, which drop the samples). */
  cpuPerRequest: runCpuSchema.optional(),
  /** Latency over time within the load phase, from k6's per-request samples (absent in older results). */
  timeline: external_exports.array(timelineBucketSchema).max(MAX_TIMELINE_BUCKETS).optional(),
  /** A capacity-search run: the search's steps and the capacity it found (metrics: the capacity step's). */
  capacity: capacitySearchSchema.optional(),
  /** An arena run: its phases, dimension scores and composite score (metrics: the sustained phase's). */
  arena: arenaRunSchema.optional(),
  /** A start-up run: the restarted service and its times (metrics: the first response's, in every percentile). */
  startup: startupRunSchema.optional()
});
var machineFingerprintSchema = external_exports.object({
  cpus: external_exports.number().int(),
  cpuModel: external_exports.string(),
  memoryGiB: external_exports.number(),
  os: external_exports.string(),
  kernel: external_exports.string(),
  runner: external_exports.string().optional()
});

// src/model/results-kinds.ts
function cellKindFields(p) {
  const { strings } = p;
  return {
    /**
     * A user's own k6 script: each of its thresholds over the cell's measured candidate runs (how
     * many runs crossed it), and whether a crossing fails the cell (scenario option `thresholds`).
     */
    scriptThresholds: external_exports.array(
      external_exports.object({
        metric: strings.text(TEXT_LIMITS.short),
        threshold: strings.text(TEXT_LIMITS.short),
        crossed: external_exports.number().int().nonnegative(),
        runs: external_exports.number().int().nonnegative(),
        fails: external_exports.boolean()
      })
    ).max(MAX_SCRIPT_THRESHOLDS).optional(),
    capacity: capacityField(p),
    arena: arenaField(p),
    /** A user's own k6 script: per endpoint (tag value), medians over the measured candidate runs. */
    endpoints: external_exports.array(
      endpointMetricsSchema.extend({
        tag: strings.text(TEXT_LIMITS.short),
        value: strings.text(TEXT_LIMITS.short),
        runs: external_exports.number().int().nonnegative()
      })
    ).max(MAX_ENDPOINT_RESULTS).optional()
  };
}
function capacityField(p) {
  const { finite, verdict, ratio, summary: summary2 } = p;
  return external_exports.object({
    candidate: summary2,
    baseline: summary2.nullable(),
    ratio: ratio.nullable(),
    changePct: finite.nullable(),
    pValue: finite.nullable(),
    adjustedPValue: finite.nullable(),
    test: external_exports.enum(["welch", "paired-t"]).nullable(),
    verdict,
    /** Searches that found no passing rate at all, per side. */
    noCapacity: external_exports.object({ candidate: external_exports.number().int(), baseline: external_exports.number().int() }),
    /** Searches whose capacity is only a lower bound (max passed), per side. */
    atMax: external_exports.object({ candidate: external_exports.number().int(), baseline: external_exports.number().int() })
  }).optional();
}
function arenaField(p) {
  const { finite, verdict, summary: summary2 } = p;
  return external_exports.object({
    candidate: summary2,
    baseline: summary2.nullable(),
    dimensions: external_exports.partialRecord(
      external_exports.enum(arenaDimensionNames),
      external_exports.object({
        median: finite,
        lower: finite,
        upper: finite,
        values: external_exports.array(finite).max(1e4),
        /**
         * Layer 1 with enterprise.gateDimensions: the dimension compared with the baseline as the
         * ERI is (difference in points, its test, p-values before and after Holm, verdict).
         */
        gate: external_exports.object({
          difference: external_exports.object({ estimate: finite, lower: finite, upper: finite, confidence: finite }).nullable(),
          baselineMean: finite.nullable(),
          pValue: finite.nullable(),
          adjustedPValue: finite.nullable(),
          test: external_exports.enum(["welch", "paired-t"]).nullable(),
          verdict
        }).optional()
      })
    ),
    difference: external_exports.object({ estimate: finite, lower: finite, upper: finite, confidence: finite }).nullable(),
    changePct: finite.nullable(),
    pValue: finite.nullable(),
    /** Layer 1 with gated dimensions: the score's p-value after Holm across the ERI and dimensions. */
    adjustedPValue: finite.nullable().optional(),
    test: external_exports.enum(["welch", "paired-t"]).nullable(),
    /** The cell's verdict: the score's, and with gated dimensions (layer 1) theirs too. */
    verdict
  }).optional();
}

// src/model/results-cpu.ts
function cpuPerRequestFields(p) {
  const { strings, finite, verdict, ratio, summary: summary2 } = p;
  return {
    /**
     * CPU microseconds per request of the service the profile targets (stats/cpu-per-request.ts):
     * per side a summary over runs (paired: over blocks), the ratio candidate/baseline with its
     * interval (paired t over blocks, or Welch against a stored baseline), and its own verdict. When
     * `gated`, the cell's verdict takes it in: a regression of either metric regresses the cell, and
     * the cell passes only when both pass. Absent with gate.cpuPerRequest off, and for cells without
     * samples (gate.sampleResources off, a capacity search or an arena).
     */
    cpuPerRequest: external_exports.object({
      service: strings.name,
      gated: external_exports.boolean(),
      /** gate.cpuPerRequest `only`: this comparison, not latency's, decides the cell's performance. */
      only: external_exports.literal(true).optional(),
      test: external_exports.enum(["paired-t", "welch"]).nullable(),
      candidate: summary2,
      baseline: summary2.nullable(),
      ratio: ratio.nullable(),
      changePct: finite.nullable(),
      pValue: finite.nullable(),
      /** Holm across the gated family (one hypothesis per cell per gated metric). */
      adjustedPValue: finite.nullable(),
      verdict,
      /** Paired: sd of the per-block log ratio. */
      sigmaLogRatio: finite.nullable().optional(),
      /** The smallest true increase (%) this comparison would have detected with 80% power. */
      minDetectablePct: finite.nullable().optional(),
      reasons: external_exports.array(strings.text(TEXT_LIMITS.long)).max(100)
    }).optional()
  };
}

// src/model/results-cell.ts
function runSchemaOf(p) {
  const { strings } = p;
  return runResultSchema.extend({
    // A pull request's script names its thresholds and tag values: free text, checked like any.
    metrics: runMetricsSchema.extend({
      thresholds: external_exports.array(
        scriptThresholdSchema.extend({
          metric: strings.text(TEXT_LIMITS.short),
          threshold: strings.text(TEXT_LIMITS.short)
        })
      ).max(MAX_SCRIPT_THRESHOLDS).optional(),
      endpoints: external_exports.array(
        endpointMetricsSchema.extend({
          tag: strings.text(TEXT_LIMITS.short),
          value: strings.text(TEXT_LIMITS.short)
        })
      ).max(MAX_ENDPOINT_RESULTS).optional()
    }),
    cell: strings.cell,
    profile: strings.name,
    scenario: strings.name,
    startedAt: strings.text(TEXT_LIMITS.short),
    invalidReason: strings.text(TEXT_LIMITS.long).optional(),
    resources: external_exports.array(resourceSampleSchema.extend({ service: strings.name })).max(1e5).default([]),
    cpuPerRequest: runCpuSchema.extend({ service: strings.name }).optional(),
    // Restated (runResultSchema has it too) so that publish mode visibly keeps it, bounded.
    timeline: external_exports.array(timelineBucketSchema).max(MAX_TIMELINE_BUCKETS).optional(),
    capacity: capacitySearchSchema.extend({
      steps: external_exports.array(capacityStepSchema.extend({ reason: strings.text(TEXT_LIMITS.long).optional() })).max(50)
    }).optional()
  });
}
function cellComparisonFields(p) {
  const run2 = runSchemaOf(p);
  const { strings, finite, verdict, metric: metric2, ratio, summary: summary2 } = p;
  return {
    cell: strings.cell,
    profile: strings.name,
    scenario: strings.name,
    control: external_exports.boolean(),
    metric: metric2,
    /** 'stored': against a baseline file; 'paired': A/B pairs on this runner. */
    method: external_exports.enum(["stored", "paired"]),
    candidate: summary2,
    baseline: summary2.nullable(),
    ratio: ratio.nullable(),
    /** (ratio - 1) * 100, or null without a baseline. */
    changePct: finite.nullable(),
    pValue: finite.nullable(),
    adjustedPValue: finite.nullable(),
    latencyVerdict: verdict,
    errorRate: external_exports.object({
      /** Candidate failed requests / requests over all measured runs. */
      candidate: finite,
      candidateInterval: external_exports.tuple([finite, finite]),
      baseline: finite.nullable(),
      ceiling: finite,
      aboveCeiling: external_exports.boolean(),
      /** The candidate's error rate is significantly above the baseline's. */
      significantIncrease: external_exports.boolean()
    }),
    /** The cell's verdict: latency and error rate together. */
    verdict,
    /** Human-readable reasons, in the order they were decided. */
    reasons: external_exports.array(strings.text(TEXT_LIMITS.long)).max(1e3),
    /** Per-variant, per-run values, for charts and details. */
    runs: external_exports.array(run2).max(1e5),
    checkAccuracy: finite
  };
}
function cellLoadFields(p) {
  const { strings, finite, metric: metric2, ratio } = p;
  return {
    /** The scenario's load level (VUs, or the arrival rate for open-model scenarios), for charts vs concurrency. */
    concurrency: finite.optional(),
    /**
     * What `concurrency` counts: 'open' (an arrival-rate scenario) an arrival rate in requests/s,
     * 'closed' virtual users. Absent in older results, where charts guess from the scenario name.
     */
    loadModel: external_exports.enum(["open", "closed"]).optional(),
    /** The scenario's request payload size, for charts and tables that group by payload. */
    payloadBytes: finite.optional(),
    /** A swept scenario's level: the configured scenario and its label, e.g. `vus=10` (config/sweep.ts). */
    sweep: external_exports.object({ scenario: strings.name, level: strings.text(TEXT_LIMITS.short) }).optional(),
    /**
     * Accuracy against gate.minAccuracy: below it the cell fails whatever its latency, reported
     * separately from latency (its own reason, its own column).
     */
    accuracy: external_exports.object({ min: finite, fails: external_exports.boolean() }).optional(),
    /** What the candidate achieved: medians over measured runs of mean latency and throughput; the largest max. */
    achieved: external_exports.object({
      meanMs: finite,
      maxMs: finite,
      rps: finite,
      /** The configured arrival rate of an open-model cell, to read `rps` against. */
      targetRps: finite.optional(),
      runs: external_exports.number().int().nonnegative()
    }).optional(),
    /** The latency test used: Welch (one stored night), history prediction interval, or paired t. */
    latencyTest: external_exports.enum(["welch", "history", "paired-t"]).nullable().optional(),
    /** Paired mode: two-sided Wilcoxon signed-rank p-value on the log ratios, a rank-based cross-check. */
    wilcoxonPValue: finite.nullable().optional(),
    /** Paired mode: sd of the per-pair log ratio (the noise the gate works against). */
    sigmaLogRatio: finite.nullable().optional(),
    /** Ratios of the other percentiles (e.g. P50, P99), same method; reported, never gated. */
    otherRatios: external_exports.partialRecord(metric2, ratio).optional(),
    /** Runs left out of the statistics (warm-up, invalid, nothing measured), both sides together. */
    excludedRuns: external_exports.number().int().nonnegative().optional(),
    /**
     * The smallest true regression (in %) this comparison would have blocked with 80% power, from the
     * noise it measured and the runs or pairs it had; null when it cannot be computed.
     */
    minDetectablePct: finite.nullable().optional()
  };
}
function cellSchemaOf(p) {
  return external_exports.object({
    ...cellComparisonFields(p),
    ...cellLoadFields(p),
    ...cellKindFields(p),
    ...cpuPerRequestFields(p)
  });
}

// src/model/results-change-points.ts
function changePointsFields(p) {
  const { strings, finite, metric: metric2, ratio } = p;
  return {
    /**
     * Change points in the stored baseline's nightly history (stats/change-points.ts): each cell's
     * persistent shifts, with the size (after/before, interval) and the commits between which it
     * appeared. Baseline mode: over the history including this night; gate mode: the stored history.
     * Absent when there was no history to test.
     */
    changePoints: external_exports.object({
      method: external_exports.literal("e-divisive"),
      metric: metric2,
      alpha: finite,
      permutations: external_exports.number().int().positive(),
      minSize: external_exports.number().int().positive(),
      /** Nights in the history tested. */
      nights: external_exports.number().int().nonnegative(),
      points: external_exports.array(
        external_exports.object({
          cell: strings.cell,
          /** Index of the first night of the new level in the baseline's nights (oldest first). */
          night: external_exports.number().int().nonnegative(),
          createdAt: strings.text(TEXT_LIMITS.short),
          nightsBefore: external_exports.number().int().nonnegative(),
          nightsAfter: external_exports.number().int().nonnegative(),
          /** Geometric mean after / before, Welch t interval on the log scale. */
          ratio,
          /** Commit of the last night before the change (null when unknown). */
          fromSha: strings.sha.nullable(),
          /** Commit of the first night after it. */
          toSha: strings.sha.nullable(),
          /** The cell's most recent change point, not undone by a return to the earlier level. */
          open: external_exports.boolean()
        })
      ).max(5e3)
    }).optional()
  };
}

// src/model/results-decision.ts
function decisionFields(p) {
  const { strings, finite, verdict, ratio } = p;
  return {
    /** The stored comparison when the gate had a stored phase and paired blocks decided. */
    storedPhase: external_exports.object({
      verdict,
      runner: external_exports.object({
        status: external_exports.enum(["same", "differs", "unknown"]),
        reasons: external_exports.array(strings.text(TEXT_LIMITS.long)).max(100)
      }),
      cells: external_exports.array(
        external_exports.object({
          cell: strings.cell,
          control: external_exports.boolean(),
          verdict,
          changePct: finite.nullable(),
          ratio: ratio.nullable()
        })
      ).max(5e3)
    }).nullable().optional(),
    /** Paired blocks run, and pairs per cell, when the gate ran paired A/B blocks. */
    paired: external_exports.object({
      blocks: external_exports.number().int().nonnegative(),
      pairs: external_exports.number().int().nonnegative(),
      pairing: external_exports.enum(["duet", "interleaved"])
    }).nullable().optional(),
    /**
     * A regression the pull request accepts on purpose (a PR label, or the CLI's --accept-regression):
     * still measured and shown, but the job does not fail. `verdict` and the cells' verdicts stay
     * `regression`; this says by what and why. Absent when nothing was accepted.
     */
    acceptedRegression: external_exports.object({
      by: external_exports.enum(["label", "flag"]),
      /** The label that accepted it (by: label). */
      label: strings.text(TEXT_LIMITS.short).optional(),
      /** The pull request that carries the label (by: label). */
      pullRequest: external_exports.number().int().positive().optional(),
      /** Why, in one line: the flag's text, or which label on which pull request. */
      reason: strings.text(TEXT_LIMITS.long),
      /** The gated cells whose regression was accepted. */
      cells: external_exports.array(strings.cell).max(5e3)
    }).optional()
  };
}

// src/model/results-figures.ts
function overheadSchemaOf(p) {
  const { strings, finite, metric: metric2, ratio, interval: interval2 } = p;
  return external_exports.object({
    profile: strings.name,
    /** figures.reference; for the gateway's own cost, the control profile (profile is then the reference). */
    reference: strings.name,
    /** The (expanded) scenario both cells ran: one level of a sweep. */
    scenario: strings.name,
    sweep: external_exports.object({ scenario: strings.name, level: strings.text(TEXT_LIMITS.short) }).optional(),
    concurrency: finite.optional(),
    loadModel: external_exports.enum(["open", "closed"]).optional(),
    payloadBytes: finite.optional(),
    /** Runs on each side (candidate runs of the profile's cell and of the reference's). */
    runs: external_exports.number().int().nonnegative(),
    referenceRuns: external_exports.number().int().nonnegative(),
    /** Per percentile: profile / reference (geometric means, Welch CI) and profile - reference in ms (Welch CI). */
    metrics: external_exports.partialRecord(metric2, external_exports.object({ ratio, addedMs: interval2 })),
    /** The profile's declared policy hooks, and the added ms per hook with its CI. */
    hooks: external_exports.number().int().positive().optional(),
    perHookMs: external_exports.partialRecord(metric2, interval2).optional()
  });
}
function figuresFields(p) {
  const { strings, finite, metric: metric2, ratio, interval: interval2 } = p;
  const overhead = overheadSchemaOf(p);
  return {
    /**
     * The figures a benchmark publishes, from the candidate's runs: each profile's overhead over the
     * reference profile per level (ratio and added ms at P50/P95/P99 with CIs), and per-hook cost.
     */
    figures: external_exports.object({
      reference: strings.name.nullable(),
      overhead: external_exports.array(overhead).max(5e3),
      /** Payload impact: per profile and load level, each payload size against the smallest. */
      payload: external_exports.array(
        external_exports.object({
          profile: strings.name,
          scenario: strings.name,
          referenceScenario: strings.name,
          payloadBytes: finite,
          referenceBytes: finite,
          concurrency: finite.optional(),
          loadModel: external_exports.enum(["open", "closed"]).optional(),
          runs: external_exports.number().int().nonnegative(),
          referenceRuns: external_exports.number().int().nonnegative(),
          metrics: external_exports.partialRecord(metric2, external_exports.object({ ratio, addedMs: interval2 }))
        })
      ).max(5e3).optional(),
      /**
       * Per cell and container: CPU % (median of run means), memory and PIDs (largest), and memory
       * growth within runs and across the runs of one stack (MiB/min with CIs): "no leak" measured.
       */
      resources: external_exports.array(
        external_exports.object({
          profile: strings.name,
          scenario: strings.name,
          service: strings.name,
          runs: external_exports.number().int().nonnegative(),
          cpuPercent: finite,
          memoryMiB: finite,
          pids: finite.optional(),
          growthInRun: interval2.optional(),
          growthAcrossRuns: interval2.optional()
        })
      ).max(5e3).optional()
    }).optional()
  };
}

// src/model/results.ts
function buildResultsSchema(strings) {
  const p = resultParts(strings);
  const { finite, verdict, metric: metric2 } = p;
  const cell = cellSchemaOf(p);
  const evidence = external_exports.enum(["stored", "paired", "none"]);
  return external_exports.object({
    schemaVersion: external_exports.literal(1),
    name: strings.name,
    mode: external_exports.enum(["gate", "baseline"]),
    method: external_exports.enum(["stored", "paired", "none"]),
    verdict,
    threshold: finite,
    confidence: finite,
    metric: metric2,
    startedAt: strings.text(TEXT_LIMITS.short),
    finishedAt: strings.text(TEXT_LIMITS.short),
    gitSha: strings.sha.nullable(),
    k6Version: strings.text(TEXT_LIMITS.short).nullable(),
    /** Extra `k6 run` flags every run had (k6.flags / input k6-flags); absent when none. */
    k6Flags: external_exports.array(strings.text(TEXT_LIMITS.short)).max(30).optional(),
    machine: machineFingerprintSchema.extend({
      cpuModel: strings.text(TEXT_LIMITS.short),
      os: strings.text(TEXT_LIMITS.short),
      kernel: strings.text(TEXT_LIMITS.short),
      runner: strings.text(TEXT_LIMITS.short).optional()
    }),
    baseline: external_exports.object({
      path: strings.text(TEXT_LIMITS.path),
      createdAt: strings.text(TEXT_LIMITS.short),
      gitSha: strings.sha.nullable(),
      ageDays: finite
    }).nullable(),
    cells: external_exports.array(cell).max(5e3),
    /** Notes for the reader: noise monitor, stale baseline, invalid runs. */
    notes: external_exports.array(strings.text(TEXT_LIMITS.long)).max(1e3),
    /** Which evidence decided (absent in results written before the decision policy). */
    evidence: evidence.optional(),
    /** The one-line reason of the decision: what decided and why. */
    decision: strings.text(TEXT_LIMITS.long).optional(),
    /**
     * Why this config can never block (src/config/can-block.ts): every such gate ends inconclusive
     * and green. Absent when it can block (and in baseline mode).
     */
    cannotBlock: external_exports.array(strings.text(TEXT_LIMITS.long)).max(20).optional(),
    ...decisionFields(p),
    ...changePointsFields(p),
    /** Wall time of the whole gate in seconds. */
    wallTimeS: finite.optional(),
    ...figuresFields(p),
    ...shardFields(p)
  });
}
var gateResultsSchema = buildResultsSchema({
  text: (max) => external_exports.string().max(max),
  name: external_exports.string(),
  cell: external_exports.string(),
  sha: external_exports.string()
});

// src/stats/distributions.ts
var import_stats_base_dists_normal_quantile = __toESM(require_lib(), 1);
var import_stats_base_dists_t_cdf = __toESM(require_lib2(), 1);
var import_stats_base_dists_t_quantile = __toESM(require_lib3(), 1);
function checkConfidence(confidence) {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
}
function zCritical(confidence) {
  checkConfidence(confidence);
  return (0, import_stats_base_dists_normal_quantile.default)((1 + confidence) / 2, 0, 1);
}
function tCritical(confidence, df) {
  checkConfidence(confidence);
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  return Number.isFinite(df) ? (0, import_stats_base_dists_t_quantile.default)((1 + confidence) / 2, df) : zCritical(confidence);
}
function tTwoSidedPValue(t, df) {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  return Math.min(1, 2 * (0, import_stats_base_dists_t_cdf.default)(-Math.abs(t), df));
}

// src/stats/descriptive.ts
function requireValues(values, what) {
  if (values.length === 0) throw new RangeError(`${what} of an empty sample`);
}
function mean(values) {
  requireValues(values, "mean");
  const first = values[0];
  if (values.every((v) => v === first)) return first;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
function sd(values) {
  if (values.length < 2) throw new RangeError("standard deviation needs at least two values");
  if (values.every((v) => v === values[0])) return 0;
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}
function quantile(values, p) {
  requireValues(values, "quantile");
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile probability must be in [0, 1], got ${p}`);
  const sorted = [...values].sort((a2, b2) => a2 - b2);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = sorted[lo];
  const b = sorted[hi];
  return a + (h - lo) * (b - a);
}
function median(values) {
  return quantile(values, 0.5);
}
function summarize(values, confidence) {
  for (const v of values) {
    if (!(Number.isFinite(v) && v > 0)) throw new RangeError(`latency values must be positive, got ${v}`);
  }
  if (values.length === 0) {
    return { n: 0, median: 0, mean: 0, lower: 0, upper: 0, values: [], unit: "run", interval: "none" };
  }
  const logs = values.map(Math.log);
  const logMean = mean(logs);
  const centre = Math.exp(logMean);
  if (values.length < 2) {
    const only = values[0];
    return {
      n: 1,
      median: only,
      mean: only,
      lower: only,
      upper: only,
      values: [...values],
      unit: "run",
      interval: "none"
    };
  }
  const half = tCritical(confidence, values.length - 1) * (sd(logs) / Math.sqrt(values.length));
  return {
    n: values.length,
    median: median(values),
    mean: centre,
    lower: Math.exp(logMean - half),
    upper: Math.exp(logMean + half),
    values: [...values],
    unit: "run",
    interval: "confidence"
  };
}

// src/stats/intervals.ts
function satterthwaiteDf(terms) {
  let total = 0;
  let denominator = 0;
  for (const term of terms) {
    total += term.variance;
    denominator += term.variance ** 2 / term.df;
  }
  if (denominator === 0) return terms.reduce((sum, term) => sum + term.df, 0);
  return total * total / denominator;
}
function meanEstimate(values) {
  const { mean: m, variance } = meanAndVariance(values);
  return { estimate: m, se: Math.sqrt(variance / values.length), df: values.length - 1 };
}
function welchEstimate(x, y) {
  const a = meanAndVariance(x);
  const b = meanAndVariance(y);
  const terms = [
    { variance: a.variance / x.length, df: x.length - 1 },
    { variance: b.variance / y.length, df: y.length - 1 }
  ];
  return {
    estimate: a.mean - b.mean,
    se: Math.sqrt(terms[0].variance + terms[1].variance),
    df: satterthwaiteDf(terms)
  };
}
function tInterval(estimate, confidence) {
  if (estimate.se === 0) {
    return {
      ...estimate,
      lower: estimate.estimate,
      upper: estimate.estimate,
      pValue: estimate.estimate === 0 ? 1 : 0
    };
  }
  const half = tCritical(confidence, estimate.df) * estimate.se;
  return {
    ...estimate,
    lower: estimate.estimate - half,
    upper: estimate.estimate + half,
    pValue: tTwoSidedPValue(estimate.estimate / estimate.se, estimate.df)
  };
}
function toRatio(interval2, confidence) {
  return {
    estimate: Math.exp(interval2.estimate),
    lower: Math.exp(interval2.lower),
    upper: Math.exp(interval2.upper),
    confidence
  };
}
function wilsonInterval(successes, trials, confidence) {
  if (trials === 0) return [0, 1];
  if (successes < 0 || successes > trials) throw new RangeError(`expected 0 <= ${successes} <= ${trials}`);
  const z = zCritical(confidence);
  const p = successes / trials;
  const z2n = z * z / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = z / (1 + z2n) * Math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
function meanAndVariance(values) {
  if (values.length < 2) throw new RangeError("an interval needs at least two values");
  return { mean: mean(values), variance: sd(values) ** 2 };
}

// src/stats/reason-text.ts
function formatChange(ratio) {
  const pct = (ratio - 1) * 100;
  const rounded = Math.abs(pct) < 0.05 ? 0 : pct;
  return `${rounded >= 0 ? "+" : ""}${rounded.toFixed(1)}%`;
}
function formatRatio(ratio) {
  const level = `${Math.round(ratio.confidence * 1e3) / 10}%`;
  return `${formatChange(ratio.estimate)} (${level} CI ${formatChange(ratio.lower)} to ${formatChange(ratio.upper)})`;
}
function formatRate(rate) {
  return `${Number((rate * 100).toPrecision(3))}%`;
}
function formatP(p) {
  return p < 1e-4 ? "< 0.0001" : `= ${Number(p.toPrecision(3))}`;
}

// src/stats/verdict.ts
var MIN_RUNS = 3;
function latencyVerdict(ratio, threshold, metric2, block2) {
  const limit = 1 + threshold;
  const what = `${metric2.toUpperCase()} ${formatRatio(ratio)}`;
  const thresholdText2 = formatChange(limit);
  if (ratio.upper < limit) {
    return { verdict: "pass", reason: `${what}: the upper bound is below the ${thresholdText2} threshold` };
  }
  const blockLower = block2 ? Math.min(block2.lower, ratio.lower) : ratio.lower;
  if (blockLower > 1 && ratio.estimate > limit) {
    return {
      verdict: "regression",
      reason: block2 ? `${what}: significantly slower (lower bound above +0% at ${pctText(block2.confidence)} too) and the estimate exceeds the ${thresholdText2} threshold` : `${what}: significantly slower (lower bound above +0%) and the estimate exceeds the ${thresholdText2} threshold`
    };
  }
  if (block2 && ratio.lower > 1 && ratio.estimate > limit) {
    return {
      verdict: "inconclusive",
      reason: `${what}: slower beyond the ${thresholdText2} threshold, but not yet at the ${pctText(block2.confidence)} confidence a block needs (lower bound ${formatChange(block2.lower)} at ${pctText(block2.confidence)}); more pairs would decide`
    };
  }
  if (ratio.lower > 1) {
    return {
      verdict: "inconclusive",
      reason: `${what}: significantly slower, but the estimate is within the ${thresholdText2} threshold while the interval reaches above it; more runs would decide`
    };
  }
  return {
    verdict: "inconclusive",
    reason: `${what}: the interval reaches above the ${thresholdText2} threshold but does not show a significant slowdown; more runs would decide`
  };
}
function blockBound(estimate, gate) {
  if (gate.blockConfidence === void 0) return void 0;
  return {
    lower: Math.exp(tInterval(estimate, gate.blockConfidence).lower),
    confidence: gate.blockConfidence
  };
}
function decideRatio(estimate, gate) {
  const interval2 = tInterval(estimate, gate.confidence);
  const ratio = toRatio(interval2, gate.confidence);
  const decision = latencyVerdict(ratio, gate.threshold, gate.metric, blockBound(estimate, gate));
  return { interval: interval2, ratio, decision };
}
function pctText(confidence) {
  return `${Number((confidence * 100).toFixed(1))}%`;
}
function errorRateFails(errorRate) {
  return errorRate.aboveCeiling || errorRate.significantIncrease;
}
function cellVerdict(latency, errorRate) {
  return errorRateFails(errorRate) ? "regression" : latency;
}

// src/stats/arena-comparison.ts
function arithmeticSummary(values, confidence) {
  if (values.length === 0)
    return { n: 0, median: 0, mean: 0, lower: 0, upper: 0, values: [], unit: "run", interval: "none" };
  const m = mean(values);
  if (values.length < 2)
    return {
      n: 1,
      median: m,
      mean: m,
      lower: m,
      upper: m,
      values: [...values],
      unit: "run",
      interval: "none"
    };
  const half = tCritical(confidence, values.length - 1) * (sd(values) / Math.sqrt(values.length));
  return {
    n: values.length,
    median: median(values),
    mean: m,
    lower: m - half,
    upper: m + half,
    values: [...values],
    unit: "run",
    interval: "confidence"
  };
}
function arenaRuns(runs) {
  return runs.filter((r) => !r.warmup && r.valid && r.arena !== void 0);
}
function scoreVerdict(difference, baselineMean, threshold) {
  const limit = -threshold * baselineMean;
  const what = `score ${difference.estimate >= 0 ? "+" : ""}${difference.estimate.toFixed(1)} points [${difference.lower.toFixed(1)}, ${difference.upper.toFixed(1)}]`;
  const limitText = `${limit.toFixed(1)} points (-${(threshold * 100).toFixed(0)}% of the baseline's ${baselineMean.toFixed(1)})`;
  if (difference.lower > limit)
    return { verdict: "pass", reason: `${what}: the lower bound is above ${limitText}` };
  if (difference.upper < 0 && difference.estimate < limit) {
    return {
      verdict: "regression",
      reason: `${what}: significantly lower and the estimate is below ${limitText}`
    };
  }
  return {
    verdict: "inconclusive",
    reason: `${what}: the interval reaches below ${limitText} without a drop beyond it being shown`
  };
}
function compareArena(input) {
  const candidate = arenaRuns(input.candidateRuns);
  const baseline = input.baselineRuns === null ? null : arenaRuns(input.baselineRuns);
  const scores = (runs) => runs.map((r) => r.arena?.score ?? 0);
  const candidateScores = scores(candidate);
  const baselineScores = baseline ? scores(baseline) : [];
  const dimensions = {};
  for (const d of arenaDimensionNames) {
    const values = candidate.map((r) => r.arena?.dimensions[d]?.score).filter((v) => v !== void 0);
    if (values.length === 0) continue;
    const s = arithmeticSummary(values, input.confidence);
    dimensions[d] = { median: s.median, lower: s.lower, upper: s.upper, values };
  }
  const base = {
    candidate: arithmeticSummary(candidateScores, input.confidence),
    baseline: baselineScores.length > 0 ? arithmeticSummary(baselineScores, input.confidence) : null,
    dimensions,
    difference: null,
    changePct: null,
    pValue: null,
    test: null,
    verdict: "inconclusive"
  };
  if (!baseline || baselineScores.length === 0) {
    return { arena: base, reasons: ["arena: no baseline runs for this cell"] };
  }
  let interval2 = null;
  let test;
  if (input.method === "paired") {
    test = "paired-t";
    const byKey = new Map(baseline.map((r) => [r.block ?? r.round, r.arena?.score ?? 0]));
    const diffs = candidate.filter((r) => byKey.has(r.block ?? r.round)).map((r) => (r.arena?.score ?? 0) - byKey.get(r.block ?? r.round));
    if (diffs.length >= MIN_RUNS) interval2 = tInterval(meanEstimate(diffs), input.confidence);
  } else {
    test = "welch";
    if (candidateScores.length >= MIN_RUNS && baselineScores.length >= MIN_RUNS)
      interval2 = tInterval(welchEstimate(candidateScores, baselineScores), input.confidence);
  }
  const baselineMean = mean(baselineScores);
  const changePct = baselineMean > 0 && candidateScores.length > 0 ? (mean(candidateScores) - baselineMean) / baselineMean * 100 : null;
  if (interval2 === null) {
    return {
      arena: { ...base, test, changePct },
      reasons: [
        `arena: fewer than ${MIN_RUNS} runs (or pairs) per side: no interval for the score difference`
      ]
    };
  }
  const difference = {
    estimate: interval2.estimate,
    lower: interval2.lower,
    upper: interval2.upper,
    confidence: input.confidence
  };
  const decision = scoreVerdict(difference, baselineMean, input.threshold);
  return {
    arena: { ...base, difference, changePct, pValue: interval2.pValue, test, verdict: decision.verdict },
    reasons: [
      `arena (${test === "paired-t" ? "paired t" : "Welch t"}, p ${formatP(interval2.pValue)}): ${decision.reason}`
    ]
  };
}
function welchPValue(a, b) {
  if (a.length < 2 || b.length < 2) return null;
  return tInterval(welchEstimate(a, b), 0.95).pValue;
}

// src/kinds/kind.ts
function withInterval(s, digits) {
  const f = (v) => v.toFixed(digits);
  return s.n < 2 ? f(s.mean) : `${f(s.mean)} [${f(s.lower)}, ${f(s.upper)}]`;
}
function describeLatencyRun(run2) {
  const m = run2.metrics;
  return `round ${run2.round} ${run2.cell} [${run2.variant}]: p95 ${m.p95.toFixed(2)} ms, p50 ${m.p50.toFixed(2)} ms, ${m.rps.toFixed(0)} req/s, errors ${(m.errorRate * 100).toFixed(2)}%, checks ${(m.checkAccuracy * 100).toFixed(2)}%`;
}
function singleOutcome(ctx, metrics, extra) {
  return { metrics: { [ctx.names[0]]: metrics }, timelines: {}, ...extra };
}
function onlySide(ctx) {
  return ctx.sides[0];
}

// src/kinds/run-length.ts
var RUN_OVERHEAD_S = 0.45;
function loadRunKeys(scenario) {
  return `warmup ${scenario.warmup} + duration ${scenario.duration}`;
}
function loadRunSeconds(scenario) {
  return (durationMs(scenario.warmup) + durationMs(scenario.duration)) / 1e3 + RUN_OVERHEAD_S;
}

// src/report/charts/theme.ts
var CHART_FONT = "DejaVu Sans";
var CHART_SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";
var CHART_CONFIG = {
  font: CHART_FONT,
  background: "white",
  title: {
    fontSize: 14,
    fontWeight: "normal",
    anchor: "start",
    subtitleFontSize: 11,
    subtitleColor: "#57606a"
  },
  axis: { titleFontWeight: "normal", labelFontSize: 11, titleFontSize: 12 },
  legend: { titleFontWeight: "normal", labelFontSize: 11, titleFontSize: 12 },
  header: { titleFontWeight: "normal", labelFontSize: 12, titleFontSize: 12 }
};
var CHART_CONFIG_LEGEND_TOP = { ...CHART_CONFIG, legend: { ...CHART_CONFIG.legend, orient: "top" } };
var VARIANT_COLORS = { baseline: "#9aa4ae", candidate: "#1f6feb" };
var THRESHOLD_COLOR = "#d1242f";
var VERDICT_COLORS = {
  pass: "#1a7f37",
  regression: "#d1242f",
  inconclusive: "#9a6700",
  control: "#8c959f"
};
var INK = "#24292f";
var MUTED = "#57606a";
function variantScale(values) {
  const present = new Set(values.map((row) => row.variant));
  const domain = ["baseline", "candidate"].filter((variant2) => present.has(variant2));
  return {
    domain,
    range: domain.map((variant2) => VARIANT_COLORS[variant2] ?? "#888888")
  };
}
function tidy(value) {
  return Number(value.toPrecision(6));
}

// src/kinds/arena/chart.ts
var LABELS = {
  score: "Score",
  sequential: "Sequential",
  burst50: "Burst 50",
  burst100: "Burst 100",
  availability: "Availability",
  errorRate: "Error rate",
  consistency: "Consistency",
  rampUp: "Ramp-up",
  mcpDiscovery: "MCP discovery",
  mcpToolExec: "MCP tool exec",
  authChain: "Auth chain",
  policyEngine: "Policy engine",
  guardrails: "Guardrails",
  rateLimiting: "Rate limiting",
  resilience: "Resilience",
  governance: "Governance"
};
var Y_TITLE = "Score (0..100)";
function bound(value) {
  return tidy(Math.min(100, Math.max(0, value)));
}
function arenaValues(cells) {
  const values = [];
  const ranked = [...cells].sort(
    (a, b) => (b.arena?.candidate.median ?? 0) - (a.arena?.candidate.median ?? 0)
  );
  for (const cell of ranked) {
    const a = cell.arena;
    if (!a) continue;
    const gateway = cell.scenario === ranked[0]?.scenario ? cell.profile : cell.cell;
    values.push({
      gateway,
      dimension: LABELS.score,
      median: tidy(a.candidate.median),
      lower: bound(a.candidate.lower),
      upper: bound(a.candidate.upper),
      ...a.baseline && a.baseline.n > 0 ? { baseline: tidy(a.baseline.median) } : {}
    });
    for (const d of arenaDimensionNames) {
      const dim = a.dimensions[d];
      if (!dim) continue;
      values.push({
        gateway,
        dimension: LABELS[d],
        median: tidy(dim.median),
        lower: bound(dim.lower),
        upper: bound(dim.upper)
      });
    }
  }
  return values;
}
function arenaLayers(withBaseline) {
  return [
    {
      mark: { type: "bar" },
      encoding: {
        y: { field: "median", type: "quantitative", title: Y_TITLE, scale: { domain: [0, 100] } },
        tooltip: [
          { field: "gateway", title: "Gateway" },
          { field: "dimension", title: "Dimension" },
          { field: "median", title: "Median" },
          { field: "lower", title: "CI low" },
          { field: "upper", title: "CI high" }
        ]
      }
    },
    {
      mark: { type: "errorbar", ticks: true, color: INK },
      // The same title on every layer's y, or Vega-Lite joins the field names into the shared axis's.
      encoding: { y: { field: "lower", type: "quantitative", title: Y_TITLE }, y2: { field: "upper" } }
    },
    ...withBaseline ? [
      {
        transform: [{ filter: "isValid(datum.baseline)" }],
        mark: {
          type: "point",
          shape: "diamond",
          size: 110,
          filled: true,
          fill: "#ffffff",
          stroke: INK,
          strokeWidth: 2,
          opacity: 1
        },
        encoding: {
          y: { field: "baseline", type: "quantitative", title: Y_TITLE },
          tooltip: [
            { field: "gateway", title: "Gateway" },
            { field: "baseline", title: "Baseline median score" },
            { field: "median", title: "Candidate median score" }
          ]
        }
      }
    ] : []
  ];
}
function arenaChart(results) {
  const cells = results.cells.filter((c) => c.arena && c.arena.candidate.n > 0);
  if (cells.length === 0) return null;
  const values = arenaValues(cells);
  const order = ["score", ...arenaDimensionNames].map((d) => LABELS[d]);
  const gateways = [...new Set(values.map((v) => v.gateway))];
  const x = { field: "dimension", type: "nominal", sort: order, title: null, axis: { labelAngle: -30 } };
  const withBaseline = values.some((v) => v.baseline !== void 0);
  const title = {
    text: "Gateway Arena: score and dimensions",
    subtitle: [
      "Median over runs; error bars: t CI95 of the mean (seed 002), cut at 0..100; higher is better",
      ...withBaseline ? ["White diamond on a score bar: the baseline's median score"] : []
    ]
  };
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    width: 520,
    height: 220,
    encoding: {
      x,
      xOffset: { field: "gateway", type: "nominal", sort: gateways },
      color: { field: "gateway", type: "nominal", sort: gateways, title: "Gateway" }
    },
    layer: arenaLayers(withBaseline),
    config: CHART_CONFIG
  };
  return { id: "arena", title: title.text, spec };
}

// src/arena/score.ts
var ARENA_DIMENSIONS = [
  "sequential",
  "burst50",
  "burst100",
  "availability",
  "errorRate",
  "consistency",
  "rampUp"
];
var ARENA_PHASES = [
  "warmup",
  "health",
  "sequential",
  "burst10",
  "burst50",
  "burst100",
  "sustained",
  "rampup"
];
var DEFAULT_ARENA_WEIGHTS2 = DEFAULT_ARENA_WEIGHTS;
var DEFAULT_ARENA_CAPS2 = DEFAULT_ARENA_CAPS;
function cappedScore(value, cap2) {
  if (!(cap2 > 0)) throw new RangeError("a cap must be positive");
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, 100 * (1 - value / cap2));
}
function iqrCv(p25, p50, p75) {
  return p50 > 0 ? (p75 - p25) / p50 : 0;
}
function successRate(m) {
  return m.requests > 0 ? 1 - m.errorRate : 0;
}
function scoreArena(phases, weights = DEFAULT_ARENA_WEIGHTS2, caps = DEFAULT_ARENA_CAPS2) {
  const need = (phase) => {
    const m = phases[phase];
    if (!m) throw new RangeError(`arena phase "${phase}" was not measured`);
    return m;
  };
  const latency = (phase, cap2) => {
    const m = need(phase);
    if (successRate(m) === 0) return { value: m.p95, score: 0 };
    return { value: m.p95, score: cappedScore(m.p95, cap2) };
  };
  const sustained = need("sustained");
  const cv = sustained.p25 !== void 0 && sustained.p75 !== void 0 ? iqrCv(sustained.p25, sustained.p50, sustained.p75) : Number.POSITIVE_INFINITY;
  const ramp = need("rampup");
  const delivered = ramp.scheduled && ramp.scheduled > 0 ? Math.min(1, ramp.requests / ramp.scheduled) : 0;
  const effective = delivered * 100 * successRate(ramp);
  const dimensions = {
    sequential: latency("sequential", caps.sequentialP95Ms),
    burst50: latency("burst50", caps.burst50P95Ms),
    burst100: latency("burst100", caps.burst100P95Ms),
    availability: { value: successRate(need("health")), score: 100 * successRate(need("health")) },
    errorRate: { value: need("burst10").errorRate, score: 100 * successRate(need("burst10")) },
    consistency: {
      value: cv,
      score: successRate(sustained) === 0 ? 0 : cappedScore(cv, caps.consistencyCv)
    },
    rampUp: { value: effective, score: Math.min(100, 100 * effective / caps.rampUpRps) }
  };
  let score = 0;
  for (const d of ARENA_DIMENSIONS) score += (weights[d] ?? 0) * dimensions[d].score;
  return { score, dimensions };
}

// src/load/k6.ts
import { execFile, spawn } from "node:child_process";
import { randomBytes as randomBytes2 } from "node:crypto";
import { mkdtemp as mkdtemp2, readFile as readFile2, rm as rm3, writeFile as writeFile3 } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import path13 from "node:path";
import { promisify } from "node:util";

// src/trusted-path.ts
import { accessSync, constants, realpathSync as realpathSync3, statSync as statSync4 } from "node:fs";
import path10 from "node:path";
var STARTUP = {
  path: process.env.PATH ?? "",
  workspace: process.env.GITHUB_WORKSPACE,
  cwd: process.cwd()
};
function realOrResolved(dir) {
  try {
    return realpathSync3(dir);
  } catch {
    return path10.resolve(dir);
  }
}
function isInside3(dir, root) {
  const relative = path10.relative(root, dir);
  return relative === "" || !relative.startsWith("..") && !path10.isAbsolute(relative);
}
function trustedPathEntries(pathValue, workspaces) {
  const roots = workspaces.filter((w) => typeof w === "string" && path10.isAbsolute(w)).map(realOrResolved).filter((w) => path10.dirname(w) !== w);
  const kept = [];
  for (const entry of pathValue.split(path10.delimiter)) {
    if (entry === "" || !path10.isAbsolute(entry)) continue;
    const real = realOrResolved(entry);
    if (roots.some((root) => isInside3(real, root) || isInside3(path10.resolve(entry), root))) continue;
    if (!kept.includes(entry)) kept.push(entry);
  }
  return kept;
}
function trustedDirs() {
  return trustedPathEntries(STARTUP.path, [STARTUP.workspace, STARTUP.cwd]);
}
function trustedPath() {
  return trustedDirs().join(path10.delimiter);
}
function isExecutableFile(file) {
  try {
    if (!statSync4(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
function findTool(tool, dirs = trustedDirs()) {
  for (const dir of dirs) {
    const candidate = path10.join(dir, tool);
    if (isExecutableFile(candidate)) return candidate;
  }
  return void 0;
}
function requireTool(tool, dirs = trustedDirs()) {
  const found2 = findTool(tool, dirs);
  if (found2) return found2;
  throw new InfrastructureError(
    `${tool} was not found on the trusted PATH (${dirs.join(path10.delimiter) || "empty"}; entries inside the workspace and relative ones are ignored)`
  );
}

// src/load/script-limits.ts
var MAX_OWN_SCRIPT_MS = 24 * 36e5;
var OWN_SCRIPT_GRACE_MS = 12e4;
function killTimerMs(ms) {
  return Math.min(ms, MAX_TIMER_MS);
}
function ownScriptTimeoutMs(configuredMs, declaredMs, script) {
  if (declaredMs > MAX_OWN_SCRIPT_MS) {
    throw new ConfigError([
      `${script}: the script's scenarios last up to ${Math.round(declaredMs / 36e5)} h (k6 inspect), more than the ${MAX_OWN_SCRIPT_MS / 36e5} h a gate may take: shorten its stages or durations`
    ]);
  }
  return killTimerMs(Math.max(configuredMs, declaredMs + OWN_SCRIPT_GRACE_MS));
}

// src/load/summary.ts
var trendValues = external_exports.object({
  "p(25)": external_exports.number().optional(),
  "p(75)": external_exports.number().optional(),
  avg: external_exports.number(),
  max: external_exports.number(),
  "p(50)": external_exports.number().optional(),
  med: external_exports.number(),
  "p(90)": external_exports.number(),
  "p(95)": external_exports.number(),
  "p(99)": external_exports.number()
});
var counterValues = external_exports.object({ count: external_exports.number(), rate: external_exports.number() });
var rateValues = external_exports.object({ rate: external_exports.number(), passes: external_exports.number(), fails: external_exports.number() });
var metric = (values) => external_exports.object({ values });
function scenarioSchema2(scenario) {
  return external_exports.object({
    metrics: external_exports.object({
      [`http_req_duration{scenario:${scenario}}`]: metric(trendValues),
      [`http_reqs{scenario:${scenario}}`]: metric(counterValues),
      [`http_req_failed{scenario:${scenario}}`]: metric(rateValues),
      [`checks{scenario:${scenario}}`]: metric(rateValues).optional(),
      [`valid_responses{scenario:${scenario}}`]: metric(rateValues).optional(),
      [`dropped_iterations{scenario:${scenario}}`]: metric(counterValues).optional(),
      dropped_iterations: metric(counterValues).optional()
    }).loose()
  });
}
var k6SummarySchema = scenarioSchema2("load");
var SummaryFormatError = class extends Error {
};
function parseK6Summary(json, durationS, scenario = "load") {
  const parsed = scenarioSchema2(scenario).safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? first.path.map(String).join(".") : "";
    throw new SummaryFormatError(
      `k6 summary is not in the expected format (${where}: ${first?.message ?? "invalid"}); custom scripts must run their load in a scenario named "${scenario}" and export handleSummary from scenarios/lib/summary.js`
    );
  }
  const m = parsed.data.metrics;
  const get = (name2) => m[`${name2}{scenario:${scenario}}`];
  const latency = get("http_req_duration").values;
  const requests = Math.round(get("http_reqs").values.count);
  const failed = get("http_req_failed").values;
  const checks = get("valid_responses")?.values ?? get("checks")?.values;
  const totalChecks = checks ? checks.passes + checks.fails : 0;
  const dropped = get("dropped_iterations")?.values.count ?? m.dropped_iterations?.values.count ?? 0;
  return {
    ...latency["p(25)"] !== void 0 ? { p25: latency["p(25)"] } : {},
    ...latency["p(75)"] !== void 0 ? { p75: latency["p(75)"] } : {},
    p50: latency["p(50)"] ?? latency.med,
    p90: latency["p(90)"],
    p95: latency["p(95)"],
    p99: latency["p(99)"],
    max: latency.max,
    mean: latency.avg,
    rps: durationS > 0 ? requests / durationS : 0,
    requests,
    // http_req_failed is a Rate whose "passes" are the failed requests.
    errorRate: requests > 0 ? failed.passes / requests : 0,
    failedRequests: Math.round(failed.passes),
    checkAccuracy: totalChecks > 0 && checks ? checks.passes / totalChecks : 1,
    droppedIterations: Math.round(dropped)
  };
}
var wrapperMetaSchema = external_exports.object({
  selector: external_exports.string(),
  scenarios: external_exports.array(external_exports.string()),
  userThresholds: external_exports.record(external_exports.string(), external_exports.array(external_exports.string())),
  latencyMetric: external_exports.string(),
  endpointTag: external_exports.string(),
  endpoints: external_exports.array(external_exports.string())
});
var anyMetric = external_exports.object({
  values: external_exports.record(external_exports.string(), external_exports.number()),
  thresholds: external_exports.record(external_exports.string(), external_exports.object({ ok: external_exports.boolean() })).optional()
}).loose();
var wrappedSummarySchema = external_exports.object({
  perfGate: wrapperMetaSchema,
  state: external_exports.object({ testRunDurationMs: external_exports.number().nonnegative() }).loose(),
  metrics: external_exports.record(external_exports.string(), anyMetric)
});
function parseWrappedSummary(json) {
  const parsed = wrappedSummarySchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? first.path.map(String).join(".") : "";
    throw new SummaryFormatError(
      `k6 summary of the wrapped script is not in the expected format (${where}: ${first?.message ?? "invalid"})`
    );
  }
  const { perfGate: meta, metrics: m, state } = parsed.data;
  const at = (name2, extra = "") => m[`${name2}{${meta.selector}${extra}}`]?.values;
  const latency = at(meta.latencyMetric);
  if (!latency) {
    throw new SummaryFormatError(
      `k6 summary has no ${meta.latencyMetric} for the script's scenarios (${meta.scenarios.join(", ")}): does the script make ${meta.latencyMetric.split("_")[0]} requests? (scenario option latencyMetric)`
    );
  }
  const isHttp = meta.latencyMetric === "http_req_duration";
  const requests = Math.round((isHttp ? at("http_reqs")?.count : void 0) ?? latency.count ?? 0);
  const failed = at("http_req_failed")?.passes ?? 0;
  const checks = at("checks");
  const totalChecks = checks ? (checks.passes ?? 0) + (checks.fails ?? 0) : 0;
  const dropped = at("dropped_iterations")?.count ?? m.dropped_iterations?.values.count ?? 0;
  const seconds = state.testRunDurationMs / 1e3;
  const thresholds = [];
  for (const [metric2, expressions] of Object.entries(meta.userThresholds)) {
    for (const threshold of expressions) {
      const ok = m[metric2]?.thresholds?.[threshold]?.ok ?? true;
      thresholds.push({ metric: metric2, threshold, ok });
    }
  }
  const endpoints = [];
  for (const value of meta.endpoints) {
    const extra = `,${meta.endpointTag}:${value}`;
    const trend = at(meta.latencyMetric, extra);
    const count3 = Math.round(trend?.count ?? 0);
    if (!trend || count3 === 0) continue;
    const endpointFailed = at("http_req_failed", extra)?.passes ?? 0;
    endpoints.push({
      tag: meta.endpointTag,
      value,
      requests: count3,
      p50: trend["p(50)"] ?? trend.med ?? 0,
      p95: trend["p(95)"] ?? 0,
      p99: trend["p(99)"] ?? 0,
      errorRate: Math.min(1, endpointFailed / count3)
    });
  }
  return {
    scenarios: meta.scenarios,
    metrics: {
      p50: latency["p(50)"] ?? latency.med ?? 0,
      p90: latency["p(90)"] ?? 0,
      p95: latency["p(95)"] ?? 0,
      p99: latency["p(99)"] ?? 0,
      max: latency.max ?? 0,
      mean: latency.avg ?? 0,
      rps: seconds > 0 ? requests / seconds : 0,
      requests,
      errorRate: requests > 0 ? Math.min(1, failed / requests) : 0,
      failedRequests: Math.round(failed),
      checkAccuracy: totalChecks > 0 && checks ? (checks.passes ?? 0) / totalChecks : 1,
      droppedIterations: Math.round(dropped),
      thresholds: thresholds.slice(0, MAX_SCRIPT_THRESHOLDS),
      endpoints: endpoints.slice(0, MAX_ENDPOINT_RESULTS)
    }
  };
}

// src/load/timeline.ts
var TIMELINE_METRIC = "http_req_duration";
var K6_CSV_TIME_FORMAT = "unix_milli";
var TimelineFormatError = class extends Error {
};
var GAMMA = 1.01;
var LOG_GAMMA = Math.log(GAMMA);
var MIN_MS = 1e-6;
var ZERO_BIN = Number.NEGATIVE_INFINITY;
async function timelinesFromCsv(lines, options) {
  const width = bucketWidthS(options.durationS);
  const wanted = new Set(options.scenarios);
  const timelines = /* @__PURE__ */ new Map();
  let columns = null;
  const prefix = `${TIMELINE_METRIC},`;
  for await (const line of lines) {
    if (columns === null) {
      columns = headerColumns(line);
      continue;
    }
    if (!line.startsWith(prefix)) continue;
    const fields = splitCsvLine(line);
    const scenario = fields[columns.scenario];
    if (scenario === void 0 || !wanted.has(scenario)) continue;
    const time = parseTimestamp(fields[columns.time] ?? "");
    const value = Number(fields[columns.value]);
    if (time === null || !Number.isFinite(value) || value < 0) continue;
    let timeline = timelines.get(scenario);
    if (!timeline) {
      timeline = { origin: time, buckets: /* @__PURE__ */ new Map() };
      timelines.set(scenario, timeline);
    }
    const index = bucketIndex((time - timeline.origin) / 1e3, width, options.durationS);
    let histogram = timeline.buckets.get(index);
    if (!histogram) {
      histogram = /* @__PURE__ */ new Map();
      timeline.buckets.set(index, histogram);
    }
    const bin = binOf(value);
    histogram.set(bin, (histogram.get(bin) ?? 0) + 1);
  }
  if (columns === null) throw new TimelineFormatError("the k6 CSV output is empty (no header)");
  return Object.fromEntries(
    options.scenarios.map((name2) => {
      const timeline = timelines.get(name2);
      return [name2, timeline ? toBuckets(timeline, width) : []];
    })
  );
}
function bucketWidthS(durationS) {
  return Math.max(1, Math.ceil(durationS / MAX_TIMELINE_BUCKETS));
}
function bucketIndex(elapsedS, width, durationS) {
  const index = Math.max(0, Math.floor(elapsedS / width));
  const last = Math.max(0, Math.ceil(durationS / width) - 1);
  return index > last && elapsedS < (last + 2) * width ? last : index;
}
function headerColumns(line) {
  const header = splitCsvLine(line);
  const find2 = (name2) => {
    const index = header.indexOf(name2);
    if (index < 0)
      throw new TimelineFormatError(
        `the k6 CSV output has no "${name2}" column (header: ${line.slice(0, 200)})`
      );
    return index;
  };
  if (header[0] !== "metric_name") {
    throw new TimelineFormatError(`the k6 CSV output does not start with a header (${line.slice(0, 200)})`);
  }
  return { time: find2("timestamp"), value: find2("metric_value"), scenario: find2("scenario") };
}
function splitCsvLine(line) {
  const fields = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = "";
      i += 1;
      while (i < line.length) {
        const quote = line.indexOf('"', i);
        if (quote < 0) {
          value += line.slice(i);
          i = line.length;
          break;
        }
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
      i += 1;
    } else {
      const comma = line.indexOf(",", i);
      const end = comma < 0 ? line.length : comma;
      fields.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return fields;
}
function parseTimestamp(text2) {
  if (/^\d+$/.test(text2)) {
    const n = Number(text2);
    const digits = text2.length;
    if (digits <= 11) return n * 1e3;
    if (digits <= 14) return n;
    if (digits <= 17) return n / 1e3;
    return n / 1e6;
  }
  const parsed = Date.parse(text2);
  return Number.isFinite(parsed) ? parsed : null;
}
function binOf(value) {
  return value <= MIN_MS ? ZERO_BIN : Math.ceil(Math.log(value) / LOG_GAMMA);
}
function binValue(bin) {
  return bin === ZERO_BIN ? 0 : 2 * GAMMA ** bin / (GAMMA + 1);
}
function quantile2(sortedBins, total, q) {
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [bin, count3] of sortedBins) {
    seen += count3;
    if (seen >= rank) return binValue(bin);
  }
  return binValue(sortedBins[sortedBins.length - 1]?.[0] ?? ZERO_BIN);
}
function toBuckets(timeline, width) {
  const last = Math.max(...timeline.buckets.keys());
  const buckets = [];
  for (let index = 0; index <= last; index++) {
    const histogram = timeline.buckets.get(index);
    const t = index * width;
    if (!histogram) {
      buckets.push({ t, requests: 0 });
      continue;
    }
    const bins = [...histogram].sort((a, b) => a[0] - b[0]);
    const requests = bins.reduce((sum, [, count3]) => sum + count3, 0);
    buckets.push({
      t,
      requests,
      p50: round(quantile2(bins, requests, 0.5)),
      p95: round(quantile2(bins, requests, 0.95))
    });
  }
  return buckets;
}
function round(ms) {
  return Math.round(ms * 1e3) / 1e3;
}

// src/load/k6-sandbox.ts
var import_testcontainers = __toESM(require_build(), 1);
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, copyFile, lstat, mkdtemp, open, rm as rm2, stat as stat2, writeFile as writeFile2 } from "node:fs/promises";
import { tmpdir } from "node:os";
import path11 from "node:path";
var SANDBOX_LABEL = "dev.perf-gate.k6-sandbox";
var IMAGE_REPOSITORY = "perf-gate/k6-sandbox";
var K6_IN_IMAGE = "/k6";
async function isStaticElf(file) {
  const handle = await open(file, "r");
  try {
    const header = Buffer.alloc(64);
    await handle.read(header, 0, 64, 0);
    if (header.readUInt32BE(0) !== 2135247942) return false;
    const is64 = header[4] === 2;
    const little = header[5] === 1;
    const u16 = (b, at) => little ? b.readUInt16LE(at) : b.readUInt16BE(at);
    const u32 = (b, at) => little ? b.readUInt32LE(at) : b.readUInt32BE(at);
    const u64 = (b, at) => Number(little ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at));
    const phoff = is64 ? u64(header, 32) : u32(header, 28);
    const phentsize = u16(header, is64 ? 54 : 42);
    const phnum = u16(header, is64 ? 56 : 44);
    if (phentsize === 0 || phnum === 0 || phnum > 4096) return false;
    const table3 = Buffer.alloc(phentsize * phnum);
    await handle.read(table3, 0, table3.length, phoff);
    const PT_INTERP = 3;
    for (let i = 0; i < phnum; i++) if (u32(table3, i * phentsize) === PT_INTERP) return false;
    return true;
  } finally {
    await handle.close();
  }
}
async function sha256(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}
var images = /* @__PURE__ */ new Map();
function sandboxImage(k6Path) {
  return (async () => {
    const info = await stat2(k6Path);
    const key = `${k6Path}\0${info.size}\0${info.mtimeMs}`;
    let image = images.get(key);
    if (!image) {
      image = buildImage(k6Path);
      images.set(key, image);
      image.catch(() => images.delete(key));
    }
    return image;
  })();
}
async function buildImage(k6Path) {
  if (process.platform !== "linux" || !await isStaticElf(k6Path)) {
    throw new InfrastructureError(
      `k6 at ${k6Path} cannot run in the sandbox for your own scripts: it is not a static Linux binary. k6's official release archives are; or build it with CGO_ENABLED=0 (scripts/setup.sh does) and point K6_PATH at it`
    );
  }
  const tag = `${IMAGE_REPOSITORY}:${(await sha256(k6Path)).slice(0, 16)}`;
  const client = await (0, import_testcontainers.getContainerRuntimeClient)();
  if (await client.image.exists(import_testcontainers.ImageName.fromString(tag))) return tag;
  const context2 = await mkdtemp(path11.join(tmpdir(), "perf-gate-k6-image-"));
  try {
    await copyFile(k6Path, path11.join(context2, "k6"));
    await chmod(path11.join(context2, "k6"), 365);
    await writeFile2(
      path11.join(context2, "Dockerfile"),
      `FROM scratch
COPY k6 ${K6_IN_IMAGE}
ENTRYPOINT ["${K6_IN_IMAGE}"]
`
    );
    await client.image.build(context2, { t: tag, labels: { [SANDBOX_LABEL]: "image" } });
  } finally {
    await rm2(context2, { recursive: true, force: true });
  }
  if (!await client.image.exists(import_testcontainers.ImageName.fromString(tag)))
    throw new InfrastructureError(`could not build the k6 sandbox image ${tag} from ${k6Path}`);
  return tag;
}
function demuxDockerLogs(buffer) {
  const out = [];
  const err = [];
  let at = 0;
  while (at + 8 <= buffer.length) {
    const kind = buffer[at];
    const size = buffer.readUInt32BE(at + 4);
    const frame = buffer.subarray(at + 8, at + 8 + size);
    if (kind === 2) err.push(frame);
    else out.push(frame);
    at += 8 + size;
  }
  return { stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
}
async function gitCover(scriptDir) {
  const git = path11.join(scriptDir, ".git");
  try {
    const info = await lstat(git);
    if (info.isDirectory()) return { binds: [], tmpfs: { [git]: "ro,size=4k,mode=0500" } };
    return { binds: [`/dev/null:${git}:ro`], tmpfs: {} };
  } catch {
    return { binds: [], tmpfs: {} };
  }
}
async function runSandboxedK6(run2) {
  const image = await sandboxImage(run2.k6Path);
  const client = await (0, import_testcontainers.getContainerRuntimeClient)();
  const docker = client.container.dockerode;
  const cover = await gitCover(run2.scriptDir);
  const [network, ...more] = run2.networks.length > 0 ? run2.networks : ["bridge"];
  const env = { ...run2.env, HOME: run2.runDir, TMPDIR: run2.runDir };
  const container = await docker.createContainer({
    Image: image,
    Cmd: [...run2.args],
    Env: Object.entries(env).map(([name2, value]) => `${name2}=${value}`),
    WorkingDir: run2.runDir,
    // The host user: it owns the run folder, and without capabilities root could not write there.
    User: `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`,
    Labels: { [SANDBOX_LABEL]: "run" },
    HostConfig: {
      Binds: [`${run2.scriptDir}:${run2.scriptDir}:ro`, `${run2.runDir}:${run2.runDir}:rw`, ...cover.binds],
      Tmpfs: cover.tmpfs,
      ReadonlyRootfs: true,
      CapDrop: ["ALL"],
      SecurityOpt: ["no-new-privileges"],
      NetworkMode: network,
      // k6's output is read back from the log: bounded, whatever the script prints.
      LogConfig: { Type: "json-file", Config: { "max-size": "5m", "max-file": "1" } },
      ...run2.cpus !== void 0 ? { CpusetCpus: run2.cpus } : {}
    }
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    container.kill({ signal: "SIGKILL" }).catch(() => {
    });
  }, run2.timeoutMs);
  const onAbort = () => container.kill({ signal: "SIGTERM" }).catch(() => {
  });
  try {
    for (const name2 of more) await docker.getNetwork(name2).connect({ Container: container.id });
    run2.signal?.addEventListener("abort", onAbort, { once: true });
    await container.start();
    const { StatusCode } = await container.wait();
    const logs = await container.logs({ stdout: true, stderr: true, follow: false });
    const { stdout, stderr } = demuxDockerLogs(Buffer.from(logs));
    const killed = timedOut || run2.signal?.aborted === true;
    return { code: killed ? null : StatusCode, stdout, stderr: stderr.slice(-2e4), timedOut };
  } finally {
    clearTimeout(timer);
    run2.signal?.removeEventListener("abort", onAbort);
    await container.remove({ force: true }).catch(() => {
    });
  }
}

// src/load/k6-segments.ts
import { createReadStream as createReadStream2 } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path12 from "node:path";
import { createInterface } from "node:readline";

// src/load/segment-merge.ts
var SEGMENT_SAMPLE_METRIC = "http_req_duration";
var SegmentMergeError = class extends Error {
};
function bound2(i, n) {
  if (i === 0) return "0";
  if (i === n) return "1";
  return `${i}/${n}`;
}
function segmentFlags(index, total) {
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(index) || index < 0 || index >= total)
    throw new RangeError(`segment ${index} of ${total}`);
  const sequence = Array.from({ length: total + 1 }, (_, i) => bound2(i, total)).join(",");
  return [
    `--execution-segment=${bound2(index, total)}:${bound2(index + 1, total)}`,
    `--execution-segment-sequence=${sequence}`
  ];
}
function k6Percentile(sorted, p) {
  const n = sorted.length;
  if (n === 0) return 0;
  const h = p * (n - 1);
  const lo = sorted[Math.floor(h)];
  const hi = sorted[Math.ceil(h)];
  return lo + (hi - lo) * (h - Math.floor(h));
}
function trendFromSamples(samples) {
  const sorted = Float64Array.from(samples).sort();
  const n = sorted.length;
  let sum = 0;
  for (const v of sorted) sum += v;
  const at = (p) => k6Percentile(sorted, p);
  return {
    count: n,
    avg: n > 0 ? sum / n : 0,
    min: n > 0 ? sorted[0] : 0,
    max: n > 0 ? sorted[n - 1] : 0,
    med: at(0.5),
    "p(25)": at(0.25),
    "p(50)": at(0.5),
    "p(75)": at(0.75),
    "p(90)": at(0.9),
    "p(95)": at(0.95),
    "p(99)": at(0.99)
  };
}
var isRate = (v) => "passes" in v && "fails" in v;
var isCounter = (v) => "count" in v && "rate" in v && !("avg" in v);
var isTrend = (v) => "p(95)" in v;
function mergeSegmentSummaries(summaries, samples) {
  const merged = {};
  const trendCounts = /* @__PURE__ */ new Map();
  for (const summary2 of summaries) {
    for (const [name2, metric2] of Object.entries(summary2.metrics ?? {})) {
      const v = metric2?.values;
      if (!v) continue;
      if (isTrend(v)) {
        trendCounts.set(name2, (trendCounts.get(name2) ?? 0) + (v.count ?? 0));
        continue;
      }
      const into = merged[name2]?.values;
      if (isRate(v)) {
        const passes = (into?.passes ?? 0) + v.passes;
        const fails = (into?.fails ?? 0) + v.fails;
        merged[name2] = { values: { passes, fails, rate: passes + fails > 0 ? passes / (passes + fails) : 0 } };
      } else if (isCounter(v)) {
        merged[name2] = {
          values: {
            count: (into?.count ?? 0) + v.count,
            rate: (into?.rate ?? 0) + v.rate
          }
        };
      }
    }
  }
  for (const [scenario, values] of Object.entries(samples)) {
    const name2 = `${SEGMENT_SAMPLE_METRIC}{scenario:${scenario}}`;
    const counted = trendCounts.get(name2) ?? 0;
    if (values.length !== counted)
      throw new SegmentMergeError(
        `the segments' raw samples hold ${values.length} ${SEGMENT_SAMPLE_METRIC} values of scenario ${scenario}, their summaries count ${counted}`
      );
    merged[name2] = { values: trendFromSamples(values) };
  }
  return { metrics: merged };
}
async function durationsFromCsv(lines, scenarios) {
  const out = new Map(scenarios.map((s) => [s, []]));
  const prefix = `${SEGMENT_SAMPLE_METRIC},`;
  let columns = null;
  for await (const line of lines) {
    if (columns === null) {
      const header = splitCsvLine(line);
      const value2 = header.indexOf("metric_value");
      const scenario = header.indexOf("scenario");
      if (header[0] !== "metric_name" || value2 < 0 || scenario < 0)
        throw new SegmentMergeError(`the k6 CSV output has no usable header (${line.slice(0, 200)})`);
      columns = { value: value2, scenario };
      continue;
    }
    if (!line.startsWith(prefix)) continue;
    const fields = splitCsvLine(line);
    const into = out.get(fields[columns.scenario] ?? "");
    if (!into) continue;
    const value = Number(fields[columns.value]);
    if (fields[columns.value] === "" || !Number.isFinite(value))
      throw new SegmentMergeError(`a k6 CSV sample row does not parse: ${line.slice(0, 200)}`);
    into.push(value);
  }
  if (columns === null) throw new SegmentMergeError("the k6 CSV output is empty (no header)");
  return Object.fromEntries(out);
}

// src/load/k6-segments.ts
var PAUSED_BEFORE_RUN = 4;
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(
        () => typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))
      );
    });
  });
}
var delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function apiStatus(address) {
  try {
    const response = await fetch(`http://${address}/v1/status`, { signal: AbortSignal.timeout(2e3) });
    if (!response.ok) return void 0;
    const body = await response.json();
    return body.data?.attributes;
  } catch {
    return void 0;
  }
}
async function untilReady(address, deadline, stopped) {
  while (!stopped.aborted) {
    const status = await apiStatus(address);
    if (status?.status === PAUSED_BEFORE_RUN && status.paused === true) return;
    if (Date.now() > deadline) throw new InfrastructureError(`k6 segment at ${address} was not ready in time`);
    await delay(100);
  }
}
async function resume(address) {
  const response = await fetch(`http://${address}/v1/status`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { type: "status", id: "default", attributes: { paused: false } } }),
    signal: AbortSignal.timeout(5e3)
  });
  if (!response.ok)
    throw new InfrastructureError(`k6 segment at ${address} refused to resume (HTTP ${response.status})`);
}
async function runSegmented(options, scenarios) {
  const { total, dir } = options;
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const ports = await Promise.all(Array.from({ length: total }, freePort));
  const addresses = ports.map((port2) => `127.0.0.1:${port2}`);
  const files = addresses.map((_, i) => ({
    summaryPath: path12.join(dir, `segment-${i + 1}.summary.json`),
    samplesPath: path12.join(dir, `segment-${i + 1}.samples.csv`)
  }));
  let firstError;
  const exits = addresses.map(
    (address, i) => options.start(
      i,
      [...segmentFlags(i, total), "--paused", `--address=${address}`],
      files[i],
      signal
    ).catch((error) => {
      firstError ??= error;
      stop.abort();
      throw error;
    })
  );
  const ended = Promise.race(exits.map((exit) => exit.then(() => "ended")));
  try {
    options.progress?.(`k6: ${total} segments starting paused (${addresses.join(", ")})`);
    const deadline = Date.now() + (options.readyTimeoutMs ?? 6e4);
    const ready = await Promise.race([
      Promise.all(addresses.map((address) => untilReady(address, deadline, signal))).then(
        () => "ready"
      ),
      ended
    ]);
    if (ready !== "ready") throw new InfrastructureError("a k6 segment ended before the run was resumed");
    await Promise.all(addresses.map(resume));
    options.progress?.(`k6: ${total} segments resumed together`);
  } catch (error) {
    firstError ??= error;
    stop.abort();
  }
  const settled = await Promise.allSettled(exits);
  if (firstError !== void 0) throw firstError;
  const stderr = settled.map((s) => s.status === "fulfilled" ? s.value : "");
  return merge(files, scenarios, stderr, options.progress);
}
async function merge(files, scenarios, stderr, progress) {
  const segments = [];
  const samples = Object.fromEntries(scenarios.map((s) => [s, []]));
  for (const [index, file] of files.entries()) {
    let summary2;
    try {
      summary2 = JSON.parse(await readFile(file.summaryPath, "utf8"));
    } catch (error) {
      throw new InfrastructureError(`k6 segment ${index + 1} wrote no summary: ${error.message}`);
    }
    const durations = await readDurations(file.samplesPath, scenarios, index);
    for (const scenario of scenarios) {
      const into = samples[scenario];
      for (const value of durations[scenario] ?? []) into.push(value);
    }
    segments.push({ index, summary: summary2, ...file });
  }
  try {
    const summary2 = mergeSegmentSummaries(
      segments.map((s) => s.summary),
      samples
    );
    const counts = scenarios.map((s) => `${s}: ${samples[s]?.length ?? 0} requests`).join(", ");
    progress?.(`k6: merged ${files.length} segments from their raw samples (${counts})`);
    return { summary: summary2, segments, stderr };
  } catch (error) {
    if (error instanceof SegmentMergeError) throw new InfrastructureError(`k6 segments: ${error.message}`);
    throw error;
  }
}
async function readDurations(samplesPath, scenarios, index) {
  const input = createReadStream2(samplesPath, { encoding: "utf8" });
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    return await durationsFromCsv(lines, scenarios);
  } catch (error) {
    throw new InfrastructureError(`k6 segment ${index + 1}'s raw samples: ${error.message}`);
  } finally {
    lines.close();
    input.destroy();
  }
}
async function* concatenatedCsvLines(paths) {
  for (const [i, file] of paths.entries()) {
    const input = createReadStream2(file, { encoding: "utf8" });
    const lines = createInterface({ input, crlfDelay: Infinity });
    try {
      let first = true;
      for await (const line of lines) {
        if (first && i > 0) {
          first = false;
          continue;
        }
        first = false;
        yield line;
      }
    } finally {
      lines.close();
      input.destroy();
    }
  }
}

// src/load/wrapper.ts
import { pathToFileURL } from "node:url";
var LOAD_TAG = "perf_gate";
var MAX_ENDPOINTS = 20;
var SAFE_TAG_VALUE = /^[\w .\-/]{1,100}$/;
function endpointValues(source, tag) {
  const re = new RegExp(`\\b${tag}\\s*:\\s*(['"\`])([^'"\`\\n]*)\\1`, "g");
  const values = /* @__PURE__ */ new Set();
  for (const match of source.matchAll(re)) {
    const value = match[2];
    if (SAFE_TAG_VALUE.test(value)) values.add(value);
    if (values.size >= MAX_ENDPOINTS) break;
  }
  return [...values];
}
function wrapperSource(options) {
  const url = JSON.stringify(pathToFileURL(options.script).href);
  const config = JSON.stringify({
    latencyMetric: options.latencyMetric,
    endpointTag: options.endpointTag,
    endpoints: options.endpoints.filter((v) => SAFE_TAG_VALUE.test(v)).slice(0, MAX_ENDPOINTS),
    loadTag: LOAD_TAG,
    runDir: options.runDir.replace(/\/+$/, "")
  });
  const head = `// Generated by perf-gate for one run; wraps the script below without changing its load.
import * as user from ${url}
export * from ${url}

const CONFIG = ${config}
`;
  return head + BUILD_OPTIONS + RUN_USER_LOAD + CONFINED_SUMMARY;
}
var BUILD_OPTIONS = `const TREND_STATS = ['avg', 'min', 'med', 'max', 'p(50)', 'p(90)', 'p(95)', 'p(99)', 'count']

function build(given) {
  const options = Object.assign({}, given || {})
  const userThresholds = {}
  for (const [metric, list] of Object.entries(options.thresholds || {})) {
    const items = Array.isArray(list) ? list : [list]
    userThresholds[metric] = items.map((t) => (typeof t === 'string' ? t : t.threshold))
  }
  let selector
  let scenarios
  if (options.scenarios && Object.keys(options.scenarios).length > 0) {
    // A tag on every scenario of the script selects all of its load together, and nothing of
    // setup()/teardown(), which run outside scenarios.
    scenarios = Object.keys(options.scenarios)
    options.scenarios = Object.fromEntries(
      Object.entries(options.scenarios).map(([name, s]) => [
        name,
        Object.assign({}, s, { tags: Object.assign({}, s.tags || {}, { [CONFIG.loadTag]: 'load' }) }),
      ]),
    )
    selector = CONFIG.loadTag + ':load'
  } else {
    // vus/duration/iterations/stages shortcuts: k6 runs them as one scenario named "default".
    scenarios = ['default']
    selector = 'scenario:default'
  }
  // A submetric appears in the summary only when a threshold names it: these always pass.
  const ours = {
    [CONFIG.latencyMetric + '{' + selector + '}']: ['max>=0'],
    ['http_reqs{' + selector + '}']: ['count>=0'],
    ['http_req_failed{' + selector + '}']: ['rate>=0'],
    ['checks{' + selector + '}']: ['rate>=0'],
    ['iterations{' + selector + '}']: ['count>=0'],
    ['dropped_iterations{' + selector + '}']: ['count>=0'],
  }
  for (const value of CONFIG.endpoints) {
    const sub = '{' + selector + ',' + CONFIG.endpointTag + ':' + value + '}'
    ours[CONFIG.latencyMetric + sub] = ['max>=0']
    ours['http_req_failed' + sub] = ['rate>=0']
  }
  const thresholds = Object.assign({}, options.thresholds || {})
  for (const [metric, list] of Object.entries(ours)) {
    const existing = thresholds[metric]
    thresholds[metric] = existing === undefined ? list : (Array.isArray(existing) ? existing : [existing]).concat(list)
  }
  options.thresholds = thresholds
  options.summaryTrendStats = Array.from(new Set((options.summaryTrendStats || []).concat(TREND_STATS)))
  return { options, meta: { selector, scenarios, userThresholds, latencyMetric: CONFIG.latencyMetric, endpointTag: CONFIG.endpointTag, endpoints: CONFIG.endpoints } }
}

`;
var RUN_USER_LOAD = `const built = build(user.options)
export const options = built.options

export default function (data) {
  return user.default(data)
}

`;
var CONFINED_SUMMARY = `// The user's outputs stay in the run folder: a path is made absolute from it and normalized, and
// one that leaves it is not written (k6 would follow it anywhere the process can write).
function insideRunDir(key) {
  const parts = []
  for (const part of ((key.startsWith('/') ? '' : CONFIG.runDir + '/') + key).split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') parts.pop()
    else parts.push(part)
  }
  const resolved = '/' + parts.join('/')
  return resolved.startsWith(CONFIG.runDir + '/') ? resolved : null
}

function confine(outputs) {
  const kept = {}
  for (const [key, value] of Object.entries(outputs || {})) {
    const target = key === 'stdout' || key === 'stderr' ? key : insideRunDir(key)
    if (target === null) console.warn('perf-gate: handleSummary output ' + JSON.stringify(key) + ' is outside the run folder; not written')
    else kept[target] = value
  }
  return kept
}

export function handleSummary(data) {
  const ours = { [__ENV.SUMMARY_PATH]: JSON.stringify(Object.assign({}, data, { perfGate: built.meta })) }
  if (typeof user.handleSummary !== 'function') return ours
  const theirs = user.handleSummary(data)
  const merge = (outputs) => Object.assign(confine(outputs), ours)
  return theirs && typeof theirs.then === 'function' ? theirs.then(merge) : merge(theirs)
}
`;

// src/load/k6.ts
var execFileAsync = promisify(execFile);
var K6_VERSION = "1.8.1";
async function findK6(env = process.env) {
  const candidate = env.K6_PATH ? path13.isAbsolute(env.K6_PATH) ? env.K6_PATH : void 0 : findTool("k6");
  if (!candidate) return null;
  try {
    const { stdout } = await execFileAsync(candidate, ["version"], {
      timeout: 15e3,
      env: { ...process.env, PATH: trustedPath() }
    });
    const version = /v(\d+\.\d+\.\d+)/.exec(stdout)?.[1] ?? stdout.trim();
    return { path: candidate, version };
  } catch {
    return null;
  }
}
async function runK6Scenarios(options, scenarios) {
  if ((options.segments ?? 1) > 1 && !options.wrap) return runK6InSegments(options, scenarios);
  const dir = await mkdtemp2(path13.join(tmpdir2(), "perf-gate-k6-"));
  const summaryPath = path13.join(dir, "summary.json");
  const samplesPath = path13.join(dir, "samples.csv");
  let entry = options.script;
  try {
    entry = options.wrap ? await writeWrapper(options, dir) : options.script;
    const timeoutMs = options.wrap ? ownScriptTimeoutMs(options.timeoutMs, await scriptLengthMs(options, entry, dir), options.script) : options.timeoutMs;
    const stderr = await spawnK6(
      { ...options, timeoutMs },
      summaryPath,
      entry,
      options.timeline ? samplesPath : null
    );
    let text2;
    try {
      text2 = await readFile2(summaryPath, "utf8");
    } catch {
      throw new InfrastructureError(`k6 wrote no summary for ${options.script}: ${lastLines(stderr)}`);
    }
    let metrics;
    try {
      const json = JSON.parse(text2);
      if (options.wrap) {
        const wrapped = parseWrappedSummary(json).metrics;
        metrics = Object.fromEntries(scenarios.map((name2) => [name2, wrapped]));
      } else {
        metrics = Object.fromEntries(
          scenarios.map((name2) => [name2, parseK6Summary(json, options.durationS, name2)])
        );
      }
    } catch (error) {
      if (error instanceof SummaryFormatError)
        throw new InfrastructureError(`${options.script}: ${error.message}`);
      throw error;
    }
    return {
      metrics,
      timelines: options.timeline ? await readTimelines([samplesPath], scenarios, options.durationS) : {},
      warnings: refusedOutputs(stderr)
    };
  } finally {
    if (entry !== options.script) await rm3(entry, { force: true });
    await rm3(dir, { recursive: true, force: true });
  }
}
async function runK6InSegments(options, scenarios, keepIn) {
  const dir = keepIn ?? await mkdtemp2(path13.join(tmpdir2(), "perf-gate-k6-"));
  try {
    const segmented = await runSegmented(
      {
        total: options.segments ?? 1,
        dir,
        signal: options.signal,
        progress: options.progress,
        // Raw samples always: the merged percentiles are computed from them.
        start: (_index, flags, files, signal) => spawnHostK6(
          { ...options, signal },
          files.summaryPath,
          runArgs(
            { ...options, flags: [...options.flags ?? [], ...flags] },
            options.script,
            files.samplesPath
          )
        )
      },
      scenarios
    );
    let metrics;
    try {
      metrics = Object.fromEntries(
        scenarios.map((name2) => [name2, parseK6Summary(segmented.summary, options.durationS, name2)])
      );
    } catch (error) {
      if (error instanceof SummaryFormatError)
        throw new InfrastructureError(`${options.script}: ${error.message}`);
      throw error;
    }
    const samplePaths = segmented.segments.map((s) => s.samplesPath);
    return {
      metrics,
      timelines: options.timeline ? await readTimelines(samplePaths, scenarios, options.durationS) : {},
      warnings: [],
      segmented
    };
  } finally {
    if (keepIn === void 0) await rm3(dir, { recursive: true, force: true });
  }
}
async function readTimelines(samplePaths, scenarios, durationS) {
  const lines = concatenatedCsvLines(samplePaths);
  try {
    const timelines = await timelinesFromCsv(lines, { scenarios, durationS });
    return Object.fromEntries(Object.entries(timelines).filter(([, buckets]) => buckets.length > 0));
  } catch {
    return {};
  } finally {
    await lines.return(void 0);
  }
}
async function writeWrapper(options, dir) {
  const wrap = options.wrap;
  const script = path13.resolve(options.script);
  let source;
  try {
    source = await readFile2(script, "utf8");
  } catch (error) {
    throw new InfrastructureError(`could not read k6 script ${options.script}: ${error.message}`);
  }
  const text2 = wrapperSource({
    script,
    runDir: dir,
    latencyMetric: wrap.latencyMetric,
    endpointTag: wrap.endpointTag,
    endpoints: endpointValues(source, wrap.endpointTag)
  });
  const beside = path13.join(path13.dirname(script), `.perf-gate-${randomBytes2(6).toString("hex")}.wrapper.js`);
  try {
    await writeFile3(beside, text2, { flag: "wx" });
    return beside;
  } catch {
    const inTemp = path13.join(dir, "perf-gate-wrapper.js");
    await writeFile3(inTemp, text2, { flag: "wx" });
    return inTemp;
  }
}
var scriptLengths = /* @__PURE__ */ new Map();
async function scriptLengthMs(options, entry, runDir) {
  const scenarioEnv2 = Object.entries(options.env).filter(
    ([name2]) => name2 !== "BASE_URL" && name2 !== "TARGET_URL"
  );
  const key = `${path13.resolve(options.script)}\0${JSON.stringify(scenarioEnv2)}`;
  const known = scriptLengths.get(key);
  if (known !== void 0) return known;
  let ms;
  try {
    const { code, stdout } = await runSandboxedK6({
      k6Path: options.k6.path,
      args: ["inspect", "--execution-requirements", entry],
      env: k6ProcessEnv({}, options.env, path13.join(runDir, "unused"), "/"),
      scriptDir: path13.dirname(path13.resolve(options.script)),
      runDir,
      networks: options.networks ?? [],
      timeoutMs: 6e4,
      signal: options.signal
    });
    if (code !== 0) throw new Error("k6 inspect failed");
    const parsed = JSON.parse(stdout);
    ms = typeof parsed.totalDuration === "string" ? goDurationMs(parsed.totalDuration) : 0;
  } catch {
    ms = 0;
  }
  scriptLengths.set(key, ms);
  return ms;
}
function goDurationMs(text2) {
  const unit = {
    h: 36e5,
    m: 6e4,
    s: 1e3,
    ms: 1,
    us: 1e-3,
    \u00B5s: 1e-3,
    ns: 1e-6
  };
  let total = 0;
  for (const match of text2.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g)) {
    total += Number(match[1]) * (unit[match[2]] ?? 0);
  }
  return total;
}
function lastLines(text2, n = 8) {
  return text2.trim().split("\n").slice(-n).join("\n") || "(no output)";
}
var K6_INHERITED_ENV = ["HOME", "TMPDIR"];
function k6ProcessEnv(parent, scriptEnv, summaryPath, pathValue = trustedPath()) {
  const env = { PATH: pathValue };
  for (const name2 of K6_INHERITED_ENV) {
    const value = parent[name2];
    if (value !== void 0) env[name2] = value;
  }
  for (const [name2, value] of Object.entries(scriptEnv)) {
    if (k6ParamProblem(name2) === void 0) env[name2] = value;
  }
  return { ...env, SUMMARY_PATH: summaryPath, K6_NO_USAGE_REPORT: "true" };
}
function refusedOutputs(stderr) {
  return [...stderr.matchAll(/perf-gate: (handleSummary output .*? not written[^"\n]*)/g)].map(
    (m) => m[1].replace(/\\"/g, '"')
  );
}
function runArgs(options, entry, samplesPath) {
  const out = samplesPath ? ["--out", `csv=fileName=${samplesPath},timeFormat=${K6_CSV_TIME_FORMAT}`] : [];
  const noRedirects = options.wrap ? [] : ["--max-redirects=0"];
  return [
    "run",
    "--quiet",
    "--no-color",
    "--no-usage-report",
    ...options.flags ?? [],
    ...noRedirects,
    ...out,
    entry
  ];
}
function k6Exit(options, code, signal, stderr) {
  if (options.signal?.aborted) throw new InfrastructureError("k6 run interrupted");
  if (code === 0 || code === 99) return stderr;
  const aborted = /test aborted: (.*?)(?:" |"$|\n)/m.exec(stderr)?.[1];
  throw new InfrastructureError(
    aborted ? `k6 aborted ${path13.basename(options.script)}: ${aborted.replace(/\\"/g, '"')}` : `k6 failed on ${path13.basename(options.script)} (exit ${code ?? signal}): ${lastLines(stderr)}`
  );
}
async function spawnK6(options, summaryPath, entry, samplesPath) {
  const args = runArgs(options, entry, samplesPath);
  if (!options.wrap) return spawnHostK6(options, summaryPath, args);
  const runDir = path13.dirname(summaryPath);
  const result2 = await runSandboxedK6({
    k6Path: options.k6.path,
    args,
    env: k6ProcessEnv({}, options.env, summaryPath, "/"),
    scriptDir: path13.dirname(path13.resolve(options.script)),
    runDir,
    networks: options.networks ?? [],
    cpus: options.k6.cpus,
    timeoutMs: options.timeoutMs,
    signal: options.signal
  });
  return k6Exit(options, result2.code, result2.timedOut ? "SIGKILL" : null, result2.stderr);
}
function spawnHostK6(options, summaryPath, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.k6.cpus ? requireTool("taskset") : options.k6.path,
      options.k6.cpus ? ["-c", options.k6.cpus, options.k6.path, ...args] : args,
      {
        env: k6ProcessEnv(process.env, options.env, summaryPath),
        stdio: ["ignore", "ignore", "pipe"]
      }
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk.toString()).slice(-2e4);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), killTimerMs(options.timeoutMs));
    const onAbort = () => child.kill("SIGTERM");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new InfrastructureError(`could not start k6 (${options.k6.path}): ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      try {
        resolve(k6Exit(options, code, signal, stderr));
      } catch (error) {
        reject(error);
      }
    });
  });
}

// src/load/scenario-env.ts
import { existsSync as existsSync5 } from "node:fs";
import path14 from "node:path";
function scenarioEnv(profile, scenario, targetUrl, headers = profile.headers) {
  const expect = profile.expect;
  const env = {
    TARGET_URL: targetUrl,
    METHOD: scenario.method,
    DURATION: scenario.duration,
    WARMUP: scenario.warmup,
    PAYLOAD_BYTES: String(scenario.payloadBytes),
    HEADERS: JSON.stringify(headers),
    EXPECT_STATUS: String(expect.status),
    EXPECT_HEADERS: JSON.stringify(expect.headers),
    EXPECT_ECHO: String(expect.echoesPayload || expect.payloadPrefix !== void 0)
  };
  if (scenario.vus !== void 0) env.VUS = String(scenario.vus);
  if (scenario.rate !== void 0) env.RATE = String(scenario.rate);
  if (scenario.maxVUs !== void 0) env.MAX_VUS = String(scenario.maxVUs);
  if (expect.bodyPrefix !== void 0) env.EXPECT_BODY_PREFIX = expect.bodyPrefix;
  if (expect.bodyContains !== void 0)
    env.EXPECT_BODY_CONTAINS = JSON.stringify(
      Array.isArray(expect.bodyContains) ? expect.bodyContains : [expect.bodyContains]
    );
  if ((expect.headersAbsent ?? []).length > 0)
    env.EXPECT_HEADERS_ABSENT = JSON.stringify(expect.headersAbsent);
  if (expect.payloadPrefix !== void 0) env.EXPECT_ECHO_PREFIX = expect.payloadPrefix;
  if (!isBuiltInScenario(scenario.script)) env.BASE_URL = targetUrl.replace(/\/$/, "");
  if (scenario.graphql?.query !== void 0) {
    env.GRAPHQL_QUERY = scenario.graphql.query;
    env.GRAPHQL_VARIABLES = JSON.stringify(scenario.graphql.variables);
    if (scenario.graphql.operationName) env.GRAPHQL_OPERATION_NAME = scenario.graphql.operationName;
  }
  for (const [key, value] of Object.entries(scenario.params)) env[key.toUpperCase()] = String(value);
  return env;
}
function k6Wrap(scenario) {
  if (isBuiltInScenario(scenario.script)) return void 0;
  return { latencyMetric: scenario.latencyMetric, endpointTag: scenario.endpointTag };
}
function scenarioDurationS(scenario) {
  return durationMs(scenario.duration) / 1e3;
}
function packageRoot(from = import.meta.dirname) {
  let dir = from;
  for (; ; ) {
    if (existsSync5(path14.join(dir, "scenarios", "lib")) && existsSync5(path14.join(dir, "package.json")))
      return dir;
    const parent = path14.dirname(dir);
    if (parent === dir) throw new Error(`perf-gate's scenarios/ folder was not found above ${from}`);
    dir = parent;
  }
}
function scriptPath(scenario, root = packageRoot()) {
  return isBuiltInScenario(scenario.script) ? path14.join(root, "scenarios", `${scenario.script}.js`) : scenario.script;
}

// src/kinds/arena/run.ts
function phaseSeconds(phase, scale) {
  if (phase === "burst50" || phase === "burst100") return 18 * scale;
  if (phase === "rampup") return 60 * scale;
  return 0;
}
function rampScheduled(scale) {
  return (10 + 100) / 2 * 60 * scale;
}
function healthUrl(targetUrl, healthPath) {
  return healthPath ? new URL(healthPath, targetUrl).toString() : targetUrl;
}
async function runArena(options) {
  const settings = options.scenario.arena;
  if (!settings) throw new InfrastructureError(`scenario ${options.scenario.name} has no arena settings`);
  const measured2 = {};
  for (const phase of ARENA_PHASES) {
    if (options.signal?.aborted) throw new InfrastructureError("interrupted");
    const seconds = phaseSeconds(phase, settings.timeScale);
    const env = {
      ...scenarioEnv(options.profile, options.scenario, options.targetUrl),
      ARENA_PHASE: phase,
      ARENA_TIME_SCALE: String(settings.timeScale),
      HEALTH_URL: healthUrl(options.targetUrl, settings.healthPath),
      WARMUP: "0s"
    };
    const result2 = await runK6Scenarios(
      {
        k6: options.k6,
        script: scriptPath(options.scenario),
        env,
        // Throughput of an untimed phase is not scored; 1 s keeps k6's parser from dividing by 0.
        durationS: seconds > 0 ? seconds : 1,
        timeoutMs: (seconds + 180) * 1e3,
        signal: options.signal
      },
      ["load"]
    );
    measured2[phase] = result2.metrics.load;
  }
  const phases = {};
  const recorded = {};
  for (const [phase, m] of Object.entries(measured2)) {
    phases[phase] = {
      requests: m.requests,
      errorRate: m.errorRate,
      p25: m.p25,
      p50: m.p50,
      p75: m.p75,
      p95: m.p95,
      ...phase === "rampup" ? { scheduled: rampScheduled(settings.timeScale) } : {}
    };
    recorded[phase] = {
      requests: m.requests,
      errorRate: m.errorRate,
      ...m.p25 !== void 0 ? { p25: m.p25 } : {},
      p50: m.p50,
      ...m.p75 !== void 0 ? { p75: m.p75 } : {},
      p95: m.p95,
      rps: m.rps
    };
  }
  const scored = scoreArena(phases, settings.weights, settings.caps);
  options.log.info(
    `${options.label} arena score ${scored.score.toFixed(1)}: ${Object.entries(scored.dimensions).map(([d, s]) => `${d} ${s.score.toFixed(1)}`).join(", ")}`
  );
  return {
    metrics: measured2.sustained,
    arena: { score: scored.score, dimensions: scored.dimensions, phases: recorded }
  };
}

// src/kinds/arena/kind.ts
function compareScores(input, what) {
  const { arena, reasons } = compareArena({
    method: input.method,
    candidateRuns: input.candidateRuns,
    baselineRuns: input.baselineRuns,
    threshold: input.gate.threshold,
    confidence: input.gate.confidence
  });
  return { fields: { arena }, reasons: [...reasons, what] };
}
function scoreVerdicts(cells) {
  return cells.map((cell) => cell.arena ? { ...cell, verdict: cell.arena.verdict } : cell);
}
function describeScoredRun(run2) {
  if (!run2.arena) return describeLatencyRun(run2);
  const sustained = Object.keys(run2.arena.phases).includes("sustained");
  return `round ${run2.round} ${run2.cell} [${run2.variant}]: arena ${sustained ? `score ${run2.arena.score.toFixed(1)}, sustained p95 ${run2.metrics.p95.toFixed(2)} ms` : `ERI ${run2.arena.score.toFixed(1)}`}`;
}
function scoreProgress(cell) {
  const a = cell.arena;
  if (!a) return void 0;
  const base = a.baseline && a.baseline.n > 0 ? `, baseline ${withInterval(a.baseline, 1)}` : "";
  const d = a.difference;
  const diff = d ? `: ${d.estimate >= 0 ? "+" : ""}${d.estimate.toFixed(1)} points [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]` : "";
  return `${cell.cell} score ${a.candidate.n > 0 ? withInterval(a.candidate, 1) : "n/a"}${base}${diff} ${cell.verdict}`;
}
var arenaKind = {
  name: "arena",
  script: "arena",
  async run(ctx) {
    const run2 = await runArena({
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile: ctx.profile,
      scenario: ctx.scenario,
      targetUrl: onlySide(ctx).targetUrl,
      label: ctx.label
    });
    return singleOutcome(ctx, run2.metrics, { arena: run2.arena });
  },
  // A score over its phases is the result; a phase that failed scores low, it does not void the run.
  invalidReason: () => void 0,
  duet: false,
  warmable: false,
  loadWindow: false,
  cpuPerRequest: false,
  // Eight k6 processes; the timed phases last 2 x 18 s + 60 s at timeScale 1, the iteration-counted
  // ones a few seconds on a local stack.
  runSeconds: (_config, scenario) => 96 * (scenario.arena?.timeScale ?? 1) + 8 * (RUN_OVERHEAD_S + 1),
  runLengthKeys: () => "arena.timeScale",
  compare: (input) => compareScores(
    input,
    "latency and error rate below are those of the sustained phase: reported, the score decides"
  ),
  settle: (cells) => scoreVerdicts(cells),
  describeRun: describeScoredRun,
  progressLine: scoreProgress,
  // Layer 1's cells carry a score too: this chart draws theirs as well.
  charts: [{ id: "arena", build: arenaChart, shownInComment: true }]
};

// src/stats/detectable.ts
var DETECTION_POWER = 0.8;
function minimumDetectableChange(se, df, confidence, threshold, power = DETECTION_POWER) {
  if (!Number.isFinite(se) || !(df > 0)) return null;
  const bar = Math.max(Math.log1p(threshold), tCritical(confidence, df) * se);
  const tPower = tCritical(2 * power - 1, df);
  return Math.expm1(bar + tPower * se);
}
function detectablePct(interval2, gate) {
  if (interval2.se === 0) return null;
  const confidence = Math.max(gate.confidence, gate.blockConfidence ?? gate.confidence);
  const change = minimumDetectableChange(interval2.se, interval2.df, confidence, gate.threshold);
  return change === null ? null : change * 100;
}

// src/stats/paired-comparison.ts
var import_stats_wilcoxon = __toESM(require_lib4(), 1);

// src/stats/error-rate.ts
function count(runs) {
  let failed = 0;
  let requests = 0;
  for (const run2 of runs) {
    failed += Math.min(run2.metrics.failedRequests, run2.metrics.requests);
    requests += run2.metrics.requests;
  }
  return { failed, requests };
}
function compareErrorRates(candidateRuns, baselineRuns, gate) {
  const candidate = count(candidateRuns);
  const candidateRate = candidate.requests === 0 ? 0 : candidate.failed / candidate.requests;
  const candidateInterval = wilsonInterval(candidate.failed, candidate.requests, gate.confidence);
  const baseline = baselineRuns === null ? null : count(baselineRuns);
  const hasBaseline = baseline !== null && baseline.requests > 0;
  const baselineRate = hasBaseline ? baseline.failed / baseline.requests : null;
  const baselineUpper = hasBaseline ? wilsonInterval(baseline.failed, baseline.requests, gate.confidence)[1] : null;
  return {
    candidate: candidateRate,
    candidateInterval,
    baseline: baselineRate,
    ceiling: gate.errorRateCeiling,
    aboveCeiling: candidateRate > gate.errorRateCeiling,
    significantIncrease: baselineUpper !== null && candidateInterval[0] > baselineUpper
  };
}
function errorRateReasons(errorRate) {
  const reasons = [];
  const [lower, upper] = errorRate.candidateInterval;
  const rate = `error rate ${formatRate(errorRate.candidate)} (interval ${formatRate(lower)} to ${formatRate(upper)})`;
  if (errorRate.aboveCeiling) {
    reasons.push(`${rate} is above the ${formatRate(errorRate.ceiling)} ceiling`);
  }
  if (errorRate.significantIncrease && errorRate.baseline !== null) {
    reasons.push(
      `${rate} is significantly above the baseline's ${formatRate(errorRate.baseline)} (the Wilson intervals do not overlap)`
    );
  }
  return reasons;
}

// src/stats/cell-comparison.ts
function checkAccuracy(runs) {
  let passed = 0;
  let requests = 0;
  for (const run2 of runs) {
    passed += run2.metrics.checkAccuracy * run2.metrics.requests;
    requests += run2.metrics.requests;
  }
  return requests === 0 ? 0 : passed / requests;
}
function accuracyReason(accuracy, min) {
  let digits = 1;
  while (digits < 4 && Number((accuracy * 100).toFixed(digits)) >= min * 100) digits++;
  const pct = (x, d) => `${Number((x * 100).toFixed(d))}%`;
  return `accuracy ${pct(accuracy, digits)} < ${pct(min, 4)}: fewer requests than required passed every check`;
}
function achievedLoad(runs) {
  if (runs.length === 0) return void 0;
  const middle2 = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  return {
    meanMs: middle2(runs.map((r) => r.metrics.mean)),
    maxMs: Math.max(...runs.map((r) => r.metrics.max)),
    rps: middle2(runs.map((r) => r.metrics.rps)),
    runs: runs.length
  };
}
function assembleCell(parts) {
  const { latency, gate } = parts;
  const errorRate = compareErrorRates(parts.candidateEligible, parts.baselineEligible, gate);
  const reasons = [...latency.reasons, ...errorRateReasons(errorRate)];
  const accuracyValue = checkAccuracy(parts.candidateEligible);
  const accuracyFails = gate.minAccuracy !== void 0 && parts.candidateEligible.length > 0 && accuracyValue < gate.minAccuracy;
  if (accuracyFails) reasons.push(accuracyReason(accuracyValue, gate.minAccuracy));
  if (parts.control) reasons.push("control profile: measures the runner, never gates");
  const cell = {
    cell: cellId(parts.profile, parts.scenario),
    profile: parts.profile,
    scenario: parts.scenario,
    control: parts.control,
    metric: gate.metric,
    method: parts.method,
    candidate: latency.candidate,
    baseline: latency.baseline,
    ratio: latency.ratio,
    changePct: latency.changePct,
    pValue: latency.pValue,
    adjustedPValue: null,
    latencyVerdict: latency.verdict,
    errorRate,
    // A request that fails its checks is a wrong answer: fast wrong answers are no improvement.
    verdict: accuracyFails ? "regression" : cellVerdict(latency.verdict, errorRate),
    reasons,
    runs: parts.runs,
    checkAccuracy: accuracyValue,
    latencyTest: latency.latencyTest,
    excludedRuns: parts.excludedRuns
  };
  if (gate.minAccuracy !== void 0) cell.accuracy = { min: gate.minAccuracy, fails: accuracyFails };
  const achieved = achievedLoad(parts.candidateEligible.filter((r) => r.variant === "candidate"));
  if (achieved) cell.achieved = achieved;
  if (latency.otherRatios !== void 0) cell.otherRatios = latency.otherRatios;
  if (latency.wilcoxonPValue !== void 0) cell.wilcoxonPValue = latency.wilcoxonPValue;
  if (latency.sigmaLogRatio !== void 0) cell.sigmaLogRatio = latency.sigmaLogRatio;
  if (latency.minDetectablePct !== void 0) cell.minDetectablePct = latency.minDetectablePct;
  return cell;
}
function otherMetrics(metric2) {
  return ["p50", "p95", "p99"].filter((m) => m !== metric2);
}

// src/stats/run-selection.ts
function hasUsableMetric(run2, metric2) {
  const value = run2.metrics[metric2];
  return Number.isFinite(value) && value > 0;
}
function emptySelection() {
  return { eligible: [], measured: [], warmup: 0, invalid: 0, empty: 0, invalidReasons: [] };
}
function selectRuns(runs, metric2) {
  const selection = emptySelection();
  for (const run2 of runs) {
    if (run2.warmup) {
      selection.warmup += 1;
    } else if (!run2.valid) {
      selection.invalid += 1;
      const reason = run2.invalidReason ?? "marked invalid";
      if (!selection.invalidReasons.includes(reason)) selection.invalidReasons.push(reason);
    } else {
      selection.eligible.push(run2);
      if (hasUsableMetric(run2, metric2)) selection.measured.push(run2);
      else selection.empty += 1;
    }
  }
  return selection;
}
function excludedCount(selection) {
  return selection.warmup + selection.invalid + selection.empty;
}
function exclusionReason(side, selection, metric2) {
  const parts = [];
  if (selection.warmup > 0) parts.push(`${selection.warmup} warm-up run${plural(selection.warmup)}`);
  if (selection.invalid > 0) {
    parts.push(
      `${selection.invalid} invalid run${plural(selection.invalid)} (${selection.invalidReasons.join("; ")})`
    );
  }
  if (selection.empty > 0) {
    parts.push(
      `${selection.empty} run${plural(selection.empty)} without a ${metric2.toUpperCase()} (no request completed)`
    );
  }
  if (parts.length === 0) return null;
  return `${side}: excluded ${parts.join(", ")} from the statistics`;
}
function plural(n) {
  return n === 1 ? "" : "s";
}

// src/stats/paired-comparison.ts
function pairByRound(candidateRuns, baselineRuns, metric2) {
  const duplicates = /* @__PURE__ */ new Set();
  const byRound = (runs) => {
    const map = /* @__PURE__ */ new Map();
    for (const run2 of runs) {
      if (!hasUsableMetric(run2, metric2)) continue;
      const key = run2.block ?? run2.round;
      const values = map.get(key);
      if (values) {
        values.push(run2.metrics[metric2]);
        if (run2.block === void 0) duplicates.add(run2.round);
      } else {
        map.set(key, [run2.metrics[metric2]]);
      }
    }
    return map;
  };
  const candidate = byRound(candidateRuns);
  const baseline = byRound(baselineRuns);
  const pairs2 = [];
  let unpaired = 0;
  for (const [round3, values] of candidate) {
    const partner = baseline.get(round3);
    if (partner) pairs2.push({ round: round3, candidate: geometricMean(values), baseline: geometricMean(partner) });
    else unpaired += values.length;
  }
  for (const [round3, values] of baseline) if (!candidate.has(round3)) unpaired += values.length;
  pairs2.sort((a, b) => a.round - b.round);
  return { pairs: pairs2, unpaired, duplicateRounds: [...duplicates].sort((a, b) => a - b) };
}
function geometricMean(values) {
  return values.length === 1 ? values[0] : Math.exp(mean(values.map(Math.log)));
}
function wilcoxonPValue(logRatios2) {
  if (logRatios2.length < 2) return null;
  if (logRatios2.every((d) => d === 0)) return 1;
  try {
    return (0, import_stats_wilcoxon.default)([...logRatios2]).pValue;
  } catch {
    return null;
  }
}
function comparePaired(input) {
  const { gate } = input;
  const { metric: metric2 } = gate;
  const candidate = selectRuns(input.candidateRuns, metric2);
  const baseline = selectRuns(input.baselineRuns, metric2);
  const reasons = [];
  for (const [side, selection] of [
    ["candidate", candidate],
    ["baseline", baseline]
  ]) {
    const excluded = exclusionReason(side, selection, metric2);
    if (excluded) reasons.push(excluded);
  }
  const pairing = pairByRound(candidate.measured, baseline.measured, metric2);
  if (pairing.unpaired > 0) {
    reasons.push(
      `${pairing.unpaired} run${pairing.unpaired === 1 ? "" : "s"} without a partner in the same round left out of the pairs`
    );
  }
  if (pairing.duplicateRounds.length > 0) {
    reasons.push(
      `rounds ${pairing.duplicateRounds.join(", ")} had more than one run of a variant; combined by geometric mean`
    );
  }
  const latency = pairedLatency(pairing, candidate, baseline, gate);
  latency.reasons.unshift(...reasons);
  return assembleCell({
    profile: input.profile,
    scenario: input.scenario,
    control: input.control,
    method: "paired",
    gate,
    latency,
    candidateEligible: candidate.eligible,
    baselineEligible: baseline.eligible.length > 0 ? baseline.eligible : null,
    runs: [...input.candidateRuns, ...input.baselineRuns],
    excludedRuns: excludedCount(candidate) + excludedCount(baseline) + pairing.unpaired
  });
}
function pairSummaries(pairs2, confidence) {
  return {
    candidate: summarize(
      pairs2.map((p) => p.candidate),
      confidence
    ),
    baseline: summarize(
      pairs2.map((p) => p.baseline),
      confidence
    )
  };
}
function logRatios(pairs2) {
  return pairs2.map((p) => Math.log(p.candidate / p.baseline));
}
var UNDECIDED = {
  ratio: null,
  pValue: null,
  verdict: "inconclusive",
  latencyTest: "paired-t"
};
function pairedLatency(pairing, candidate, baseline, gate) {
  const n = pairing.pairs.length;
  if (n === 0) return unpairedLatency(candidate, baseline, gate);
  const summaries = pairSummaries(pairing.pairs, gate.confidence);
  const ratios = logRatios(pairing.pairs);
  if (n < MIN_RUNS) {
    const point = Math.exp(mean(ratios));
    return {
      ...UNDECIDED,
      ...summaries,
      changePct: (point - 1) * 100,
      reasons: [
        `only ${n} pair${n === 1 ? "" : "s"}: at least ${MIN_RUNS} are needed for a confidence interval (point estimate ${formatChange(point)})`
      ]
    };
  }
  const { interval: interval2, ratio, decision } = decideRatio(meanEstimate(ratios), gate);
  const wilcoxonP = wilcoxonPValue(ratios);
  const sigma = sd(ratios);
  const blocks = candidate.measured.some((run2) => run2.block !== void 0);
  const reasons = [
    `paired t over ${n} ${blocks ? "blocks of freshly started stacks" : "pairs"} (sd of log ratio ${sigma.toFixed(3)})`
  ];
  if (interval2.se === 0) reasons.push("every pair has the same ratio: the interval has zero width");
  reasons.push(decision.reason);
  const note = wilcoxonNote(decision.verdict, wilcoxonP, n, 1 - gate.confidence);
  if (note) reasons.push(note);
  return {
    ...summaries,
    ratio,
    changePct: (ratio.estimate - 1) * 100,
    pValue: interval2.pValue,
    verdict: decision.verdict,
    reasons,
    latencyTest: "paired-t",
    wilcoxonPValue: wilcoxonP,
    sigmaLogRatio: sigma,
    minDetectablePct: detectablePct(interval2, gate),
    otherRatios: otherPairedRatios(candidate.eligible, baseline.eligible, gate)
  };
}
function unpairedLatency(candidate, baseline, gate) {
  return {
    ...UNDECIDED,
    candidate: summarize(
      candidate.measured.map((run2) => run2.metrics[gate.metric]),
      gate.confidence
    ),
    baseline: null,
    changePct: null,
    reasons: [
      baseline.measured.length === 0 ? "no baseline for this cell" : "no complete pairs (no round has both variants)"
    ]
  };
}
function wilcoxonNote(verdict, p, n, alpha) {
  if (verdict !== "regression" || p === null || p < alpha) return null;
  const smallest = 2 / 2 ** n;
  if (smallest >= alpha) {
    return `Wilcoxon signed-rank p ${formatP(p)}: with ${n} pairs it cannot go below ${Number(smallest.toPrecision(3))}, so it cannot confirm; more pairs would`;
  }
  return `Wilcoxon signed-rank p ${formatP(p)} does not confirm the t interval; an outlier pair may drive the mean`;
}
function otherPairedRatios(candidateRuns, baselineRuns, gate) {
  const ratios = {};
  for (const metric2 of otherMetrics(gate.metric)) {
    const { pairs: pairs2 } = pairByRound(candidateRuns, baselineRuns, metric2);
    if (pairs2.length < MIN_RUNS) continue;
    ratios[metric2] = toRatio(tInterval(meanEstimate(logRatios(pairs2)), gate.confidence), gate.confidence);
  }
  return ratios;
}

// src/stats/cpu-per-request.ts
function targetService(target) {
  return new URL(target).hostname;
}
function runCpuPerRequest(samples, service, rps) {
  let cpuSeconds = 0;
  let spanS = 0;
  for (const s of samples) {
    if (s.service !== service || s.cpuSeconds === void 0 || s.intervalS === void 0) continue;
    cpuSeconds += s.cpuSeconds;
    spanS += s.intervalS;
  }
  const requests = rps * spanS;
  if (!(spanS > 0) || !(requests > 0) || !(cpuSeconds > 0)) return void 0;
  return { service, usPerRequest: cpuSeconds * 1e6 / requests, cpuSeconds, spanS };
}
function combinedVerdict(latency, cpu) {
  if (latency === "regression" || cpu === "regression") return "regression";
  return latency === "pass" && cpu === "pass" ? "pass" : "inconclusive";
}
function usable(runs) {
  return runs.filter((r) => !r.warmup && r.valid && r.cpuPerRequest !== void 0);
}
function valueOf(run2) {
  return run2.cpuPerRequest.usPerRequest;
}
function byBlock(runs) {
  const groups = /* @__PURE__ */ new Map();
  for (const run2 of runs) {
    const key = run2.block ?? run2.round;
    groups.set(key, [...groups.get(key) ?? [], Math.log(valueOf(run2))]);
  }
  return new Map([...groups].map(([key, logs]) => [key, Math.exp(mean(logs))]));
}
function verdictReason(verdict, text2, threshold) {
  const limit = formatChange(1 + threshold);
  if (verdict === "pass") return `CPU per request ${text2}: the upper bound is below the ${limit} threshold`;
  if (verdict === "regression")
    return `CPU per request ${text2}: significantly higher and the estimate exceeds the ${limit} threshold`;
  return `CPU per request ${text2}: not decided at the ${limit} threshold; more runs would decide`;
}
function compareCpuPerRequest(input) {
  const { gate } = input;
  const candidate = usable(input.candidateRuns);
  const baseline = input.baselineRuns ? usable(input.baselineRuns) : [];
  if (candidate.length === 0 && !input.gated) return void 0;
  const test = input.method === "paired" ? "paired-t" : "welch";
  const empty = emptyComparison(input, candidate, baseline);
  if (candidate.length === 0) return { ...empty, reasons: [noCandidateReason(input.candidateRuns)] };
  if (baseline.length === 0) return { ...empty, reasons: ["no baseline CPU per request for this cell"] };
  const sample = input.method === "paired" ? pairedSample(candidate, baseline, gate.confidence) : storedSample(candidate, baseline, gate.confidence);
  if ("shortfall" in sample) {
    return {
      ...empty,
      ...sample.summaries,
      test,
      changePct: sample.changePct,
      reasons: [sample.shortfall]
    };
  }
  const { interval: interval2, ratio, decision } = decideRatio(sample.estimate, gate);
  const verdict = decision.verdict;
  return {
    ...empty,
    ...sample.summaries,
    test,
    ratio,
    changePct: (ratio.estimate - 1) * 100,
    pValue: interval2.pValue,
    verdict,
    ...sample.sigma !== null ? { sigmaLogRatio: sample.sigma } : {},
    minDetectablePct: detectablePct(interval2, gate),
    reasons: [sample.what, verdictReason(verdict, formatRatio(ratio), gate.threshold)]
  };
}
function emptyComparison(input, candidate, baseline) {
  const service = [...input.candidateRuns, ...input.baselineRuns ?? []].find((r) => r.cpuPerRequest)?.cpuPerRequest?.service;
  return {
    service: service ?? "unknown",
    gated: input.gated,
    ...input.gated && input.only ? { only: true } : {},
    test: null,
    candidate: summarize(candidate.map(valueOf), input.gate.confidence),
    baseline: baseline.length > 0 ? summarize(baseline.map(valueOf), input.gate.confidence) : null,
    ratio: null,
    changePct: null,
    pValue: null,
    adjustedPValue: null,
    verdict: "inconclusive",
    reasons: []
  };
}
function noCandidateReason(candidateRuns) {
  const left = candidateRuns.filter((r) => r.cpuPerRequest && (r.warmup || !r.valid)).length;
  return left > 0 ? `no valid measured run with CPU counters (${left} warm-up or invalid run${left === 1 ? "" : "s"} left out)` : "no CPU counters were sampled (gate.sampleResources, docker stats)";
}
function pairedSample(candidate, baseline, confidence) {
  const a = byBlock(candidate);
  const b = byBlock(baseline);
  const keys = [...a.keys()].filter((k) => b.has(k)).sort((x, y) => x - y);
  const pairs2 = keys.map((k) => ({ candidate: a.get(k), baseline: b.get(k) }));
  const summaries = pairSummaries(pairs2, confidence);
  const ratios = logRatios(pairs2);
  if (pairs2.length < MIN_RUNS) {
    return {
      summaries,
      changePct: pairs2.length > 0 ? (Math.exp(mean(ratios)) - 1) * 100 : null,
      shortfall: `only ${pairs2.length} paired block(s) with CPU counters: at least ${MIN_RUNS} are needed`
    };
  }
  const sigma = sd(ratios);
  return {
    summaries,
    estimate: meanEstimate(ratios),
    sigma,
    what: `CPU per request: paired t over ${pairs2.length} blocks (sd of log ratio ${sigma.toFixed(3)})`
  };
}
function storedSample(candidate, baseline, confidence) {
  const summaries = {
    candidate: summarize(candidate.map(valueOf), confidence),
    baseline: summarize(baseline.map(valueOf), confidence)
  };
  if (candidate.length < MIN_RUNS || baseline.length < MIN_RUNS) {
    return {
      summaries,
      changePct: (summaries.candidate.mean / summaries.baseline.mean - 1) * 100,
      shortfall: `${candidate.length} candidate and ${baseline.length} baseline runs with CPU counters: at least ${MIN_RUNS} per side are needed`
    };
  }
  return {
    summaries,
    estimate: welchEstimate(
      candidate.map((r) => Math.log(valueOf(r))),
      baseline.map((r) => Math.log(valueOf(r)))
    ),
    sigma: null,
    what: `CPU per request: Welch t against ${baseline.length} stored runs (pooled over nights)`
  };
}
function withCpuPerRequest(cell, cpu) {
  if (!cpu) return cell;
  const next2 = { ...cell, cpuPerRequest: cpu };
  if (!cpu.gated || cell.control) return next2;
  const reasons = cpu.only ? [...cpu.reasons, `latency is shown, not gated (gate.cpuPerRequest: only): ${cell.latencyVerdict}`] : [...cell.reasons, ...cpu.reasons];
  return { ...next2, verdict: gatedCellVerdict(next2), reasons };
}
function gatedCellVerdict(cell) {
  if (cell.accuracy?.fails) return "regression";
  const cpu = cell.cpuPerRequest;
  const performance2 = !cpu?.gated ? cell.latencyVerdict : cpu.only ? cpu.verdict : combinedVerdict(cell.latencyVerdict, cpu.verdict);
  return cellVerdict(performance2, cell.errorRate);
}
function decidedByCpu(cell) {
  return cell.cpuPerRequest?.gated === true && cell.cpuPerRequest.only === true;
}
function decidingChangePct(cell) {
  return decidedByCpu(cell) ? cell.cpuPerRequest?.changePct ?? null : cell.changePct;
}

// src/stats/multiple-testing.ts
var HOLM_DOWNGRADE = "not significant after Holm correction across";
var CPU_HOLM_DOWNGRADE = `CPU per request ${HOLM_DOWNGRADE}`;
function holmAdjust(pValues) {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const adjusted = new Array(m).fill(1);
  let runningMax = 0;
  order.forEach(({ p, index }, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, (m - rank) * p));
    adjusted[index] = runningMax;
  });
  return adjusted;
}
function applyHolm(cells, blockConfidence, elsewhere = 0) {
  const family = [];
  for (const cell of cells) {
    if (cell.control) continue;
    const cpu = cell.cpuPerRequest;
    if (cell.pValue !== null && !(cpu?.gated && cpu.only))
      family.push({ cell, metric: "latency", p: cell.pValue });
    if (cpu?.gated && cpu.pValue !== null) family.push({ cell, metric: "cpu", p: cpu.pValue });
  }
  const adjusted = holmAdjust([...family.map((h) => h.p), ...new Array(elsewhere).fill(1)]);
  const withCpu = family.some((h) => h.metric === "cpu");
  const count3 = family.length + elsewhere;
  const size = withCpu ? `${count3} hypotheses (one per cell per gated metric)` : `${count3} cells`;
  const adjustedOf = (cell, metric2) => {
    const i = family.findIndex((h) => h.cell === cell && h.metric === metric2);
    return i < 0 ? void 0 : adjusted[i];
  };
  return cells.map((cell) => {
    const latencyP = adjustedOf(cell, "latency");
    const cpuP = adjustedOf(cell, "cpu");
    const next2 = { ...cell, reasons: [...cell.reasons] };
    if (latencyP === void 0 && cpuP === void 0) return next2;
    const alpha = 1 - (blockConfidence ?? cell.ratio?.confidence ?? 0.95);
    const needs = `needs < ${Number(alpha.toPrecision(3))}`;
    let downgraded = false;
    if (latencyP !== void 0) {
      next2.adjustedPValue = latencyP;
      if (cell.latencyVerdict === "regression" && latencyP >= alpha) {
        next2.latencyVerdict = "inconclusive";
        downgraded = true;
        next2.reasons.push(
          `${HOLM_DOWNGRADE} ${size} (adjusted p ${formatP(latencyP)}, ${needs}): regression downgraded to inconclusive`
        );
      }
    }
    if (cpuP !== void 0 && cell.cpuPerRequest) {
      const cpu = { ...cell.cpuPerRequest, adjustedPValue: cpuP, reasons: [...cell.cpuPerRequest.reasons] };
      if (cpu.verdict === "regression" && cpuP >= alpha) {
        cpu.verdict = "inconclusive";
        downgraded = true;
        const reason = `${CPU_HOLM_DOWNGRADE} ${size} (adjusted p ${formatP(cpuP)}, ${needs}): regression downgraded to inconclusive`;
        cpu.reasons.push(reason);
        next2.reasons.push(reason);
      }
      next2.cpuPerRequest = cpu;
    }
    if (downgraded) next2.verdict = gatedCellVerdict(next2);
    return next2;
  });
}
function beforeHolm(cell) {
  const isDowngrade = (r) => r.startsWith(HOLM_DOWNGRADE) || r.startsWith(CPU_HOLM_DOWNGRADE);
  const latencyDowngraded = cell.reasons.some((r) => r.startsWith(HOLM_DOWNGRADE));
  const cpuDowngraded = cell.reasons.some((r) => r.startsWith(CPU_HOLM_DOWNGRADE));
  const reasons = cell.reasons.filter((r) => !isDowngrade(r));
  const restored = { ...cell, adjustedPValue: null, reasons };
  if (cell.cpuPerRequest)
    restored.cpuPerRequest = {
      ...cell.cpuPerRequest,
      adjustedPValue: null,
      reasons: cell.cpuPerRequest.reasons.filter((r) => !isDowngrade(r)),
      ...cpuDowngraded ? { verdict: "regression" } : {}
    };
  if (!latencyDowngraded && !cpuDowngraded) return restored;
  if (latencyDowngraded) restored.latencyVerdict = "regression";
  restored.verdict = cell.capacity || cell.arena ? cell.verdict : gatedCellVerdict(restored);
  return restored;
}

// src/kinds/arena-enterprise/dimensions.ts
var DIMENSION_LABELS = {
  mcpDiscovery: "MCP discovery",
  mcpToolExec: "MCP tool exec",
  authChain: "Auth chain",
  policyEngine: "Policy engine",
  guardrails: "Guardrails",
  rateLimiting: "Rate limiting",
  resilience: "Resilience",
  governance: "Governance"
};
function gatedDimensions(scenario) {
  const enterprise = scenario?.enterprise;
  if (!enterprise || enterprise.gateDimensions === false) return [];
  return ENTERPRISE_DIMENSIONS.filter((d) => enterprise.dimensions[d] !== void 0);
}
function asDimension(runs, dimension) {
  return runs.map(
    (r) => r.arena ? { ...r, arena: { ...r.arena, score: r.arena.dimensions[dimension]?.score ?? 0 } } : r
  );
}
function compareDimensions(input, arena) {
  const gated = gatedDimensions(input.scenario);
  if (gated.length === 0 || input.baselineRuns === null) return { arena, reasons: [] };
  const dimensions = { ...arena.dimensions };
  const reasons = [];
  let uncompared = 0;
  for (const d of gated) {
    const { arena: own } = compareArena({
      method: input.method,
      candidateRuns: asDimension(input.candidateRuns, d),
      baselineRuns: asDimension(input.baselineRuns, d),
      threshold: input.gate.threshold,
      confidence: input.gate.confidence
    });
    const gate = dimensionGate(own);
    const entry = dimensions[d];
    if (entry) dimensions[d] = { ...entry, gate };
    if (!own.difference) {
      uncompared++;
      continue;
    }
    reasons.push(dimensionReason(d, gate, own, input.gate.threshold));
  }
  if (uncompared > 0 && arena.baseline !== null)
    reasons.push(`${uncompared} gated dimension(s) not compared: too few runs (or pairs) per side`);
  return { arena: { ...arena, dimensions }, reasons };
}
function dimensionGate(own) {
  const baselineMean = own.baseline && own.baseline.n > 0 ? own.baseline.mean : null;
  const nothingToLose = baselineMean === 0 && own.baseline?.values.every((v) => v === 0) === true;
  return {
    difference: own.difference,
    baselineMean,
    pValue: own.pValue,
    adjustedPValue: null,
    test: own.test,
    verdict: nothingToLose ? "pass" : own.verdict
  };
}
function dimensionReason(d, gate, own, threshold) {
  const test = gate.test === "paired-t" ? "paired t" : "Welch t";
  const head = `dimension ${DIMENSION_LABELS[d]} (${test}, p ${formatP(gate.pValue ?? 1)})`;
  if (gate.baselineMean === 0 && gate.verdict === "pass")
    return `${head}: 0 points on the baseline and the candidate: nothing to lose, pass`;
  const difference = own.difference;
  const { reason } = scoreVerdict(difference, gate.baselineMean ?? 0, threshold);
  return `${head}: ${reason.replace(/^score /, "")}: ${gate.verdict}`;
}
function settleEnterprise(cells, config) {
  const scenarioOf = (cell) => config.scenarios.find((s) => s.name === cell.scenario);
  const isGating = (cell) => !cell.control && cell.arena !== void 0 && gatedDimensions(scenarioOf(cell)).length > 0;
  const family = [];
  for (const cell of cells.filter(isGating)) {
    const a = cell.arena;
    if (a.pValue !== null) family.push({ cell, dimension: null, p: a.pValue });
    for (const d of gatedDimensions(scenarioOf(cell))) {
      const p = a.dimensions[d]?.gate?.pValue;
      if (p !== null && p !== void 0) family.push({ cell, dimension: d, p });
    }
  }
  const adjusted = holmAdjust(family.map((h) => h.p));
  const adjustedOf = (cell, dimension) => {
    const i = family.findIndex((h) => h.cell === cell && h.dimension === dimension);
    return i < 0 ? null : adjusted[i];
  };
  const size = `${family.length} hypotheses (the ERI and each gated dimension of every layer 1 cell)`;
  return cells.map((cell) => {
    if (!isGating(cell)) return cell.arena ? { ...cell, verdict: cell.arena.verdict } : cell;
    const a = cell.arena;
    const alpha = 1 - (a.difference?.confidence ?? 0.95);
    const needs = `needs < ${Number(alpha.toPrecision(3))}`;
    const reasons = [...cell.reasons];
    const corrected = (what, verdict2, p) => {
      if (verdict2 !== "regression" || p === null || p < alpha) return verdict2;
      reasons.push(
        `${what} drop ${HOLM_DOWNGRADE} ${size} (adjusted p ${formatP(p)}, ${needs}): regression downgraded to inconclusive`
      );
      return "inconclusive";
    };
    const eriP = adjustedOf(cell, null);
    let verdict = corrected("ERI", a.verdict, eriP);
    const dimensions = { ...a.dimensions };
    for (const d of gatedDimensions(scenarioOf(cell))) {
      const entry = dimensions[d];
      if (!entry?.gate) continue;
      const p = adjustedOf(cell, d);
      const gate = { ...entry.gate, adjustedPValue: p };
      gate.verdict = corrected(DIMENSION_LABELS[d], gate.verdict, p);
      dimensions[d] = { ...entry, gate };
      verdict = combinedVerdict(verdict, gate.verdict);
    }
    const arena = { ...a, dimensions, adjustedPValue: eriP, verdict };
    return { ...cell, arena, verdict, reasons };
  });
}

// src/arena/enterprise-score.ts
var AVAILABILITY_SHARE = 0.6;
var LATENCY_SHARE = 0.4;
function dimensionScore(m, capMs2) {
  if (!(m.passRate > 0)) return 0;
  const availability = 100 * Math.min(1, m.passRate);
  return AVAILABILITY_SHARE * availability + LATENCY_SHARE * cappedScore(m.p95, capMs2);
}
function scoreEnterprise(measured2, weights = DEFAULT_ENTERPRISE_WEIGHTS, capsMs = DEFAULT_ENTERPRISE_CAPS_MS) {
  const dimensions = {};
  let score = 0;
  for (const d of ENTERPRISE_DIMENSIONS) {
    const m = measured2[d];
    const s = m ? dimensionScore(m, capsMs[d]) : 0;
    dimensions[d] = { value: m ? m.passRate : 0, score: s };
    score += (weights[d] ?? 0) * s;
  }
  return { score: Math.min(100, Math.max(0, score)), dimensions };
}

// src/kinds/arena-enterprise/run.ts
function enterpriseEnv(options, dimension) {
  const settings = options.scenario.enterprise;
  const spec = settings?.dimensions[dimension];
  if (!settings || !spec)
    throw new InfrastructureError(
      `scenario ${options.scenario.name} has no enterprise dimension ${dimension}`
    );
  return {
    TARGET_URL: options.targetUrl,
    HEADERS: JSON.stringify(options.headers ?? options.profile.headers),
    ENTERPRISE_DIMENSION: dimension,
    ENTERPRISE_SPEC: JSON.stringify(spec),
    ITERATIONS: String(settings.iterations),
    RUN_ID: options.runKey ?? String(Date.now()),
    WARMUP: "0s",
    ...settings.jwt ? { JWT: JSON.stringify(settings.jwt) } : {}
  };
}
async function runArenaEnterprise(options) {
  const settings = options.scenario.enterprise;
  if (!settings) throw new InfrastructureError(`scenario ${options.scenario.name} has no enterprise settings`);
  const measured2 = {};
  const runKey = options.runKey ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  for (const dimension of ENTERPRISE_DIMENSIONS) {
    if (settings.dimensions[dimension] === void 0) continue;
    if (options.signal?.aborted) throw new InfrastructureError("interrupted");
    const result2 = await runK6Scenarios(
      {
        k6: options.k6,
        script: scriptPath(options.scenario),
        env: enterpriseEnv({ ...options, runKey }, dimension),
        // Throughput is not scored; 1 s keeps k6's parser from dividing by 0.
        durationS: 1,
        timeoutMs: 36e4,
        signal: options.signal
      },
      ["load"]
    );
    measured2[dimension] = result2.metrics.load;
  }
  const inputs = {};
  const phases = {};
  for (const [dimension, m] of Object.entries(measured2)) {
    inputs[dimension] = { passRate: m.requests > 0 ? m.checkAccuracy : 0, p95: m.p95 };
    phases[dimension] = {
      requests: m.requests,
      errorRate: m.errorRate,
      p50: m.p50,
      p95: m.p95,
      rps: m.rps
    };
  }
  const scored = scoreEnterprise(inputs, settings.weights, settings.capsMs);
  options.log.info(
    `${options.label} ERI ${scored.score.toFixed(1)}: ${Object.entries(scored.dimensions).map(([d, s]) => `${d} ${s.score.toFixed(1)}`).join(", ")}`
  );
  const first = Object.values(measured2)[0];
  return {
    metrics: first ?? emptyMetrics(),
    arena: { score: scored.score, dimensions: scored.dimensions, phases }
  };
}
function emptyMetrics() {
  return {
    p50: 0,
    p90: 0,
    p95: 0,
    p99: 0,
    max: 0,
    mean: 0,
    rps: 0,
    requests: 0,
    errorRate: 0,
    failedRequests: 0,
    checkAccuracy: 1,
    droppedIterations: 0
  };
}

// src/kinds/arena-enterprise/kind.ts
var arenaEnterpriseKind = {
  name: "arena layer 1",
  script: "arena-enterprise",
  async run(ctx) {
    const side = onlySide(ctx);
    const run2 = await runArenaEnterprise({
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile: ctx.profile,
      scenario: ctx.scenario,
      targetUrl: side.targetUrl,
      headers: side.headers,
      label: ctx.label
    });
    return singleOutcome(ctx, run2.metrics, { arena: run2.arena });
  },
  invalidReason: () => void 0,
  duet: false,
  // As before the kinds: the block warm-up took every built-in script but capacity and arena.
  warmable: true,
  loadWindow: false,
  cpuPerRequest: false,
  // One k6 process per configured dimension, each `iterations` short iterations (a rate-limit burst
  // sends `burst` requests per iteration); about 20 ms a request on a local stack.
  runSeconds(_config, scenario) {
    const enterprise = scenario.enterprise;
    if (!enterprise) return 0;
    const dims = Object.values(enterprise.dimensions).filter((d) => d !== void 0);
    const requests = dims.reduce((n, d) => n + (d.rateLimit?.burst ?? d.requests.length), 0);
    return dims.length * RUN_OVERHEAD_S + requests * enterprise.iterations * 0.02;
  },
  runLengthKeys: () => "enterprise.iterations",
  compare(input) {
    const gating = gatedDimensions(input.scenario).length > 0;
    const eri = compareScores(
      input,
      `latency and error rate below are those of the first configured dimension: reported, the ERI ${gating ? "and each configured dimension decide" : "decides"}`
    );
    const arena = eri.fields.arena;
    const dimensions = compareDimensions(input, arena);
    const [latency] = eri.reasons.slice(-1);
    return {
      fields: { ...eri.fields, arena: dimensions.arena },
      reasons: [
        ...eri.reasons.slice(0, -1).map((r) => r.replace(/^arena \(/, "ERI (")),
        ...dimensions.reasons,
        latency
      ]
    };
  },
  settle: (cells, _runs, config) => settleEnterprise(cells, config),
  describeRun: describeScoredRun,
  progressLine: scoreProgress
};

// src/kinds/capacity/chart.ts
function capacityValues(results) {
  const steps = [];
  const band = [];
  const found2 = [];
  for (const cell of results.cells) {
    const searches2 = cell.runs.filter((r) => !r.warmup && r.capacity);
    if (searches2.length === 0) continue;
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    let tolerance = 0;
    for (const run2 of searches2) {
      const search = run2.capacity;
      if (!search) continue;
      tolerance = search.rule.achievedTolerance;
      for (const step of search.steps) {
        low = Math.min(low, step.target);
        high = Math.max(high, step.target);
        steps.push({
          cell: cell.cell,
          search: `${run2.variant} #${run2.round}`,
          variant: run2.variant,
          target: step.target,
          achieved: tidy(step.achieved),
          errorPct: tidy(step.errorRate * 100),
          p95: tidy(step.p95),
          result: step.pass ? "pass" : "fail",
          reason: step.reason ?? ""
        });
      }
      if (search.capacity !== null) {
        found2.push({ cell: cell.cell, variant: run2.variant, capacity: search.capacity });
      }
    }
    for (const target of [low, high]) {
      band.push({
        cell: cell.cell,
        target,
        lower: tidy(target * (1 - tolerance)),
        upper: tidy(target * (1 + tolerance))
      });
    }
  }
  return { steps, band, found: found2 };
}
function capacityLayers(x, log) {
  return [
    {
      transform: [{ filter: "datum.layer === 'band'" }],
      mark: { type: "area", color: VERDICT_COLORS.pass, opacity: 0.15 },
      encoding: {
        x,
        y: {
          field: "lower",
          type: "quantitative",
          title: "Achieved rate (req/s)",
          scale: log
        },
        y2: { field: "upper" }
      }
    },
    {
      transform: [{ filter: "datum.layer === 'capacity'" }],
      mark: { type: "rule", strokeDash: [4, 3] },
      encoding: {
        x: { field: "capacity", type: "quantitative" },
        color: {
          field: "variant",
          type: "nominal",
          // The same title as the points' shape: one legend, each variant's shape in its line colour.
          title: "Variant",
          scale: { range: [VARIANT_COLORS.candidate, VARIANT_COLORS.baseline] }
        }
      }
    },
    {
      transform: [{ filter: "datum.layer === 'step'" }],
      mark: { type: "point", filled: true, size: 50 },
      encoding: {
        x,
        y: { field: "achieved", type: "quantitative", scale: log },
        shape: { field: "variant", type: "nominal", title: "Variant" },
        fill: {
          field: "result",
          type: "nominal",
          title: "Step",
          scale: { domain: ["pass", "fail"], range: [VERDICT_COLORS.pass, VERDICT_COLORS.regression] }
        },
        tooltip: [
          { field: "search", title: "Search" },
          { field: "target", title: "Target req/s" },
          { field: "achieved", title: "Achieved req/s" },
          { field: "errorPct", title: "Errors %" },
          { field: "p95", title: "P95 ms" },
          { field: "reason", title: "Failed because" }
        ]
      }
    }
  ];
}
function capacityChart(results) {
  const { steps, band, found: found2 } = capacityValues(results);
  if (steps.length === 0) return null;
  const cells = [...new Set(steps.map((s) => s.cell))];
  const log = { type: "log", nice: false, padding: 12 };
  const x = { field: "target", type: "quantitative", title: "Target rate (req/s)", scale: log };
  const title = {
    text: "Capacity search: achieved vs target rate",
    subtitle: "Shaded: the pass region (achieved within the tolerance of the target); lines: each search\u2019s capacity"
  };
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    facet: { field: "cell", sort: cells, title: null },
    columns: 3,
    data: {
      values: [
        ...steps.map((s) => ({ ...s, layer: "step" })),
        ...band.map((b) => ({ ...b, layer: "band" })),
        ...found2.map((f) => ({ ...f, layer: "capacity" }))
      ]
    },
    spec: { width: 260, height: 200, layer: capacityLayers(x, log) },
    // Each cell at its own rates (1 KB and 100 KB capacities differ by an order of magnitude); one
    // legend for the whole chart.
    resolve: { scale: { x: "independent", y: "independent" } },
    config: CHART_CONFIG
  };
  return { id: "capacity", title: title.text, spec };
}

// src/kinds/capacity/comparison.ts
function searches(runs) {
  return runs.filter((r) => !r.warmup && r.valid && r.capacity !== void 0);
}
function capacityOf(run2) {
  return run2.capacity?.capacity ?? null;
}
function capacityVerdict(ratio, threshold) {
  const limit = 1 - threshold;
  const what = `capacity x${ratio.estimate.toFixed(3)} [${ratio.lower.toFixed(3)}, ${ratio.upper.toFixed(3)}]`;
  const dropText = `-${(threshold * 100).toFixed(0)}%`;
  if (ratio.lower > limit) {
    return { verdict: "pass", reason: `${what}: the lower bound is above the ${dropText} threshold` };
  }
  if (ratio.upper < 1 && ratio.estimate < limit) {
    return {
      verdict: "regression",
      reason: `${what}: significantly lower (upper bound below x1) and the estimate is beyond the ${dropText} threshold`
    };
  }
  return {
    verdict: "inconclusive",
    reason: `${what}: the interval reaches below the ${dropText} threshold without a drop beyond it being shown; more searches would decide`
  };
}
function pairs(candidate, baseline) {
  const byKey = (runs) => {
    const map = /* @__PURE__ */ new Map();
    for (const run2 of runs) {
      const value = capacityOf(run2);
      if (value === null) continue;
      const key = run2.block ?? run2.round;
      map.set(key, [...map.get(key) ?? [], value]);
    }
    return map;
  };
  const geo = (values) => Math.exp(mean(values.map(Math.log)));
  const c = byKey(candidate);
  const b = byKey(baseline);
  const out = [];
  for (const [key, values] of c) {
    const other = b.get(key);
    if (other) out.push([geo(values), geo(other)]);
  }
  return out;
}
function capacities(runs) {
  return runs.map(capacityOf).filter((v) => v !== null);
}
function undecided(candidate, baseline, confidence) {
  const baselineValues = baseline ? capacities(baseline) : [];
  const count3 = (runs, outcome) => (runs ?? []).filter((r) => r.capacity?.outcome === outcome).length;
  return {
    candidate: summarize(capacities(candidate), confidence),
    baseline: baseline && baselineValues.length > 0 ? summarize(baselineValues, confidence) : null,
    ratio: null,
    changePct: null,
    pValue: null,
    adjustedPValue: null,
    test: null,
    verdict: "inconclusive",
    noCapacity: {
      candidate: candidate.filter((r) => capacityOf(r) === null).length,
      baseline: (baseline ?? []).filter((r) => capacityOf(r) === null).length
    },
    atMax: { candidate: count3(candidate, "at-max"), baseline: count3(baseline, "at-max") }
  };
}
function capacityInterval(method, candidate, baseline, confidence) {
  if (method === "paired") {
    const matched = pairs(candidate, baseline);
    return {
      test: "paired-t",
      sample: `${matched.length} pair(s) of searches`,
      interval: matched.length >= MIN_RUNS ? tInterval(meanEstimate(matched.map(([c, b]) => Math.log(c) - Math.log(b))), confidence) : null
    };
  }
  const candidateValues = capacities(candidate);
  const baselineValues = capacities(baseline);
  return {
    test: "welch",
    sample: `${candidateValues.length} candidate and ${baselineValues.length} baseline searches`,
    interval: candidateValues.length >= MIN_RUNS && baselineValues.length >= MIN_RUNS ? tInterval(welchEstimate(candidateValues.map(Math.log), baselineValues.map(Math.log)), confidence) : null
  };
}
function compareCapacity(input) {
  const candidate = searches(input.candidateRuns);
  const baseline = input.baselineRuns === null ? null : searches(input.baselineRuns);
  const base = undecided(candidate, baseline, input.confidence);
  const { atMax, noCapacity } = base;
  const reasons = [];
  if (atMax.candidate + atMax.baseline > 0) {
    reasons.push(
      `${atMax.candidate + atMax.baseline} search(es) passed at max: their capacity is a lower bound (raise capacity.max)`
    );
  }
  if (noCapacity.candidate > candidate.length / 2 && base.baseline !== null) {
    reasons.push(
      `capacity: ${noCapacity.candidate} of ${candidate.length} candidate searches found no rate meeting the pass rule, while the baseline's found ${base.baseline.median.toFixed(0)} req/s`
    );
    return { capacity: { ...base, verdict: "regression" }, reasons };
  }
  if (noCapacity.candidate > 0) {
    reasons.push(`${noCapacity.candidate} candidate search(es) found no passing rate and are left out`);
  }
  if (!baseline || base.baseline === null) {
    reasons.push("capacity: no baseline searches for this cell");
    return { capacity: base, reasons };
  }
  const { interval: interval2, test, sample } = capacityInterval(input.method, candidate, baseline, input.confidence);
  if (interval2 === null) {
    reasons.push(`capacity: only ${sample}; at least ${MIN_RUNS} per side are needed for an interval`);
    const point = base.candidate.n > 0 ? base.candidate.mean / base.baseline.mean : null;
    return {
      capacity: { ...base, test, changePct: point === null ? null : (point - 1) * 100 },
      reasons
    };
  }
  const ratio = toRatio(interval2, input.confidence);
  const decision = capacityVerdict(ratio, input.threshold);
  reasons.push(
    `capacity from ${sample} (${test === "paired-t" ? "paired t" : "Welch t"}, p ${formatP(interval2.pValue)}): ${decision.reason}`
  );
  return {
    capacity: {
      ...base,
      ratio,
      changePct: (ratio.estimate - 1) * 100,
      pValue: interval2.pValue,
      test,
      verdict: decision.verdict
    },
    reasons
  };
}
function capacityVerdicts(cells) {
  const family = cells.filter((c) => !c.control && c.capacity && c.capacity.pValue !== null);
  const adjusted = holmAdjust(family.map((c) => c.capacity?.pValue));
  const byCell = new Map(family.map((c, i) => [c, adjusted[i]]));
  return cells.map((cell) => {
    if (!cell.capacity) return cell;
    const capacity = { ...cell.capacity, adjustedPValue: byCell.get(cell) ?? null };
    const reasons = [...cell.reasons];
    const alpha = 1 - (capacity.ratio?.confidence ?? 0.95);
    if (capacity.verdict === "regression" && capacity.adjustedPValue !== null && capacity.adjustedPValue >= alpha) {
      capacity.verdict = "inconclusive";
      reasons.push(
        `capacity drop not significant after Holm correction across ${family.length} capacity cells (adjusted p ${formatP(capacity.adjustedPValue)}): downgraded to inconclusive`
      );
    }
    return { ...cell, capacity, verdict: capacity.verdict, reasons };
  });
}

// src/kinds/capacity/search.ts
function judgeStep(target, m, rule) {
  const reasons = [];
  if (!(m.errorRate < rule.errorRateCeiling)) {
    reasons.push(
      `error rate ${(m.errorRate * 100).toFixed(2)}% is not below ${(rule.errorRateCeiling * 100).toFixed(2)}%`
    );
  }
  const off = Math.abs(m.achieved - target) / target;
  if (off > rule.achievedTolerance) {
    reasons.push(
      `achieved ${m.achieved.toFixed(1)} req/s is ${(off * 100).toFixed(1)}% off the target (tolerance ${(rule.achievedTolerance * 100).toFixed(1)}%)`
    );
  }
  if (rule.p95CeilingMs !== void 0 && !(m.p95 <= rule.p95CeilingMs)) {
    reasons.push(`P95 ${m.p95.toFixed(2)} ms is above ${rule.p95CeilingMs} ms`);
  }
  return reasons.length === 0 ? { pass: true } : { pass: false, reason: reasons.join("; ") };
}
function checkOptions(o) {
  if (!(Number.isInteger(o.start) && o.start >= 1)) throw new RangeError("start must be an integer >= 1");
  if (!(Number.isInteger(o.max) && o.max >= o.start)) throw new RangeError("max must be an integer >= start");
  if (!(o.resolution > 0 && o.resolution < 1)) throw new RangeError("resolution must be in (0, 1)");
  if (!(Number.isInteger(o.maxSteps) && o.maxSteps >= 1)) throw new RangeError("maxSteps must be >= 1");
  if (!(Number.isInteger(o.retries ?? 0) && (o.retries ?? 0) >= 0))
    throw new RangeError("retries must be an integer >= 0");
}
async function searchCapacity(options, measure) {
  checkOptions(options);
  const steps = [];
  const retries = options.retries ?? 0;
  const tryRate = async (target, phase) => {
    for (let attempt = 1; ; attempt++) {
      const measurement = await measure(target, steps.length + 1);
      const judged = judgeStep(target, measurement, options.rule);
      steps.push({
        step: steps.length + 1,
        phase,
        attempt,
        target,
        measurement,
        pass: judged.pass,
        ...judged.reason ? { reason: judged.reason } : {}
      });
      if (judged.pass) return true;
      if (attempt > retries || steps.length >= options.maxSteps) return false;
    }
  };
  let lo = null;
  let hi = null;
  let rate = options.start;
  for (; ; ) {
    if (steps.length >= options.maxSteps) return result(lo, hi, "step-limit", steps);
    if (await tryRate(rate, "doubling")) {
      lo = rate;
      if (rate >= options.max) return result(lo, null, "at-max", steps);
      rate = Math.min(rate * 2, options.max);
    } else {
      hi = rate;
      break;
    }
  }
  for (; ; ) {
    const low = lo ?? 0;
    if (hi - low <= options.resolution * hi || hi - low <= 1) {
      return result(lo, hi, lo === null ? "below-start" : "bracketed", steps);
    }
    if (steps.length >= options.maxSteps) return result(lo, hi, "step-limit", steps);
    const mid = Math.floor((low + hi) / 2);
    if (mid <= low || mid < 1) return result(lo, hi, lo === null ? "below-start" : "bracketed", steps);
    if (await tryRate(mid, "bisection")) lo = mid;
    else hi = mid;
  }
}
function result(lo, hi, outcome, steps) {
  return { capacity: lo, outcome, ceiling: hi, steps };
}
function warmupRate(target, fraction) {
  return Math.max(1, Math.round(target * fraction));
}

// src/kinds/capacity/run.ts
async function runCapacitySearch(options) {
  const { scenario } = options;
  const settings = scenario.capacity;
  if (!settings) throw new InfrastructureError(`scenario ${scenario.name} has no capacity settings`);
  const durationS = scenarioDurationS(scenario);
  const rule = {
    errorRateCeiling: settings.errorRateCeiling,
    achievedTolerance: settings.achievedTolerance,
    ...settings.p95CeilingMs !== void 0 ? { p95CeilingMs: settings.p95CeilingMs } : {}
  };
  const found2 = await searchCapacity(
    {
      start: settings.start,
      max: settings.max,
      resolution: settings.resolution,
      maxSteps: settings.maxSteps,
      retries: settings.retries,
      rule
    },
    async (rate) => {
      if (options.signal?.aborted) throw new InfrastructureError("interrupted");
      const env = {
        ...scenarioEnv(options.profile, scenario, options.targetUrl),
        RATE: String(rate),
        WARMUP_RATE: String(warmupRate(rate, settings.warmupFraction))
      };
      const measured2 = await runK6Scenarios(
        {
          k6: options.k6,
          script: scriptPath(scenario),
          env,
          durationS,
          timeoutMs: durationS * 1e3 + durationMs(scenario.warmup) + 12e4,
          signal: options.signal
        },
        ["load"]
      );
      const metrics = measured2.metrics.load;
      return { achieved: metrics.rps, errorRate: metrics.errorRate, p95: metrics.p95, metrics };
    }
  );
  for (const step of found2.steps) {
    const m = step.measurement;
    options.log.info(
      `${options.label} capacity step ${step.step} (${step.phase}${step.attempt > 1 ? `, retry ${step.attempt - 1}` : ""}) ${step.target} req/s: achieved ${m.achieved.toFixed(1)}, errors ${(m.errorRate * 100).toFixed(2)}%, p95 ${m.p95.toFixed(2)} ms: ${step.pass ? "pass" : `fail (${step.reason})`}`
    );
  }
  const best = found2.steps.filter((s) => s.pass).sort((a, b) => b.target - a.target)[0] ?? found2.steps[0];
  if (!best) throw new InfrastructureError(`capacity search of ${options.label} measured no step`);
  return {
    metrics: best.measurement.metrics,
    capacity: {
      capacity: found2.capacity,
      outcome: found2.outcome,
      ceiling: found2.ceiling,
      rule,
      steps: found2.steps.map((s) => ({
        step: s.step,
        phase: s.phase,
        ...s.attempt > 1 ? { attempt: s.attempt } : {},
        target: s.target,
        achieved: s.measurement.achieved,
        errorRate: s.measurement.errorRate,
        p95: s.measurement.p95,
        requests: s.measurement.metrics.requests,
        droppedIterations: s.measurement.metrics.droppedIterations,
        pass: s.pass,
        ...s.reason ? { reason: s.reason } : {}
      }))
    }
  };
}

// src/kinds/capacity/kind.ts
function searchSteps(scenario) {
  const c = scenario.capacity;
  if (!c) return 1;
  const doublings = Math.ceil(Math.log2(c.max / c.start)) + 1;
  const bisections = Math.ceil(Math.log2(1 / c.resolution));
  return Math.min(c.maxSteps, doublings + bisections);
}
var capacityKind = {
  name: "capacity search",
  script: "capacity-search",
  async run(ctx) {
    const side = onlySide(ctx);
    const search = await runCapacitySearch({
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile: ctx.profile,
      scenario: ctx.scenario,
      targetUrl: side.targetUrl,
      label: ctx.label
    });
    return singleOutcome(ctx, search.metrics, { capacity: search.capacity });
  },
  // Steps above capacity drop iterations by design: a search is a result, never invalid.
  invalidReason: () => void 0,
  duet: false,
  warmable: false,
  loadWindow: false,
  cpuPerRequest: false,
  runSeconds: (_config, scenario) => loadRunSeconds(scenario) * searchSteps(scenario),
  runLengthKeys: (scenario) => `${loadRunKeys(scenario)} x up to capacity.maxSteps ${scenario.capacity?.maxSteps} steps`,
  compare(input) {
    const { capacity, reasons } = compareCapacity({
      method: input.method,
      candidateRuns: input.candidateRuns,
      baselineRuns: input.baselineRuns,
      threshold: input.gate.threshold,
      confidence: input.gate.confidence
    });
    return {
      fields: { capacity, loadModel: "open" },
      reasons: [
        ...reasons,
        "latency and error rate below are those of the capacity step: reported, not gated (the search holds them to its pass rule)"
      ]
    };
  },
  settle: (cells) => capacityVerdicts(cells),
  charts: [{ id: "capacity", build: capacityChart, shownInComment: true }],
  // The capacity (geometric mean of the searches, with their CI) and the ratio to the baseline's.
  progressLine(cell) {
    const c = cell.capacity;
    if (!c) return void 0;
    const base = c.baseline && c.baseline.n > 0 ? `, baseline ${withInterval(c.baseline, 0)}` : "";
    const ratio = c.ratio ? `: x${c.ratio.estimate.toFixed(3)} [${c.ratio.lower.toFixed(3)}, ${c.ratio.upper.toFixed(3)}]` : c.changePct !== null ? `: ${formatChange(1 + c.changePct / 100)}` : "";
    const found2 = c.candidate.n > 0 ? withInterval(c.candidate, 0) : "none found";
    return `${cell.cell} capacity ${found2} req/s${base}${ratio} ${cell.verdict}`;
  },
  describeRun(run2) {
    const c = run2.capacity;
    if (!c) return describeLatencyRun(run2);
    return `round ${run2.round} ${run2.cell} [${run2.variant}]: capacity ${c.capacity === null ? "none" : `${c.capacity} req/s`} (${c.outcome}, ${c.steps.length} steps), p95 at capacity ${run2.metrics.p95.toFixed(2)} ms`;
  }
};

// src/kinds/load/invalid-run.ts
var MAX_DROPPED_FRACTION = 0.01;
function invalidReason(scenario, metrics) {
  if (metrics.requests === 0) return "no request completed during the load phase";
  const droppedIterations = metrics.droppedIterations;
  const openModel = isOpenModel(scenario);
  const fraction = droppedIterations / (droppedIterations + metrics.requests);
  if (openModel && fraction > MAX_DROPPED_FRACTION) {
    return `dropped ${droppedIterations} iterations (${(fraction * 100).toFixed(1)}% of the load, more than ${MAX_DROPPED_FRACTION * 100}%): the open-model load was not delivered (raise maxVUs or lower rate)`;
  }
  return void 0;
}

// src/kinds/load/run.ts
function networksOf(stacks) {
  const names = stacks.flatMap(
    (stack) => [...stack.services.values()].flatMap((service) => service.container.getNetworkNames())
  );
  return [...new Set(names)].filter((name2) => name2 !== "host" && name2 !== "none");
}
function loadEnv(ctx) {
  const { profile, scenario, sides } = ctx;
  if (sides.length === 1) {
    const side = sides[0];
    return scenarioEnv(profile, scenario, side.targetUrl, side.headers);
  }
  const env = {
    ...scenarioEnv(profile, scenario, ""),
    TARGETS: JSON.stringify(Object.fromEntries(sides.map((s) => [s.variant, s.targetUrl]))),
    // A duet's stacks may hold different captured values (keys): headers per target.
    TARGET_HEADERS: JSON.stringify(Object.fromEntries(sides.map((s) => [s.variant, s.headers])))
  };
  delete env.TARGET_URL;
  return env;
}
async function runLoad(ctx) {
  const { scenario } = ctx;
  const durationS = scenarioDurationS(scenario);
  return runK6Scenarios(
    {
      k6: ctx.k6,
      script: scriptPath(scenario),
      wrap: k6Wrap(scenario),
      env: loadEnv(ctx),
      durationS,
      timeoutMs: durationS * 1e3 + durationMs(scenario.warmup) + 12e4,
      signal: ctx.signal,
      timeline: ctx.config.gate.timeline,
      flags: ctx.config.k6.flags,
      networks: networksOf(ctx.sides.map((s) => s.stack)),
      segments: ctx.config.k6.segments,
      progress: (message) => ctx.log.info(`${ctx.label}: ${message}`)
    },
    ctx.names
  );
}

// src/kinds/load/kind.ts
var loadRun = {
  run: runLoad,
  invalidReason,
  loadWindow: true,
  cpuPerRequest: true,
  runSeconds: (_config, scenario) => loadRunSeconds(scenario),
  runLengthKeys: loadRunKeys,
  describeRun: describeLatencyRun
};
var builtInLoadKind = {
  name: "built-in load",
  ...loadRun,
  duet: true,
  warmable: true
};
var ownScriptKind = {
  name: "own script",
  ...loadRun,
  duet: false,
  warmable: false
};

// src/kinds/startup/limit.ts
var STARTUP_NOTE = "start-up: this cell's latency figures are times from the gateway process's start to its first successful response, one per run (a warm restart)";
function applyStartupLimit(cell, runs, startup) {
  if (startup === void 0) return cell;
  return applyMaxMs(applyTolerance(cell, startup.toleranceMs), runs, startup.maxMs);
}
function applyTolerance(cell, toleranceMs) {
  if (toleranceMs === void 0 || cell.control || cell.verdict !== "inconclusive") return cell;
  if (!cell.ratio || !cell.baseline || cell.baseline.n === 0) return cell;
  const upperMs = cell.baseline.mean * (cell.ratio.upper - 1);
  if (!(upperMs < toleranceMs)) return cell;
  return {
    ...cell,
    verdict: "pass",
    reasons: [
      `start-up: the change is at most ${upperMs >= 0 ? "+" : ""}${upperMs.toFixed(1)} ms (upper bound of the ${Math.round(cell.ratio.confidence * 100)}% interval over the baseline's ${cell.baseline.mean.toFixed(1)} ms), below startup.toleranceMs ${toleranceMs} ms: pass`,
      ...cell.reasons
    ]
  };
}
function applyMaxMs(cell, runs, maxMs) {
  if (maxMs === void 0 || cell.control) return { ...cell, reasons: [...cell.reasons, STARTUP_NOTE] };
  const times = runs.filter((r) => r.cell === cell.cell && r.variant === "candidate" && !r.warmup && r.valid).map((r) => r.startup?.firstResponseMs).filter((v) => typeof v === "number");
  if (times.length === 0) return { ...cell, reasons: [...cell.reasons, STARTUP_NOTE] };
  const m = median(times);
  if (m > maxMs) {
    return {
      ...cell,
      verdict: "regression",
      reasons: [
        `start-up: median ${m.toFixed(0)} ms to the first successful response over ${times.length} starts exceeds the absolute limit startup.maxMs ${maxMs} ms`,
        ...cell.reasons,
        STARTUP_NOTE
      ]
    };
  }
  return {
    ...cell,
    reasons: [
      `start-up: median ${m.toFixed(0)} ms to the first successful response over ${times.length} starts, within startup.maxMs ${maxMs} ms`,
      ...cell.reasons,
      STARTUP_NOTE
    ]
  };
}

// src/kinds/startup/run.ts
var import_testcontainers2 = __toESM(require_build(), 1);
function wallClock() {
  return performance.timeOrigin + performance.now();
}
var POLL_TIMEOUT_MS = 1e3;
function startupResponseOk(response, expect) {
  if (response.status !== expect.status) return false;
  return Object.entries(expect.headers).every(
    ([name2, value]) => (response.headers.get(name2) ?? "").includes(value)
  );
}
function startupMetrics(firstResponseMs) {
  const v = firstResponseMs ?? 0;
  return {
    p50: v,
    p90: v,
    p95: v,
    p99: v,
    max: v,
    mean: v,
    rps: 0,
    // 0 when nothing answered in time: the run is then invalid ("no request completed").
    requests: firstResponseMs === null ? 0 : 1,
    errorRate: 0,
    failedRequests: 0,
    checkAccuracy: 1,
    droppedIterations: 0
  };
}
async function poll(url, init, ok, deadline, intervalMs, signal) {
  let polls = 0;
  while (wallClock() < deadline) {
    if (signal?.aborted) throw new InfrastructureError("interrupted");
    polls++;
    try {
      const response = await fetch(url(), { ...init, signal: AbortSignal.timeout(POLL_TIMEOUT_MS) });
      const passed = ok(response);
      await response.body?.cancel();
      if (passed) return { at: wallClock(), polls };
    } catch {
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return { at: null, polls };
}
async function runStartup(options) {
  const settings = options.scenario.startup;
  if (!settings) throw new InfrastructureError(`scenario ${options.scenario.name} has no startup settings`);
  const serviceName = settings.service ?? new URL(options.profile.target).hostname;
  const service = options.stack.services.get(serviceName);
  if (!service?.reattach)
    throw new InfrastructureError(`start-up: service "${serviceName}" cannot be restarted on this stack`);
  const client = await (0, import_testcontainers2.getContainerRuntimeClient)();
  const container = client.container.getById(service.container.getId());
  await container.stop({ t: 10 });
  const callAt = wallClock();
  await container.start();
  const returnedAt = wallClock();
  await service.reattach();
  const reported = Date.parse((await container.inspect()).State.StartedAt);
  const started = Number.isFinite(reported) ? Math.min(Math.max(reported, callAt), returnedAt) : callAt;
  const deadline = started + durationMs(settings.timeout);
  const intervalMs = durationMs(settings.interval);
  const method = options.scenario.method;
  const body = method === "GET" ? void 0 : "x".repeat(Math.min(options.scenario.payloadBytes, 1 << 20));
  const proxied = poll(
    () => options.stack.resolveUrl(options.profile.target),
    { method, headers: options.headers ?? options.profile.headers, ...body !== void 0 ? { body } : {} },
    (r) => startupResponseOk(r, options.profile.expect),
    deadline,
    intervalMs,
    options.signal
  );
  const healthy = settings.healthPath ? poll(
    () => new URL(settings.healthPath, options.stack.resolveUrl(options.profile.target)).toString(),
    { method: "GET" },
    (r) => r.status >= 200 && r.status < 300,
    deadline,
    intervalMs,
    options.signal
  ) : Promise.resolve(null);
  const [first, health] = await Promise.all([proxied, healthy]);
  const firstResponseMs = first.at === null ? null : first.at - started;
  const healthyMs = health && health.at !== null ? health.at - started : void 0;
  const dockerStartMs = started - callAt;
  options.log.info(
    `${options.label} start-up of ${serviceName}: ` + (firstResponseMs === null ? `no successful response within ${settings.timeout}` : `first successful response ${firstResponseMs.toFixed(0)} ms after the process started`) + (healthyMs !== void 0 ? `, healthy after ${healthyMs.toFixed(0)} ms` : "") + ` (Docker's start ${dockerStartMs.toFixed(0)} ms before that; ${first.polls} polls)`
  );
  return {
    metrics: startupMetrics(firstResponseMs),
    startup: {
      service: serviceName,
      firstResponseMs,
      ...healthyMs !== void 0 ? { healthyMs } : {},
      dockerStartMs,
      polls: first.polls
    }
  };
}

// src/kinds/startup/kind.ts
var startupKind = {
  name: "start-up",
  script: "startup",
  async run(ctx) {
    const side = onlySide(ctx);
    const run2 = await runStartup({
      log: ctx.log,
      signal: ctx.signal,
      stack: side.stack,
      profile: ctx.profile,
      scenario: ctx.scenario,
      headers: side.headers,
      label: ctx.label
    });
    return singleOutcome(ctx, run2.metrics, { startup: run2.startup });
  },
  invalidReason(scenario, metrics, outcome) {
    if (outcome.startup && outcome.startup.firstResponseMs === null) {
      return `no successful response within startup.timeout ${scenario.startup?.timeout} of the start`;
    }
    return invalidReason(scenario, metrics);
  },
  duet: false,
  // As before the kinds: the block warm-up took every built-in script but capacity and arena.
  warmable: true,
  loadWindow: false,
  cpuPerRequest: true,
  // A stop (up to 10 s for a gateway that ignores SIGTERM) and a start; a few seconds.
  runSeconds: () => 5,
  runLengthKeys: () => "startup: one restart",
  // An absolute limit on top of the latency comparison, after Holm (it is no test).
  settle: (cells, runs, config) => cells.map(
    (cell) => applyStartupLimit(cell, runs, config.scenarios.find((s) => s.name === cell.scenario)?.startup)
  ),
  describeRun(run2) {
    const s = run2.startup;
    if (!s) return describeLatencyRun(run2);
    return `round ${run2.round} ${run2.cell} [${run2.variant}]: start-up of ${s.service} ${s.firstResponseMs === null ? "never answered" : `${s.firstResponseMs.toFixed(0)} ms from process start to the first successful response`}${s.healthyMs !== void 0 ? `, ${s.healthyMs.toFixed(0)} ms to healthy` : ""}`;
  }
};

// src/kinds/registry.ts
var SCENARIO_KINDS = [
  builtInLoadKind,
  ownScriptKind,
  capacityKind,
  arenaKind,
  arenaEnterpriseKind,
  startupKind
];
function kindOf(scenario) {
  const named = SCENARIO_KINDS.find((kind) => kind.script === scenario.script);
  if (named) return named;
  return isBuiltInScenario(scenario.script) ? builtInLoadKind : ownScriptKind;
}

// src/stats/steady-state.ts
var WARMUP_WINDOW_S = 3;
var DEFAULT_STEADY_RULE = { tolerance: 0.1, settledChanges: 2 };
function isSteady(p95s, rule = DEFAULT_STEADY_RULE) {
  if (p95s.length < rule.settledChanges + 1) return false;
  const last = p95s.slice(-(rule.settledChanges + 1));
  for (let i = 1; i < last.length; i++) {
    const before = last[i - 1];
    const after = last[i];
    if (!(before > 0 && after > 0)) return false;
    if (Math.abs(after / before - 1) > rule.tolerance) return false;
  }
  return true;
}

// src/plan/estimate.ts
var SESSION_S = 2.5;
var FIXED_S = 5;
function runSeconds(config, scenario) {
  return kindOf(scenario).runSeconds(config, scenario);
}
function duet(config, scenario) {
  return config.gate.pairing === "duet" && kindOf(scenario).duet;
}
function estimateGate(config, start, paired) {
  const gate = config.gate;
  const cellList = configCells(config).map(
    (c) => config.scenarios.find((s) => s.name === c.scenario)
  );
  const cells = cellList.length;
  const perRound = cellList.reduce((sum, s) => sum + runSeconds(config, s), 0);
  const rounds = gate.warmupRounds + gate.rounds;
  const sessions = sessionsPerPhase(config);
  const stored = start === "paired" ? null : {
    runs: rounds * cells,
    seconds: SESSION_S * sessions + rounds * perRound
  };
  const perPair = (s) => duet(config, s) ? 1 : 2;
  const processesPerPair = cellList.reduce((sum, s) => sum + perPair(s), 0);
  const pairSeconds = cellList.reduce((sum, s) => sum + perPair(s) * runSeconds(config, s), 0);
  const warmupS = blockWarmupSeconds(config);
  const block2 = paired && start !== "baseline" ? {
    processes: processesPerPair * gate.pairsPerBlock,
    seconds: SESSION_S * sessions + pairSeconds * gate.pairsPerBlock + warmupS,
    warmupS
  } : null;
  const minBlocks = Math.ceil(gate.rounds / gate.pairsPerBlock);
  const maxBlocks = Math.floor((gate.maxRounds ?? gate.rounds * 4) / gate.pairsPerBlock);
  const budgetS = durationMs(gate.timeBudget) / 1e3;
  const before = FIXED_S + (stored?.seconds ?? 0);
  const expectedS = block2 ? before + minBlocks * block2.seconds : before;
  const worstS = block2 ? Math.min(Math.max(budgetS, expectedS), before + maxBlocks * block2.seconds) : before;
  return {
    cells,
    stored,
    block: block2,
    minBlocks,
    maxBlocks,
    storedOnlyS: stored ? before : null,
    expectedS,
    worstS,
    budgetS
  };
}
function warmsCell(config, cell) {
  const scenario = config.scenarios.find((s) => s.name === cell.scenario);
  const profile = config.profiles.find((p) => p.name === cell.profile);
  return scenario !== void 0 && kindOf(scenario).warmable && profile?.control !== true;
}
function blockWarmupSeconds(config) {
  const mode = config.gate.blockWarmup;
  if (mode === "off") return 0;
  const window = mode === "auto" ? Math.max(
    (DEFAULT_STEADY_RULE.settledChanges + 1) * (WARMUP_WINDOW_S + RUN_OVERHEAD_S),
    durationMs(config.gate.blockWarmupMin) / 1e3
  ) : durationMs(mode) / 1e3 + RUN_OVERHEAD_S;
  return 2 * configCells(config).filter((c) => warmsCell(config, c)).length * window;
}
function sessionsPerPhase(config) {
  const cells = configCells(config);
  if (config.gate.isolation === "profile") return new Set(cells.map((c) => c.profile)).size;
  if (config.gate.isolation === "cell") return cells.length;
  return 1;
}
function formatSeconds(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

// src/plan/plan-size.ts
var MAX_PLAN_S = 24 * 3600;
function formatLong(seconds) {
  if (seconds < 3600) return formatSeconds(seconds);
  const hours = seconds / 3600;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  const days = hours / 24;
  if (days < 365) return `${Math.round(days)} days`;
  return `${(days / 365).toFixed(1)} years`;
}
function planProblems(config) {
  const gate = config.gate;
  const paired = config.baselineVariant !== void 0 && gate.method !== "stored";
  const estimates = [
    estimateGate(config, "baseline", false),
    ...gate.method === "paired" ? [] : [estimateGate(config, "stored", paired)],
    ...paired ? [estimateGate(config, "paired", true)] : []
  ];
  const longest = Math.max(...estimates.map((e) => e.expectedS));
  if (longest <= MAX_PLAN_S) return [];
  let slowest = { at: "", seconds: 0 };
  config.scenarios.forEach((s, i) => {
    const seconds = runSeconds(config, s);
    if (seconds > slowest.seconds) {
      const keys = kindOf(s).runLengthKeys(s);
      slowest = { at: `scenarios[${configIndex(config.scenarios, i)}] (${keys})`, seconds };
    }
  });
  const cells = estimates[0]?.cells ?? 0;
  const sweeps = config.scenarios.some((s) => s.sweep) ? ", sweep levels expanded" : "";
  const blocks = paired ? `; paired blocks: gate.rounds ${gate.rounds} / gate.pairsPerBlock ${gate.pairsPerBlock} at least, up to gate.maxRounds ${gate.maxRounds ?? gate.rounds * 4}` : "";
  return [
    `gate: the plan would take about ${formatLong(longest)} (run --dry-run shows the estimate), more than the ${MAX_PLAN_S / 3600} h limit: ${cells} ${cells === 1 ? "cell" : "cells"} (profiles x scenarios${sweeps}) x ${gate.warmupRounds + gate.rounds} rounds (gate.warmupRounds ${gate.warmupRounds} + gate.rounds ${gate.rounds})${blocks}; the longest run is ${formatLong(slowest.seconds)}, ${slowest.at}. Shorten the durations, lower the rounds or sweep fewer levels`
  ];
}
function loadGateConfig(file, env, options = {}) {
  const loaded = loadConfig(file, env, options);
  const problems = planProblems(loaded.config);
  if (problems.length > 0)
    throw new ConfigError(problems.map((m) => redact(`${loaded.file}: ${m}`, loaded.interpolated)));
  return loaded;
}

// src/report/format.ts
function formatMs(ms) {
  if (!Number.isFinite(ms)) return "\u2014";
  return `${roundForDisplay(ms)} ms`;
}
function roundForDisplay(value) {
  const abs = Math.abs(value);
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}
function formatSignedPct(pct, digits = 1) {
  if (!Number.isFinite(pct)) return "\u2014";
  const fixed = pct.toFixed(digits);
  return Number(fixed) === 0 ? `+${Math.abs(Number(fixed)).toFixed(digits)}%` : `${pct > 0 ? "+" : ""}${fixed}%`;
}
function formatDeltaMs(ms) {
  if (!Number.isFinite(ms)) return "\u2014";
  const text2 = roundForDisplay(Math.abs(ms));
  return `${ms < 0 && Number(text2) !== 0 ? "-" : "+"}${text2} ms`;
}
function formatRate2(fraction) {
  if (!Number.isFinite(fraction)) return "\u2014";
  const pct = fraction * 100;
  if (pct === 0) return "0%";
  if (pct < 0.01) return "<0.01%";
  if (pct < 1) return `${pct.toFixed(2)}%`;
  if (pct >= 99.995 && pct < 100) return ">99.99%";
  return `${pct.toFixed(pct >= 10 ? 1 : 2).replace(/\.0+$/, "")}%`;
}
function formatRps(rps) {
  if (!Number.isFinite(rps)) return "\u2014";
  return rps >= 100 ? rps.toFixed(0) : rps.toFixed(1);
}
function formatPValue(p) {
  if (!Number.isFinite(p)) return "\u2014";
  if (p < 1e-3) return "<0.001";
  return p.toFixed(3);
}
function metricLabel(metric2) {
  return metric2.toUpperCase();
}
var verdictIcons = { pass: "\u2705", regression: "\u274C", inconclusive: "\u26A0\uFE0F" };
function verdictIcon(verdict) {
  return verdictIcons[verdict];
}
function verdictSeverity(verdict) {
  return verdict === "regression" ? 0 : verdict === "inconclusive" ? 1 : 2;
}

// src/report/headline.ts
function verdictOutput(results) {
  return results.verdict === "regression" && results.acceptedRegression ? "accepted" : results.verdict;
}
var cellsWord = (k) => k === 1 ? "cell" : "cells";
function gatedWith(cells, verdict) {
  return cells.filter((cell) => !cell.control && cell.verdict === verdict);
}
function sentence(results) {
  const n = results.cells.filter((cell) => !cell.control).length;
  if (results.mode === "baseline")
    return `perf-gate: baseline recorded for ${results.cells.length} ${cellsWord(results.cells.length)}`;
  if (results.shard)
    return `perf-gate shard ${results.shard.index}/${results.shard.count}: partial verdict ${results.verdict}; the merge (perf-gate merge, or the action's mode: merge) decides across all cells`;
  switch (results.verdict) {
    case "regression": {
      const k = gatedWith(results.cells, "regression").length;
      const what = k > 0 ? `regression in ${k} of ${n} ${cellsWord(n)}` : "regression";
      return `perf-gate: ${what}${results.acceptedRegression ? " accepted" : ""}`;
    }
    case "inconclusive": {
      const k = gatedWith(results.cells, "inconclusive").length;
      return k > 0 ? `perf-gate: inconclusive in ${k} of ${n} ${cellsWord(n)}` : "perf-gate: inconclusive";
    }
    case "pass":
      return `perf-gate: pass (${n} ${cellsWord(n)} within ${formatSignedPct(results.threshold * 100, 0)})`;
  }
}
function icon(results) {
  if (results.mode === "baseline") return "\u{1F4E6}";
  if (results.verdict === "regression" && results.acceptedRegression) return "\u2611\uFE0F";
  return verdictIcon(results.verdict);
}
function headline(results, style = "report") {
  const accepted = results.acceptedRegression;
  if (style === "report") return `${icon(results)} ${sentence(results)}`;
  if (style === "log") return `${sentence(results)}${accepted ? ` (${accepted.reason})` : ""}`;
  const regressed = gatedWith(results.cells, "regression").map((c) => c.cell);
  const verdict = results.mode === "baseline" ? "baseline written" : results.shard ? `shard ${results.shard.index}/${results.shard.count} partial verdict: ${results.verdict.toUpperCase()} (join the shards with perf-gate merge)` : `verdict: ${verdictOutput(results).toUpperCase()}`;
  return `perf-gate ${verdict}` + (regressed.length > 0 ? ` (regressed: ${regressed.join(", ")})` : "") + (accepted ? `
accepted: ${accepted.reason}` : "");
}

// src/gate/artifacts.ts
import { constants as constants2 } from "node:fs";
import { access, lstat as lstat2, mkdir as mkdir2, readdir, rm as rm4, writeFile as writeFile4 } from "node:fs/promises";
import path15 from "node:path";

// src/report/assets.ts
import { readFile as readFile3 } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
var DIST_ASSETS = {
  font: "fonts/DejaVuSans.ttf",
  resvgWasm: "resvg/index_bg.wasm",
  vega: "vega/vega.min.js",
  vegaLite: "vega/vega-lite.min.js",
  vegaEmbed: "vega/vega-embed.min.js"
};
var AssetNotFoundError = class extends Error {
  constructor(asset, tried) {
    super(`perf-gate asset "${asset}" not found; tried: ${tried.join(", ")}`);
    this.asset = asset;
    this.tried = tried;
    this.name = "AssetNotFoundError";
  }
  asset;
  tried;
};
var requireHere = createRequire(import.meta.url);
function fromPackage(resolveSpecifier, fileNextToIt) {
  try {
    const resolved = requireHere.resolve(resolveSpecifier);
    return fileNextToIt === void 0 ? resolved : join(dirname(resolved), fileNextToIt);
  } catch {
    return null;
  }
}
function sourceFallback(asset) {
  switch (asset) {
    case "font":
      return fileURLToPath(new URL(`../../assets/${DIST_ASSETS.font}`, import.meta.url));
    case "resvgWasm":
      return fromPackage("@resvg/resvg-wasm/index_bg.wasm");
    // Package exports hide build/*.min.js, so resolve the entry point and look next to it.
    case "vega":
      return fromPackage("vega", "vega.min.js");
    case "vegaLite":
      return fromPackage("vega-lite", "vega-lite.min.js");
    case "vegaEmbed":
      return fromPackage("vega-embed", "vega-embed.min.js");
  }
}
function assetCandidates(asset) {
  const rel = DIST_ASSETS[asset];
  const candidates = [
    fileURLToPath(new URL(`./assets/${rel}`, import.meta.url)),
    fileURLToPath(new URL(`../assets/${rel}`, import.meta.url))
  ];
  const fallback = sourceFallback(asset);
  if (fallback !== null) candidates.push(fallback);
  return candidates;
}
async function readAsset(asset) {
  const tried = assetCandidates(asset);
  for (const path23 of tried) {
    try {
      return new Uint8Array(await readFile3(path23));
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
    }
  }
  throw new AssetNotFoundError(asset, tried);
}
async function readTextAsset(asset) {
  return new TextDecoder().decode(await readAsset(asset));
}
async function readVegaLibraries() {
  const [vega, vegaLite, vegaEmbed] = await Promise.all([
    readTextAsset("vega"),
    readTextAsset("vegaLite"),
    readTextAsset("vegaEmbed")
  ]);
  return { vega, vegaLite, vegaEmbed };
}

// src/report/charts/cdf.ts
function cdfValues(results) {
  const values = [];
  const cellsShown = [];
  for (const cell of results.cells) {
    if (cell.control || !cell.baseline || cell.baseline.values.length === 0) continue;
    if (cell.candidate.values.length === 0) continue;
    cellsShown.push(cell.cell);
    const sides = [["baseline", cell.baseline], ["candidate", cell.candidate]];
    for (const [variant2, summary2] of sides) {
      const sorted = [...summary2.values].sort((a, b) => a - b);
      const unit = summary2.unit === "night" ? "night" : "run";
      values.push({ cell: cell.cell, variant: variant2, unit, value: tidy(sorted[0] ?? 0), fraction: 0, order: 0 });
      sorted.forEach((value, i) => {
        values.push({
          cell: cell.cell,
          variant: variant2,
          unit,
          value: tidy(value),
          fraction: tidy((i + 1) / sorted.length),
          order: i + 1
        });
      });
    }
  }
  return { values, cellsShown };
}
function cdfChart(results) {
  const metric2 = metricLabel(results.metric);
  const { values, cellsShown } = cdfValues(results);
  if (cellsShown.length === 0) return null;
  const nights = values.some((row) => row.unit === "night");
  const x = { field: "value", type: "quantitative", scale: { zero: false }, title: `${metric2} (ms)` };
  const y = {
    field: "fraction",
    type: "quantitative",
    scale: { domain: [0, 1] },
    axis: { format: "%", tickCount: 4 },
    title: "Share \u2264 x"
  };
  const color = { field: "variant", type: "nominal", scale: variantScale(values), title: null };
  const tooltip = [
    { field: "cell", title: "Cell" },
    { field: "variant", title: "Variant" },
    { field: "unit", title: "One value per" },
    { field: "value", title: `${metric2} (ms)` },
    { field: "fraction", title: "Share at or below", format: ".0%" }
  ];
  const title = {
    text: `${metric2} distribution, baseline vs candidate (CDF)`,
    subtitle: nights ? [
      `One step per run's ${metric2}; a stored history's baseline`,
      `steps once per night (its geometric mean)`
    ] : `One step per run's ${metric2}: right of the other is slower`
  };
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    facet: { field: "cell", sort: cellsShown, title: null },
    columns: 4,
    spec: {
      width: 170,
      height: 120,
      layer: [
        {
          mark: { type: "line", interpolate: "step-after", strokeWidth: 1.5 },
          encoding: { x, y, color, order: { field: "order" } }
        },
        {
          // A dot per value; the step's starting point at 0% is not a value.
          transform: [{ filter: "datum.order > 0" }],
          mark: { type: "point", filled: true, size: 16, opacity: 1 },
          encoding: { x, y, color, tooltip }
        }
      ]
    },
    resolve: { scale: { x: "independent" } },
    config: CHART_CONFIG_LEGEND_TOP
  };
  return { id: "cdf", title: title.text, spec };
}

// src/report/charts/order.ts
function selectCells(results, max) {
  if (results.cells.length <= max) return results.cells;
  const rank = (cell) => cell.control ? 3 : verdictSeverity(cell.verdict);
  const picked = new Set(
    [...results.cells].sort((a, b) => rank(a) - rank(b) || Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0)).slice(0, max)
  );
  return results.cells.filter((cell) => picked.has(cell));
}
function measuredRuns(cell) {
  return cell.runs.filter((run2) => !run2.warmup && run2.valid);
}
function profileOrder(results) {
  return [...new Set(results.cells.map((cell) => cell.profile))];
}
function scenarioOrder(results) {
  const first = /* @__PURE__ */ new Map();
  results.cells.forEach((cell, i) => {
    if (!first.has(cell.scenario)) first.set(cell.scenario, i);
  });
  const family = (scenario) => {
    const at = scenario.indexOf("@");
    return at > 0 ? scenario.slice(0, at) : "";
  };
  const families = [...new Set([...first.keys()].map(family))];
  const level = (scenario) => {
    const cell = results.cells.find((c) => c.scenario === scenario);
    return cell ? cellConcurrency(cell) ?? Number.POSITIVE_INFINITY : Number.POSITIVE_INFINITY;
  };
  return [...first.keys()].sort(
    (a, b) => families.indexOf(family(a)) - families.indexOf(family(b)) || level(a) - level(b) || (first.get(a) ?? 0) - (first.get(b) ?? 0)
  );
}
var SCENARIO_COLUMNS = 3;
function byScenario(results) {
  const scenarios = scenarioOrder(results);
  if (scenarios.length <= 1) return null;
  if (scenarios.length <= SCENARIO_COLUMNS)
    return { facet: { column: { field: "scenario", sort: scenarios, title: null } } };
  return {
    facet: { field: "scenario", sort: scenarios, title: null },
    columns: SCENARIO_COLUMNS,
    resolve: { axis: { x: "independent" } }
  };
}
function cellConcurrency(cell) {
  if (cell.concurrency !== void 0) return cell.concurrency;
  const match = /(?:^|[^a-z])(?:vus?|c|conc|concurrency|rate|rps)[-_]?(\d+)(?:$|[^0-9])/i.exec(cell.scenario);
  return match?.[1] === void 0 ? void 0 : Number(match[1]);
}
function cellLoadModel(cell) {
  return cell.loadModel ?? (/rate|rps|arrival/i.test(cell.scenario) ? "open" : "closed");
}

// src/report/charts/concurrency.ts
var LOAD_AXIS = {
  closed: { id: "concurrency", axis: "Virtual users (VUs)", short: "VUs", tooltip: "VUs" },
  open: {
    id: "arrival-rate",
    axis: "Arrival rate (req/s)",
    short: "arrival rate",
    tooltip: "Arrival rate (req/s)"
  }
};
function medianRps(cell, variant2) {
  if (variant2 === "candidate" && cell.achieved) return cell.achieved.rps;
  const rps = measuredRuns(cell).filter((run2) => run2.variant === variant2).map((run2) => run2.metrics.rps);
  return rps.length === 0 ? null : median(rps);
}
function loadValues(cellsOfModel) {
  const payloads = /* @__PURE__ */ new Map();
  for (const cell of cellsOfModel) {
    const set = payloads.get(cell.profile) ?? /* @__PURE__ */ new Set();
    set.add(cell.payloadBytes);
    payloads.set(cell.profile, set);
  }
  const values = [];
  for (const cell of cellsOfModel) {
    const concurrency = cellConcurrency(cell);
    if (concurrency === void 0) continue;
    const series = (payloads.get(cell.profile)?.size ?? 0) > 1 ? `${cell.profile} \xB7 ${cell.payloadBytes ?? "?"} B` : cell.profile;
    const sides = [["candidate", cell.candidate], ["baseline", cell.baseline]];
    for (const [variant2, summary2] of sides) {
      if (!summary2) continue;
      const rps = medianRps(cell, variant2);
      values.push({
        cell: cell.cell,
        profile: cell.profile,
        series,
        variant: variant2,
        concurrency,
        latency: tidy(summary2.mean),
        lower: tidy(summary2.lower),
        upper: tidy(summary2.upper),
        ...rps === null ? {} : { rps: tidy(rps) }
      });
    }
  }
  return values;
}
function loadPanels(metric2, load, results, values) {
  const x = {
    field: "concurrency",
    type: "quantitative",
    title: load.axis,
    scale: { zero: false }
  };
  const legend = { symbolType: "stroke", symbolStrokeWidth: 2, symbolOpacity: 1 };
  const color = { field: "profile", type: "nominal", sort: profileOrder(results), title: "Profile", legend };
  const variants = variantScale(values).domain.reverse();
  const strokeDash = {
    field: "variant",
    type: "nominal",
    scale: { domain: variants, range: variants.map((v) => v === "candidate" ? [1, 0] : [4, 3]) },
    // Said in the subtitle: vega-lite draws a dash legend without a colour channel with transparent
    // symbols, so this legend rendered as bare labels.
    legend: null
  };
  const tooltip = [
    { field: "cell", title: "Cell" },
    { field: "variant", title: "Variant" },
    { field: "concurrency", title: load.tooltip },
    { field: "latency", title: `${metric2} (ms)` },
    { field: "rps", title: "Requests/s" }
  ];
  const band = {
    transform: [{ filter: "datum.variant === 'candidate'" }],
    mark: { type: "area", opacity: 0.15 },
    encoding: {
      x,
      y: { field: "lower", type: "quantitative" },
      y2: { field: "upper" },
      color,
      detail: { field: "series" }
    }
  };
  const line = (field, title) => ({
    mark: { type: "line", point: true },
    encoding: {
      x,
      y: { field, type: "quantitative", title },
      color,
      strokeDash,
      detail: { field: "series" },
      tooltip
    }
  });
  const latency = {
    width: 280,
    height: 200,
    layer: [band, line("latency", `${metric2} (ms), geometric mean`)]
  };
  const throughput = {
    width: 280,
    height: 200,
    transform: [{ filter: "isValid(datum.rps)" }],
    ...line("rps", "Requests/s (median of runs)")
  };
  return { panels: [latency, throughput], hasBaseline: variants.includes("baseline") };
}
function concurrencyChart(results, model = "closed") {
  const metric2 = metricLabel(results.metric);
  const load = LOAD_AXIS[model];
  const cellsOfModel = results.cells.filter((cell) => cellLoadModel(cell) === model);
  const levels = new Set(cellsOfModel.map(cellConcurrency).filter((level) => level !== void 0));
  if (levels.size < 2) return null;
  const values = loadValues(cellsOfModel);
  const { panels, hasBaseline } = loadPanels(metric2, load, results, values);
  const title = `${metric2} latency and throughput vs ${load.short}`;
  const spec = {
    $schema: CHART_SCHEMA,
    title: hasBaseline ? { text: title, subtitle: "Geometric mean of runs. Solid: candidate; dashed: baseline; band: 95% CI" } : { text: title, subtitle: "Geometric mean of runs; band: 95% CI" },
    data: { values },
    hconcat: panels,
    config: CHART_CONFIG
  };
  return { id: load.id, title, spec };
}

// src/report/charts/decision.ts
function decidedBy(cell, cpuOnly) {
  if (cpuOnly) {
    const cpu = cell.cpuPerRequest;
    if (!cpu?.ratio || !cpu.baseline) return null;
    return { ratio: cpu.ratio, verdict: cpu.verdict, delta: cpu.candidate.mean - cpu.baseline.mean };
  }
  if (!cell.ratio || !cell.baseline) return null;
  return { ratio: cell.ratio, verdict: cell.latencyVerdict, delta: cell.candidate.mean - cell.baseline.mean };
}
function ruleText(cell, decided, thresholdPct) {
  const { ratio, verdict } = decided;
  const pct = (value) => formatSignedPct((value - 1) * 100);
  const limit = formatSignedPct(thresholdPct, 0);
  if (cell.control) return "control: monitors the runner, not gated";
  let text2;
  if (verdict === "pass") text2 = `pass: upper ${pct(ratio.upper)} < ${limit}`;
  else if (verdict === "regression")
    text2 = `regression: lower ${pct(ratio.lower)} > 0%, estimate ${pct(ratio.estimate)} > ${limit}`;
  else if (ratio.lower > 1 && ratio.estimate > 1 + thresholdPct / 100)
    text2 = `inconclusive: estimate ${pct(ratio.estimate)} > ${limit}, not yet significant enough to block`;
  else if (ratio.lower > 1)
    text2 = `inconclusive: estimate ${pct(ratio.estimate)} \u2264 ${limit}, upper ${pct(ratio.upper)} above`;
  else text2 = `inconclusive: upper ${pct(ratio.upper)} \u2265 ${limit}, lower \u2264 0%`;
  return cell.verdict === verdict ? text2 : `${text2}; error rate: ${cell.verdict}`;
}
function decisionValues(results, thresholdPct, cpuOnly) {
  const values = [];
  for (const cell of results.cells) {
    const decided = decidedBy(cell, cpuOnly);
    if (!decided || cell.capacity || cell.arena) continue;
    values.push({
      cell: cell.cell,
      region: cell.control ? "control" : decided.verdict,
      estimatePct: tidy((decided.ratio.estimate - 1) * 100),
      lowerPct: tidy((decided.ratio.lower - 1) * 100),
      upperPct: tidy((decided.ratio.upper - 1) * 100),
      // Latency in ms, CPU per request in µs: named by unit, as the tooltip says.
      [cpuOnly ? "deltaUs" : "deltaMs"]: tidy(decided.delta),
      rule: ruleText(cell, decided, thresholdPct)
    });
  }
  return values;
}
function decisionPlot(x, y, color, thresholdPct, delta) {
  const tooltip = [
    { field: "cell", title: "Cell" },
    { field: "estimatePct", title: "Change (%)" },
    { field: "lowerPct", title: "CI lower (%)" },
    { field: "upperPct", title: "CI upper (%)" },
    delta,
    { field: "rule", title: "Decided by" }
  ];
  return {
    width: 300,
    height: { step: 26 },
    layer: [
      {
        // The regression side of the threshold: only an interval whose lower end is above 0% and
        // whose estimate lies in here blocks. One datum: inherited rows would stack one rect each.
        data: { values: [{}] },
        mark: { type: "rect", color: VERDICT_COLORS.regression, opacity: 0.08 },
        encoding: { x: { ...x, datum: thresholdPct }, x2: { value: "width" } }
      },
      {
        data: { values: [{}] },
        mark: { type: "rule", color: MUTED, strokeWidth: 1 },
        encoding: { x: { ...x, datum: 0 } }
      },
      {
        data: { values: [{}] },
        mark: { type: "rule", color: THRESHOLD_COLOR, strokeWidth: 1.5, strokeDash: [5, 3] },
        encoding: { x: { ...x, datum: thresholdPct } }
      },
      {
        mark: { type: "rule", strokeWidth: 3 },
        encoding: { x: { ...x, field: "lowerPct" }, x2: { field: "upperPct" }, y, color, tooltip }
      },
      {
        mark: { type: "point", filled: true, size: 60, opacity: 1 },
        encoding: { x: { ...x, field: "estimatePct" }, y, color, tooltip }
      }
    ]
  };
}
function decisionChart(results) {
  const thresholdPct = results.threshold * 100;
  const cpuOnly = results.cells.some((cell) => cell.cpuPerRequest?.only);
  const metric2 = cpuOnly ? "CPU per request" : metricLabel(results.metric);
  const values = decisionValues(results, thresholdPct, cpuOnly);
  if (values.length === 0) return null;
  const cells = values.map((row) => row.cell);
  const lows = values.map((row) => row.lowerPct);
  const highs = values.map((row) => row.upperPct);
  const domain = [
    Math.floor((Math.min(0, ...lows) - 2) / 5) * 5,
    Math.ceil((Math.max(thresholdPct, ...highs) + 2) / 5) * 5
  ];
  const regions = ["pass", "inconclusive", "regression", "control"].filter(
    (r) => values.some((row) => row.region === r)
  );
  const x = {
    type: "quantitative",
    scale: { domain, nice: false },
    title: `${metric2} change vs baseline (%), ${Math.round(results.confidence * 100)}% CI`
  };
  const y = { field: "cell", type: "nominal", sort: cells, title: null, axis: { labelLimit: 360 } };
  const color = {
    field: "region",
    type: "nominal",
    // The text beside each row names the verdict; a legend would repeat it.
    legend: null,
    scale: { domain: regions, range: regions.map((r) => VERDICT_COLORS[r]) }
  };
  const rules = {
    width: 10,
    height: { step: 26 },
    view: { stroke: null },
    mark: { type: "text", align: "left", fontSize: 11 },
    encoding: { y: { ...y, axis: null }, text: { field: "rule" }, color }
  };
  const title = {
    text: `${metric2} change against the ${formatSignedPct(thresholdPct, 0)} threshold`,
    subtitle: [
      `Pass: upper end left of the red line. Regression: lower end right of 0%`,
      `and the dot right of the red line. Otherwise inconclusive.`
    ]
  };
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    hconcat: [
      decisionPlot(
        x,
        y,
        color,
        thresholdPct,
        cpuOnly ? { field: "deltaUs", title: "Change (\xB5s per request)" } : { field: "deltaMs", title: "Change (ms, geometric means)" }
      ),
      rules
    ],
    spacing: 12,
    config: CHART_CONFIG
  };
  return { id: "decision", title: title.text, spec };
}

// src/report/charts/latency-comparison.ts
function comparisonValues(results) {
  const values = [];
  for (const cell of results.cells) {
    const sides = [["candidate", cell.candidate], ["baseline", cell.baseline]];
    for (const [variant2, summary2] of sides) {
      if (!summary2) continue;
      values.push({
        kind: "value",
        cell: cell.cell,
        profile: cell.profile,
        scenario: cell.scenario,
        variant: variant2,
        mean: tidy(summary2.mean),
        lower: tidy(summary2.lower),
        upper: tidy(summary2.upper),
        n: summary2.n
      });
    }
    if (cell.baseline && cell.changePct !== null) {
      const deltaMs = cell.candidate.mean - cell.baseline.mean;
      values.push({
        kind: "change",
        cell: cell.cell,
        profile: cell.profile,
        scenario: cell.scenario,
        variant: "candidate",
        top: tidy(Math.max(cell.candidate.upper, cell.candidate.mean)),
        changePct: tidy(cell.changePct),
        deltaMs: tidy(deltaMs),
        pct: formatSignedPct(cell.changePct, 0),
        ms: formatDeltaMs(deltaMs)
      });
    }
  }
  return values;
}
function comparisonLayers(metric2, values, profiles, hasChange) {
  const variants = variantScale(values.filter((row) => row.kind === "value"));
  const x = { field: "profile", type: "nominal", sort: profiles, title: null, axis: { labelAngle: -30 } };
  const xOffset = { field: "variant", sort: variants.domain, scale: { domain: variants.domain } };
  return [
    {
      transform: [{ filter: "datum.kind === 'value'" }],
      mark: { type: "bar", opacity: 0.85 },
      encoding: {
        x,
        xOffset,
        y: { field: "mean", type: "quantitative", title: `${metric2} (ms), geometric mean` },
        color: { field: "variant", type: "nominal", scale: variants, title: null },
        tooltip: [
          { field: "cell", title: "Cell" },
          { field: "variant", title: "Variant" },
          { field: "mean", title: `${metric2} geometric mean (ms)` },
          { field: "lower", title: "CI lower" },
          { field: "upper", title: "CI upper" },
          { field: "n", title: "Runs" }
        ]
      }
    },
    {
      transform: [{ filter: "datum.kind === 'value'" }],
      mark: { type: "rule", color: INK, strokeWidth: 1.5 },
      encoding: {
        x,
        xOffset,
        y: { field: "lower", type: "quantitative" },
        y2: { field: "upper" }
      }
    },
    // Two text layers, not one two-line text: vega grows multi-line text downwards from its anchor,
    // into the bar.
    ...hasChange ? [
      ["ms", -4],
      ["pct", -17]
    ].map(([field, dy]) => ({
      transform: [{ filter: "datum.kind === 'change'" }],
      mark: { type: "text", baseline: "bottom", dy, fontSize: 10, color: INK },
      encoding: {
        x,
        xOffset,
        y: { field: "top", type: "quantitative" },
        text: { field },
        tooltip: [
          { field: "cell", title: "Cell" },
          { field: "changePct", title: "Change (%)" },
          { field: "deltaMs", title: "Change (ms, geometric means)" }
        ]
      }
    })) : []
  ];
}
function latencyComparisonChart(results) {
  if (results.cells.length === 0) return null;
  const metric2 = metricLabel(results.metric);
  const values = comparisonValues(results);
  const hasChange = values.some((row) => row.kind === "change");
  const profiles = profileOrder(results);
  const layer = comparisonLayers(metric2, values, profiles, hasChange);
  const nights = results.cells.some((cell) => cell.baseline?.interval === "prediction");
  const title = {
    text: `${metric2} latency: baseline vs candidate`,
    // Short lines: vega sizes the image from an estimate of text width (no canvas here), which
    // overestimates long lines and leaves the image half empty.
    subtitle: [
      `Bars: geometric mean of per-run ${metric2}; lines: its 95% CI`,
      ...nights ? ["(a baseline of nights: prediction interval)"] : [],
      ...hasChange ? ["Above each candidate: change in % and ms"] : []
    ]
  };
  const facet = byScenario(results);
  const unit = { width: Math.max(240, profiles.length * 72), height: 220, layer };
  const spec = facet ? {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    ...facet,
    spec: unit,
    resolve: { scale: { y: "independent" } },
    config: CHART_CONFIG
  } : { $schema: CHART_SCHEMA, title, data: { values }, ...unit, config: CHART_CONFIG };
  return { id: "latency-comparison", title: title.text, spec };
}

// src/report/charts/latency-distribution.ts
var PERCENTILES = ["p50", "p90", "p95", "p99", "max"];
function latencyDistributionChart(results) {
  const values = [];
  for (const cell of results.cells) {
    for (const run2 of measuredRuns(cell)) {
      for (const percentile of PERCENTILES) {
        values.push({
          cell: cell.cell,
          profile: cell.profile,
          scenario: cell.scenario,
          variant: run2.variant,
          run: `${run2.variant} #${run2.round}`,
          percentile,
          latency: tidy(run2.metrics[percentile])
        });
      }
    }
  }
  if (values.length === 0) return null;
  const scenarios = scenarioOrder(results);
  const profiles = profileOrder(results);
  const facet = scenarios.length > 1 ? {
    facet: {
      row: { field: "scenario", sort: scenarios, title: null },
      column: { field: "profile", sort: profiles, title: null }
    }
  } : { facet: { field: "profile", sort: profiles, title: null }, columns: 4 };
  const title = {
    text: "Latency distribution per run",
    subtitle: "One line per measured run; log scale"
  };
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    ...facet,
    spec: {
      width: 150,
      height: 130,
      mark: { type: "line", point: { size: 20 }, opacity: 0.7, strokeWidth: 1 },
      encoding: {
        x: {
          field: "percentile",
          type: "ordinal",
          sort: [...PERCENTILES],
          title: null,
          axis: { labelAngle: 0 }
        },
        y: { field: "latency", type: "quantitative", scale: { type: "log" }, title: "Latency (ms)" },
        color: { field: "variant", type: "nominal", scale: variantScale(values), title: null },
        detail: { field: "run" },
        tooltip: [
          { field: "cell", title: "Cell" },
          { field: "run", title: "Run" },
          { field: "percentile", title: "Percentile" },
          { field: "latency", title: "Latency (ms)" }
        ]
      }
    },
    resolve: { scale: { y: "independent" } },
    config: CHART_CONFIG
  };
  return { id: "latency-distribution", title: title.text, spec };
}

// src/report/charts/night-trend.ts
function nightValues(results) {
  const values = [];
  const cellsShown = [];
  for (const cell of results.cells) {
    const baseline = cell.baseline;
    if (!baseline || baseline.unit !== "night" || baseline.values.length === 0) continue;
    const label = cell.control ? `${cell.cell} (ctrl)` : cell.cell;
    cellsShown.push(label);
    const n = baseline.values.length;
    baseline.values.forEach((value, i) => {
      values.push({ cell: label, kind: "night", night: i - (n - 1), latency: tidy(value) });
    });
    for (const night of [-(n - 1), 1]) {
      values.push({
        cell: label,
        kind: "band",
        night,
        lower: tidy(baseline.lower),
        upper: tidy(baseline.upper)
      });
    }
    values.push({
      cell: label,
      kind: "candidate",
      night: 1,
      latency: tidy(cell.candidate.mean),
      lower: tidy(cell.candidate.lower),
      upper: tidy(cell.candidate.upper)
    });
  }
  return { values, cellsShown };
}
function nightAxis(values) {
  const oldest = Math.min(...values.map((row) => row.night));
  const step = Math.max(1, Math.ceil(-oldest / 7));
  const ticks = [1];
  for (let night = 0; night >= oldest; night -= step) ticks.unshift(night);
  return {
    field: "night",
    type: "quantitative",
    scale: { domain: [oldest - 0.5, 1.5], nice: false },
    title: "Night (0 = newest), then this run (PR)",
    axis: { values: ticks, labelExpr: "datum.value === 1 ? 'PR' : datum.label", grid: false }
  };
}
function nightLayers(metric2, x) {
  const y = { type: "quantitative", scale: { zero: false } };
  const kind = (k) => [{ filter: `datum.kind === '${k}'` }];
  return [
    {
      transform: kind("band"),
      mark: { type: "area", color: VARIANT_COLORS.baseline, opacity: 0.2 },
      encoding: { x, y: { ...y, field: "lower" }, y2: { field: "upper" } }
    },
    {
      transform: kind("night"),
      mark: { type: "line", color: MUTED, point: { color: MUTED, size: 20 }, strokeWidth: 1 },
      encoding: {
        x,
        y: { ...y, field: "latency", title: `${metric2} (ms)` },
        tooltip: [
          { field: "cell", title: "Cell" },
          { field: "night", title: "Night" },
          { field: "latency", title: `${metric2} (ms)` }
        ]
      }
    },
    {
      transform: kind("candidate"),
      mark: { type: "rule", color: VARIANT_COLORS.candidate, strokeWidth: 2 },
      encoding: { x, y: { ...y, field: "lower" }, y2: { field: "upper" } }
    },
    {
      transform: kind("candidate"),
      mark: { type: "point", filled: true, color: VARIANT_COLORS.candidate, size: 50, opacity: 1 },
      encoding: {
        x,
        y: { ...y, field: "latency" },
        tooltip: [
          { field: "cell", title: "Cell" },
          { field: "latency", title: `This run ${metric2} geometric mean (ms)` },
          { field: "lower", title: "CI lower" },
          { field: "upper", title: "CI upper" }
        ]
      }
    }
  ];
}
function nightTrendChart(results) {
  const metric2 = metricLabel(results.metric);
  const { values, cellsShown } = nightValues(results);
  if (cellsShown.length === 0) return null;
  const spec = {
    $schema: CHART_SCHEMA,
    title: {
      text: `${metric2} over the baseline's nights, and this run`,
      // Clear of the first row's headers, which vega otherwise draws into the subtitle.
      offset: 14,
      subtitle: [
        `Grey: each night's geometric mean; band: ${Math.round(results.confidence * 100)}% prediction`,
        `interval for a new night; blue: this run's geometric mean and CI`
      ]
    },
    data: { values },
    facet: { field: "cell", sort: cellsShown, title: null },
    columns: 4,
    spec: { width: 170, height: 120, layer: nightLayers(metric2, nightAxis(values)) },
    // Each panel its own x axis: a shared one is drawn under the empty slots of a last, short row.
    resolve: { scale: { y: "independent" }, axis: { x: "independent" } },
    config: CHART_CONFIG
  };
  return { id: "night-trend", title: spec.title.text, spec };
}

// src/stats/profile-roles.ts
function isGated(part) {
  return part.control !== true;
}
function gatedCells(cells) {
  return cells.filter(isGated);
}
function referenceProfile(cells, configured) {
  if (configured !== null) return cells.some((c) => c.profile === configured) ? configured : null;
  return gatedCells(cells)[0]?.profile ?? null;
}

// src/report/charts/overhead.ts
function referenceProfile2(results, options = {}) {
  if (options.referenceProfile !== void 0) {
    return profileOrder(results).includes(options.referenceProfile) ? options.referenceProfile : null;
  }
  if (results.figures !== void 0) return results.figures.reference;
  return referenceProfile(results.cells, null);
}
function ratioTicks(low, high) {
  const ticks = [];
  for (let e = Math.floor(Math.log10(low)); e <= Math.ceil(Math.log10(high)); e++) {
    for (const m of [1, 2, 5]) {
      const v = tidy(m * 10 ** e);
      if (v >= low * 0.999 && v <= high * 1.001) ticks.push(v);
    }
  }
  if (ticks.length >= 3) return ticks;
  const raw = (high - low) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const linear = [];
  for (let v = Math.ceil(low / step) * step; v <= high * 1.001; v += step) linear.push(tidy(v));
  return linear;
}
function overheadValues(results, reference) {
  const values = [];
  const gatewayLabels = [];
  for (const other of results.cells) {
    if (other.profile === reference) continue;
    const ref = results.cells.find((c) => c.profile === reference && c.scenario === other.scenario);
    if (!ref) continue;
    const [cell, base] = other.control ? [ref, other] : [other, ref];
    const label = other.control ? `${reference} vs ${other.profile}` : other.profile;
    if (other.control && !gatewayLabels.includes(label)) gatewayLabels.push(label);
    const sides = [
      ["candidate", cell.candidate, base.candidate],
      ["baseline", cell.baseline, base.baseline]
    ];
    const figure = results.figures?.overhead.find(
      (o) => o.reference === base.profile && o.profile === cell.profile && o.scenario === cell.scenario
    )?.metrics[results.metric];
    for (const [variant2, summary2, refSummary] of sides) {
      if (!summary2 || !refSummary || refSummary.mean <= 0) continue;
      const ratio = variant2 === "candidate" && figure ? figure.ratio.estimate : summary2.mean / refSummary.mean;
      values.push({
        cell: cell.cell,
        profile: label,
        scenario: cell.scenario,
        variant: variant2,
        ratio: tidy(ratio),
        overheadPct: tidy((ratio - 1) * 100),
        ...variant2 === "candidate" && figure ? {
          lowerRatio: tidy(figure.ratio.lower),
          upperRatio: tidy(figure.ratio.upper),
          lowerPct: tidy((figure.ratio.lower - 1) * 100),
          upperPct: tidy((figure.ratio.upper - 1) * 100),
          addedMs: tidy(figure.addedMs.estimate)
        } : {}
      });
    }
  }
  return { values, gatewayLabels };
}
function ratioScale(values) {
  const ends = values.flatMap(
    (v) => [v.ratio, v.lowerRatio, v.upperRatio].filter((x) => typeof x === "number" && x > 0)
  );
  const low = tidy(Math.min(1, ...ends) / 1.05);
  const high = tidy(Math.max(1, ...ends) * 1.05);
  return {
    yScale: { type: "log", domain: [low, high], nice: false },
    yAxis: { values: ratioTicks(low, high), labelExpr: "datum.value + 'x'" }
  };
}
function overheadLayers(values, x, yTitle, reference) {
  const withCi = values.some((row) => row.lowerPct !== void 0);
  const variants = variantScale(values);
  const { yScale, yAxis } = ratioScale(values);
  return [
    {
      mark: { type: "bar", opacity: 0.85 },
      encoding: {
        x,
        xOffset: { field: "variant", sort: variants.domain },
        y: { field: "ratio", type: "quantitative", title: yTitle, scale: yScale, axis: yAxis },
        y2: { datum: 1 },
        color: { field: "variant", type: "nominal", scale: variants, title: null },
        tooltip: [
          { field: "cell", title: "Cell" },
          { field: "variant", title: "Variant" },
          { field: "ratio", title: `Ratio to ${reference}` },
          { field: "overheadPct", title: "Overhead (%)" },
          ...withCi ? [
            { field: "lowerPct", title: "CI low (%)" },
            { field: "upperPct", title: "CI high (%)" }
          ] : []
        ]
      }
    },
    { mark: { type: "rule", color: INK }, encoding: { y: { datum: 1 } } },
    ...withCi ? [
      {
        transform: [{ filter: "isValid(datum.lowerRatio)" }],
        mark: { type: "errorbar", ticks: true },
        encoding: {
          x,
          xOffset: { field: "variant", sort: variants.domain },
          // The same title as the bars': a shared axis otherwise lists both field names.
          y: { field: "lowerRatio", type: "quantitative", title: yTitle },
          y2: { field: "upperRatio" }
        }
      }
    ] : []
  ];
}
function overheadChart(results, options = {}) {
  const reference = referenceProfile2(results, options);
  if (reference === null) return null;
  const metric2 = metricLabel(results.metric);
  const { values, gatewayLabels } = overheadValues(results, reference);
  if (values.length === 0) return null;
  const withCi = values.some((row) => row.lowerPct !== void 0);
  const controls = new Set(results.cells.filter((c) => c.control).map((c) => c.profile));
  const others = [
    ...gatewayLabels,
    ...profileOrder(results).filter((p) => p !== reference && !controls.has(p))
  ];
  const x = { field: "profile", type: "nominal", sort: others, title: null, axis: { labelAngle: -30 } };
  const onlyGateway = others.length === gatewayLabels.length;
  const yTitle = onlyGateway ? `${metric2} ratio to no gateway (log scale)` : `${metric2} ratio to ${reference} (log scale)`;
  const layer = overheadLayers(values, x, yTitle, reference);
  const title = {
    text: onlyGateway ? `${metric2} overhead of ${reference} over no gateway` : `${metric2} overhead vs ${reference}`,
    // Short lines: a long subtitle would set the chart's width.
    subtitle: [
      onlyGateway ? `${reference} ${metric2} / the control's ${metric2} (1x: no overhead),` : `profile ${metric2} / ${reference} ${metric2} (1x: no overhead),`,
      withCi ? `geometric means; candidate with its ${Math.round(results.confidence * 100)}% CI` : "geometric means of runs",
      ...gatewayLabels.map((label) => `${label}: what the gateway itself adds`)
    ]
  };
  const facet = byScenario(results);
  const unit = { width: Math.max(140, others.length * 56), height: 200, layer };
  const spec = facet ? { $schema: CHART_SCHEMA, title, data: { values }, ...facet, spec: unit, config: CHART_CONFIG } : { $schema: CHART_SCHEMA, title, data: { values }, ...unit, config: CHART_CONFIG };
  return { id: "overhead", title: title.text, spec };
}

// src/report/charts/resources.ts
function resourceChart(results) {
  const values = [];
  for (const cell of results.cells) {
    for (const run2 of measuredRuns(cell)) {
      for (const sample of run2.resources) {
        values.push({
          cell: cell.cell,
          service: sample.service,
          run: `${run2.variant} #${run2.round}`,
          t: sample.t,
          cpuPercent: tidy(sample.cpuPercent),
          memoryMiB: tidy(sample.memoryMiB)
        });
      }
    }
  }
  if (values.length === 0) return null;
  const cells = [...new Set(values.map((row) => row.cell))];
  const panel = (field, title2) => ({
    facet: { field: "cell", sort: cells, title: null },
    columns: 4,
    spec: {
      width: 150,
      height: 110,
      mark: { type: "line", opacity: 0.6, strokeWidth: 1 },
      encoding: {
        x: { field: "t", type: "quantitative", title: "Seconds into the run" },
        y: { field, type: "quantitative", title: title2 },
        color: { field: "service", type: "nominal", title: "Service" },
        detail: { field: "run" },
        tooltip: [
          { field: "cell", title: "Cell" },
          { field: "service", title: "Service" },
          { field: "run", title: "Run" },
          { field: "t", title: "Second" },
          { field, title: title2 }
        ]
      }
    }
  });
  const title = {
    text: "Resource usage per container",
    subtitle: "Docker stats during each measured run's load phase"
  };
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    vconcat: [panel("cpuPercent", "CPU (%)"), panel("memoryMiB", "Memory (MiB)")],
    config: CHART_CONFIG
  };
  return { id: "resources", title: title.text, spec };
}

// src/report/charts/timeline.ts
function secondRows(cell, variant2) {
  const runs = measuredRuns(cell).filter((run2) => run2.variant === variant2 && run2.timeline?.length);
  const seconds = /* @__PURE__ */ new Map();
  for (const run2 of runs) {
    for (const bucket of run2.timeline ?? []) {
      const entry = seconds.get(bucket.t) ?? { p95: [], p50: [], requests: [] };
      entry.requests.push(bucket.requests);
      if (bucket.p95 !== void 0) entry.p95.push(bucket.p95);
      if (bucket.p50 !== void 0) entry.p50.push(bucket.p50);
      seconds.set(bucket.t, entry);
    }
  }
  return [...seconds].sort((a, b) => a[0] - b[0]).map(([t, entry]) => ({
    cell: cell.cell,
    variant: variant2,
    t,
    runs: runs.length,
    requests: tidy(median(entry.requests)),
    ...entry.p95.length === 0 ? {} : {
      p95: tidy(median(entry.p95)),
      p95Low: tidy(Math.min(...entry.p95)),
      p95High: tidy(Math.max(...entry.p95)),
      p50: tidy(entry.p50.length === 0 ? 0 : median(entry.p50))
    }
  }));
}
function timelineChart(results) {
  const metric2 = "P95";
  const values = [];
  const cellsShown = [];
  for (const cell of results.cells) {
    const rows = [...secondRows(cell, "baseline"), ...secondRows(cell, "candidate")];
    values.push(...rows);
    if (rows.length > 0) cellsShown.push(cell.cell);
  }
  if (cellsShown.length === 0) return null;
  const color = {
    field: "variant",
    type: "nominal",
    scale: variantScale(values),
    title: null,
    legend: { symbolType: "stroke", symbolStrokeWidth: 2, symbolOpacity: 1 }
  };
  const x = { field: "t", type: "quantitative", title: "Seconds into the load phase" };
  const spec = {
    $schema: CHART_SCHEMA,
    title: {
      text: `${metric2} latency over time within runs`,
      subtitle: ["Each second's P95: line = median over the runs,", "band = their range"]
    },
    data: { values },
    facet: { field: "cell", sort: cellsShown, title: null },
    columns: 4,
    spec: {
      width: 170,
      height: 120,
      layer: [
        {
          transform: [{ filter: "isValid(datum.p95)" }],
          mark: { type: "area", opacity: 0.18 },
          encoding: { x, y: { field: "p95Low", type: "quantitative" }, y2: { field: "p95High" }, color }
        },
        {
          transform: [{ filter: "isValid(datum.p95)" }],
          mark: { type: "line", strokeWidth: 1.5, point: { size: 12 } },
          encoding: {
            x,
            // Short: an axis title longer than the plot is tall pushes the facet headers away.
            y: { field: "p95", type: "quantitative", title: `${metric2} (ms)` },
            color,
            tooltip: [
              { field: "cell", title: "Cell" },
              { field: "variant", title: "Variant" },
              { field: "t", title: "Second" },
              { field: "p95", title: "P95 (ms), median over runs" },
              { field: "p95Low", title: "P95 lowest run" },
              { field: "p95High", title: "P95 highest run" },
              { field: "p50", title: "P50 (ms), median over runs" },
              { field: "requests", title: "Requests in the second" },
              { field: "runs", title: "Runs" }
            ]
          }
        }
      ]
    },
    // Each panel its own x axis: a shared one is drawn under the empty slots of a last, short row.
    resolve: { scale: { y: "independent" }, axis: { x: "independent" } },
    config: CHART_CONFIG_LEGEND_TOP
  };
  return { id: "timeline", title: spec.title.text, spec };
}

// src/report/charts/registry.ts
var DEFAULT_MAX_CHART_CELLS = 60;
var DECISION_CHART = { id: "decision", build: decisionChart, shownInComment: true };
var GATE_CHARTS = [
  { id: "latency-comparison", build: latencyComparisonChart, shownInComment: true },
  { id: "cdf", build: cdfChart, shownInComment: false },
  { id: "night-trend", build: nightTrendChart, shownInComment: false },
  { id: "timeline", build: timelineChart, shownInComment: false },
  { id: "concurrency", build: (results) => concurrencyChart(results, "closed"), shownInComment: false },
  { id: "arrival-rate", build: (results) => concurrencyChart(results, "open"), shownInComment: false },
  { id: "overhead", build: overheadChart, shownInComment: false },
  { id: "latency-distribution", build: latencyDistributionChart, shownInComment: false },
  { id: "resources", build: resourceChart, shownInComment: false }
];
var CHARTS_OPEN_IN_COMMENT = 2;
function chartRegistry(kindCharts) {
  const entries = [DECISION_CHART, ...kindCharts, ...GATE_CHARTS];
  return {
    entries,
    build: (results, options = {}) => buildCharts(entries, results, options),
    shownInComment: (ids) => shownInComment(entries, ids)
  };
}
function shownInComment(charts, ids) {
  const headline2 = new Set(charts.filter((entry) => entry.shownInComment).map((entry) => entry.id));
  const ordered = [...ids.filter((id) => headline2.has(id)), ...ids.filter((id) => !headline2.has(id))];
  return new Set(ordered.slice(0, CHARTS_OPEN_IN_COMMENT));
}
function buildCharts(charts, results, options) {
  const shown = selectCells(results, options.maxCells ?? DEFAULT_MAX_CHART_CELLS);
  const view = shown.length === results.cells.length ? results : { ...results, cells: shown };
  const suffix = view === results ? "" : ` (${shown.length} of ${results.cells.length} cells)`;
  return charts.map((entry) => entry.build(view, options)).filter((chart) => chart !== null).map((chart) => suffix ? { ...chart, title: `${chart.title}${suffix}` } : chart);
}

// src/kinds/charts.ts
var REPORT_CHARTS = chartRegistry(SCENARIO_KINDS.flatMap((kind) => kind.charts ?? []));
var buildCharts2 = REPORT_CHARTS.build;
var shownInComment2 = REPORT_CHARTS.shownInComment;

// src/report/cpu-content.ts
var LINE_MAX_CELLS = 3;
function summaryText(summary2) {
  if (!summary2 || summary2.n === 0) return "\u2014";
  if (summary2.n < 2) return `${roundForDisplay(summary2.mean)} \xB5s`;
  return `${roundForDisplay(summary2.mean)} \xB5s [${roundForDisplay(summary2.lower)}, ${roundForDisplay(summary2.upper)}]`;
}
function changeText(cpu) {
  const r = cpu.ratio;
  if (r)
    return `${formatSignedPct((r.estimate - 1) * 100)} [${formatSignedPct((r.lower - 1) * 100)}, ${formatSignedPct((r.upper - 1) * 100)}]`;
  return cpu.changePct === null ? "\u2014" : `${formatSignedPct(cpu.changePct)} (no interval)`;
}
function verdictText(cell, cpu) {
  if (cell.control) return `${cpu.verdict} (control)`;
  return cpu.gated ? cpu.verdict : `${cpu.verdict} (reported)`;
}
function cpuPerRequestTable(results) {
  const cells = results.cells.filter((c) => c.cpuPerRequest);
  if (cells.length === 0) return null;
  const level = `${Math.round(results.confidence * 100)}% CI`;
  const gated = cells.some((c) => c.cpuPerRequest?.gated);
  const only = cells.some((c) => c.cpuPerRequest?.only);
  const how = only ? "gated in latency's place" : gated ? "gated beside latency" : "reported, not gated";
  return {
    title: `Gateway CPU per request: CPU \xB5s of the target service per request over the load window (cgroup counter), ${level}; ${how}`,
    headers: [
      "Level",
      "Profile",
      "Service",
      "Baseline",
      "Candidate",
      "Change",
      "Verdict",
      "\u03C3 log ratio",
      "Detectable"
    ],
    rows: cells.map((cell) => {
      const cpu = cell.cpuPerRequest;
      return [
        cell.scenario,
        cell.profile,
        cpu.service,
        summaryText(cpu.baseline),
        summaryText(cpu.candidate),
        changeText(cpu),
        verdictText(cell, cpu),
        cpu.sigmaLogRatio === void 0 || cpu.sigmaLogRatio === null ? "\u2014" : cpu.sigmaLogRatio.toFixed(3),
        cpu.minDetectablePct === void 0 || cpu.minDetectablePct === null ? "\u2014" : formatSignedPct(cpu.minDetectablePct, 0)
      ];
    })
  };
}
function cpuPerRequestLine(results) {
  if (results.mode === "baseline") return null;
  const cells = results.cells.filter((c) => !c.control && c.cpuPerRequest);
  if (cells.length === 0) return null;
  const how = cells.some((c) => c.cpuPerRequest?.only) ? "gated in latency's place: the verdicts are its, the table's change is P95's" : cells.some((c) => c.cpuPerRequest?.gated) ? "gated" : "reported";
  if (cells.length > LINE_MAX_CELLS) {
    const count3 = (v) => cells.filter((c) => c.cpuPerRequest?.verdict === v).length;
    const parts = ["regression", "inconclusive", "pass"].map((v) => [v, count3(v)]).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${v}`);
    return `Gateway CPU per request (${how}): ${parts.join(", ")} of ${cells.length} cells (table below).`;
  }
  const listed = cells.map((cell) => {
    const cpu = cell.cpuPerRequest;
    const value = cpu.candidate.n > 0 ? ` ${roundForDisplay(cpu.candidate.mean)} \xB5s,` : "";
    return `\`${cell.cell}\`${value} ${changeText(cpu)}${cpu.gated ? ` ${cpu.verdict}` : ""}`;
  });
  return `Gateway CPU per request (${how}): ${listed.join("; ")}`;
}

// src/report/content/cell-rows.ts
function summaryLabel(confidence) {
  return `geo. mean [${Math.round(confidence * 100)}% CI]`;
}
function summaryWithCi(summary2) {
  if (!summary2) return "\u2014";
  return `${formatMs(summary2.mean)} [${roundForDisplay(summary2.lower)}, ${roundForDisplay(summary2.upper)}]`;
}
function verdictLabel(cell, mode, verdict) {
  if (cell.control) return "control (not gated)";
  if (mode === "baseline") return "\u{1F4E6} recorded";
  if (!decidedByCpu(cell)) return `${verdictIcon(verdict)} ${verdict}`;
  const change = cell.cpuPerRequest?.changePct;
  return `${verdictIcon(verdict)} ${verdict} by CPU/request${change === null || change === void 0 ? "" : ` ${formatSignedPct(change)}`}`;
}
function buildRow(cell, mode) {
  const ratioCi = cell.ratio ? ` [${formatSignedPct((cell.ratio.lower - 1) * 100)}, ${formatSignedPct((cell.ratio.upper - 1) * 100)}]` : "";
  const errorRateFails2 = cell.errorRate.aboveCeiling || cell.errorRate.significantIncrease;
  return {
    cell: cell.cell,
    profile: cell.profile,
    scenario: cell.scenario,
    control: cell.control,
    verdict: cell.verdict,
    baseline: summaryWithCi(cell.baseline),
    candidate: summaryWithCi(cell.candidate),
    change: cell.changePct === null ? "\u2014" : `${formatSignedPct(cell.changePct)}${ratioCi}`,
    deltaMs: cell.baseline ? formatDeltaMs(cell.candidate.mean - cell.baseline.mean) : "\u2014",
    errorRate: formatRate2(cell.errorRate.candidate),
    errorRateFails: errorRateFails2,
    accuracy: cell.accuracy?.fails === true ? `${formatRate2(cell.checkAccuracy)} < ${formatRate2(cell.accuracy.min)}` : formatRate2(cell.checkAccuracy),
    accuracyFails: cell.accuracy?.fails === true,
    throughput: cell.achieved ? `${formatRps(cell.achieved.rps)}${cell.achieved.targetRps !== void 0 ? ` / ${formatRps(cell.achieved.targetRps)}` : ""}` : "\u2014",
    verdictLabel: verdictLabel(cell, mode, cell.verdict)
  };
}

// src/report/content/arena.ts
var ARENA_DIMENSION_ORDER = arenaDimensionNames;
var ARENA_LABELS = {
  sequential: "Sequential",
  burst50: "Burst 50",
  burst100: "Burst 100",
  availability: "Availability",
  errorRate: "Error rate",
  consistency: "Consistency",
  rampUp: "Ramp-up",
  mcpDiscovery: "MCP discovery",
  mcpToolExec: "MCP tool exec",
  authChain: "Auth chain",
  policyEngine: "Policy engine",
  guardrails: "Guardrails",
  rateLimiting: "Rate limiting",
  resilience: "Resilience",
  governance: "Governance"
};
function arenaTables(results) {
  const byScenario2 = /* @__PURE__ */ new Map();
  for (const cell of results.cells) {
    if (!cell.arena) continue;
    byScenario2.set(cell.scenario, [...byScenario2.get(cell.scenario) ?? [], cell]);
  }
  return [...byScenario2].map(([scenario, cells]) => arenaTable(scenario, cells, results.mode));
}
function arenaTable(scenario, cells, mode) {
  const order = ARENA_DIMENSION_ORDER.filter((dim) => cells.some((c) => c.arena?.dimensions[dim]));
  const ranked = [...cells].sort(
    (a, b) => (b.arena?.candidate.median ?? 0) - (a.arena?.candidate.median ?? 0)
  );
  return {
    scenario,
    index: order.some((dim) => ENTERPRISE_DIMENSIONS.includes(dim)) ? "ERI" : "score",
    dimensions: order.map((dim) => ARENA_LABELS[dim]),
    rows: ranked.map((cell, i) => arenaRow(cell, i + 1, order, mode)),
    significant: neighbourDifferences(ranked, order)
  };
}
function arenaRow(cell, rank, order, mode) {
  const a = cell.arena;
  const d = a.difference;
  return {
    rank,
    profile: cell.profile,
    score: a.candidate.n === 0 ? "\u2014" : `${a.candidate.median.toFixed(1)} [${a.candidate.lower.toFixed(1)}, ${a.candidate.upper.toFixed(1)}]`,
    runs: a.candidate.n,
    dimensions: order.map((dim) => dimensionCell(a.dimensions[dim])),
    change: d ? `${d.estimate >= 0 ? "+" : ""}${d.estimate.toFixed(1)} points [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]` : "\u2014",
    verdictLabel: verdictLabel(cell, mode, a.verdict)
  };
}
function dimensionCell(d) {
  if (!d) return "\u2014";
  const verdict = d.gate?.verdict;
  return verdict && verdict !== "pass" ? `${d.median.toFixed(1)} ${verdictIcon(verdict)}` : d.median.toFixed(1);
}
function dimensionGateText(gate) {
  if (!gate) return "";
  const d = gate.difference;
  const diff = d ? `${d.estimate >= 0 ? "+" : ""}${d.estimate.toFixed(1)} points [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]` : "not compared";
  const p = gate.pValue === null ? "" : `, p ${formatPValue(gate.pValue)}${gate.adjustedPValue === null ? "" : ` (Holm ${formatPValue(gate.adjustedPValue)})`}`;
  return `; vs baseline ${diff}${p}: ${gate.verdict}`;
}
function neighbourDifferences(ranked, order) {
  const significant = [];
  for (let i = 0; i + 1 < ranked.length; i++) {
    const upper = ranked[i]?.arena;
    const lower = ranked[i + 1]?.arena;
    if (!upper || !lower) continue;
    const differing = order.filter((dim) => {
      const p = welchPValue(upper.dimensions[dim]?.values ?? [], lower.dimensions[dim]?.values ?? []);
      return p !== null && p < 0.05;
    });
    const scoreP = welchPValue(upper.candidate.values, lower.candidate.values);
    significant.push(
      `${ranked[i]?.profile} vs ${ranked[i + 1]?.profile}: score ${scoreP === null ? "n/a" : `p ${formatPValue(scoreP)}`}; ${differing.length === 0 ? "no dimension differs significantly" : `differs in ${differing.map((dim) => ARENA_LABELS[dim]).join(", ")}`} (Welch t per dimension, p < 0.05, uncorrected)`
    );
  }
  return significant;
}
function arenaStatistics(a) {
  const stats = [];
  const line = (x) => `median ${x.median.toFixed(1)}, mean ${x.mean.toFixed(1)}, CI [${x.lower.toFixed(1)}, ${x.upper.toFixed(1)}], n = ${x.n}`;
  stats.push(["Candidate arena score", line(a.candidate)]);
  if (a.baseline) stats.push(["Baseline arena score", line(a.baseline)]);
  for (const dim of ARENA_DIMENSION_ORDER) {
    const d = a.dimensions[dim];
    if (d)
      stats.push([
        `Arena ${ARENA_LABELS[dim]}`,
        `median ${d.median.toFixed(1)}, CI [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]${dimensionGateText(d.gate)}`
      ]);
  }
  stats.push(["Arena verdict (decides the cell)", a.verdict]);
  return stats;
}

// src/report/content/describe.ts
function describeSummary(summary2) {
  const interval2 = summary2.interval === "prediction" ? "prediction interval for a new night" : "CI";
  const unit = summary2.unit === "night" ? "nights" : "runs";
  return `geometric mean ${formatMs(summary2.mean)} [${roundForDisplay(summary2.lower)}, ${roundForDisplay(summary2.upper)}] (${interval2}), median ${roundForDisplay(summary2.median)}, n = ${summary2.n} ${unit}`;
}
function isRatioLike(value) {
  if (typeof value !== "object" || value === null) return false;
  const v = value;
  return typeof v.estimate === "number" && typeof v.lower === "number" && typeof v.upper === "number";
}
function describeRatio(r) {
  return `${r.estimate.toFixed(3)} [${r.lower.toFixed(3)}, ${r.upper.toFixed(3)}]`;
}
function describeExtra(value) {
  if (typeof value === "number") return Number.isFinite(value) ? String(Number(value.toPrecision(4))) : null;
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  if (isRatioLike(value)) return describeRatio(value);
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const parts = Object.entries(value).flatMap(([key, inner]) => {
      const text2 = isRatioLike(inner) ? describeRatio(inner) : typeof inner === "number" ? describeExtra(inner) : null;
      return text2 === null ? [] : [`${key} ${text2}`];
    });
    return parts.length > 0 ? parts.join("; ") : null;
  }
  return null;
}
function humanizeKey(key) {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])([A-Z][a-z])/g, "$1 $2").toLowerCase().replace(/\bp value\b/g, "p-value");
}

// src/report/content/capacity.ts
function capacityWithCi(summary2) {
  if (!summary2 || summary2.n === 0) return "\u2014";
  return `${formatRps(summary2.median)} [${formatRps(summary2.lower)}, ${formatRps(summary2.upper)}]`;
}
function capacityRow(cell, mode) {
  const c = cell.capacity;
  const ratioCi = c.ratio ? ` [${formatSignedPct((c.ratio.lower - 1) * 100)}, ${formatSignedPct((c.ratio.upper - 1) * 100)}]` : "";
  const searches2 = cell.runs.filter((r) => !r.warmup && r.capacity && r.variant === "candidate");
  const p95s = searches2.map((r) => r.metrics.p95).sort((a, b) => a - b);
  const flags = [
    c.atMax.candidate > 0 ? `${c.atMax.candidate} at max` : "",
    c.noCapacity.candidate > 0 ? `${c.noCapacity.candidate} none` : ""
  ].filter(Boolean);
  return {
    cell: cell.cell,
    baseline: capacityWithCi(c.baseline),
    candidate: capacityWithCi(c.candidate),
    change: c.changePct === null ? "\u2014" : `${formatSignedPct(c.changePct)}${ratioCi}`,
    searches: `${searches2.length}${flags.length > 0 ? ` (${flags.join(", ")})` : ""}`,
    p95AtCapacity: p95s.length > 0 ? formatMs(p95s[Math.floor((p95s.length - 1) / 2)]) : "\u2014",
    verdictLabel: verdictLabel(cell, mode, c.verdict)
  };
}
function capacitySummary(summary2) {
  if (summary2.n === 0) return "none found";
  return `median ${formatRps(summary2.median)}, geometric mean ${formatRps(summary2.mean)}, CI [${formatRps(summary2.lower)}, ${formatRps(summary2.upper)}], n = ${summary2.n} searches`;
}
function capacityStatistics(c) {
  const stats = [];
  stats.push(["Candidate capacity (req/s)", capacitySummary(c.candidate)]);
  if (c.baseline) stats.push(["Baseline capacity (req/s)", capacitySummary(c.baseline)]);
  if (c.ratio) {
    const p = c.pValue === null ? "" : `, p ${formatPValue(c.pValue)}`;
    const adj = c.adjustedPValue === null ? "" : ` (Holm-adjusted ${formatPValue(c.adjustedPValue)})`;
    stats.push([
      `Capacity ratio (${Math.round(c.ratio.confidence * 100)}% CI, ${c.test ?? ""})`,
      `${describeRatio(c.ratio)}${p}${adj}`
    ]);
  }
  stats.push(["Capacity verdict (decides the cell)", c.verdict]);
  return stats;
}

// src/report/content/cell-statistics.ts
function statistics(cell, metric2) {
  return [
    ...latencyStatistics(cell, metric2),
    ...cell.capacity ? capacityStatistics(cell.capacity) : [],
    ...cell.arena ? arenaStatistics(cell.arena) : [],
    ...detectableStatistic(cell),
    errorRateStatistic(cell),
    ...loadStatistics(cell),
    accuracyStatistic(cell),
    ...scriptStatistics(cell),
    ...extraStatistics(cell)
  ];
}
function latencyStatistics(cell, metric2) {
  const stats = [["Method", cell.method === "paired" ? "paired A/B" : "stored baseline"]];
  stats.push([`Candidate ${metric2}`, describeSummary(cell.candidate)]);
  if (cell.baseline) stats.push([`Baseline ${metric2}`, describeSummary(cell.baseline)]);
  if (cell.ratio) {
    stats.push([`Ratio (${Math.round(cell.ratio.confidence * 100)}% CI)`, describeRatio(cell.ratio)]);
  }
  if (cell.pValue !== null) {
    const adjusted = cell.adjustedPValue === null ? "" : ` (Holm-adjusted ${formatPValue(cell.adjustedPValue)})`;
    stats.push(["p-value", `${formatPValue(cell.pValue)}${adjusted}`]);
  }
  stats.push(["Latency verdict", cell.latencyVerdict]);
  const latency = latencyMedians(cell);
  if (latency) stats.push(["Latency, median over candidate runs", latency]);
  return stats;
}
function latencyMedians(cell) {
  const runs = cell.runs.filter(
    (r) => !r.warmup && r.valid && r.variant === "candidate" && r.metrics.requests > 0
  );
  if (runs.length === 0) return null;
  const mid = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const m = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
  };
  const of = (key) => formatMs(mid(runs.map((r) => r.metrics[key])));
  return `avg ${of("mean")}, P90 ${of("p90")}, P95 ${of("p95")}, P99 ${of("p99")}, ${formatRps(mid(runs.map((r) => r.metrics.rps)))} req/s`;
}
function detectableStatistic(cell) {
  const undecided3 = cell.verdict === "inconclusive" && !cell.control && !cell.capacity && !cell.arena;
  if (!undecided3 || cell.minDetectablePct === void 0 || cell.minDetectablePct === null) return [];
  return [
    [
      "Smallest change these runs would block (80% power)",
      `${formatSignedPct(cell.minDetectablePct, 1)} (more runs lower it)`
    ]
  ];
}
function errorRateStatistic(cell) {
  const e = cell.errorRate;
  const errorParts = [
    `${formatRate2(e.candidate)} [${formatRate2(e.candidateInterval[0])}, ${formatRate2(e.candidateInterval[1])}]`,
    e.baseline === null ? null : `baseline ${formatRate2(e.baseline)}`,
    `ceiling ${formatRate2(e.ceiling)}`,
    e.aboveCeiling ? "above the ceiling" : null,
    e.significantIncrease ? "significant increase" : null
  ].filter((part) => part !== null);
  return ["Error rate", errorParts.join(", ")];
}
function loadStatistics(cell) {
  const stats = [];
  if (cell.concurrency !== void 0) {
    if (cell.loadModel === "open") stats.push(["Arrival rate", `${cell.concurrency} req/s`]);
    else if (cell.loadModel === "closed") stats.push(["Virtual users", String(cell.concurrency)]);
    else stats.push(["Concurrency", String(cell.concurrency)]);
  }
  if (cell.payloadBytes !== void 0) stats.push(["Payload", `${cell.payloadBytes} bytes`]);
  if (cell.sweep) stats.push(["Sweep", `${cell.sweep.scenario}, level ${cell.sweep.level}`]);
  if (cell.achieved) {
    const a = cell.achieved;
    stats.push([
      "Achieved",
      `mean ${formatMs(a.meanMs)}, max ${formatMs(a.maxMs)}, ${formatRps(a.rps)} req/s${a.targetRps !== void 0 ? ` of ${formatRps(a.targetRps)} planned` : ""} (medians of ${a.runs} run(s); max of all)`
    ]);
  }
  return stats;
}
function accuracyStatistic(cell) {
  return [
    "Accuracy",
    `${formatRate2(cell.checkAccuracy)} of requests passed every check${cell.accuracy ? `; minimum ${formatRate2(cell.accuracy.min)}${cell.accuracy.fails ? ": fails the cell" : ""}` : ""}`
  ];
}
function scriptStatistics(cell) {
  const stats = [];
  for (const t of cell.scriptThresholds ?? []) {
    const outcome = t.crossed === 0 ? `kept in all ${t.runs} run(s)` : `crossed in ${t.crossed} of ${t.runs} run(s)${t.fails ? ", fails the cell" : ", reported only"}`;
    stats.push([`k6 threshold ${t.metric}: ${t.threshold}`, outcome]);
  }
  for (const e of cell.endpoints ?? []) {
    stats.push([
      `Endpoint ${e.tag}=${e.value}`,
      `P95 ${formatMs(e.p95)}, P50 ${formatMs(e.p50)}, P99 ${formatMs(e.p99)} (medians of ${e.runs} run(s)), ${e.requests} requests, errors ${formatRate2(e.errorRate)}`
    ]);
  }
  return stats;
}
var knownCellFields = /* @__PURE__ */ new Set([
  "cell",
  "profile",
  "scenario",
  "control",
  "metric",
  "method",
  "candidate",
  "baseline",
  "ratio",
  "changePct",
  "pValue",
  "adjustedPValue",
  "latencyVerdict",
  "errorRate",
  "verdict",
  "reasons",
  "runs",
  "checkAccuracy",
  "concurrency",
  "loadModel",
  "payloadBytes",
  "minDetectablePct",
  "scriptThresholds",
  "endpoints",
  "sweep",
  "accuracy",
  "achieved",
  "capacity",
  "arena"
]);
function extraStatistics(cell) {
  const stats = [];
  for (const [key, value] of Object.entries(cell)) {
    if (knownCellFields.has(key) || value === void 0 || value === null) continue;
    const text2 = describeExtra(value);
    if (text2 !== null) stats.push([humanizeKey(key), text2]);
  }
  return stats;
}

// src/report/content/cell-details.ts
function runRow(run2) {
  const m = run2.metrics;
  return {
    variant: run2.variant,
    round: run2.round,
    p50: roundForDisplay(m.p50),
    p90: roundForDisplay(m.p90),
    p95: roundForDisplay(m.p95),
    p99: roundForDisplay(m.p99),
    max: roundForDisplay(m.max),
    rps: formatRps(m.rps),
    errorRate: formatRate2(m.errorRate),
    valid: run2.valid ? "yes" : `no: ${run2.invalidReason ?? "invalid"}`
  };
}
function buildDetail(cell, row, metric2) {
  const measured2 = cell.runs.filter((run2) => !run2.warmup);
  const hasBaselineRuns = measured2.some((run2) => run2.variant === "baseline");
  return {
    row,
    reasons: cell.reasons,
    statistics: statistics(cell, metric2),
    runs: measured2.map(runRow),
    warmupRuns: cell.runs.length - measured2.length,
    baselineValues: cell.baseline && !hasBaselineRuns && cell.baseline.values.length > 0 ? cell.baseline.values.map(roundForDisplay).join(", ") : null
  };
}

// src/report/content/change-points.ts
function shortSha(sha) {
  return sha === null ? "unknown" : sha.slice(0, 7);
}
function changePointRow(point) {
  const r = point.ratio;
  return {
    cell: point.cell,
    night: `night ${point.night} (${point.createdAt.slice(0, 10)})`,
    size: `${formatChange(r.estimate)} [${formatChange(r.lower)}, ${formatChange(r.upper)}]`,
    commits: `${shortSha(point.fromSha)}..${shortSha(point.toSha)}`,
    open: point.open
  };
}
var OPEN_LINE_MAX = 3;
function changePointSection(results) {
  const report = results.changePoints;
  if (!report) return null;
  const rows = report.points.map(changePointRow);
  const open2 = rows.filter((row) => row.open);
  const listed = open2.slice(0, OPEN_LINE_MAX).map((row) => `\`${row.cell}\` ${row.size} since ${row.night}, commits ${row.commits}`);
  const more = open2.length > OPEN_LINE_MAX ? ` and ${open2.length - OPEN_LINE_MAX} more` : "";
  return {
    method: `E-divisive over ${report.nights} nights, ${metricLabel(report.metric)}, alpha ${report.alpha} per test, at least ${report.minSize} nights per level`,
    rows,
    openLine: results.mode === "gate" && open2.length > 0 ? `Open change point on the main branch (nightly history): ${listed.join("; ")}${more}.` : null
  };
}

// src/report/content/decision.ts
function acceptanceText(accepted) {
  const what = accepted.cells.length > 0 ? ` in ${accepted.cells.join(", ")}` : "";
  const by = accepted.by === "label" ? `the label "${accepted.label ?? ""}"` : "--accept-regression";
  return `Regression${what} accepted by ${by}: ${accepted.reason}. It is measured and shown; the gate does not fail.`;
}
var EVIDENCE_LABEL = {
  stored: "the stored baseline",
  paired: "paired A/B blocks on this runner",
  none: "no evidence"
};
function decisionLine(results) {
  const accepted = results.acceptedRegression ? acceptanceText(results.acceptedRegression) : null;
  if (results.mode === "baseline" || !results.evidence || !results.decision) return accepted;
  const decided = `Decided by ${EVIDENCE_LABEL[results.evidence]}: ${results.decision}`;
  return accepted ? `${accepted} ${decided}` : decided;
}
var DECIDED_NOTE = "Decided by ";
var DETECTABLE_NOTE = "Smallest regression this gate could have detected";
var RUNNER_NOTE = "Runner check against the baseline:";
var NOISE_NOTE = "Noise monitor: the control profile differs";
var STORED_NOTE = "Stored comparison (not deciding):";
function reportNotes(results) {
  const decision = decisionLine(results);
  const decisionNamesRunner = decision !== null && /runner (differs from|is not shown to match) the baseline's/.test(decision);
  const hasRunnerNote = results.notes.some((n) => n.startsWith(RUNNER_NOTE));
  return results.notes.flatMap((note) => {
    if (decision !== null && note.startsWith(DECIDED_NOTE)) return [];
    if (note.startsWith(DETECTABLE_NOTE)) return [];
    if (decisionNamesRunner && note.startsWith(RUNNER_NOTE)) return [];
    if ((decisionNamesRunner || hasRunnerNote) && note.startsWith(NOISE_NOTE)) return [];
    if ((decisionNamesRunner || hasRunnerNote) && note.startsWith(STORED_NOTE))
      return [note.replace(/; runner (differs|unknown|same)\.$/, ".")];
    return [note];
  });
}

// src/report/content/environment.ts
function environment(results) {
  const m = results.machine;
  const env = [
    ["Machine", `${m.cpus} \xD7 ${m.cpuModel}, ${m.memoryGiB} GiB`],
    ["OS", `${m.os} (kernel ${m.kernel})`]
  ];
  if (m.runner) env.push(["Runner", m.runner]);
  env.push(["k6", results.k6Version ?? "unknown"]);
  if (results.k6Flags?.length) env.push(["k6 flags", results.k6Flags.join(" ")]);
  env.push(["Git SHA", results.gitSha ?? "unknown"]);
  env.push(["Started", results.startedAt]);
  env.push(["Finished", results.finishedAt]);
  const seconds = (Date.parse(results.finishedAt) - Date.parse(results.startedAt)) / 1e3;
  if (Number.isFinite(seconds) && seconds >= 0) env.push(["Duration", `${Math.round(seconds)} s`]);
  return env;
}
function baselineRows(results) {
  return results.baseline ? [
    ["Source", results.baseline.path],
    ["Created", results.baseline.createdAt],
    ["Age", `${results.baseline.ageDays.toFixed(1)} days`],
    ["Git SHA", results.baseline.gitSha ?? "unknown"]
  ] : null;
}

// src/stats/resources.ts
var MIN_GROWTH_SPAN_S = 60;
function olsSlope(x, y) {
  const n = x.length;
  if (n < 3 || y.length !== n) return null;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i] - mx) ** 2;
    sxy += (x[i] - mx) * (y[i] - my);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (y[i] - my - slope * (x[i] - mx)) ** 2;
  return { slope, se: Math.sqrt(sse / (n - 2) / sxx), df: n - 2 };
}
function interval(estimate, se, df, confidence) {
  const half = se === 0 ? 0 : tCritical(confidence, df) * se;
  return { estimate, lower: estimate - half, upper: estimate + half, confidence };
}
function middle(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
function resourceFigures(cells, confidence) {
  const out = [];
  for (const cell of cells) {
    const runs = cell.runs.filter((r) => r.variant === "candidate" && !r.warmup && r.valid);
    const services = [...new Set(runs.flatMap((r) => r.resources.map((s) => s.service)))];
    for (const service of services) {
      const perRun = runs.map((run2) => ({ run: run2, samples: run2.resources.filter((s) => s.service === service) })).filter((r) => r.samples.length > 0);
      if (perRun.length === 0) continue;
      const all = perRun.flatMap((r) => r.samples);
      const pids = all.map((s) => s.pids).filter((p) => p !== void 0);
      const figure = {
        profile: cell.profile,
        scenario: cell.scenario,
        service,
        runs: perRun.length,
        cpuPercent: middle(
          perRun.map((r) => r.samples.reduce((a, s) => a + s.cpuPercent, 0) / r.samples.length)
        ),
        memoryMiB: Math.max(...all.map((s) => s.memoryMiB)),
        ...pids.length > 0 ? { pids: Math.max(...pids) } : {}
      };
      const span = (times) => Math.max(...times) - Math.min(...times);
      const slopes = perRun.filter((r) => span(r.samples.map((sample) => sample.t)) >= MIN_GROWTH_SPAN_S).map(
        (r) => olsSlope(
          r.samples.map((s) => s.t / 60),
          r.samples.map((s) => s.memoryMiB)
        )
      ).filter((s) => s !== null).map((s) => s.slope);
      if (slopes.length >= 2) {
        const ci = tInterval(meanEstimate(slopes), confidence);
        figure.growthInRun = { estimate: ci.estimate, lower: ci.lower, upper: ci.upper, confidence };
      }
      const sameStack = perRun.filter((r) => r.run.phase !== "paired");
      const starts = sameStack.map((r) => Date.parse(r.run.startedAt) / 1e3);
      const across = sameStack.length < 3 || span(starts) < MIN_GROWTH_SPAN_S ? null : olsSlope(
        sameStack.map((r) => Date.parse(r.run.startedAt) / 6e4),
        sameStack.map((r) => r.samples.reduce((a, s) => a + s.memoryMiB, 0) / r.samples.length)
      );
      if (across) figure.growthAcrossRuns = interval(across.slope, across.se, across.df, confidence);
      out.push(figure);
    }
  }
  return out;
}
function growthStatement(growth, kind = "in-run") {
  if (!growth)
    return kind === "in-run" ? `not measured (needs 2 runs with at least ${MIN_GROWTH_SPAN_S} s of samples each)` : `not measured (needs 3 runs of one stack spanning at least ${MIN_GROWTH_SPAN_S} s)`;
  const f = (x) => `${x >= 0 ? "+" : ""}${Number(x.toPrecision(2))}`;
  if (growth.lower > 0) return `grows ${f(growth.estimate)} MiB/min [${f(growth.lower)}, ${f(growth.upper)}]`;
  return `no growth shown (at most ${f(Math.max(0, growth.upper))} MiB/min, ${Math.round(growth.confidence * 100)}% CI)`;
}

// src/report/content/figures.ts
var METRICS = ["p50", "p95", "p99"];
function ratioText(r) {
  return `\xD7${r.estimate.toFixed(3)} [${r.lower.toFixed(3)}, ${r.upper.toFixed(3)}]`;
}
function addedText(a) {
  const signed = (x) => formatDeltaMs(x).replace(/ ms$/, "");
  return `${formatDeltaMs(a.estimate)} [${signed(a.lower)}, ${signed(a.upper)}]`;
}
function pctText2(r) {
  return `${formatSignedPct((r.estimate - 1) * 100)} [${formatSignedPct((r.lower - 1) * 100)}, ${formatSignedPct((r.upper - 1) * 100)}]`;
}
function figureTables(results) {
  const figures = results.figures;
  const cpu = cpuPerRequestTable(results);
  if (!figures) return cpu ? [cpu] : [];
  const confidence = `${Math.round(results.confidence * 100)}% CI`;
  const tables = [];
  const payload = payloadTable(figures, confidence);
  if (payload) tables.push(payload);
  const resources = resourcesTable(figures, confidence);
  if (resources) tables.push(resources);
  if (cpu) tables.push(cpu);
  if (figures.overhead.length === 0 || figures.reference === null) return tables;
  tables.unshift(overheadTable(figures, figures.reference, confidence));
  const hooks = hookTable(figures, figures.reference, confidence);
  if (hooks) tables.splice(1, 0, hooks);
  return tables;
}
function payloadTable(figures, confidence) {
  const payload = figures.payload ?? [];
  if (payload.length === 0) return null;
  return {
    title: `Payload impact: each payload size against the smallest at the same load level, ${confidence}`,
    headers: [
      "Level",
      "Profile",
      "Payload",
      ...METRICS.flatMap((m) => [`${metricLabel(m)} added`, `${metricLabel(m)} change`])
    ],
    rows: payload.map((p) => [
      p.scenario,
      p.profile,
      `${p.payloadBytes} B vs ${p.referenceBytes} B`,
      ...METRICS.flatMap((m) => {
        const f = p.metrics[m];
        return f ? [addedText(f.addedMs), pctText2(f.ratio)] : ["\u2014", "\u2014"];
      })
    ])
  };
}
function resourcesTable(figures, confidence) {
  const resources = figures.resources ?? [];
  if (resources.length === 0) return null;
  return {
    title: `Resources per profile and level (candidate runs; memory growth as MiB/min, ${confidence})`,
    headers: [
      "Level",
      "Profile",
      "Service",
      "CPU %",
      "Memory MiB",
      "PIDs",
      "Memory within runs",
      "Memory across runs"
    ],
    rows: resources.map((r) => [
      r.scenario,
      r.profile,
      r.service,
      r.cpuPercent.toFixed(1),
      roundForDisplay(r.memoryMiB),
      r.pids === void 0 ? "\u2014" : String(r.pids),
      growthStatement(r.growthInRun, "in-run"),
      growthStatement(r.growthAcrossRuns, "across-runs")
    ])
  };
}
function overheadTable(figures, reference, confidence) {
  const gatewayRow = (o) => o.reference !== reference;
  const controls = [...new Set(figures.overhead.filter(gatewayRow).map((o) => o.reference))];
  return {
    title: `Overhead vs ${reference} per level: ratio (profile / reference) and added ms, ${confidence} (Welch over runs)${controls.length > 0 ? `; "${reference} vs ${controls.join(", ")}" is what the gateway itself adds` : ""}`,
    headers: [
      "Level",
      "Profile",
      ...METRICS.flatMap((m) => [`${metricLabel(m)} ratio`, `${metricLabel(m)} added`])
    ],
    rows: figures.overhead.map((o) => [
      o.scenario,
      gatewayRow(o) ? `${o.profile} vs ${o.reference} (the gateway itself)` : o.profile,
      ...METRICS.flatMap((m) => {
        const f = o.metrics[m];
        return f ? [ratioText(f.ratio), addedText(f.addedMs)] : ["\u2014", "\u2014"];
      })
    ])
  };
}
function hookTable(figures, reference, confidence) {
  const withHooks = figures.overhead.filter((o) => o.hooks !== void 0 && o.perHookMs);
  if (withHooks.length === 0) return null;
  return {
    title: `Cost per policy hook (added ms over ${reference} / hooks, ${confidence})`,
    headers: ["Level", "Profile", "Hooks", ...METRICS.map((m) => `${metricLabel(m)} per hook`)],
    rows: withHooks.map((o) => [
      o.scenario,
      o.profile,
      String(o.hooks),
      ...METRICS.map((m) => {
        const f = o.perHookMs?.[m];
        return f ? addedText(f) : "\u2014";
      })
    ])
  };
}

// src/report/content/head.ts
function gatedCells2(results) {
  return results.cells.filter((cell) => !cell.control);
}
function context(results, metric2) {
  const only = results.cells.some((cell) => cell.cpuPerRequest?.only);
  const parts = [
    only ? `CPU per request (${metric2} shown, not gated)` : metric2,
    `threshold ${formatSignedPct(results.threshold * 100, 0)}`,
    `${Math.round(results.confidence * 100)}% confidence`
  ];
  if (results.method === "paired" && results.paired) {
    parts.push(
      `paired A/B on this runner (${results.paired.pairing}, ${results.paired.pairs} pairs in ${results.paired.blocks} blocks of fresh stacks)`
    );
  } else if (results.method === "paired") parts.push("paired A/B runs on this runner");
  else if (results.method === "stored" && results.baseline) {
    parts.push(`stored baseline, ${results.baseline.ageDays.toFixed(1)} days old`);
  } else if (results.method === "stored") parts.push("stored baseline");
  return parts;
}
function attention(results) {
  const limit = 10;
  for (const verdict of ["regression", "inconclusive"]) {
    const cells = gatedCells2(results).filter((cell) => cell.verdict === verdict);
    if (cells.length === 0) continue;
    return {
      label: verdict === "regression" ? "Regressed" : "Inconclusive",
      cells: cells.slice(0, limit).map((cell) => ({
        cell: cell.cell,
        // A capacity cell is decided by its capacity: name that change, not latency at capacity.
        change: cell.capacity ? cell.capacity.changePct === null ? null : `capacity ${formatSignedPct(cell.capacity.changePct)}` : decidingChangePct(cell) === null ? null : `${decidedByCpu(cell) ? "CPU/request " : ""}${formatSignedPct(decidingChangePct(cell))}`
      })),
      more: Math.max(0, cells.length - limit)
    };
  }
  return null;
}
function undecidedWithDetectable(results) {
  return gatedCells2(results).filter((c) => c.verdict === "inconclusive" && !c.capacity && !c.arena).flatMap(
    (c) => c.minDetectablePct === void 0 || c.minDetectablePct === null ? [] : [{ cell: c.cell, pct: c.minDetectablePct }]
  );
}
function inconclusiveResolution(results) {
  const cells = undecidedWithDetectable(results);
  if (cells.length === 0) return null;
  const limit = 10;
  const listed = cells.slice(0, limit).map(({ cell, pct }) => `\`${cell}\` ${formatSignedPct(pct, 0)}`).join(", ");
  const more = cells.length > limit ? ` and ${cells.length - limit} more` : "";
  return `Inconclusive cells, the smallest change these runs would block (80% power): ${listed}${more}. A smaller change may still be real; more runs resolve it.`;
}

// src/report/report-content.ts
function buildReportContent(results) {
  const metric2 = metricLabel(results.metric);
  const cells = results.cells.map((cell, index) => ({ cell, index })).sort((a, b) => verdictSeverity(a.cell.verdict) - verdictSeverity(b.cell.verdict) || a.index - b.index).map(({ cell }) => cell);
  const rows = cells.map((cell) => buildRow(cell, results.mode));
  return {
    verdict: results.verdict,
    mode: results.mode,
    headline: headline(results),
    decision: decisionLine(results),
    gateName: results.name,
    context: context(results, metric2),
    attention: attention(results),
    metric: metric2,
    confidence: results.confidence,
    rows,
    capacity: cells.filter((cell) => cell.capacity).map((cell) => capacityRow(cell, results.mode)),
    arena: arenaTables(results),
    details: cells.map((cell, i) => buildDetail(cell, rows[i], metric2)),
    environment: environment(results),
    baseline: baselineRows(results),
    inconclusiveResolution: inconclusiveResolution(results),
    intervalNote: results.cells.some((c) => c.baseline?.interval === "prediction") ? `A baseline of nights: its interval is the ${Math.round(results.confidence * 100)}% prediction interval for a new night, around the nights' geometric mean.` : null,
    notes: reportNotes(results),
    figures: figureTables(results),
    changePoints: changePointSection(results),
    cpuLine: cpuPerRequestLine(results)
  };
}

// src/report/html.ts
function escapeHtml(text2) {
  return text2.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function inlineScript(source) {
  return source.replace(/^\/\/# sourceMappingURL=.*$/gm, "").replace(/<\/script/gi, "<\\/script").replace(/<!--/g, "<\\!--");
}
function inlineJson(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
function table(headers, rows, className = "") {
  const head = headers.map((h) => `<th>${escapeHtml(h)}</th>`).join("");
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join("")}</tr>`).join("\n");
  return `<table${className ? ` class="${className}"` : ""}><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table>`;
}
function keyValueTable(pairs2) {
  const rows = pairs2.map(
    ([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`
  );
  return `<table class="kv"><tbody>
${rows.join("\n")}
</tbody></table>`;
}
function summaryTable(content) {
  const m = content.metric;
  return table(
    [
      "Cell",
      `Baseline ${m}, ${summaryLabel(content.confidence)}`,
      `Candidate ${m}, ${summaryLabel(content.confidence)}`,
      "Change (CI)",
      "Change ms",
      "Req/s",
      "Errors",
      "Accuracy",
      "Verdict"
    ],
    content.rows.map((row) => [
      `<code>${escapeHtml(row.cell)}</code>`,
      escapeHtml(row.baseline),
      escapeHtml(row.candidate),
      escapeHtml(row.change),
      escapeHtml(row.deltaMs),
      escapeHtml(row.throughput),
      row.errorRateFails ? `<strong class="bad">${escapeHtml(row.errorRate)}</strong>` : escapeHtml(row.errorRate),
      row.accuracyFails ? `<strong class="bad">${escapeHtml(row.accuracy)}</strong>` : escapeHtml(row.accuracy),
      `<span class="verdict ${row.control ? "control" : row.verdict}">${escapeHtml(row.verdictLabel)}</span>`
    ]),
    "cells"
  );
}
function figureSection(figure) {
  return `<h3>${escapeHtml(figure.title)}</h3>
${table(
    figure.headers,
    figure.rows.map((row) => row.map(escapeHtml)),
    "figures"
  )}`;
}
function arenaTable2(arena) {
  const rows = arena.rows.map(
    (row) => [
      String(row.rank),
      row.profile,
      row.score,
      String(row.runs),
      ...row.dimensions,
      row.change,
      row.verdictLabel
    ].map(escapeHtml)
  );
  const notes = arena.significant.map((line) => `<li>${escapeHtml(line)}</li>`).join("");
  return `<h2>Arena ${escapeHtml(arena.scenario)}</h2>
${table(
    [
      "#",
      "Gateway",
      `${arena.index === "ERI" ? "ERI" : "Score"} (CI)`,
      "Runs",
      ...arena.dimensions,
      "vs baseline",
      "Verdict"
    ],
    rows,
    "arena"
  )}${notes ? `
<ul>${notes}</ul>` : ""}`;
}
function capacityTable(content) {
  return `<h2>Capacity</h2>
${table(
    [
      "Cell",
      "Baseline req/s (CI)",
      "Candidate req/s (CI)",
      "Change (CI)",
      "Searches",
      "P95 at capacity",
      "Verdict"
    ],
    content.capacity.map((row) => [
      `<code>${escapeHtml(row.cell)}</code>`,
      escapeHtml(row.baseline),
      escapeHtml(row.candidate),
      escapeHtml(row.change),
      escapeHtml(row.searches),
      escapeHtml(row.p95AtCapacity),
      escapeHtml(row.verdictLabel)
    ]),
    "capacity"
  )}`;
}
function cellDetails(detail) {
  const row = detail.row;
  const parts = [`<details><summary>${escapeHtml(`${row.verdictLabel}: ${row.cell}`)}</summary>`];
  if (detail.reasons.length > 0) {
    parts.push(`<ul>${detail.reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join("")}</ul>`);
  }
  parts.push(keyValueTable(detail.statistics));
  if (detail.runs.length > 0) {
    parts.push(
      table(
        ["Variant", "Round", "P50 ms", "P90 ms", "P95 ms", "P99 ms", "Max ms", "RPS", "Errors", "Valid"],
        detail.runs.map(
          (run2) => [
            run2.variant,
            String(run2.round),
            run2.p50,
            run2.p90,
            run2.p95,
            run2.p99,
            run2.max,
            run2.rps,
            run2.errorRate,
            run2.valid
          ].map(escapeHtml)
        ),
        "runs"
      )
    );
  }
  if (detail.warmupRuns > 0) parts.push(`<p class="muted">${detail.warmupRuns} warm-up run(s) discarded.</p>`);
  if (detail.baselineValues !== null) {
    parts.push(`<p>Baseline per-run values (ms): ${escapeHtml(detail.baselineValues)}</p>`);
  }
  parts.push("</details>");
  return parts.join("\n");
}
function attentionParagraph(attention2) {
  const named = attention2.cells.map(
    ({ cell, change }) => `<code>${escapeHtml(cell)}</code>${change === null ? "" : ` ${escapeHtml(change)}`}`
  );
  const more = attention2.more > 0 ? ` and ${attention2.more} more` : "";
  return `<p><strong>${attention2.label}:</strong> ${named.join(", ")}${more}</p>`;
}
var STYLE = `
body { font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif;
  color: #1f2328; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
.muted { color: #59636e; }
table { border-collapse: collapse; margin: .75rem 0; }
th, td { border: 1px solid #d1d9e0; padding: .3rem .6rem; text-align: right; }
th { background: #f6f8fa; }
td:first-child, th:first-child, table.kv td { text-align: left; }
.verdict.regression, .bad { color: #d1242f; }
.verdict.inconclusive { color: #9a6700; }
.verdict.pass { color: #1a7f37; }
.verdict.control { color: #59636e; }
figure { margin: 1.5rem 0; }
figcaption { color: #59636e; }
details { margin: .5rem 0; }
summary { cursor: pointer; }
.chart-error { color: #d1242f; }
`;
var EMBED_SCRIPT = `
(async () => {
  const charts = JSON.parse(document.getElementById('perf-gate-charts').textContent)
  let rendered = 0
  for (const chart of charts) {
    const target = document.getElementById('chart-' + chart.id)
    try {
      await vegaEmbed(target, chart.spec, {
        renderer: 'svg',
        actions: { export: true, source: true, compiled: false, editor: false },
      })
      rendered += 1
    } catch (error) {
      console.error('perf-gate: chart ' + chart.id + ' failed to render', error)
      target.textContent = 'This chart failed to render: ' + (error && error.message ? error.message : String(error))
      target.className = 'chart-error'
    }
  }
  window.__perfGateRendered = rendered
})()
`;
function renderHtml(results, charts, libraries) {
  const content = buildReportContent(results);
  const figures = charts.map(
    (chart) => `<figure><div class="chart" id="chart-${escapeHtml(chart.id)}"></div><figcaption>${escapeHtml(chart.title)}</figcaption></figure>`
  );
  const body = [
    `<h1>${escapeHtml(content.headline)}</h1>`,
    `<p class="muted"><strong>${escapeHtml(content.gateName)}</strong> \xB7 ${content.context.map(escapeHtml).join(" \xB7 ")}</p>`,
    content.decision === null ? "" : `<p class="decision">${escapeHtml(content.decision)}</p>`,
    content.attention === null ? "" : attentionParagraph(content.attention),
    summaryTable(content),
    // The texts quote cell names in markdown backticks: code spans here too.
    ...[content.intervalNote, content.inconclusiveResolution, content.cpuLine].map(
      (text2) => text2 === null ? "" : `<p class="muted">${escapeHtml(text2).replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`
    ),
    content.capacity.length > 0 ? capacityTable(content) : "",
    ...content.arena.map(arenaTable2),
    content.notes.length > 0 ? `<h2>Notes</h2><ul>${content.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join("")}</ul>` : "",
    content.figures.length > 0 ? `<h2>Figures</h2>
${content.figures.map(figureSection).join("\n")}` : "",
    charts.length > 0 ? `<h2>Charts</h2>
${figures.join("\n")}` : "",
    "<h2>Cells</h2>",
    ...content.details.map(cellDetails),
    "<h2>Environment</h2>",
    keyValueTable(content.environment),
    content.baseline ? `<h2>Baseline</h2>
${keyValueTable(content.baseline)}` : ""
  ].filter((part) => part !== "");
  const chartData = charts.map((chart) => ({ id: chart.id, spec: chart.spec }));
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`perf-gate: ${results.name}`)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    ...body,
    `<script type="application/json" id="perf-gate-charts">${inlineJson(chartData)}</script>`,
    `<script>${inlineScript(libraries.vega)}</script>`,
    `<script>${inlineScript(libraries.vegaLite)}</script>`,
    `<script>${inlineScript(libraries.vegaEmbed)}</script>`,
    `<script>${EMBED_SCRIPT}</script>`,
    "</body>",
    "</html>",
    ""
  ].join("\n");
}

// src/report/exports.ts
function round2(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
function measuredCells(results) {
  return results.cells.filter((cell) => cell.candidate.n > 0);
}
function hasCi(summary2) {
  return summary2.interval === "confidence" || summary2.interval === void 0 && summary2.n >= 2;
}
function candidateRps(cell) {
  const rps = cell.runs.filter((run2) => run2.variant === "candidate" && !run2.warmup && run2.valid).map((run2) => run2.metrics.rps);
  return rps.length > 0 ? median(rps) : null;
}
function benchmarkActionJson(results) {
  const metric2 = metricLabel(results.metric);
  const level = `${Math.round(results.confidence * 100)}% CI`;
  return measuredCells(results).flatMap((cell) => {
    const c = cell.candidate;
    const half = (c.upper - c.lower) / 2;
    const latency = {
      name: `${cell.cell} ${metric2}`,
      unit: "ms",
      value: round2(c.mean, 3),
      ...hasCi(c) ? { range: `\xB1 ${round2(half, 3)}` } : {},
      extra: [
        `geometric mean of ${c.n} ${c.unit === "night" ? "night(s)" : "run(s)"}`,
        ...hasCi(c) ? [`${level} ${round2(c.lower, 3)} to ${round2(c.upper, 3)} ms`] : [],
        `verdict ${cell.verdict}`,
        ...results.gitSha ? [`commit ${results.gitSha}`] : []
      ].join("\n")
    };
    const errors = {
      name: `${cell.cell} error rate`,
      unit: "%",
      value: round2(cell.errorRate.candidate * 100, 4),
      // Not `range`: the action reads that as "± x", and a Wilson interval is not symmetric.
      extra: `Wilson ${level} ${round2(cell.errorRate.candidateInterval[0] * 100, 4)} to ${round2(cell.errorRate.candidateInterval[1] * 100, 4)} %`
    };
    return [latency, errors];
  });
}
function bencherJson(results) {
  const metric2 = metricLabel(results.metric);
  const out = {};
  for (const cell of measuredCells(results)) {
    const c = cell.candidate;
    const ns = (ms) => round2(ms * 1e6, 0);
    const measures = {
      latency: {
        value: ns(c.mean),
        ...hasCi(c) ? { lower_value: ns(c.lower), upper_value: ns(c.upper) } : {}
      }
    };
    const rps = candidateRps(cell);
    if (rps !== null) measures.throughput = { value: round2(rps, 3) };
    out[`${cell.cell} ${metric2}`] = measures;
  }
  return out;
}

// src/report/inert-markdown.ts
var ZWSP = "\u200B";
var BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
function needsBreak(text2, at) {
  const before = text2[at - 1] ?? "";
  const after = text2.slice(at + 1);
  if (!/\w/.test(after[0] ?? "")) return false;
  if (!/[A-Za-z0-9_]/.test(before)) return true;
  return /^[\w-]+\.\w/.test(after) || /^[0-9a-f]{7,}\b/i.test(after);
}
function breakAutolinks(text2) {
  return text2.replace(BIDI, "").replace(/:\/\//g, `:/${ZWSP}/`).replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`).replace(/@/g, (m, at, whole) => needsBreak(whole, at) ? `@${ZWSP}` : m).replace(/#(?=\d)/g, `#${ZWSP}`).replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 2)}${ZWSP}-`);
}
function escapeLinkSyntax(text2) {
  return text2.replace(/\\[\s\S]|\\$|\](?=[([:])|\$/g, (m) => m.length === 2 ? m : m === "\\" ? "\\\\" : `\\${m}`).replace(/^(\s*)#/, "$1\\#");
}

// src/report/markdown.ts
var DEFAULT_MARKER_KEY = "default";
var MERMAID_MAX_CELLS = 30;
var IMAGES_SHOWN = 2;
var DEFAULT_MAX_CHARS = 65e3;
var JOB_SUMMARY_MAX_BYTES = 1e6;
function commentMarker(key = DEFAULT_MARKER_KEY) {
  const safe = key.trim().replace(/[^A-Za-z0-9._:/-]+/g, "-").replace(/-{2,}/g, "-");
  return `<!-- perf-gate:${safe === "" ? DEFAULT_MARKER_KEY : safe} -->`;
}
function renderMarkdown(results, options = {}) {
  return fitMarkdown(results, options, options.maxChars ?? DEFAULT_MAX_CHARS, (text2) => text2.length);
}
function renderJobSummary(results, options = {}) {
  const utf8 = new TextEncoder();
  return fitMarkdown(
    results,
    { ...options, includeMarker: false },
    JOB_SUMMARY_MAX_BYTES,
    (text2) => utf8.encode(text2).length
  );
}
function fitMarkdown(results, options, max, size) {
  const content = buildReportContent(results);
  const render = (layout) => assemble(results, content, options, layout);
  const all = content.rows.length;
  const steps = [
    { runs: true, details: true, figures: true, chart: true, rows: all },
    { runs: false, details: true, figures: true, chart: true, rows: all },
    { runs: false, details: false, figures: true, chart: true, rows: all },
    { runs: false, details: false, figures: false, chart: true, rows: all }
  ];
  for (const layout of steps) {
    const text2 = render(layout);
    if (size(text2) <= max) return text2;
  }
  for (const chart of [true, false]) {
    const rows = largestFitting(
      all,
      (n) => size(render({ runs: false, details: false, figures: false, chart, rows: n })) <= max
    );
    if (rows !== null) return render({ runs: false, details: false, figures: false, chart, rows });
  }
  return render({ runs: false, details: false, figures: false, chart: false, rows: 0 });
}
function largestFitting(max, fits) {
  if (!fits(0)) return null;
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
function assemble(results, content, options, layout) {
  const blocks = [];
  if (options.includeMarker ?? true) blocks.push(commentMarker(options.markerKey));
  blocks.push(`### ${content.headline}`);
  const lines = [[`**${escapeText(content.gateName)}**`, ...content.context.map(escapeText)].join(" \xB7 ")];
  if (content.attention) lines.push(attentionLine(content.attention));
  if (content.decision) lines.push(escapeText(content.decision));
  if (content.changePoints?.openLine) lines.push(escapeText(content.changePoints.openLine));
  if (content.cpuLine) lines.push(escapeText(content.cpuLine));
  if (results.cannotBlock && results.cannotBlock.length > 0)
    lines.push(
      `**This config can never block a pull request:** ${results.cannotBlock.map(escapeText).join(" ")}`
    );
  blocks.push(lines.join("<br>\n"));
  if (layout.chart) {
    const chart = chartBlock(results, options);
    if (chart !== null) blocks.push(chart);
  }
  if (options.artifactsUrl) {
    blocks.push(`\u{1F4CE} [Charts, HTML report and results.json](${options.artifactsUrl}) in the run's artifacts`);
  }
  blocks.push(table2(content, layout.rows, options));
  if (content.capacity.length > 0) blocks.push(capacityTable2(content));
  for (const arena of content.arena) blocks.push(arenaTable3(arena));
  if (content.notes.length > 0)
    blocks.push(notesBlock(content.notes, Math.floor((options.maxChars ?? DEFAULT_MAX_CHARS) / 4), options));
  if (content.mode === "baseline" && content.changePoints) blocks.push(changePointBlock(content.changePoints));
  if (layout.figures) blocks.push(...content.figures.map(figureBlock));
  else if (content.figures.length > 0)
    blocks.push(`<sub>Figure tables omitted to fit GitHub's size limit; ${seeFullReport(options)}.</sub>`);
  if (layout.details) {
    blocks.push(...content.details.map((detail) => cellDetailsBlock(detail, layout.runs)));
    blocks.push(keyValueDetails("Environment", content.environment));
    if (content.baseline) blocks.push(keyValueDetails("Baseline", content.baseline));
  } else if (content.details.length > 0) {
    blocks.push(`<sub>Per-cell details omitted to fit GitHub's size limit; ${seeFullReport(options)}.</sub>`);
  }
  return `${blocks.join("\n\n")}
`;
}
function attentionLine(attention2) {
  const named = attention2.cells.map(
    ({ cell, change }) => `\`${escapeText(cell)}\`${change === null ? "" : ` ${change}`}`
  );
  const more = attention2.more > 0 ? ` and ${attention2.more} more` : "";
  return `${attention2.label}: ${named.join(", ")}${more}`;
}
function seeFullReport(options) {
  return options.artifactsUrl ? `see the [full report](${options.artifactsUrl})` : "see the full report";
}
function escapeText(text2) {
  return escapeLinkSyntax(
    breakAutolinks(text2.replace(/\r?\n|\r/g, " ")).replace(/&(?!(?:amp|lt|gt|quot);)/gi, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
  );
}
function escapeCell(text2) {
  return escapeText(text2).replace(/\|/g, "\\|");
}
function table2(content, rowCount, options) {
  const m = content.metric;
  const label = summaryLabel(content.confidence);
  const lines = [
    `| Cell | Baseline ${m}, ${label} | Candidate ${m}, ${label} | Change (CI) | Change ms | Req/s | Errors | Accuracy | Verdict |`,
    "| :-- | --: | --: | --: | --: | --: | --: | --: | :-- |",
    ...content.rows.slice(0, rowCount).map(tableRow)
  ];
  const hidden2 = content.rows.length - rowCount;
  if (hidden2 > 0) {
    lines.push("", `\u2026 ${hidden2} more ${hidden2 === 1 ? "cell" : "cells"}, ${seeFullReport(options)}.`);
  }
  const below = [content.intervalNote, content.inconclusiveResolution].filter((t) => t !== null);
  if (below.length > 0) lines.push("", `<sub>${below.join("<br>")}</sub>`);
  return lines.join("\n");
}
function changePointBlock(section) {
  const head = `**Change points on the main branch** (${escapeText(section.method)})`;
  if (section.rows.length === 0) return `${head}: none.`;
  return [
    head,
    "",
    "| Cell | Night | Size (after / before, 95% CI) | Commits | Open |",
    "| :-- | :-- | --: | :-- | :-- |",
    ...section.rows.map(
      (row) => `| ${[`\`${row.cell}\``, row.night, row.size, row.commits, row.open ? "open" : ""].map(escapeCell).join(" | ")} |`
    )
  ].join("\n");
}
function capacityTable2(content) {
  return [
    "**Capacity** (highest constant rate meeting the pass rule, req/s, median [CI] over searches)",
    "",
    "| Cell | Baseline | Candidate | Change (CI) | Searches | P95 at capacity | Verdict |",
    "| :-- | --: | --: | --: | --: | --: | :-- |",
    ...content.capacity.map(
      (row) => `| ${[`\`${row.cell}\``, row.baseline, row.candidate, row.change, row.searches, row.p95AtCapacity, row.verdictLabel].map(escapeCell).join(" | ")} |`
    )
  ].join("\n");
}
function arenaTable3(arena) {
  const what = arena.index === "ERI" ? "ERI" : "Score";
  const head = ["#", "Gateway", `${what} (CI)`, "Runs", ...arena.dimensions, "vs baseline", "Verdict"];
  const index = arena.index === "ERI" ? "layer 1 Enterprise Readiness Index" : "score";
  return [
    `**Arena ${escapeText(arena.scenario)}** (seed 002 ${index} 0..100: median [t CI of the mean] over runs; dimensions: median scores)`,
    "",
    `| ${head.map(escapeCell).join(" | ")} |`,
    `| ${head.map((_, i) => i === 1 || i === head.length - 1 ? ":--" : "--:").join(" | ")} |`,
    ...arena.rows.map(
      (row) => `| ${[String(row.rank), row.profile, row.score, String(row.runs), ...row.dimensions, row.change, row.verdictLabel].map(escapeCell).join(" | ")} |`
    ),
    ...arena.significant.length > 0 ? ["", ...arena.significant.map((line) => `- ${escapeText(line)}`)] : []
  ].join("\n");
}
function tableRow(row) {
  const cells = [
    `\`${row.cell}\``,
    row.baseline,
    row.candidate,
    row.change,
    row.deltaMs,
    row.throughput,
    row.errorRateFails ? `**${row.errorRate}** \u2757` : row.errorRate,
    row.accuracyFails ? `**${row.accuracy}** \u2757` : row.accuracy,
    row.verdictLabel
  ];
  return `| ${cells.map(escapeCell).join(" | ")} |`;
}
var NOTE_MAX_CHARS = 1e3;
function notesBlock(notes, budget, options) {
  const lines = [];
  let used = 0;
  for (const [i, note] of notes.entries()) {
    const text2 = escapeText(note);
    const line = `- ${text2.length > NOTE_MAX_CHARS ? `${cutText(text2, NOTE_MAX_CHARS)} \u2026` : text2}`;
    if (used + line.length + 1 > budget) {
      lines.push(`- \u2026 ${notes.length - i} more note(s); ${seeFullReport(options)}`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return [`<details open><summary>Notes (${notes.length})</summary>`, "", ...lines, "", "</details>"].join(
    "\n"
  );
}
function cutText(text2, max) {
  let cut = text2.slice(0, max);
  const amp = cut.lastIndexOf("&");
  if (amp > max - 10 && !cut.slice(amp).includes(";")) cut = cut.slice(0, amp);
  return cut.replace(/\\+$/, (slashes) => slashes.length % 2 === 1 ? slashes.slice(0, -1) : slashes);
}
function keyValueDetails(title, pairs2) {
  return [
    `<details><summary>${escapeText(title)}</summary>`,
    "",
    "| | |",
    "| :-- | :-- |",
    ...pairs2.map(([key, value]) => `| ${escapeCell(key)} | ${escapeCell(value)} |`),
    "",
    "</details>"
  ].join("\n");
}
function figureBlock(figure) {
  return [
    `<details><summary>${escapeText(figure.title)}</summary>`,
    "",
    `| ${figure.headers.map(escapeCell).join(" | ")} |`,
    `| ${figure.headers.map((_, i) => i < 2 ? ":--" : "--:").join(" | ")} |`,
    ...figure.rows.map(
      (row) => `| ${row.map((cell, i) => i === 0 ? `\`${escapeCell(cell)}\`` : escapeCell(cell)).join(" | ")} |`
    ),
    "",
    "</details>"
  ].join("\n");
}
function cellDetailsBlock(detail, withRuns) {
  const row = detail.row;
  const change = row.change === "\u2014" ? "" : `, ${row.change.split(" ")[0]}`;
  const lines = [`<details><summary>${escapeText(`${row.verdictLabel}: ${row.cell}${change}`)}</summary>`, ""];
  if (detail.reasons.length > 0) lines.push(...detail.reasons.map((reason) => `- ${escapeText(reason)}`), "");
  lines.push("| Statistic | Value |", "| :-- | :-- |");
  lines.push(...detail.statistics.map(([key, value]) => `| ${escapeCell(key)} | ${escapeCell(value)} |`), "");
  if (withRuns && detail.runs.length > 0) {
    lines.push("| Variant | Round | P50 ms | P90 ms | P95 ms | P99 ms | Max ms | RPS | Errors | Valid |");
    lines.push("| :-- | --: | --: | --: | --: | --: | --: | --: | --: | :-- |");
    for (const run2 of detail.runs) {
      const values = [run2.variant, String(run2.round), run2.p50, run2.p90, run2.p95, run2.p99, run2.max, run2.rps];
      lines.push(`| ${[...values, run2.errorRate, run2.valid].map(escapeCell).join(" | ")} |`);
    }
    lines.push("");
    if (detail.warmupRuns > 0) {
      lines.push(
        `<sub>${detail.warmupRuns} warm-up ${detail.warmupRuns === 1 ? "run" : "runs"} discarded.</sub>`,
        ""
      );
    }
  }
  if (withRuns && detail.baselineValues !== null) {
    lines.push(`Baseline per-run values (ms): ${escapeText(detail.baselineValues)}`, "");
  }
  lines.push("</details>");
  return lines.join("\n");
}
function chartBlock(results, options) {
  if (options.images && options.images.length > 0) {
    const markdownImage = (image) => `![${escapeText(image.alt).replace(/[[\]]/g, "")}](${image.url})`;
    const open2 = options.images.map((image, i) => image.shownInComment ?? i < IMAGES_SHOWN);
    const shown = options.images.filter((_, i) => open2[i]).map(markdownImage);
    const more = options.images.filter((_, i) => !open2[i]);
    if (more.length === 0) return shown.join("\n");
    return [
      ...shown,
      "",
      `<details><summary>${more.length} more ${more.length === 1 ? "chart" : "charts"}: ${escapeText(more.map((image) => image.alt).join(", "))}</summary>`,
      "",
      ...more.map((image) => `${markdownImage(image)}
`),
      "</details>"
    ].join("\n");
  }
  return mermaidChangeChart(results, options.maxChartCells ?? MERMAID_MAX_CELLS);
}
function mermaidChangeChart(results, maxCells = MERMAID_MAX_CELLS) {
  const withChange = results.cells.filter((cell) => cell.changePct !== null);
  if (withChange.length === 0) return null;
  const kept = new Set(
    [...withChange].sort((a, b) => Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0)).slice(0, maxCells)
  );
  const cells = withChange.filter((cell) => kept.has(cell));
  const values = cells.map((cell) => Math.round((cell.changePct ?? 0) * 10) / 10);
  const limit = Math.round(results.threshold * 1e3) / 10;
  const lo = Math.floor(Math.min(0, ...values) / 5) * 5;
  const hi = Math.ceil(Math.max(limit, ...values) * 1.1 / 5) * 5;
  const label = (text2) => `"${text2.replace(/["\\]/g, "'")}"`;
  const caption = cells.length < withChange.length ? `
<sub>The ${cells.length} cells with the largest change of ${withChange.length}; the line marks the ${formatSignedPct(limit, 0)} threshold.</sub>` : "";
  return [
    "```mermaid",
    "xychart-beta",
    `  title "${metricLabel(results.metric)} change vs baseline (%), threshold ${formatSignedPct(limit, 0)}"`,
    `  x-axis [${cells.map((cell) => label(cell.control ? `${cell.cell} (control)` : cell.cell)).join(", ")}]`,
    `  y-axis "Change (%)" ${lo} --> ${hi}`,
    `  bar [${values.join(", ")}]`,
    `  line [${cells.map(() => limit).join(", ")}]`,
    "```"
  ].join("\n") + caption;
}

// src/report/trend-page.ts
function shortSha2(sha) {
  if (sha === null) return "unknown";
  return /^[0-9a-f]{40}$/i.test(sha) ? sha.slice(0, 7) : sha;
}
function commitRange(point) {
  return `${shortSha2(point.fromSha)}..${shortSha2(point.toSha)}`;
}
function formatPercentChange(ratio) {
  return formatSignedPct((ratio - 1) * 100);
}
function day(iso) {
  return iso.slice(0, 10);
}
function trendCells(history, changePoints, options = {}) {
  const confidence = options.confidence ?? 0.95;
  const controls = new Set(options.controlProfiles ?? []);
  const cells = /* @__PURE__ */ new Map();
  for (const night of history.nights) {
    for (const run2 of night.runs) if (!cells.has(run2.cell)) cells.set(run2.cell, controls.has(run2.profile));
  }
  const all = [...cells].map(([cell, control]) => {
    const nights = [];
    history.nights.forEach((night, index) => {
      const measured2 = selectRuns(
        night.runs.filter((run2) => run2.cell === cell),
        history.metric
      ).measured;
      if (measured2.length === 0) return;
      const summary2 = summarize(
        measured2.map((run2) => run2.metrics[history.metric]),
        confidence
      );
      nights.push({
        night: index,
        createdAt: night.createdAt,
        gitSha: night.gitSha,
        runs: summary2.n,
        mean: summary2.mean,
        lower: summary2.lower,
        upper: summary2.upper
      });
    });
    const points = (changePoints?.points ?? []).filter((point) => point.cell === cell);
    return { cell, control, nights, changePoints: points };
  });
  return [...all.filter((c) => !c.control), ...all.filter((c) => c.control)];
}
function changeDate(cell, point) {
  const at = cell.nights.findIndex((night) => night.night === point.night);
  const first = new Date(point.createdAt).getTime();
  const previous = at > 0 ? new Date(cell.nights[at - 1].createdAt).getTime() : first;
  return new Date((previous + first) / 2).toISOString();
}
function changeRows(cell) {
  return cell.changePoints.map((point) => {
    const size = formatPercentChange(point.ratio.estimate);
    return {
      kind: "change",
      date: changeDate(cell, point),
      label: `${size} ${commitRange(point)}${point.open ? " (open)" : ""}`,
      size,
      interval: `${formatPercentChange(point.ratio.lower)} to ${formatPercentChange(point.ratio.upper)}`,
      commits: commitRange(point),
      firstNight: day(point.createdAt),
      nights: `${point.nightsBefore} before, ${point.nightsAfter} after`,
      open: point.open ? "yes" : "no",
      up: point.ratio.estimate > 1
    };
  });
}
function trendChart(cell, index, history, confidence) {
  const metric2 = metricLabel(history.metric);
  const title = cell.control ? `${cell.cell} (control)` : cell.cell;
  const values = [...nightRows(cell), ...changeRows(cell)];
  const percent = Math.round(confidence * 100);
  const layers = nightLayers2(cell, metric2, percent);
  if (cell.changePoints.length > 0) layers.push(...changeLayers(percent));
  const spec = {
    $schema: CHART_SCHEMA,
    title: { text: `${metric2}: ${title}`, subtitle: trendSubtitle(cell, percent) },
    width: 760,
    height: 200,
    data: { values },
    layer: layers,
    config: CHART_CONFIG
  };
  const id = `trend-${index + 1}-${cell.cell.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
  return { id, title: spec.title.text, spec };
}
function nightRows(cell) {
  return cell.nights.map((night) => ({
    kind: "night",
    date: night.createdAt,
    commit: shortSha2(night.gitSha),
    runs: night.runs,
    latency: tidy(night.mean),
    lower: tidy(night.lower),
    upper: tidy(night.upper)
  }));
}
function nightAxis2() {
  return { field: "date", type: "temporal", title: "Night", axis: { format: "%b %d", grid: false } };
}
function rowsOf(kind) {
  return [{ filter: `datum.kind === '${kind}'` }];
}
function nightLayers2(cell, metric2, percent) {
  const x = nightAxis2();
  const y = { type: "quantitative", scale: { zero: false } };
  return [
    {
      transform: rowsOf("night"),
      mark: { type: "area", color: VARIANT_COLORS.candidate, opacity: 0.15 },
      encoding: { x, y: { ...y, field: "lower" }, y2: { field: "upper" } }
    },
    {
      transform: rowsOf("night"),
      mark: {
        type: "line",
        color: cell.control ? MUTED : VARIANT_COLORS.candidate,
        point: { color: cell.control ? MUTED : VARIANT_COLORS.candidate, size: 20 },
        strokeWidth: 1.5
      },
      encoding: {
        x,
        y: { ...y, field: "latency", title: `${metric2} (ms)` },
        tooltip: [
          { field: "date", type: "temporal", title: "Night", format: "%Y-%m-%d %H:%M" },
          { field: "commit", title: "Commit" },
          { field: "runs", title: "Runs" },
          { field: "latency", title: `${metric2} geometric mean (ms)` },
          { field: "lower", title: `${percent}% CI lower` },
          { field: "upper", title: `${percent}% CI upper` }
        ]
      }
    }
  ];
}
function changeLayers(percent) {
  const x = nightAxis2();
  const changeColor = {
    condition: { test: "datum.up", value: THRESHOLD_COLOR },
    value: VERDICT_COLORS.pass
  };
  const changeTooltip = [
    { field: "size", title: "Change point: size" },
    { field: "interval", title: `${percent}% CI` },
    { field: "commits", title: "Commit range" },
    { field: "firstNight", title: "First night of the new level" },
    { field: "nights", title: "Nights" },
    { field: "open", title: "Open" }
  ];
  return [
    {
      transform: rowsOf("change"),
      mark: { type: "rule", strokeWidth: 2, strokeDash: [5, 3] },
      encoding: { x, color: changeColor, tooltip: changeTooltip }
    },
    {
      transform: rowsOf("change"),
      mark: { type: "text", align: "left", baseline: "top", dx: 4, y: 4, fontSize: 11 },
      encoding: { x, text: { field: "label" }, color: changeColor, tooltip: changeTooltip }
    }
  ];
}
function trendSubtitle(cell, percent) {
  const first = cell.nights[0];
  const last = cell.nights[cell.nights.length - 1];
  const subtitle = [
    `${cell.nights.length} night(s)${first && last ? `, ${day(first.createdAt)} to ${day(last.createdAt)}` : ""}; line: each night's geometric mean; band: its ${percent}% t interval over the night's runs`,
    cell.changePoints.length === 0 ? "No change point" : `Dashed rules: ${cell.changePoints.length} change point(s), red up, green down, with size and commit range`
  ];
  if (cell.control) subtitle.push("Control: a no-gateway noise monitor for the runner, never gated");
  return subtitle;
}
var STYLE2 = `
body { font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif;
  color: #1f2328; margin: 2rem auto; max-width: 1000px; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
.muted { color: #59636e; }
table { border-collapse: collapse; margin: .75rem 0; }
th, td { border: 1px solid #d1d9e0; padding: .3rem .6rem; text-align: left; }
th { background: #f6f8fa; }
figure { margin: 1.5rem 0; }
.chart-error { color: #d1242f; }
`;
function changePointTable(cells) {
  const rows = cells.flatMap(
    (cell) => cell.changePoints.map(
      (point) => [
        `<code>${escapeHtml(cell.cell)}</code>${cell.control ? " (control)" : ""}`,
        escapeHtml(day(point.createdAt)),
        escapeHtml(
          `${formatPercentChange(point.ratio.estimate)} (${formatPercentChange(point.ratio.lower)} to ${formatPercentChange(point.ratio.upper)})`
        ),
        `<code>${escapeHtml(commitRange(point))}</code>`,
        point.open ? "open" : "closed"
      ].map((cellHtml) => `<td>${cellHtml}</td>`).join("")
    )
  );
  if (rows.length === 0) return "<p>No change point in this history.</p>";
  return `<table><thead><tr><th>Cell</th><th>First night of the new level</th><th>Size (CI)</th><th>Commits</th><th>State</th></tr></thead><tbody>
${rows.map((r) => `<tr>${r}</tr>`).join("\n")}
</tbody></table>`;
}
function renderTrendPage(history, changePoints, libraries, options = {}) {
  const cells = trendCells(history, changePoints, options);
  const confidence = options.confidence ?? 0.95;
  const charts = cells.map((cell, i) => trendChart(cell, i, history, confidence));
  const from = day(history.nights[0].createdAt);
  const to = day(history.nights[history.nights.length - 1].createdAt);
  const title = `${history.name}: ${metricLabel(history.metric)} trend, ${from} to ${to}`;
  const method = changePoints ? `Change points: E-divisive means, ${Math.round(changePoints.alpha * 100)}% per test, ${changePoints.permutations} permutations, at least ${changePoints.minSize} nights per segment.` : `No change-point test: the history has too few nights.`;
  const figures = charts.map(
    (chart) => (
      // No caption: the chart's own title names the cell.
      `<figure><div class="chart" id="chart-${escapeHtml(chart.id)}"></div></figure>`
    )
  );
  const controls = cells.filter((c) => c.control).length;
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`perf-gate trend: ${title}`)}</title>`,
    `<style>${STYLE2}</style>`,
    "</head>",
    "<body>",
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">${history.nights.length} night(s) of the baseline history, ${cells.length - controls} gated cell(s)${controls > 0 ? ` and ${controls} control(s)` : ""}. ${escapeHtml(method)}</p>`,
    "<h2>Change points</h2>",
    changePointTable(cells),
    "<h2>Cells</h2>",
    ...figures,
    `<script type="application/json" id="perf-gate-charts">${inlineJson(charts.map((c) => ({ id: c.id, spec: c.spec })))}</script>`,
    `<script>${inlineScript(libraries.vega)}</script>`,
    `<script>${inlineScript(libraries.vegaLite)}</script>`,
    `<script>${inlineScript(libraries.vegaEmbed)}</script>`,
    `<script>${EMBED_SCRIPT}</script>`,
    "</body>",
    "</html>",
    ""
  ].join("\n");
}

// src/report/font-metrics.ts
var FontFormatError = class extends Error {
};
function reader(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const check = (offset, size) => {
    if (offset < 0 || offset + size > bytes.byteLength)
      throw new FontFormatError(`font file truncated: read of ${size} bytes at ${offset}`);
    return offset;
  };
  return {
    u16: (o) => view.getUint16(check(o, 2)),
    i16: (o) => view.getInt16(check(o, 2)),
    u32: (o) => view.getUint32(check(o, 4))
  };
}
function tableOffsets(r) {
  const count3 = r.u16(4);
  const tables = /* @__PURE__ */ new Map();
  for (let i = 0; i < count3; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(r.u16(record) >> 8, r.u16(record) & 255) + String.fromCharCode(r.u16(record + 2) >> 8, r.u16(record + 2) & 255);
    tables.set(tag, r.u32(record + 8));
  }
  return tables;
}
function cmapLookup(r, cmap) {
  const count3 = r.u16(cmap + 2);
  const subtables = [];
  for (let i = 0; i < count3; i++) {
    const record = cmap + 4 + i * 8;
    const offset = cmap + r.u32(record + 4);
    subtables.push({ platform: r.u16(record), encoding: r.u16(record + 2), offset, format: r.u16(offset) });
  }
  const pick = subtables.find((s) => s.platform === 3 && s.encoding === 10 && s.format === 12) ?? subtables.find((s) => s.platform === 0 && s.format === 12) ?? subtables.find((s) => s.platform === 3 && s.encoding === 1 && s.format === 4) ?? subtables.find((s) => s.platform === 0 && s.format === 4);
  if (!pick) throw new FontFormatError("font has no Unicode cmap subtable of format 4 or 12");
  const t = pick.offset;
  if (pick.format === 12) {
    const groups = r.u32(t + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = lo + hi >> 1;
        const group = t + 16 + mid * 12;
        const start = r.u32(group);
        const end = r.u32(group + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return r.u32(group + 8) + (cp - start);
      }
      return 0;
    };
  }
  const segments = r.u16(t + 6) / 2;
  const ends = t + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (cp) => {
    if (cp > 65535) return 0;
    for (let i = 0; i < segments; i++) {
      if (cp > r.u16(ends + i * 2)) continue;
      const start = r.u16(starts + i * 2);
      if (cp < start) return 0;
      const delta = r.i16(deltas + i * 2);
      const rangeOffset = r.u16(rangeOffsets + i * 2);
      if (rangeOffset === 0) return cp + delta & 65535;
      const glyph = r.u16(rangeOffsets + i * 2 + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : glyph + delta & 65535;
    }
    return 0;
  };
}
function readFontMetrics(bytes) {
  const r = reader(bytes);
  const tables = tableOffsets(r);
  const table3 = (tag) => {
    const offset = tables.get(tag);
    if (offset === void 0) throw new FontFormatError(`font has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = r.u16(table3("head") + 18);
  const metricsCount = r.u16(table3("hhea") + 34);
  const hmtx = table3("hmtx");
  const lookup = cmapLookup(r, table3("cmap"));
  const advance = (glyph2) => r.u16(hmtx + Math.min(glyph2, metricsCount - 1) * 4);
  const glyphs = /* @__PURE__ */ new Map();
  const glyph = (codePoint) => {
    let found2 = glyphs.get(codePoint);
    if (found2 === void 0) {
      found2 = lookup(codePoint);
      glyphs.set(codePoint, found2);
    }
    return found2;
  };
  return {
    unitsPerEm,
    glyph,
    has: (codePoint) => glyph(codePoint) !== 0,
    width(text2, fontSize) {
      let units = 0;
      for (const char of text2) units += advance(glyph(char.codePointAt(0)));
      return units / unitsPerEm * fontSize;
    }
  };
}

// src/report/render.ts
var resvgReady = null;
var shippedFonts = null;
var textMetricsReady = null;
function ensureResvg() {
  resvgReady ??= readAsset("resvgWasm").then((bytes) => initWasm(bytes));
  resvgReady.catch(() => {
    resvgReady = null;
  });
  return resvgReady;
}
function loadShippedFonts() {
  shippedFonts ??= readAsset("font").then((font) => [font]);
  shippedFonts.catch(() => {
    shippedFonts = null;
  });
  return shippedFonts;
}
function vegaTextWidth(font) {
  return (item, text2) => {
    const size = item.fontSize ?? 11;
    const line = text2 === null || text2 === void 0 ? "" : String(text2).trim();
    if (!(size > 0) || line === "") return 0;
    const width = font.width(line, size);
    const limit = item.limit ?? 0;
    return limit > 0 ? Math.min(width, limit) : width;
  };
}
function ensureTextMetrics() {
  textMetricsReady ??= readAsset("font").then((bytes) => {
    const metrics = textMetrics;
    metrics.width = vegaTextWidth(readFontMetrics(bytes));
  });
  textMetricsReady.catch(() => {
    textMetricsReady = null;
  });
  return textMetricsReady;
}
function collectingLogger(warnings) {
  let level = Warn;
  const logger = {
    level(value) {
      if (value === void 0) return level;
      level = value;
      return logger;
    },
    error(...args) {
      warnings.push(`error: ${args.map(String).join(" ")}`);
      return logger;
    },
    warn(...args) {
      warnings.push(args.map(String).join(" "));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    }
  };
  return logger;
}
async function specToSvg(spec, warnings = []) {
  await ensureTextMetrics();
  const logger = collectingLogger(warnings);
  const compiled = compile(spec, { logger }).spec;
  const view = new View(parse(compiled), { renderer: "none", logger });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
async function svgToPng(svg, options = {}) {
  await ensureResvg();
  const fontBuffers = options.fonts ?? await loadShippedFonts();
  const resvg = new Resvg2(svg, {
    fitTo: { mode: "zoom", value: options.scale ?? 2 },
    font: {
      fontBuffers,
      defaultFontFamily: CHART_FONT,
      sansSerifFamily: CHART_FONT
    }
  });
  try {
    const image = resvg.render();
    try {
      return { png: image.asPng(), width: image.width, height: image.height };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
async function renderChart(chart, options = {}) {
  const started = performance.now();
  const warnings = [];
  const svg = await specToSvg(chart.spec, warnings);
  const { png, width, height } = await svgToPng(svg, options);
  return {
    id: chart.id,
    title: chart.title,
    svg,
    png,
    width,
    height,
    renderMs: performance.now() - started,
    warnings
  };
}
async function renderAll(charts, options = {}) {
  const rendered = [];
  for (const chart of charts) rendered.push(await renderChart(chart, options));
  return rendered;
}

// src/gate/artifacts.ts
async function isSymlink(file) {
  try {
    return (await lstat2(file)).isSymbolicLink();
  } catch {
    return false;
  }
}
async function refuseSymlinks(out, root, dir, what) {
  const refuse = (link) => new ConfigError([
    `${what}: ${dir}: ${link} is a symlink; perf-gate writes and uploads its output folder, so it refuses one that leads elsewhere (remove the link or choose another folder)`
  ]);
  const relative = path15.relative(root, out);
  const inside = relative !== "" && !relative.startsWith("..") && !path15.isAbsolute(relative);
  const chain = inside ? relative.split(path15.sep).map((_, i, parts) => path15.join(root, ...parts.slice(0, i + 1))) : [out];
  for (const link of chain) if (await isSymlink(link)) throw refuse(link);
  let entries;
  try {
    entries = await readdir(out, { withFileTypes: true, recursive: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isSymbolicLink()) throw refuse(path15.join(entry.parentPath, entry.name));
  }
}
async function prepareOutDir(dir, what = "output folder", options = {}) {
  const out = path15.resolve(dir);
  await refuseSymlinks(out, path15.resolve(options.root ?? process.cwd()), dir, what);
  try {
    await makeDirectory(path15.join(out, "charts"));
    await access(out, constants2.W_OK);
    const probe = path15.join(out, `.perf-gate-write-check-${process.pid}`);
    await writeFile4(probe, "");
    await rm4(probe, { force: true });
  } catch (error) {
    const code = error.code;
    const reason = code === "EEXIST" || code === "ENOTDIR" ? "a file is in the way of the folder" : code === "EACCES" || code === "EPERM" || code === "EROFS" ? "permission denied" : code ?? error.message;
    throw new ConfigError([`${what}: ${dir}: cannot create or write the output folder (${reason})`]);
  }
  return out;
}
async function writeArtifacts(results, dir, log, history) {
  const out = path15.resolve(dir);
  const resultsPath = path15.join(out, "results.json");
  const reportPath = path15.join(out, "report.md");
  const htmlPath = path15.join(out, "report.html");
  const failed = [];
  const attempt = async (what, write) => {
    try {
      await write();
      return true;
    } catch (error) {
      const reason = `${what}: ${error.message.split("\n")[0]}`;
      failed.push(reason);
      log.warning(`could not write ${reason}`);
      return false;
    }
  };
  await attempt(path15.join(out, "charts"), async () => {
    await mkdir2(path15.join(out, "charts"), { recursive: true });
  });
  await attempt(resultsPath, () => writeFileAtomic(resultsPath, `${JSON.stringify(results, null, 2)}
`));
  const exportsWritten = [
    await attempt(
      path15.join(out, "benchmark-action.json"),
      () => writeFileAtomic(
        path15.join(out, "benchmark-action.json"),
        `${JSON.stringify(benchmarkActionJson(results), null, 2)}
`
      )
    ),
    await attempt(
      path15.join(out, "bencher.json"),
      () => writeFileAtomic(path15.join(out, "bencher.json"), `${JSON.stringify(bencherJson(results), null, 2)}
`)
    )
  ];
  await attempt(
    reportPath,
    () => writeFileAtomic(reportPath, renderMarkdown(results, { includeMarker: false, maxChars: 1e6 }))
  );
  const definitions = buildCharts2(results);
  const began = Date.now();
  const charts = [];
  await attempt("charts", async () => {
    const rendered = await renderAll(definitions);
    for (const chart of rendered) {
      const svgPath = path15.join(out, "charts", `${chart.id}.svg`);
      const pngPath = path15.join(out, "charts", `${chart.id}.png`);
      for (const warning2 of chart.warnings) log.warning(`chart ${chart.id}: ${warning2}`);
      charts.push({ id: chart.id, title: chart.title, svgPath, pngPath, png: chart.png });
      await attempt(svgPath, () => writeFile4(svgPath, chart.svg));
      await attempt(pngPath, () => writeFile4(pngPath, chart.png));
    }
  });
  await attempt(
    htmlPath,
    async () => writeFile4(htmlPath, renderHtml(results, definitions, await readVegaLibraries()))
  );
  const trendPath = history ? path15.join(out, "trend.html") : void 0;
  if (history && trendPath)
    await attempt(trendPath, async () => {
      const controlProfiles = results.cells.filter((c) => c.control).map((c) => c.profile);
      const libraries = await readVegaLibraries();
      await writeFile4(
        trendPath,
        renderTrendPage(history, results.changePoints, libraries, { controlProfiles })
      );
    });
  log.info(
    `wrote ${reportPath}, ${resultsPath}, ${htmlPath}${trendPath ? `, ${trendPath}` : ""}${exportsWritten.every(Boolean) ? ", benchmark-action.json, bencher.json" : ""} and ${charts.length} chart(s) (rendered in ${Date.now() - began} ms)` + (failed.length > 0 ? `; ${failed.length} file(s) failed` : "")
  );
  return { dir: out, resultsPath, reportPath, charts, htmlPath, ...trendPath ? { trendPath } : {}, failed };
}

// src/gate/accept-regression.ts
var MAX_REASON_CHARS = 500;
function labelAcceptance(labels, label, pullRequest) {
  const wanted = label.toLowerCase();
  if (!labels.some((l) => l.toLowerCase() === wanted)) return null;
  return {
    by: "label",
    label,
    pullRequest,
    reason: `pull request #${pullRequest} carries the label "${label}"`
  };
}
function flagAcceptance(reason) {
  return { by: "flag", reason };
}
function inaccurateCells(results) {
  return results.cells.filter((c) => !c.control && c.accuracy?.fails).map((c) => c.cell);
}
function acceptanceRefusal(results) {
  if (results.mode !== "gate") return "only a gate has a verdict to accept";
  if (results.verdict !== "regression") return `the verdict is ${results.verdict}, not a regression`;
  const inaccurate = inaccurateCells(results);
  if (inaccurate.length > 0)
    return `wrong answers (accuracy below gate.minAccuracy) in ${inaccurate.join(", ")} are not a performance regression and still fail`;
  return null;
}
function acceptRegression(results, request) {
  if (!request || acceptanceRefusal(results) !== null) return results;
  const cells = results.cells.filter((c) => !c.control && c.verdict === "regression").map((c) => c.cell);
  return { ...results, acceptedRegression: { ...request, cells } };
}

// src/github/client.ts
var RATE_LIMIT_RETRIES = 2;
var DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];
function createOctokit(token, options = {}) {
  const env = options.env ?? process.env;
  const baseUrl = options.baseUrl ?? env["GITHUB_API_URL"] ?? "https://api.github.com";
  const retryAfterBaseValue = options.retryAfterBaseValue ?? 1e3;
  const onLimit = (kind) => (retryAfter, request, _octokit, retryCount) => {
    const retrying = retryCount < RATE_LIMIT_RETRIES;
    warning(
      `GitHub ${kind} hit on ${request.method} ${request.url}; ` + (retrying ? `retrying in ${retryAfter} s (retry ${retryCount + 1} of ${RATE_LIMIT_RETRIES})` : "giving up")
    );
    return retrying;
  };
  return getOctokit(
    token,
    {
      baseUrl,
      retry: { doNotRetry: DO_NOT_RETRY, retryAfterBaseValue },
      throttle: options.spaceWrites === false ? { enabled: false } : {
        retryAfterBaseValue,
        onRateLimit: onLimit("rate limit"),
        onSecondaryRateLimit: onLimit("secondary rate limit")
      }
    },
    retry,
    throttling
  );
}

// src/github/errors.ts
function isHttpError(error) {
  return error instanceof Error && typeof error.status === "number" && error.name === "HttpError";
}
var PERMISSION_STATUSES = /* @__PURE__ */ new Set([401, 403, 404]);
function permissionHint(status) {
  if (status === 401) return "the token is missing or invalid";
  if (status === 404) return "the resource does not exist or the token cannot see it";
  return "the token cannot write here (pull requests from forks get a read-only GITHUB_TOKEN; grant `permissions: pull-requests: write, contents: write` or use the two-stage workflow_run flow)";
}
function toGitHubFailure(action, error) {
  const permission = PERMISSION_STATUSES.has(error.status);
  const where = error.request?.method && error.request.url ? ` (${error.request.method} ${error.request.url})` : "";
  const hint = permission ? `: ${permissionHint(error.status)}` : "";
  return {
    ok: false,
    status: error.status,
    permission,
    reason: `${action} failed: GitHub answered ${error.status} ${firstLine(error.message)}${where}${hint}`
  };
}
async function tryGitHub(action, call) {
  try {
    return { ok: true, ...await call() };
  } catch (error) {
    if (isHttpError(error)) return toGitHubFailure(action, error);
    throw error;
  }
}
function firstLine(text2) {
  return text2.split("\n", 1)[0] ?? "";
}

// src/github/pull-requests.ts
async function findPullRequestByHead(octokit, lookup) {
  const { owner, repo, headSha } = lookup;
  return tryGitHub(`Looking up the pull request for ${headSha.slice(0, 7)}`, async () => {
    const headOwner = lookup.headRepo?.split("/")[0];
    if (headOwner && lookup.headBranch) {
      const { data } = await octokit.rest.pulls.list({
        owner,
        repo,
        state: "open",
        head: `${headOwner}:${lookup.headBranch}`,
        per_page: 100
      });
      const hit = data.find((pr) => pr.head.sha === headSha);
      if (hit) return { number: hit.number };
    }
    for await (const page of octokit.paginate.iterator(octokit.rest.pulls.list, {
      owner,
      repo,
      state: "open",
      per_page: 100
    })) {
      const hit = page.data.find((pr) => pr.head.sha === headSha);
      if (hit) return { number: hit.number };
    }
    return { number: void 0 };
  });
}
async function pullRequestLabels(octokit, where) {
  return tryGitHub(`Reading the labels of pull request #${where.number}`, async () => {
    const labels = await octokit.paginate(octokit.rest.issues.listLabelsOnIssue, {
      owner: where.owner,
      repo: where.repo,
      issue_number: where.number,
      per_page: 100
    });
    return { labels: labels.map((l) => l.name) };
  });
}

// src/stack/profile-setup.ts
var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
var MAX_QUOTED_CHARS = 80;
function quoteAnswer(text2, mask) {
  const flat = maskCredentials(mask(text2)).replace(/\s+/g, " ").trim();
  return flat.length > MAX_QUOTED_CHARS ? `${flat.slice(0, MAX_QUOTED_CHARS)}\u2026` : flat;
}
function requireReachable(url, guard, where) {
  const refusal = hostRefusal(url, guard.hosts, where);
  if (refusal) throw new ConfigError([guard.mask(refusal)]);
}
var MAX_CAPTURE_CHARS = 4096;
function captureValue(json, dotted) {
  let at = json;
  for (const key of dotted.split(".")) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, key))
      throw new Error(`no value at "${dotted}"`);
    at = at[key];
  }
  if (typeof at !== "string" && typeof at !== "number" && typeof at !== "boolean")
    throw new Error(`the value at "${dotted}" is ${at === null ? "null" : typeof at}, not a string or number`);
  const text2 = String(at);
  if (text2.length > MAX_CAPTURE_CHARS)
    throw new Error(`the value at "${dotted}" is longer than ${MAX_CAPTURE_CHARS} characters`);
  if (/[\u0000-\u001f\u007f]/.test(text2)) throw new Error(`the value at "${dotted}" holds control characters`);
  return text2;
}
function fillCall(call, values) {
  return {
    ...call,
    url: fillTemplate(call.url, values),
    headers: Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k, fillTemplate(v, values)])),
    body: fillTemplateIn(call.body, values)
  };
}
async function sendSetupCall(call, url, where, guard) {
  requireReachable(call.url, guard, where);
  const body = call.body === void 0 ? void 0 : typeof call.body === "string" ? call.body : JSON.stringify(call.body);
  const headers = {
    ...typeof call.body === "object" ? { "content-type": "application/json" } : {},
    ...call.headers
  };
  let last = "";
  for (let attempt = 0; attempt <= call.retries; attempt++) {
    if (attempt > 0) await sleep(Math.min(250 * 2 ** (attempt - 1), 2e3));
    try {
      const response = await fetch(url, {
        method: call.method,
        headers,
        body,
        // A redirect would take the call (and its admin key) to a host the guard never saw.
        redirect: "manual",
        signal: AbortSignal.timeout(1e4)
      });
      const text2 = await response.text();
      if (call.expectStatus.includes(response.status)) return capture(call, text2, where, guard);
      last = `HTTP ${response.status}: ${quoteAnswer(text2, guard.mask)}`;
    } catch (error) {
      last = error.message;
    }
  }
  throw new InfrastructureError(
    `${where}: ${call.method} ${maskCredentials(guard.mask(call.url))} failed after ${call.retries + 1} attempts (${last})`
  );
}
function capture(call, text2, where, guard) {
  const entries = Object.entries(call.capture ?? {});
  if (entries.length === 0) return {};
  let json;
  try {
    json = JSON.parse(text2);
  } catch {
    throw new InfrastructureError(
      `${where}: capture needs a JSON response, got: ${quoteAnswer(text2, guard.mask)}`
    );
  }
  const out = {};
  for (const [name2, dotted] of entries) {
    try {
      out[name2] = captureValue(json, dotted);
    } catch (error) {
      throw new InfrastructureError(`${where}: capture ${name2}: ${error.message}`);
    }
  }
  return out;
}
async function waitForProfile(profile, resolveUrl, guard) {
  const readiness = profile.readiness ?? {
    method: "GET",
    status: profile.expect.status,
    timeout: "30s"
  };
  requireReachable(readiness.url ?? profile.target, guard, `profile "${profile.name}" readiness`);
  const url = resolveUrl(readiness.url ?? profile.target);
  const deadline = Date.now() + durationMs(readiness.timeout);
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, {
        method: readiness.method,
        redirect: "manual",
        signal: AbortSignal.timeout(5e3)
      });
      await response.arrayBuffer();
      if (response.status === readiness.status) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(250);
  }
  throw new InfrastructureError(
    `profile "${profile.name}": ${url} did not answer ${readiness.status} within ${readiness.timeout} (last: ${last})`
  );
}
async function setUpProfile(profile, resolveUrl, guard) {
  const captured = {};
  for (const [i, call] of profile.setup.entries()) {
    const repeat = call.repeat ?? 1;
    for (let index = 0; index < repeat; index++) {
      const filled = fillCall(call, { ...captured, i: String(index) });
      const where = `profile "${profile.name}" setup[${i}]${repeat > 1 ? ` (repeat ${index})` : ""}`;
      requireReachable(filled.url, guard, where);
      Object.assign(captured, await sendSetupCall(filled, resolveUrl(filled.url), where, guard));
    }
  }
  await waitForProfile(profile, resolveUrl, guard);
  return { headers: profileHeaders(profile, captured) };
}
function profileHeaders(profile, captured) {
  return Object.fromEntries(
    Object.entries(profile.headers).map(([name2, value]) => [name2, fillTemplate(value, captured)])
  );
}

// src/stack/stack.ts
var import_testcontainers4 = __toESM(require_build(), 1);
import { connect } from "node:net";
import { createHash as createHash2 } from "node:crypto";
import { hostname } from "node:os";

// src/stack/compose-stack.ts
var import_testcontainers3 = __toESM(require_build(), 1);
var import_yaml5 = __toESM(require_dist(), 1);
import { execFile as execFile2 } from "node:child_process";
import { mkdtempSync, readFileSync as readFileSync2, rmSync, writeFileSync } from "node:fs";
import { tmpdir as tmpdir3 } from "node:os";
import path16 from "node:path";
import { promisify as promisify2 } from "node:util";
var COMPOSE_PROJECT_LABEL = "com.docker.compose.project";
var COMPOSE_SERVICE_LABEL = "com.docker.compose.service";
var run = promisify2(execFile2);
var found;
function findCompose() {
  found ??= (async () => {
    for (const [command, args, standalone] of [
      ["docker", ["compose", "version", "--short"], false],
      ["docker-compose", ["version", "--short"], true]
    ]) {
      const executablePath = findTool(command);
      if (!executablePath) continue;
      try {
        const { stdout } = await run(executablePath, [...args], {
          timeout: 2e4,
          env: { ...process.env, PATH: trustedPath() }
        });
        return { standalone, version: stdout.trim(), executablePath };
      } catch {
      }
    }
    return null;
  })();
  return found;
}
function composeProjectName(runId, variant2, instance) {
  return `perf-gate-${runId}-${variant2}${instance ? `-${instance}` : ""}`.toLowerCase().replace(/[^a-z0-9_-]/g, "-");
}
function overrideDocument(composeText, labels, overrides) {
  const raw = (0, import_yaml5.parse)(composeText, { merge: true });
  const services = {};
  for (const name2 of Object.keys(raw.services)) {
    const override = overrides?.services[name2];
    services[name2] = {
      labels: { ...labels, "dev.perf-gate.service": name2 },
      ...override?.image ? { image: override.image } : {},
      ...override?.env ? { environment: override.env } : {},
      ...override?.command ? { command: override.command } : {}
    };
  }
  return (0, import_yaml5.stringify)({ ...raw.version !== void 0 ? { version: String(raw.version) } : {}, services });
}
var sleep2 = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitForHttp(url, status, timeoutMs, where) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5e3) });
      await response.arrayBuffer();
      if (response.status === status) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await sleep2(250);
  }
  throw new InfrastructureError(
    `${where}: ${url} did not answer ${status} within ${timeoutMs / 1e3}s (last: ${last})`
  );
}
function composeMessage(error) {
  if (error instanceof Error) return error.message;
  const err = error?.err;
  return typeof err === "string" ? err.trim() : String(error);
}
async function startComposeStack(options) {
  const file = options.stack.compose;
  const compose = await findCompose();
  if (!compose) {
    throw new InfrastructureError(
      `stack.compose (${file}): Docker Compose not found: neither "docker compose" nor "docker-compose" works; install one (scripts/setup.sh installs docker-compose)`
    );
  }
  const project = prepareProject(options, compose);
  const teardown = () => composeDown(project, options);
  let stopping;
  let upRunning = false;
  const stop = () => stopping ??= (async () => {
    await teardown();
    if (!upRunning) rmSync(project.tmp, { recursive: true, force: true });
  })();
  try {
    const env = projectEnvironment(project, options.stack, compose);
    options.log.info(
      `starting compose project ${project.name} from ${file} (${compose.standalone ? "docker-compose" : "docker compose"} ${compose.version})`
    );
    const began = Date.now();
    upRunning = true;
    let environmentUp;
    try {
      environmentUp = await env.up(options.stack.services);
    } catch (error) {
      throw new InfrastructureError(
        `stack.compose (${file}): the compose project did not start: ${composeMessage(error)}`,
        { cause: error }
      );
    } finally {
      upRunning = false;
      if (stopping) {
        await stopping;
        await teardown();
        rmSync(project.tmp, { recursive: true, force: true });
      }
    }
    if (stopping) throw new InfrastructureError("interrupted");
    const services = await composeServices(project.name, environmentUp);
    if (services.size === 0)
      throw new InfrastructureError(`stack.compose (${file}): compose started no container`);
    await waitForHttpServices(services, options.stack.wait, file);
    for (const [name2, service] of services) {
      options.log.info(
        `service ${name2} ready at ${service.address(0).host} (compose, ${((Date.now() - began) / 1e3).toFixed(1)}s)`
      );
    }
    return {
      variant: options.variant,
      networkName: project.name,
      services,
      resolveUrl: composeUrlResolver(services, project.aliases),
      stop
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
function prepareProject(options, compose) {
  const file = options.stack.compose;
  const tmp = mkdtempSync(path16.join(tmpdir3(), "perf-gate-compose-"));
  const overridePath = path16.join(tmp, "perf-gate.override.yml");
  const composeText = readFileSync2(file, "utf8");
  writeFileSync(overridePath, overrideDocument(composeText, options.labels, options.overrides));
  return {
    name: composeProjectName(options.runId, options.variant, options.instance),
    file,
    tmp,
    overridePath,
    // Read as the config check read them (merge keys applied): the hosts it accepted resolve here.
    aliases: composeNetworkAliases(
      (0, import_yaml5.parse)(composeText, { merge: true }).services
    ),
    composeOptions: options.stack.profiles.flatMap((p) => ["--profile", p]),
    // Compose and what it starts (credential helpers) resolve programs on the trusted PATH only.
    environment: { ...composeEnvironment(), PATH: trustedPath() },
    // Absolute, from the trusted PATH: testcontainers would otherwise look `docker` up on process.env's.
    executable: compose.standalone ? { standalone: true, executablePath: compose.executablePath } : { executablePath: compose.executablePath }
  };
}
async function composeDown(project, options) {
  try {
    const client = await (0, import_testcontainers3.getContainerRuntimeClient)();
    await client.compose.down(
      {
        filePath: path16.dirname(project.file),
        files: [project.file, project.overridePath],
        projectName: project.name,
        composeOptions: project.composeOptions,
        environment: project.environment,
        executable: project.executable
      },
      { removeVolumes: true, timeout: 1e3 }
    );
  } catch (error) {
    options.log.warning(`stack.compose (${project.file}): compose down failed: ${composeMessage(error)}`);
  } finally {
    await options.removeLeftovers();
  }
}
function projectEnvironment(project, stack, compose) {
  let env = new import_testcontainers3.DockerComposeEnvironment(path16.dirname(project.file), [project.file, project.overridePath]).withProjectName(project.name).withProfiles(...stack.profiles).withEnvironment(project.environment);
  env = env.withClientOptions({ executable: project.executable });
  for (const [service, wait] of Object.entries(stack.wait)) {
    if (!wait.log) continue;
    const container = compose.standalone ? `${project.name}_${service}_1` : `${service}-1`;
    env = env.withWaitStrategy(
      container,
      import_testcontainers3.Wait.forLogMessage(wait.log).withStartupTimeout(durationMs(wait.timeout))
    );
  }
  return env;
}
async function waitForHttpServices(services, waits, file) {
  await Promise.all(
    Object.entries(waits).map(async ([name2, wait]) => {
      const service = services.get(name2);
      if (!wait.http) return;
      if (!service)
        throw new InfrastructureError(
          `stack.compose (${file}): stack.wait.${name2}: compose started no container for "${name2}"`
        );
      const { host } = service.address(wait.http.port);
      await waitForHttp(
        `http://${host}:${wait.http.port}${wait.http.path}`,
        wait.http.status,
        durationMs(wait.timeout),
        `stack.compose (${file}): service "${name2}"`
      );
    })
  );
}
function composeUrlResolver(services, aliases) {
  return (url) => {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase();
    const name2 = Object.hasOwn(aliases, host) && !services.has(host) ? aliases[host] : host;
    const service = name2 === void 0 ? void 0 : services.get(name2);
    if (!service) return url;
    const port2 = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
    parsed.hostname = service.address(port2).host;
    return parsed.toString();
  };
}
async function composeServices(project, environment2) {
  const client = await (0, import_testcontainers3.getContainerRuntimeClient)();
  const listed = await client.container.dockerode.listContainers({
    filters: { label: [`${COMPOSE_PROJECT_LABEL}=${project}`] }
  });
  const services = /* @__PURE__ */ new Map();
  for (const info of listed) {
    const name2 = info.Labels[COMPOSE_SERVICE_LABEL];
    if (!name2 || services.has(name2)) continue;
    const containerName = (info.Names[0] ?? "").replace(/^\//, "");
    const key = containerName.startsWith(`${project}-`) ? containerName.slice(project.length + 1) : containerName;
    const container = environment2.getContainer(key);
    const network = container.getNetworkNames()[0];
    const ip = network ? container.getIpAddress(network) : container.getHost();
    services.set(name2, { name: name2, container, address: (port2) => ({ host: ip, port: port2 }) });
  }
  return services;
}

// src/stack/stack.ts
var RUN_LABEL = "dev.perf-gate.run";
var SERVICE_LABEL = "dev.perf-gate.service";
var VARIANT_LABEL = "dev.perf-gate.variant";
var OWNER_LABEL = "dev.perf-gate.owner";
function servicesForVariant(services, overrides) {
  if (!overrides) return services;
  return Object.fromEntries(
    Object.entries(services).map(([name2, service]) => {
      const override = overrides.services[name2];
      if (!override) return [name2, service];
      const merged = {
        ...service,
        ...override.image ? { image: override.image, build: void 0 } : {},
        env: { ...service.env, ...override.env },
        command: override.command ?? service.command,
        resources: override.resources ?? service.resources
      };
      return [name2, merged];
    })
  );
}
function waitStrategyFor(service) {
  const wait = service.wait;
  if (!wait) return import_testcontainers4.Wait.forListeningPorts();
  const strategies = [];
  if (wait.http) strategies.push(import_testcontainers4.Wait.forHttp(wait.http.path, wait.http.port).forStatusCode(wait.http.status));
  if (wait.log) strategies.push(import_testcontainers4.Wait.forLogMessage(wait.log));
  const strategy = strategies.length === 1 ? strategies[0] : import_testcontainers4.Wait.forAll(strategies);
  return strategy.withStartupTimeout(durationMs(wait.timeout));
}
var LogTail = class {
  lines = [];
  consume = (stream) => {
    stream.on("data", (chunk) => {
      this.lines.push(...chunk.toString().split("\n").filter(Boolean));
      if (this.lines.length > 40) this.lines = this.lines.slice(-40);
    });
  };
  text() {
    return this.lines.length > 0 ? this.lines.map((l) => `    ${l}`).join("\n") : "    (no output)";
  }
};
async function imageFor(name2, service, log) {
  if (service.image) return service.image;
  const build = service.build;
  if (!build) throw new InfrastructureError(`service "${name2}": neither image nor build`);
  const tag = `perf-gate-build/${name2}:${createHash2("sha256").update(JSON.stringify(build)).digest("hex").slice(0, 12)}`;
  log.info(`building ${tag} from ${build.context}/${build.dockerfile}`);
  try {
    await import_testcontainers4.GenericContainer.fromDockerfile(build.context, build.dockerfile).withBuildArgs(build.args).build(tag, { deleteOnExit: false });
  } catch (error) {
    throw new InfrastructureError(`service "${name2}": image build failed: ${error.message}`, {
      cause: error
    });
  }
  return tag;
}
async function buildServiceImages(services, log) {
  const out = {};
  for (const [name2, service] of Object.entries(services)) {
    out[name2] = service.build ? { ...service, image: await imageFor(name2, service, log), build: void 0 } : service;
  }
  return out;
}
function canConnect(host, port2, timeoutMs = 1e3) {
  return new Promise((resolve) => {
    const socket = connect({ host, port: port2 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
async function startStack(config, options) {
  disableReaperUnlessSet();
  const services = servicesForVariant(config.services, options.overrides);
  const labels = {
    [RUN_LABEL]: options.runId,
    [VARIANT_LABEL]: options.variant,
    [OWNER_LABEL]: ownerLabel()
  };
  if (config.stack) {
    return startComposeStack({
      ...options,
      stack: config.stack,
      labels,
      removeLeftovers: () => removeLeftovers(options.runId, options.variant)
    });
  }
  const started = /* @__PURE__ */ new Map();
  const client = await (0, import_testcontainers4.getContainerRuntimeClient)();
  const networkName = `perf-gate-${options.runId}-${options.variant}${options.instance ? `-${options.instance}` : ""}`;
  const reach = { containerIps: void 0 };
  let stopping;
  const stop = () => stopping ??= (async () => {
    const containers = [...started.values()];
    await Promise.allSettled(containers.map((s) => s.container.stop({ timeout: 1e3, remove: true })));
    await removeLeftovers(options.runId, options.variant);
  })();
  try {
    const images2 = /* @__PURE__ */ new Map();
    for (const [name2, service] of Object.entries(services))
      images2.set(name2, await imageFor(name2, service, options.log));
    await client.network.create({ Name: networkName, Driver: "bridge", Labels: labels });
    const waves = serviceWaves(Object.fromEntries(Object.entries(services).map(([n, s]) => [n, s.dependsOn])));
    const network = { client, networkName, labels, reach };
    for (const wave of waves) {
      await Promise.all(
        wave.map(async (name2) => {
          const image = images2.get(name2);
          const service = services[name2];
          started.set(name2, await startService(name2, service, image, network, options));
        })
      );
    }
    reach.containerIps = await containerIpsReachable(started, services, networkName);
    if (!reach.containerIps)
      options.log.warning("container IPs are not reachable from this host; using mapped ports (slower)");
    return {
      variant: options.variant,
      networkName,
      services: started,
      resolveUrl: (url) => resolveServiceUrl(url, started),
      stop
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
function serviceContainer(name2, service, image, { networkName, labels }, tail) {
  let container = new import_testcontainers4.GenericContainer(image).withNetworkMode(networkName).withNetworkAliases(name2).withLabels({ ...labels, [SERVICE_LABEL]: name2 }).withEnvironment(service.env).withExposedPorts(...service.ports).withWaitStrategy(waitStrategyFor(service)).withLogConsumer(tail.consume);
  if (service.command) container = container.withCommand(service.command);
  if (service.files.length > 0) container = container.withCopyFilesToContainer(service.files);
  if (service.resources) {
    container = container.withResourcesQuota({
      ...service.resources.cpus ? { cpu: service.resources.cpus } : {},
      ...service.resources.memoryMiB ? { memory: service.resources.memoryMiB / 1024 } : {}
    });
  }
  return container;
}
async function startService(name2, service, image, network, options) {
  const { client, networkName, reach } = network;
  const tail = new LogTail();
  const container = serviceContainer(name2, service, image, network, tail);
  const began = Date.now();
  let running;
  try {
    running = await container.start();
  } catch (error) {
    throw new InfrastructureError(
      `service "${name2}" (${image}) did not start: ${error.message}
  last log lines:
${tail.text()}`,
      { cause: error }
    );
  }
  const cpus = options.cpusets?.[name2];
  if (cpus !== void 0) {
    await client.container.getById(running.getId()).update({ CpusetCpus: cpus });
  }
  let ip = running.getIpAddress(networkName);
  options.log.info(`service ${name2} ready in ${((Date.now() - began) / 1e3).toFixed(1)}s at ${ip}`);
  return {
    name: name2,
    container: running,
    address: (port2) => reach.containerIps !== false ? { host: ip, port: port2 } : { host: running.getHost(), port: running.getMappedPort(port2) },
    reattach: async () => {
      if (reach.containerIps === false)
        throw new InfrastructureError(
          `service "${name2}" was restarted, but its mapped ports cannot be re-read: a start-up measurement needs container IPs reachable from this host`
        );
      const info = await client.container.inspect(client.container.getById(running.getId()));
      ip = info.NetworkSettings.Networks[networkName]?.IPAddress ?? ip;
    }
  };
}
async function containerIpsReachable(started, services, networkName) {
  for (const [name2, service] of Object.entries(services)) {
    const port2 = service.ports[0];
    const running = started.get(name2);
    if (port2 === void 0 || !running) continue;
    return canConnect(running.container.getIpAddress(networkName), port2);
  }
  return true;
}
function resolveServiceUrl(url, services) {
  const parsed = new URL(url);
  const service = services.get(parsed.hostname);
  if (!service) return url;
  const port2 = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
  const address = service.address(port2);
  parsed.hostname = address.host;
  parsed.port = String(address.port);
  return parsed.toString();
}
async function removeLeftovers(runId, variant2) {
  const client = await (0, import_testcontainers4.getContainerRuntimeClient)();
  const docker = client.container.dockerode;
  const filters = { label: [`${RUN_LABEL}=${runId}`, ...variant2 ? [`${VARIANT_LABEL}=${variant2}`] : []] };
  const containers = await docker.listContainers({ all: true, filters });
  await Promise.allSettled(containers.map((c) => docker.getContainer(c.Id).remove({ force: true, v: true })));
  const networks = await docker.listNetworks({ filters });
  const projects = new Set(
    containers.map((c) => c.Labels[COMPOSE_PROJECT_LABEL]).filter((p) => p !== void 0)
  );
  for (const project of projects)
    networks.push(
      ...await docker.listNetworks({ filters: { label: [`${COMPOSE_PROJECT_LABEL}=${project}`] } })
    );
  await Promise.allSettled(networks.map((n) => docker.getNetwork(n.Id).remove()));
  return containers.length + networks.length;
}
function ownerLabel() {
  return `${hostname()}:${process.pid}`;
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
async function removeOrphans() {
  const client = await (0, import_testcontainers4.getContainerRuntimeClient)();
  const docker = client.container.dockerode;
  const here = hostname();
  const orphaned = (labels) => {
    const owner = labels?.[OWNER_LABEL];
    const run2 = labels?.[RUN_LABEL];
    if (!owner || !run2) return null;
    const at = owner.lastIndexOf(":");
    const pid = Number(owner.slice(at + 1));
    if (owner.slice(0, at) !== here || !Number.isInteger(pid) || alive(pid)) return null;
    return run2;
  };
  const runs = /* @__PURE__ */ new Set();
  for (const container of await docker.listContainers({ all: true, filters: { label: [OWNER_LABEL] } })) {
    const run2 = orphaned(container.Labels);
    if (run2) runs.add(run2);
  }
  for (const network of await docker.listNetworks({ filters: { label: [OWNER_LABEL] } })) {
    const run2 = orphaned(network.Labels);
    if (run2) runs.add(run2);
  }
  for (const run2 of runs) await removeLeftovers(run2);
  return [...runs];
}

// src/gate/stack-session.ts
var Cleanup = class {
  tasks = /* @__PURE__ */ new Set();
  add(task) {
    this.tasks.add(task);
    return () => this.tasks.delete(task);
  }
  async runAll() {
    const tasks = [...this.tasks];
    this.tasks.clear();
    await Promise.allSettled(tasks.map((task) => task()));
  }
};
function setupGuard(stack, reach) {
  const interpolated = reach?.interpolated ?? [];
  return {
    hosts: /* @__PURE__ */ new Set([
      ...[...stack.services.keys()].map((n) => n.toLowerCase()),
      ...reach?.allowedHosts ?? []
    ]),
    mask: (text2) => redact(text2, interpolated)
  };
}
var StackSession = class _StackSession {
  constructor(stacks, stopAll, unregister, profileHeaders2) {
    this.stacks = stacks;
    this.stopAll = stopAll;
    this.unregister = unregister;
    this.profileHeaders = profileHeaders2;
  }
  stacks;
  stopAll;
  unregister;
  profileHeaders;
  /**
   * Starts the variants' stacks side by side and configures every profile on each. On any failure,
   * whatever started is stopped before the error propagates.
   */
  static async open(options) {
    const stacks = /* @__PURE__ */ new Map();
    const headers = /* @__PURE__ */ new Map();
    const starting = [];
    const profiles = options.config.profiles.filter(
      (p) => options.profiles === void 0 || options.profiles.includes(p.name)
    );
    const stopAll = async () => {
      await Promise.allSettled(starting.map(async (s) => (await s).stop()));
    };
    if (options.signal?.aborted) throw new InfrastructureError("interrupted");
    const unregister = options.cleanup.add(stopAll);
    try {
      await options.log.group(
        `Start the stack (${options.variants.join(" + ")}, ${options.instance})`,
        async () => {
          for (const variant2 of options.variants) {
            starting.push(
              startStack(options.config, {
                runId: options.runId,
                variant: variant2,
                instance: options.instance,
                overrides: options.overrides[variant2],
                cpusets: options.cpusets,
                log: options.log
              })
            );
          }
          const settled = await Promise.allSettled(starting);
          const failed = settled.find((s) => s.status === "rejected");
          if (failed) throw failed.reason;
          options.variants.forEach(
            (variant2, i) => stacks.set(variant2, settled[i].value)
          );
          if (options.signal?.aborted) throw new InfrastructureError("interrupted");
          for (const [variant2, stack] of stacks) {
            for (const profile of profiles) {
              const result2 = await setUpProfile(profile, stack.resolveUrl, setupGuard(stack, options.reach));
              headers.set(`${variant2}/${profile.name}`, result2.headers);
              options.log.info(
                `[${variant2}] profile ${profile.name} ready: ${stack.resolveUrl(profile.target)}`
              );
            }
          }
        }
      );
    } catch (error) {
      await stopAll();
      unregister();
      throw error;
    }
    return new _StackSession(stacks, stopAll, unregister, headers);
  }
  /** The request headers of a profile on a variant's stack (captured values filled in). */
  headers(variant2, profile) {
    return this.profileHeaders.get(`${variant2}/${profile.name}`) ?? profile.headers;
  }
  stack(variant2) {
    const stack = this.stacks.get(variant2);
    if (!stack) throw new InfrastructureError(`no stack for variant ${variant2}`);
    return stack;
  }
  async [Symbol.asyncDispose]() {
    try {
      await this.stopAll();
    } finally {
      this.unregister();
    }
  }
};

// src/interrupt.ts
function guardInterrupts(log, onExit = (code) => process.exit(code)) {
  const cleanup = new Cleanup();
  const controller = new AbortController();
  let handling = false;
  const handler = (signal) => {
    if (handling) return;
    handling = true;
    log.warning(`received ${signal}: stopping k6 and removing the stack`);
    controller.abort();
    void cleanup.runAll().finally(() => onExit(ExitCode.Infrastructure));
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return {
    cleanup,
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", handler);
      process.off("SIGTERM", handler);
    }
  };
}

// src/github/assets-branch.ts
import { createHash as createHash3 } from "node:crypto";

// src/github/identity.ts
var ACTIONS_BOT_LOGIN = "github-actions[bot]";
async function resolveTokenLogin(octokit) {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    if (data.login) return data.login;
  } catch (error) {
    if (!isHttpError(error) || error.status !== 403 && error.status !== 401) throw error;
  }
  try {
    const answer = await octokit.graphql("query { viewer { login } }");
    if (answer.viewer?.login) return answer.viewer.login;
  } catch (error) {
    if (isHttpError(error) && error.status >= 500) throw error;
  }
  return ACTIONS_BOT_LOGIN;
}

// src/github/assets-branch.ts
var DEFAULT_ASSETS_BRANCH = "perf-gate-assets";
var ForeignHeadError = class extends Error {
};
var README = `# perf-gate assets

This branch holds chart images that perf-gate links from pull request comments. It shares no history
with the code and is safe to prune or delete; see docs/assets-branch.md in perf-gate.
`;
function contentAddressedPath(content, options) {
  const hash = createHash3("sha256").update(content).digest("hex").slice(0, 16);
  const month = (options.now ?? /* @__PURE__ */ new Date()).toISOString().slice(0, 7);
  return `${options.dir ?? "charts"}/${month}/${hash}.${options.ext}`;
}
function assetUrl(serverUrl, owner, repo, commitSha, path23) {
  const encoded = path23.split("/").map(encodeURIComponent).join("/");
  return `${serverUrl.replace(/\/+$/, "")}/${owner}/${repo}/blob/${commitSha}/${encoded}?raw=true`;
}
async function publishAssets(octokit, options) {
  const { owner, repo, files } = options;
  const branch = options.branch ?? DEFAULT_ASSETS_BRANCH;
  for (const file of files) assertSafePath(file.path);
  const action = `Publishing ${options.what ?? `${files.length} chart(s)`} to ${owner}/${repo}@${branch}`;
  try {
    return await commitAssets(octokit, options, branch, action);
  } catch (error) {
    if (!(error instanceof ForeignHeadError)) throw error;
    return { ok: false, status: 409, permission: false, reason: `${action} failed: ${error.message}` };
  }
}
async function commitAssets(octokit, options, branch, action) {
  const { owner, repo, files } = options;
  return tryGitHub(action, async () => {
    const author = options.onTopOfOthers ? "" : options.author ?? await resolveTokenLogin(octokit);
    const git = octokit.rest.git;
    const entries = [];
    for (const file of files) {
      const { data } = await git.createBlob({
        owner,
        repo,
        content: file.content.toString("base64"),
        encoding: "base64"
      });
      entries.push({ path: file.path, mode: "100644", type: "blob", sha: data.sha });
    }
    const message = options.message ?? `perf-gate: ${files.length} chart(s)`;
    let commit;
    for (let attempt = 1; commit === void 0; attempt++) {
      const head = await readHead(octokit, owner, repo, branch);
      if (head !== void 0 && !options.onTopOfOthers && head.author !== author) {
        throw new ForeignHeadError(
          `the head of ${branch} (${head.commitSha.slice(0, 7)}) was written by ${head.author ?? "an unknown author"}, not by this token's identity ${author}; not committing on top of it (delete the branch or set another one)`
        );
      }
      try {
        if (head === void 0) {
          const tree = await git.createTree({
            owner,
            repo,
            tree: [
              ...entries,
              { path: "README.md", mode: "100644", type: "blob", content: options.readme ?? README }
            ]
          });
          const root = await git.createCommit({ owner, repo, message, tree: tree.data.sha, parents: [] });
          await git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: root.data.sha });
          commit = { sha: root.data.sha, committed: true };
        } else {
          const tree = await git.createTree({ owner, repo, base_tree: head.treeSha, tree: entries });
          if (tree.data.sha === head.treeSha) {
            commit = { sha: head.commitSha, committed: false };
          } else {
            const next2 = await git.createCommit({
              owner,
              repo,
              message,
              tree: tree.data.sha,
              parents: [head.commitSha]
            });
            await git.updateRef({ owner, repo, ref: `heads/${branch}`, sha: next2.data.sha, force: false });
            commit = { sha: next2.data.sha, committed: true };
          }
        }
      } catch (error) {
        if (attempt >= 2 || !isHttpError(error) || error.status !== 422) throw error;
      }
    }
    const serverUrl = options.serverUrl ?? "https://github.com";
    return {
      commitSha: commit.sha,
      committed: commit.committed,
      files: files.map((file) => ({
        path: file.path,
        url: assetUrl(serverUrl, owner, repo, commit.sha, file.path)
      }))
    };
  });
}
async function readHead(octokit, owner, repo, branch) {
  let commitSha;
  try {
    const ref = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    commitSha = ref.data.object.sha;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return void 0;
    throw error;
  }
  const commit = await octokit.rest.repos.getCommit({ owner, repo, ref: commitSha });
  return { commitSha, treeSha: commit.data.commit.tree.sha, author: commit.data.author?.login };
}
function assertSafePath(path23) {
  if (path23 === "" || path23.startsWith("/") || path23.split("/").some((part) => part === "" || part === "..")) {
    throw new Error(`asset path must be relative and normalised, got ${JSON.stringify(path23)}`);
  }
}

// src/github/sticky-comment.ts
async function upsertStickyComment(octokit, target) {
  const { owner, repo, issueNumber, marker, body } = target;
  if (!body.includes(marker)) throw new Error(`sticky comment body must contain its marker ${marker}`);
  return tryGitHub(`Posting the PR comment on ${owner}/${repo}#${issueNumber}`, async () => {
    const author = target.author ?? await resolveTokenLogin(octokit);
    const existing = await findCommentByMarker(octokit, { owner, repo, issueNumber, marker, author });
    if (existing !== void 0) {
      const { data: data2 } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing, body });
      return { id: data2.id, url: data2.html_url, action: "updated" };
    }
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    return { id: data.id, url: data.html_url, action: "created" };
  });
}
async function findCommentByMarker(octokit, where) {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: where.owner,
    repo: where.repo,
    issue_number: where.issueNumber,
    per_page: 100
  });
  for await (const page of pages) {
    const hit = page.data.find(
      (comment) => comment.user?.login === where.author && comment.body?.includes(where.marker)
    );
    if (hit) return hit.id;
  }
  return void 0;
}

// src/github/summary.ts
async function writeJobSummary(markdown, options = {}) {
  const env = options.env ?? process.env;
  if (!env["GITHUB_STEP_SUMMARY"]) {
    debug("GITHUB_STEP_SUMMARY is not set; skipping the job summary");
    return false;
  }
  await (options.summary ?? summary).addRaw(markdown, true).write();
  return true;
}

// src/report/untrusted-results.ts
function jsonSyntaxReason(error) {
  const message = error instanceof Error ? error.message : "";
  const at = /\bat position (\d+)(?: \(line (\d+) column (\d+)\))?/.exec(message);
  if (at) return `not valid JSON at position ${at[1]}${at[2] ? ` (line ${at[2]}, column ${at[3]})` : ""}`;
  if (/^Unexpected end of JSON input/.test(message)) return "not valid JSON (it ends too early)";
  return "not valid JSON";
}
var ZWSP2 = "\u200B";
var BIDI2 = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
function defang(text2) {
  return text2.replace(BIDI2, "").replace(/\\/g, "\\\\").replace(/&/g, "&amp;").replace(/[<>]/g, (c) => c === "<" ? "&lt;" : "&gt;").replace(/[[\]()!`|*_~$]/g, (c) => `\\${c}`).replace(/:\/\//g, `:/${ZWSP2}/`).replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP2}.`).replace(/@(?=\w)/g, `@${ZWSP2}`).replace(/#(?=\d)/g, `#${ZWSP2}`).replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 2)}${ZWSP2}-`).replace(/\r?\n|\r/g, " ").replace(/^(\s*)([#+=-])/, "$1\\$2");
}
var NAME = `[a-z0-9][a-z0-9_.-]*(?:${SWEPT_NAME_SUFFIX.source.replace(/\$$/, "")})?`;
var UNTRUSTED = {
  text: (max) => external_exports.string().max(max).transform(defang),
  // A swept scenario's name carries its level (`closed@vus=10`, see config/sweep.ts): the suffix is
  // as strict as the name, so it can neither mention anyone nor link anywhere.
  name: external_exports.string().regex(new RegExp(`^${NAME}$`, "i"), "expected a config name").max(200),
  cell: external_exports.string().regex(new RegExp(`^${NAME}/${NAME}$`, "i"), 'expected "profile/scenario"').max(401),
  sha: external_exports.string().regex(/^[0-9a-f]{7,40}$/, "expected a git commit SHA")
};
var untrustedResultsSchema = buildResultsSchema(UNTRUSTED);
function parseUntrustedResults(json, source) {
  const parsed = untrustedResultsSchema.safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.slice(0, 5).map((issue) => `${source}: ${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`)
    );
  }
  return parsed.data;
}

// src/publish.ts
async function pullRequestNumber(octokit, context2, log) {
  if (context2.pullRequest) return context2.pullRequest.number;
  const run2 = context2.workflowRun;
  if (!run2) return void 0;
  if (run2.pullRequestNumber !== void 0) return run2.pullRequestNumber;
  const found2 = await findPullRequestByHead(octokit, {
    owner: context2.owner,
    repo: context2.repo,
    headSha: run2.headSha,
    headRepo: run2.headRepo,
    headBranch: run2.headBranch
  });
  if (!found2.ok) {
    log.warning(`${found2.reason}; no PR comment`);
    return void 0;
  }
  if (found2.number === void 0)
    log.warning(`no open pull request has head ${run2.headSha.slice(0, 7)}; no PR comment`);
  return found2.number;
}
async function publish(input) {
  const artifactsUrl = input.artifactsUrl ?? input.context.runUrl;
  const published = await commentOnPullRequest(input, artifactsUrl);
  await writeSummarySafely(input, published.images, artifactsUrl);
  return published;
}
async function commentOnPullRequest(input, artifactsUrl) {
  const { context: context2, log } = input;
  const none = { commentUrl: void 0, images: [] };
  if (!input.comment || input.token === "") return none;
  if (context2.pullRequest?.isFork === true) {
    log.warning(
      'pull request from a fork: its token cannot comment. Use the two-stage workflow (mode: publish in a workflow_run job); see README "Fork pull requests".'
    );
    return none;
  }
  if (!context2.pullRequest && !context2.workflowRun) return none;
  const octokit = input.octokit ?? createOctokit(input.token, { baseUrl: context2.apiUrl });
  const issueNumber = await pullRequestNumber(octokit, context2, log);
  if (issueNumber === void 0) return none;
  const identity = await tryGitHub("Finding the token's identity", async () => ({
    login: await resolveTokenLogin(octokit)
  }));
  if (!identity.ok) {
    log.warning(`${identity.reason}; no PR comment, the results are in the job summary and artifacts`);
    return none;
  }
  const target = { octokit, issueNumber, author: identity.login };
  const images2 = input.charts.length > 0 ? await chartImages(input, target) : [];
  return { commentUrl: await upsertComment(input, target, images2, artifactsUrl), images: images2 };
}
async function chartImages(input, target) {
  const { context: context2, charts } = input;
  const assets = await publishAssets(target.octokit, {
    owner: context2.owner,
    repo: context2.repo,
    serverUrl: context2.serverUrl,
    files: charts.map((chart) => ({
      path: contentAddressedPath(Buffer.from(chart.png), { ext: "png" }),
      content: Buffer.from(chart.png)
    })),
    message: `perf-gate charts for #${target.issueNumber}`,
    author: target.author
  });
  if (!assets.ok) {
    input.log.warning(`${assets.reason}; the comment shows a Mermaid chart instead`);
    return [];
  }
  const open2 = shownInComment2(charts.map((chart) => chart.id));
  return assets.files.map((file, i) => ({
    url: file.url,
    alt: charts[i]?.title ?? "chart",
    shownInComment: open2.has(charts[i]?.id ?? "")
  }));
}
async function upsertComment(input, target, images2, artifactsUrl) {
  const body = renderMarkdown(input.results, {
    markerKey: input.commentKey,
    images: images2,
    ...artifactsUrl ? { artifactsUrl } : {}
  });
  const comment = await upsertStickyComment(target.octokit, {
    owner: input.context.owner,
    repo: input.context.repo,
    issueNumber: target.issueNumber,
    marker: commentMarker(input.commentKey),
    body,
    author: target.author
  });
  if (!comment.ok) {
    input.log.warning(`${comment.reason}; the results are in the job summary and artifacts`);
    return void 0;
  }
  input.log.info(`PR comment ${comment.action}: ${comment.url}`);
  return comment.url;
}
async function writeSummarySafely(input, images2, artifactsUrl) {
  try {
    await writeJobSummary(
      renderJobSummary(input.results, { images: images2, ...artifactsUrl ? { artifactsUrl } : {} }),
      {
        env: input.env ?? process.env,
        ...input.summary ? { summary: input.summary } : {}
      }
    );
  } catch (error) {
    input.log.warning(`could not write the job summary: ${error.message.split("\n")[0]}`);
  }
}
var MAX_RESULTS_BYTES = 2e7;
async function readResults(file, what = 'input "results"') {
  const text2 = readTextCapped(file, MAX_RESULTS_BYTES, what);
  let json;
  try {
    json = JSON.parse(text2);
  } catch (error) {
    throw new ConfigError([`${what}: ${file}: ${jsonSyntaxReason(error)}`]);
  }
  return parseUntrustedResults(json, file);
}

// src/config/can-block.ts
var SET_VARIANT = "set baselineVariant (e.g. the gateway built from the merge base: baselineVariant.services.<gateway>.build.ref: merge-base) so the gate can run paired A/B blocks on the runner";
function cannotBlockReasons(config, facts) {
  const reasons = [];
  const gated = config.profiles.filter((p) => !p.control);
  if (gated.length === 0) {
    reasons.push(
      "every profile is a control (control: true): controls watch the runner and are never gated; add a profile that targets the gateway"
    );
  }
  const paired = config.baselineVariant !== void 0 && config.gate.method !== "stored";
  if (!paired) {
    const why = config.baselineVariant !== void 0 ? 'gate.method is "stored" (baselineVariant unused)' : "no baselineVariant";
    if (!facts.baselineExists) {
      reasons.push(
        `${why} and no stored baseline (${facts.baselinePath}): there is nothing to compare with, so every gate ends inconclusive; ${SET_VARIANT}, or record a baseline (perf-gate run --mode baseline, e.g. nightly)`
      );
    } else if (!config.profiles.some((p) => p.control)) {
      reasons.push(
        `${why} and no control profile (control: true): a stored baseline decides alone only on a runner the control shows to match the baseline's, so it can never block; add a no-gateway control profile, or ${SET_VARIANT}`
      );
    }
  }
  return reasons;
}

// src/shard/share.ts
var ELSEWHERE = /* @__PURE__ */ Symbol("perf-gate.cellsElsewhere");
function cellsElsewhere(config) {
  const n = config[ELSEWHERE];
  return typeof n === "number" ? n : 0;
}
function gatedCellsSorted(config) {
  const control = new Set(config.profiles.filter((p) => p.control).map((p) => p.name));
  return configCells(config).filter((c) => !control.has(c.profile)).sort((a, b) => {
    const x = cellId(a.profile, a.scenario);
    const y = cellId(b.profile, b.scenario);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
function shareOf(config, spec) {
  const gated = gatedCellsSorted(config).filter((_, k) => k % spec.count === spec.index - 1);
  const scenarios = new Set(gated.map((c) => c.scenario));
  const control = new Set(config.profiles.filter((p) => p.control).map((p) => p.name));
  const controls = configCells(config).filter((c) => control.has(c.profile) && scenarios.has(c.scenario));
  return { gated, controls };
}
function narrowToShare(config, spec, what) {
  const total = gatedCellsSorted(config).length;
  if (spec.count > total)
    throw new ConfigError([
      `${what} ${spec.index}/${spec.count}: the config has ${total} gated cell(s), so at most ${total} shard(s) have any work; use a smaller N`
    ]);
  const share = shareOf(config, spec);
  const cells = [...share.controls, ...share.gated];
  const profilesOf2 = (scenario) => new Set(cells.filter((c) => c.scenario === scenario).map((c) => c.profile));
  const profiles = config.profiles.filter((p) => cells.some((c) => c.profile === p.name));
  const scenarios = config.scenarios.filter((s) => cells.some((c) => c.scenario === s.name)).map((s) => ({ ...s, profiles: profiles.map((p) => p.name).filter((p) => profilesOf2(s.name).has(p)) }));
  return { ...config, profiles, scenarios, [ELSEWHERE]: total - share.gated.length };
}
function shardsToFit(config, start, paired) {
  const whole = estimateGate(config, start, paired);
  if (!whole.block || whole.expectedS <= whole.budgetS) return void 0;
  const total = gatedCellsSorted(config).length;
  for (let count3 = 2; count3 <= Math.min(total, MAX_SHARDS); count3++) {
    const slowest = Math.max(
      ...Array.from(
        { length: count3 },
        (_, i) => estimateGate(narrowToShare(config, { index: i + 1, count: count3 }, "--shard"), start, paired).expectedS
      )
    );
    if (slowest <= whole.budgetS) return { expectedS: whole.expectedS, budgetS: whole.budgetS, shards: count3 };
  }
  return { expectedS: whole.expectedS, budgetS: whole.budgetS, shards: null };
}
function budgetWarning(config, start, paired) {
  const fit = shardsToFit(config, start, paired);
  if (!fit) return null;
  const over = `gate.rounds (${config.gate.rounds}) pairs of full paired blocks take about ${formatSeconds(fit.expectedS)}, more than gate.timeBudget (${config.gate.timeBudget})`;
  return fit.shards === null ? `${over}, and no shard count up to ${Math.min(gatedCellsSorted(config).length, MAX_SHARDS)} (one gated cell per shard at most) fits: raise gate.timeBudget or shorten the scenarios` : `${over}: the gate would stop undecided; split it with --shard i/${fit.shards} (at least ${fit.shards} shards fit the budget; see docs/workflows.md "Sharding")`;
}

// src/plan/placement.ts
function cpuList(first, last) {
  return first === last ? String(first) : `${first}-${last}`;
}
function gatewayServices(config) {
  const names = /* @__PURE__ */ new Set();
  for (const profile of config.profiles) {
    if (profile.control) continue;
    let host;
    try {
      host = new URL(profile.target).hostname;
    } catch {
      continue;
    }
    if (host in config.services) names.add(host);
  }
  return [...names].sort();
}
function planPlacement(config, cpuCount, hasTaskset2) {
  const wanted = config.gate.placement;
  if (wanted === "none") return { mode: "none", summary: "CPU placement: none (gate.placement: none)" };
  const gateways = gatewayServices(config);
  const others = Object.keys(config.services).filter((name2) => !gateways.includes(name2)).sort();
  const why = cpuCount < 2 ? `this machine has ${cpuCount} CPU` : !hasTaskset2 ? "taskset (util-linux) is not installed" : gateways.length === 0 ? "no non-control profile targets a service" : null;
  if (why !== null)
    return { mode: "none", summary: `CPU placement: none (gate.placement: ${wanted}, but ${why})` };
  const lower = Math.ceil(cpuCount / 2);
  const k6Cpus = cpuList(0, lower - 1);
  const gatewayCpus = cpuList(lower, cpuCount - 1);
  const services = {};
  for (const name2 of gateways) services[name2] = gatewayCpus;
  for (const name2 of others) services[name2] = k6Cpus;
  return {
    mode: "split",
    k6Cpus,
    services,
    summary: `CPU placement: split (gate.placement: ${wanted}): ${gateways.join(", ")} on CPU ${gatewayCpus}; k6${others.length > 0 ? ` and ${others.join(", ")}` : ""} on CPU ${k6Cpus}`
  };
}

// src/gate/docker-measurer.ts
import { randomUUID } from "node:crypto";
import { execFileSync as execFileSync2 } from "node:child_process";
import { availableParallelism } from "node:os";

// src/stats/random.ts
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

// src/plan/schedule.ts
function shuffle(items, random) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
function pairOrder(seed, cell, round3) {
  const first = seededRandom(seed * 1000003 ^ fnv1a(cell))() < 0.5 ? 0 : 1;
  return (round3 + first) % 2 === 0 ? ["baseline", "candidate"] : ["candidate", "baseline"];
}
function fnv1a(text2) {
  let hash = 2166136261;
  for (let i = 0; i < text2.length; i++) hash = Math.imul(hash ^ text2.charCodeAt(i), 16777619) >>> 0;
  return hash;
}
function planSchedule(input) {
  const firstRound = input.firstRound ?? 0;
  const random = seededRandom(input.seed * 1000003 + firstRound);
  const cells = input.cells ?? input.profiles.flatMap((profile) => input.scenarios.map((scenario) => ({ profile, scenario })));
  const runs = [];
  const totalRounds = input.warmupRounds + input.rounds;
  for (let r = 0; r < totalRounds; r++) {
    const round3 = firstRound + r;
    const warmup = r < input.warmupRounds;
    for (const { profile, scenario } of shuffle(cells, random)) {
      const variants = input.paired ? pairOrder(input.seed, cellId(profile, scenario), round3) : ["candidate"];
      for (const variant2 of variants) {
        runs.push({
          index: runs.length,
          round: round3,
          warmup,
          cell: cellId(profile, scenario),
          profile,
          scenario,
          variant: variant2
        });
      }
    }
  }
  return runs;
}
function isolateSchedule(runs, isolation) {
  if (isolation === "shared") return runs.length > 0 ? [[...runs]] : [];
  const parts = /* @__PURE__ */ new Map();
  for (const run2 of runs) {
    const key = isolation === "profile" ? run2.profile : run2.cell;
    const part = parts.get(key) ?? [];
    part.push(run2);
    parts.set(key, part);
  }
  return [...parts.values()];
}
function stackOrder(seed, block2, session = 0) {
  const random = seededRandom(seed * 1000003 + block2 * 7919 + session * 104729 ^ 1540483477);
  return random() < 0.5 ? ["baseline", "candidate"] : ["candidate", "baseline"];
}

// src/stack/echo-image.ts
var import_testcontainers5 = __toESM(require_build(), 1);
import { createHash as createHash4 } from "node:crypto";
import { existsSync as existsSync6 } from "node:fs";
import { chmod as chmod2, copyFile as copyFile2, mkdtemp as mkdtemp3, readFile as readFile4, rm as rm5, writeFile as writeFile5 } from "node:fs/promises";
import { tmpdir as tmpdir4 } from "node:os";
import path17 from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import { gunzipSync } from "node:zlib";
var ECHO_IMAGE = "perf-gate/echo:local";
var SOURCE_LABEL = "perf-gate.source-hash";
function parseEchoSource(text2) {
  const fields = /* @__PURE__ */ new Map();
  for (const line of text2.split("\n")) {
    const match = /^([a-z0-9-]+):\s*(\S+)\s*$/.exec(line);
    if (match) fields.set(match[1], match[2]);
  }
  const get = (key) => {
    const value = fields.get(key);
    if (!value) throw new Error(`assets/echo/SOURCE: no "${key}"`);
    return value;
  };
  return { sourceSha256: get("source-sha256"), go: get("go"), binarySha256: get("binary-sha256") };
}
function usesEchoImage(loaded) {
  const { config } = loaded;
  const images2 = [
    ...Object.values(config.services).map((s) => s.image),
    ...Object.values(config.baselineVariant?.services ?? {}).map((s) => s.image),
    ...Object.values(loaded.compose?.images ?? {})
  ];
  return images2.some((image) => image === ECHO_IMAGE);
}
function echoAssetCandidates() {
  return ["../assets/echo", "../../assets/echo"].map((rel) => fileURLToPath2(new URL(rel, import.meta.url)));
}
function echoAssetDir() {
  const tried = echoAssetCandidates();
  const found2 = tried.find((dir) => existsSync6(path17.join(dir, "echo.gz")));
  if (!found2)
    throw new InfrastructureError(
      `${ECHO_IMAGE} is not in Docker and the shipped echo binary was not found (tried ${tried.join(", ")})`
    );
  return found2;
}
async function readEchoBinary(dir) {
  const source = parseEchoSource(await readFile4(path17.join(dir, "SOURCE"), "utf8"));
  const binary = gunzipSync(await readFile4(path17.join(dir, "echo.gz")));
  const actual = createHash4("sha256").update(binary).digest("hex");
  if (actual !== source.binarySha256)
    throw new InfrastructureError(
      `${path17.join(dir, "echo.gz")}: sha256 ${actual} differs from ${source.binarySha256} in SOURCE (damaged package?)`
    );
  return { binary, source };
}
async function ensureEchoImage(log) {
  const client = await (0, import_testcontainers5.getContainerRuntimeClient)();
  if (await client.image.exists(import_testcontainers5.ImageName.fromString(ECHO_IMAGE))) return "present";
  const began = Date.now();
  log.info(`${ECHO_IMAGE} is not in Docker: building it from the echo binary perf-gate ships`);
  const dir = echoAssetDir();
  const context2 = await mkdtemp3(path17.join(tmpdir4(), "perf-gate-echo-"));
  try {
    const { binary, source } = await readEchoBinary(dir);
    await copyFile2(path17.join(dir, "Dockerfile"), path17.join(context2, "Dockerfile"));
    await writeFile5(path17.join(context2, "echo"), binary);
    await chmod2(path17.join(context2, "echo"), 493);
    await client.image.build(context2, {
      t: ECHO_IMAGE,
      labels: { [SOURCE_LABEL]: source.binarySha256.slice(0, 16) }
    });
    if (!await client.image.exists(import_testcontainers5.ImageName.fromString(ECHO_IMAGE)))
      throw new InfrastructureError(
        `${ECHO_IMAGE} did not build from ${dir} (docker build reported no image)`
      );
    log.info(
      `built ${ECHO_IMAGE} (echo binary ${source.binarySha256.slice(0, 16)}, ${source.go}) in ${((Date.now() - began) / 1e3).toFixed(1)}s`
    );
  } catch (error) {
    if (error instanceof InfrastructureError) throw error;
    throw new InfrastructureError(`${ECHO_IMAGE} did not build: ${error.message}`, {
      cause: error
    });
  } finally {
    await rm5(context2, { recursive: true, force: true });
  }
  return "built";
}

// src/stack/variant-build.ts
var import_testcontainers6 = __toESM(require_build(), 1);
import { execFile as execFile4 } from "node:child_process";
import { mkdtemp as mkdtemp4, rm as rm6 } from "node:fs/promises";
import { tmpdir as tmpdir5 } from "node:os";
import path19 from "node:path";
import { promisify as promisify4 } from "node:util";

// src/workspace-git.ts
import { execFile as execFile3 } from "node:child_process";
import path18 from "node:path";
import { promisify as promisify3 } from "node:util";
var execFileAsync2 = promisify3(execFile3);
function workspaceGitEnv(root, env = process.env) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== void 0 && !key.startsWith("GIT_")) out[key] = value;
  }
  out.PATH = trustedPath();
  const absolute = path18.resolve(root);
  out.GIT_DIR = path18.join(absolute, ".git");
  out.GIT_WORK_TREE = absolute;
  out.GIT_CEILING_DIRECTORIES = path18.dirname(absolute);
  return out;
}
async function workspaceGit(root, args, options = {}) {
  const { stdout } = await execFileAsync2(requireTool("git"), [...args], {
    cwd: root,
    env: workspaceGitEnv(root),
    timeout: options.timeout ?? 6e4,
    maxBuffer: 64 * 2 ** 20
  });
  return stdout.trim();
}

// src/stack/variant-build.ts
var execFileAsync3 = promisify4(execFile4);
function baseBranch(env) {
  return env.GITHUB_BASE_REF || env.PERF_GATE_BASE_REF || "main";
}
async function resolveRef(ref, repoRoot, env, where) {
  if (ref === "merge-base") {
    const base = baseBranch(env);
    for (const candidate of [`origin/${base}`, base]) {
      try {
        await workspaceGit(repoRoot, ["rev-parse", "--verify", "--quiet", `${candidate}^{commit}`]);
      } catch {
        continue;
      }
      try {
        return await workspaceGit(repoRoot, ["merge-base", "HEAD", candidate]);
      } catch {
        throw new ConfigError([
          `${where}: no merge base between HEAD and ${candidate}: the history is too shallow (use actions/checkout with fetch-depth: 0)`
        ]);
      }
    }
    throw new ConfigError([
      `${where}: base branch "${base}" not found (neither origin/${base} nor ${base}): fetch it (actions/checkout with fetch-depth: 0), or set PERF_GATE_BASE_REF`
    ]);
  }
  try {
    return await workspaceGit(repoRoot, ["rev-parse", "--verify", `${ref}^{commit}`]);
  } catch {
    throw new ConfigError([`${where}: git ref "${ref}" not found in ${repoRoot}`]);
  }
}
async function planVariantBuilds(config, configFile, env, root) {
  const plans = [];
  const configDir = path19.dirname(configFile);
  for (const [service, override] of Object.entries(config.baselineVariant?.services ?? {})) {
    if (!override.build) continue;
    const where = `${configFile}: baselineVariant.services.${service}.build`;
    const own = config.services[service]?.build;
    const repoRoot = root;
    try {
      await workspaceGit(repoRoot, ["rev-parse", "--git-dir"]);
    } catch {
      throw new ConfigError([
        `${where}: the workspace ${repoRoot} has no git repository (${path19.join(repoRoot, ".git")}): check the repository out there`
      ]);
    }
    const contextAbs = override.build.context ? path19.resolve(configDir, override.build.context) : own?.context;
    if (!contextAbs) throw new ConfigError([`${where}.context: service "${service}" has no build context`]);
    const context2 = path19.relative(repoRoot, contextAbs) || ".";
    if (context2.startsWith(".."))
      throw new ConfigError([`${where}.context: ${contextAbs} is outside the repository ${repoRoot}`]);
    const dockerfile = override.build.dockerfile ?? own?.dockerfile ?? "Dockerfile";
    const commit = await resolveRef(override.build.ref, repoRoot, env, where);
    const inTree = path19.posix.join(context2.split(path19.sep).join("/"), dockerfile);
    try {
      await workspaceGit(repoRoot, ["cat-file", "-e", `${commit}:${inTree}`]);
    } catch {
      throw new ConfigError([
        `${where}: ${inTree} does not exist at ${override.build.ref} (${commit.slice(0, 12)})`
      ]);
    }
    plans.push({
      service,
      ref: override.build.ref,
      commit,
      repoRoot,
      context: context2,
      dockerfile,
      args: own?.args ?? {},
      tag: `perf-gate-baseline/${service}:${commit.slice(0, 12)}`
    });
  }
  return plans;
}
async function imageExists(tag) {
  const client = await (0, import_testcontainers6.getContainerRuntimeClient)();
  try {
    await client.container.dockerode.getImage(tag).inspect();
    return true;
  } catch {
    return false;
  }
}
async function buildVariantImages(variant2, plans, log) {
  const services = { ...variant2.services };
  for (const plan of plans) {
    const override = services[plan.service] ?? {};
    if (await imageExists(plan.tag)) {
      log.info(`baseline image ${plan.tag} (${plan.ref}) already built`);
    } else {
      const began = Date.now();
      const dir = await mkdtemp4(path19.join(tmpdir5(), "perf-gate-baseline-"));
      try {
        await execFileAsync3(
          requireTool("bash"),
          [
            "-c",
            'git archive --format=tar "$1" -- "$2" | tar -x -C "$3"',
            "archive",
            plan.commit,
            plan.context,
            dir
          ],
          {
            cwd: plan.repoRoot,
            env: workspaceGitEnv(plan.repoRoot),
            timeout: 12e4,
            maxBuffer: 16 * 2 ** 20
          }
        );
        await import_testcontainers6.GenericContainer.fromDockerfile(path19.join(dir, plan.context), plan.dockerfile).withBuildArgs(plan.args).build(plan.tag, { deleteOnExit: false });
      } catch (error) {
        throw new InfrastructureError(
          `baseline image of service "${plan.service}" at ${plan.ref} (${plan.commit.slice(0, 12)}) did not build: ${error.message}`,
          { cause: error }
        );
      } finally {
        await rm6(dir, { recursive: true, force: true });
      }
      log.info(
        `built baseline image ${plan.tag} from ${plan.context}/${plan.dockerfile} at ${plan.ref} (${plan.commit.slice(0, 12)}) in ${((Date.now() - began) / 1e3).toFixed(1)}s`
      );
    }
    const built = { ...override, image: plan.tag };
    delete built.build;
    services[plan.service] = built;
  }
  return { ...variant2, services };
}

// src/stack/resource-sampler.ts
var import_testcontainers7 = __toESM(require_build(), 1);
function cpuPercent(previous, stats) {
  const total = stats.cpu_stats?.cpu_usage?.total_usage;
  const system = stats.cpu_stats?.system_cpu_usage;
  if (previous === void 0 || total === void 0 || system === void 0) return void 0;
  const systemDelta = system - previous.system;
  if (systemDelta <= 0) return void 0;
  const cpus = stats.cpu_stats?.online_cpus ?? 1;
  return (total - previous.total) / systemDelta * cpus * 100;
}
function cpuStep(previous, stats, t) {
  const total = stats.cpu_stats?.cpu_usage?.total_usage;
  const system = stats.cpu_stats?.system_cpu_usage;
  if (total === void 0 || system === void 0) return {};
  const reference = { total, system, t };
  if (previous === void 0 || total < previous.total) return { reference };
  const percent = cpuPercent(previous, stats);
  if (percent === void 0) return { reference };
  return { reference, interval: { cpuSeconds: (total - previous.total) / 1e9, percent } };
}
function memoryMiB(stats) {
  const usage = stats.memory_stats?.usage ?? 0;
  const detail = stats.memory_stats?.stats;
  const cache = detail?.inactive_file ?? detail?.total_inactive_file ?? detail?.cache ?? 0;
  return Math.max(0, usage - cache) / 2 ** 20;
}
function samplesInLoadWindow(samples, stoppedAt, phase, slack) {
  let start = Number.NEGATIVE_INFINITY;
  let end = stoppedAt;
  if (phase) {
    const warmup = phase.warmupSeconds ?? 0;
    const fromStop = stoppedAt - slack.shutdownS;
    start = Math.max(warmup + slack.startupS, fromStop - phase.loadSeconds);
    end = Math.min(warmup + phase.loadSeconds, fromStop);
  }
  return samples.filter((s) => s.t <= end && s.from >= start).map(({ from: _from, ...sample }) => sample).sort((a, b) => a.t - b.t || a.service.localeCompare(b.service));
}
async function sampleResources(containers, options = {}) {
  const intervalMs = options.intervalMs ?? 1e3;
  const docker = (await (0, import_testcontainers7.getContainerRuntimeClient)()).container.dockerode;
  const samples = [];
  const previous = /* @__PURE__ */ new Map();
  const began = Date.now();
  let stopped = false;
  const readAll = async () => {
    await Promise.all(
      [...containers].map(async ([service, id]) => {
        try {
          const stats = await docker.getContainer(id).stats({ stream: false, "one-shot": true });
          const t = (Date.now() - began) / 1e3;
          const last = previous.get(service);
          const step = cpuStep(last, stats, t);
          if (step.reference) previous.set(service, step.reference);
          if (!step.interval || last === void 0) return;
          samples.push({
            service,
            t,
            from: last.t ?? 0,
            cpuPercent: Math.round(step.interval.percent * 10) / 10,
            cpuSeconds: step.interval.cpuSeconds,
            intervalS: t - (last.t ?? 0),
            memoryMiB: Math.round(memoryMiB(stats) * 10) / 10,
            ...stats.pids_stats?.current !== void 0 ? { pids: stats.pids_stats.current } : {}
          });
        } catch {
        }
      })
    );
  };
  const loop = (async () => {
    while (!stopped) {
      const next2 = Date.now() + intervalMs;
      await readAll();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next2 - Date.now())));
    }
  })();
  return async (phase) => {
    const stoppedAt = (Date.now() - began) / 1e3;
    stopped = true;
    await loop;
    return samplesInLoadWindow(samples, stoppedAt, phase, {
      startupS: options.startupSlackS ?? 1,
      shutdownS: options.shutdownSlackS ?? 1
    });
  };
}

// src/gate/measure.ts
var INVALID_RETRIES = 2;
function find(items, name2) {
  const item = items.find((i) => i.name === name2);
  if (!item) throw new InfrastructureError(`unknown profile or scenario "${name2}"`);
  return item;
}
function containersOf(stack) {
  return new Map([...stack.services].map(([name2, s]) => [name2, s.container.getId()]));
}
async function execute(ctx, planned, session) {
  const first = planned[0];
  const profile = find(ctx.config.profiles, first.profile);
  const scenario = find(ctx.config.scenarios, first.scenario);
  const cell = {
    profile,
    scenario,
    kind: kindOf(scenario),
    names: planned.length === 1 ? ["load"] : planned.map((p) => p.variant)
  };
  let results = [];
  for (let attempt = 0; attempt <= INVALID_RETRIES; attempt++) {
    if (ctx.signal?.aborted) throw new InfrastructureError("interrupted");
    const outcome = await measureOnce(ctx, planned, session, cell);
    results = planned.map((p, i) => runResult(ctx, p, cell, outcome, i, session));
    const invalid = results.find((r) => !r.valid);
    if (!invalid || first.warmup || attempt === INVALID_RETRIES) break;
    await reportRerun(ctx, planned, invalid, attempt, outcome.elapsedS);
  }
  return results;
}
async function measureOnce(ctx, planned, session, { profile, scenario, kind, names }) {
  const first = planned[0];
  const startedAt = /* @__PURE__ */ new Date();
  const sides = planned.map((p) => {
    const stack = session.stack(p.variant);
    return {
      variant: p.variant,
      stack,
      targetUrl: stack.resolveUrl(profile.target),
      headers: session.headers(p.variant, profile)
    };
  });
  const stopSampling = await Promise.all(
    planned.map(
      (p) => ctx.config.gate.sampleResources ? sampleResources(containersOf(session.stack(p.variant))) : Promise.resolve(async () => [])
    )
  );
  let measured2;
  let resources;
  try {
    measured2 = await kind.run({
      config: ctx.config,
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile,
      scenario,
      sides,
      names,
      label: `round ${first.round} ${first.cell} [${first.variant}]`
    });
  } finally {
    const phase = kind.loadWindow ? {
      loadSeconds: scenarioDurationS(scenario),
      warmupSeconds: durationMs(scenario.warmup) / 1e3
    } : void 0;
    resources = await Promise.all(stopSampling.map((stop) => stop(phase)));
  }
  for (const warning2 of measured2.warnings ?? []) ctx.log.warning(`${first.cell}: ${warning2}`);
  const elapsedS = (Date.now() - startedAt.getTime()) / 1e3;
  return { measured: measured2, resources, startedAt, elapsedS };
}
function runResult(ctx, p, { profile, scenario, kind, names }, { measured: measured2, resources, startedAt, elapsedS }, i, session) {
  const m = measured2.metrics[names[i]];
  const timeline = measured2.timelines[names[i]];
  const reason = kind.invalidReason(scenario, m, measured2);
  const { capacity, arena, startup } = measured2;
  return {
    cell: p.cell,
    profile: p.profile,
    scenario: p.scenario,
    variant: p.variant,
    round: p.round,
    ...ctx.block !== void 0 ? { block: ctx.block } : {},
    phase: ctx.phase,
    warmup: p.warmup,
    startedAt: startedAt.toISOString(),
    durationS: elapsedS,
    metrics: m,
    valid: reason === void 0,
    ...reason ? { invalidReason: reason } : {},
    resources: resources[i] ?? [],
    // The target's CPU per request over the load window; a search or an arena has no one window.
    ...kind.cpuPerRequest ? cpuOfRun(session.stack(p.variant), profile, resources[i] ?? [], m) : {},
    ...timeline ? { timeline } : {},
    ...capacity ? { capacity } : {},
    ...arena ? { arena } : {},
    ...startup ? { startup } : {}
  };
}
async function reportRerun(ctx, planned, invalid, attempt, elapsedS) {
  const first = planned[0];
  ctx.log.warning(
    `${first.cell} [${invalid.variant}] round ${first.round}: ${invalid.invalidReason}; re-running (${elapsedS.toFixed(0)} s spent)`
  );
  await ctx.onEvent?.({
    event: "re-run",
    phase: ctx.phase,
    ...ctx.block !== void 0 ? { block: ctx.block } : {},
    cell: first.cell,
    round: first.round,
    variants: planned.map((p) => p.variant),
    attempt,
    reason: invalid.invalidReason ?? "invalid",
    seconds: elapsedS
  });
}
function cpuOfRun(stack, profile, samples, metrics) {
  const cpu = runCpuPerRequest(samples, serviceOfTarget(stack, profile.target), metrics.rps);
  return cpu ? { cpuPerRequest: cpu } : {};
}
function serviceOfTarget(stack, target) {
  const host = targetService(target);
  if (stack.services.has(host)) return host;
  const resolved = new URL(stack.resolveUrl(target));
  const port2 = resolved.port ? Number(resolved.port) : resolved.protocol === "https:" ? 443 : 80;
  for (const [name2, service] of stack.services)
    if (service.address(port2).host === resolved.hostname) return name2;
  return host;
}
function describe(config, run2) {
  const flags = [run2.warmup ? "warm-up" : "", run2.valid ? "" : "INVALID"].filter(Boolean).join(", ");
  return kindOf(find(config.scenarios, run2.scenario)).describeRun(run2) + (flags ? ` (${flags})` : "");
}
function duetCapable(config, scenarioName) {
  const scenario = config.scenarios.find((s) => s.name === scenarioName);
  return scenario !== void 0 && kindOf(scenario).duet;
}
async function runSchedule(ctx, session, schedule) {
  const groups = [];
  for (const planned of schedule) {
    const last = groups[groups.length - 1];
    const partner = last?.length === 1 ? last[0] : void 0;
    if (ctx.pairing === "duet" && duetCapable(ctx.config, planned.scenario) && partner && partner.cell === planned.cell && partner.round === planned.round && partner.variant !== planned.variant) {
      last?.push(planned);
    } else {
      groups.push([planned]);
    }
  }
  const runs = [];
  for (const group of groups) {
    for (const run2 of await execute(ctx, group, session)) {
      runs.push(run2);
      ctx.log.info(describe(ctx.config, run2));
      await ctx.onRun(run2);
    }
  }
  return runs;
}
function blockWarmup(gate) {
  if (gate.blockWarmup === "off") return null;
  if (gate.blockWarmup === "auto") {
    return {
      mode: "auto",
      windowS: WARMUP_WINDOW_S,
      minS: durationMs(gate.blockWarmupMin) / 1e3,
      maxS: durationMs(gate.blockWarmupMax) / 1e3,
      rule: DEFAULT_STEADY_RULE
    };
  }
  const s = durationMs(gate.blockWarmup) / 1e3;
  return { mode: "fixed", windowS: s, minS: s, maxS: s, rule: DEFAULT_STEADY_RULE };
}
function blockWarmupNote(events, warmup) {
  if (events.length === 0) return null;
  const perBlock = /* @__PURE__ */ new Map();
  for (const e of events) perBlock.set(e.block, (perBlock.get(e.block) ?? 0) + e.seconds);
  const seconds = [...perBlock.values()];
  const [lo, hi] = [Math.min(...seconds), Math.max(...seconds)].map(Math.round);
  const range = lo === hi ? `${lo} s` : `${lo}-${hi} s`;
  const mode = warmup.mode === "fixed" ? `${warmup.windowS} s` : warmup.minS > 0 ? `auto, at least ${warmup.minS} s` : "auto";
  const head = `Block warm-up (gate.blockWarmup ${mode}): ${events.length} stack and cell warm-up(s) in ${perBlock.size} block(s), ${range} per block`;
  if (warmup.mode === "fixed") return `${head}.`;
  const unsettled = events.filter((e) => !e.steady).length;
  return unsettled === 0 ? `${head}; every one settled.` : `${head}; ${events.length - unsettled} settled, ${unsettled} did not within blockWarmupMax (${warmup.maxS} s) and were measured anyway.`;
}
async function warmUpSession(ctx, session, order, schedule, warmup, sessionIndex) {
  const began = Date.now();
  const cells = /* @__PURE__ */ new Map();
  for (const run2 of schedule) if (!cells.has(run2.cell)) cells.set(run2.cell, run2);
  const metric2 = ctx.config.gate.metric;
  for (const variant2 of order) {
    for (const planned of cells.values()) {
      if (!warmsCell(ctx.config, planned)) {
        ctx.log.info(
          `[${variant2}] ${planned.cell}: not warmed (a control, a search, an arena or an own script)`
        );
        continue;
      }
      const windowCtx = {
        ...ctx,
        config: {
          ...ctx.config,
          scenarios: ctx.config.scenarios.map(
            (s) => s.name === planned.scenario ? { ...s, duration: `${warmup.windowS}s`, warmup: "0s" } : s
          )
        }
      };
      const cellBegan = Date.now();
      const latencies = [];
      let steady = false;
      for (let window = 0; ; window++) {
        const [run2] = await execute(windowCtx, [{ ...planned, variant: variant2, warmup: true }], session);
        if (!run2) break;
        const recorded = { ...run2, warmup: true, warmupWindow: window };
        latencies.push(recorded.metrics[metric2]);
        await ctx.onRun(recorded);
        const spentS = (Date.now() - cellBegan) / 1e3;
        steady = warmup.mode === "fixed" || spentS >= warmup.minS && isSteady(latencies, warmup.rule);
        if (steady || spentS + warmup.windowS > warmup.maxS) break;
      }
      const seconds = (Date.now() - cellBegan) / 1e3;
      ctx.log.info(
        `[${variant2}] ${planned.cell}: warmed up in ${seconds.toFixed(0)} s, ${latencies.length} window(s), ${metric2} ${latencies.map((l) => l.toFixed(2)).join(" -> ")} ms` + (steady ? "" : ` (not settled within blockWarmupMax ${warmup.maxS} s: measured anyway)`)
      );
      await ctx.onEvent?.({
        event: "warm-up",
        block: ctx.block ?? 0,
        session: sessionIndex,
        variant: variant2,
        cell: planned.cell,
        windows: latencies.length,
        seconds,
        steady,
        latencies
      });
    }
  }
  return (Date.now() - began) / 1e3;
}

// src/gate/docker-measurer.ts
function hasTaskset() {
  const taskset = findTool("taskset");
  if (!taskset) return false;
  try {
    execFileSync2(taskset, ["--version"], { stdio: "ignore", env: { PATH: trustedPath() } });
    return true;
  } catch {
    return false;
  }
}
async function dockerMeasurer(setup) {
  const { plan, loaded, log, env } = setup;
  let config = plan.config;
  const buildPlans = plan.hasVariant ? await planVariantBuilds(config, loaded.file, env, loaded.root) : [];
  const k6 = await (setup.locateK6 ?? (() => findK6(env)))();
  if (!k6) throw new InfrastructureError("k6 was not found: install k6 (see README) or set K6_PATH");
  if (config.k6.version && k6.version !== config.k6.version) {
    throw new InfrastructureError(
      `${loaded.file}: k6.version asks for k6 ${config.k6.version}, but ${k6.path} is ${k6.version}: install that release or point K6_PATH at it`
    );
  }
  if (usesEchoImage(loaded)) await ensureEchoImage(log);
  if (Object.values(config.services).some((s) => s.build)) {
    const services = await log.group("Build images", () => buildServiceImages(config.services, log));
    config = { ...config, services };
  }
  const placement = planPlacement(config, availableParallelism(), hasTaskset());
  log.info(placement.summary);
  const runId = env.PERF_GATE_RUN_ID && /^[\w.-]{1,40}$/.test(env.PERF_GATE_RUN_ID) ? env.PERF_GATE_RUN_ID : randomUUID().slice(0, 12);
  const orphans = await removeOrphans();
  if (orphans.length > 0)
    log.warning(
      `removed the containers of ${orphans.length} earlier gate(s) whose process is gone: ${orphans.join(", ")}`
    );
  const unregisterSweep = setup.cleanup.add(async () => {
    await removeLeftovers(runId);
  });
  return new DockerMeasurer(
    {
      plan: { ...plan, config },
      buildPlans,
      k6: placement.mode === "split" ? { ...k6, cpus: placement.k6Cpus } : k6,
      placement,
      runId,
      reach: { allowedHosts: loaded.allowedHosts, interpolated: loaded.interpolated }
    },
    setup,
    unregisterSweep
  );
}
var DockerMeasurer = class {
  constructor(p, setup, unregisterSweep) {
    this.p = p;
    this.setup = setup;
    this.unregisterSweep = unregisterSweep;
  }
  p;
  setup;
  unregisterSweep;
  variant;
  get config() {
    return this.p.plan.config;
  }
  get k6Version() {
    return this.p.k6.version;
  }
  /** The block warm-ups so far (gate.blockWarmup), for the report's note. */
  warmUps = [];
  get notes() {
    const warmup = blockWarmup(this.p.plan.gate);
    const warmUpNote = warmup ? blockWarmupNote(this.warmUps, warmup) : null;
    return [`${this.p.placement.summary}.`, ...warmUpNote ? [warmUpNote] : []];
  }
  close() {
    this.unregisterSweep();
  }
  context(phase, onRun, onEvent, block2) {
    return {
      config: this.config,
      k6: this.p.k6,
      log: this.setup.log,
      signal: this.setup.signal,
      pairing: this.p.plan.gate.pairing,
      phase,
      block: block2,
      onRun,
      onEvent: async (event) => {
        if (event.event === "warm-up") this.warmUps.push(event);
        await onEvent?.(event);
      }
    };
  }
  session(variants, instance, baselineVariant, profiles) {
    return StackSession.open({
      config: this.config,
      runId: this.p.runId,
      log: this.setup.log,
      cleanup: this.setup.cleanup,
      signal: this.setup.signal,
      variants,
      overrides: { baseline: baselineVariant },
      instance,
      profiles,
      cpusets: this.p.placement.mode === "split" ? this.p.placement.services : void 0,
      reach: this.p.reach
    });
  }
  names() {
    return {
      profiles: this.config.profiles.map((p) => p.name),
      scenarios: this.config.scenarios.map((s) => s.name),
      cells: configCells(this.config)
    };
  }
  /**
   * Runs a schedule under gate.isolation: all of it on one session (shared), or each profile's or
   * cell's runs on a session of their own, started fresh and set up with that profile only. Each
   * session is disposed (its stacks stopped) before the next starts. A paired block (`block` given)
   * starts and sets up its stacks in an order drawn from gate.seed, and warms them up
   * (gate.blockWarmup) before the measured runs; the seconds spent warming are returned.
   */
  async runIsolated(title, schedule, variants, instance, ctx, baselineVariant, block2) {
    const runs = [];
    let warmupS = 0;
    const { gate } = this.p.plan;
    const warmup = block2 === void 0 ? null : blockWarmup(gate);
    const isolation = gate.isolation;
    const parts = isolateSchedule(schedule, isolation);
    for (const [i, part] of parts.entries()) {
      var _stack = [];
      try {
        const profiles = [...new Set(part.map((r) => r.profile))];
        const name2 = parts.length === 1 ? instance : `${instance}-i${i}`;
        const order = block2 === void 0 ? variants : stackOrder(gate.seed, block2, i);
        if (block2 !== void 0) await ctx.onEvent?.({ event: "stacks", block: block2, session: i, order });
        const stack = __using(_stack, await this.session(order, name2, baselineVariant, profiles), true);
        if (warmup) {
          warmupS += await this.setup.log.group(
            `${title}: warm up ${order.join(", then ")} (blockWarmup ${gate.blockWarmup})`,
            () => warmUpSession(ctx, stack, order, part, warmup, i)
          );
        }
        const what = isolation === "shared" ? "" : ` [${isolation} ${isolation === "cell" ? part[0]?.cell : profiles[0]}]`;
        runs.push(
          ...await this.setup.log.group(
            `${title}${what}: ${part.length} runs`,
            () => runSchedule(ctx, stack, part)
          )
        );
      } catch (_) {
        var _error = _, _hasError = true;
      } finally {
        var _promise = __callDispose(_stack, _error, _hasError);
        _promise && await _promise;
      }
    }
    return { runs, warmupS };
  }
  /** The candidate alone on one stack: warm-up and measured rounds. */
  async storedPhase(phase, onRun, onEvent) {
    const { gate } = this.p.plan;
    const schedule = planSchedule({
      ...this.names(),
      rounds: gate.rounds,
      warmupRounds: gate.warmupRounds,
      seed: gate.seed,
      paired: false
    });
    const { runs } = await this.runIsolated(
      `Run k6 (${phase === "baseline" ? "baseline" : "stored comparison"})`,
      schedule,
      ["candidate"],
      phase,
      this.context(phase, onRun, onEvent)
    );
    return runs;
  }
  /** One paired A/B block of `cells` on freshly started stacks of both variants. */
  async pairedBlock(block2, _why, cells, onRun, onEvent) {
    const { gate } = this.p.plan;
    const log = this.setup.log;
    this.variant ??= await buildVariantImages(
      this.config.baselineVariant,
      this.p.buildPlans,
      log
    );
    const began = this.setup.now().getTime();
    const schedule = planSchedule({
      ...this.names(),
      cells,
      rounds: gate.pairsPerBlock,
      warmupRounds: 0,
      seed: gate.seed,
      paired: true,
      firstRound: block2 * gate.pairsPerBlock
    });
    const { runs, warmupS } = await this.runIsolated(
      `Paired block ${block2 + 1} (${gate.pairing})`,
      schedule,
      ["baseline", "candidate"],
      `b${block2}`,
      this.context("paired", onRun, onEvent, block2),
      this.variant,
      block2
    );
    if (gate.blockWarmup !== "off")
      log.info(`paired block ${block2 + 1}: warm-up took ${warmupS.toFixed(0)} s`);
    return { runs, ms: this.setup.now().getTime() - began };
  }
};

// src/baseline/format.ts
var BASELINE_SCHEMA_VERSION = 1;
var baselineNightSchema = external_exports.object({
  createdAt: external_exports.string(),
  gitSha: external_exports.string().nullable(),
  k6Version: external_exports.string().nullable(),
  machine: machineFingerprintSchema,
  /** Measured runs only (warm-up excluded), candidate variant. */
  runs: external_exports.array(runResultSchema)
});
var baselineFileSchema = external_exports.object({
  schemaVersion: external_exports.literal(BASELINE_SCHEMA_VERSION),
  name: external_exports.string(),
  metric: external_exports.enum(["p50", "p90", "p95", "p99"]),
  /** Oldest first; the last entry is the most recent night. */
  nights: external_exports.array(baselineNightSchema).min(1)
});
function appendNight(existing, night, base, keep) {
  const nights = [...existing?.nights ?? [], night].slice(-keep);
  return { ...base, nights };
}
function cellHistory(baseline, cell) {
  return baseline.nights.map((night) => night.runs.filter((run2) => run2.cell === cell)).filter((runs) => runs.length > 0);
}
function baselineAgeDays(baseline, now) {
  const newest = baseline.nights[baseline.nights.length - 1];
  if (!newest) return Number.POSITIVE_INFINITY;
  return (now.getTime() - new Date(newest.createdAt).getTime()) / 864e5;
}

// src/baseline/store.ts
import { existsSync as existsSync7 } from "node:fs";
import path20 from "node:path";
var MAX_BASELINE_BYTES = 2e8;
async function readBaseline(file, expected, what = "baseline") {
  if (!existsSync7(file)) return null;
  let json;
  const text2 = readTextCapped(file, MAX_BASELINE_BYTES, what);
  try {
    json = JSON.parse(text2);
  } catch (error) {
    const position = /position (\d+)/.exec(error.message)?.[1];
    throw new ConfigError([
      `${file}: baseline is not valid JSON${position === void 0 ? "" : ` (error at character ${position})`}`
    ]);
  }
  const parsed = baselineFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError([
      `${file}: not a perf-gate baseline of schema version 1 (${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""})`
    ]);
  }
  if (expected) {
    const problems = [];
    if (parsed.data.name !== expected.name)
      problems.push(
        `${file}: name: the baseline was recorded for config "${parsed.data.name}", this config is "${expected.name}"`
      );
    if (parsed.data.metric !== expected.metric)
      problems.push(
        `${file}: metric: the baseline was recorded for ${parsed.data.metric}, this gate judges ${expected.metric} (gate.metric)`
      );
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return parsed.data;
}
async function checkBaseline(file, expected, options) {
  if (options.explicit && !existsSync7(file))
    throw new ConfigError([`${options.what}: ${file}: baseline file not found`]);
  return readBaseline(file, expected, options.what);
}
async function writeBaseline(file, baseline) {
  await makeDirectory(path20.dirname(path20.resolve(file)));
  await writeFileAtomic(file, `${JSON.stringify(baseline, null, 2)}
`);
}

// src/log.ts
function maskedLogger(log, used) {
  if (used.length === 0) return log;
  return {
    info: (message) => log.info(redact(message, used)),
    warning: (message) => log.warning(redact(message, used)),
    group: (name2, fn) => log.group(redact(name2, used), fn)
  };
}

// src/machine.ts
import os from "node:os";
function machineFingerprint(env = process.env) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30 * 10) / 10,
    os: `${os.type()} ${os.arch()}`,
    kernel: os.release(),
    ...env.RUNNER_NAME ? { runner: `${env.RUNNER_NAME} (${env.RUNNER_OS ?? ""} ${env.ImageOS ?? ""})`.trim() } : {}
  };
}
async function currentGitSha(root, env = process.env) {
  if (env.GITHUB_SHA) return env.GITHUB_SHA;
  try {
    return await workspaceGit(root, ["rev-parse", "HEAD"], { timeout: 5e3 }) || null;
  } catch {
    return null;
  }
}

// src/stats/runner-check.ts
function fingerprintMismatch(machine, baselineMachines) {
  const other = baselineMachines.find((m) => m.cpus !== machine.cpus || m.cpuModel !== machine.cpuModel);
  if (!other) return null;
  return `${machine.cpus} x ${machine.cpuModel} here, ${other.cpus} x ${other.cpuModel} in the baseline`;
}
function checkRunner(input) {
  const reasons = [];
  let differs = false;
  let unknown = false;
  const mismatch = fingerprintMismatch(input.machine, input.baselineMachines);
  if (mismatch) {
    differs = true;
    reasons.push(`machine differs from the baseline's: ${mismatch}`);
  } else if (input.baselineMachines.length === 0) {
    unknown = true;
    reasons.push("the baseline records no machine to compare with");
  }
  const upperBand = 1 + input.threshold;
  const lowerBand = 1 / upperBand;
  const controls = input.controlCells.filter((c) => c.control);
  if (controls.length === 0) {
    unknown = true;
    reasons.push("no control profile (control: true) to measure the runner with");
  }
  for (const cell of controls) {
    if (cell.ratio === null) {
      unknown = true;
      reasons.push(`control ${cell.cell}: no ratio (too few runs)`);
      continue;
    }
    const what = `control ${cell.cell} ${cell.metric.toUpperCase()} ${formatRatio(cell.ratio)}`;
    if (cell.ratio.lower > upperBand) {
      differs = true;
      reasons.push(`${what}: this runner is markedly slower than the baseline's`);
    } else if (cell.ratio.upper < lowerBand) {
      differs = true;
      reasons.push(`${what}: this runner is markedly faster than the baseline's`);
    } else if (cell.ratio.lower >= lowerBand && cell.ratio.upper <= upperBand) {
      reasons.push(`${what}: within the \xB1${Math.round(input.threshold * 100)}% band`);
    } else {
      unknown = true;
      reasons.push(`${what}: not shown to be within the \xB1${Math.round(input.threshold * 100)}% band`);
    }
  }
  return { status: differs ? "differs" : unknown ? "unknown" : "same", reasons };
}

// src/stats/history.ts
var HISTORY_MIN_NIGHTS = 3;
function nightLogMeans(nights) {
  return nights.filter((values) => values.length > 0).map((values) => mean(values.map(Math.log)));
}
function predictionInterval(logMeans, confidence) {
  const k = logMeans.length;
  if (k < 2) throw new RangeError("a prediction interval needs at least two nights");
  const centre = mean(logMeans);
  const sBetween = sd(logMeans);
  const half = tCritical(confidence, k - 1) * sBetween * Math.sqrt(1 + 1 / k);
  return { centre, sBetween, nights: k, lower: centre - half, upper: centre + half };
}
function historyEstimate(candidateLogs, logMeans) {
  const k = logMeans.length;
  const n = candidateLogs.length;
  if (k < 2 || n < 2) throw new RangeError("a history comparison needs two nights and two candidate runs");
  const sBetween = sd(logMeans);
  const terms = [
    { variance: sBetween ** 2 * (1 + 1 / k), df: k - 1 },
    { variance: sd(candidateLogs) ** 2 / n, df: n - 1 }
  ];
  return {
    estimate: mean(candidateLogs) - mean(logMeans),
    se: Math.sqrt(terms[0].variance + terms[1].variance),
    df: satterthwaiteDf(terms)
  };
}

// src/stats/stored-comparison.ts
function compareStored(input) {
  const { gate } = input;
  const candidate = selectRuns(input.candidateRuns, gate.metric);
  const nights = (input.baselineNights ?? []).map((runs) => selectRuns(runs, gate.metric));
  const baselineEligible = nights.flatMap((night) => night.eligible);
  const reasons = [];
  const candidateExclusion = exclusionReason("candidate", candidate, gate.metric);
  if (candidateExclusion) reasons.push(candidateExclusion);
  const baselineExclusion = exclusionReason("baseline", mergeSelections(nights), gate.metric);
  if (baselineExclusion) reasons.push(baselineExclusion);
  const latency = storedLatency(candidate, nights, gate);
  latency.reasons.unshift(...reasons);
  const baselineRuns = (input.baselineNights ?? []).flat().map((run2) => ({ ...run2, variant: "baseline" }));
  return assembleCell({
    profile: input.profile,
    scenario: input.scenario,
    control: input.control,
    method: "stored",
    gate,
    latency,
    candidateEligible: candidate.eligible,
    baselineEligible: baselineEligible.length > 0 ? baselineEligible : null,
    runs: [...input.candidateRuns, ...baselineRuns],
    excludedRuns: excludedCount(candidate) + nights.reduce((sum, night) => sum + excludedCount(night), 0)
  });
}
function undecided2(candidate) {
  return { candidate, ratio: null, pValue: null, verdict: "inconclusive", latencyTest: null };
}
function storedLatency(candidate, nights, gate) {
  const { metric: metric2, confidence } = gate;
  const candidateValues = valuesOf(candidate.measured, metric2);
  const nightValues2 = nights.map((night) => valuesOf(night.measured, metric2)).filter((values) => values.length > 0);
  const candidateSummary = summarize(candidateValues, confidence);
  if (nightValues2.length === 0) {
    return {
      ...undecided2(candidateSummary),
      baseline: null,
      changePct: null,
      reasons: ["no baseline for this cell"]
    };
  }
  const history = nightValues2.length >= HISTORY_MIN_NIGHTS;
  const baselineSummary = history ? historySummary(nightValues2, confidence) : summarize(nightValues2.flat(), confidence);
  const latencyTest = history ? "history" : "welch";
  const method = methodText(nightValues2, history);
  const tooFew = tooFewRuns(candidateValues.length, nightValues2, history);
  const estimate = storedEstimate(candidateValues, nightValues2);
  if (tooFew.length > 0 || estimate === null) {
    return {
      ...undecided2(candidateSummary),
      baseline: baselineSummary,
      ...pointEstimate(candidateValues, nightValues2, history, method, tooFew),
      latencyTest
    };
  }
  const { interval: interval2, ratio, decision } = decideRatio(estimate, gate);
  const reasons = [method];
  if (interval2.se === 0) reasons.push("no spread between runs (all equal): the interval has zero width");
  reasons.push(decision.reason);
  return {
    candidate: candidateSummary,
    baseline: baselineSummary,
    ratio,
    changePct: (ratio.estimate - 1) * 100,
    pValue: interval2.pValue,
    verdict: decision.verdict,
    reasons,
    latencyTest,
    otherRatios: otherStoredRatios(candidate, nights, gate),
    minDetectablePct: detectablePct(interval2, gate)
  };
}
function methodText(nightValues2, history) {
  const baselineRuns = nightValues2.flat().length;
  return history ? `compared with a prediction interval for a new night from ${nightValues2.length} baseline nights, which includes the runner-to-runner spread` : `baseline has ${nightValues2.length} night${nightValues2.length === 1 ? "" : "s"}: Welch t against its ${baselineRuns} runs, which does not account for runner-to-runner differences (${HISTORY_MIN_NIGHTS} nights of history do)`;
}
function tooFewRuns(candidateRuns, nightValues2, history) {
  const baselineRuns = nightValues2.flat().length;
  const tooFew = [];
  if (candidateRuns < MIN_RUNS) tooFew.push(`${candidateRuns} candidate run${candidateRuns === 1 ? "" : "s"}`);
  if (!history && baselineRuns < MIN_RUNS)
    tooFew.push(`${baselineRuns} baseline run${baselineRuns === 1 ? "" : "s"}`);
  return tooFew;
}
function pointEstimate(candidateValues, nightValues2, history, method, tooFew) {
  const point = candidateValues.length > 0 ? Math.exp(mean(candidateValues.map(Math.log)) - logCentre(nightValues2, history)) : null;
  return {
    changePct: point === null ? null : (point - 1) * 100,
    reasons: [
      method,
      `only ${tooFew.join(" and ")}: at least ${MIN_RUNS} per side are needed for a confidence interval${point === null ? "" : ` (point estimate ${formatChange(point)})`}`
    ]
  };
}
function storedEstimate(candidateValues, nightValues2) {
  if (candidateValues.length < MIN_RUNS || nightValues2.length === 0) return null;
  const candidateLogs = candidateValues.map(Math.log);
  if (nightValues2.length >= HISTORY_MIN_NIGHTS) {
    return historyEstimate(candidateLogs, nightLogMeans(nightValues2));
  }
  const baselineLogs = nightValues2.flat().map(Math.log);
  if (baselineLogs.length < MIN_RUNS) return null;
  return welchEstimate(candidateLogs, baselineLogs);
}
function otherStoredRatios(candidate, nights, gate) {
  const ratios = {};
  for (const metric2 of otherMetrics(gate.metric)) {
    const candidateValues = usableValues(candidate.eligible, metric2);
    const nightValues2 = nights.map((night) => usableValues(night.eligible, metric2)).filter((values) => values.length > 0);
    const estimate = storedEstimate(candidateValues, nightValues2);
    if (estimate) ratios[metric2] = toRatio(tInterval(estimate, gate.confidence), gate.confidence);
  }
  return ratios;
}
function historySummary(nightValues2, confidence) {
  const logMeans = nightLogMeans(nightValues2);
  const prediction = predictionInterval(logMeans, confidence);
  const nightMeans = logMeans.map(Math.exp);
  return {
    n: logMeans.length,
    median: median(nightMeans),
    mean: Math.exp(prediction.centre),
    lower: Math.exp(prediction.lower),
    upper: Math.exp(prediction.upper),
    values: nightMeans,
    unit: "night",
    interval: "prediction"
  };
}
function logCentre(nightValues2, history) {
  return history ? mean(nightLogMeans(nightValues2)) : mean(nightValues2.flat().map(Math.log));
}
function valuesOf(runs, metric2) {
  return runs.map((run2) => run2.metrics[metric2]);
}
function usableValues(runs, metric2) {
  return valuesOf(
    runs.filter((run2) => hasUsableMetric(run2, metric2)),
    metric2
  );
}
function mergeSelections(selections) {
  const merged = emptySelection();
  for (const s of selections) {
    merged.warmup += s.warmup;
    merged.invalid += s.invalid;
    merged.empty += s.empty;
    for (const reason of s.invalidReasons)
      if (!merged.invalidReasons.includes(reason)) merged.invalidReasons.push(reason);
  }
  return merged;
}

// src/stats/noise-monitor.ts
function noiseMonitor(controlCells, gate) {
  const upperBand = 1 + gate.threshold;
  const lowerBand = 1 / upperBand;
  const findings = [];
  for (const cell of controlCells) {
    if (!cell.control || cell.ratio === null) continue;
    const what = `${cell.cell} ${cell.metric.toUpperCase()} ${formatRatio(cell.ratio)}`;
    if (cell.ratio.lower > upperBand) findings.push(`${what}: this runner is markedly slower`);
    else if (cell.ratio.upper < lowerBand) findings.push(`${what}: this runner is markedly faster`);
  }
  if (findings.length === 0) return null;
  return `Noise monitor: the control profile differs from the baseline's runner (${findings.join("; ")}). Stored-baseline verdicts on this runner may reflect the machine rather than the change; a paired run on one runner settles it.`;
}

// src/stats/overhead.ts
var OVERHEAD_METRICS = ["p50", "p95", "p99"];
var chooseReference = referenceProfile;
function measured(cell, metric2) {
  return cell.runs.filter((r) => r.variant === "candidate" && !r.warmup && r.valid).map((r) => r.metrics[metric2]).filter((v) => Number.isFinite(v) && v > 0);
}
function addedMs(profile, reference, confidence) {
  if (profile.length < 2 || reference.length < 2) return null;
  const interval2 = tInterval(welchEstimate(profile, reference), confidence);
  return { estimate: interval2.estimate, lower: interval2.lower, upper: interval2.upper, confidence };
}
function overheadRatio(profile, reference, confidence) {
  if (profile.length < 2 || reference.length < 2) return null;
  return toRatio(
    tInterval(welchEstimate(profile.map(Math.log), reference.map(Math.log)), confidence),
    confidence
  );
}
function perHook(added, hooks) {
  return {
    estimate: added.estimate / hooks,
    lower: added.lower / hooks,
    upper: added.upper / hooks,
    confidence: added.confidence
  };
}
function overheadFigures(input) {
  const reference = chooseReference(input.cells, input.reference);
  if (reference === null) return { reference: null, overhead: [] };
  const scenarios = [...new Set(input.cells.map((c) => c.scenario))];
  const overhead = [];
  for (const scenario of scenarios) {
    const ref = input.cells.find((c) => c.profile === reference && c.scenario === scenario);
    if (!ref) continue;
    const others = input.cells.filter((c) => c.scenario === scenario && c.profile !== reference);
    const ordered = [...others.filter((c) => c.control), ...others.filter((c) => !c.control)];
    for (const other of ordered) {
      const [cell, base] = other.control ? [ref, other] : [other, ref];
      const metrics = {};
      const hooks = other.control ? void 0 : input.hooks[cell.profile];
      const perHookMs = {};
      let runs = 0;
      let referenceRuns = 0;
      for (const metric2 of OVERHEAD_METRICS) {
        const mine = measured(cell, metric2);
        const theirs = measured(base, metric2);
        runs = Math.max(runs, mine.length);
        referenceRuns = Math.max(referenceRuns, theirs.length);
        const ratio = overheadRatio(mine, theirs, input.confidence);
        const added = addedMs(mine, theirs, input.confidence);
        if (ratio === null || added === null) continue;
        metrics[metric2] = { ratio, addedMs: added };
        if (hooks !== void 0) perHookMs[metric2] = perHook(added, hooks);
      }
      if (Object.keys(metrics).length === 0) continue;
      overhead.push({
        profile: cell.profile,
        reference: base.profile,
        scenario,
        ...cell.sweep ? { sweep: cell.sweep } : {},
        ...cell.concurrency !== void 0 ? { concurrency: cell.concurrency } : {},
        ...cell.loadModel !== void 0 ? { loadModel: cell.loadModel } : {},
        ...cell.payloadBytes !== void 0 ? { payloadBytes: cell.payloadBytes } : {},
        runs,
        referenceRuns,
        metrics,
        ...hooks !== void 0 ? { hooks, perHookMs } : {}
      });
    }
  }
  return { reference, overhead };
}
function payloadFigures(cells, confidence) {
  const groups = /* @__PURE__ */ new Map();
  for (const cell of cells) {
    if (cell.payloadBytes === void 0) continue;
    const key = `${cell.profile}\0${cell.loadModel ?? ""}\0${cell.concurrency ?? ""}`;
    const group = groups.get(key) ?? [];
    if (!group.some((c) => c.payloadBytes === cell.payloadBytes)) group.push(cell);
    groups.set(key, group);
  }
  const out = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort((a, b) => a.payloadBytes - b.payloadBytes);
    const ref = sorted[0];
    for (const cell of sorted.slice(1)) {
      const metrics = {};
      let runs = 0;
      let referenceRuns = 0;
      for (const metric2 of OVERHEAD_METRICS) {
        const mine = measured(cell, metric2);
        const theirs = measured(ref, metric2);
        runs = Math.max(runs, mine.length);
        referenceRuns = Math.max(referenceRuns, theirs.length);
        const ratio = overheadRatio(mine, theirs, confidence);
        const added = addedMs(mine, theirs, confidence);
        if (ratio !== null && added !== null) metrics[metric2] = { ratio, addedMs: added };
      }
      if (Object.keys(metrics).length === 0) continue;
      out.push({
        profile: cell.profile,
        scenario: cell.scenario,
        referenceScenario: ref.scenario,
        payloadBytes: cell.payloadBytes,
        referenceBytes: ref.payloadBytes,
        ...cell.concurrency !== void 0 ? { concurrency: cell.concurrency } : {},
        ...cell.loadModel !== void 0 ? { loadModel: cell.loadModel } : {},
        runs,
        referenceRuns,
        metrics
      });
    }
  }
  return out;
}

// src/gate/compare.ts
function compareCells(input) {
  const { runs, config, gate } = input;
  const compared = configCells(config).map((ref) => compareCell(input, ref.profile, ref.scenario));
  const cells = SCENARIO_KINDS.reduce(
    (settled, kind) => kind.settle?.(settled, runs, config) ?? settled,
    applyHolm(compared, gate.blockConfidence, cellsElsewhere(config))
  );
  return { cells, notes: [...baselineNotes(input, cells), ...invalidRunNotes(runs)] };
}
function compareCell(input, profileName, scenarioName) {
  const { runs, config, gate, baseline, method } = input;
  const profile = config.profiles.find((p) => p.name === profileName);
  const scenario = config.scenarios.find((s) => s.name === scenarioName);
  const cell = cellId(profile.name, scenario.name);
  const mine = runs.filter((r) => r.cell === cell);
  const candidateRuns = mine.filter((r) => r.variant === "candidate");
  const common = { profile: profile.name, scenario: scenario.name, control: profile.control, gate };
  const comparison = method === "paired" ? comparePaired({
    ...common,
    candidateRuns,
    baselineRuns: mine.filter((r) => r.variant === "baseline")
  }) : compareStored({
    ...common,
    candidateRuns,
    baselineNights: method === "stored" && baseline ? cellHistory(baseline, cell) : null
  });
  const open2 = isOpenModel(scenario);
  const cellResult = {
    ...comparison,
    concurrency: open2 ? scenario.rate : scenario.vus,
    loadModel: open2 ? "open" : "closed",
    payloadBytes: requestBytes(scenario),
    ...scenario.sweep ? { sweep: { scenario: scenario.sweep.scenario, level: scenario.sweep.label } } : {},
    // An open model's configured rate, to read the achieved throughput against.
    ...comparison.achieved && open2 && scenario.rate !== void 0 ? { achieved: { ...comparison.achieved, targetRps: scenario.rate } } : {}
  };
  const kind = kindOf(scenario);
  if (kind.compare) {
    const own = kind.compare({
      scenario,
      method: method === "paired" ? "paired" : "stored",
      candidateRuns,
      baselineRuns: method === "paired" ? mine.filter((r) => r.variant === "baseline") : method === "stored" && baseline ? cellHistory(baseline, cell).flat() : null,
      gate
    });
    Object.assign(cellResult, own.fields);
    cellResult.reasons = [...own.reasons, ...comparison.reasons];
  }
  return withCpuComparison(cellResult, gate, method, mine, baseline, scenario);
}
function baselineNotes(input, cells) {
  const { config, gate, baseline, method } = input;
  if (method !== "stored") return [];
  if (!baseline)
    return [
      `No baseline file at ${config.baseline.path}: every cell is inconclusive. Run \`perf-gate run --mode baseline\` (the nightly workflow) on the default branch to create one.`
    ];
  const notes = [];
  const age = baselineAgeDays(baseline, input.now);
  if (age > gate.maxBaselineAgeDays) {
    notes.push(
      `The baseline is ${age.toFixed(1)} days old (limit ${gate.maxBaselineAgeDays}): is the nightly baseline workflow running?`
    );
  }
  const noise = noiseMonitor(
    cells.filter((c) => c.control),
    gate
  );
  if (noise) notes.push(noise);
  return notes;
}
function invalidRunNotes(runs) {
  const invalid = runs.filter((r) => !r.valid && !r.warmup);
  if (invalid.length === 0) return [];
  const kinds = /* @__PURE__ */ new Map();
  for (const run2 of invalid) {
    const reason = run2.invalidReason ?? "invalid";
    const kind = reason.replace(/\d+(\.\d+)?/g, "N");
    if (!kinds.has(kind)) kinds.set(kind, reason);
  }
  return [
    `${invalid.length} run(s) were invalid and excluded: ${[...kinds.values()].join("; ")}${invalid.length > kinds.size ? " (and similar)" : ""}`
  ];
}
function withCpuComparison(cell, gate, method, mine, baseline, scenario) {
  if (gate.cpuPerRequest === "off" || !kindOf(scenario).cpuPerRequest) return cell;
  const cpu = compareCpuPerRequest({
    method: method === "paired" ? "paired" : "stored",
    candidateRuns: mine.filter((r) => r.variant === "candidate"),
    baselineRuns: method === "paired" ? mine.filter((r) => r.variant === "baseline") : method === "stored" && baseline ? cellHistory(baseline, cell.cell).flat() : null,
    gate,
    gated: (gate.cpuPerRequest === "gate" || gate.cpuPerRequest === "only") && !cell.control,
    only: gate.cpuPerRequest === "only"
  });
  return withCpuPerRequest(cell, cpu);
}
function figuresOf(config, cells, confidence) {
  const payload = payloadFigures(cells, confidence);
  const resources = resourceFigures(cells, confidence);
  return {
    ...overheadFigures({
      cells,
      reference: config.report.reference ?? null,
      confidence,
      hooks: Object.fromEntries(config.profiles.map((p) => [p.name, p.hooks]))
    }),
    ...payload.length > 0 ? { payload } : {},
    ...resources.length > 0 ? { resources } : {}
  };
}
function requestBytes(scenario) {
  const g = scenario.graphql;
  if (g?.query === void 0) return scenario.payloadBytes;
  const body = JSON.stringify({
    query: g.query,
    variables: g.variables,
    ...g.operationName ? { operationName: g.operationName } : {}
  });
  return new TextEncoder().encode(body).length;
}

// src/gate/journal.ts
import { appendFile, mkdir as mkdir3, readFile as readFile5, writeFile as writeFile6 } from "node:fs/promises";
import path21 from "node:path";
var JOURNAL_FILE = "runs.jsonl";
var headerSchema = external_exports.object({
  journal: external_exports.literal(1),
  name: external_exports.string(),
  mode: external_exports.enum(["gate", "baseline"]),
  startedAt: external_exports.string(),
  baselinePath: external_exports.string().nullable(),
  /** The resolved config (validated again by whoever reads it). */
  config: external_exports.unknown()
});
var variant = external_exports.enum(variantNames);
var count2 = external_exports.number().int().nonnegative();
var gateEventSchema = external_exports.discriminatedUnion("event", [
  external_exports.object({
    event: external_exports.literal("stacks"),
    block: count2,
    /** The isolated session within the block (gate.isolation), from 0. */
    session: count2,
    /** The order the variants' stacks were started and set up in, drawn per block from gate.seed. */
    order: external_exports.array(variant)
  }),
  external_exports.object({
    event: external_exports.literal("warm-up"),
    block: count2,
    session: count2,
    variant,
    cell: external_exports.string(),
    windows: count2,
    seconds: external_exports.number().nonnegative(),
    /** The windows settled (blockWarmup: auto), or the fixed duration ran; false: stopped at the maximum. */
    steady: external_exports.boolean(),
    /** The judged percentile of each window, in order (ms). */
    latencies: external_exports.array(external_exports.number())
  }),
  external_exports.object({
    event: external_exports.literal("re-run"),
    phase: external_exports.enum(["stored", "paired", "baseline"]),
    block: count2.optional(),
    cell: external_exports.string(),
    round: count2,
    variants: external_exports.array(variant),
    /** The attempt that was discarded, from 0. */
    attempt: count2,
    reason: external_exports.string(),
    /** How long the discarded attempt took. */
    seconds: external_exports.number().nonnegative()
  })
]);
var Journal = class _Journal {
  constructor(file, interpolated) {
    this.file = file;
    this.interpolated = interpolated;
  }
  file;
  interpolated;
  /**
   * Starts a new journal for one gate, replacing an older one in the same out dir. Values the config
   * took from the environment (`interpolated`) are written as the `${NAME}` they came from: the out
   * dir is uploaded as an artifact.
   */
  static async start(outDir, header) {
    const { interpolated = [], ...rest } = header;
    await mkdir3(outDir, { recursive: true });
    const file = path21.join(outDir, JOURNAL_FILE);
    await writeFile6(file, `${JSON.stringify(maskInterpolated({ journal: 1, ...rest }, interpolated))}
`);
    return new _Journal(file, interpolated);
  }
  /** Appends one finished run (one line, one write: a crash leaves at most a partial last line). */
  async append(run2) {
    await appendFile(this.file, `${JSON.stringify(maskInterpolated(run2, this.interpolated))}
`);
  }
  /** Appends one gate event (a line with an `event` key; readers of runs skip it). */
  async event(event) {
    await appendFile(this.file, `${JSON.stringify(maskInterpolated(event, this.interpolated))}
`);
  }
};
async function readJournal(file) {
  const text2 = await readFile5(file, "utf8");
  const lines = text2.split("\n").filter((line) => line.trim() !== "");
  const first = lines.shift();
  let header;
  try {
    header = headerSchema.parse(JSON.parse(first ?? ""));
  } catch {
    throw new ConfigError([`${file}: not a perf-gate journal (its first line is not a journal header)`]);
  }
  const runs = [];
  const events = [];
  let torn = 0;
  for (const line of lines) {
    try {
      const value = JSON.parse(line);
      if (typeof value === "object" && value !== null && "event" in value)
        events.push(gateEventSchema.parse(value));
      else runs.push(runResultSchema.parse(value));
    } catch {
      torn++;
    }
  }
  return { header, runs, events, torn };
}

// src/gate/progress.ts
function cellProgress(cell) {
  for (const kind of SCENARIO_KINDS) {
    const line = kind.progressLine?.(cell);
    if (line !== void 0) return line;
  }
  const change = decidingChangePct(cell);
  const what = decidedByCpu(cell) ? "CPU/request " : "";
  return `${cell.cell} ${what}${change === null ? "n/a" : formatChange(1 + change / 100)} ${cell.verdict}`;
}
var Progress = class {
  constructor(estimate, gate, now, log) {
    this.estimate = estimate;
    this.gate = gate;
    this.now = now;
    this.log = log;
    this.began = now().getTime();
  }
  estimate;
  gate;
  now;
  log;
  stored = 0;
  paired = 0;
  reruns = 0;
  rerunS = 0;
  warmupS = 0;
  warmedBlocks = /* @__PURE__ */ new Set();
  /** Cells each paired block started so far measures (adaptive blocks measure fewer). */
  blockCells = [];
  began;
  /** A paired block starts with `cells` cells: the blocks to come are planned from that many. */
  block(block2, cells) {
    this.blockCells[block2] = cells;
  }
  /** A re-run or a block's warm-up: counted, no line of its own. */
  event(event) {
    if (event.event === "re-run") {
      this.reruns++;
      this.rerunS += event.seconds;
    } else if (event.event === "warm-up") {
      this.warmupS += event.seconds;
      this.warmedBlocks.add(event.block);
    }
  }
  done(run2) {
    if (run2.warmupWindow !== void 0) return;
    if (run2.phase === "paired") this.paired++;
    else this.stored++;
    const runs = this.stored + this.paired;
    const runsOf = (cells) => 2 * cells * this.gate.pairsPerBlock;
    const started = this.blockCells.filter((c) => c !== void 0);
    const startedRuns = started.reduce((sum, c) => sum + runsOf(c), 0);
    const perBlock = runsOf(started.at(-1) ?? this.estimate.cells);
    const blocks = Math.max(
      this.estimate.minBlocks,
      started.length + Math.ceil(Math.max(0, this.paired - startedRuns) / perBlock)
    );
    const pairedTotal = startedRuns + Math.max(0, blocks - started.length) * perBlock;
    const total = Math.max(runs, (this.estimate.stored?.runs ?? 0) + (this.estimate.block ? pairedTotal : 0));
    const elapsedS = (this.now().getTime() - this.began) / 1e3;
    const warmed = this.warmedBlocks.size;
    const warmupPerBlock = warmed > 0 ? this.warmupS / warmed : 0;
    const blocksLeft = this.estimate.block ? Math.max(0, blocks - warmed) : 0;
    const leftS = Math.max(0, elapsedS - this.warmupS) / runs * (total - runs) + warmupPerBlock * blocksLeft;
    const maybe = this.estimate.block && this.paired === 0 && this.estimate.stored !== null;
    const notes = [
      this.reruns > 0 ? `${this.reruns} re-run${this.reruns === 1 ? "" : "s"} (${formatSeconds(this.rerunS)})` : "",
      warmed > 0 ? `warm-up ${formatSeconds(warmupPerBlock)} per block` : ""
    ].filter(Boolean);
    this.log.info(
      `progress: ${runs}/${total} runs, ${formatSeconds(elapsedS)} elapsed, about ${formatSeconds(leftS)} left` + (maybe ? " if paired blocks are needed" : "") + notes.map((n) => `, ${n}`).join("")
    );
  }
};

// src/gate/decision/policy.ts
function nextBlockMs(input) {
  const { blockMs, blockCells, nextBlockCells } = input;
  if (!blockCells || nextBlockCells === void 0 || blockCells.length !== blockMs.length)
    return Math.max(0, ...blockMs);
  return Math.max(0, ...blockMs.map((ms, i) => ms * nextBlockCells / Math.max(1, blockCells[i])));
}
var HOW_TO_DECIDE = "set baselineVariant (e.g. build the gateway from the merge base: baselineVariant.services.<name>.build.ref) so the gate can run paired A/B blocks on this runner";
function gatedVerdict(cells) {
  const gated = cells.filter((c) => !c.control);
  if (gated.length === 0) return "inconclusive";
  if (gated.some((c) => c.verdict === "regression")) return "regression";
  if (gated.some((c) => c.verdict === "inconclusive")) return "inconclusive";
  return "pass";
}
function cellsWith(cells, verdict) {
  return cells.filter((c) => !c.control && c.verdict === verdict).map((c) => c.cell).join(", ");
}
function storedShortfall(stored, hasVariant) {
  const verdict = gatedVerdict(stored.cells);
  if (stored.runner.status === "differs")
    return `this runner differs from the baseline's (${stored.runner.reasons.join("; ")})`;
  if (stored.runner.status === "unknown")
    return `this runner is not shown to match the baseline's (${stored.runner.reasons.join("; ")})`;
  if (verdict === "inconclusive")
    return `the stored comparison is inconclusive for ${cellsWith(stored.cells, "inconclusive") || "the gated cells"}`;
  if (verdict === "regression" && hasVariant)
    return `the stored comparison flags ${cellsWith(stored.cells, "regression")}; a stored alarm is confirmed on this runner before it blocks`;
  return null;
}
function nextStep(input) {
  if (input.start === "stored" && input.stored === null) return { action: "measure-stored" };
  if (input.paired !== null) return pairedStep(input, input.paired);
  if (input.stored !== null) return storedStep(input, input.stored);
  if (!input.hasVariant)
    return {
      action: "stop",
      verdict: "inconclusive",
      evidence: "none",
      reason: `no baseline to compare with: ${HOW_TO_DECIDE}`
    };
  return { action: "add-block", why: "paired A/B blocks on this runner (no stored baseline)" };
}
function storedStep(input, stored) {
  const inaccurate = stored.cells.filter((c) => !c.control && c.accuracy?.fails);
  if (inaccurate.length > 0)
    return {
      action: "stop",
      verdict: "regression",
      evidence: "stored",
      reason: `accuracy below gate.minAccuracy in ${inaccurate.map((c) => c.cell).join(", ")}`
    };
  const shortfall = storedShortfall(stored, input.hasVariant);
  const verdict = gatedVerdict(stored.cells);
  if (shortfall === null) {
    return {
      action: "stop",
      verdict,
      evidence: "stored",
      reason: verdict === "pass" ? "every gated cell passes on a runner shown to match the baseline's" : `${cellsWith(stored.cells, "regression")} regressed on a runner shown to match the baseline's`
    };
  }
  if (input.hasVariant)
    return { action: "add-block", why: `${shortfall}: measuring paired A/B blocks on this runner` };
  return {
    action: "stop",
    verdict: "inconclusive",
    evidence: "stored",
    reason: `stored evidence cannot decide: ${shortfall}; ${HOW_TO_DECIDE}`
  };
}
function pairedStep(input, paired) {
  const { cells, pairs: pairs2 } = paired;
  const verdict = gatedVerdict(cells);
  const limit = pairs2 + input.pairsPerBlock > input.maxPairs ? ", the most this gate runs (gate.maxRounds)" : input.elapsedMs + nextBlockMs(input) > input.budgetMs ? " when the time budget (gate.timeBudget) ran out" : null;
  if (pairs2 >= input.minPairs && verdict !== "inconclusive") {
    const open2 = cells.filter((c) => !c.control && c.verdict === "inconclusive");
    const rest = verdict === "regression" && input.decideRest === true && open2.length > 0;
    if (rest && limit === null)
      return {
        action: "add-block",
        why: `${cellsWith(cells, "regression")} regressed; deciding ${cellsWith(cells, "inconclusive")} too (gate.onRegression: decide-rest)`
      };
    return {
      action: "stop",
      verdict,
      evidence: "paired",
      reason: verdict === "pass" ? `every gated cell passes after ${pairs2} pairs` : `${cellsWith(cells, "regression")} regressed after ${pairs2} pairs` + (rest ? `; ${cellsWith(cells, "inconclusive")} still inconclusive${limit}` : "")
    };
  }
  if (limit !== null) {
    return {
      action: "stop",
      verdict,
      evidence: "paired",
      reason: `still ${verdict} after ${pairs2} pairs${limit}`
    };
  }
  return {
    action: "add-block",
    why: pairs2 < input.minPairs ? `${pairs2} of at least ${input.minPairs} pairs` : `${cellsWith(cells, "inconclusive")} inconclusive after ${pairs2} pairs`
  };
}

// src/gate/script-thresholds.ts
function measuredCandidateRuns(cell) {
  return cell.runs.filter((r) => r.variant === "candidate" && !r.warmup && r.valid);
}
function thresholdsMode(scenario) {
  return scenario.thresholds ?? "fail";
}
function cellThresholds(cell, scenario) {
  const runs = measuredCandidateRuns(cell);
  const byKey = /* @__PURE__ */ new Map();
  for (const run2 of runs) {
    for (const t of run2.metrics.thresholds ?? []) {
      const key = `${t.metric}\0${t.threshold}`;
      const entry = byKey.get(key) ?? {
        metric: t.metric,
        threshold: t.threshold,
        crossed: 0,
        runs: 0,
        fails: false
      };
      entry.runs += 1;
      if (!t.ok) entry.crossed += 1;
      entry.fails = thresholdsMode(scenario) === "fail" && !cell.control && entry.crossed > 0;
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()];
}
function cellEndpoints(cell) {
  const byKey = /* @__PURE__ */ new Map();
  for (const run2 of measuredCandidateRuns(cell)) {
    for (const e of run2.metrics.endpoints ?? []) {
      const key = `${e.tag}\0${e.value}`;
      byKey.set(key, [...byKey.get(key) ?? [], e]);
    }
  }
  return [...byKey.values()].map((list) => {
    const first = list[0];
    return {
      tag: first.tag,
      value: first.value,
      runs: list.length,
      requests: list.reduce((sum, e) => sum + e.requests, 0),
      p50: median(list.map((e) => e.p50)),
      p95: median(list.map((e) => e.p95)),
      p99: median(list.map((e) => e.p99)),
      errorRate: median(list.map((e) => e.errorRate))
    };
  });
}
function thresholdText(t) {
  return `k6 threshold ${t.metric}: ${t.threshold} crossed in ${t.crossed} of ${t.runs} run${t.runs === 1 ? "" : "s"}`;
}
function applyScriptThresholds(cells, scenarios) {
  return cells.map((cell) => {
    const scenario = scenarios.find((s) => s.name === cell.scenario);
    if (!scenario) return cell;
    const thresholds = cellThresholds(cell, scenario);
    const endpoints = cellEndpoints(cell);
    if (thresholds.length === 0 && endpoints.length === 0) return cell;
    const failing = thresholds.filter((t) => t.fails);
    const crossed = thresholds.filter((t) => t.crossed > 0 && !t.fails);
    return {
      ...cell,
      scriptThresholds: thresholds,
      endpoints,
      ...failing.length > 0 ? { verdict: "regression" } : {},
      reasons: [
        ...cell.reasons,
        ...failing.map((t) => `${thresholdText(t)} (thresholds: fail)`),
        ...crossed.map((t) => `${thresholdText(t)} (reported only; thresholds: report)`)
      ]
    };
  });
}
function verdictWithThresholds(verdict, cells) {
  return cells.some((c) => !c.control && c.scriptThresholds?.some((t) => t.fails)) ? "regression" : verdict;
}

// src/gate/decision/final-verdict.ts
function downgradeUnconfirmed(cells, reason) {
  return cells.map(
    (c) => !c.control && c.verdict === "regression" && !c.accuracy?.fails ? { ...c, verdict: "inconclusive", reasons: [...c.reasons, `not blocking: ${reason}`] } : c
  );
}
function detectableNote(cells) {
  const parts = cells.filter((c) => !c.capacity && !c.arena).filter((c) => !c.control && c.minDetectablePct !== void 0 && c.minDetectablePct !== null).map((c) => `${c.cell} ${formatChange(1 + c.minDetectablePct / 100)}`);
  if (parts.length === 0) return null;
  return `Smallest regression this gate could have detected on this runner (80% power, from the noise it measured and the runs it had): ${parts.join(", ")}.`;
}
function decisionNotes(input, decided) {
  const { step, stored } = input;
  const notes = [
    `Decided by ${step.evidence === "paired" ? "paired A/B blocks on this runner" : step.evidence === "stored" ? "the stored baseline" : "no evidence"}: ${step.reason}.`
  ];
  if (stored && step.evidence === "paired") {
    notes.push(
      `Stored comparison (not deciding): ${gatedVerdict(stored.cells)}; ${stored.cells.filter((c) => !c.control).map(
        (c) => `${c.cell} ${c.changePct === null ? "n/a" : formatChange(1 + c.changePct / 100)} ${c.verdict}`
      ).join(", ")}; runner ${stored.runner.status}.`
    );
  }
  if (input.storedSkipped)
    notes.push(`Stored baseline not measured: ${input.storedSkipped}; paired A/B blocks decided.`);
  if (stored)
    notes.push(
      `Runner check against the baseline: ${stored.runner.status} (${stored.runner.reasons.join("; ")}).`
    );
  const detectable = detectableNote(decided);
  if (detectable) notes.push(detectable);
  return notes;
}
function decidingComparison(input) {
  const { step, stored, paired } = input;
  if (step.evidence === "paired" && paired) return paired;
  if (!stored) return { cells: [], notes: [] };
  return {
    cells: step.verdict === gatedVerdict(stored.cells) ? stored.cells : downgradeUnconfirmed(stored.cells, step.reason),
    notes: stored.notes
  };
}
function overrideSentence(step, cells, gate) {
  const inaccurate = cells.filter((c) => !c.control && c.accuracy?.fails);
  if (inaccurate.length > 0)
    return `accuracy below gate.minAccuracy (${gate.minAccuracy * 100}%) in ${inaccurate.map((c) => c.cell).join(", ")}; the latency comparison: ${step.reason}`;
  return `a k6 threshold of the script failed (thresholds: fail) in ${cells.filter((c) => !c.control && c.scriptThresholds?.some((t) => t.fails)).map((c) => c.cell).join(", ")}; the comparison: ${step.reason}`;
}
function finalVerdict(input) {
  const { mode, step, gate } = input;
  if (mode === "baseline") {
    const measured2 = input.measured ?? { cells: [], notes: [] };
    return {
      method: "none",
      verdict: "pass",
      cells: applyScriptThresholds(measured2.cells, input.scenarios),
      notes: [...measured2.notes],
      decision: step.reason,
      exitCode: 0
    };
  }
  const deciding = decidingComparison(input);
  const cells = applyScriptThresholds(deciding.cells, input.scenarios);
  const inaccurate = cells.some((c) => !c.control && c.accuracy?.fails);
  const verdict = inaccurate ? "regression" : verdictWithThresholds(step.verdict, cells);
  const notes = [...decisionNotes(input, cells), ...deciding.notes];
  if (input.stored && step.evidence === "paired")
    notes.push(...input.stored.notes.filter((n) => !deciding.notes.includes(n)));
  const acceptance = acceptanceOf(input.acceptance ?? null, { mode, verdict, cells });
  const fails = verdict === "regression" && !acceptance.acceptedRegression || verdict === "inconclusive" && gate.onInconclusive === "fail";
  return {
    method: step.evidence === "paired" ? "paired" : "stored",
    verdict,
    cells,
    notes,
    decision: verdict === step.verdict ? step.reason : overrideSentence(step, cells, gate),
    ...acceptance,
    exitCode: fails ? 1 : 0
  };
}
function acceptanceOf(request, results) {
  if (!request) return {};
  const refusal = acceptanceRefusal(results);
  if (refusal) return { acceptanceRefused: refusal };
  const cells = results.cells.filter((c) => !c.control && c.verdict === "regression").map((c) => c.cell);
  return { acceptedRegression: { ...request, cells } };
}

// src/gate/decision/loop.ts
function frozenReason(pairs2, blocks) {
  return `decided after ${pairs2} pairs (look ${blocks}); not measured in later blocks (adaptive blocks)`;
}
var Evidence = class {
  constructor(plan, now, log) {
    this.plan = plan;
    this.now = now;
    this.log = log;
  }
  plan;
  now;
  log;
  storedRuns = [];
  pairedRuns = [];
  stored = null;
  paired = null;
  blocks = 0;
  blockMs = [];
  /** Cells each paired block measured (for the budget: a block of fewer cells is shorter). */
  blockCells = [];
  /**
   * Gated cells decided (pass or regression after at least gate.rounds pairs), by cell id: they leave
   * the paired blocks and keep the verdict, interval and Holm-adjusted p of the look that decided them.
   */
  frozen = /* @__PURE__ */ new Map();
  get pairs() {
    return this.blocks * this.plan.gate.pairsPerBlock;
  }
  /** What the decision policy needs to choose the next step. */
  policyInput(startedAt) {
    const { gate } = this.plan;
    return {
      start: this.plan.method === "paired" ? "paired" : "stored",
      hasVariant: this.plan.hasVariant,
      stored: this.stored && { cells: this.stored.cells, runner: this.stored.runner },
      paired: this.paired && { cells: this.paired.cells, pairs: this.pairs, blocks: this.blocks },
      minPairs: gate.rounds,
      maxPairs: gate.maxRounds ?? gate.rounds * 4,
      pairsPerBlock: gate.pairsPerBlock,
      elapsedMs: this.now().getTime() - startedAt.getTime(),
      budgetMs: durationMs(gate.timeBudget),
      blockMs: this.blockMs,
      blockCells: this.blockCells,
      nextBlockCells: this.cellsToMeasure().length,
      decideRest: gate.onRegression === "decide-rest"
    };
  }
  /** Adaptive blocks (the default): decided cells leave the paired blocks. */
  get adaptive() {
    return this.plan.adaptive !== false;
  }
  /**
   * The cells the next paired block measures: every cell until one is decided; then the undecided
   * gated cells and the control cells of their scenarios (the controls keep serving as the runner's
   * noise monitor where something is still measured).
   */
  cellsToMeasure() {
    const cells = configCells(this.plan.config);
    if (this.frozen.size === 0) return cells;
    const control = new Set(this.plan.config.profiles.filter((p) => p.control).map((p) => p.name));
    const open2 = cells.filter(
      (c) => !control.has(c.profile) && !this.frozen.has(cellId(c.profile, c.scenario))
    );
    const scenarios = new Set(open2.map((c) => c.scenario));
    return cells.filter(
      (c) => control.has(c.profile) ? scenarios.has(c.scenario) : !this.frozen.has(cellId(c.profile, c.scenario))
    );
  }
  /** Adds the stored phase's runs; in gate mode, compares them with the baseline and checks the runner. */
  addStored(runs) {
    const { config, gate, baseline } = this.plan;
    this.storedRuns.push(...runs);
    if (this.plan.mode !== "gate") return;
    const compared = compareCells({
      runs: this.storedRuns,
      config,
      gate,
      baseline,
      method: "stored",
      now: this.now()
    });
    const runner = checkRunner({
      controlCells: compared.cells.filter((c) => c.control),
      threshold: gate.threshold,
      machine: this.plan.machine,
      baselineMachines: baseline?.nights.map((n) => n.machine) ?? []
    });
    this.stored = { ...compared, runner };
    this.log.info(
      `stored comparison: ${gatedVerdict(compared.cells)}; runner ${runner.status} (${runner.reasons.join("; ")})`
    );
  }
  /**
   * Adds one paired block's runs, how long it took and how many cells it measured, and compares every
   * block so far. Holm runs over the whole family at every look: a frozen cell measured nothing since
   * it was decided, so its raw p is the one of its deciding look; it then keeps that look's verdict,
   * interval and adjusted p. Undecided gated cells that this look decides (after at least gate.rounds
   * pairs) are frozen.
   */
  addBlock(runs, ms, cells) {
    const { config, gate, baseline } = this.plan;
    this.pairedRuns.push(...runs);
    this.blocks++;
    this.blockMs.push(ms);
    this.blockCells.push(cells ?? configCells(config).length);
    const compared = compareCells({
      runs: this.pairedRuns,
      config,
      gate,
      baseline,
      method: "paired",
      now: this.now()
    });
    this.paired = { ...compared, cells: compared.cells.map((c) => this.asFrozen(c)) };
    if (this.adaptive) this.freezeDecided();
    this.log.info(
      `after ${this.blocks} block(s): ${this.paired.cells.filter((c) => !c.control).map(cellProgress).join("; ")}`
    );
  }
  /**
   * A frozen cell as its deciding look saw it, saying why it has fewer pairs once later blocks ran
   * without it; any other cell as compared now.
   */
  asFrozen(cell) {
    const frozen = this.frozen.get(cell.cell);
    if (!frozen) return cell;
    const { comparison, pairs: pairs2, blocks } = frozen;
    return { ...comparison, reasons: [...comparison.reasons, frozenReason(pairs2, blocks)] };
  }
  /** Freezes the gated cells this look decided; leaves them all when the gate has one gated cell. */
  freezeDecided() {
    const cells = this.paired?.cells ?? [];
    const gated = cells.filter((c) => !c.control);
    if (gated.length < 2 || this.pairs < this.plan.gate.rounds) return;
    const decided = gated.filter(
      (c) => !this.frozen.has(c.cell) && (c.verdict === "pass" || c.verdict === "regression")
    );
    if (decided.length === 0) return;
    for (const c of decided)
      this.frozen.set(c.cell, { comparison: c, blocks: this.blocks, pairs: this.pairs });
    this.log.info(
      `decided, leaving the paired blocks: ${decided.map((c) => `${c.cell} ${c.verdict}`).join(", ")}`
    );
  }
};
function next(plan, evidence, startedAt) {
  if (plan.mode === "gate") return nextStep(evidence.policyInput(startedAt));
  return evidence.storedRuns.length === 0 ? { action: "measure-stored" } : {
    action: "stop",
    verdict: "pass",
    evidence: "none",
    reason: "baseline mode: measured, nothing compared"
  };
}
async function measureUntilDecided(input) {
  const { plan, measurer, onRun, onEvent } = input;
  const evidence = input.evidence ?? new Evidence(plan, input.now, input.log);
  for (; ; ) {
    const step = next(plan, evidence, input.startedAt);
    if (step.action === "stop") return { step, evidence };
    if (step.action === "measure-stored") {
      evidence.addStored(
        await measurer.storedPhase(plan.mode === "baseline" ? "baseline" : "stored", onRun, onEvent)
      );
    } else {
      const cells = evidence.cellsToMeasure();
      const all = configCells(plan.config).length;
      input.log.info(
        `paired block ${evidence.blocks + 1}: ${step.why}${cells.length < all ? ` (${cells.length} of ${all} cells: the undecided and their controls)` : ""}`
      );
      input.onBlock?.(evidence.blocks, cells.length);
      const block2 = await measurer.pairedBlock(evidence.blocks, step.why, cells, onRun, onEvent);
      evidence.addBlock(block2.runs, block2.ms, cells.length);
    }
  }
}

// src/stats/change-points.ts
var CHANGE_POINT_DEFAULTS = {
  alpha: 0.05,
  permutations: 199,
  maxChangePoints: 5,
  minSize: 3,
  seed: 1
};
function energyStatistics(values) {
  const n = values.length;
  const d = (i, j) => Math.abs(values[i] - values[j]);
  const stats = new Array(n).fill(0);
  let xy = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < n; i += 1) for (let j = i + 1; j < n; j += 1) y += d(i, j);
  for (let tau = 0; tau < n; tau += 1) {
    const left = tau;
    const right = n - tau;
    const xyAvg = left > 0 && right > 0 ? xy / (left * right) : 0;
    const xAvg = left > 0 ? 2 * x / (left * left) : 0;
    const yAvg = right > 0 ? 2 * y / (right * right) : 0;
    stats[tau] = left * right / n * (2 * xyAvg - xAvg - yAvg);
    let column = 0;
    for (let i = 0; i < tau; i += 1) column += d(i, tau);
    let row = 0;
    for (let j = tau + 1; j < n; j += 1) row += d(tau, j);
    xy += row - column;
    x += column;
    y -= row;
  }
  return stats;
}
function bestSplit(values, minSize) {
  if (values.length < 2 * minSize) return null;
  const stats = energyStatistics(values);
  let best = null;
  for (let tau = minSize; tau <= values.length - minSize; tau += 1) {
    if (!best || stats[tau] > best.q) best = { tau, q: stats[tau] };
  }
  return best;
}
function shuffleInPlace(items, random) {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}
function eDivisive(series, options = {}) {
  const o = { ...CHANGE_POINT_DEFAULTS, ...options };
  if (!(o.alpha > 0 && o.alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${o.alpha}`);
  if (!Number.isInteger(o.minSize) || o.minSize < 1)
    throw new RangeError(`minSize must be a positive integer, got ${o.minSize}`);
  if (series.some((v) => !Number.isFinite(v))) throw new RangeError("the series has a non-finite value");
  const random = seededRandom(o.seed);
  const found2 = [];
  while (found2.length < o.maxChangePoints) {
    const bounds = [0, ...[...found2].sort((a, b) => a - b), series.length];
    const segments = bounds.slice(0, -1).map((start, i) => series.slice(start, bounds[i + 1]));
    let best = null;
    segments.forEach((segment, i) => {
      const split = bestSplit(segment, o.minSize);
      if (split && (!best || split.q > best.q)) best = { at: bounds[i] + split.tau, q: split.q };
    });
    const candidate = best;
    if (!candidate || candidate.q <= 0) break;
    let asLarge = 0;
    for (let p = 0; p < o.permutations; p += 1) {
      let largest = Number.NEGATIVE_INFINITY;
      for (const segment of segments) {
        const shuffled = [...segment];
        shuffleInPlace(shuffled, random);
        const split = bestSplit(shuffled, o.minSize);
        if (split && split.q > largest) largest = split.q;
      }
      if (largest >= candidate.q) asLarge += 1;
      if ((asLarge + 1) / (o.permutations + 1) > o.alpha) break;
    }
    const pValue = (asLarge + 1) / (o.permutations + 1);
    if (pValue > o.alpha) break;
    found2.push(candidate.at);
  }
  return found2.sort((a, b) => a - b);
}
function cellNightSeries(baseline, cell, metric2) {
  const series = [];
  baseline.nights.forEach((night, index) => {
    const runs = night.runs.filter((run2) => run2.cell === cell);
    const measured2 = selectRuns(runs, metric2).measured;
    if (measured2.length === 0) return;
    series.push({
      night: index,
      createdAt: night.createdAt,
      gitSha: night.gitSha,
      logValue: mean(measured2.map((run2) => Math.log(run2.metrics[metric2])))
    });
  });
  return series;
}
function shiftSize(after, before, confidence) {
  return toRatio(tInterval(welchEstimate(after, before), confidence), confidence);
}
function cellChangePoints(cell, series, options = {}) {
  const confidence = options.confidence ?? 0.95;
  const minSize = Math.max(2, options.minSize ?? CHANGE_POINT_DEFAULTS.minSize);
  const values = series.map((s) => s.logValue);
  const indices = eDivisive(values, { ...options, minSize });
  const bounds = [0, ...indices, values.length];
  return indices.map((at, k) => {
    const before = values.slice(bounds[k], at);
    const after = values.slice(at, bounds[k + 2]);
    const last = k === indices.length - 1;
    let open2 = last;
    if (last && k > 0) {
      const earlier = values.slice(bounds[k - 1], bounds[k]);
      const back = shiftSize(after, earlier, confidence);
      open2 = !(back.lower <= 1 && back.upper >= 1);
    }
    const first = series[at];
    const previous = series[at - 1];
    return {
      cell,
      night: first.night,
      createdAt: first.createdAt,
      nightsBefore: before.length,
      nightsAfter: after.length,
      ratio: shiftSize(after, before, confidence),
      fromSha: previous.gitSha,
      toSha: first.gitSha,
      open: open2
    };
  });
}
function historyChangePoints(baseline, options = {}) {
  const cells = [...new Set(baseline.nights.flatMap((night) => night.runs.map((run2) => run2.cell)))];
  return cells.flatMap(
    (cell) => cellChangePoints(cell, cellNightSeries(baseline, cell, baseline.metric), options)
  );
}
function changePointReport(baseline, options = {}) {
  const o = { ...CHANGE_POINT_DEFAULTS, ...options };
  if (baseline.nights.length < 2 * o.minSize) return void 0;
  return {
    method: "e-divisive",
    metric: baseline.metric,
    alpha: o.alpha,
    permutations: o.permutations,
    minSize: o.minSize,
    nights: baseline.nights.length,
    points: historyChangePoints(baseline, o)
  };
}

// src/shard/record.ts
var PARTIAL_NOTE = "Partial results:";
function recordShard(results, shard) {
  return {
    ...results,
    shard: { ...shard, commit: results.gitSha },
    notes: [
      `${PARTIAL_NOTE} shard ${shard.index}/${shard.count}, ${shard.cells.length} of the gate's gated cells (${shard.cells.join(", ")}); its verdict is not the gate's until \`perf-gate merge\` (or the action's merge mode) joins every shard with Holm across all cells.`,
      ...results.notes
    ]
  };
}

// src/gate/run-gate.ts
function storedPhaseSkip(config, mode, baseline, machine) {
  if (mode !== "gate" || config.gate.method !== "auto" || !config.baselineVariant || !baseline) return null;
  const mismatch = fingerprintMismatch(
    machine,
    baseline.nights.map((n) => n.machine)
  );
  if (!mismatch) return null;
  return `this runner's machine differs from the stored baseline's (${mismatch}), so the stored baseline could not decide`;
}
function chooseMethod(config, mode, baseline, machine) {
  if (mode === "baseline") return "none";
  if (config.gate.method === "paired") return "paired";
  if (config.gate.method === "auto" && config.baselineVariant && !baseline) return "paired";
  if (machine && storedPhaseSkip(config, mode, baseline, machine) !== null) return "paired";
  return "stored";
}
function effectiveGate(config, threshold) {
  return { ...config.gate, ...threshold !== void 0 ? { threshold } : {} };
}
function storedSummary(cells, runner) {
  return {
    verdict: gatedVerdict(cells),
    runner,
    cells: cells.map((c) => ({
      cell: c.cell,
      control: c.control,
      verdict: c.verdict,
      changePct: c.changePct,
      ratio: c.ratio
    }))
  };
}
async function planGate(loaded, options, env) {
  const config = loaded.config;
  const gate = effectiveGate(config, options.threshold);
  const baselinePath = options.baselinePath ?? config.baseline.path;
  const baseline = await readBaseline(baselinePath, { name: config.name, metric: gate.metric });
  const machine = machineFingerprint(env);
  return {
    mode: options.mode,
    config,
    gate,
    baseline,
    baselinePath,
    method: chooseMethod(config, options.mode, baseline, machine),
    hasVariant: options.mode === "gate" && config.baselineVariant !== void 0 && gate.method !== "stored",
    machine,
    storedSkipped: storedPhaseSkip(config, options.mode, baseline, machine)
  };
}
function announce(p, measurer, log) {
  if (p.storedSkipped)
    log.info(`stored phase skipped: ${p.storedSkipped}; going straight to paired A/B blocks`);
  log.info(
    `k6 ${measurer.k6Version}; ${p.mode === "baseline" ? "baseline mode" : `starts ${p.method}${p.hasVariant && p.method === "stored" ? ", may escalate to paired A/B blocks" : ""}`}; ${p.config.profiles.length} profiles x ${p.config.scenarios.length} scenarios`
  );
  if (p.mode === "gate")
    for (const reason of cannotBlockReasons(p.config, {
      baselineExists: p.baseline !== null,
      baselinePath: p.baselinePath
    }))
      log.warning(`this config can never block: ${reason}`);
}
async function assembleResults({ p, measurer, evidence, step }, final, times, env, root) {
  const { config, gate, baseline } = p;
  const { stored } = evidence;
  const newest = baseline?.nights[baseline.nights.length - 1];
  const cannotBlock = p.mode === "gate" ? cannotBlockReasons(config, { baselineExists: baseline !== null, baselinePath: p.baselinePath }) : [];
  return {
    schemaVersion: 1,
    name: config.name,
    mode: p.mode,
    method: final.method,
    verdict: final.verdict,
    threshold: gate.threshold,
    confidence: gate.confidence,
    metric: gate.metric,
    startedAt: times.startedAt.toISOString(),
    finishedAt: times.finishedAt.toISOString(),
    gitSha: await currentGitSha(root, env),
    k6Version: measurer.k6Version,
    ...config.k6.flags.length > 0 ? { k6Flags: config.k6.flags } : {},
    machine: p.machine,
    baseline: baseline && newest && step.evidence !== "paired" ? {
      path: p.baselinePath,
      createdAt: newest.createdAt,
      gitSha: newest.gitSha,
      ageDays: baselineAgeDays(baseline, times.finishedAt)
    } : null,
    cells: final.cells,
    notes: [...final.notes, ...measurer.notes],
    evidence: step.evidence,
    decision: final.decision,
    ...cannotBlock.length > 0 ? { cannotBlock } : {},
    storedPhase: stored && step.evidence === "paired" ? storedSummary(stored.cells, stored.runner) : null,
    paired: evidence.blocks > 0 ? { blocks: evidence.blocks, pairs: evidence.pairs, pairing: gate.pairing } : null,
    wallTimeS: (times.finishedAt.getTime() - times.startedAt.getTime()) / 1e3,
    figures: figuresOf(config, final.cells, gate.confidence),
    ...final.acceptedRegression ? { acceptedRegression: final.acceptedRegression } : {}
  };
}
async function appendBaselineNight({ p, measurer }, results, runs, log) {
  const night = {
    createdAt: results.finishedAt,
    gitSha: results.gitSha,
    k6Version: measurer.k6Version,
    machine: p.machine,
    // Resource samples stay in results.json; the baseline keeps what comparisons need.
    runs: runs.filter((r) => !r.warmup).map((r) => ({ ...r, resources: [] }))
  };
  const updated = appendNight(
    p.baseline,
    night,
    { schemaVersion: 1, name: p.config.name, metric: p.gate.metric },
    p.gate.historyNights
  );
  await writeBaseline(p.baselinePath, updated);
  log.info(`baseline written to ${p.baselinePath} (${updated.nights.length} night(s) of history)`);
  return updated;
}
async function decideFinal({ p, evidence, step }, options, now) {
  const input = {
    mode: p.mode,
    step,
    stored: evidence.stored,
    paired: evidence.paired,
    measured: p.mode === "baseline" ? compareCells({
      runs: evidence.storedRuns,
      config: p.config,
      gate: p.gate,
      baseline: null,
      method: "none",
      now
    }) : null,
    storedSkipped: p.storedSkipped,
    scenarios: p.config.scenarios,
    gate: p.gate
  };
  const final = finalVerdict(input);
  if (p.mode !== "gate" || final.verdict !== "regression" || !options.acceptRegression) return final;
  const request = await options.acceptRegression();
  if (!request) return final;
  const accepted = finalVerdict({ ...input, acceptance: request });
  if (accepted.acceptanceRefused)
    options.log.warning(
      `${request.reason}, but the regression is not accepted: ${accepted.acceptanceRefused}`
    );
  if (accepted.acceptedRegression) options.log.warning(acceptanceText(accepted.acceptedRegression));
  return accepted;
}
async function runGate(loaded, options) {
  try {
    return await runGateMasked(loaded, { ...options, log: maskedLogger(options.log, loaded.interpolated) });
  } catch (error) {
    throw redactError(error, loaded.interpolated);
  }
}
async function runGateMasked(loaded, options) {
  const env = options.env ?? process.env;
  const now = options.now ?? (() => /* @__PURE__ */ new Date());
  const log = options.log;
  const startedAt = now();
  const p = await planGate(loaded, options, env);
  const measurer = await (options.measurer ?? dockerMeasurer)({
    plan: p,
    loaded,
    log,
    cleanup: options.cleanup ?? new Cleanup(),
    signal: options.signal,
    env,
    now,
    locateK6: options.locateK6
  });
  let measured2;
  try {
    announce(p, measurer, log);
    const journal = await Journal.start(options.outDir, {
      name: p.config.name,
      mode: p.mode,
      startedAt: startedAt.toISOString(),
      baselinePath: p.baseline ? p.baselinePath : null,
      config: { ...measurer.config, gate: p.gate },
      interpolated: loaded.interpolated
    });
    const start = p.mode === "baseline" ? "baseline" : p.method === "paired" ? "paired" : "stored";
    const progress = new Progress(estimateGate(p.config, start, p.hasVariant), p.gate, now, log);
    const { step, evidence } = await measureUntilDecided({
      plan: p,
      measurer,
      log,
      now,
      startedAt,
      onBlock: (block2, cells) => progress.block(block2, cells),
      onRun: async (run2) => {
        await journal.append(run2);
        progress.done(run2);
      },
      onEvent: async (event) => {
        await journal.event(event);
        progress.event(event);
      }
    });
    measured2 = { p, measurer, evidence, step };
  } finally {
    measurer.close();
  }
  const finishedAt = now();
  const final = await decideFinal(measured2, options, finishedAt);
  const assembled = maskInterpolated(
    await assembleResults(measured2, final, { startedAt, finishedAt }, env, loaded.root),
    loaded.interpolated
  );
  const results = options.shard ? recordShard(assembled, options.shard) : assembled;
  const history = p.mode === "baseline" ? await appendBaselineNight(
    measured2,
    results,
    maskInterpolated(measured2.evidence.storedRuns, loaded.interpolated),
    log
  ) : p.baseline;
  const changePoints = history ? changePointReport(history) : void 0;
  if (changePoints) results.changePoints = changePoints;
  const artifacts = await writeArtifacts(
    results,
    options.outDir,
    log,
    p.mode === "baseline" ? history ?? void 0 : void 0
  );
  return { results, artifacts, exitCode: final.exitCode };
}

// src/session.ts
import { createHash as createHash5 } from "node:crypto";
import { existsSync as existsSync8, readFileSync as readFileSync3, statSync as statSync5 } from "node:fs";
import { readdir as readdir2 } from "node:fs/promises";
import path22 from "node:path";

// src/shard/merge.ts
function mergeRefusals(partials, expectedCommit) {
  if (partials.length === 0) return ["no partial results given"];
  const problems = [];
  const sharded = partials.filter((p) => {
    if (p.results.shard) return true;
    problems.push(`${p.file}: not a partial result (no "shard" field): written by a run without --shard`);
    return false;
  });
  const first = sharded[0];
  if (!first) return problems;
  const f = first.results.shard;
  const same = [
    ["config digest", (p) => p.results.shard?.configDigest],
    ["commit", (p) => p.results.shard?.commit],
    ["mode", (p) => p.results.mode],
    ["event", (p) => p.results.shard?.event],
    ["shard count", (p) => p.results.shard?.count],
    ["config name", (p) => p.results.name],
    ["metric", (p) => p.results.metric]
  ];
  for (const p of sharded.slice(1)) {
    for (const [what, of] of same) {
      if (of(p) !== of(first))
        problems.push(
          `${p.file}: ${what} ${String(of(p))} differs from ${first.file}'s ${String(of(first))}: partials of different ${what === "commit" ? "commits" : "gates"} cannot be merged`
        );
    }
  }
  if (expectedCommit !== void 0 && f.commit !== expectedCommit)
    problems.push(
      `${first.file}: commit ${String(f.commit)} is not the commit this merge runs for (${expectedCommit}): partials of another run or push cannot be merged`
    );
  if (problems.length > 0) return problems;
  const seen = /* @__PURE__ */ new Map();
  for (const p of sharded) {
    const index = p.results.shard.index;
    const other = seen.get(index);
    if (other) problems.push(`${p.file}: shard ${index}/${f.count} is also in ${other} (a duplicated shard)`);
    else seen.set(index, p.file);
  }
  for (let i = 1; i <= f.count; i++)
    if (!seen.has(i))
      problems.push(
        `shard ${i}/${f.count} is missing: got ${[...seen.keys()].sort((a, b) => a - b).join(", ")} of ${f.count} (from ${sharded.map((p) => p.file).join(", ")})`
      );
  if (problems.length > 0) return problems;
  const owner = /* @__PURE__ */ new Map();
  for (const p of sharded) {
    const shard = p.results.shard;
    for (const cell of shard.cells) {
      const other = owner.get(cell);
      if (other) problems.push(`${p.file}: cell ${cell} is also in ${other} (each cell belongs to one shard)`);
      else owner.set(cell, p.file);
    }
    const held = p.results.cells.filter((c) => !c.control).map((c) => c.cell);
    const listed = new Set(shard.cells);
    const stray = held.filter((c) => !listed.has(c));
    const lacking = shard.cells.filter((c) => !held.includes(c));
    if (stray.length > 0 || lacking.length > 0)
      problems.push(
        `${p.file}: its gated cells do not match its shard's cell list${stray.length > 0 ? ` (not listed: ${stray.join(", ")})` : ""}${lacking.length > 0 ? ` (listed, not measured: ${lacking.join(", ")})` : ""}`
      );
  }
  return problems;
}
function gatedVerdict2(cells) {
  const gated = cells.filter((c) => !c.control);
  if (gated.length === 0) return "inconclusive";
  if (gated.some((c) => c.verdict === "regression")) return "regression";
  if (gated.some((c) => c.verdict === "inconclusive")) return "inconclusive";
  return "pass";
}
function mergedCells(cellsByShard, blockConfidence, layout) {
  const gated = cellsByShard.flatMap((cells) => cells.filter((c) => !c.control).map(beforeHolm));
  const controls = /* @__PURE__ */ new Map();
  for (const cells of cellsByShard)
    for (const c of cells) if (c.control && !controls.has(c.cell)) controls.set(c.cell, c);
  const corrected = applyHolm([...controls.values(), ...gated], blockConfidence).map((cell) => {
    if (cell.control) return cell;
    let verdict = cell.capacity ? cell.capacity.verdict : cell.arena ? cell.arena.verdict : cell.verdict;
    if (cell.accuracy?.fails || cell.scriptThresholds?.some((t) => t.fails)) verdict = "regression";
    return { ...cell, verdict };
  });
  return corrected.sort(layoutOrder(layout));
}
function layoutOrder(layout) {
  const byName = (a, b) => a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0;
  if (!layout)
    return (a, b) => a.control !== b.control ? a.control ? -1 : 1 : byName(a, b);
  const profile = new Map(layout.profiles.map((p, i) => [p.name, i]));
  const scenario = new Map(layout.scenarios.map((s, i) => [s, i]));
  const at = (map, key) => map.get(key) ?? Number.MAX_SAFE_INTEGER;
  return (a, b) => at(profile, a.profile) - at(profile, b.profile) || at(scenario, a.scenario) - at(scenario, b.scenario) || byName(a, b);
}
function joinedOverhead(parts) {
  const overhead = /* @__PURE__ */ new Map();
  for (const r of parts)
    for (const o of r.figures?.overhead ?? []) {
      const key = `${o.profile}\0${o.reference}\0${o.scenario}`;
      if (!overhead.has(key)) overhead.set(key, o);
    }
  return { reference: parts[0]?.figures?.reference ?? null, overhead: [...overhead.values()] };
}
function worstRunner(runners) {
  const rank = { same: 0, unknown: 1, differs: 2 };
  const worst = runners.reduce((a, b) => rank[b.status] > rank[a.status] ? b : a);
  return {
    status: worst.status,
    reasons: runners.flatMap((r, i) => r.reasons.map((x) => `shard ${i + 1}: ${x}`))
  };
}
function mergePartials(input, expectedCommit) {
  const problems = mergeRefusals(input, expectedCommit);
  if (problems.length > 0) throw new ConfigError(problems);
  const partials = [...input].sort(
    (a, b) => a.results.shard.index - b.results.shard.index
  );
  const parts = partials.map((p) => p.results);
  const first = parts[0];
  const shard = first.shard;
  const cells = mergedCells(
    parts.map((r) => r.cells),
    shard.blockConfidence,
    shard.layout
  );
  const verdict = first.mode === "baseline" ? "pass" : gatedVerdict2(cells);
  const method = parts.some((r) => r.method === "paired") ? "paired" : first.method;
  const evidence = parts.some((r) => r.evidence === "paired") ? "paired" : first.evidence;
  const startedAt = parts.map((r) => r.startedAt).sort()[0];
  const finishedAt = parts.map((r) => r.finishedAt).sort()[parts.length - 1];
  const results = {
    schemaVersion: 1,
    name: first.name,
    mode: first.mode,
    method,
    verdict,
    threshold: first.threshold,
    confidence: first.confidence,
    metric: first.metric,
    startedAt,
    finishedAt,
    gitSha: first.gitSha,
    k6Version: first.k6Version,
    ...first.k6Flags ? { k6Flags: first.k6Flags } : {},
    machine: first.machine,
    baseline: parts.find((r) => r.baseline)?.baseline ?? null,
    cells,
    notes: mergedNotes(parts, cells, shard.count),
    ...evidence ? { evidence } : {},
    decision: mergedDecision(verdict, cells, shard.count),
    ...first.cannotBlock ? { cannotBlock: first.cannotBlock } : {},
    storedPhase: mergedStoredPhase(parts),
    paired: mergedPaired(parts),
    // The shards ran side by side: the gate took as long as its slowest share.
    wallTimeS: Math.max(...parts.map((r) => r.wallTimeS ?? 0)),
    ...first.changePoints ? { changePoints: first.changePoints } : {},
    figures: mergedFigures(parts, cells, shard.layout, first.confidence)
  };
  const fails = first.mode === "gate" && (verdict === "regression" || verdict === "inconclusive" && shard.onInconclusive === "fail");
  return { results, fails };
}
function mergedNotes(parts, cells, count3) {
  const label = (r) => `shard ${r.shard.index}/${count3}`;
  const family = cells.filter((c) => !c.control && c.adjustedPValue !== null).length;
  const notes = [
    `Merged from ${count3} shards, each on its own runner; Holm applied once across the ${family} gated cell(s) with a p-value of all shards.`,
    ...parts.map(
      (r) => `${label(r)}: ${r.shard?.cells.length ?? 0} gated cell(s), partial verdict ${r.verdict}${r.decision ? ` (${r.decision})` : ""}${r.wallTimeS !== void 0 ? `, ${Math.round(r.wallTimeS)} s` : ""}, ${r.machine.cpus} x ${r.machine.cpuModel}.`
    )
  ];
  const seen = /* @__PURE__ */ new Set();
  for (const r of parts)
    for (const note of r.notes) {
      if (seen.has(note) || note.startsWith(PARTIAL_NOTE)) continue;
      seen.add(note);
      notes.push(`${label(r)}: ${note}`);
    }
  return notes;
}
function mergedDecision(verdict, cells, count3) {
  const regressed = cells.filter((c) => !c.control && c.verdict === "regression").map((c) => c.cell);
  const undecided3 = cells.filter((c) => !c.control && c.verdict === "inconclusive").map((c) => c.cell);
  return verdict === "regression" ? `${regressed.join(", ")} regressed (merged over ${count3} shards, Holm across all cells)` : verdict === "inconclusive" ? `still undecided: ${undecided3.join(", ") || "no gated cell"} (merged over ${count3} shards)` : `every gated cell passes (merged over ${count3} shards)`;
}
function mergedStoredPhase(parts) {
  const stored = parts.map((r) => r.storedPhase);
  if (!stored.every((s) => s)) return null;
  return {
    verdict: gatedVerdict2(stored.flatMap((s) => s?.cells ?? [])),
    runner: worstRunner(stored.map((s) => s.runner)),
    cells: stored.flatMap((s) => s?.cells ?? [])
  };
}
function mergedPaired(parts) {
  const paired = parts.map((r) => r.paired);
  return paired.every((p) => p) ? paired.reduce((a, b) => b.pairs < a.pairs ? b : a) : null;
}
function mergedFigures(parts, cells, layout, confidence) {
  const overhead = layout ? overheadFigures({
    cells,
    reference: layout.reference,
    confidence,
    hooks: Object.fromEntries(layout.profiles.map((p) => [p.name, p.hooks]))
  }) : joinedOverhead(parts);
  const payload = payloadFigures(cells, confidence);
  const resources = resourceFigures(cells, confidence);
  return {
    ...overhead,
    ...payload.length > 0 ? { payload } : {},
    ...resources.length > 0 ? { resources } : {}
  };
}

// src/session.ts
function configDigest(loaded, threshold) {
  const hash = createHash5("sha256");
  hash.update(readFileSync3(loaded.file));
  hash.update("\0");
  hash.update(JSON.stringify({ threshold: threshold ?? null, k6: loaded.config.k6 }));
  return hash.digest("hex");
}
function gateSession(loaded, spec, settings) {
  if (!spec) return { loaded };
  const config = narrowToShare(loaded.config, spec, settings.what);
  return {
    loaded: { ...loaded, config },
    shard: {
      index: spec.index,
      count: spec.count,
      configDigest: configDigest(loaded, settings.threshold),
      event: settings.event,
      cells: shareOf(loaded.config, spec).gated.map((c) => `${c.profile}/${c.scenario}`),
      blockConfidence: loaded.config.gate.blockConfidence,
      onInconclusive: loaded.config.gate.onInconclusive,
      layout: {
        profiles: loaded.config.profiles.map((p) => ({
          name: p.name,
          ...p.hooks !== void 0 ? { hooks: p.hooks } : {}
        })),
        scenarios: loaded.config.scenarios.map((s) => s.name),
        reference: loaded.config.report.reference ?? null
      }
    }
  };
}
function checkSessionBaseline(session, file, named) {
  const { config } = session.loaded;
  return checkBaseline(file, { name: config.name, metric: config.gate.metric }, named);
}
async function runSession(session, options) {
  const { acceptRegression: acceptRegression2, ...rest } = options;
  const outcome = await runGate(session.loaded, {
    ...rest,
    shard: session.shard,
    ...acceptRegression2 && !session.shard ? { acceptRegression: acceptRegression2 } : {}
  });
  return session.shard ? { ...outcome, exitCode: 0 } : outcome;
}
function eventName(env) {
  const name2 = env.GITHUB_EVENT_NAME;
  return name2 && /^[a-z_]{1,64}$/.test(name2) ? name2 : "local";
}
async function partialFiles(targets, what) {
  const files = [];
  for (const target of targets) {
    const info = existsSync8(target) ? statSync5(target) : null;
    if (!info) throw new ConfigError([`${what}: ${target}: not found`]);
    if (!info.isDirectory()) {
      files.push(target);
      continue;
    }
    const direct = path22.join(target, "results.json");
    if (existsSync8(direct)) {
      files.push(direct);
      continue;
    }
    const inside = (await readdir2(target, { withFileTypes: true })).filter((e) => e.isDirectory() && existsSync8(path22.join(target, e.name, "results.json"))).map((e) => path22.join(target, e.name, "results.json")).sort();
    if (inside.length === 0)
      throw new ConfigError([`${what}: ${target}: no results.json in it or in the folders inside it`]);
    files.push(...inside);
  }
  return files;
}
async function mergeSession(files, options) {
  const partials = [];
  for (const file of files) partials.push({ file, results: await readResults(file, options.what) });
  const merged = mergePartials(partials, options.expectedCommit);
  let results = merged.results;
  if (results.verdict === "regression" && options.acceptRegression) {
    const request = await options.acceptRegression();
    const refusal = request ? acceptanceRefusal(results) : null;
    if (request && refusal)
      options.log.warning(`${request.reason}, but the regression is not accepted: ${refusal}`);
    else if (request) {
      results = acceptRegression(results, request);
      if (results.acceptedRegression) options.log.warning(acceptanceText(results.acceptedRegression));
    }
  }
  const artifacts = await writeArtifacts(results, options.outDir, options.log);
  const fails = merged.fails && !(results.verdict === "regression" && results.acceptedRegression);
  return { results, artifacts, exitCode: fails ? 1 : 0 };
}

export {
  endProcess,
  ExitCode,
  ConfigError,
  InfrastructureError,
  describeFailure,
  expandedConfigSchema,
  k6FlagProblem,
  splitK6Flags,
  K6_VERSION_PATTERN,
  normalizeK6Version,
  parseHostList,
  parseThreshold,
  parseShard,
  SHARD_FORMAT,
  makeDirectory,
  hidden,
  configCells,
  parseConfig,
  loadConfig,
  summarize,
  welchEstimate,
  tInterval,
  toRatio,
  trustedPath,
  K6_VERSION,
  findK6,
  scenarioEnv,
  scriptPath,
  decidingChangePct,
  builtInLoadKind,
  kindOf,
  estimateGate,
  sessionsPerPhase,
  formatSeconds,
  loadGateConfig,
  readVegaLibraries,
  verdictOutput,
  headline,
  renderTrendPage,
  prepareOutDir,
  writeArtifacts,
  MAX_REASON_CHARS,
  labelAcceptance,
  flagAcceptance,
  isHttpError,
  tryGitHub,
  publishAssets,
  createOctokit,
  pullRequestLabels,
  findCompose,
  disableReaperUnlessSet,
  guardInterrupts,
  jsonSyntaxReason,
  parseUntrustedResults,
  publish,
  readResults,
  readBaseline,
  cannotBlockReasons,
  machineFingerprint,
  budgetWarning,
  compareCells,
  figuresOf,
  planSchedule,
  planPlacement,
  ECHO_IMAGE,
  hasTaskset,
  JOURNAL_FILE,
  readJournal,
  gatedVerdict,
  changePointReport,
  storedPhaseSkip,
  chooseMethod,
  gateSession,
  checkSessionBaseline,
  runSession,
  eventName,
  partialFiles,
  mergeSession
};
