/**
 * The arena kind (script: arena, seed 002 layer 0): every run is the whole arena, eight k6 phases,
 * scored 0..100; the score decides the cell. Also the comparison the layer 1 kind shares.
 */
import { compareArena } from '../../stats/arena-comparison.js'
import type { CellComparison, RunResult } from '../../model.js'
import {
  describeLatencyRun,
  onlySide,
  singleOutcome,
  withInterval,
  type KindComparison,
  type KindComparisonInput,
  type ScenarioKind,
} from '../kind.js'
import { RUN_OVERHEAD_S } from '../run-length.js'
import { arenaChart } from './chart.js'
import { runArena } from './run.js'

/** Layer 0 and layer 1 alike: a score over runs decides the cell; `what` says what latency is shown. */
export function compareScores(input: KindComparisonInput, what: string): KindComparison {
  const { arena, reasons } = compareArena({
    method: input.method,
    candidateRuns: input.candidateRuns,
    baselineRuns: input.baselineRuns,
    threshold: input.gate.threshold,
    confidence: input.gate.confidence,
  })
  return { fields: { arena }, reasons: [...reasons, what] }
}

/** A scored cell's verdict is its score's. */
export function scoreVerdicts(cells: CellComparison[]): CellComparison[] {
  return cells.map((cell) => (cell.arena ? { ...cell, verdict: cell.arena.verdict } : cell))
}

/** The log line of a scored run: the arena's score, or the layer's ERI. */
export function describeScoredRun(run: RunResult): string {
  if (!run.arena) return describeLatencyRun(run)
  const sustained = Object.keys(run.arena.phases).includes('sustained')
  return `round ${run.round} ${run.cell} [${run.variant}]: arena ${sustained ? `score ${run.arena.score.toFixed(1)}, sustained p95 ${run.metrics.p95.toFixed(2)} ms` : `ERI ${run.arena.score.toFixed(1)}`}`
}

/** A scored cell's score and its difference in points from the baseline's (layer 0 and layer 1). */
export function scoreProgress(cell: CellComparison): string | undefined {
  const a = cell.arena
  if (!a) return undefined
  const base = a.baseline && a.baseline.n > 0 ? `, baseline ${withInterval(a.baseline, 1)}` : ''
  const d = a.difference
  const diff = d
    ? `: ${d.estimate >= 0 ? '+' : ''}${d.estimate.toFixed(1)} points [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]`
    : ''
  return `${cell.cell} score ${a.candidate.n > 0 ? withInterval(a.candidate, 1) : 'n/a'}${base}${diff} ${cell.verdict}`
}

export const arenaKind: ScenarioKind = {
  name: 'arena',
  script: 'arena',
  async run(ctx) {
    const run = await runArena({
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile: ctx.profile,
      scenario: ctx.scenario,
      targetUrl: onlySide(ctx).targetUrl,
      label: ctx.label,
    })
    return singleOutcome(ctx, run.metrics, { arena: run.arena })
  },
  // A score over its phases is the result; a phase that failed scores low, it does not void the run.
  invalidReason: () => undefined,
  duet: false,
  warmable: false,
  loadWindow: false,
  cpuPerRequest: false,
  // Eight k6 processes; the timed phases last 2 x 18 s + 60 s at timeScale 1, the iteration-counted
  // ones a few seconds on a local stack.
  runSeconds: (_config, scenario) => 96 * (scenario.arena?.timeScale ?? 1) + 8 * (RUN_OVERHEAD_S + 1),
  runLengthKeys: () => 'arena.timeScale',
  compare: (input) =>
    compareScores(
      input,
      'latency and error rate below are those of the sustained phase: reported, the score decides',
    ),
  settle: (cells) => scoreVerdicts(cells),
  describeRun: describeScoredRun,
  progressLine: scoreProgress,
  // Layer 1's cells carry a score too: this chart draws theirs as well.
  charts: [{ id: 'arena', build: arenaChart, shownInComment: true }],
}
