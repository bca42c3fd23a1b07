/**
 * `perf-gate validate [--config perf-gate.yml]`: checks a config file and exits, 2 when invalid. A
 * valid config that can never block a pull request, or whose gate would outrun its time budget, is
 * still valid: a warning says so.
 */
import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { cannotBlockReasons } from '../config/can-block.js'
import { configFile } from '../config/config-file.js'
import type { Config } from '../config/schema.js'
import { loadGateConfig } from '../plan/plan-size.js'
import { budgetWarning } from '../shard/share.js'
import type { VerbContext } from './verb-context.js'
import { CONFIG_HELP, loadOptions, withTrustFlags, type TrustFlags } from './workflow-flags.js'

/** Registers `validate` on the program. */
export function registerValidate(program: Command, ctx: VerbContext): void {
  withTrustFlags(
    program
      .command('validate')
      .description('check a config file and exit (2 when invalid)')
      .option('-c, --config <file>', CONFIG_HELP),
  ).action((opts: { config?: string } & TrustFlags) => {
    const file = configFile(opts.config)
    const { config, compose } = loadGateConfig(file, process.env, loadOptions(opts))
    ctx.stdout(
      `${file}: valid (${config.stack ? `compose file ${config.stack.compose}` : `${Object.keys(config.services).length} services`}, ${config.profiles.length} profiles, ${config.scenarios.length} scenarios)\n` +
        // Which documents the stack allowlist saw: without a Compose binary, only the file itself.
        (compose ? `compose file checked on: ${compose.evaluation}\n` : ''),
    )
    for (const warning of validWarnings(config)) ctx.stdout(`warning: ${warning}\n`)
  })
}

/** Valid, but perhaps unable ever to block, or to decide in its budget: said (the exit code stays 0). */
function validWarnings(config: Config): string[] {
  const baselinePath = config.baseline.path
  const reasons = cannotBlockReasons(config, { baselineExists: existsSync(baselinePath), baselinePath })
  const paired = config.baselineVariant !== undefined && config.gate.method !== 'stored'
  const start = config.gate.method === 'paired' || !existsSync(baselinePath) ? 'paired' : 'stored'
  const budget = budgetWarning(config, start, paired)
  return [
    ...reasons.map((reason) => `this config can never block a pull request: ${reason}`),
    ...(budget ? [budget] : []),
  ]
}
