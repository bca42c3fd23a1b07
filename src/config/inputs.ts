/**
 * The only reader of action inputs. Returns a typed settings object; every error names the input
 * and the expected format. Input names live here as constants, shared with action.yml's docs test.
 */
import * as core from '@actions/core'
import { ConfigError } from '../errors.js'
import { k6FlagProblem, K6_VERSION_PATTERN, normalizeK6Version, splitK6Flags } from './k6-flags.js'
import { parseHostList } from './hosts.js'
import { parseThreshold } from './threshold.js'
import { parseShard, SHARD_FORMAT, type ShardSpec } from './shard-spec.js'

/** The branch perf-gate keeps its baseline on unless the `baseline-branch` input names another. */
export const DEFAULT_BASELINE_BRANCH = 'perf-gate-data'

export const Inputs = {
  Config: 'config',
  Mode: 'mode',
  Baseline: 'baseline',
  GithubToken: 'github-token',
  Comment: 'comment',
  Threshold: 'threshold',
  OutDir: 'out-dir',
  CommentKey: 'comment-key',
  Results: 'results',
  BaselineBranch: 'baseline-branch',
  K6Flags: 'k6-flags',
  K6Version: 'k6-version',
  UploadArtifacts: 'upload-artifacts',
  AllowPathsOutsideRepo: 'allow-paths-outside-repo',
  AllowedHosts: 'allowed-hosts',
  AllowPrivilegedEvents: 'allow-privileged-events',
  AcceptRegressionLabel: 'accept-regression-label',
  Shard: 'shard',
  PagesBranch: 'pages-branch',
  PagesPath: 'pages-path',
} as const

/** The pull request label that accepts a regression when the input is not set. */
export const DEFAULT_ACCEPT_REGRESSION_LABEL = 'perf-gate:accept-regression'

export type ActionMode = 'gate' | 'baseline' | 'publish' | 'merge'

export interface ActionSettings {
  /** Path of perf-gate.yml, relative to the workspace. */
  config: string
  /**
   * gate: measure and compare; baseline: measure and write the baseline; publish: report results made
   * elsewhere; merge: join the partial results of sharded gates into one verdict and report.
   */
  mode: ActionMode
  /** Overrides the config's baseline file path. */
  baseline: string | undefined
  /** Token for the PR comment and the chart assets branch; empty disables GitHub calls. */
  githubToken: string
  /** Post or update the sticky PR comment. */
  comment: boolean
  /** Overrides gate.threshold (a fraction, e.g. 0.1). */
  threshold: number | undefined
  /** Where report.md, results.json and the charts are written. */
  outDir: string
  /** Distinguishes the comments of several gate jobs in one PR. */
  commentKey: string
  /** publish mode: the folder holding results.json; merge mode: the folder holding the partials' folders. */
  results: string | undefined
  /** Data branch the nightly writes the baseline to and gates read it from; undefined ("none"): the repository file only. */
  baselineBranch: string | undefined
  /** Replaces the config's k6.flags when given; each flag checked against the allowlist. */
  k6Flags: string[] | undefined
  /** Replaces the config's k6.version when given ("1.8.1"). */
  k6Version: string | undefined
  /** Upload the output folder as an artifact and link the comment to it. */
  uploadArtifacts: boolean
  /** Host paths outside the config's folder and the workspace may be read (never /proc, /sys, /dev). */
  allowPathsOutsideRepo: boolean
  /** Hosts setup, readiness and targets may reach besides the stack's own services (lower case). */
  allowedHosts: string[]
  /** Measure on events that can carry a pull request with a privileged token (workflow_run, ...). */
  allowPrivilegedEvents: boolean
  /** A pull request carrying this label accepts a regression: reported, not failing. */
  acceptRegressionLabel: string
  /** gate mode: measure share `index` of `count` of the gated cells (a matrix job); undefined: all. */
  shard: ShardSpec | undefined
  /** baseline mode: the branch the nightly commits its trend page to (GitHub Pages); undefined: none. */
  pagesBranch: string | undefined
  /** Path of the trend page inside pagesBranch ("index.html" unless `pages-path` names another). */
  pagesPath: string
}

