/**
 * The action: read inputs, run the gate (or publish results measured elsewhere), publish, set
 * outputs. The one place that calls core.setFailed.
 */
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as core from '@actions/core'
import { actionLogger, inertLogText } from './action-logger.js'
import { getInputs, Inputs, type ActionSettings } from './config/inputs.js'
import type { LoadedConfig } from './config/load.js'
import { loadGateConfig } from './plan/plan-size.js'
import { hidden } from './config/secrets.js'
import { describeFailure } from './errors.js'
import { prepareOutDir, writeArtifacts, type Artifacts } from './gate/artifacts.js'
import { labelAcceptance, verdictOutput, type AcceptanceRequest } from './gate/accept-regression.js'
import { headline } from './report/headline.js'
import { branchPathFor, pullBaseline, pushBaseline } from './github/baseline-branch.js'
import { createOctokit } from './github/client.js'
import { publishTrendPage } from './github/pages-branch.js'
import { readRunContext, refuseUntrustedMeasuring, type RunContext } from './github/context.js'
import { pullRequestLabels } from './github/pull-requests.js'
import { reportFailure } from './github/annotations.js'
import { setOutputs, verdictOutputs } from './github/outputs.js'
import { artifactName, uploadArtifacts } from './github/upload-artifacts.js'
import { guardInterrupts } from './interrupt.js'
import { ensureK6 } from './load/install-k6.js'
import type { GateResults } from './model.js'
import { publish, readResults, type Published } from './publish.js'
import { disableReaperUnlessSet } from './stack/reaper.js'
import { checkSessionBaseline, gateSession, mergeSession, partialFiles, runSession } from './session.js'

type Guard = ReturnType<typeof guardInterrupts>

/** What a mode produced: the results, their report files, and the job's exit code. */
interface ModeOutcome {
  results: GateResults
  artifacts: Artifacts
  exitCode: number
}

/** Measures (gate, baseline), joins the shards' results (merge) or reads results made elsewhere (publish). */
async function modeOutcome(
  settings: ActionSettings,
  workspace: string,
  context: RunContext,
  guard: Guard,
): Promise<ModeOutcome> {
  if (settings.mode === 'publish') return publishMode(settings, workspace)
  if (settings.mode === 'merge') return mergeMode(settings, workspace, context)
  return gateOrBaseline({ ...settings, mode: settings.mode }, workspace, context, guard)
}

async function gateOrBaseline(
  settings: ActionSettings & { mode: 'gate' | 'baseline' },
  workspace: string,
  context: RunContext,
  guard: Guard,
): Promise<ModeOutcome> {
  const whole = withK6Inputs(
    loadGateConfig(path.resolve(workspace, settings.config), process.env, {
      root: workspace,
      allowPathsOutsideRepo: settings.allowPathsOutsideRepo,
      allowedHosts: settings.allowedHosts,
    }),
    settings,
  )
  maskSecrets(whole)
  // The one place a share is cut (src/session.ts): `perf-gate run --shard` cuts it the same way.
  const session = gateSession(whole, settings.shard, {
    threshold: settings.threshold,
    event: context.eventName,
    what: `input "${Inputs.Shard}"`,
  })
  const loaded = session.loaded
  // Every input is checked before a container starts: the baseline, and that the report can be written.
  const explicit = settings.baseline ? path.resolve(workspace, settings.baseline) : undefined
  let baselinePath = explicit ?? loaded.config.baseline.path
  const outDir = await outDirOf(settings, workspace)
  const branch = baselineBranch(settings, context, workspace, baselinePath)
  if (branch) {
    // The nightly continues the branch's history in place; a gate reads a copy and leaves the checkout alone.
    const dest = settings.mode === 'baseline' ? baselinePath : tempBaselinePath(baselinePath)
    if (await pullBaseline(branch.octokit, branch.where, dest, actionLogger)) baselinePath = dest
  }
  await checkSessionBaseline(session, baselinePath, {
    explicit: explicit !== undefined,
    what: explicit ? 'input "baseline"' : 'baseline.path',
  })
  const outcome = await runSession(session, {
    mode: settings.mode,
    outDir,
    threshold: settings.threshold,
    baselinePath,
    log: actionLogger,
    cleanup: guard.cleanup,
    signal: guard.signal,
    locateK6: () => ensureK6(actionLogger, process.env, { version: loaded.config.k6.version }),
    acceptRegression: () => labelRequest(settings, context),
  })
  if (branch && settings.mode === 'baseline') {
    await pushBaseline(branch.octokit, branch.where, baselinePath, actionLogger)
  }
  // The nightly only: the write token meets no pull request's code (a failure is a warning).
  if (settings.mode === 'baseline')
    await publishTrendPage({ settings, context, trendPath: outcome.artifacts.trendPath, log: actionLogger })
  return outcome
}

