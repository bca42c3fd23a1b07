/**
 * The recorded pool of real runs the accuracy benchmark replays gate decisions from. It is the
 * evidence behind the README table, so it is a versioned, validated file committed under
 * bench/results/: anyone can re-run the replay (`--replay-only --pool FILE`) without Docker.
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { machineFingerprintSchema, runResultSchema } from '../src/model.js'

/** A (no delay) and the three injected regressions, as labels of the pool. */
export const VARIANTS = ['A', 'B5', 'B10', 'B20'] as const
export type VariantLabel = (typeof VARIANTS)[number]

/** The P95 increase each variant's delay is calibrated to. */
export const EFFECTS: Record<VariantLabel, number> = { A: 0, B5: 0.05, B10: 0.1, B20: 0.2 }

export const poolRunSchema = z.object({
  /** Which separately started stack (0-based) the run came from. */
  stack: z.number().int().nonnegative(),
  variant: z.enum(VARIANTS),
  /** Round within the stack; every round runs each variant once, in random order. */
  round: z.number().int(),
  /** X-Echo-Delay-Us sent with every request of the run. */
  delayUs: z.number().int().nonnegative(),
  /** Calibration and warm-up runs are kept as evidence but never replayed. */
  purpose: z.enum(['warmup', 'calibration', 'pool']),
  run: runResultSchema,
})
export type PoolRun = z.infer<typeof poolRunSchema>

export const gateTimingSchema = z.object({
  /** paired / stored: a PR gate; baseline: the nightly run that a stored gate compares against. */
  mode: z.enum(['paired', 'stored', 'baseline']),
  /** ECHO_DELAY_US given to the candidate. */
  echoDelayUs: z.number().int().nonnegative(),
  startedAt: z.string(),
  wallS: z.number().nonnegative(),
  exitCode: z.number().int(),
  verdict: z.string().nullable(),
  /** Measured pairs or runs per gated cell, from results.json. */
  gatedRuns: z.number().int().nonnegative().nullable(),
})
export type GateTiming = z.infer<typeof gateTimingSchema>

export const poolSchema = z.object({
  schemaVersion: z.literal(1),
  createdAt: z.string(),
  finishedAt: z.string(),
  command: z.string(),
  machine: machineFingerprintSchema.extend({
    /** 1-minute load averages when each stack started: the machine is shared. */
    loadAverages: z.array(z.number()),
  }),
  k6Version: z.string(),
  config: z.string(),
  profile: z.string(),
  scenario: z.string(),
  seed: z.number().int(),
  calibration: z.object({
    /** Delay of A; B's delay is this plus its calibrated increment. */
    baseDelayUs: z.number().int().nonnegative(),
    /** Median P95 of A (ms) on the first stack, before any delay was chosen. */
    p95AMs: z.number(),
    initialDelayUs: z.record(z.string(), z.number()),
    /** Median within-round ratio B/A per variant in the verification rounds. */
    verificationRatio: z.record(z.string(), z.number()),
    delayUs: z.record(z.string(), z.number()),
  }),
  stacks: z.array(
    z.object({
      index: z.number().int(),
      startedAt: z.string(),
      startS: z.number(),
      rounds: z.number().int(),
    }),
  ),
  runs: z.array(poolRunSchema),
  gates: z.array(gateTimingSchema),
})
export type Pool = z.infer<typeof poolSchema>

export async function readPool(file: string): Promise<Pool> {
  return poolSchema.parse(JSON.parse(await readFile(file, 'utf8')))
}