/** A boolean input: its default when empty, a problem naming the input when not true or false. */
function booleanInput(name: string, fallback: boolean, problems: string[]): boolean {
  if (core.getInput(name) === '') return fallback
  try {
    return core.getBooleanInput(name)
  } catch {
    problems.push(`input "${name}": expected true or false, got "${core.getInput(name)}"`)
    return fallback
  }
}

/** A git ref name without the characters git refuses (see git check-ref-format). */
const BRANCH_NAME = /^(?!\/|.*(?:\.\.|\/\/|@\{|\.lock$|\/$))[\w./-]+$/

/** Reads and validates every input. Collects all problems into one error. */
export function getInputs(): ActionSettings {
  const problems: string[] = []
  const mode = modeInput(problems)
  const comment = booleanInput(Inputs.Comment, true, problems)
  const threshold = thresholdInput(problems)
  const commentKey = commentKeyInput(problems)
  const results = core.getInput(Inputs.Results) || undefined
  if ((mode === 'publish' || mode === 'merge') && !results)
    problems.push(`input "${Inputs.Results}": required when mode is "${mode}"`)
  const shard = shardInput(mode, problems)
  const baselineBranch = baselineBranchInput(problems)
  const uploadArtifacts = booleanInput(Inputs.UploadArtifacts, true, problems)
  const k6Flags = k6FlagsInput(problems)
  const k6Version = k6VersionInput(problems)
  const { pagesBranch, pagesPath } = pagesInput(problems)
  const allowPathsOutsideRepo = booleanInput(Inputs.AllowPathsOutsideRepo, false, problems)
  const allowPrivilegedEvents = booleanInput(Inputs.AllowPrivilegedEvents, false, problems)
  const allowedHosts = allowedHostsInput(problems)
  const acceptRegressionLabel = acceptRegressionLabelInput(problems)
  if (problems.length > 0) throw new ConfigError(problems)
  return {
    config: core.getInput(Inputs.Config) || 'perf-gate.yml',
    mode: mode as ActionMode,
    baseline: core.getInput(Inputs.Baseline) || undefined,
    githubToken: core.getInput(Inputs.GithubToken),
    comment,
    threshold,
    outDir: core.getInput(Inputs.OutDir) || 'perf-gate-results',
    commentKey,
    results,
    baselineBranch,
    k6Flags,
    k6Version,
    uploadArtifacts,
    allowPathsOutsideRepo,
    allowedHosts,
    allowPrivilegedEvents,
    acceptRegressionLabel,
    shard,
    pagesBranch,
    pagesPath,
  }
}

/** The mode as given (default gate); a problem when it is none of the four. */
function modeInput(problems: string[]): string {
  const mode = core.getInput(Inputs.Mode) || 'gate'
  if (mode !== 'gate' && mode !== 'baseline' && mode !== 'publish' && mode !== 'merge') {
    problems.push(`input "${Inputs.Mode}": expected "gate", "baseline", "publish" or "merge", got "${mode}"`)
  }
  return mode
}

function thresholdInput(problems: string[]): number | undefined {
  const text = core.getInput(Inputs.Threshold)
  if (!text) return undefined
  const parsed = parseThreshold(text)
  if (parsed !== null) return parsed
  problems.push(
    `input "${Inputs.Threshold}": expected a fraction such as 0.1 or a percentage such as 10%, got "${text}"`,
  )
  return undefined
}

function commentKeyInput(problems: string[]): string {
  const commentKey = core.getInput(Inputs.CommentKey) || 'default'
  if (!/^[\w.-]+$/.test(commentKey)) {
    problems.push(
      `input "${Inputs.CommentKey}": expected letters, digits, "-", "_" or ".", got "${commentKey}"`,
    )
  }
  return commentKey
}

/** `i/N`, in gate mode only; undefined when not given or not valid. */
function shardInput(mode: string, problems: string[]): ShardSpec | undefined {
  const text = core.getInput(Inputs.Shard).trim()
  const shard = text ? parseShard(text) : undefined
  if (shard === null) problems.push(`input "${Inputs.Shard}": expected ${SHARD_FORMAT}, got "${text}"`)
  else if (shard && mode !== 'gate')
    problems.push(`input "${Inputs.Shard}": only mode "gate" is sharded, got mode "${mode}"`)
  return shard ?? undefined
}

/** The data branch (default DEFAULT_BASELINE_BRANCH), undefined for "none". */
function baselineBranchInput(problems: string[]): string | undefined {
  const branchInput = core.getInput(Inputs.BaselineBranch) || DEFAULT_BASELINE_BRANCH
  const baselineBranch = branchInput === 'none' ? undefined : branchInput
  // A git ref name without the characters git refuses (see git check-ref-format).
  if (baselineBranch && !/^(?!\/|.*(?:\.\.|\/\/|@\{|\.lock$|\/$))[\w./-]+$/.test(baselineBranch)) {
    problems.push(`input "${Inputs.BaselineBranch}": expected a branch name, got "${baselineBranch}"`)
  }
  return baselineBranch
}

/** The nightly's Pages branch (off when empty) and the trend page's path in it. */
function pagesInput(problems: string[]): { pagesBranch?: string; pagesPath: string } {
  const pagesBranch = core.getInput(Inputs.PagesBranch).trim() || undefined
  if (pagesBranch && !BRANCH_NAME.test(pagesBranch))
    problems.push(`input "${Inputs.PagesBranch}": expected a branch name, got "${pagesBranch}"`)
  const pagesPath = core.getInput(Inputs.PagesPath).trim() || 'index.html'
  if (!/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))(?!.*\/\/)[\w./-]+\.html?$/.test(pagesPath))
    problems.push(
      `input "${Inputs.PagesPath}": expected a relative path of an .html file inside the branch (e.g. index.html or perf/index.html), got "${pagesPath}"`,
    )
  return { pagesBranch, pagesPath }
}

