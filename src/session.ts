/**
 * What one invocation measures or joins, shared by the CLI and the action: the config narrowed to a
 * share of a sharded gate (`run --shard i/N`, input `shard`), the baseline checked and the gate run
 * for it, and the merge of the partial results (`perf-gate merge`, `mode: merge`). The one place the
 * config is narrowed, so both entries run the same share for the same "i/N".
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { checkBaseline } from './baseline/store.js'
import type { LoadedConfig } from './config/load.js'
import { ConfigError } from './errors.js'
import { acceptanceRefusal, acceptRegression, type AcceptanceRequest } from './gate/accept-regression.js'
import { writeArtifacts, type Artifacts } from './gate/artifacts.js'
import { runGate, type GateOptions, type GateOutcome } from './gate/run-gate.js'
import type { Logger } from './log.js'
import type { GateResults, ShardRecord } from './model.js'
import { readResults } from './publish.js'
import { acceptanceText } from './report/report-content.js'
import { mergePartials, type PartialResults } from './shard/merge.js'
import { narrowToShare, shareOf, type ShardSpec } from './shard/share.js'

/** What a run measures: the whole config, or one share of it and the record its results carry. */
export interface GateSession {
  loaded: LoadedConfig
  /** The `shard` field of results.json, less the commit (the gate fills it in). */
  shard?: Omit<ShardRecord, 'commit'>
}

/**
 * SHA-256 of what makes two shards parts of one gate: the config file's bytes and the overrides the
 * run applied to it (threshold; k6 flags and version, from the config or the inputs). Files the
 * config names are covered by the commit, which the merge checks too.
 */
export function configDigest(loaded: LoadedConfig, threshold: number | undefined): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(loaded.file))
  hash.update('\u0000')
  hash.update(JSON.stringify({ threshold: threshold ?? null, k6: loaded.config.k6 }))
  return hash.digest('hex')
}

/**
 * The session for `spec` (undefined: the whole gate). `what` names the flag or input in errors;
 * `event` is GITHUB_EVENT_NAME, or "local".
 */
export function gateSession(
  loaded: LoadedConfig,
  spec: ShardSpec | undefined,
  settings: { threshold: number | undefined; event: string; what: string },
): GateSession {
  if (!spec) return { loaded }
  const config = narrowToShare(loaded.config, spec, settings.what)
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
          ...(p.hooks !== undefined ? { hooks: p.hooks } : {}),
        })),
        scenarios: loaded.config.scenarios.map((s) => s.name),
        reference: loaded.config.report.reference ?? null,
      },
    },
  }
}

/**
 * Checks the session's baseline file before a container starts: it must read as this gate's (name,
 * metric), and one the flag or input names (`explicit`, named by `what`) must exist.
 */
export function checkSessionBaseline(
  session: GateSession,
  file: string,
  named: { explicit: boolean; what: string },
): ReturnType<typeof checkBaseline> {
  const { config } = session.loaded
  return checkBaseline(file, { name: config.name, metric: config.gate.metric }, named)
}

/**
 * Runs the session's gate. A share's verdict is partial: the merge decides, and accepts, across all
 * cells, so a share is never asked to accept a regression and fails only on errors (exit code 0).
 */
export async function runSession(
  session: GateSession,
  options: Omit<GateOptions, 'shard'>,
): Promise<GateOutcome> {
  const { acceptRegression, ...rest } = options
  const outcome = await runGate(session.loaded, {
    ...rest,
    shard: session.shard,
    ...(acceptRegression && !session.shard ? { acceptRegression } : {}),
  })
  return session.shard ? { ...outcome, exitCode: 0 } : outcome
}

/** An event name as results.json records it: GITHUB_EVENT_NAME when it looks like one, else "local". */
export function eventName(env: Record<string, string | undefined>): string {
  const name = env.GITHUB_EVENT_NAME
  return name && /^[a-z_]{1,64}$/.test(name) ? name : 'local'
}

/**
 * The partial results.json files `targets` name: a file, a folder holding results.json, or a folder
 * of folders each holding one (what downloading several artifacts gives). `what` names the flag or
 * input in errors.
 */
export async function partialFiles(targets: readonly string[], what: string): Promise<string[]> {
  const files: string[] = []
  for (const target of targets) {
    const info = existsSync(target) ? statSync(target) : null
    if (!info) throw new ConfigError([`${what}: ${target}: not found`])
    if (!info.isDirectory()) {
      files.push(target)
      continue
    }
    const direct = path.join(target, 'results.json')
    if (existsSync(direct)) {
      files.push(direct)
      continue
    }
    const inside = (await readdir(target, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && existsSync(path.join(target, e.name, 'results.json')))
      .map((e) => path.join(target, e.name, 'results.json'))
      .sort()
    if (inside.length === 0)
      throw new ConfigError([`${what}: ${target}: no results.json in it or in the folders inside it`])
    files.push(...inside)
  }
  return files
}

/** What a merge produced: the merged results, the report files, and the exit code of the joined gate. */
export interface MergeOutcome {
  results: GateResults
  artifacts: Artifacts
  exitCode: 0 | 1
}

/**
 * Reads the partials (untrusted: size-capped, validated and defanged as publish mode reads
 * results.json), joins them, applies an acceptance when asked and allowed, and writes the report.
 */
export async function mergeSession(
  files: readonly string[],
  options: {
    outDir: string
    log: Logger
    what: string
    acceptRegression?: (() => Promise<AcceptanceRequest | null>) | undefined
    /** The commit the merge is for (GITHUB_SHA in the action); every partial must have measured it. */
    expectedCommit?: string | undefined
  },
): Promise<MergeOutcome> {
  const partials: PartialResults[] = []
  for (const file of files) partials.push({ file, results: await readResults(file, options.what) })
  const merged = mergePartials(partials, options.expectedCommit)
  let results = merged.results
  if (results.verdict === 'regression' && options.acceptRegression) {
    const request = await options.acceptRegression()
    const refusal = request ? acceptanceRefusal(results) : null
    if (request && refusal)
      options.log.warning(`${request.reason}, but the regression is not accepted: ${refusal}`)
    else if (request) {
      results = acceptRegression(results, request)
      if (results.acceptedRegression) options.log.warning(acceptanceText(results.acceptedRegression))
    }
  }
  const artifacts = await writeArtifacts(results, options.outDir, options.log)
  const fails = merged.fails && !(results.verdict === 'regression' && results.acceptedRegression)
  return { results, artifacts, exitCode: fails ? 1 : 0 }
}
