/**
 * The CLI verbs beside `run` and `validate`: report, compare, init and doctor. Each verb's work lives
 * in its own module; this file only declares the options and prints.
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Option, type Command } from 'commander'
import { getContainerRuntimeClient, ImageName } from 'testcontainers'
import { configFile, DEFAULT_CONFIG_FILE, loadConfig } from '../config/load.js'
import { ConfigError, ExitCode, InfrastructureError } from '../errors.js'
import { writeArtifacts } from '../gate/artifacts.js'
import type { Logger } from '../log.js'
import type { LatencyMetric } from '../model.js'
import { compareResults, formatComparison } from './compare-results.js'
import { formatChecks, runDoctor } from './doctor.js'
import {
  exposedTcpPorts,
  factsForCompose,
  factsForImage,
  renderInitConfig,
  type InitFacts,
} from './init-config.js'
import { jsonSummary } from './json-summary.js'
import { readResultsFile } from './results-file.js'

export interface VerbContext {
  log: Logger
  setExitCode: (code: number) => void
  stdout: (text: string) => void
}

async function imageFacts(image: string): Promise<InitFacts> {
  let client: Awaited<ReturnType<typeof getContainerRuntimeClient>>
  try {
    client = await getContainerRuntimeClient()
  } catch (error) {
    throw new InfrastructureError(
      `no Docker engine reachable to inspect ${image}: ${(error as Error).message}`,
    )
  }
  const name = ImageName.fromString(image)
  if (!(await client.image.exists(name))) {
    throw new ConfigError([`--image ${image}: not in the local Docker engine (docker pull ${image} first)`])
  }
  const inspected = await client.image.inspect(name)
  return factsForImage(image, exposedTcpPorts(inspected.Config?.ExposedPorts))
}

/** Adds report, compare, init and doctor to the program. */
export function registerVerbs(program: Command, ctx: VerbContext): void {
  program
    .command('report')
    .description('re-render report.md, the charts and report.html from a results.json')
    .argument('<results>', 'results.json, or the out folder holding it')
    .option('-o, --out <dir>', 'where to write (default: the folder of results.json)')
    .option('--json', 'print a JSON summary on stdout instead of the paths')
    .action(async (target: string, opts: { out?: string; json?: boolean }) => {
      const { file, results } = await readResultsFile(target)
      const artifacts = await writeArtifacts(results, opts.out ?? path.dirname(file), ctx.log)
      ctx.stdout(
        opts.json
          ? `${JSON.stringify(jsonSummary(results, artifacts))}\n`
          : `report: ${artifacts.reportPath}\nhtml: ${artifacts.htmlPath}\ncharts: ${artifacts.charts.length} in ${path.join(artifacts.dir, 'charts')}\n`,
      )
    })

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

  program
    .command('init')
    .description('write a commented perf-gate.yml for a gateway image or a compose file')
    .option('--image <image>', 'a local gateway image; its exposed ports are read from Docker')
    .option('--compose <file>', 'a docker-compose file: its services become perf-gate services')
    .option('--gateway <service>', 'with --compose: the service under test (default: guessed)')
    .option('--name <name>', 'the gate name', 'gateway')
    .option('-o, --out <file>', 'the config file to write', 'perf-gate.yml')
    .action(
      async (opts: { image?: string; compose?: string; gateway?: string; name: string; out: string }) => {
        if ((opts.image === undefined) === (opts.compose === undefined)) {
          throw new ConfigError(['init: pass exactly one of --image IMAGE or --compose FILE'])
        }
        if (existsSync(opts.out))
          throw new ConfigError([`${opts.out}: already exists; init does not overwrite it`])
        let facts: InitFacts
        if (opts.compose !== undefined) {
          const text = await readFile(opts.compose, 'utf8').catch((error: Error) => {
            throw new ConfigError([`${opts.compose}: cannot read compose file: ${error.message}`])
          })
          facts = factsForCompose(text, opts.compose, opts.gateway)
          // Builds are relative to the compose file; the config may be written elsewhere.
          const from = path.dirname(path.resolve(opts.compose))
          const to = path.dirname(path.resolve(opts.out))
          for (const service of Object.values(facts.services)) {
            if (service.build)
              service.build.context = path.relative(to, path.resolve(from, service.build.context)) || '.'
          }
        } else {
          facts = await imageFacts(opts.image as string)
        }
        await writeFile(opts.out, renderInitConfig(facts, opts.name), { flag: 'wx' })
        ctx.stdout(`wrote ${opts.out} (gateway: ${facts.gateway}, from ${facts.source})\n`)
      },
    )

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
