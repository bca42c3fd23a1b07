#!/usr/bin/env node
/**
 * perf-gate CLI: the same engine as the action, for a laptop or any CI.
 *   perf-gate run [--config perf-gate.yml] [--mode gate|baseline] [--out DIR] [--threshold 10%] [--baseline FILE]
 *                 [--accept-regression REASON] [--shard i/N]
 *   perf-gate merge PARTIAL... [--out DIR]   (joins the partial results of --shard runs)
 *   perf-gate validate [--config perf-gate.yml]
 *   perf-gate report|compare|init|doctor (src/cli/verbs.ts)
 * --config defaults to perf-gate.yml in the current directory.
 * Exit codes: 0 pass (or a regression accepted with --accept-regression), 1 regression, 2 invalid config or input, 3 infrastructure failure.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { consoleLogger } from './cli-logger.js'
import { failureText } from './cli/failure-text.js'
import { EXIT_CODES_HELP } from './cli/help.js'
import { describeDryRun } from './cli/dry-run.js'
import { jsonSummary } from './cli/json-summary.js'
import { VERSION } from './cli/version.js'
import { registerVerbs } from './cli/verbs.js'
import { registerMerge } from './cli/merge-verb.js'
import { cannotBlockReasons } from './config/can-block.js'
import { parseHostList } from './config/hosts.js'
import { configFile, DEFAULT_CONFIG_FILE } from './config/config-file.js'
import type { LoadOptions } from './config/load.js'
import { loadGateConfig } from './plan/plan-size.js'
import { parseThreshold } from './config/threshold.js'
import { checkBaseline } from './baseline/store.js'
import { ConfigError, ExitCode } from './errors.js'
import { flagAcceptance, MAX_REASON_CHARS } from './gate/accept-regression.js'
import { headline } from './report/headline.js'
import { prepareOutDir } from './gate/artifacts.js'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { hasTaskset, runGate } from './gate/run-gate.js'
import { planPlacement } from './plan/placement.js'
import { guardInterrupts } from './interrupt.js'
import { disableReaperUnlessSet } from './stack/reaper.js'
import { eventName, gateSession } from './session.js'
import { budgetWarning, parseShard, SHARD_FORMAT, type ShardSpec } from './shard/share.js'

function thresholdOption(value: string): number {
  const parsed = parseThreshold(value)
  if (parsed === null)
    throw new InvalidArgumentError('expected a fraction such as 0.1 or a percentage such as 10%')
  return parsed
}

const CONFIG_HELP = `the config file (default: ${DEFAULT_CONFIG_FILE} in the current directory)`

/** --allow-host, repeatable, each a host or a comma-separated list of hosts. */
function hostOption(value: string, previous: string[] = []): string[] {
  const { hosts, invalid } = parseHostList(value)
  if (invalid.length > 0 || hosts.length === 0)
    throw new InvalidArgumentError('expected host names or IP addresses (no scheme, port or path)')
  return [...new Set([...previous, ...hosts])]
}

/** The options that widen the trust boundary: flags of the command line, never keys of the config. */
interface TrustFlags {
  allowPathsOutsideRepo?: boolean
  allowHost?: string[]
}

/** What the workflow decides for loadConfig: the working directory is the workspace root. */
function loadOptions(opts: TrustFlags): LoadOptions {
  return {
    root: process.cwd(),
    allowPathsOutsideRepo: opts.allowPathsOutsideRepo === true,
    allowedHosts: opts.allowHost ?? [],
  }
}

const ALLOW_PATHS_HELP =
  "read files, build contexts and k6 scripts outside the config's folder and the working directory (never /proc, /sys, /dev)"
const ALLOW_HOST_HELP =
  "a host setup, readiness and targets may call besides the stack's services (repeatable)"

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

