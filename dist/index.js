import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url); const __filename = import.meta.filename; const __dirname = import.meta.dirname;
import {
  tool_cache_exports
} from "./chunks/chunk-LAPVET4M.js";
import {
  ConfigError,
  InfrastructureError,
  K6_VERSION,
  K6_VERSION_PATTERN,
  SHARD_FORMAT,
  checkSessionBaseline,
  createOctokit,
  decidingChangePct,
  describeFailure,
  disableReaperUnlessSet,
  endProcess,
  findK6,
  gateSession,
  guardInterrupts,
  headline,
  hidden,
  isHttpError,
  k6FlagProblem,
  labelAcceptance,
  loadGateConfig,
  mergeSession,
  normalizeK6Version,
  parseHostList,
  parseShard,
  parseThreshold,
  partialFiles,
  prepareOutDir,
  publish,
  publishAssets,
  pullRequestLabels,
  readResults,
  runSession,
  splitK6Flags,
  tryGitHub,
  verdictOutput,
  writeArtifacts
} from "./chunks/chunk-K7JAIHFC.js";
import {
  external_exports
} from "./chunks/chunk-HKIATO7U.js";
import {
  core_exports,
  getBooleanInput,
  getInput,
  group,
  info,
  setFailed,
  setOutput,
  setSecret,
  warning
} from "./chunks/chunk-QQBD5VOR.js";
import "./chunks/chunk-X43ZVNN6.js";

// src/main.ts
import { tmpdir as tmpdir2 } from "node:os";
import path5 from "node:path";

// src/action-logger.ts
function inertLogText(message) {
  return message.replace(/(^|[\r\n])(\s*):(?=:)/g, "$1$2:\u200B");
}
var actionLogger = {
  info: (message) => info(inertLogText(message)),
  warning: (message) => warning(message),
  group: (name, fn) => group(name, fn)
};

