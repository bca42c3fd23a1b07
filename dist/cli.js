#!/usr/bin/env node
import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url); const __filename = import.meta.filename; const __dirname = import.meta.dirname;
import {
  Command,
  CommanderError,
  InvalidArgumentError,
  Option
} from "./chunks/chunk-U5P72HHF.js";
import {
  ConfigError,
  ECHO_IMAGE,
  ExitCode,
  InfrastructureError,
  JOURNAL_FILE,
  K6_VERSION,
  MAX_REASON_CHARS,
  SHARD_FORMAT,
  budgetWarning,
  builtInLoadKind,
  cannotBlockReasons,
  changePointReport,
  checkSessionBaseline,
  chooseMethod,
  compareCells,
  configCells,
  describeFailure,
  disableReaperUnlessSet,
  endProcess,
  estimateGate,
  eventName,
  expandedConfigSchema,
  figuresOf,
  findCompose,
  findK6,
  flagAcceptance,
  formatSeconds,
  gateSession,
  gatedVerdict,
  guardInterrupts,
  hasTaskset,
  headline,
  jsonSyntaxReason,
  kindOf,
  loadConfig,
  loadGateConfig,
  machineFingerprint,
  makeDirectory,
  mergeSession,
  parseConfig,
  parseHostList,
  parseShard,
  parseThreshold,
  parseUntrustedResults,
  partialFiles,
  planPlacement,
  planSchedule,
  prepareOutDir,
  readBaseline,
  readJournal,
  readVegaLibraries,
  renderTrendPage,
  runSession,
  scenarioEnv,
  scriptPath,
  sessionsPerPhase,
  storedPhaseSkip,
  summarize,
  tInterval,
  toRatio,
  trustedPath,
  verdictOutput,
  welchEstimate,
  writeArtifacts
} from "./chunks/chunk-K7JAIHFC.js";
import {
  require_build,
  require_dist
} from "./chunks/chunk-HKIATO7U.js";
import "./chunks/chunk-QQBD5VOR.js";
import {
  __toESM
} from "./chunks/chunk-X43ZVNN6.js";

// src/cli-logger.ts
function consoleLogger(write = (line) => process.stderr.write(`${line}
`)) {
  let depth = 0;
  const indent = () => "  ".repeat(depth);
  return {
    info: (message) => write(`${indent()}${message}`),
    warning: (message) => write(`${indent()}warning: ${message}`),
    async group(name, fn) {
      write(`${indent()}== ${name}`);
      const began = Date.now();
      depth++;
      try {
        return await fn();
      } finally {
        depth--;
        write(`${indent()}   (${((Date.now() - began) / 1e3).toFixed(1)}s)`);
      }
    }
  };
}

// src/cli/failure-text.ts
function failureText(error) {
  const failure = describeFailure(error);
  if (error instanceof ConfigError && error.locations.some((l) => l !== void 0)) {
    const lines = error.problems.map((problem, i) => {
      const at = error.locations[i];
      return at && !problem.includes(`:${at.line}:${at.column}: `) ? `${problem} (line ${at.line}, column ${at.column})` : problem;
    });
    return { text: `perf-gate: ${lines.join("\n")}
`, exitCode: failure.exitCode };
  }
  return { text: `perf-gate: ${failure.message}
`, exitCode: failure.exitCode };
}

// src/cli/help.ts
var EXIT_CODES_HELP = `
Exit codes:
  ${ExitCode.Pass}  pass (also: inconclusive with gate.onInconclusive: warn; --accept-regression); other verbs: success
  ${ExitCode.Regression}  regression (or inconclusive with gate.onInconclusive: fail)
  ${ExitCode.InvalidInput}  invalid input: config, results file, option or argument (nothing was started)
  ${ExitCode.Infrastructure}  infrastructure failure: Docker, k6, an image or a service that did not start
`;

// src/cli/json-summary.ts
function jsonSummary(results, paths) {
  return {
    verdict: verdictOutput(results),
    gateVerdict: results.verdict,
    acceptedRegression: results.acceptedRegression ?? null,
    mode: results.mode,
    method: results.method,
    metric: results.metric,
    threshold: results.threshold,
    confidence: results.confidence,
    regressed: results.cells.filter((c) => !c.control && c.verdict === "regression").map((c) => c.cell),
    cells: results.cells.map((c) => ({
      cell: c.cell,
      control: c.control,
      verdict: c.verdict,
      ratio: c.ratio,
      changePct: c.changePct,
      candidateMs: c.candidate.median,
      baselineMs: c.baseline?.median ?? null,
      errorRate: c.errorRate.candidate
    })),
    paths: {
      results: paths.resultsPath,
      report: paths.reportPath,
      html: paths.htmlPath,
      charts: paths.charts?.map((c) => c.pngPath)
    }
  };
}

// src/cli/merge-verb.ts
function reasonOption(value) {
  const reason = value.trim();
  if (reason === "" || reason.length > MAX_REASON_CHARS)
    throw new InvalidArgumentError(
      `expected why the regression is accepted, 1 to ${MAX_REASON_CHARS} characters`
    );
  return reason;
}
function registerMerge(program, ctx) {
  program.command("merge").description("join the partial results of run --shard i/N into one verdict, report and results.json").argument("<partials...>", "partial results.json files, or folders holding them").option("-o, --out <dir>", "where the merged report.md and results.json go", "perf-gate-results").option("--accept-regression <reason>", "accept a regression on purpose: reported, exit 0", reasonOption).option("--json", "print one JSON summary on stdout (logs stay on stderr)").action(async (targets, opts) => {
    const files = await partialFiles(targets, "merge");
    const outDir = await prepareOutDir(opts.out, "--out", { root: process.cwd() });
    const outcome = await mergeSession(files, {
      outDir,
      log: ctx.log,
      what: "merge",
      acceptRegression: opts.acceptRegression !== void 0 ? async () => flagAcceptance(opts.acceptRegression) : void 0
    });
    ctx.setExitCode(outcome.exitCode);
    const { results, artifacts } = outcome;
    if (opts.json) {
      ctx.stdout(`${JSON.stringify(jsonSummary(results, artifacts))}
`);
      return;
    }
    const regressed = results.cells.filter((c) => !c.control && c.verdict === "regression").map((c) => c.cell);
    ctx.stdout(
      `perf-gate verdict: ${verdictOutput(results).toUpperCase()} (merged ${files.length} shards)` + (regressed.length > 0 ? ` (regressed: ${regressed.join(", ")})` : "") + `
report: ${artifacts.reportPath}
results: ${artifacts.resultsPath}
`
    );
  });
}

// src/cli/run-verb.ts
import { availableParallelism } from "node:os";

// src/config/config-file.ts
import { existsSync } from "node:fs";
import path from "node:path";
var DEFAULT_CONFIG_FILE = "perf-gate.yml";
function configFile(given, cwd = ".", options = {}) {
  if (given !== void 0) return given;
  const file = path.join(cwd, DEFAULT_CONFIG_FILE);
  if (existsSync(file)) return file;
  if (options.optional) return void 0;
  throw new ConfigError([
    `no --config given and no ${DEFAULT_CONFIG_FILE} in ${path.resolve(cwd)}: pass --config FILE, or write one with "perf-gate init --image IMAGE" (or "perf-gate init --compose FILE")`
  ]);
}

