/**
 * The Measurer port: what the gate's measure/ask loop (loop.ts) asks of the world. The loop decides;
 * a measurer only produces runs. The Docker measurer (src/gate/docker-measurer.ts) starts stacks and
 * runs k6; the replay measurer (replay-measurer.ts) serves runs recorded in a journal or made up by a
 * test, so the real loop and the real final verdict run without Docker.
 */
import type { BaselineFile } from '../../baseline/format.js'
import type { LoadedConfig } from '../../config/load.js'
import type { Config, GateConfig } from '../../config/schema.js'
import type { CellRef } from '../../config/sweep.js'
import type { K6Binary } from '../../load/k6.js'
import type { Logger } from '../../log.js'
import type { MachineFingerprint, RunResult } from '../../model.js'
import type { GateEvent } from '../journal.js'

/** What the gate settled from its inputs before anything is measured. */
export interface GatePlan {
  mode: 'gate' | 'baseline'
  config: Config
  /** The config's gate settings with the command line's overrides applied. */
  gate: GateConfig
  baseline: BaselineFile | null
  baselinePath: string
  /** How the gate starts (run-gate.ts chooseMethod). */
  method: 'stored' | 'paired' | 'none'
  /** The gate can run paired A/B blocks (a baseline variant in gate mode, not gate.method: stored). */
  hasVariant: boolean
  machine: MachineFingerprint
  /** Why the stored phase is not measured (run-gate.ts storedPhaseSkip), or null. */
  storedSkipped: string | null
  /**
   * Adaptive blocks (default true): a gated cell decided after at least gate.rounds pairs leaves the
   * paired blocks (loop.ts Evidence). false measures every cell in every block (the accuracy
   * benchmark compares the two).
   */
  adaptive?: boolean
}

/** Called with every finished run, the moment it finishes (the journal, progress). */
export type OnRun = (run: RunResult) => Promise<void>

/** Called with what else the journal records while measuring (stack order, warm-up, re-runs). */
export type OnEvent = (event: GateEvent) => Promise<void>

export interface Measurer {
  /** The config the runs are measured with (services built from a Dockerfile carry their image). */
  readonly config: Config
  /** k6's version, recorded in results.json and baseline nights. */
  readonly k6Version: string
  /** What results.json notes about how it measured (the CPU placement). */
  readonly notes: readonly string[]
  /** The candidate alone: warm-up and measured rounds, labelled with `phase`. */
  storedPhase(phase: 'stored' | 'baseline', onRun: OnRun, onEvent?: OnEvent): Promise<RunResult[]>
  /**
   * Paired block `block` (0-based) of `cells` (the undecided gated cells and their controls): both
   * variants on fresh stacks; `why` is the policy's reason. `ms` is how long measuring the block
   * took, without one-off preparation (building the baseline variant's images), since the policy
   * plans the next block from it.
   */
  pairedBlock(
    block: number,
    why: string,
    cells: readonly CellRef[],
    onRun: OnRun,
    onEvent?: OnEvent,
  ): Promise<{ runs: RunResult[]; ms: number }>
  /** Called once the loop is done, whatever happened (stops the signal sweep). */
  close(): void
}

/** Tasks run on SIGINT/SIGTERM (stack-session.ts Cleanup): what stops a measurer's stacks mid-run. */
export interface CleanupRegistry {
  /** Registers a task; returns what unregisters it. */
  add(task: () => Promise<void>): () => void
}

/** What a measurer is made from. */
export interface MeasurerSetup {
  plan: GatePlan
  loaded: LoadedConfig
  log: Logger
  cleanup: CleanupRegistry
  signal?: AbortSignal | undefined
  env: Record<string, string | undefined>
  now: () => Date
  /** Locates k6; the action passes one that can download it. */
  locateK6?: (() => Promise<K6Binary | null>) | undefined
}

/** Makes the gate's measurer; it may refuse (throw) before anything is measured. */
export type MeasurerFactory = (setup: MeasurerSetup) => Promise<Measurer>
