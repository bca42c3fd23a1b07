/**
 * `perf-gate run`: the gate use case on this machine. The config (whole, then the share `--shard`
 * names) and the baseline are checked before anything starts; `--dry-run` stops there and describes
 * the gate; otherwise the gate runs (src/session.ts, as the action runs it) and its headline is printed.
 */
import { availableParallelism } from 'node:os'
import { InvalidArgumentError, Option, type Command } from 'commander'
import { configFile } from '../config/config-file.js'
import type { LoadedConfig } from '../config/load.js'
import { parseThreshold } from '../config/threshold.js'
import { ConfigError } from '../errors.js'
import { flagAcceptance, MAX_REASON_CHARS } from '../gate/accept-regression.js'
import { prepareOutDir } from '../gate/artifacts.js'
import { hasTaskset, type GateOutcome } from '../gate/run-gate.js'
import { guardInterrupts } from '../interrupt.js'
import { planPlacement } from '../plan/placement.js'
import { loadGateConfig } from '../plan/plan-size.js'
import { headline } from '../report/headline.js'
import { checkSessionBaseline, eventName, gateSession, runSession, type GateSession } from '../session.js'
import { parseShard, SHARD_FORMAT, type ShardSpec } from '../shard/share.js'
import { describeDryRun } from './dry-run.js'
import { jsonSummary } from './json-summary.js'
import type { VerbContext } from './verb-context.js'
import { CONFIG_HELP, loadOptions, withTrustFlags, type TrustFlags } from './workflow-flags.js'

type RunOptions = {
  config?: string
  mode: 'gate' | 'baseline'
  out: string
  threshold?: number
  baseline?: string
  json?: boolean
  dryRun?: boolean
  acceptRegression?: string
  shard?: ShardSpec
} & TrustFlags

function thresholdOption(value: string): number {
  const parsed = parseThreshold(value)
  if (parsed === null)
    throw new InvalidArgumentError('expected a fraction such as 0.1 or a percentage such as 10%')
  return parsed
}

function shardOption(value: string): ShardSpec {
  const spec = parseShard(value)
  if (!spec) throw new InvalidArgumentError(`expected ${SHARD_FORMAT}`)
  return spec
}

function acceptReasonOption(value: string): string {
  const reason = value.trim()
  if (reason === '' || reason.length > MAX_REASON_CHARS)
    throw new InvalidArgumentError(
      `expected why the regression is accepted, 1 to ${MAX_REASON_CHARS} characters (e.g. "adds JWT validation on purpose")`,
    )
  return reason
}

/** Registers `run` on the program. */
export function registerRun(program: Command, ctx: VerbContext): void {
  withTrustFlags(
    program
      .command('run')
      .description('start the stack, run the k6 scenarios, compare with the baseline, write the report')
      .option('-c, --config <file>', CONFIG_HELP)
      .addOption(
        new Option('-m, --mode <mode>', 'gate or baseline').choices(['gate', 'baseline']).default('gate'),
      )
      .option('-o, --out <dir>', 'where report.md and results.json go', 'perf-gate-results')
      .option('-t, --threshold <threshold>', 'overrides gate.threshold (0.1 or 10%)', thresholdOption)
      .option('-b, --baseline <file>', 'overrides the baseline file path')
      .option(
        '--accept-regression <reason>',
        'accept a regression on purpose: still measured and reported, exit 0, the reason in the report',
        acceptReasonOption,
      )
      .option('--json', 'print one JSON summary on stdout (logs stay on stderr)')
      .option('--dry-run', 'check everything, print the cells, the schedule and an ETA, start nothing')
      .option(
        '--shard <i/N>',
        'measure share i of N of the gated cells (for a CI matrix); join the partial results with perf-gate merge',
        shardOption,
      ),
  ).action((opts: RunOptions) => run(opts, ctx))
}

async function run(opts: RunOptions, ctx: VerbContext): Promise<void> {
  const whole = loadGateConfig(configFile(opts.config), process.env, loadOptions(opts))
  const session = sessionOf(whole, opts)
  // Every input is checked before a container starts: the baseline, and that the report can be written.
  const baselinePath = opts.baseline ?? session.loaded.config.baseline.path
  const baseline = await checkSessionBaseline(session, baselinePath, {
    explicit: opts.baseline !== undefined,
    what: opts.baseline ? '--baseline' : 'baseline.path',
  })
  if (opts.dryRun) {
    const placement = planPlacement(session.loaded.config, availableParallelism(), hasTaskset())
    const shard = opts.shard ? { ...opts.shard, whole: whole.config } : undefined
    ctx.stdout(describeDryRun(session.loaded, baseline, baselinePath, opts.mode, placement, shard))
    return
  }
  const outDir = await prepareOutDir(opts.out, '--out', { root: process.cwd() })
  const guard = guardInterrupts(ctx.log)
  try {
    const outcome = await runSession(session, {
      mode: opts.mode,
      outDir,
      threshold: opts.threshold,
      baselinePath: opts.baseline,
      log: ctx.log,
      cleanup: guard.cleanup,
      signal: guard.signal,
      ...(opts.acceptRegression !== undefined
        ? { acceptRegression: async () => flagAcceptance(opts.acceptRegression as string) }
        : {}),
    })
    ctx.setExitCode(outcome.exitCode)
    ctx.stdout(outcomeText(outcome, opts.json === true))
  } finally {
    guard.dispose()
  }
}

/** The share of the whole config this run measures (src/session.ts cuts it as the action does). */
function sessionOf(whole: LoadedConfig, opts: RunOptions): GateSession {
  if (opts.shard && opts.mode !== 'gate')
    throw new ConfigError(['--shard: only a gate is sharded (--mode gate), not --mode baseline'])
  return gateSession(whole, opts.shard, {
    threshold: opts.threshold,
    event: eventName(process.env),
    what: '--shard',
  })
}

/** What `run` prints: one JSON summary with --json, else the headline and where the report is. */
function outcomeText({ results, artifacts }: GateOutcome, json: boolean): string {
  return json
    ? `${JSON.stringify(jsonSummary(results, artifacts))}\n`
    : `${headline(results, 'terminal')}\nreport: ${artifacts.reportPath}\nresults: ${artifacts.resultsPath}\n`
}