// src/cli/dry-run.ts
function describeDryRun(loaded, baseline, baselinePath, mode, placement, shard) {
  const { config } = loaded;
  const method = chooseMethod(config, mode, baseline, machineFingerprint());
  const paired = mode === "gate" && config.baselineVariant !== void 0 && config.gate.method !== "stored";
  const plan = {
    config,
    mode,
    baseline,
    baselinePath,
    skipped: storedPhaseSkip(config, mode, baseline, machineFingerprint()),
    method,
    paired,
    estimate: estimateGate(
      config,
      mode === "baseline" ? "baseline" : method === "paired" ? "paired" : "stored",
      paired
    )
  };
  const lines = [
    `perf-gate dry run: ${loaded.file} (valid; nothing started)`,
    ...shard ? [
      `shard ${shard.index}/${shard.count}: this runner measures the cells below (gated cells dealt round-robin by name; controls follow their scenarios); join the partial results with perf-gate merge`
    ] : [],
    ...cellLines(config),
    startLine(plan),
    ...phaseLines(plan),
    etaLine(plan),
    ...budgetLines(plan, shard?.whole),
    ...placement ? [placement.summary] : [],
    firstRoundLine(plan)
  ];
  return `${lines.join("\n")}
`;
}
function cellLines(config) {
  const lines = [];
  const control = new Set(config.profiles.filter((p) => p.control).map((p) => p.name));
  const cells = configCells(config).map(
    (c) => `${c.profile}/${c.scenario}${control.has(c.profile) ? " [control]" : ""}`
  );
  lines.push(`cells: ${cells.length} (${cells.join(", ")})`);
  const swept = [...new Set(config.scenarios.flatMap((s) => s.sweep ? [s.sweep.scenario] : []))];
  if (swept.length > 0)
    lines.push(
      `sweeps: ${swept.map((name) => `${name} (${config.scenarios.filter((s) => s.sweep?.scenario === name).length} levels)`).join(", ")}`
    );
  if (config.gate.isolation !== "shared")
    lines.push(
      `isolation: ${config.gate.isolation}: ${sessionsPerPhase(config)} fresh stack(s) (start + setup) per phase or paired block`
    );
  return lines;
}
function startLine({
  config,
  mode,
  baseline,
  baselinePath,
  skipped,
  method,
  paired,
  estimate
}) {
  const gate = config.gate;
  if (mode === "baseline")
    return `baseline mode: ${estimate.stored?.runs ?? 0} runs on one stack, then a night appended to ${baselinePath} (${baseline ? `${baseline.nights.length} night(s) so far` : "a new file"})`;
  if (method === "stored")
    return `starts: stored comparison against ${baselinePath} (${baseline ? `${baseline.nights.length} night(s)` : "no baseline file yet: every cell inconclusive"}); ` + (paired ? `escalates to paired A/B blocks (${gate.pairing}, ${gate.pairsPerBlock} pair(s) per block) unless it can decide alone` : "no baselineVariant: a stored result that cannot decide stays inconclusive");
  return `starts: paired A/B blocks (${gate.pairing}, ${gate.pairsPerBlock} pair(s) per block, fresh stacks each)` + (skipped ? `; stored phase skipped: ${skipped}` : "");
}
function phaseLines({ config, estimate }) {
  const gate = config.gate;
  const lines = [];
  if (estimate.stored) {
    lines.push(
      `stored phase: one stack, ${estimate.stored.runs} k6 runs (${gate.warmupRounds} warm-up + ${gate.rounds} rounds x ${estimate.cells} cells), about ${formatSeconds(estimate.stored.seconds)}`
    );
  }
  if (estimate.block) {
    lines.push(
      `paired blocks: ${estimate.minBlocks} to ${estimate.maxBlocks} (gate.rounds ${gate.rounds} to gate.maxRounds ${gate.maxRounds ?? gate.rounds * 4} pairs), ${estimate.block.processes} k6 process(es) each, about ${formatSeconds(estimate.block.seconds)} per block${estimate.block.warmupS > 0 ? ` (warm-up ${gate.blockWarmup === "auto" ? "at least " : ""}${formatSeconds(estimate.block.warmupS)} of it)` : ""}`
    );
  }
  return lines;
}
function etaLine({ config, mode, estimate }) {
  const gate = config.gate;
  const eta = [];
  if (mode === "gate" && estimate.storedOnlyS !== null && estimate.block)
    eta.push(`${formatSeconds(estimate.storedOnlyS)} if the stored baseline decides alone`);
  eta.push(
    estimate.block ? `${formatSeconds(estimate.expectedS)} if decided at ${gate.rounds} pairs (usual)` : formatSeconds(estimate.expectedS)
  );
  if (estimate.block) eta.push(`at most ${formatSeconds(estimate.worstS)} (time budget ${gate.timeBudget})`);
  return `ETA: ${eta.join("; ")}`;
}
function budgetLines({ config, mode, method, paired, estimate }, whole) {
  if (mode !== "gate") return [];
  const start = method === "paired" ? "paired" : "stored";
  const warning = whole ? estimate.block && estimate.expectedS > estimate.budgetS ? budgetWarning(whole, start, paired) : null : budgetWarning(config, start, paired);
  return warning ? [`warning: ${warning}`] : [];
}
function firstRoundLine({ config, method }) {
  const first = planSchedule({
    profiles: config.profiles.map((p) => p.name),
    scenarios: config.scenarios.map((s) => s.name),
    cells: configCells(config),
    rounds: 1,
    warmupRounds: 0,
    seed: config.gate.seed,
    paired: method === "paired"
  });
  return `first round (seed ${config.gate.seed}): ${first.map((r) => `${r.cell}${method === "paired" ? ` [${r.variant}]` : ""}`).join(" -> ")}`;
}

// src/cli/workflow-flags.ts
var CONFIG_HELP = `the config file (default: ${DEFAULT_CONFIG_FILE} in the current directory)`;
function hostOption(value, previous = []) {
  const { hosts, invalid } = parseHostList(value);
  if (invalid.length > 0 || hosts.length === 0)
    throw new InvalidArgumentError("expected host names or IP addresses (no scheme, port or path)");
  return [.../* @__PURE__ */ new Set([...previous, ...hosts])];
}
var ALLOW_PATHS_HELP = "read files, build contexts and k6 scripts outside the config's folder and the working directory (never /proc, /sys, /dev)";
var ALLOW_HOST_HELP = "a host setup, readiness and targets may call besides the stack's services (repeatable)";
function withTrustFlags(command) {
  return command.option("--allow-paths-outside-repo", ALLOW_PATHS_HELP).option("--allow-host <host>", ALLOW_HOST_HELP, hostOption);
}
function loadOptions(opts) {
  return {
    root: process.cwd(),
    allowPathsOutsideRepo: opts.allowPathsOutsideRepo === true,
    allowedHosts: opts.allowHost ?? []
  };
}

// src/cli/run-verb.ts
function thresholdOption(value) {
  const parsed = parseThreshold(value);
  if (parsed === null)
    throw new InvalidArgumentError("expected a fraction such as 0.1 or a percentage such as 10%");
  return parsed;
}
function shardOption(value) {
  const spec = parseShard(value);
  if (!spec) throw new InvalidArgumentError(`expected ${SHARD_FORMAT}`);
  return spec;
}
function acceptReasonOption(value) {
  const reason = value.trim();
  if (reason === "" || reason.length > MAX_REASON_CHARS)
    throw new InvalidArgumentError(
      `expected why the regression is accepted, 1 to ${MAX_REASON_CHARS} characters (e.g. "adds JWT validation on purpose")`
    );
  return reason;
}
function registerRun(program, ctx) {
  withTrustFlags(
    program.command("run").description("start the stack, run the k6 scenarios, compare with the baseline, write the report").option("-c, --config <file>", CONFIG_HELP).addOption(
      new Option("-m, --mode <mode>", "gate or baseline").choices(["gate", "baseline"]).default("gate")
    ).option("-o, --out <dir>", "where report.md and results.json go", "perf-gate-results").option("-t, --threshold <threshold>", "overrides gate.threshold (0.1 or 10%)", thresholdOption).option("-b, --baseline <file>", "overrides the baseline file path").option(
      "--accept-regression <reason>",
      "accept a regression on purpose: still measured and reported, exit 0, the reason in the report",
      acceptReasonOption
    ).option("--json", "print one JSON summary on stdout (logs stay on stderr)").option("--dry-run", "check everything, print the cells, the schedule and an ETA, start nothing").option(
      "--shard <i/N>",
      "measure share i of N of the gated cells (for a CI matrix); join the partial results with perf-gate merge",
      shardOption
    )
  ).action((opts) => run(opts, ctx));
}
async function run(opts, ctx) {
  const whole = loadGateConfig(configFile(opts.config), process.env, loadOptions(opts));
  const session = sessionOf(whole, opts);
  const baselinePath = opts.baseline ?? session.loaded.config.baseline.path;
  const baseline = await checkSessionBaseline(session, baselinePath, {
    explicit: opts.baseline !== void 0,
    what: opts.baseline ? "--baseline" : "baseline.path"
  });
  if (opts.dryRun) {
    const placement = planPlacement(session.loaded.config, availableParallelism(), hasTaskset());
    const shard = opts.shard ? { ...opts.shard, whole: whole.config } : void 0;
    ctx.stdout(describeDryRun(session.loaded, baseline, baselinePath, opts.mode, placement, shard));
    return;
  }
  const outDir = await prepareOutDir(opts.out, "--out", { root: process.cwd() });
  const guard = guardInterrupts(ctx.log);
  try {
    const outcome = await runSession(session, {
      mode: opts.mode,
      outDir,
      threshold: opts.threshold,
      baselinePath: opts.baseline,
      log: ctx.log,
      cleanup: guard.cleanup,
      signal: guard.signal,
      ...opts.acceptRegression !== void 0 ? { acceptRegression: async () => flagAcceptance(opts.acceptRegression) } : {}
    });
    ctx.setExitCode(outcome.exitCode);
    ctx.stdout(outcomeText(outcome, opts.json === true));
  } finally {
    guard.dispose();
  }
}
function sessionOf(whole, opts) {
  if (opts.shard && opts.mode !== "gate")
    throw new ConfigError(["--shard: only a gate is sharded (--mode gate), not --mode baseline"]);
  return gateSession(whole, opts.shard, {
    threshold: opts.threshold,
    event: eventName(process.env),
    what: "--shard"
  });
}
function outcomeText({ results, artifacts }, json) {
  return json ? `${JSON.stringify(jsonSummary(results, artifacts))}
` : `${headline(results, "terminal")}
report: ${artifacts.reportPath}
results: ${artifacts.resultsPath}
`;
}

// src/cli/validate-verb.ts
import { existsSync as existsSync2 } from "node:fs";
function registerValidate(program, ctx) {
  withTrustFlags(
    program.command("validate").description("check a config file and exit (2 when invalid)").option("-c, --config <file>", CONFIG_HELP)
  ).action((opts) => {
    const file = configFile(opts.config);
    const { config, compose } = loadGateConfig(file, process.env, loadOptions(opts));
    ctx.stdout(
      `${file}: valid (${config.stack ? `compose file ${config.stack.compose}` : `${Object.keys(config.services).length} services`}, ${config.profiles.length} profiles, ${config.scenarios.length} scenarios)
` + // Which documents the stack allowlist saw: without a Compose binary, only the file itself.
      (compose ? `compose file checked on: ${compose.evaluation}
` : "")
    );
    for (const warning of validWarnings(config)) ctx.stdout(`warning: ${warning}
`);
  });
}
function validWarnings(config) {
  const baselinePath = config.baseline.path;
  const reasons = cannotBlockReasons(config, { baselineExists: existsSync2(baselinePath), baselinePath });
  const paired = config.baselineVariant !== void 0 && config.gate.method !== "stored";
  const start = config.gate.method === "paired" || !existsSync2(baselinePath) ? "paired" : "stored";
  const budget = budgetWarning(config, start, paired);
  return [
    ...reasons.map((reason) => `this config can never block a pull request: ${reason}`),
    ...budget ? [budget] : []
  ];
}