/** publish mode: results.json made elsewhere, re-rendered here. */
async function publishMode(settings: ActionSettings, workspace: string): Promise<ModeOutcome> {
  const dir = path.resolve(workspace, settings.results as string)
  const results = await readResults(path.join(dir, 'results.json'))
  const outDir = await outDirOf(settings, workspace)
  // Re-render from the numbers, in this trusted workflow: the fork's files are data, not code.
  const artifacts = await writeArtifacts(results, outDir, actionLogger)
  return { results, artifacts, exitCode: 0 }
}

/** merge mode: the partial results of a sharded gate's matrix jobs joined into one verdict. */
async function mergeMode(
  settings: ActionSettings,
  workspace: string,
  context: RunContext,
): Promise<ModeOutcome> {
  // The partials come from matrix jobs that ran a pull request's code: data, read as publish reads it.
  const files = await partialFiles(
    [path.resolve(workspace, settings.results as string)],
    `input "${Inputs.Results}"`,
  )
  const outDir = await outDirOf(settings, workspace)
  const outcome = await mergeSession(files, {
    outDir,
    log: actionLogger,
    what: `input "${Inputs.Results}"`,
    acceptRegression: () => labelRequest(settings, context),
    // Artifacts of another push or run must not join this one's verdict.
    expectedCommit: process.env.GITHUB_SHA || undefined,
  })
  actionLogger.info(`merged ${files.length} partial results: ${files.join(', ')}`)
  return outcome
}

/** The input out-dir, checked and created: report files are written there. */
function outDirOf(settings: ActionSettings, workspace: string): Promise<string> {
  return prepareOutDir(path.resolve(workspace, settings.outDir), 'input "out-dir"', { root: workspace })
}

/**
 * Whether the pull request carries the accept-regression-label: its current labels through the API,
 * or, when that fails (no token, an outage), the event's list with a warning.
 */
async function labelRequest(
  settings: ActionSettings,
  context: RunContext,
): Promise<AcceptanceRequest | null> {
  const pr = context.pullRequest
  if (!pr) return null
  let labels = pr.labels
  if (settings.githubToken) {
    const octokit = createOctokit(settings.githubToken, { baseUrl: context.apiUrl })
    const current = await pullRequestLabels(octokit, {
      owner: context.owner,
      repo: context.repo,
      number: pr.number,
    })
    if (current.ok) labels = current.labels
    else core.warning(`${current.reason}; using the labels the event listed`)
  }
  return labelAcceptance(labels, settings.acceptRegressionLabel, pr.number)
}

/** The inputs k6-flags and k6-version replace the config's k6.flags and k6.version. */
function withK6Inputs(loaded: LoadedConfig, settings: ActionSettings): LoadedConfig {
  const k6 = {
    ...loaded.config.k6,
    flags: settings.k6Flags ?? loaded.config.k6.flags,
    version: settings.k6Version ?? loaded.config.k6.version,
  }
  return { ...loaded, config: { ...loaded.config, k6 } }
}

/** The data branch to read or write the baseline on, or undefined when disabled or without a token. */
function baselineBranch(settings: ActionSettings, context: RunContext, workspace: string, file: string) {
  if (!settings.baselineBranch) return undefined
  if (!settings.githubToken) {
    actionLogger.info('no github-token: the baseline data branch is skipped, using the repository file')
    return undefined
  }
  return {
    octokit: createOctokit(settings.githubToken, { baseUrl: context.apiUrl }),
    where: {
      owner: context.owner,
      repo: context.repo,
      branch: settings.baselineBranch,
      path: branchPathFor(workspace, file),
    },
  }
}

