/** Progress with an ETA for the terminal and the action log, from the gate's estimate and its pace. */
import type { GateConfig } from '../config/schema.js'
import type { Logger } from '../log.js'
import type { RunResult } from '../model.js'
import { formatSeconds, type GateEstimate } from '../plan/estimate.js'

/**
 * Progress with an ETA, one line per finished run (the terminal and the action log alike). The total
 * is the usual case of the estimate (decided at gate.rounds pairs), corrected as blocks are added, and
 * the pace is the one measured so far on this runner.
 */
export class Progress {
  private stored = 0
  private paired = 0
  private readonly began: number
  constructor(
    private readonly estimate: GateEstimate,
    private readonly gate: GateConfig,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {
    this.began = now().getTime()
  }

  done(run: RunResult): void {
    if (run.phase === 'paired') this.paired++
    else this.stored++
    const runs = this.stored + this.paired
    // Every block yields both variants of every cell, pairsPerBlock times.
    const perBlock = 2 * this.estimate.cells * this.gate.pairsPerBlock
    const blocks = Math.max(this.estimate.minBlocks, Math.ceil(this.paired / perBlock))
    const total = Math.max(
      runs,
      (this.estimate.stored?.runs ?? 0) + (this.estimate.block ? blocks * perBlock : 0),
    )
    const elapsedS = (this.now().getTime() - this.began) / 1000
    const leftS = (elapsedS / runs) * (total - runs)
    const maybe = this.estimate.block && this.paired === 0 && this.estimate.stored !== null
    this.log.info(
      `progress: ${runs}/${total} runs, ${formatSeconds(elapsedS)} elapsed, about ${formatSeconds(leftS)} left` +
        (maybe ? ' if paired blocks are needed' : ''),
    )
  }
}
