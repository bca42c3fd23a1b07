/**
 * The run schedule: which cell (profile x scenario) runs when, for which variant. Pure and seeded, so
 * a gate can be replayed. Every round runs every cell once in a fresh random order, so slow drift of
 * the runner (thermal, neighbours) spreads over all cells instead of biasing the ones that run last.
 * In paired mode each cell of a round is an A/B pair whose order (AB or BA) alternates from round to
 * round (pairOrder).
 */
import { cellId, type VariantName } from '../model.js'
import { seededRandom } from '../stats/random.js'

export { seededRandom }

export interface PlannedRun {
  /** Position in the schedule, from 0. */
  index: number
  round: number
  warmup: boolean
  cell: string
  profile: string
  scenario: string
  variant: VariantName
}

export interface ScheduleInput {
  profiles: readonly string[]
  scenarios: readonly string[]
  rounds: number
  warmupRounds: number
  seed: number
  /** Run a baseline variant beside the candidate, in randomized AB/BA pairs. */
  paired: boolean
  /** First round number to use; adaptive extensions continue where the schedule left off. */
  firstRound?: number
  /**
   * The cells to run when not every profile runs every scenario (a scenario's `profiles` list):
   * default profiles x scenarios.
   */
  cells?: ReadonlyArray<{ profile: string; scenario: string }>
}

/** Fisher-Yates shuffle of a copy. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

/**
 * The order of a cell's A/B pair in a round: alternating from round to round (rounds continue across
 * paired blocks), starting with an order drawn per cell from the seed. Each variant then holds each
 * position (a duet's first-listed target, the interleaved run that goes first) in half of the cell's
 * pairs, give or take one: a position that costs more cancels within every two pairs. Drawn
 * independently per pair, a cell could hold one order in all four pairs of a short gate (1 in 8),
 * and a residual position effect would have read as a change (docs/accuracy.md, "The duet's position
 * effect").
 */
export function pairOrder(seed: number, cell: string, round: number): VariantName[] {
  const first = seededRandom((seed * 1_000_003) ^ fnv1a(cell))() < 0.5 ? 0 : 1
  return (round + first) % 2 === 0 ? ['baseline', 'candidate'] : ['candidate', 'baseline']
}

/** 32-bit FNV-1a of a string: a cell id as a seed. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  return hash
}

/** Expands the matrix into an ordered list of runs. Warm-up rounds come first. */
export function planSchedule(input: ScheduleInput): PlannedRun[] {
  const firstRound = input.firstRound ?? 0
  // Mixing the first round into the seed keeps adaptive extensions reproducible but not repetitive.
  const random = seededRandom(input.seed * 1_000_003 + firstRound)
  const cells =
    input.cells ??
    input.profiles.flatMap((profile) => input.scenarios.map((scenario) => ({ profile, scenario })))
  const runs: PlannedRun[] = []
  const totalRounds = input.warmupRounds + input.rounds
  for (let r = 0; r < totalRounds; r++) {
    const round = firstRound + r
    const warmup = r < input.warmupRounds
    for (const { profile, scenario } of shuffle(cells, random)) {
      const variants: VariantName[] = input.paired
        ? pairOrder(input.seed, cellId(profile, scenario), round)
        : ['candidate']
      for (const variant of variants) {
        runs.push({
          index: runs.length,
          round,
          warmup,
          cell: cellId(profile, scenario),
          profile,
          scenario,
          variant,
        })
      }
    }
  }
  return runs
}

/**
 * Splits a schedule into the parts that run on one set of stacks each (gate.isolation): everything on
 * one (shared), one part per profile, or one per cell, each keeping the schedule's order (so a part's
 * warm-up rounds still come first). Parts are in the order their first run appears.
 */
export function isolateSchedule(
  runs: readonly PlannedRun[],
  isolation: 'shared' | 'profile' | 'cell',
): PlannedRun[][] {
  if (isolation === 'shared') return runs.length > 0 ? [[...runs]] : []
  const parts = new Map<string, PlannedRun[]>()
  for (const run of runs) {
    const key = isolation === 'profile' ? run.profile : run.cell
    const part = parts.get(key) ?? []
    part.push(run)
    parts.set(key, part)
  }
  return [...parts.values()]
}

/**
 * The order in which a paired block's stacks are started and set up: drawn per block (and per
 * isolated session within it) from the gate's seed, so neither variant is always the one whose stack
 * starts first on a quieter machine, and a gate can be replayed.
 */
export function stackOrder(seed: number, block: number, session = 0): VariantName[] {
  // A stream of its own (not the schedule's), so drawing it leaves the run order unchanged.
  const random = seededRandom((seed * 1_000_003 + block * 7_919 + session * 104_729) ^ 0x5bd1e995)
  return random() < 0.5 ? ['baseline', 'candidate'] : ['candidate', 'baseline']
}
