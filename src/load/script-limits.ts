/**
 * Limits on how long one k6 process may run. A user's own script sets its length itself (stages,
 * scenarios), which perf-gate learns from `k6 inspect` only when it runs: longer than the 24 h cap
 * that bounds any plan it is a config error; and no kill timer may exceed what Node's setTimeout holds
 * (2^31-1 ms, 24.8 days: a longer delay fires after 1 ms, killing k6 at once).
 */
import { ConfigError } from '../errors.js'
import { MAX_TIMER_MS } from '../config/schema.js'

/** Longest an own script may declare: the plan's cap (plan/plan-size.ts MAX_PLAN_S). */
export const MAX_OWN_SCRIPT_MS = 24 * 3_600_000

/** What k6 gets beyond its script's declared length (start, setup, summary) before it is killed. */
export const OWN_SCRIPT_GRACE_MS = 120_000

/** A kill timer's delay that setTimeout honours. */
export function killTimerMs(ms: number): number {
  return Math.min(ms, MAX_TIMER_MS)
}

/**
 * The kill timer of an own script that declares `declaredMs` (0 when k6 could not say): its length
 * plus grace, at least `configuredMs`. A script declaring more than MAX_OWN_SCRIPT_MS is refused.
 */
export function ownScriptTimeoutMs(configuredMs: number, declaredMs: number, script: string): number {
  if (declaredMs > MAX_OWN_SCRIPT_MS) {
    throw new ConfigError([
      `${script}: the script's scenarios last up to ${Math.round(declaredMs / 3_600_000)} h (k6 inspect), more than the ${MAX_OWN_SCRIPT_MS / 3_600_000} h a gate may take: shorten its stages or durations`,
    ])
  }
  return killTimerMs(Math.max(configuredMs, declaredMs + OWN_SCRIPT_GRACE_MS))
}