// src/config/inputs.ts
var DEFAULT_BASELINE_BRANCH = "perf-gate-data";
var Inputs = {
  Config: "config",
  Mode: "mode",
  Baseline: "baseline",
  GithubToken: "github-token",
  Comment: "comment",
  Threshold: "threshold",
  OutDir: "out-dir",
  CommentKey: "comment-key",
  Results: "results",
  BaselineBranch: "baseline-branch",
  K6Flags: "k6-flags",
  K6Version: "k6-version",
  UploadArtifacts: "upload-artifacts",
  AllowPathsOutsideRepo: "allow-paths-outside-repo",
  AllowedHosts: "allowed-hosts",
  AllowPrivilegedEvents: "allow-privileged-events",
  AcceptRegressionLabel: "accept-regression-label",
  Shard: "shard",
  PagesBranch: "pages-branch",
  PagesPath: "pages-path"
};
var DEFAULT_ACCEPT_REGRESSION_LABEL = "perf-gate:accept-regression";
function booleanInput(name, fallback, problems) {
  if (getInput(name) === "") return fallback;
  try {
    return getBooleanInput(name);
  } catch {
    problems.push(`input "${name}": expected true or false, got "${getInput(name)}"`);
    return fallback;
  }
}
var BRANCH_NAME = /^(?!\/|.*(?:\.\.|\/\/|@\{|\.lock$|\/$))[\w./-]+$/;
function getInputs() {
  const problems = [];
  const mode = modeInput(problems);
  const comment = booleanInput(Inputs.Comment, true, problems);
  const threshold = thresholdInput(problems);
  const commentKey = commentKeyInput(problems);
  const results = getInput(Inputs.Results) || void 0;
  if ((mode === "publish" || mode === "merge") && !results)
    problems.push(`input "${Inputs.Results}": required when mode is "${mode}"`);
  const shard = shardInput(mode, problems);
  const baselineBranch2 = baselineBranchInput(problems);
  const uploadArtifacts2 = booleanInput(Inputs.UploadArtifacts, true, problems);
  const k6Flags = k6FlagsInput(problems);
  const k6Version = k6VersionInput(problems);
  const { pagesBranch, pagesPath } = pagesInput(problems);
  const allowPathsOutsideRepo = booleanInput(Inputs.AllowPathsOutsideRepo, false, problems);
  const allowPrivilegedEvents = booleanInput(Inputs.AllowPrivilegedEvents, false, problems);
  const allowedHosts = allowedHostsInput(problems);
  const acceptRegressionLabel = acceptRegressionLabelInput(problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    config: getInput(Inputs.Config) || "perf-gate.yml",
    mode,
    baseline: getInput(Inputs.Baseline) || void 0,
    githubToken: getInput(Inputs.GithubToken),
    comment,
    threshold,
    outDir: getInput(Inputs.OutDir) || "perf-gate-results",
    commentKey,
    results,
    baselineBranch: baselineBranch2,
    k6Flags,
    k6Version,
    uploadArtifacts: uploadArtifacts2,
    allowPathsOutsideRepo,
    allowedHosts,
    allowPrivilegedEvents,
    acceptRegressionLabel,
    shard,
    pagesBranch,
    pagesPath
  };
}
function modeInput(problems) {
  const mode = getInput(Inputs.Mode) || "gate";
  if (mode !== "gate" && mode !== "baseline" && mode !== "publish" && mode !== "merge") {
    problems.push(`input "${Inputs.Mode}": expected "gate", "baseline", "publish" or "merge", got "${mode}"`);
  }
  return mode;
}
function thresholdInput(problems) {
  const text = getInput(Inputs.Threshold);
  if (!text) return void 0;
  const parsed = parseThreshold(text);
  if (parsed !== null) return parsed;
  problems.push(
    `input "${Inputs.Threshold}": expected a fraction such as 0.1 or a percentage such as 10%, got "${text}"`
  );
  return void 0;
}
function commentKeyInput(problems) {
  const commentKey = getInput(Inputs.CommentKey) || "default";
  if (!/^[\w.-]+$/.test(commentKey)) {
    problems.push(
      `input "${Inputs.CommentKey}": expected letters, digits, "-", "_" or ".", got "${commentKey}"`
    );
  }
  return commentKey;
}
function shardInput(mode, problems) {
  const text = getInput(Inputs.Shard).trim();
  const shard = text ? parseShard(text) : void 0;
  if (shard === null) problems.push(`input "${Inputs.Shard}": expected ${SHARD_FORMAT}, got "${text}"`);
  else if (shard && mode !== "gate")
    problems.push(`input "${Inputs.Shard}": only mode "gate" is sharded, got mode "${mode}"`);
  return shard ?? void 0;
}
function baselineBranchInput(problems) {
  const branchInput = getInput(Inputs.BaselineBranch) || DEFAULT_BASELINE_BRANCH;
  const baselineBranch2 = branchInput === "none" ? void 0 : branchInput;
  if (baselineBranch2 && !/^(?!\/|.*(?:\.\.|\/\/|@\{|\.lock$|\/$))[\w./-]+$/.test(baselineBranch2)) {
    problems.push(`input "${Inputs.BaselineBranch}": expected a branch name, got "${baselineBranch2}"`);
  }
  return baselineBranch2;
}
function pagesInput(problems) {
  const pagesBranch = getInput(Inputs.PagesBranch).trim() || void 0;
  if (pagesBranch && !BRANCH_NAME.test(pagesBranch))
    problems.push(`input "${Inputs.PagesBranch}": expected a branch name, got "${pagesBranch}"`);
  const pagesPath = getInput(Inputs.PagesPath).trim() || "index.html";
  if (!/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))(?!.*\/\/)[\w./-]+\.html?$/.test(pagesPath))
    problems.push(
      `input "${Inputs.PagesPath}": expected a relative path of an .html file inside the branch (e.g. index.html or perf/index.html), got "${pagesPath}"`
    );
  return { pagesBranch, pagesPath };
}
function k6FlagsInput(problems) {
  const text = getInput(Inputs.K6Flags);
  const split = text ? splitK6Flags(text) : void 0;
  if (split && "problem" in split) problems.push(`input "${Inputs.K6Flags}": ${split.problem}`);
  const k6Flags = split && "flags" in split ? split.flags : void 0;
  for (const flag of k6Flags ?? []) {
    const problem = k6FlagProblem(flag);
    if (problem) problems.push(`input "${Inputs.K6Flags}": ${problem}`);
  }
  return k6Flags;
}
function k6VersionInput(problems) {
  const text = getInput(Inputs.K6Version);
  if (text && !K6_VERSION_PATTERN.test(text))
    problems.push(`input "${Inputs.K6Version}": expected a k6 release such as "1.8.1", got "${text}"`);
  return text ? normalizeK6Version(text) : void 0;
}
function allowedHostsInput(problems) {
  const hostList = parseHostList(getInput(Inputs.AllowedHosts));
  if (hostList.invalid.length > 0)
    problems.push(
      `input "${Inputs.AllowedHosts}": expected host names or IP addresses separated by commas or spaces (no scheme, port or path), got ${hostList.invalid.map((h) => `"${h}"`).join(", ")}`
    );
  return hostList.hosts;
}
function acceptRegressionLabelInput(problems) {
  const label = getInput(Inputs.AcceptRegressionLabel).trim() || DEFAULT_ACCEPT_REGRESSION_LABEL;
  if (label.length > 50)
    problems.push(
      `input "${Inputs.AcceptRegressionLabel}": expected a label name of at most 50 characters, got "${label}"`
    );
  return label;
}

