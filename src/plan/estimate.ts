/**
 * How long a gate will take, before it runs (`run --dry-run`) and while it runs (progress with an
 * ETA). Pure: the same model for both, from the config and, while running, the time the runs so far
 * actually took. The gate is adaptive (the decision policy may stop after the stored phase, or add
 * paired blocks up to gate.maxRounds), so the estimate is a range with the expected case in it.
 */
import { durationMs, type Config } from '../config/schema.js'
import { kindOf } from '../kinds/registry.js'
import { RUN_OVERHEAD_S } from '../kinds/run-length.js'
import { configCells } from '../config/sweep.js'
import { DEFAULT_STEADY_RULE, WARMUP_WINDOW_S } from '../stats/steady-state.js'

// Measured on a 2-core runner from the journals of real gates (bench/results/oc/journals, 6 s runs
// with 1 s warm-up, paired blocks of 2 cells): a paired block's fresh stacks add 2.2-3.2 s between
// blocks, and a gate spends about 4 s outside its runs. A run's own length is its kind's (src/kinds/).
export { RUN_OVERHEAD_S } from '../kinds/run-length.js'
/** Seconds to start (and later stop) one session of stacks. */
export const SESSION_S = 2.5
/** Seconds of fixed cost: finding k6, rendering the report. */
export const FIXED_S = 5

export interface GateEstimate {
  cells: number
  /** Stored phase, when the gate starts with it (a baseline file exists): runs and seconds. */
  stored: { runs: number; seconds: number } | null
  /**
   * One paired block: k6 processes and seconds (its warm-up included); null when the gate cannot run
   * paired blocks. warmupS: the least its warm-up takes (gate.blockWarmup; auto may take longer).
   */
  block: { processes: number; seconds: number; warmupS: number } | null
  minBlocks: number
  maxBlocks: number
  /** The gate decided by the stored phase alone (only on a runner shown to match the baseline's). */
  storedOnlyS: number | null
  /** Paired blocks decide at the least number of pairs: the usual case. */
  expectedS: number
  /** Every paired block the gate may add (gate.maxRounds), capped by gate.timeBudget. */
  worstS: number
  budgetS: number
}

/** Seconds one run of `scenario` takes (one k6 process, or an arena's eight, or a whole capacity search). */
export function runSeconds(config: Config, scenario: Config['scenarios'][number]): number {
  return kindOf(scenario).runSeconds(config, scenario)
}

/** Runs both variants of a pair in one k6 process (a duet): the kinds that can. */
function duet(config: Config, scenario: Config['scenarios'][number]): boolean {
  return config.gate.pairing === 'duet' && kindOf(scenario).duet
}

/**
 * Estimates a gate. `start` is how it starts (stored when a baseline file exists), `paired` whether it
 * can run paired blocks (a baseline variant in gate mode).
 */
export function estimateGate(
  config: Config,
  start: 'stored' | 'paired' | 'baseline',
  paired: boolean,
): GateEstimate {
  const gate = config.gate
  // Sweeps are already expanded; a scenario's `profiles` list leaves out cells.
  const cellList = configCells(config).map(
    (c) => config.scenarios.find((s) => s.name === c.scenario) as Config['scenarios'][number],
  )
  const cells = cellList.length
  const perRound = cellList.reduce((sum, s) => sum + runSeconds(config, s), 0)
  const rounds = gate.warmupRounds + gate.rounds
  // gate.isolation: stacks started (and set up) per phase or block.
  const sessions = sessionsPerPhase(config)
  const stored =
    start === 'paired'
      ? null
      : {
          runs: rounds * cells,
          seconds: SESSION_S * sessions + rounds * perRound,
        }
  // A duet runs both variants in one process; interleaved pairs (and users' own scripts) run two.
  const perPair = (s: Config['scenarios'][number]) => (duet(config, s) ? 1 : 2)
  const processesPerPair = cellList.reduce((sum, s) => sum + perPair(s), 0)
  const pairSeconds = cellList.reduce((sum, s) => sum + perPair(s) * runSeconds(config, s), 0)
  const warmupS = blockWarmupSeconds(config)
  const block =
    paired && start !== 'baseline'
      ? {
          processes: processesPerPair * gate.pairsPerBlock,
          seconds: SESSION_S * sessions + pairSeconds * gate.pairsPerBlock + warmupS,
          warmupS,
        }
      : null
  const minBlocks = Math.ceil(gate.rounds / gate.pairsPerBlock)
  const maxBlocks = Math.floor((gate.maxRounds ?? gate.rounds * 4) / gate.pairsPerBlock)
  const budgetS = durationMs(gate.timeBudget) / 1000
  const before = FIXED_S + (stored?.seconds ?? 0)
  const expectedS = block ? before + minBlocks * block.seconds : before
  const worstS = block ? Math.min(Math.max(budgetS, expectedS), before + maxBlocks * block.seconds) : before
  return {
    cells,
    stored,
    block,
    minBlocks,
    maxBlocks,
    storedOnlyS: stored ? before : null,
    expectedS,
    worstS,
    budgetS,
  }
}

/**
 * Whether gate.blockWarmup warms a cell: one k6 process of a built-in script (a search or an arena
 * warms itself per step or phase; an own script sets its own length) on a profile that is not a
 * control. A control is never gated, and k6 straight to the backend finds the backend warm: the gated
 * cells' warm-up load passes through it first.
 */
export function warmsCell(config: Config, cell: { profile: string; scenario: string }): boolean {
  const scenario = config.scenarios.find((s) => s.name === cell.scenario)
  const profile = config.profiles.find((p) => p.name === cell.profile)
  return scenario !== undefined && kindOf(scenario).warmable && profile?.control !== true
}

/**
 * The least seconds one paired block spends warming up (gate.blockWarmup): both stacks, every
 * warmed cell, one window of the fixed duration, or for auto the windows a gateway already warm
 * needs to show it has settled (or blockWarmupMin, when longer). A JIT gateway takes longer, up to
 * blockWarmupMax per stack and cell.
 */
export function blockWarmupSeconds(config: Config): number {
  const mode = config.gate.blockWarmup
  if (mode === 'off') return 0
  const window =
    mode === 'auto'
      ? Math.max(
          (DEFAULT_STEADY_RULE.settledChanges + 1) * (WARMUP_WINDOW_S + RUN_OVERHEAD_S),
          durationMs(config.gate.blockWarmupMin) / 1000,
        )
      : durationMs(mode) / 1000 + RUN_OVERHEAD_S
  return 2 * configCells(config).filter((c) => warmsCell(config, c)).length * window
}

/**
 * Sets of stacks one phase (or paired block) starts under gate.isolation: one (shared), one per
 * profile that has cells, one per cell (all of its rounds, warm-up first, on one fresh stack).
 */
export function sessionsPerPhase(config: Config): number {
  const cells = configCells(config)
  if (config.gate.isolation === 'profile') return new Set(cells.map((c) => c.profile)).size
  if (config.gate.isolation === 'cell') return cells.length
  return 1
}

/** "2m47s", "45s". */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const m = Math.floor(s / 60)
  return m > 0 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${s}s`
}
