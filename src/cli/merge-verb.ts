/**
 * `perf-gate merge PARTIAL... --out DIR`: joins the partial results of `run --shard i/N` into one
 * verdict (Holm across every cell), one report and one results.json. A PARTIAL is a results.json, a
 * folder holding one, or a folder of such folders (downloaded artifacts).
 */
import { InvalidArgumentError, type Command } from 'commander'
import { flagAcceptance, MAX_REASON_CHARS, verdictOutput } from '../gate/accept-regression.js'
import { prepareOutDir } from '../gate/artifacts.js'
import { mergeSession, partialFiles } from '../session.js'
import { jsonSummary } from './json-summary.js'
import type { VerbContext } from './verb-context.js'

function reasonOption(value: string): string {
  const reason = value.trim()
  if (reason === '' || reason.length > MAX_REASON_CHARS)
    throw new InvalidArgumentError(
      `expected why the regression is accepted, 1 to ${MAX_REASON_CHARS} characters`,
    )
  return reason
}

/** Registers `merge` on the program. */
export function registerMerge(program: Command, ctx: VerbContext): void {
  program
    .command('merge')
    .description('join the partial results of run --shard i/N into one verdict, report and results.json')
    .argument('<partials...>', 'partial results.json files, or folders holding them')
    .option('-o, --out <dir>', 'where the merged report.md and results.json go', 'perf-gate-results')
    .option('--accept-regression <reason>', 'accept a regression on purpose: reported, exit 0', reasonOption)
    .option('--json', 'print one JSON summary on stdout (logs stay on stderr)')
    .action(async (targets: string[], opts: { out: string; acceptRegression?: string; json?: boolean }) => {
      const files = await partialFiles(targets, 'merge')
      const outDir = await prepareOutDir(opts.out, '--out', { root: process.cwd() })
      const outcome = await mergeSession(files, {
        outDir,
        log: ctx.log,
        what: 'merge',
        acceptRegression:
          opts.acceptRegression !== undefined
            ? async () => flagAcceptance(opts.acceptRegression as string)
            : undefined,
      })
      ctx.setExitCode(outcome.exitCode)
      const { results, artifacts } = outcome
      if (opts.json) {
        ctx.stdout(`${JSON.stringify(jsonSummary(results, artifacts))}\n`)
        return
      }
      const regressed = results.cells
        .filter((c) => !c.control && c.verdict === 'regression')
        .map((c) => c.cell)
      ctx.stdout(
        `perf-gate verdict: ${verdictOutput(results).toUpperCase()} (merged ${files.length} shards)` +
          (regressed.length > 0 ? ` (regressed: ${regressed.join(', ')})` : '') +
          `\nreport: ${artifacts.reportPath}\nresults: ${artifacts.resultsPath}\n`,
      )
    })
}