// src/github/baseline-branch.ts
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
var README = `# perf-gate data

This branch holds the baseline file(s) the perf-gate nightly writes and pull request gates read. It
shares no history with the code; each nightly adds one commit. Do not merge it into your code.
`;
async function readBaselineFromBranch(octokit, where) {
  const { owner, repo, branch } = where;
  return tryGitHub(`Reading ${where.path} from ${owner}/${repo}@${branch}`, async () => {
    let commitSha;
    try {
      commitSha = (await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` })).data.object.sha;
    } catch (error) {
      if (isHttpError(error) && error.status === 404) return { content: null, commitSha: null };
      throw error;
    }
    const commit = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commitSha });
    const tree = await octokit.rest.git.getTree({
      owner,
      repo,
      tree_sha: commit.data.tree.sha,
      recursive: "true"
    });
    const entry = tree.data.tree.find((e) => e.path === where.path && e.type === "blob");
    if (!entry?.sha) return { content: null, commitSha };
    const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: entry.sha });
    const content = Buffer.from(blob.data.content, blob.data.encoding === "base64" ? "base64" : "utf8");
    return { content, commitSha };
  });
}
async function writeBaselineToBranch(octokit, where) {
  const published = await publishAssets(octokit, {
    owner: where.owner,
    repo: where.repo,
    branch: where.branch,
    files: [{ path: where.path, content: where.content }],
    message: where.message,
    readme: README
  });
  if (!published.ok) return published;
  return { ok: true, commitSha: published.commitSha, committed: published.committed };
}
function branchPathFor(workspace, baselineFile) {
  const relative = path.relative(workspace, baselineFile).split(path.sep).join("/");
  return relative === "" || relative.startsWith("../") || path.isAbsolute(relative) ? path.basename(baselineFile) : relative;
}
async function pullBaseline(octokit, where, dest, log) {
  const read = await readBaselineFromBranch(octokit, where);
  const at = `${where.owner}/${where.repo}@${where.branch}:${where.path}`;
  if (!read.ok) {
    log.warning(`${read.reason}; using the baseline file in the repository`);
    return false;
  }
  if (read.content === null) {
    log.info(`no baseline on ${at} yet; using the baseline file in the repository`);
    return false;
  }
  await mkdir(path.dirname(dest), { recursive: true });
  await writeFile(dest, read.content);
  log.info(`baseline read from ${at} (commit ${read.commitSha?.slice(0, 12)})`);
  return true;
}
async function pushBaseline(octokit, where, source, log, message = `perf-gate baseline: ${where.path}`) {
  const written = await writeBaselineToBranch(octokit, { ...where, content: await readFile(source), message });
  if (!written.ok) throw new InfrastructureError(`${written.reason}; the nightly baseline was not stored`);
  log.info(
    `baseline ${written.committed ? "written to" : "unchanged on"} ${where.owner}/${where.repo}@${where.branch}:${where.path} (commit ${written.commitSha.slice(0, 12)})`
  );
  return written.commitSha;
}

// src/github/pages-branch.ts
import { readFile as readFile2 } from "node:fs/promises";
var README2 = `# perf-gate trend page

The perf-gate nightly commits its trend page (one chart per cell over the nights, with bands and
change points) here, one commit a night. Serve this branch with GitHub Pages; see docs/history.md in
perf-gate. Other files on this branch are kept.
`;
async function writeTrendPage(octokit, where) {
  const published = await publishAssets(octokit, {
    owner: where.owner,
    repo: where.repo,
    branch: where.branch,
    files: [{ path: where.path, content: where.content }],
    message: where.message,
    readme: README2,
    onTopOfOthers: true,
    what: "the trend page"
  });
  if (!published.ok) return published;
  return { ok: true, commitSha: published.commitSha, committed: published.committed };
}
async function publishTrendPage(input) {
  const { settings, context, log } = input;
  const branch = settings.pagesBranch;
  if (!branch) return;
  const at = `${context.owner}/${context.repo}@${branch}:${settings.pagesPath}`;
  if (!settings.githubToken) {
    log.warning(`no github-token: the trend page was not committed to ${at}`);
    return;
  }
  if (!input.trendPath) {
    log.warning(`no trend page was written this run: nothing committed to ${at}`);
    return;
  }
  try {
    const content = await readFile2(input.trendPath);
    const octokit = input.octokit ?? createOctokit(settings.githubToken, { baseUrl: context.apiUrl });
    const night = (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
    const written = await writeTrendPage(octokit, {
      owner: context.owner,
      repo: context.repo,
      branch,
      path: settings.pagesPath,
      content,
      message: `perf-gate trend page: night of ${night}`
    });
    if (!written.ok) {
      log.warning(`${written.reason}; the trend page is in the artifact only`);
      return;
    }
    log.info(
      `trend page ${written.committed ? "committed to" : "unchanged on"} ${at} (commit ${written.commitSha.slice(0, 12)})`
    );
  } catch (error) {
    log.warning(
      `committing the trend page to ${at} failed: ${describeFailure(error).message.split("\n")[0]}; the trend page is in the artifact only`
    );
  }
}

// src/github/context.ts
import { readFile as readFile3 } from "node:fs/promises";
var repoRef = external_exports.object({ full_name: external_exports.string() }).nullish();
var pullRequestEvent = external_exports.object({
  pull_request: external_exports.object({
    number: external_exports.number().int().positive(),
    head: external_exports.object({ sha: external_exports.string(), repo: repoRef }),
    base: external_exports.object({ repo: repoRef }),
    labels: external_exports.array(external_exports.object({ name: external_exports.string() })).nullish()
  })
});
var workflowRunEvent = external_exports.object({
  workflow_run: external_exports.object({
    id: external_exports.number().int(),
    event: external_exports.string(),
    conclusion: external_exports.string().nullish(),
    head_sha: external_exports.string(),
    head_branch: external_exports.string().nullish(),
    head_repository: repoRef,
    pull_requests: external_exports.array(
      external_exports.object({
        number: external_exports.number().int().positive(),
        head: external_exports.object({ sha: external_exports.string() }).optional(),
        base: external_exports.object({ repo: external_exports.object({ url: external_exports.string() }).partial().optional() }).optional()
      })
    ).nullish()
  })
});
var PULL_REQUEST_EVENTS = /* @__PURE__ */ new Set([
  "pull_request",
  "pull_request_target",
  "pull_request_review",
  "pull_request_review_comment"
]);
function parseRunContext(env, event) {
  const repository = env["GITHUB_REPOSITORY"] ?? "";
  const [owner, repo, ...rest] = repository.split("/");
  if (!owner || !repo || rest.length > 0) {
    throw new ConfigError([`GITHUB_REPOSITORY: expected "owner/repo", got ${JSON.stringify(repository)}`]);
  }
  const eventName = env["GITHUB_EVENT_NAME"] ?? "";
  const serverUrl = trimSlash(env["GITHUB_SERVER_URL"] || "https://github.com");
  const runId = env["GITHUB_RUN_ID"] || void 0;
  return {
    owner,
    repo,
    eventName,
    serverUrl,
    apiUrl: trimSlash(env["GITHUB_API_URL"] || "https://api.github.com"),
    sha: env["GITHUB_SHA"] || void 0,
    runId,
    runUrl: runId ? runUrl(serverUrl, owner, repo, runId) : void 0,
    pullRequest: PULL_REQUEST_EVENTS.has(eventName) ? parsePullRequest(event, eventName) : void 0,
    workflowRun: eventName === "workflow_run" ? parseWorkflowRun(event, `${owner}/${repo}`) : void 0
  };
}
function runUrl(serverUrl, owner, repo, runId) {
  return `${trimSlash(serverUrl)}/${owner}/${repo}/actions/runs/${runId}`;
}
async function readEventPayload(env = process.env) {
  const path6 = env["GITHUB_EVENT_PATH"];
  if (!path6) return {};
  let text;
  try {
    text = await readFile3(path6, "utf8");
  } catch (error) {
    throw new ConfigError([`GITHUB_EVENT_PATH: cannot read ${path6}: ${error.message}`]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`GITHUB_EVENT_PATH: ${path6} is not JSON: ${error.message}`]);
  }
}
async function readRunContext(env = process.env) {
  return parseRunContext(env, await readEventPayload(env));
}
function parsePullRequest(event, eventName) {
  const parsed = pullRequestEvent.safeParse(event);
  if (!parsed.success) throw payloadError(eventName, parsed.error);
  const pr = parsed.data.pull_request;
  const headRepo = pr.head.repo?.full_name;
  const baseRepo = pr.base.repo?.full_name;
  return {
    number: pr.number,
    headSha: pr.head.sha,
    // A deleted fork has head.repo null: still a fork, and still a read-only token.
    isFork: headRepo === void 0 || headRepo !== baseRepo,
    headRepo: headRepo ?? "",
    labels: (pr.labels ?? []).map((l) => l.name)
  };
}
function parseWorkflowRun(event, repository) {
  const parsed = workflowRunEvent.safeParse(event);
  if (!parsed.success) throw payloadError("workflow_run", parsed.error);
  const run2 = parsed.data.workflow_run;
  const listed = (run2.pull_requests ?? []).find(
    (pr) => (pr.head === void 0 || pr.head.sha === run2.head_sha) && (pr.base?.repo?.url === void 0 || pr.base.repo.url.endsWith(`/repos/${repository}`))
  );
  return {
    runId: run2.id,
    event: run2.event,
    conclusion: run2.conclusion ?? null,
    headSha: run2.head_sha,
    headBranch: run2.head_branch ?? null,
    headRepo: run2.head_repository?.full_name ?? null,
    pullRequestNumber: listed?.number
  };
}
function payloadError(eventName, error) {
  return new ConfigError(
    error.issues.map(
      (issue) => `GITHUB_EVENT_PATH: ${eventName} payload ${issue.path.join(".") || "(root)"}: ${issue.message}`
    )
  );
}
var MEASURING_EVENTS = /* @__PURE__ */ new Set([
  "pull_request",
  "pull_request_review",
  "pull_request_review_comment",
  "push",
  "schedule",
  "workflow_dispatch",
  "merge_group",
  "release"
]);
function refuseUntrustedMeasuring(eventName, mode, options = {}) {
  if (eventName === "" || MEASURING_EVENTS.has(eventName) || options.allowPrivilegedEvents) return;
  throw new ConfigError([
    `GITHUB_EVENT_NAME: mode "${mode}" refuses to run on ${eventName}, which can carry a pull request while the job holds the base repository's write token and secrets, and measuring runs the pull request's config, images and k6 scripts. Measure on pull_request and post the comment from a workflow_run job with mode: publish (docs/security.md; examples/workflows/perf-gate-fork-measure.yml and perf-gate-fork-comment.yml), or, if this job only ever checks out trusted code, set the input allow-privileged-events: true (measuring events: ${[...MEASURING_EVENTS].join(", ")}).`
  ]);
}
function trimSlash(url) {
  return url.replace(/\/+$/, "");
}

// src/github/annotations.ts
import path2 from "node:path";
function reportFailure(error, workspace, sink = core_exports) {
  const failure = describeFailure(error);
  if (error instanceof ConfigError && error.locations.some((l) => l !== void 0)) {
    error.problems.forEach((problem, i) => {
      const at = error.locations[i];
      if (!at) return sink.error(problem);
      const message = problem.startsWith(`${at.file}: `) ? problem.slice(at.file.length + 2) : problem;
      sink.error(message, {
        file: path2.relative(workspace, at.file) || at.file,
        startLine: at.line,
        startColumn: at.column
      });
    });
    const n = error.problems.length;
    sink.setFailed(`perf-gate: ${n} problem${n > 1 ? "s" : ""} in the config (see the annotations)`);
    return failure.exitCode;
  }
  sink.setFailed(failure.message.split("\n")[0] ?? failure.message);
  if (failure.message.includes("\n")) sink.error(failure.message);
  return failure.exitCode;
}

// src/github/outputs.ts
var OUTPUTS = {
  verdict: "verdict",
  resultsPath: "results-path",
  reportPath: "report-path",
  commentUrl: "comment-url",
  regressedCells: "regressed-cells",
  change: "change",
  artifactUrl: "artifact-url"
};
function setOutputs(values, setOutput2 = setOutput) {
  for (const key of Object.keys(OUTPUTS)) {
    const value = values[key];
    if (value !== void 0) setOutput2(OUTPUTS[key], value);
  }
}
function verdictOutputs(results) {
  const gated = results.cells.filter((c) => !c.control);
  const changes = gated.map(decidingChangePct).filter((x) => x !== null && Number.isFinite(x));
  return {
    regressedCells: gated.filter((c) => c.verdict === "regression").map((c) => c.cell).join(","),
    ...changes.length > 0 ? { change: Math.max(...changes).toFixed(1) } : {}
  };
}

// src/github/upload-artifacts.ts
import { readdir } from "node:fs/promises";
import path3 from "node:path";
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path3.join(e.parentPath, e.name));
}
function artifactName(commentKey, mode) {
  const base = `perf-gate-${commentKey}${mode === "baseline" ? "-baseline" : ""}`;
  return base.replace(/["':<>|*?\\/\r\n]/g, "-");
}
async function uploadArtifacts(input) {
  const env = input.env ?? process.env;
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    input.log.info("not in a GitHub Actions job (no ACTIONS_RUNTIME_TOKEN): artifacts not uploaded");
    return void 0;
  }
  try {
    const files = await filesUnder(input.dir);
    if (files.length === 0) {
      input.log.warning(`nothing to upload in ${input.dir}`);
      return void 0;
    }
    const client = input.client ?? new (await import("./chunks/artifact-LHSPMC73.js")).DefaultArtifactClient();
    const { id } = await client.uploadArtifact(input.name, files, input.dir);
    if (id === void 0) throw new Error("the artifact service returned no id");
    const url = input.runUrl ? `${input.runUrl}/artifacts/${id}` : void 0;
    input.log.info(`uploaded artifact ${input.name} (${files.length} files)${url ? `: ${url}` : ""}`);
    return { id, name: input.name, url };
  } catch (error) {
    input.log.warning(
      `uploading the artifact ${input.name} failed: ${error.message.split("\n")[0]}; the files are in ${input.dir}`
    );
    return void 0;
  }
}

// src/load/install-k6.ts
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile as readFile4, writeFile as writeFile2 } from "node:fs/promises";
import { tmpdir } from "node:os";
import path4 from "node:path";
import { promisify } from "node:util";
var execFileAsync = promisify(execFile);
var K6_RELEASES = "https://github.com/grafana/k6/releases/download";
var K6_MODULE = "go.k6.io/k6";
var K6_SHA256 = {};
function k6ReleaseUrl(version, platform, arch, base = K6_RELEASES) {
  const os = platform === "linux" ? "linux" : platform === "darwin" ? "macos" : null;
  const cpu = arch === "x64" ? "amd64" : arch === "arm64" ? "arm64" : null;
  if (!os || !cpu) return null;
  const ext = os === "linux" ? "tar.gz" : "zip";
  return `${base.replace(/\/+$/, "")}/v${version}/k6-v${version}-${os}-${cpu}.${ext}`;
}
async function sha256File(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}
function parseChecksums(text) {
  const sums = /* @__PURE__ */ new Map();
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]{64})\s+\*?(\S+)\s*$/i.exec(line.trim());
    if (match) sums.set(match[2], match[1].toLowerCase());
  }
  return sums;
}
async function verifySha256(file, expected, name) {
  const actual = await sha256File(file);
  if (actual !== expected.toLowerCase()) {
    throw new InfrastructureError(
      `k6 download ${name} failed its SHA-256 check (expected ${expected}, got ${actual}); not using it. Install k6 yourself and set K6_PATH`
    );
  }
}
var CACHE_RECORD = "perf-gate-k6.json";
function sumdbBypass(goEnv, module = K6_MODULE) {
  if ((goEnv.GOSUMDB ?? "").trim() === "off") return "GOSUMDB=off";
  for (const key of ["GONOSUMDB", "GOPRIVATE"]) {
    const patterns = goEnv[key] ?? "";
    if (matchesPrefixPatterns(patterns, module)) return `${key}=${patterns}`;
  }
  return null;
}
function matchesPrefixPatterns(patterns, target) {
  const elements = target.split("/");
  return patterns.split(",").map((p) => p.trim()).filter(Boolean).some((pattern) => {
    const n = pattern.split("/").length;
    if (elements.length < n) return false;
    const prefix = elements.slice(0, n).join("/");
    const regex = pattern.split("").map((c) => c === "*" ? "[^/]*" : c === "?" ? "[^/]" : c.replace(/[.+^${}()|\\]/g, "\\$&")).join("");
    return new RegExp(`^${regex}$`).test(prefix);
  });
}
var goInstallK6 = async (version, env, log) => {
  const run2 = (args, extra = {}, timeout = 3e4) => execFileAsync("go", args, {
    env: { ...env, ...extra },
    timeout,
    maxBuffer: 16 << 20
  });
  let goEnv;
  try {
    goEnv = JSON.parse(
      (await run2(["env", "-json", "GOSUMDB", "GONOSUMDB", "GOPRIVATE"])).stdout
    );
  } catch {
    return null;
  }
  const bypass = sumdbBypass(goEnv);
  if (bypass) {
    log.warning(
      `Go is installed but would not check ${K6_MODULE} against its checksum database (${bypass}); not building k6 with it`
    );
    return null;
  }
  const bin = await mkdtemp(path4.join(env.RUNNER_TEMP || tmpdir(), "perf-gate-k6-go-"));
  log.info(
    `building k6 v${version} with go install ${K6_MODULE}@v${version} (checked by Go's checksum database)`
  );
  try {
    await run2(["install", `${K6_MODULE}@v${version}`], { GOBIN: bin, CGO_ENABLED: "0" }, 15 * 6e4);
  } catch (error) {
    const stderr = error.stderr?.trim().split("\n").slice(-3).join(" / ");
    log.warning(`go install ${K6_MODULE}@v${version} failed: ${stderr || error.message}`);
    return null;
  }
  return bin;
};
var defaults = { toolCache: tool_cache_exports, goInstall: goInstallK6, findK6 };
async function ensureK6(log, env = process.env, options = {}) {
  const version = options.version ?? K6_VERSION;
  const cache = options.toolCache ?? defaults.toolCache;
  const find = options.findK6 ?? defaults.findK6;
  const found = await find(env);
  if (found && (options.version === void 0 || found.version === version)) return found;
  if (!env.RUNNER_TOOL_CACHE) return found;
  if (found) log.info(`k6 ${found.version} is installed; k6.version asks for ${version}`);
  const cached = cache.find("k6", version);
  if (cached) {
    const record2 = await readRecord(cached);
    if (record2) {
      const actual = await sha256File(path4.join(cached, "k6"));
      if (actual !== record2.sha256) {
        throw new InfrastructureError(
          `k6 in the tool cache (${cached}) no longer has the SHA-256 recorded when it was cached (expected ${record2.sha256}, got ${actual}); not using it. Something rewrote the runner's tool cache: remove that folder to obtain k6 again`
        );
      }
      log.info(`k6 v${version} from the tool cache (${record2.source}); its SHA-256 re-checked`);
      return find({ ...env, K6_PATH: path4.join(cached, "k6") });
    }
    log.warning(`k6 in the tool cache (${cached}) has no SHA-256 recorded by perf-gate; obtaining it again`);
  }
  const { folder, source } = await obtainK6(version, env, options, cache, log);
  const record = { sha256: await sha256File(path4.join(folder, "k6")), source };
  await writeFile2(path4.join(folder, CACHE_RECORD), `${JSON.stringify(record, null, 2)}
`);
  const dir = await cache.cacheDir(folder, "k6", version);
  return find({ ...env, K6_PATH: path4.join(dir, "k6") });
}
async function readRecord(dir) {
  try {
    const record = JSON.parse(await readFile4(path4.join(dir, CACHE_RECORD), "utf8"));
    return typeof record.sha256 === "string" && /^[0-9a-f]{64}$/.test(record.sha256) ? { sha256: record.sha256, source: String(record.source ?? "unknown source") } : null;
  } catch {
    return null;
  }
}
async function obtainK6(version, env, options, cache, log) {
  const url = k6ReleaseUrl(
    version,
    options.platform ?? process.platform,
    options.arch ?? process.arch,
    options.releases
  );
  const name = url ? path4.posix.basename(url) : null;
  const pinned = name ? (options.pinned ?? K6_SHA256)[name] : void 0;
  if (url && name && pinned) {
    log.info(`downloading k6 v${version} (${name}, pinned SHA-256)`);
    return {
      folder: await downloadVerified(url, name, pinned, cache),
      source: `release archive ${name}, pinned SHA-256`
    };
  }
  const built = await (options.goInstall ?? defaults.goInstall)(version, env, log);
  if (built)
    return { folder: built, source: `go install ${K6_MODULE}@v${version}, checked by Go's checksum database` };
  if (!url || !name) {
    throw new InfrastructureError(
      `no k6 release for ${options.platform ?? process.platform}/${options.arch ?? process.arch} and no Go to build it; install k6 and set K6_PATH`
    );
  }
  const sumsUrl = `${path4.posix.dirname(url)}/k6-v${version}-checksums.txt`;
  log.warning(
    `k6 v${version}: no pinned SHA-256 for ${name} and no usable Go; verifying the download against the release's own ${path4.posix.basename(sumsUrl)}. That proves the download is intact, not that the release is authentic (both come from the same place). Install k6 yourself (K6_PATH) or Go to avoid this`
  );
  let sums;
  try {
    sums = parseChecksums(await readFile4(await cache.downloadTool(sumsUrl), "utf8"));
  } catch (error) {
    throw new InfrastructureError(`could not download ${sumsUrl} to verify k6: ${error.message}`);
  }
  const listed = sums.get(name);
  if (!listed) throw new InfrastructureError(`${sumsUrl} lists no checksum for ${name}; not using it`);
  return {
    folder: await downloadVerified(url, name, listed, cache),
    source: `release archive ${name}, checked against the release's checksums file (integrity only)`
  };
}
async function downloadVerified(url, name, expected, cache) {
  const archive = await cache.downloadTool(url);
  await verifySha256(archive, expected, name);
  const extracted = url.endsWith(".zip") ? await cache.extractZip(archive) : await cache.extractTar(archive);
  return path4.join(extracted, name.replace(/\.(tar\.gz|zip)$/, ""));
}

// src/main.ts
async function modeOutcome(settings, workspace, context, guard) {
  if (settings.mode === "publish") return publishMode(settings, workspace);
  if (settings.mode === "merge") return mergeMode(settings, workspace, context);
  return gateOrBaseline({ ...settings, mode: settings.mode }, workspace, context, guard);
}
async function gateOrBaseline(settings, workspace, context, guard) {
  const whole = withK6Inputs(
    loadGateConfig(path5.resolve(workspace, settings.config), process.env, {
      root: workspace,
      allowPathsOutsideRepo: settings.allowPathsOutsideRepo,
      allowedHosts: settings.allowedHosts
    }),
    settings
  );
  maskSecrets(whole);
  const session = gateSession(whole, settings.shard, {
    threshold: settings.threshold,
    event: context.eventName,
    what: `input "${Inputs.Shard}"`
  });
  const loaded = session.loaded;
  const explicit = settings.baseline ? path5.resolve(workspace, settings.baseline) : void 0;
  let baselinePath = explicit ?? loaded.config.baseline.path;
  const outDir = await outDirOf(settings, workspace);
  const branch = baselineBranch(settings, context, workspace, baselinePath);
  if (branch) {
    const dest = settings.mode === "baseline" ? baselinePath : tempBaselinePath(baselinePath);
    if (await pullBaseline(branch.octokit, branch.where, dest, actionLogger)) baselinePath = dest;
  }
  await checkSessionBaseline(session, baselinePath, {
    explicit: explicit !== void 0,
    what: explicit ? 'input "baseline"' : "baseline.path"
  });
  const outcome = await runSession(session, {
    mode: settings.mode,
    outDir,
    threshold: settings.threshold,
    baselinePath,
    log: actionLogger,
    cleanup: guard.cleanup,
    signal: guard.signal,
    locateK6: () => ensureK6(actionLogger, process.env, { version: loaded.config.k6.version }),
    acceptRegression: () => labelRequest(settings, context)
  });
  if (branch && settings.mode === "baseline") {
    await pushBaseline(branch.octokit, branch.where, baselinePath, actionLogger);
  }
  if (settings.mode === "baseline")
    await publishTrendPage({ settings, context, trendPath: outcome.artifacts.trendPath, log: actionLogger });
  return outcome;
}
async function publishMode(settings, workspace) {
  const dir = path5.resolve(workspace, settings.results);
  const results = await readResults(path5.join(dir, "results.json"));
  const outDir = await outDirOf(settings, workspace);
  const artifacts = await writeArtifacts(results, outDir, actionLogger);
  return { results, artifacts, exitCode: 0 };
}
async function mergeMode(settings, workspace, context) {
  const files = await partialFiles(
    [path5.resolve(workspace, settings.results)],
    `input "${Inputs.Results}"`
  );
  const outDir = await outDirOf(settings, workspace);
  const outcome = await mergeSession(files, {
    outDir,
    log: actionLogger,
    what: `input "${Inputs.Results}"`,
    acceptRegression: () => labelRequest(settings, context),
    // Artifacts of another push or run must not join this one's verdict.
    expectedCommit: process.env.GITHUB_SHA || void 0
  });
  actionLogger.info(`merged ${files.length} partial results: ${files.join(", ")}`);
  return outcome;
}
function outDirOf(settings, workspace) {
  return prepareOutDir(path5.resolve(workspace, settings.outDir), 'input "out-dir"', { root: workspace });
}
async function labelRequest(settings, context) {
  const pr = context.pullRequest;
  if (!pr) return null;
  let labels = pr.labels;
  if (settings.githubToken) {
    const octokit = createOctokit(settings.githubToken, { baseUrl: context.apiUrl });
    const current = await pullRequestLabels(octokit, {
      owner: context.owner,
      repo: context.repo,
      number: pr.number
    });
    if (current.ok) labels = current.labels;
    else warning(`${current.reason}; using the labels the event listed`);
  }
  return labelAcceptance(labels, settings.acceptRegressionLabel, pr.number);
}
function withK6Inputs(loaded, settings) {
  const k6 = {
    ...loaded.config.k6,
    flags: settings.k6Flags ?? loaded.config.k6.flags,
    version: settings.k6Version ?? loaded.config.k6.version
  };
  return { ...loaded, config: { ...loaded.config, k6 } };
}
function baselineBranch(settings, context, workspace, file) {
  if (!settings.baselineBranch) return void 0;
  if (!settings.githubToken) {
    actionLogger.info("no github-token: the baseline data branch is skipped, using the repository file");
    return void 0;
  }
  return {
    octokit: createOctokit(settings.githubToken, { baseUrl: context.apiUrl }),
    where: {
      owner: context.owner,
      repo: context.repo,
      branch: settings.baselineBranch,
      path: branchPathFor(workspace, file)
    }
  };
}
function tempBaselinePath(file) {
  return path5.join(process.env.RUNNER_TEMP ?? tmpdir2(), `perf-gate-baseline-${path5.basename(file)}`);
}
function maskSecrets(loaded) {
  for (const { value } of loaded.interpolated) if (hidden(value)) setSecret(value);
}
async function publishSafely(input) {
  try {
    return await publish(input);
  } catch (error) {
    warning(`publishing the report failed: ${describeFailure(error).message.split("\n")[0]}`);
    return { commentUrl: void 0, images: [] };
  }
}
async function report(settings, context, outcome) {
  const { results, artifacts } = outcome;
  const artifact = settings.uploadArtifacts ? await actionLogger.group(
    "Upload the artifacts",
    () => uploadArtifacts({
      dir: artifacts.dir,
      name: settings.shard ? `${artifactName(settings.commentKey, settings.mode)}-shard-${settings.shard.index}-of-${settings.shard.count}` : artifactName(settings.commentKey, settings.mode),
      runUrl: context.runUrl,
      log: actionLogger
    })
  ) : void 0;
  const published = await actionLogger.group(
    "Publish the report",
    () => publishSafely({
      artifactsUrl: artifact?.url,
      results,
      charts: artifacts.charts,
      context,
      token: settings.githubToken,
      // One comment per gate: a share leaves it to the merge job.
      comment: settings.comment && settings.mode !== "baseline" && !settings.shard,
      commentKey: settings.commentKey,
      log: actionLogger
    })
  );
  setOutputs({
    verdict: verdictOutput(results),
    resultsPath: artifacts.resultsPath,
    reportPath: artifacts.reportPath,
    ...verdictOutputs(results),
    ...published.commentUrl ? { commentUrl: published.commentUrl } : {},
    ...artifact?.url ? { artifactUrl: artifact.url } : {}
  });
}
function announce({ results, exitCode }) {
  if (exitCode !== 0) {
    setFailed(headline(results, "log"));
    process.exitCode = exitCode;
  } else if (results.verdict === "inconclusive" || results.acceptedRegression) {
    warning(headline(results, "log"));
  } else {
    info(inertLogText(headline(results, "log")));
  }
}
async function run() {
  disableReaperUnlessSet();
  const guard = guardInterrupts(actionLogger);
  try {
    const settings = getInputs();
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const context = await readRunContext();
    if (settings.mode === "gate" || settings.mode === "baseline")
      refuseUntrustedMeasuring(context.eventName, settings.mode, {
        allowPrivilegedEvents: settings.allowPrivilegedEvents
      });
    const outcome = await modeOutcome(settings, workspace, context, guard);
    await report(settings, context, outcome);
    announce(outcome);
  } catch (error) {
    process.exitCode = reportFailure(error, process.env.GITHUB_WORKSPACE ?? process.cwd());
  } finally {
    guard.dispose();
  }
}

// src/index.ts
await run();
endProcess(typeof process.exitCode === "number" ? process.exitCode : 0);