/** The flags, split as a shell would and each checked against the allowlist; undefined when not given. */
function k6FlagsInput(problems: string[]): string[] | undefined {
  const text = core.getInput(Inputs.K6Flags)
  const split = text ? splitK6Flags(text) : undefined
  if (split && 'problem' in split) problems.push(`input "${Inputs.K6Flags}": ${split.problem}`)
  const k6Flags = split && 'flags' in split ? split.flags : undefined
  for (const flag of k6Flags ?? []) {
    const problem = k6FlagProblem(flag)
    if (problem) problems.push(`input "${Inputs.K6Flags}": ${problem}`)
  }
  return k6Flags
}

function k6VersionInput(problems: string[]): string | undefined {
  const text = core.getInput(Inputs.K6Version)
  if (text && !K6_VERSION_PATTERN.test(text))
    problems.push(`input "${Inputs.K6Version}": expected a k6 release such as "1.8.1", got "${text}"`)
  return text ? normalizeK6Version(text) : undefined
}

function allowedHostsInput(problems: string[]): string[] {
  const hostList = parseHostList(core.getInput(Inputs.AllowedHosts))
  if (hostList.invalid.length > 0)
    problems.push(
      `input "${Inputs.AllowedHosts}": expected host names or IP addresses separated by commas or spaces (no scheme, port or path), got ${hostList.invalid.map((h) => `"${h}"`).join(', ')}`,
    )
  return hostList.hosts
}

function acceptRegressionLabelInput(problems: string[]): string {
  const label = core.getInput(Inputs.AcceptRegressionLabel).trim() || DEFAULT_ACCEPT_REGRESSION_LABEL
  // GitHub's limit for a label name.
  if (label.length > 50)
    problems.push(
      `input "${Inputs.AcceptRegressionLabel}": expected a label name of at most 50 characters, got "${label}"`,
    )
  return label
}
