/**
 * The run-length model the kinds share (see src/plan/estimate.ts for the gate's): what one k6
 * process costs beyond its phases, and the length of a run that is one warm-up and one load phase.
 */
import { durationMs, type ScenarioConfig } from '../config/schema.js'

// Measured on a 2-core runner from the journals of real gates (bench/results/oc/journals, 6 s runs
// with 1 s warm-up): successive k6 runs start 7.3-7.5 s apart.
/** Seconds one k6 process costs beyond its warm-up and load phase (start, setup probe, summary). */
export const RUN_OVERHEAD_S = 0.45

/** A run of one warm-up and one load phase: what sets its length. */
export function loadRunKeys(scenario: Pick<ScenarioConfig, 'warmup' | 'duration'>): string {
  return `warmup ${scenario.warmup} + duration ${scenario.duration}`
}

/** Seconds of one k6 process running `scenario`'s warm-up and load phase. */
export function loadRunSeconds(scenario: Pick<ScenarioConfig, 'warmup' | 'duration'>): number {
  return (durationMs(scenario.warmup) + durationMs(scenario.duration)) / 1000 + RUN_OVERHEAD_S
}