// src/cli/verbs.ts
import path7 from "node:path";

// src/cli/compare-results.ts
function measuredValues(cell, metric) {
  return cell.runs.filter((r) => r.variant === "candidate" && !r.warmup && r.valid && r.metrics.requests > 0).map((r) => r.metrics[metric]).filter((v) => Number.isFinite(v) && v > 0);
}
function cellEstimate(cell, metric, confidence) {
  const values = measuredValues(cell, metric);
  if (values.length > 0) {
    const s = summarize(values, confidence);
    return {
      side: { estimate: s.mean, lower: s.lower, upper: s.upper, n: s.n, interval: s.n >= 2 },
      logs: values.map(Math.log)
    };
  }
  if (cell.metric !== metric || cell.candidate.n === 0 || !(cell.candidate.mean > 0)) return null;
  const c = cell.candidate;
  const interval = c.n >= 2 && c.interval !== "none";
  return {
    side: {
      estimate: c.mean,
      lower: interval ? c.lower : c.mean,
      upper: interval ? c.upper : c.mean,
      n: 0,
      interval
    },
    logs: []
  };
}
function compareResults(a, b, metric = "p95") {
  const confidence = a.confidence;
  const inB = new Map(b.cells.map((c) => [c.cell, c]));
  const inA = new Set(a.cells.map((c) => c.cell));
  const cells = [];
  for (const cellA of a.cells) {
    const cellB = inB.get(cellA.cell);
    if (!cellB) continue;
    const ea = cellEstimate(cellA, metric, confidence);
    const eb = cellEstimate(cellB, metric, confidence);
    if (!ea || !eb) continue;
    const point = eb.side.estimate / ea.side.estimate;
    const ratio = ea.logs.length >= 2 && eb.logs.length >= 2 ? { ...toRatio(tInterval(welchEstimate(eb.logs, ea.logs), confidence), confidence), interval: true } : { estimate: point, lower: point, upper: point, interval: false };
    cells.push({
      cell: cellA.cell,
      a: ea.side,
      b: eb.side,
      ratio: { estimate: ratio.estimate, lower: ratio.lower, upper: ratio.upper, interval: ratio.interval },
      changePct: (ratio.estimate - 1) * 100,
      confidence
    });
  }
  return {
    metric,
    confidence,
    cells,
    onlyInA: a.cells.filter((c) => !inB.has(c.cell)).map((c) => c.cell),
    onlyInB: b.cells.filter((c) => !inA.has(c.cell)).map((c) => c.cell)
  };
}
function pad(cells, widths, rightAligned) {
  return cells.map((text, i) => rightAligned[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
}
var signed = (pct) => `${pct >= 0 ? "+" : ""}${pct.toFixed(1)}%`;
function formatSide(side) {
  const value = side.estimate.toFixed(2);
  if (side.interval) return `${value} [${side.lower.toFixed(2)}, ${side.upper.toFixed(2)}]`;
  return side.n === 1 ? `${value} (1 run)` : `${value} (no interval)`;
}
function formatComparison(comparison, labelA, labelB) {
  const metric = comparison.metric.toUpperCase();
  const header = ["cell", `${metric} a (ms)`, `${metric} b (ms)`, "b/a", "change"];
  const rows = comparison.cells.map((c) => [
    c.cell,
    formatSide(c.a),
    formatSide(c.b),
    c.ratio.interval ? `${c.ratio.estimate.toFixed(3)} [${c.ratio.lower.toFixed(3)}, ${c.ratio.upper.toFixed(3)}]` : `${c.ratio.estimate.toFixed(3)} (no interval)`,
    c.ratio.interval ? `${signed(c.changePct)} [${signed((c.ratio.lower - 1) * 100)}, ${signed((c.ratio.upper - 1) * 100)}]` : signed(c.changePct)
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const right = [false, true, true, true, true];
  const pct = Math.round(comparison.confidence * 1e3) / 10;
  const lines = [
    `a: ${labelA}`,
    `b: ${labelB}`,
    `${metric}: geometric mean over the measured runs [${pct}% confidence interval]; b/a: Welch t interval on the log scale; "no interval" below 2 runs`,
    "",
    pad(header, widths, right)
  ];
  lines.push(
    pad(
      widths.map((w) => "-".repeat(w)),
      widths,
      right
    )
  );
  for (const row of rows) lines.push(pad(row, widths, right));
  if (rows.length === 0) lines.push("(no cell in common)");
  if (comparison.onlyInA.length > 0) lines.push("", `only in a: ${comparison.onlyInA.join(", ")}`);
  if (comparison.onlyInB.length > 0) lines.push("", `only in b: ${comparison.onlyInB.join(", ")}`);
  return `${lines.join("\n")}
`;
}

// src/cli/doctor.ts
var import_testcontainers = __toESM(require_build(), 1);
import os from "node:os";
import { performance } from "node:perf_hooks";
import { existsSync as existsSync3 } from "node:fs";

// src/cli/init-config.ts
var import_yaml = __toESM(require_dist(), 1);
import path2 from "node:path";
var KNOWN_GATEWAYS = [
  { name: "Kong", pattern: /(^|\/)kong(:|$)/, proxyPort: 8e3, health: { port: 8001, path: "/status" } },
  { name: "Envoy", pattern: /envoy/, proxyPort: 1e4, health: { port: 9901, path: "/ready" } },
  { name: "KrakenD", pattern: /krakend/, proxyPort: 8080, health: { port: 8080, path: "/__health" } },
  { name: "Tyk", pattern: /tyk-gateway/, proxyPort: 8080, health: { port: 8080, path: "/hello" } },
  { name: "Apache APISIX", pattern: /apisix/, proxyPort: 9080 },
  { name: "Traefik", pattern: /traefik/, proxyPort: 80 },
  { name: "HAProxy", pattern: /haproxy/, proxyPort: 80 },
  { name: "nginx", pattern: /nginx/, proxyPort: 80 }
];
var ECHO_PORT = 8080;
function knownGateway(image) {
  const lower = image.toLowerCase();
  return KNOWN_GATEWAYS.find((g) => g.pattern.test(lower));
}
function exposedTcpPorts(exposed) {
  return Object.keys(exposed ?? {}).map((key) => /^(\d+)\/tcp$/.exec(key)?.[1]).filter((p) => p !== void 0).map(Number).sort((a, b) => a - b);
}
function factsForImage(image, exposedPorts) {
  const known = knownGateway(image);
  const ports = exposedPorts.length > 0 ? [...exposedPorts] : known ? [known.proxyPort] : [];
  if (ports.length === 0) {
    throw new ConfigError([
      `image ${image}: exposes no TCP port; pass a compose file or write the config by hand`
    ]);
  }
  return {
    source: `image ${image}`,
    gateway: "gateway",
    services: { gateway: { image, ports, env: {}, dependsOn: [] } }
  };
}
function dockerfileExposedPorts(text) {
  const ports = [];
  for (const line of text.split("\n")) {
    const match = /^\s*EXPOSE\s+(.+)$/i.exec(line);
    if (!match) continue;
    for (const word of match[1].trim().split(/\s+/)) {
      const port = /^(\d+)(?:\/tcp)?$/i.exec(word)?.[1];
      if (port !== void 0 && Number(port) >= 1 && Number(port) <= 65535) ports.push(Number(port));
    }
  }
  return [...new Set(ports)];
}
function factsForDockerfile(input) {
  const exposed = dockerfileExposedPorts(input.text);
  const ports = input.port !== void 0 ? [input.port] : exposed.length > 0 ? exposed : [8080];
  const context = path2.relative(input.configDir, path2.dirname(input.dockerfile)) || ".";
  return {
    source: `Dockerfile ${input.dockerfile}`,
    gateway: "gateway",
    services: {
      echo: {
        image: ECHO_IMAGE,
        ports: [ECHO_PORT],
        env: {},
        dependsOn: [],
        health: { path: "/health", port: ECHO_PORT }
      },
      gateway: {
        build: { context: context.split(path2.sep).join("/"), dockerfile: path2.basename(input.dockerfile) },
        ports,
        env: {},
        dependsOn: ["echo"],
        ...input.health ? { health: { path: input.health, port: ports[0] } } : {}
      }
    },
    upstream: { service: "echo", port: ECHO_PORT },
    baseline: { ref: "merge-base" }
  };
}
function healthcheckPort(healthcheck) {
  const test = healthcheck?.test;
  const text = Array.isArray(test) ? test.map(String).join(" ") : typeof test === "string" ? test : "";
  const match = /\/dev\/tcp\/(?:127\.0\.0\.1|localhost|0\.0\.0\.0)\/(\d+)/.exec(text) ?? /(?:127\.0\.0\.1|localhost):(\d+)/.exec(text);
  return match ? Number(match[1]) : void 0;
}
function containerPort(entry) {
  if (typeof entry === "number") return entry;
  if (typeof entry === "string") {
    const match = /(\d+)(?:\/tcp)?$/.exec(entry.trim());
    return match && !entry.endsWith("/udp") ? Number(match[1]) : void 0;
  }
  if (entry && typeof entry === "object" && "target" in entry) return Number(entry.target);
  return void 0;
}
function envOf(environment) {
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((item) => {
        const [key, ...rest] = String(item).split("=");
        return [key ?? "", rest.join("=")];
      })
    );
  }
  if (environment && typeof environment === "object") {
    return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, v === null ? "" : String(v)]));
  }
  return {};
}
var SERVICE_NAME = /^[a-z0-9][a-z0-9_.-]*$/i;
function factsForCompose(text, file, gateway) {
  let doc;
  try {
    doc = (0, import_yaml.parse)(text);
  } catch (error) {
    throw new ConfigError([`${file}: invalid YAML: ${error.message.split("\n")[0]}`]);
  }
  const raw = doc?.services;
  if (!raw || typeof raw !== "object") throw new ConfigError([`${file}: no "services" in this compose file`]);
  const services = {};
  const problems = [];
  for (const [name, value] of Object.entries(raw)) {
    if (!SERVICE_NAME.test(name)) {
      problems.push(`${file}: services.${name}: name not usable as a perf-gate service name`);
      continue;
    }
    const build = value.build;
    const service = {
      ports: [...value.ports ?? [], ...value.expose ?? []].map(containerPort).filter((p) => p !== void 0 && p >= 1 && p <= 65535),
      env: envOf(value.environment),
      dependsOn: Array.isArray(value.depends_on) ? value.depends_on.map(String) : Object.keys(value.depends_on ?? {})
    };
    if (typeof value.image === "string") service.image = value.image;
    else if (typeof build === "string") service.build = { context: build };
    else if (build && typeof build === "object") {
      const b = build;
      service.build = { context: b.context ?? ".", ...b.dockerfile ? { dockerfile: b.dockerfile } : {} };
    } else {
      problems.push(`${file}: services.${name}: neither "image" nor "build"`);
      continue;
    }
    const probed = healthcheckPort(value.healthcheck);
    if (service.ports.length === 0 && probed !== void 0) service.ports.push(probed);
    if (service.image === ECHO_IMAGE) {
      if (service.ports.length === 0) service.ports.push(ECHO_PORT);
      service.health = { path: "/health", port: service.ports[0] };
    }
    service.ports = [...new Set(service.ports)];
    services[name] = service;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const names = Object.keys(services);
  if (names.length === 0) throw new ConfigError([`${file}: no services`]);
  const chosen = gateway ?? names.find((n) => knownGateway(services[n]?.image ?? n) !== void 0) ?? // The echo backend is never the gateway, though it has ports and others depend on it.
  names.find(
    (n) => services[n]?.image !== ECHO_IMAGE && (services[n]?.ports.length ?? 0) > 0 && (services[n]?.dependsOn.length ?? 0) > 0
  ) ?? names.find((n) => services[n]?.image !== ECHO_IMAGE && (services[n]?.ports.length ?? 0) > 0);
  if (!chosen || !services[chosen]) {
    throw new ConfigError([
      gateway ? `${file}: no service "${gateway}" (services: ${names.join(", ")})` : `${file}: no service with ports to send load to`
    ]);
  }
  const upstream = names.find((n) => n !== chosen && services[n]?.image === ECHO_IMAGE);
  return {
    source: `compose file ${file}`,
    gateway: chosen,
    services,
    compose: file,
    ...upstream ? { upstream: { service: upstream, port: services[upstream]?.ports[0] ?? ECHO_PORT } } : {}
  };
}
function requireGatewayPort(facts, file) {
  if ((facts.services[facts.gateway]?.ports.length ?? 0) === 0) {
    throw new ConfigError([
      `${file}: services.${facts.gateway}: no container port to send load to (no ports, expose or healthcheck port, and the image exposes none): pass --port`
    ]);
  }
}
function flow(value) {
  return (0, import_yaml.stringify)(value, { collectionStyle: "flow" }).trim();
}
function waitLine(health, timeout) {
  return `{ http: { path: ${health.path}, port: ${health.port} }, timeout: ${timeout} }`;
}
function healthOf(name, service, facts) {
  if (service.health) return service.health;
  const known = name === facts.gateway && service.image ? knownGateway(service.image) : void 0;
  return known?.health && service.ports.includes(known.health.port) ? known.health : void 0;
}
function serviceLines(facts) {
  const lines = ["services:"];
  for (const [serviceName, service] of Object.entries(facts.services)) {
    lines.push(
      serviceName === facts.gateway ? service.build ? "  # The gateway under test, built from the pull request. It must proxy to http://echo:8080." : "  # The gateway under test." : service.image === ECHO_IMAGE ? "  # The upstream: a Go echo backend. perf-gate builds this image itself when Docker lacks it." : "  # Started before the services that depend on it."
    );
    lines.push(`  ${serviceName}:`);
    if (service.image) lines.push(`    image: ${flow(service.image)}`);
    if (service.build) lines.push(`    build: ${flow(service.build)}  # relative to this file`);
    if (Object.keys(service.env).length > 0) lines.push(`    env: ${flow(service.env)}`);
    lines.push(`    ports: ${flow(service.ports)}`);
    if (service.dependsOn.length > 0) lines.push(`    dependsOn: ${flow(service.dependsOn)}`);
    const health = healthOf(serviceName, service, facts);
    if (health) {
      lines.push(`    wait: ${waitLine(health, service.image === ECHO_IMAGE ? "30s" : "60s")}`);
    } else {
      lines.push(
        "    # Ready when its ports listen (needs a shell in the image). Better: an HTTP health check, e.g.",
        `    # wait: { http: { path: /health, port: ${service.ports[0] ?? 8080} }, timeout: 60s }`
      );
    }
  }
  return lines;
}
function composeLines(facts) {
  const lines = [
    "stack:",
    "  # Your compose file, started as it is through testcontainers (under a project name of its own).",
    `  compose: ${flow(facts.compose)}  # relative to this file`,
    "  # Services with compose `profiles` start only when named here.",
    "  profiles: []"
  ];
  const waits = Object.entries(facts.services).map(([name, service]) => [name, healthOf(name, service, facts)]).filter((entry) => entry[1] !== void 0);
  lines.push(
    "  # Readiness per service; without one, a service's own healthcheck is waited for, else its ports."
  );
  if (waits.length === 0) lines.push("  wait: {}");
  else {
    lines.push("  wait:");
    for (const [name, health] of waits) lines.push(`    ${name}: ${waitLine(health, "60s")}`);
  }
  return lines;
}
function baselineVariantLines(facts) {
  const baseline = facts.baseline;
  if (!baseline) return [];
  return [
    "baselineVariant:",
    "  # What the pull request is compared with, on the same runner in paired A/B blocks.",
    "  services:",
    "ref" in baseline ? `    # The gateway built from the merge base of the pull request (checkout with fetch-depth: 0).
    ${facts.gateway}: { build: { ref: ${baseline.ref} } }` : `    ${facts.gateway}: { image: ${flow(baseline.image)} }`,
    ""
  ];
}
function renderInitConfig(facts, name = "gateway") {
  const gateway = facts.services[facts.gateway];
  const known = gateway.image ? knownGateway(gateway.image) : void 0;
  const port = known && gateway.ports.includes(known.proxyPort) ? known.proxyPort : gateway.ports[0];
  const lines = [
    `# perf-gate config written by \`perf-gate init\` from ${facts.source}.`,
    ...known && port === known.proxyPort ? [`# Recognised ${known.name}: port ${port} is where its official image proxies traffic.`] : [],
    "# Check it with `perf-gate validate --config <this file>` and run it with `perf-gate run --config <this file>`.",
    "# Every key is described in perf-gate.schema.json and docs/getting-started.md.",
    "version: 1",
    `name: ${name}`,
    "",
    ...facts.compose ? composeLines(facts) : serviceLines(facts),
    "",
    ...baselineVariantLines(facts),
    ...profileLines(facts, port),
    "",
    ...scenarioLines(facts),
    "",
    ...gateLines(facts)
  ];
  return lines.join("\n");
}
function profileLines(facts, port) {
  const upstream = facts.upstream;
  const route = upstream ? "/echo" : "/";
  return [
    "profiles:",
    ...upstream ? [
      "  # The no-gateway control: k6 straight to the backend. It watches the runner and is never gated.",
      "  - name: no-gateway",
      "    control: true",
      `    target: http://${upstream.service}:${upstream.port}/echo`,
      "    expect: { status: 200 }"
    ] : [
      "  # One profile per gateway configuration to gate. Point the target at a route that reaches your",
      "  # backend; add a `control: true` profile that calls the backend directly to watch runner noise."
    ],
    `  - name: ${facts.gateway === "gateway" || upstream ? "passthrough" : `${facts.gateway}-passthrough`}`,
    `    target: http://${facts.gateway}:${port}${route}`,
    "    # Every response must have this status; also headers, bodyPrefix, bodyContains, echoesPayload.",
    "    expect: { status: 200 }"
  ];
}
function scenarioLines(facts) {
  return [
    "scenarios:",
    ...facts.upstream ? [
      "  # Open model at a fixed arrival rate: latency without coordinated omission. Paired blocks drive",
      "  # both variants at once (2 x 500 req/s): keep the rate well below what saturates the runner.",
      "  - name: rate-500-1kb",
      "    script: constant-arrival-rate",
      "    rate: 500",
      "    duration: 4s",
      "    warmup: 1s",
      "    payloadBytes: 1024"
    ] : [
      "  # Open model at a fixed arrival rate: latency without coordinated omission. Keep the rate well",
      "  # below what saturates the machine, so P95 reflects the gateway and not CPU contention.",
      "  - name: rate-200",
      "    script: constant-arrival-rate",
      "    method: GET",
      "    rate: 200",
      "    maxVUs: 100",
      "    duration: 10s",
      "    payloadBytes: 0"
    ]
  ];
}
function gateLines(facts) {
  return [
    "gate:",
    "  metric: p95",
    "  threshold: 0.10 # fail on a P95 regression above +10%",
    "  confidence: 0.95",
    "  rounds: 5",
    "  warmupRounds: 1",
    ...facts.baseline ? [
      "  # Paired A/B blocks until decided: at least `rounds`, at most `maxRounds` pairs, within the budget.",
      "  maxRounds: 20",
      "  timeBudget: 8m"
    ] : [],
    "",
    "baseline:",
    "  # Written by `perf-gate run --mode baseline` (e.g. a nightly job), read by every gate.",
    "  path: perf-gate-baseline.json",
    ""
  ];
}

// src/cli/doctor.ts
function cpuNoise(samples = 20, iterations = 2e6) {
  const times = [];
  let sink = 0;
  for (let s = -1; s < samples; s++) {
    const began = performance.now();
    for (let i = 1; i <= iterations; i++) sink += Math.sqrt(i) % 7;
    if (s >= 0) times.push(performance.now() - began);
  }
  if (sink < 0) times.push(0);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const sd = Math.sqrt(times.reduce((a, t) => a + (t - mean) ** 2, 0) / (times.length - 1));
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const medianMs = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { medianMs, cv: sd / mean, samples };
}
async function dockerChecks(config) {
  const engine = await dockerEngine();
  if (!("client" in engine)) return [engine.check];
  const checks = [engine.check];
  if (!config) return checks;
  const stack = config.config.stack;
  if (stack) checks.push(await composeCheck(stack.compose));
  checks.push(...await composeImageChecks(engine.client, config.compose?.images ?? {}));
  checks.push(...await serviceImageChecks(engine.client, config.config.services));
  return checks;
}
async function dockerEngine() {
  let client;
  let version;
  try {
    client = await (0, import_testcontainers.getContainerRuntimeClient)();
    version = await client.container.dockerode.version();
  } catch (error) {
    return {
      check: {
        name: "docker",
        status: "problem",
        detail: `no Docker engine reachable (${error.message.split("\n")[0]}); start Docker or set DOCKER_HOST`
      }
    };
  }
  const info = client.info.containerRuntime;
  return {
    client,
    check: {
      name: "docker",
      status: "ok",
      detail: `engine ${version.Version ?? "?"} (API ${version.ApiVersion ?? "?"}), ${info.cpus} CPUs and ${(info.memory / 2 ** 30).toFixed(1)} GiB for containers`
    }
  };
}
async function composeCheck(file) {
  const compose = await findCompose();
  return compose ? {
    name: "compose",
    status: "ok",
    detail: `${compose.standalone ? "docker-compose" : "docker compose"} ${compose.version} runs ${file}`
  } : {
    name: "compose",
    status: "problem",
    detail: `neither "docker compose" nor "docker-compose" works: stack.compose (${file}) needs one`
  };
}
async function composeImageChecks(client, images) {
  const checks = [];
  for (const [name, image] of Object.entries(images)) {
    if (image.includes("$")) continue;
    const present = await client.image.exists(import_testcontainers.ImageName.fromString(image));
    const built = !present && image === ECHO_IMAGE;
    checks.push({
      name: `image of ${name}`,
      status: present || built ? "ok" : "problem",
      detail: present ? `${image} is present` : built ? `${ECHO_IMAGE} is not in Docker yet: the gate builds it from the echo binary perf-gate ships` : `${image} is not in the local Docker engine (docker pull or build it, or give the compose service a build)`
    });
  }
  return checks;
}
async function serviceImageChecks(client, services) {
  const checks = [];
  for (const [name, service] of Object.entries(services)) {
    if (!service.image) {
      checks.push({
        name: `image of ${name}`,
        status: "ok",
        detail: `built from ${service.build?.context} at run time`
      });
      continue;
    }
    const image = import_testcontainers.ImageName.fromString(service.image);
    if (!await client.image.exists(image)) {
      checks.push(
        service.image === ECHO_IMAGE ? {
          name: `image of ${name}`,
          status: "ok",
          detail: `${ECHO_IMAGE} is not in Docker yet: the gate builds it from the echo binary perf-gate ships`
        } : {
          name: `image of ${name}`,
          status: "problem",
          detail: `${service.image} is not in the local Docker engine (docker pull or build it)`
        }
      );
      continue;
    }
    const exposed = exposedTcpPorts((await client.image.inspect(image)).Config?.ExposedPorts);
    const unexposed = service.ports.filter((p) => !exposed.includes(p));
    checks.push(
      unexposed.length === 0 || exposed.length === 0 ? { name: `image of ${name}`, status: "ok", detail: `${service.image} is present` } : {
        name: `image of ${name}`,
        status: "warning",
        detail: `${service.image} is present but does not EXPOSE port ${unexposed.join(", ")} (it exposes ${exposed.join(", ")}); check services.${name}.ports`
      }
    );
  }
  return checks;
}
function canBlockCheck(loaded) {
  const baselinePath = loaded.config.baseline.path;
  const reasons = cannotBlockReasons(loaded.config, {
    baselineExists: existsSync3(baselinePath),
    baselinePath
  });
  return reasons.length === 0 ? { name: "can block", status: "ok", detail: "this config can block a pull request" } : {
    name: "can block",
    status: "warning",
    detail: `this config can never block: ${reasons.join(" Also: ")}`
  };
}
async function runDoctor(options) {
  const checks = await dockerChecks(options.config);
  const k6 = await findK6(options.env);
  checks.push(
    k6 === null ? {
      name: "k6",
      status: "problem",
      detail: `k6 not found (looked at K6_PATH, then PATH); install k6 ${K6_VERSION} or set K6_PATH`
    } : {
      name: "k6",
      status: k6.version === (options.config?.config.k6.version ?? K6_VERSION) ? "ok" : "warning",
      detail: `${k6.path} is k6 ${k6.version}${options.config?.config.k6.version ? k6.version === options.config.config.k6.version ? " (k6.version)" : `, but k6.version asks for ${options.config.config.k6.version}: a gate would refuse it` : k6.version === K6_VERSION ? "" : ` (perf-gate is tested with ${K6_VERSION})`}`
    }
  );
  if (options.config) checks.push(canBlockCheck(options.config));
  const cpus = os.availableParallelism();
  checks.push({
    name: "cpus",
    status: cpus >= 2 ? "ok" : "warning",
    detail: `${cpus} available${cpus >= 2 ? "" : ": k6 and the gateway share one core, expect noisy results"}`
  });
  const freeGiB = os.freemem() / 2 ** 30;
  checks.push({
    name: "memory",
    status: freeGiB >= 1 ? "ok" : "warning",
    detail: `${freeGiB.toFixed(1)} GiB free of ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`
  });
  const noise = cpuNoise();
  checks.push({
    name: "noise",
    status: noise.cv <= 0.05 ? "ok" : "warning",
    detail: `a fixed CPU loop took ${noise.medianMs.toFixed(1)} ms (median of ${noise.samples}), coefficient of variation ${(noise.cv * 100).toFixed(1)}%${noise.cv <= 0.05 ? "" : ": the machine is busy or throttled, gates here need more rounds"}`
  });
  return checks;
}
function formatChecks(checks) {
  return checks.map((c) => `${c.status.padEnd(8)} ${c.name}: ${c.detail}`).join("\n") + "\n";
}

// src/cli/init-verb.ts
import { execFile } from "node:child_process";
import { existsSync as existsSync4 } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path3 from "node:path";
import { promisify } from "node:util";
var import_testcontainers2 = __toESM(require_build(), 1);
var import_yaml2 = __toESM(require_dist(), 1);

// src/cli/init-workflows.ts
var CHECKOUT_ACTION = {
  uses: "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1",
  tag: "v7.0.1"
};
var PERF_GATE_ACTION_PLACEHOLDER = {
  uses: "REPLACE-ME/perf-gate@REPLACE-ME-WITH-A-FULL-COMMIT-SHA",
  comment: "placeholder: perf-gate has no release yet; pin the owner/perf-gate commit you reviewed"
};
function quote(value) {
  return /^[\w./-]+$/.test(value) ? value : JSON.stringify(value);
}
function renderPrWorkflow(options) {
  return [
    "# perf-gate on every pull request (written by `perf-gate init`).",
    options.needsMergeBase ? "# Builds the gateway of the pull request and, on the same runner, the one of its merge base,\n# compares their P95 latency in paired blocks, posts one sticky comment and fails the job on a regression." : "# Measures the gateway of the pull request, compares its P95 latency with the baseline the config\n# names, posts one sticky comment and fails the job on a regression.",
    "# Make the `gate` job a required check.",
    `# Before the first run: replace the perf-gate \`uses:\` line (${PERF_GATE_ACTION_PLACEHOLDER.comment}).`,
    "name: perf-gate",
    "on:",
    "  pull_request:",
    "# Nothing by default; each job asks for what it uses.",
    "permissions: {}",
    "concurrency:",
    "  group: perf-gate-${{ github.event.pull_request.number }}",
    "  cancel-in-progress: true",
    "jobs:",
    "  gate:",
    "    runs-on: ubuntu-latest",
    "    timeout-minutes: 30",
    "    permissions:",
    "      contents: read # check out the code; read the baseline from the perf-gate-data branch",
    "      pull-requests: write # the sticky comment (without it the report is in the job summary only)",
    "    steps:",
    `      - uses: ${CHECKOUT_ACTION.uses} # ${CHECKOUT_ACTION.tag}`,
    "        with:",
    ...options.needsMergeBase ? [
      "          # The merge base must be in the clone: the gate builds the baseline gateway from it.",
      "          fetch-depth: 0"
    ] : [],
    "          persist-credentials: false",
    "      - name: perf-gate",
    "        id: perf",
    `        uses: ${PERF_GATE_ACTION_PLACEHOLDER.uses} # ${PERF_GATE_ACTION_PLACEHOLDER.comment}`,
    "        with:",
    `          config: ${quote(options.config)}`,
    ""
  ].join("\n");
}
function renderNightlyWorkflow(options) {
  return [
    "# The nightly baseline (written by `perf-gate init`): measures the default branch and appends the",
    "# night's runs to the baseline file on the perf-gate-data branch (through the Git Data API; nothing is",
    "# pushed to the default branch). Pull requests compare with it first when their runner matches.",
    `# Before the first run: replace the perf-gate \`uses:\` line (${PERF_GATE_ACTION_PLACEHOLDER.comment}).`,
    "name: perf-gate nightly baseline",
    "on:",
    "  schedule:",
    "    - cron: '23 2 * * *'",
    "  workflow_dispatch:",
    "# Nothing by default; each job asks for what it uses.",
    "permissions: {}",
    "concurrency:",
    "  group: perf-gate-nightly",
    "  cancel-in-progress: false",
    "jobs:",
    "  baseline:",
    "    runs-on: ubuntu-latest",
    "    timeout-minutes: 45",
    "    permissions:",
    "      contents: write # commit the baseline file to the perf-gate-data branch",
    "    steps:",
    `      - uses: ${CHECKOUT_ACTION.uses} # ${CHECKOUT_ACTION.tag}`,
    "        with:",
    "          persist-credentials: false",
    "      - name: perf-gate (baseline mode)",
    `        uses: ${PERF_GATE_ACTION_PLACEHOLDER.uses} # ${PERF_GATE_ACTION_PLACEHOLDER.comment}`,
    "        with:",
    `          config: ${quote(options.config)}`,
    "          mode: baseline",
    ""
  ].join("\n");
}

// src/cli/init-verb.ts
var execFileAsync = promisify(execFile);
function registerInit(program, ctx) {
  program.command("init").description(
    "write a commented perf-gate.yml for a gateway repository (its Dockerfile), a gateway image or a compose file"
  ).option(
    "--dockerfile <file>",
    "the gateway's Dockerfile: the gate builds it from the pull request and from its merge base (recommended)"
  ).option("--image <image>", "a local gateway image; its exposed ports are read from Docker").option("--compose <file>", "a docker-compose file, run as it is (stack.compose)").option("--gateway <service>", "with --compose: the service under test (default: guessed)").option("--port <port>", "the port the gateway listens on (default: its EXPOSE, else 8080)", portOption).option("--health <path>", "with --dockerfile: an HTTP path the gateway answers 200 on when ready").option("--baseline-image <image>", "with --image: the image of the default branch to compare with").option("--workflows", "also write .github/workflows/perf-gate.yml and perf-gate-nightly.yml").option("--name <name>", "the gate name", "gateway").option("-o, --out <file>", "the config file to write", "perf-gate.yml").action((opts) => init(opts, ctx));
}
async function init(opts, ctx) {
  const sources = [opts.dockerfile, opts.image, opts.compose].filter((v) => v !== void 0);
  if (sources.length !== 1) {
    throw new ConfigError(["init: pass exactly one of --dockerfile FILE, --image IMAGE or --compose FILE"]);
  }
  if (opts.baselineImage !== void 0 && opts.image === void 0)
    throw new ConfigError(["init: --baseline-image goes with --image"]);
  const facts = await initFacts(opts);
  const text = renderInitConfig(facts, opts.name);
  const workflows = opts.workflows ? await workflowFiles(opts.out, {
    needsMergeBase: facts.baseline !== void 0 && "ref" in facts.baseline
  }) : [];
  const exists = [opts.out, ...workflows.map((w) => w.file)].filter((f) => existsSync4(f));
  if (exists.length > 0)
    throw new ConfigError(exists.map((f) => `${f}: already exists; init does not overwrite it`));
  await writeFile(opts.out, text, { flag: "wx" });
  for (const workflow of workflows) {
    await mkdir(path3.dirname(workflow.file), { recursive: true });
    await writeFile(workflow.file, workflow.text, { flag: "wx" });
  }
  ctx.stdout(`wrote ${opts.out} (gateway: ${facts.gateway}, from ${facts.source})
`);
  for (const workflow of workflows) ctx.stdout(`wrote ${workflow.file}
`);
  if (workflows.length > 0)
    ctx.stdout(
      `next: replace the placeholder "uses: ${PERF_GATE_ACTION_PLACEHOLDER.uses}" in the workflows
`
    );
  const config = parseConfig((0, import_yaml2.parse)(text), opts.out, {});
  const reasons = cannotBlockReasons(config, {
    baselineExists: false,
    baselinePath: config.baseline.path
  });
  for (const reason of reasons) ctx.stdout(`warning: this config can never block a pull request: ${reason}
`);
}
async function imageFacts(image) {
  let client;
  try {
    client = await (0, import_testcontainers2.getContainerRuntimeClient)();
  } catch (error) {
    throw new InfrastructureError(
      `no Docker engine reachable to inspect ${image}: ${error.message}`
    );
  }
  const name = import_testcontainers2.ImageName.fromString(image);
  if (!await client.image.exists(name)) {
    throw new ConfigError([`--image ${image}: not in the local Docker engine (docker pull ${image} first)`]);
  }
  const inspected = await client.image.inspect(name);
  return factsForImage(image, exposedTcpPorts(inspected.Config?.ExposedPorts));
}
function portOption(value) {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535)
    throw new InvalidArgumentError("expected a TCP port number (1-65535)");
  return port;
}
async function readInput(file, what) {
  return readFile(file, "utf8").catch((error) => {
    throw new ConfigError([`${file}: cannot read ${what}: ${error.message}`]);
  });
}
async function exposedPortsIfPresent(image) {
  try {
    const client = await (0, import_testcontainers2.getContainerRuntimeClient)();
    const name = import_testcontainers2.ImageName.fromString(image);
    if (!await client.image.exists(name)) return [];
    return exposedTcpPorts((await client.image.inspect(name)).Config?.ExposedPorts);
  } catch {
    return [];
  }
}
async function initFacts(opts) {
  const configDir = path3.dirname(path3.resolve(opts.out));
  if (opts.dockerfile !== void 0) {
    const text = await readInput(opts.dockerfile, "the Dockerfile");
    return factsForDockerfile({
      dockerfile: path3.relative(process.cwd(), path3.resolve(opts.dockerfile)),
      text,
      configDir: path3.relative(process.cwd(), configDir),
      port: opts.port,
      health: opts.health
    });
  }
  if (opts.compose !== void 0) {
    const text = await readInput(opts.compose, "compose file");
    const relative = path3.relative(configDir, path3.resolve(opts.compose)).split(path3.sep).join("/");
    const facts2 = { ...factsForCompose(text, opts.compose, opts.gateway), compose: relative };
    const gateway2 = facts2.services[facts2.gateway];
    if (gateway2 && opts.port !== void 0) gateway2.ports = [opts.port];
    if (gateway2 && gateway2.ports.length === 0 && gateway2.image)
      gateway2.ports = await exposedPortsIfPresent(gateway2.image);
    requireGatewayPort(facts2, opts.compose);
    return facts2;
  }
  const facts = await imageFacts(opts.image);
  const gateway = facts.services[facts.gateway];
  if (gateway && opts.port !== void 0) gateway.ports = [opts.port];
  return opts.baselineImage ? { ...facts, baseline: { image: opts.baselineImage } } : facts;
}
async function workflowFiles(configFile2, options) {
  const configAbs = path3.resolve(configFile2);
  const root = await gitRoot(path3.dirname(configAbs));
  const dir = path3.join(root, ".github", "workflows");
  const config = path3.relative(root, configAbs).split(path3.sep).join("/");
  return [
    { file: path3.join(dir, "perf-gate.yml"), text: renderPrWorkflow({ config, ...options }) },
    { file: path3.join(dir, "perf-gate-nightly.yml"), text: renderNightlyWorkflow({ config, ...options }) }
  ];
}
async function gitRoot(dir) {
  try {
    const { stdout } = await execFileAsync("git", ["rev-parse", "--show-toplevel"], { cwd: dir });
    return stdout.trim();
  } catch {
    return dir;
  }
}

