/**
 * The CLI verbs beside `run`, `validate` and `merge`: report, trend, compare, init and doctor. Each
 * verb's work lives in its own module; this file only declares the options and prints (init, which
 * gathers its facts first, has init-verb.ts).
 */
import path from 'node:path'
import { Option, type Command } from 'commander'
import { configFile, DEFAULT_CONFIG_FILE } from '../config/config-file.js'
import { loadConfig } from '../config/load.js'
import { ConfigError, ExitCode } from '../errors.js'
import { prepareOutDir, writeArtifacts } from '../gate/artifacts.js'
import type { LatencyMetric } from '../model.js'
import { compareResults, formatComparison } from './compare-results.js'
import { formatChecks, runDoctor } from './doctor.js'
import { registerInit } from './init-verb.js'
import { jsonSummary } from './json-summary.js'
import { registerK6Operator } from './k6-operator-verb.js'
import { readResultsFile } from './results-file.js'
import { writeTrendPage } from './trend.js'
import type { VerbContext } from './verb-context.js'

/** Adds report, trend, compare, init and doctor to the program, in the order `--help` lists them. */
export function registerVerbs(program: Command, ctx: VerbContext): void {
  registerReport(program, ctx)
  registerTrend(program, ctx)
  registerCompare(program, ctx)
  registerInit(program, ctx)
  registerDoctor(program, ctx)
  registerK6Operator(program, ctx)
}

function registerReport(program: Command, ctx: VerbContext): void {
  program
    .command('report')
    .description('re-render report.md, the charts and report.html from a results.json')
    .argument('<results>', 'results.json, or the out folder holding it')
    .option('-o, --out <dir>', 'where to write (default: the folder of results.json)')
    .option('--json', 'print a JSON summary on stdout instead of the paths')
    .action(async (target: string, opts: { out?: string; json?: boolean }) => {
      const { file, results } = await readResultsFile(target)
      // The same rule as run --out: a committed symlink would make the report write through it.
      const out = await prepareOutDir(opts.out ?? path.dirname(file), '--out', { root: process.cwd() })
      const artifacts = await writeArtifacts(results, out, ctx.log)
      ctx.stdout(
        opts.json
          ? `${JSON.stringify(jsonSummary(results, artifacts))}\n`
          : `report: ${artifacts.reportPath}\nhtml: ${artifacts.htmlPath}\ncharts: ${artifacts.charts.length} in ${path.join(artifacts.dir, 'charts')}\n`,
      )
    })
}

function registerTrend(program: Command, ctx: VerbContext): void {
  program
    .command('trend')
    .description(
      'write trend.html from a baseline history: one chart per cell over the nights, with bands and change points',
    )
    .requiredOption(
      '-b, --baseline <file>',
      'the baseline file (its history of nights, e.g. from the data branch)',
    )
    .requiredOption('-o, --out <dir>', 'the folder to write trend.html into')
    .option(
      '-c, --config <file>',
      `the gate's config, whose control profiles are labelled as controls (default: ${DEFAULT_CONFIG_FILE} in the current directory, when there is one)`,
    )
    .action(async (opts: { baseline: string; out: string; config?: string }) => {
      ctx.stdout(`trend: ${await writeTrendPage(opts)}\n`)
    })
}

function registerCompare(program: Command, ctx: VerbContext): void {
  program
    .command('compare')
    .description(
      'compare the cells two results.json files have in common (b against a), each estimate with its confidence interval',
    )
    .argument('<a>', 'results.json (or its folder): the reference')
    .argument('<b>', 'results.json (or its folder): compared with a')
    .addOption(
      new Option('--metric <metric>', 'latency percentile')
        .choices(['p50', 'p90', 'p95', 'p99'])
        .default('p95'),
    )
    .action(async (a: string, b: string, opts: { metric: LatencyMetric }) => {
      // Both files are read before failing, so one run names every bad file.
      const [ra, rb] = await Promise.allSettled([readResultsFile(a), readResultsFile(b)])
      if (ra.status === 'rejected' || rb.status === 'rejected') {
        const problems = [ra, rb].flatMap((r) =>
          r.status === 'fulfilled'
            ? []
            : r.reason instanceof ConfigError
              ? r.reason.problems
              : [String(r.reason)],
        )
        throw new ConfigError(problems)
      }
      const comparison = compareResults(ra.value.results, rb.value.results, opts.metric)
      ctx.stdout(formatComparison(comparison, ra.value.file, rb.value.file))
    })
}

function registerDoctor(program: Command, ctx: VerbContext): void {
  program
    .command('doctor')
    .description('check Docker, k6, the config’s images, CPUs, memory and the machine’s noise')
    .option(
      '-c, --config <file>',
      `also check the images this config names (default: ${DEFAULT_CONFIG_FILE} in the current directory, when there is one)`,
    )
    .action(async (opts: { config?: string }) => {
      const file = configFile(opts.config, undefined, { optional: true })
      const config = file ? loadConfig(file, process.env, { root: process.cwd() }) : undefined
      const checks = await runDoctor({ config })
      ctx.stdout(formatChecks(checks))
      const problems = checks.filter((c) => c.status === 'problem')
      if (problems.length > 0) {
        ctx.log.warning(`${problems.length} problem(s): ${problems.map((p) => p.name).join(', ')}`)
        ctx.setExitCode(ExitCode.Infrastructure)
      }
    })
}
