#!/usr/bin/env node
/**
 * perf-gate CLI: the same engine as the action, for a laptop or any CI.
 *   perf-gate run [--config perf-gate.yml] [--mode gate|baseline] [--out DIR] [--threshold 10%] [--baseline FILE]
 *                 [--accept-regression REASON] [--shard i/N]     (src/cli/run-verb.ts)
 *   perf-gate merge PARTIAL... [--out DIR]   (joins the partial results of --shard runs)
 *   perf-gate validate [--config perf-gate.yml]
 *   perf-gate report|compare|init|doctor (src/cli/verbs.ts)
 * --config defaults to perf-gate.yml in the current directory.
 * Exit codes: 0 pass (or a regression accepted with --accept-regression), 1 regression, 2 invalid config or input, 3 infrastructure failure.
 */
import { Command, CommanderError } from 'commander'
import { consoleLogger } from './cli-logger.js'
import { failureText } from './cli/failure-text.js'
import { EXIT_CODES_HELP } from './cli/help.js'
import { registerMerge } from './cli/merge-verb.js'
import { registerRun } from './cli/run-verb.js'
import { registerValidate } from './cli/validate-verb.js'
import type { VerbContext } from './cli/verb-context.js'
import { registerVerbs } from './cli/verbs.js'
import { VERSION } from './cli/version.js'
import { ExitCode } from './errors.js'
import { endProcess } from './exit.js'
import { disableReaperUnlessSet } from './stack/reaper.js'

async function main(argv: string[]): Promise<number> {
  // Before any Docker call (the echo image build, doctor, init --image): see src/stack/reaper.ts.
  disableReaperUnlessSet()
  let exitCode: number = ExitCode.Pass
  const ctx: VerbContext = {
    log: consoleLogger(),
    setExitCode: (code) => (exitCode = code),
    stdout: (text) => process.stdout.write(text),
  }
  const program = new Command('perf-gate')
    .description('Performance gate for API gateways: testcontainers + k6 + honest statistics')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    .addHelpText('afterAll', EXIT_CODES_HELP)
  registerRun(program, ctx)
  registerValidate(program, ctx)
  registerMerge(program, ctx)
  registerVerbs(program, ctx)
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

// testcontainers keeps Docker sockets alive; end the process once the work and its cleanup are done.
endProcess(await main(process.argv))
