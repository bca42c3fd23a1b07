/**
 * The plan-size rule: a config whose plan, as `run --dry-run` estimates it, would take longer than a
 * day is a config error, caught before anything starts. It needs the estimate (plan/), so it is
 * checked here, above the config loader, by loadGateConfig: what run, validate and the action load.
 */
import { ConfigError } from '../errors.js'
import { loadConfig, type LoadedConfig, type LoadOptions } from '../config/load.js'
import { configIndex } from '../config/preflight.js'
import type { Config } from '../config/schema.js'
import { redact } from '../config/secrets.js'
import { kindOf } from '../kinds/registry.js'
import { estimateGate, formatSeconds, runSeconds } from './estimate.js'

/** Longest plan accepted, in seconds: the time budget's own ceiling (gate.timeBudget <= 24h). */
export const MAX_PLAN_S = 24 * 3600

/** "45s", "30.5 h", "12 days", "5.9 years". */
function formatLong(seconds: number): string {
  if (seconds < 3600) return formatSeconds(seconds)
  const hours = seconds / 3600
  if (hours < 48) return `${hours.toFixed(1)} h`
  const days = hours / 24
  if (days < 365) return `${Math.round(days)} days`
  return `${(days / 365).toFixed(1)} years`
}

/**
 * A plan longer than a day (as `run --dry-run` estimates it, in its usual case, in either mode) is a
 * config error: the gate could never finish within gate.timeBudget, and a runner would be held for
 * it. The message names what makes it long.
 */
export function planProblems(config: Config): string[] {
  const gate = config.gate
  const paired = config.baselineVariant !== undefined && gate.method !== 'stored'
  const estimates = [
    estimateGate(config, 'baseline', false),
    ...(gate.method === 'paired' ? [] : [estimateGate(config, 'stored', paired)]),
    ...(paired ? [estimateGate(config, 'paired', true)] : []),
  ]
  const longest = Math.max(...estimates.map((e) => e.expectedS))
  if (longest <= MAX_PLAN_S) return []
  let slowest = { at: '', seconds: 0 }
  config.scenarios.forEach((s, i) => {
    const seconds = runSeconds(config, s)
    if (seconds > slowest.seconds) {
      const keys = kindOf(s).runLengthKeys(s)
      slowest = { at: `scenarios[${configIndex(config.scenarios, i)}] (${keys})`, seconds }
    }
  })
  const cells = estimates[0]?.cells ?? 0
  const sweeps = config.scenarios.some((s) => s.sweep) ? ', sweep levels expanded' : ''
  const blocks = paired
    ? `; paired blocks: gate.rounds ${gate.rounds} / gate.pairsPerBlock ${gate.pairsPerBlock} at least, up to gate.maxRounds ${gate.maxRounds ?? gate.rounds * 4}`
    : ''
  return [
    `gate: the plan would take about ${formatLong(longest)} (run --dry-run shows the estimate), more than the ${MAX_PLAN_S / 3600} h limit: ${cells} ${cells === 1 ? 'cell' : 'cells'} (profiles x scenarios${sweeps}) x ${gate.warmupRounds + gate.rounds} rounds (gate.warmupRounds ${gate.warmupRounds} + gate.rounds ${gate.rounds})${blocks}; the longest run is ${formatLong(slowest.seconds)}, ${slowest.at}. Shorten the durations, lower the rounds or sweep fewer levels`,
  ]
}

/**
 * loadConfig, then the plan-size rule: what `run`, `validate` and the action load. Exit 2 (a
 * ConfigError naming the file) when the plan would take longer than a day.
 */
export function loadGateConfig(
  file: string,
  env: NodeJS.ProcessEnv,
  options: LoadOptions = {},
): LoadedConfig {
  const loaded = loadConfig(file, env, options)
  const problems = planProblems(loaded.config)
  if (problems.length > 0)
    throw new ConfigError(problems.map((m) => redact(`${loaded.file}: ${m}`, loaded.interpolated)))
  return loaded
}
