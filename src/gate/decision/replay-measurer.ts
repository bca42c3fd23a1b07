/**
 * The replay measurer: serves runs recorded earlier (a gate's journal, runs.jsonl) or made up by a
 * test, instead of starting stacks and k6. Time is virtual: serving a phase advances a clock by the
 * recorded runs' durations, so the policy's time budget behaves as it did when they were measured.
 * With it, `runGate` runs its real loop, final verdict and report in a second.
 */
import type { Config } from '../../config/schema.js'
import { configCells, type CellRef } from '../../config/sweep.js'
import { cellId, type RunResult } from '../../model.js'
import { readJournal } from '../journal.js'
import type { Measurer, MeasurerFactory, OnRun } from './measurer.js'

/** Recorded runs, as a gate measured them. */
export interface Recording {
  /** The stored phase (warm-up runs included); also what a baseline night measures. */
  stored: RunResult[]
  /** Paired blocks in the order they ran. */
  blocks: RunResult[][]
}

/** A clock that moves only when told to: the replay's wall time. */
export class VirtualClock {
  private ms: number
  constructor(start = new Date('2026-01-01T00:00:00Z')) {
    this.ms = start.getTime()
  }
  readonly now = (): Date => new Date(this.ms)
  advance(ms: number): void {
    this.ms += ms
  }
}

/** A recording from a journal's runs: the stored (or baseline) phase, and the paired blocks by number. */
export function recordingOf(runs: readonly RunResult[]): Recording {
  const blocks = new Map<number, RunResult[]>()
  for (const run of runs)
    if (run.phase === 'paired' && run.block !== undefined)
      blocks.set(run.block, [...(blocks.get(run.block) ?? []), run])
  return {
    stored: runs.filter((r) => r.phase !== 'paired'),
    blocks: [...blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block),
  }
}

/** The recording in a gate's journal (runs.jsonl). */
export async function readRecording(journalFile: string): Promise<Recording> {
  return recordingOf((await readJournal(journalFile)).runs)
}

/** Milliseconds the runs took when they were measured. */
function recordedMs(runs: readonly RunResult[]): number {
  return runs.reduce((sum, r) => sum + r.durationS * 1000, 0)
}

/** The recording ran out of paired blocks before the policy stopped. */
export class RecordingExhausted extends Error {}

/**
 * How long each phase took, when the runs' own durations are not the whole of it (a real gate also
 * starts stacks for every block): the accuracy benchmark takes them from the real gates' wall times.
 */
export interface ReplayTiming {
  storedMs?: number
  blockMs?: number
}

class ReplayMeasurer implements Measurer {
  readonly k6Version = 'replay'
  readonly notes: string[] = []

  constructor(
    readonly config: Config,
    private readonly recording: Recording,
    private readonly clock: VirtualClock | undefined,
    private readonly timing: ReplayTiming,
  ) {}

  private async serve(runs: readonly RunResult[], onRun: OnRun, ms: number | undefined): Promise<number> {
    for (const run of runs) await onRun(run)
    const took = ms ?? recordedMs(runs)
    this.clock?.advance(took)
    return took
  }

  async storedPhase(phase: 'stored' | 'baseline', onRun: OnRun): Promise<RunResult[]> {
    const runs = this.recording.stored.map((r) => ({ ...r, phase }))
    await this.serve(runs, onRun, this.timing.storedMs)
    return runs
  }

  /**
   * The recorded block's runs of `cells` only. A fixed block time (timing.blockMs, the time of a
   * block of every cell) is scaled to the share of the config's cells the block measures.
   */
  async pairedBlock(
    block: number,
    _why: string,
    cells: readonly CellRef[],
    onRun: OnRun,
  ): Promise<{ runs: RunResult[]; ms: number }> {
    const recorded = this.recording.blocks[block]
    if (!recorded)
      throw new RecordingExhausted(
        `the recording holds ${this.recording.blocks.length} paired block(s); the gate asked for block ${block + 1}`,
      )
    const wanted = new Set(cells.map((c) => cellId(c.profile, c.scenario)))
    const runs = recorded
      .filter((r) => wanted.has(r.cell))
      .map((r) => ({ ...r, phase: 'paired' as const, block }))
    const all = configCells(this.config).length
    const ms = this.timing.blockMs === undefined ? undefined : (this.timing.blockMs * cells.length) / all
    return { runs, ms: await this.serve(runs, onRun, ms) }
  }

  close(): void {}
}

/**
 * A measurer factory for runGate's `measurer` option that serves `recording`. Pass the same clock's
 * `now` as runGate's `now`, so the time budget counts the recorded durations.
 */
export function replayMeasurer(
  recording: Recording,
  clock?: VirtualClock,
  timing: ReplayTiming = {},
): MeasurerFactory {
  return async (setup) => new ReplayMeasurer(setup.plan.config, recording, clock, timing)
}
