/**
 * The start-up kind (script: startup): every run restarts the profile's gateway and times its first
 * successful response; gated like latency, with an absolute limit and tolerance on top.
 */
import { applyStartupLimit } from './limit.js'
import { invalidReason } from '../load/invalid-run.js'
import { describeLatencyRun, onlySide, singleOutcome, type ScenarioKind } from '../kind.js'
import { runStartup } from './run.js'

export const startupKind: ScenarioKind = {
  name: 'start-up',
  script: 'startup',
  async run(ctx) {
    const side = onlySide(ctx)
    const run = await runStartup({
      log: ctx.log,
      signal: ctx.signal,
      stack: side.stack,
      profile: ctx.profile,
      scenario: ctx.scenario,
      headers: side.headers,
      label: ctx.label,
    })
    return singleOutcome(ctx, run.metrics, { startup: run.startup })
  },
  invalidReason(scenario, metrics, outcome) {
    if (outcome.startup && outcome.startup.firstResponseMs === null) {
      return `no successful response within startup.timeout ${scenario.startup?.timeout} of the start`
    }
    return invalidReason(scenario, metrics)
  },
  duet: false,
  // As before the kinds: the block warm-up took every built-in script but capacity and arena.
  warmable: true,
  loadWindow: false,
  cpuPerRequest: true,
  // A stop (up to 10 s for a gateway that ignores SIGTERM) and a start; a few seconds.
  runSeconds: () => 5,
  runLengthKeys: () => 'startup: one restart',
  // An absolute limit on top of the latency comparison, after Holm (it is no test).
  settle: (cells, runs, config) =>
    cells.map((cell) =>
      applyStartupLimit(cell, runs, config.scenarios.find((s) => s.name === cell.scenario)?.startup),
    ),
  describeRun(run) {
    const s = run.startup
    if (!s) return describeLatencyRun(run)
    return `round ${run.round} ${run.cell} [${run.variant}]: start-up of ${s.service} ${s.firstResponseMs === null ? 'never answered' : `${s.firstResponseMs.toFixed(0)} ms from process start to the first successful response`}${s.healthyMs !== undefined ? `, ${s.healthyMs.toFixed(0)} ms to healthy` : ''}`
  },
}