// src/cli/k6-operator-verb.ts
import { existsSync as existsSync5 } from "node:fs";
import { writeFile as writeFile2 } from "node:fs/promises";

// src/load/k6-operator.ts
var import_yaml3 = __toESM(require_dist(), 1);
import { execFile as execFile2 } from "node:child_process";
import { mkdtemp, readFile as readFile2, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path4 from "node:path";
import { promisify as promisify2 } from "node:util";
var execFileAsync2 = promisify2(execFile2);
var ARCHIVE_FILE = "archive.tar";
var MAX_CONFIG_MAP_BYTES = 1024 * 1024;
var RESOURCE_NAME = /^[a-z0-9]([-a-z0-9]{0,48}[a-z0-9])?$/;
function resourceName(text) {
  const name = text.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/-+/g, "-").slice(0, 50).replace(/^-+|-+$/g, "");
  return name === "" ? "perf-gate" : name;
}
function testRunObjects(input) {
  const metadata = (name) => ({
    name,
    ...input.namespace !== void 0 ? { namespace: input.namespace } : {},
    labels: { "app.kubernetes.io/managed-by": "perf-gate" }
  });
  const scriptName = `${input.name}-script`;
  const configMap = {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: metadata(scriptName),
    binaryData: { [ARCHIVE_FILE]: Buffer.from(input.archive).toString("base64") }
  };
  const testRun = {
    apiVersion: "k6.io/v1alpha1",
    kind: "TestRun",
    metadata: metadata(input.name),
    spec: {
      parallelism: input.parallelism,
      script: { configMap: { name: scriptName, file: ARCHIVE_FILE } },
      // The operator splits the space-separated string into k6's arguments.
      ...input.flags.length > 0 ? { arguments: input.flags.join(" ") } : {},
      // The summary perf-gate's scripts write goes to each runner's log (k6's handleSummary "stdout").
      runner: { env: [{ name: "K6_NO_USAGE_REPORT", value: "true" }] }
    }
  };
  return { configMap, testRun };
}
function testRunManifest(input, header) {
  const { configMap, testRun } = testRunObjects(input);
  const comments = header.map((line) => `# ${line}`.trimEnd()).join("\n");
  return `${comments}
${(0, import_yaml3.stringify)(configMap)}---
${(0, import_yaml3.stringify)(testRun)}`;
}
async function k6Archive(k6, script, env) {
  const dir = await mkdtemp(path4.join(tmpdir(), "perf-gate-archive-"));
  const out = path4.join(dir, ARCHIVE_FILE);
  try {
    const envArgs = Object.entries(env).flatMap(([name, value]) => ["-e", `${name}=${value}`]);
    await execFileAsync2(k6.path, ["archive", "--quiet", "--no-color", "-O", out, ...envArgs, script], {
      timeout: 6e4,
      env: {
        PATH: trustedPath(),
        K6_NO_USAGE_REPORT: "true",
        ...process.env.HOME ? { HOME: process.env.HOME } : {}
      }
    });
    return await readFile2(out);
  } catch (error) {
    const stderr = error.stderr ?? error.message;
    throw new InfrastructureError(`k6 archive of ${path4.basename(script)} failed: ${String(stderr).trim()}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// src/cli/k6-operator-verb.ts
var MAX_PARALLELISM = 1e3;
function parallelismOption(value) {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_PARALLELISM)
    throw new InvalidArgumentError(`expected a number of runner pods from 1 to ${MAX_PARALLELISM}`);
  return n;
}
function targetOption(value) {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new InvalidArgumentError("expected the http(s) URL the runner pods reach the gateway at");
  return value;
}
function nameOption(value) {
  if (!RESOURCE_NAME.test(value))
    throw new InvalidArgumentError(
      'expected a lower-case name of letters, digits and "-", at most 50 characters'
    );
  return value;
}
function cellEnv(loaded, opts) {
  const { config } = loaded;
  const scenario = config.scenarios.find((s) => s.name === opts.scenario);
  if (!scenario)
    throw new ConfigError([
      `--scenario ${opts.scenario}: no such scenario in ${loaded.file} (${config.scenarios.map((s) => s.name).join(", ")})`
    ]);
  if (kindOf(scenario) !== builtInLoadKind)
    throw new ConfigError([
      `--scenario ${opts.scenario}: ${scenario.script} is not a load scenario of perf-gate's built-in scripts (constant or ramping VUs or arrival rate, graphql); only those run from a TestRun`
    ]);
  const candidates = scenario.profiles ? config.profiles.filter((p) => scenario.profiles?.includes(p.name)) : config.profiles;
  const profileIndex = config.profiles.findIndex(
    (p) => opts.profile !== void 0 ? p.name === opts.profile : p === candidates[0]
  );
  const profile = config.profiles[profileIndex];
  if (!profile || !candidates.includes(profile))
    throw new ConfigError([
      `--profile ${opts.profile}: not a profile scenario ${opts.scenario} runs (${candidates.map((p) => p.name).join(", ")})`
    ]);
  const problems = [];
  for (const [header, value] of Object.entries(profile.headers)) {
    if (/\{\{/.test(value))
      problems.push(
        `${loaded.file}: profiles[${profileIndex}].headers.${header}: a {{value}} captured by the profile's setup, which runs only in perf-gate's own stack; a TestRun cannot fill it`
      );
  }
  const env = { ...scenarioEnv(profile, scenario, opts.target), SUMMARY_PATH: "stdout" };
  for (const { name, value } of loaded.interpolated) {
    if (value.length >= 4 && Object.values(env).some((v) => v.includes(value)))
      problems.push(
        `${loaded.file}: the value of \${${name}} would be written into a ConfigMap, which is not a secret; the TestRun takes no values from the environment`
      );
  }
  config.k6.flags.forEach((flag, i) => {
    if (/\s/.test(flag))
      problems.push(
        `${loaded.file}: k6.flags[${i}]: the TestRun passes flags as one space-separated string; "${flag}" holds a space`
      );
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return env;
}
function registerK6Operator(program, ctx) {
  program.command("k6-operator").description(
    "write a k6-operator TestRun (and the ConfigMap with the k6 archive) that runs one cell from a Kubernetes cluster, split over N runner pods"
  ).option(
    "-c, --config <file>",
    `the config file (default: ${DEFAULT_CONFIG_FILE} in the current directory)`
  ).requiredOption("--scenario <name>", "the scenario (a built-in load script) to run").option("--profile <name>", "the profile whose headers and checks apply (default: the scenario's first)").requiredOption("--target <url>", "the URL the runner pods reach the gateway at", targetOption).requiredOption("--parallelism <n>", "runner pods, one execution segment each", parallelismOption).option("--name <name>", "the TestRun name (default: from the gate and scenario names)", nameOption).option("--namespace <namespace>", "the namespace of both objects (default: kubectl\u2019s)", nameOption).option("-o, --out <file>", "the manifest to write", "perf-gate-testrun.yaml").action(async (opts) => {
    const loaded = loadConfig(configFile(opts.config), process.env, { root: process.cwd() });
    const env = cellEnv(loaded, opts);
    if (existsSync5(opts.out))
      throw new ConfigError([`${opts.out}: already exists; k6-operator does not overwrite it`]);
    const k6 = await findK6();
    if (!k6) throw new InfrastructureError("k6 not found (K6_PATH or PATH): it writes the archive");
    const scenario = loaded.config.scenarios.find((s) => s.name === opts.scenario);
    const archive = await k6Archive(k6, scriptPath(scenario), env);
    const name = opts.name ?? resourceName(`${loaded.config.name}-${scenario.name}`);
    const manifest = testRunManifest(
      {
        name,
        namespace: opts.namespace,
        parallelism: opts.parallelism,
        archive,
        // As on the runner: a built-in scenario follows no redirect, last so no flag undoes it.
        flags: [...loaded.config.k6.flags, "--max-redirects=0"]
      },
      [
        `k6-operator TestRun for cell ${opts.scenario} of ${loaded.config.name}, written by perf-gate k6-operator (k6 ${k6.version}).`,
        `${opts.parallelism} runner pods, one execution segment each; each prints its segment's summary JSON to its log.`,
        "The archive holds the scenario, its env (target, headers, load shape) and the absolute paths of its files."
      ]
    );
    if (Buffer.byteLength(manifest) > MAX_CONFIG_MAP_BYTES)
      throw new InfrastructureError(
        `the manifest is ${Buffer.byteLength(manifest)} bytes, over a ConfigMap's 1 MiB`
      );
    await writeFile2(opts.out, manifest, { flag: "wx" });
    ctx.log.info(`k6 archive: ${archive.byteLength} bytes`);
    ctx.stdout(
      `wrote ${opts.out} (TestRun ${name}, parallelism ${opts.parallelism}): kubectl apply -f ${opts.out}
`
    );
  });
}

// src/cli/results-file.ts
import { existsSync as existsSync6 } from "node:fs";
import { readFile as readFile3, stat } from "node:fs/promises";
import path5 from "node:path";

// src/gate/journal-report.ts
function withoutLegacyKeys(config) {
  if (config === null || typeof config !== "object" || Array.isArray(config)) return config;
  const rest = { ...config };
  delete rest.allowPathsOutsideRepo;
  return rest;
}
async function resultsFromJournal(file, now = /* @__PURE__ */ new Date()) {
  const { header, runs, torn } = await readJournal(file);
  const parsed = expandedConfigSchema.safeParse(withoutLegacyKeys(header.config));
  if (!parsed.success)
    throw new ConfigError([
      `${file}: the journal's config is not valid: ${parsed.error.issues[0]?.message ?? ""}`
    ]);
  const config = parsed.data;
  const gate = config.gate;
  const baseline = header.baselinePath ? await readBaseline(header.baselinePath).catch(() => null) : null;
  const paired = runs.filter((r) => r.phase === "paired");
  const method = header.mode === "baseline" ? "none" : paired.length > 0 ? "paired" : "stored";
  const measured = method === "paired" ? paired : runs.filter((r) => r.phase !== "paired");
  const { cells, notes } = compareCells({ runs: measured, config, gate, baseline, method, now });
  const verdict = header.mode === "baseline" ? "pass" : gatedVerdict(cells);
  const interrupted = `Rendered from the journal ${file} of a gate that did not finish: ${runs.length} finished run${runs.length === 1 ? "" : "s"}${torn > 0 ? ` (${torn} unreadable line${torn === 1 ? "" : "s"} skipped)` : ""}. The verdict below is what those runs show, not a decision of the gate.`;
  const last = runs[runs.length - 1];
  return {
    schemaVersion: 1,
    name: config.name,
    mode: header.mode,
    method,
    verdict,
    threshold: gate.threshold,
    confidence: gate.confidence,
    metric: gate.metric,
    startedAt: header.startedAt,
    finishedAt: last ? last.startedAt : header.startedAt,
    gitSha: null,
    k6Version: null,
    machine: machineFingerprint({}),
    baseline: null,
    cells,
    notes: [interrupted, ...notes],
    evidence: method === "paired" ? "paired" : method === "stored" ? "stored" : "none",
    decision: "interrupted before the decision policy stopped; rendered from the journal",
    figures: figuresOf(config, cells, gate.confidence)
  };
}

// src/cli/results-file.ts
async function readResultsFile(target) {
  let file = path5.resolve(target);
  const info = await stat(file).catch(() => null);
  if (info === null) throw new ConfigError([`${target}: results file not found`]);
  if (info.isDirectory()) {
    const journal = path5.join(file, JOURNAL_FILE);
    file = path5.join(file, "results.json");
    if (!existsSync6(file) && existsSync6(journal)) return { file, results: await resultsFromJournal(journal) };
  } else if (file.endsWith(".jsonl")) {
    return { file: path5.join(path5.dirname(file), "results.json"), results: await resultsFromJournal(file) };
  }
  let json;
  try {
    json = JSON.parse(await readFile3(file, "utf8"));
  } catch (error) {
    const reason = error.code === "ENOENT" ? "no results.json in this folder" : error instanceof SyntaxError ? jsonSyntaxReason(error) : error.message;
    throw new ConfigError([`${file}: cannot read results: ${reason}`]);
  }
  parseUntrustedResults(json, file);
  return { file, results: json };
}

// src/cli/trend.ts
import { writeFile as writeFile3 } from "node:fs/promises";
import path6 from "node:path";
var TREND_PAGE_FILE = "trend.html";
async function writeTrendPage(options) {
  const history = await readBaseline(options.baseline, void 0, "--baseline");
  if (history === null) throw new ConfigError([`--baseline: ${options.baseline}: baseline file not found`]);
  const config = configFile(options.config, void 0, { optional: true });
  const controlProfiles = config ? loadConfig(config, process.env, { root: process.cwd() }).config.profiles.filter((profile) => profile.control).map((profile) => profile.name) : [];
  const html = renderTrendPage(history, changePointReport(history), await readVegaLibraries(), {
    controlProfiles
  });
  const file = path6.join(path6.resolve(options.out), TREND_PAGE_FILE);
  try {
    await makeDirectory(path6.dirname(file));
    await writeFile3(file, html);
  } catch (error) {
    throw new ConfigError([
      `--out: ${options.out}: cannot write ${TREND_PAGE_FILE} (${error.code ?? error.message})`
    ]);
  }
  return file;
}

// src/cli/verbs.ts
function registerVerbs(program, ctx) {
  registerReport(program, ctx);
  registerTrend(program, ctx);
  registerCompare(program, ctx);
  registerInit(program, ctx);
  registerDoctor(program, ctx);
  registerK6Operator(program, ctx);
}
function registerReport(program, ctx) {
  program.command("report").description("re-render report.md, the charts and report.html from a results.json").argument("<results>", "results.json, or the out folder holding it").option("-o, --out <dir>", "where to write (default: the folder of results.json)").option("--json", "print a JSON summary on stdout instead of the paths").action(async (target, opts) => {
    const { file, results } = await readResultsFile(target);
    const out = await prepareOutDir(opts.out ?? path7.dirname(file), "--out", { root: process.cwd() });
    const artifacts = await writeArtifacts(results, out, ctx.log);
    ctx.stdout(
      opts.json ? `${JSON.stringify(jsonSummary(results, artifacts))}
` : `report: ${artifacts.reportPath}
html: ${artifacts.htmlPath}
charts: ${artifacts.charts.length} in ${path7.join(artifacts.dir, "charts")}
`
    );
  });
}
function registerTrend(program, ctx) {
  program.command("trend").description(
    "write trend.html from a baseline history: one chart per cell over the nights, with bands and change points"
  ).requiredOption(
    "-b, --baseline <file>",
    "the baseline file (its history of nights, e.g. from the data branch)"
  ).requiredOption("-o, --out <dir>", "the folder to write trend.html into").option(
    "-c, --config <file>",
    `the gate's config, whose control profiles are labelled as controls (default: ${DEFAULT_CONFIG_FILE} in the current directory, when there is one)`
  ).action(async (opts) => {
    ctx.stdout(`trend: ${await writeTrendPage(opts)}
`);
  });
}
function registerCompare(program, ctx) {
  program.command("compare").description(
    "compare the cells two results.json files have in common (b against a), each estimate with its confidence interval"
  ).argument("<a>", "results.json (or its folder): the reference").argument("<b>", "results.json (or its folder): compared with a").addOption(
    new Option("--metric <metric>", "latency percentile").choices(["p50", "p90", "p95", "p99"]).default("p95")
  ).action(async (a, b, opts) => {
    const [ra, rb] = await Promise.allSettled([readResultsFile(a), readResultsFile(b)]);
    if (ra.status === "rejected" || rb.status === "rejected") {
      const problems = [ra, rb].flatMap(
        (r) => r.status === "fulfilled" ? [] : r.reason instanceof ConfigError ? r.reason.problems : [String(r.reason)]
      );
      throw new ConfigError(problems);
    }
    const comparison = compareResults(ra.value.results, rb.value.results, opts.metric);
    ctx.stdout(formatComparison(comparison, ra.value.file, rb.value.file));
  });
}
function registerDoctor(program, ctx) {
  program.command("doctor").description("check Docker, k6, the config\u2019s images, CPUs, memory and the machine\u2019s noise").option(
    "-c, --config <file>",
    `also check the images this config names (default: ${DEFAULT_CONFIG_FILE} in the current directory, when there is one)`
  ).action(async (opts) => {
    const file = configFile(opts.config, void 0, { optional: true });
    const config = file ? loadConfig(file, process.env, { root: process.cwd() }) : void 0;
    const checks = await runDoctor({ config });
    ctx.stdout(formatChecks(checks));
    const problems = checks.filter((c) => c.status === "problem");
    if (problems.length > 0) {
      ctx.log.warning(`${problems.length} problem(s): ${problems.map((p) => p.name).join(", ")}`);
      ctx.setExitCode(ExitCode.Infrastructure);
    }
  });
}

// package.json
var package_default = {
  name: "perf-gate",
  version: "0.1.0",
  description: "A performance gate for API gateways: starts the stack with testcontainers, drives it with k6, and gates pull requests on P95 latency with honest statistics.",
  license: "MIT",
  files: [
    "dist/",
    "scenarios/",
    "assets/echo/",
    "perf-gate.schema.json",
    "action.yml",
    "README.md",
    "LICENSE"
  ],
  type: "module",
  engines: {
    node: ">=24"
  },
  bin: {
    "perf-gate": "dist/cli.js"
  },
  exports: {
    ".": "./dist/index.js"
  },
  scripts: {
    build: "node scripts/build.mjs",
    typecheck: "tsc --noEmit",
    lint: "eslint . && prettier --check .",
    format: "prettier --write .",
    schema: "node --experimental-strip-types scripts/gen-schema.ts",
    "check-k6-pins": "node --experimental-strip-types scripts/check-k6-pins.ts",
    test: "vitest run",
    "test:unit": "vitest run --project unit",
    "test:integration": "vitest run --project integration --project integration-measuring --project integration-offline",
    "test:e2e": "vitest run --project e2e --project e2e-adoption --project e2e-offline",
    "check-dist": "npm run build && git diff --exit-code -- dist",
    "gate:example": "node dist/cli.js run --config examples/nginx/perf-gate.yml --out perf-gate-results",
    "bench:accuracy": "node bench/run.mjs",
    "bench:calibrate": "node bench/run.mjs bench/calibrate-injector.ts",
    "bench:designs": "node bench/run.mjs bench/designs.ts",
    "bench:cpu-noise": "node bench/run.mjs bench/cpu-noise.ts",
    "bench:duet-position": "node bench/run.mjs bench/duet-position.ts"
  },
  dependencies: {
    "@actions/artifact": "^6.2.1",
    "@actions/core": "^3.0.1",
    "@actions/github": "^9.1.1",
    "@actions/tool-cache": "^4.0.0",
    "@balena/dockerignore": "^1.0.2",
    "@octokit/plugin-retry": "^8.1.1",
    "@octokit/plugin-throttling": "^11.0.5",
    "@resvg/resvg-wasm": "^2.6.2",
    "@stdlib/stats-base-dists-normal-quantile": "^0.3.1",
    "@stdlib/stats-base-dists-t-cdf": "^0.2.3",
    "@stdlib/stats-base-dists-t-quantile": "^0.2.3",
    "@stdlib/stats-wilcoxon": "^0.2.3",
    commander: "^15.1.0",
    testcontainers: "^12.2.0",
    vega: "^6.4.0",
    "vega-embed": "^7.3.0",
    "vega-lite": "^6.5.0",
    yaml: "^2.9.1",
    zod: "^4.6.7"
  },
  devDependencies: {
    "@eslint/js": "^10.0.1",
    "@types/node": "^24.19.2",
    ajv: "^6.15.0",
    esbuild: "^0.28.2",
    eslint: "^10.15.0",
    "playwright-core": "^1.65.1",
    prettier: "^3.10.1",
    typescript: "~5.9.3",
    "typescript-eslint": "^8.73.0",
    vitest: "^5.1.1"
  }
};

// src/cli/version.ts
var VERSION = package_default.version;

// src/cli.ts
async function main(argv) {
  disableReaperUnlessSet();
  let exitCode = ExitCode.Pass;
  const ctx = {
    log: consoleLogger(),
    setExitCode: (code) => exitCode = code,
    stdout: (text) => process.stdout.write(text)
  };
  const program = new Command("perf-gate").description("Performance gate for API gateways: testcontainers + k6 + honest statistics").version(VERSION).exitOverride().configureOutput({ writeErr: (text) => process.stderr.write(text) }).addHelpText("afterAll", EXIT_CODES_HELP);
  registerRun(program, ctx);
  registerValidate(program, ctx);
  registerMerge(program, ctx);
  registerVerbs(program, ctx);
  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? ExitCode.Pass : ExitCode.InvalidInput;
    }
    const failure = failureText(error);
    process.stderr.write(failure.text);
    return failure.exitCode;
  }
}
endProcess(await main(process.argv));