async function main(argv: string[]): Promise<number> {
  // Before any Docker call (the echo image build, doctor, init --image): see src/stack/reaper.ts.
  disableReaperUnlessSet()
  const log = consoleLogger()
  const program = new Command('perf-gate')
    .description('Performance gate for API gateways: testcontainers + k6 + honest statistics')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    .addHelpText('afterAll', EXIT_CODES_HELP)

  let exitCode: number = ExitCode.Pass
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
    )
    .option('--allow-paths-outside-repo', ALLOW_PATHS_HELP)
    .option('--allow-host <host>', ALLOW_HOST_HELP, hostOption)
    .action(
      async (
        opts: {
          config?: string
          mode: 'gate' | 'baseline'
          out: string
          threshold?: number
          baseline?: string
          json?: boolean
          dryRun?: boolean
          acceptRegression?: string
          shard?: ShardSpec
        } & TrustFlags,
      ) => {
        const whole = loadGateConfig(configFile(opts.config), process.env, loadOptions(opts))
        if (opts.shard && opts.mode !== 'gate')
          throw new ConfigError(['--shard: only a gate is sharded (--mode gate), not --mode baseline'])
        // The one place a share is cut (src/session.ts): the action cuts it the same way.
        const session = gateSession(whole, opts.shard, {
          threshold: opts.threshold,
          event: eventName(process.env),
          what: '--shard',
        })
        const loaded = session.loaded
        // Every input is checked before a container starts: the baseline, and that the report can be written.
        const baselinePath = opts.baseline ?? loaded.config.baseline.path
        const baseline = await checkBaseline(
          baselinePath,
          { name: loaded.config.name, metric: loaded.config.gate.metric },
          { explicit: opts.baseline !== undefined, what: opts.baseline ? '--baseline' : 'baseline.path' },
        )
        if (opts.dryRun) {
          process.stdout.write(
            describeDryRun(
              loaded,
              baseline,
              baselinePath,
              opts.mode,
              planPlacement(loaded.config, availableParallelism(), hasTaskset()),
              opts.shard ? { ...opts.shard, whole: whole.config } : undefined,
            ),
          )
          return
        }
        const outDir = await prepareOutDir(opts.out, '--out', { root: process.cwd() })
        const guard = guardInterrupts(log)
        try {
          const outcome = await runGate(loaded, {
            mode: opts.mode,
            outDir,
            threshold: opts.threshold,
            baselinePath: opts.baseline,
            log,
            cleanup: guard.cleanup,
            signal: guard.signal,
            shard: session.shard,
            // A share's verdict is partial: the merge decides, and accepts, across all cells.
            ...(opts.acceptRegression !== undefined && !opts.shard
              ? { acceptRegression: async () => flagAcceptance(opts.acceptRegression as string) }
              : {}),
          })
          const { results, artifacts } = outcome
          // A share fails only on errors: its partial verdict is not the gate's until merged.
          exitCode = opts.shard ? ExitCode.Pass : outcome.exitCode
          if (opts.json) {
            process.stdout.write(`${JSON.stringify(jsonSummary(results, artifacts))}\n`)
            return
          }
          process.stdout.write(
            `${headline(results, 'terminal')}\nreport: ${artifacts.reportPath}\nresults: ${artifacts.resultsPath}\n`,
          )
        } finally {
          guard.dispose()
        }
      },
    )

  program
    .command('validate')
    .description('check a config file and exit (2 when invalid)')
    .option('-c, --config <file>', CONFIG_HELP)
    .option('--allow-paths-outside-repo', ALLOW_PATHS_HELP)
    .option('--allow-host <host>', ALLOW_HOST_HELP, hostOption)
    .action((opts: { config?: string } & TrustFlags) => {
      const file = configFile(opts.config)
      const { config, compose } = loadGateConfig(file, process.env, loadOptions(opts))
      process.stdout.write(
        `${file}: valid (${config.stack ? `compose file ${config.stack.compose}` : `${Object.keys(config.services).length} services`}, ${config.profiles.length} profiles, ${config.scenarios.length} scenarios)\n` +
          // Which documents the stack allowlist saw: without a Compose binary, only the file itself.
          (compose ? `compose file checked on: ${compose.evaluation}\n` : ''),
      )
      // Valid, but perhaps unable ever to block: say so (the exit code stays 0; it is not invalid).
      const baselinePath = config.baseline.path
      for (const reason of cannotBlockReasons(config, {
        baselineExists: existsSync(baselinePath),
        baselinePath,
      }))
        process.stdout.write(`warning: this config can never block a pull request: ${reason}\n`)
      const paired = config.baselineVariant !== undefined && config.gate.method !== 'stored'
      const start = config.gate.method === 'paired' || !existsSync(baselinePath) ? 'paired' : 'stored'
      const budget = budgetWarning(config, start, paired)
      if (budget) process.stdout.write(`warning: ${budget}\n`)
    })

  registerMerge(program, {
    log,
    setExitCode: (code) => (exitCode = code),
    stdout: (text) => process.stdout.write(text),
  })

  registerVerbs(program, {
    log,
    setExitCode: (code) => (exitCode = code),
    stdout: (text) => process.stdout.write(text),
  })

  try {
    await program.parseAsync(argv)
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage errors are invalid input.
      return error.exitCode === 0 ? ExitCode.Pass : ExitCode.InvalidInput
    }
    const failure = failureText(error)
    process.stderr.write(failure.text)
    return failure.exitCode
  }
}

// testcontainers keeps Docker sockets alive; exit explicitly once the work and its cleanup are done.
process.exit(await main(process.argv))
