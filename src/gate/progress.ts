/** Progress with an ETA for the terminal and the action log, from the gate's estimate and its pace. */
import type { GateConfig } from '../config/schema.js'
import type { Logger } from '../log.js'
import type { CellComparison, RunResult } from '../model.js'
import { SCENARIO_KINDS } from '../kinds/registry.js'
import type { GateEvent } from './journal.js'
import { formatSeconds, type GateEstimate } from '../plan/estimate.js'
import { decidedByCpu, decidingChangePct } from '../stats/cpu-per-request.js'
import { formatChange } from '../stats/reason-text.js'

/**
 * One cell's state in the line logged after each paired block, in the cell's own measure: its kind's
 * line (a capacity, a score), else its latency change. What decides the cell is what the log shows.
 */
export function cellProgress(cell: CellComparison): string {
  for (const kind of SCENARIO_KINDS) {
    const line = kind.progressLine?.(cell)
    if (line !== undefined) return line
  }
  const change = decidingChangePct(cell)
  const what = decidedByCpu(cell) ? 'CPU/request ' : ''
  return `${cell.cell} ${what}${change === null ? 'n/a' : formatChange(1 + change / 100)} ${cell.verdict}`
}

/**
 * Progress with an ETA, one line per finished run (the terminal and the action log alike). The total
 * is the usual case of the estimate (decided at gate.rounds pairs), corrected as blocks are added, and
 * the pace is the one measured so far on this runner. Runs measured again because they could not be
 * compared (re-runs) count in the pace and are named; a paired block's warm-up (gate.blockWarmup) is
 * left out of the pace and added, as long as the blocks so far took on average, for each block to come.
 */
export class Progress {
  private stored = 0
  private paired = 0
  private reruns = 0
  private rerunS = 0
  private warmupS = 0
  private readonly warmedBlocks = new Set<number>()
  /** Cells each paired block started so far measures (adaptive blocks measure fewer). */
  private readonly blockCells: number[] = []
  private readonly began: number
  constructor(
    private readonly estimate: GateEstimate,
    private readonly gate: GateConfig,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {
    this.began = now().getTime()
  }

  /** A paired block starts with `cells` cells: the blocks to come are planned from that many. */
  block(block: number, cells: number): void {
    this.blockCells[block] = cells
  }

  /** A re-run or a block's warm-up: counted, no line of its own. */
  event(event: GateEvent): void {
    if (event.event === 're-run') {
      this.reruns++
      this.rerunS += event.seconds
    } else if (event.event === 'warm-up') {
      this.warmupS += event.seconds
      this.warmedBlocks.add(event.block)
    }
  }

  done(run: RunResult): void {
    // A warm-up window is not one of the planned runs: its time is the block's warm-up.
    if (run.warmupWindow !== undefined) return
    if (run.phase === 'paired') this.paired++
    else this.stored++
    const runs = this.stored + this.paired
    // Every block yields both variants of each cell it measures, pairsPerBlock times: every cell
    // until one is decided, then the undecided ones and their controls (adaptive blocks).
    const runsOf = (cells: number) => 2 * cells * this.gate.pairsPerBlock
    const started = this.blockCells.filter((c) => c !== undefined)
    const startedRuns = started.reduce((sum, c) => sum + runsOf(c), 0)
    const perBlock = runsOf(started.at(-1) ?? this.estimate.cells)
    const blocks = Math.max(
      this.estimate.minBlocks,
      started.length + Math.ceil(Math.max(0, this.paired - startedRuns) / perBlock),
    )
    const pairedTotal = startedRuns + Math.max(0, blocks - started.length) * perBlock
    const total = Math.max(runs, (this.estimate.stored?.runs ?? 0) + (this.estimate.block ? pairedTotal : 0))
    const elapsedS = (this.now().getTime() - this.began) / 1000
    const warmed = this.warmedBlocks.size
    const warmupPerBlock = warmed > 0 ? this.warmupS / warmed : 0
    const blocksLeft = this.estimate.block ? Math.max(0, blocks - warmed) : 0
    const leftS = (Math.max(0, elapsedS - this.warmupS) / runs) * (total - runs) + warmupPerBlock * blocksLeft
    const maybe = this.estimate.block && this.paired === 0 && this.estimate.stored !== null
    const notes = [
      this.reruns > 0
        ? `${this.reruns} re-run${this.reruns === 1 ? '' : 's'} (${formatSeconds(this.rerunS)})`
        : '',
      warmed > 0 ? `warm-up ${formatSeconds(warmupPerBlock)} per block` : '',
    ].filter(Boolean)
    this.log.info(
      `progress: ${runs}/${total} runs, ${formatSeconds(elapsedS)} elapsed, about ${formatSeconds(leftS)} left` +
        (maybe ? ' if paired blocks are needed' : '') +
        notes.map((n) => `, ${n}`).join(''),
    )
  }
}
