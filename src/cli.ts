#!/usr/bin/env node
/**
 * perf-gate CLI: the same engine as the action, for a laptop or any CI.
 *   perf-gate run --config perf-gate.yml [--mode gate|baseline] [--out DIR] [--threshold 10%] [--baseline FILE]
 *                 [--accept-regression REASON]
 *   perf-gate validate --config perf-gate.yml
 *   perf-gate report|compare|init|doctor (src/cli/verbs.ts)
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
import { loadConfig } from './config/load.js'
import { parseThreshold } from './config/threshold.js'
import { checkBaseline } from './baseline/store.js'
import { ExitCode } from './errors.js'
import { flagAcceptance, MAX_REASON_CHARS, verdictOutput } from './gate/accept-regression.js'
import { prepareOutDir } from './gate/artifacts.js'
import { availableParallelism } from 'node:os'
import { hasTaskset, runGate } from './gate/run-gate.js'
import { planPlacement } from './plan/placement.js'
import { guardInterrupts } from './interrupt.js'

function thresholdOption(value: string): number {
  const parsed = parseThreshold(value)
  if (parsed === null)
    throw new InvalidArgumentError('expected a fraction such as 0.1 or a percentage such as 10%')
  return parsed
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
    .requiredOption('-c, --config <file>', 'perf-gate.yml')
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
    .action(
      async (opts: {
        config: string
        mode: 'gate' | 'baseline'
        out: string
        threshold?: number
        baseline?: string
        json?: boolean
        dryRun?: boolean
        acceptRegression?: string
      }) => {
        const loaded = loadConfig(opts.config)
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
            ),
          )
          return
        }
        const outDir = await prepareOutDir(opts.out, '--out')
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
            ...(opts.acceptRegression !== undefined
              ? { acceptRegression: async () => flagAcceptance(opts.acceptRegression as string) }
              : {}),
          })
          const { results, artifacts } = outcome
          exitCode = outcome.exitCode
          if (opts.json) {
            process.stdout.write(`${JSON.stringify(jsonSummary(results, artifacts))}\n`)
            return
          }
          const regressed = results.cells
            .filter((c) => !c.control && c.verdict === 'regression')
            .map((c) => c.cell)
          process.stdout.write(
            `perf-gate ${opts.mode === 'baseline' ? 'baseline written' : `verdict: ${verdictOutput(results).toUpperCase()}`}` +
              (regressed.length > 0 ? ` (regressed: ${regressed.join(', ')})` : '') +
              (results.acceptedRegression ? `\naccepted: ${results.acceptedRegression.reason}` : '') +
              `\nreport: ${artifacts.reportPath}\nresults: ${artifacts.resultsPath}\n`,
          )
        } finally {
          guard.dispose()
        }
      },
    )

  program
    .command('validate')
    .description('check a config file and exit (2 when invalid)')
    .requiredOption('-c, --config <file>', 'perf-gate.yml')
    .action((opts: { config: string }) => {
      const { config } = loadConfig(opts.config)
      process.stdout.write(
        `${opts.config}: valid (${config.stack ? `compose file ${config.stack.compose}` : `${Object.keys(config.services).length} services`}, ${config.profiles.length} profiles, ${config.scenarios.length} scenarios)\n`,
      )
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
