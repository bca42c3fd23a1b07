/**
 * When a warming gateway has reached a steady state: the latency of successive short load windows
 * stops moving. A JIT-compiled gateway answers its first requests many times slower than later ones
 * (interpreted code, cold caches), and the fall flattens as compilation completes. Pure.
 */

/**
 * Seconds of one `gate.blockWarmup: auto` window: long enough for a few hundred requests at the rates
 * gates use (a P95 of fewer is mostly noise), short enough that a gateway already warm costs three
 * windows (about 10 s) per stack and cell.
 */
export const WARMUP_WINDOW_S = 3

/** How settled successive windows must be. */
export interface SteadyStateRule {
  /** Largest relative change of P95 between successive windows that counts as settled: 0.1 is 10%. */
  tolerance: number
  /** Successive settled changes needed (2: three windows in a row within the tolerance of each other). */
  settledChanges: number
}

/**
 * The rule `gate.blockWarmup: auto` uses. 10% is wide enough that window-to-window noise on a
 * few-second window usually passes it (the per-run sd of log P95 measured on 8 s runs is 0.058), and
 * narrow enough that a JIT curve, which falls by factors, does not; two settled changes in a row keep
 * one lucky window from ending the warm-up.
 */
export const DEFAULT_STEADY_RULE: SteadyStateRule = { tolerance: 0.1, settledChanges: 2 }

/**
 * Whether the windows measured so far (P95 per window, in order) end in a steady state: each of the
 * last `settledChanges` changes between neighbours is within `tolerance` of the earlier window. A
 * window with no latency (0, nothing completed) is never settled.
 */
export function isSteady(p95s: readonly number[], rule: SteadyStateRule = DEFAULT_STEADY_RULE): boolean {
  if (p95s.length < rule.settledChanges + 1) return false
  const last = p95s.slice(-(rule.settledChanges + 1))
  for (let i = 1; i < last.length; i++) {
    const before = last[i - 1] as number
    const after = last[i] as number
    if (!(before > 0 && after > 0)) return false
    if (Math.abs(after / before - 1) > rule.tolerance) return false
  }
  return true
}