function tempBaselinePath(file: string): string {
  return path.join(process.env.RUNNER_TEMP ?? tmpdir(), `perf-gate-baseline-${path.basename(file)}`)
}

/**
 * Registers every value the config took from the environment (an admin key from
 * `${PERF_GATE_ADMIN_KEY}`) with the runner's log masking, for everything the job logs from here on.
 * Values shorter than 4 characters ("1", "on") and the config format's own keywords ("paired") are no
 * secret and would garble the log (`hidden`).
 */
function maskSecrets(loaded: LoadedConfig): void {
  for (const { value } of loaded.interpolated) if (hidden(value)) core.setSecret(value)
}

/** Publishes, turning any failure into a warning: reporting never changes a verdict. */
async function publishSafely(input: Parameters<typeof publish>[0]): Promise<Published> {
  try {
    return await publish(input)
  } catch (error) {
    core.warning(`publishing the report failed: ${describeFailure(error).message.split('\n')[0]}`)
    return { commentUrl: undefined, images: [] }
  }
}

/**
 * Uploads the output folder (when asked), publishes the report (summary, PR comment) and sets the
 * outputs. Reporting never changes a verdict.
 */
async function report(settings: ActionSettings, context: RunContext, outcome: ModeOutcome): Promise<void> {
  const { results, artifacts } = outcome
  const artifact = settings.uploadArtifacts
    ? await actionLogger.group('Upload the artifacts', () =>
        uploadArtifacts({
          dir: artifacts.dir,
          name: settings.shard
            ? `${artifactName(settings.commentKey, settings.mode)}-shard-${settings.shard.index}-of-${settings.shard.count}`
            : artifactName(settings.commentKey, settings.mode),
          runUrl: context.runUrl,
          log: actionLogger,
        }),
      )
    : undefined
  const published = await actionLogger.group('Publish the report', () =>
    publishSafely({
      artifactsUrl: artifact?.url,
      results,
      charts: artifacts.charts,
      context,
      token: settings.githubToken,
      // One comment per gate: a share leaves it to the merge job.
      comment: settings.comment && settings.mode !== 'baseline' && !settings.shard,
      commentKey: settings.commentKey,
      log: actionLogger,
    }),
  )
  setOutputs({
    verdict: verdictOutput(results),
    resultsPath: artifacts.resultsPath,
    reportPath: artifacts.reportPath,
    ...verdictOutputs(results),
    ...(published.commentUrl ? { commentUrl: published.commentUrl } : {}),
    ...(artifact?.url ? { artifactUrl: artifact.url } : {}),
  })
}

/** The headline in the log: failing the job on a non-zero exit code, a warning when passing with a doubt. */
function announce({ results, exitCode }: ModeOutcome): void {
  if (exitCode !== 0) {
    core.setFailed(headline(results, 'log'))
    process.exitCode = exitCode
  } else if (results.verdict === 'inconclusive' || results.acceptedRegression) {
    // Passing, but the run could not rule a regression out, or accepted one: a warning annotation says so.
    core.warning(headline(results, 'log'))
  } else {
    core.info(inertLogText(headline(results, 'log')))
  }
}

/** Runs the action. Never throws: failures become core.setFailed with a one-line reason. */
export async function run(): Promise<void> {
  // Before any Docker call (the echo image build included): the reaper's image cannot be pulled everywhere.
  disableReaperUnlessSet()
  const guard = guardInterrupts(actionLogger)
  try {
    const settings = getInputs()
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd()
    const context = await readRunContext()
    if (settings.mode === 'gate' || settings.mode === 'baseline')
      refuseUntrustedMeasuring(context.eventName, settings.mode, {
        allowPrivilegedEvents: settings.allowPrivilegedEvents,
      })
    const outcome = await modeOutcome(settings, workspace, context, guard)
    await report(settings, context, outcome)
    announce(outcome)
  } catch (error) {
    process.exitCode = reportFailure(error, process.env.GITHUB_WORKSPACE ?? process.cwd())
  } finally {
    guard.dispose()
  }
}
