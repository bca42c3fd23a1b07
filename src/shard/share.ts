/**
 * Sharding a gate's matrix across runners: which cells one share measures, the config narrowed to
 * them, and the fewest shares that let every share decide within the time budget. Pure.
 *
 * The deal: the gated (non-control) cells sorted by cell name, dealt round-robin, so share i of N is
 * the same set on every runner and for every commit of the same config, and every gated cell is in
 * exactly one share. A control cell (the no-gateway noise monitor) follows its scenario: every share
 * that measures a gated cell of scenario S measures the control of S too, on its own runner, because
 * the runner check and the paired blocks are about that runner and cannot borrow another's.
 */
import type { Config } from '../config/schema.js'
import { configCells, type CellRef } from '../config/sweep.js'
import { ConfigError } from '../errors.js'
import { MAX_SHARDS } from '../model/results-shard.js'
import { parseShard, SHARD_FORMAT, type ShardSpec } from '../config/shard-spec.js'

export { parseShard, SHARD_FORMAT, type ShardSpec }
import { cellId } from '../model.js'
import { estimateGate, formatSeconds } from '../plan/estimate.js'

/**
 * On a narrowed config: how many gated cells of the whole gate the other shares measure. A symbol,
 * not a config key: no user writes it, JSON (the journal, results.json) never shows it, and the
 * spreads the gate makes of its config (`{ ...config, services }`) carry it along.
 */
const ELSEWHERE = Symbol('perf-gate.cellsElsewhere')

/**
 * Gated cells of the whole gate that other shares measure (0 for a config that is not a share): the
 * gate counts them in its Holm family as p = 1, so a share blocks only where Holm across every
 * share's cells would (a cell's adjusted p in the whole family is never above this padded one).
 */
export function cellsElsewhere(config: object): number {
  const n = (config as { [ELSEWHERE]?: number })[ELSEWHERE]
  return typeof n === 'number' ? n : 0
}

/** The cells one share measures. */
export interface Share {
  /** Its gated cells, in deal order. */
  gated: CellRef[]
  /** The control cells its gated cells' scenarios need. */
  controls: CellRef[]
}

/** What the deal reads of a config: profile names and which is a control, scenario names and profiles. */
type CellsOf = {
  profiles: readonly { name: string; control: boolean }[]
  scenarios: readonly { name: string; profiles?: string[] | undefined }[]
}

/** Gated cells of the whole config, sorted by cell name: the order the deal goes round in. */
export function gatedCellsSorted(config: CellsOf): CellRef[] {
  const control = new Set(config.profiles.filter((p) => p.control).map((p) => p.name))
  return configCells(config)
    .filter((c) => !control.has(c.profile))
    .sort((a, b) => {
      const x = cellId(a.profile, a.scenario)
      const y = cellId(b.profile, b.scenario)
      return x < y ? -1 : x > y ? 1 : 0
    })
}

/** The cells of share `spec` (see the module comment for the deal). */
export function shareOf(config: CellsOf, spec: ShardSpec): Share {
  const gated = gatedCellsSorted(config).filter((_, k) => k % spec.count === spec.index - 1)
  const scenarios = new Set(gated.map((c) => c.scenario))
  const control = new Set(config.profiles.filter((p) => p.control).map((p) => p.name))
  const controls = configCells(config).filter((c) => control.has(c.profile) && scenarios.has(c.scenario))
  return { gated, controls }
}

/**
 * The config narrowed to share `spec`: only the profiles and scenarios it measures, each scenario's
 * `profiles` set to the cells of the share. Everything else (gate, stack, variants) is unchanged, so
 * the share runs exactly as the whole gate would, on fewer cells. Throws a ConfigError naming `what`
 * when the share would be empty (more shares than gated cells).
 */
export function narrowToShare<C extends CellsOf>(config: C, spec: ShardSpec, what: string): C {
  const total = gatedCellsSorted(config).length
  if (spec.count > total)
    throw new ConfigError([
      `${what} ${spec.index}/${spec.count}: the config has ${total} gated cell(s), so at most ${total} shard(s) have any work; use a smaller N`,
    ])
  const share = shareOf(config, spec)
  const cells = [...share.controls, ...share.gated]
  const profilesOf = (scenario: string) =>
    new Set(cells.filter((c) => c.scenario === scenario).map((c) => c.profile))
  const profiles = config.profiles.filter((p) => cells.some((c) => c.profile === p.name))
  const scenarios = config.scenarios
    .filter((s) => cells.some((c) => c.scenario === s.name))
    // Config order, not deal order: the schedule and the report read it as the user wrote it.
    .map((s) => ({ ...s, profiles: profiles.map((p) => p.name).filter((p) => profilesOf(s.name).has(p)) }))
  return { ...config, profiles, scenarios, [ELSEWHERE]: total - share.gated.length } as C
}

/**
 * When gate.rounds pairs of full paired blocks do not fit gate.timeBudget, the fewest shards N whose
 * every share fits (or null when even one cell per shard does not); undefined when the whole gate
 * fits or the gate runs no paired blocks.
 */
export function shardsToFit(
  config: Config,
  start: 'stored' | 'paired' | 'baseline',
  paired: boolean,
): { expectedS: number; budgetS: number; shards: number | null } | undefined {
  const whole = estimateGate(config, start, paired)
  if (!whole.block || whole.expectedS <= whole.budgetS) return undefined
  const total = gatedCellsSorted(config).length
  for (let count = 2; count <= Math.min(total, MAX_SHARDS); count++) {
    const slowest = Math.max(
      ...Array.from(
        { length: count },
        (_, i) =>
          estimateGate(narrowToShare(config, { index: i + 1, count }, '--shard'), start, paired).expectedS,
      ),
    )
    if (slowest <= whole.budgetS) return { expectedS: whole.expectedS, budgetS: whole.budgetS, shards: count }
  }
  return { expectedS: whole.expectedS, budgetS: whole.budgetS, shards: null }
}

/**
 * The warning `validate` and `run --dry-run` print when gate.rounds pairs of full paired blocks do
 * not fit gate.timeBudget, with the fewest shards that would; null when they fit.
 */
export function budgetWarning(
  config: Config,
  start: 'stored' | 'paired' | 'baseline',
  paired: boolean,
): string | null {
  const fit = shardsToFit(config, start, paired)
  if (!fit) return null
  const over = `gate.rounds (${config.gate.rounds}) pairs of full paired blocks take about ${formatSeconds(fit.expectedS)}, more than gate.timeBudget (${config.gate.timeBudget})`
  return fit.shards === null
    ? `${over}, and no shard count up to ${Math.min(gatedCellsSorted(config).length, MAX_SHARDS)} (one gated cell per shard at most) fits: raise gate.timeBudget or shorten the scenarios`
    : `${over}: the gate would stop undecided; split it with --shard i/${fit.shards} (at least ${fit.shards} shards fit the budget; see docs/workflows.md "Sharding")`
}
