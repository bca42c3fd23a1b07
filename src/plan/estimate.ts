/**
 * How long a gate will take, before it runs (`run --dry-run`) and while it runs (progress with an
 * ETA). Pure: the same model for both, from the config and, while running, the time the runs so far
 * actually took. The gate is adaptive (the decision policy may stop after the stored phase, or add
 * paired blocks up to gate.maxRounds), so the estimate is a range with the expected case in it.
 */
import { durationMs, isBuiltInScenario, type Config } from '../config/schema.js'

/** Seconds one k6 process costs beyond its warm-up and load phase (start, setup probe, summary). */
export const RUN_OVERHEAD_S = 1.2
/** Seconds to start (and later stop) one session of stacks. */
export const SESSION_S = 3
/** Seconds of fixed cost: finding k6, rendering the report. */
export const FIXED_S = 10

export interface GateEstimate {
  cells: number
  /** Stored phase, when the gate starts with it (a baseline file exists): runs and seconds. */
  stored: { runs: number; seconds: number } | null
  /** One paired block: k6 processes and seconds; null when the gate cannot run paired blocks. */
  block: { processes: number; seconds: number } | null
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

function runSeconds(config: Config, scenario: Config['scenarios'][number]): number {
  // An arena run: eight k6 processes; the timed phases last 2 x 18 s + 60 s at timeScale 1, the
  // iteration-counted ones a few seconds on a local stack.
  if (scenario.arena) return 96 * scenario.arena.timeScale + 8 * (RUN_OVERHEAD_S + 1)
  const step = (durationMs(scenario.warmup) + durationMs(scenario.duration)) / 1000 + RUN_OVERHEAD_S
  return step * searchSteps(scenario)
}

/**
 * k6 steps of one run: 1, or for a capacity search (one run is a whole search) its doublings up to
 * max plus the bisection to the resolution, at most maxSteps: an upper estimate.
 */
function searchSteps(scenario: Config['scenarios'][number]): number {
  const c = scenario.capacity
  if (!c) return 1
  const doublings = Math.ceil(Math.log2(c.max / c.start)) + 1
  const bisections = Math.ceil(Math.log2(1 / c.resolution))
  return Math.min(c.maxSteps, doublings + bisections)
}

/** Runs both variants of a pair in one k6 process (a duet): built-in scenarios except searches. */
function duet(config: Config, scenario: Config['scenarios'][number]): boolean {
  return (
    config.gate.pairing === 'duet' &&
    isBuiltInScenario(scenario.script) &&
    !scenario.capacity &&
    !scenario.arena
  )
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
  const cells = config.profiles.length * config.scenarios.length
  const perRound =
    config.profiles.length * config.scenarios.reduce((sum, s) => sum + runSeconds(config, s), 0)
  const rounds = gate.warmupRounds + gate.rounds
  const stored = start === 'paired' ? null : { runs: rounds * cells, seconds: SESSION_S + rounds * perRound }
  // A duet runs both variants in one process; interleaved pairs (and users' own scripts) run two.
  const processesPerPair = config.scenarios.reduce(
    (sum, s) => sum + config.profiles.length * (duet(config, s) ? 1 : 2),
    0,
  )
  const pairSeconds = config.scenarios.reduce(
    (sum, s) => sum + config.profiles.length * (duet(config, s) ? 1 : 2) * runSeconds(config, s),
    0,
  )
  const block =
    paired && start !== 'baseline'
      ? {
          processes: processesPerPair * gate.pairsPerBlock,
          seconds: SESSION_S + pairSeconds * gate.pairsPerBlock,
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

/** "2m47s", "45s". */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const m = Math.floor(s / 60)
  return m > 0 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${s}s`
}
