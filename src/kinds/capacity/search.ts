/**
 * Capacity search (seed 004): the highest constant arrival rate a stack sustains under a pass rule
 * (error rate below a ceiling, achieved rate within a tolerance of the target, optionally P95 below a
 * ceiling). Doubling from `start` until a step fails (or `max` passes), then bisection between the
 * highest passing and the lowest failing rate until they are within `resolution` of each other.
 *
 * A failing step is measured again (`retries` times) before it counts as failing: bisection trusts
 * every verdict, so one step that fails because the runner stalled (seen on a 2-core runner: 500 req/s
 * achieving 402 in one search while 875 passed in the next) sends the rest of the search below the
 * capacity, and that one step decides the search's result. A rate above the capacity fails every
 * attempt; a stall rarely hits the same rate twice. Every attempt is kept as a step.
 *
 * Pure: the measurement is injected (`measure(rate)`), so the algorithm is tested against a fake
 * stack, and the gate drives it with real k6 steps. A step above capacity is a result (it bounds the
 * search from above), never an invalid run.
 */

/** What one step at a constant target rate measured. */
export interface StepMeasurement {
  /** Completed requests per second during the step's load phase. */
  achieved: number
  /** Failed requests / requests, in [0, 1]. */
  errorRate: number
  /** P95 latency of the step in ms. */
  p95: number
}

/** The pass rule a step must meet to count as sustained. */
export interface PassRule {
  /** A step passes only with an error rate strictly below this (seed 004: < 1%). */
  errorRateCeiling: number
  /** |achieved - target| / target must be at most this (seed 004: 5%). */
  achievedTolerance: number
  /** When set, P95 must be at most this many ms. */
  p95CeilingMs?: number | undefined
}

export interface SearchOptions {
  /** The first rate tried, requests per second. */
  start: number
  /** The highest rate tried; passing it ends the search with capacity >= max. */
  max: number
  /** Bisection stops when (lowest failing - highest passing) <= resolution x lowest failing. */
  resolution: number
  /** Most steps one search may take, retries included (a guard; doubling + bisection needs about log2 terms). */
  maxSteps: number
  /** How often a failing step is measured again before it counts as failing (0: never). */
  retries?: number | undefined
  rule: PassRule
}

/** One measured step of a search. */
export interface CapacityStep<M extends StepMeasurement = StepMeasurement> {
  /** 1-based position in the search. */
  step: number
  phase: 'doubling' | 'bisection'
  /** 1 for the first measurement at this point of the search, 2.. for the retries of a failing one. */
  attempt: number
  target: number
  measurement: M
  pass: boolean
  /** Why the step failed, in words; absent when it passed. */
  reason?: string
}

export interface SearchResult<M extends StepMeasurement = StepMeasurement> {
  /** The highest passing target rate, or null when even the lowest rate tried failed. */
  capacity: number | null
  /**
   * How the search ended: 'bracketed' (a passing and a failing rate within the resolution),
   * 'at-max' (max passed: the capacity is at least max), 'below-start' (nothing passed down to 1 req/s),
   * or 'step-limit' (maxSteps ran out before the bracket closed).
   */
  outcome: 'bracketed' | 'at-max' | 'below-start' | 'step-limit'
  /** The lowest failing rate, when one was seen: the capacity lies in [capacity, ceiling). */
  ceiling: number | null
  steps: CapacityStep<M>[]
}

/** Whether a step passes the rule, and if not, every reason it does not. */
export function judgeStep(
  target: number,
  m: StepMeasurement,
  rule: PassRule,
): { pass: boolean; reason?: string } {
  const reasons: string[] = []
  if (!(m.errorRate < rule.errorRateCeiling)) {
    reasons.push(
      `error rate ${(m.errorRate * 100).toFixed(2)}% is not below ${(rule.errorRateCeiling * 100).toFixed(2)}%`,
    )
  }
  const off = Math.abs(m.achieved - target) / target
  if (off > rule.achievedTolerance) {
    reasons.push(
      `achieved ${m.achieved.toFixed(1)} req/s is ${(off * 100).toFixed(1)}% off the target (tolerance ${(rule.achievedTolerance * 100).toFixed(1)}%)`,
    )
  }
  if (rule.p95CeilingMs !== undefined && !(m.p95 <= rule.p95CeilingMs)) {
    reasons.push(`P95 ${m.p95.toFixed(2)} ms is above ${rule.p95CeilingMs} ms`)
  }
  return reasons.length === 0 ? { pass: true } : { pass: false, reason: reasons.join('; ') }
}

/** Checks the options; throws RangeError on values the search cannot work with. */
function checkOptions(o: SearchOptions): void {
  if (!(Number.isInteger(o.start) && o.start >= 1)) throw new RangeError('start must be an integer >= 1')
  if (!(Number.isInteger(o.max) && o.max >= o.start)) throw new RangeError('max must be an integer >= start')
  if (!(o.resolution > 0 && o.resolution < 1)) throw new RangeError('resolution must be in (0, 1)')
  if (!(Number.isInteger(o.maxSteps) && o.maxSteps >= 1)) throw new RangeError('maxSteps must be >= 1')
  if (!(Number.isInteger(o.retries ?? 0) && (o.retries ?? 0) >= 0))
    throw new RangeError('retries must be an integer >= 0')
}

/**
 * Runs one search. Rates are whole requests per second. `measure` is called once per step, in order;
 * it may throw (an infrastructure failure), which ends the search with that error.
 */
export async function searchCapacity<M extends StepMeasurement>(
  options: SearchOptions,
  measure: (rate: number, step: number) => Promise<M>,
): Promise<SearchResult<M>> {
  checkOptions(options)
  const steps: CapacityStep<M>[] = []
  const retries = options.retries ?? 0
  // One point of the search: the first attempt, then retries while it fails and steps remain.
  const tryRate = async (target: number, phase: CapacityStep['phase']): Promise<boolean> => {
    for (let attempt = 1; ; attempt++) {
      const measurement = await measure(target, steps.length + 1)
      const judged = judgeStep(target, measurement, options.rule)
      steps.push({
        step: steps.length + 1,
        phase,
        attempt,
        target,
        measurement,
        pass: judged.pass,
        ...(judged.reason ? { reason: judged.reason } : {}),
      })
      if (judged.pass) return true
      if (attempt > retries || steps.length >= options.maxSteps) return false
    }
  }

  // Doubling: the highest passing rate (lo) and the lowest failing one (hi) once seen.
  let lo: number | null = null
  let hi: number | null = null
  let rate = options.start
  for (;;) {
    if (steps.length >= options.maxSteps) return result(lo, hi, 'step-limit', steps)
    if (await tryRate(rate, 'doubling')) {
      lo = rate
      if (rate >= options.max) return result(lo, null, 'at-max', steps)
      rate = Math.min(rate * 2, options.max)
    } else {
      hi = rate
      break
    }
  }

  // Bisection between lo (or 0 when start itself failed) and hi.
  for (;;) {
    const low = lo ?? 0
    if (hi - low <= options.resolution * hi || hi - low <= 1) {
      return result(lo, hi, lo === null ? 'below-start' : 'bracketed', steps)
    }
    if (steps.length >= options.maxSteps) return result(lo, hi, 'step-limit', steps)
    const mid = Math.floor((low + hi) / 2)
    if (mid <= low || mid < 1) return result(lo, hi, lo === null ? 'below-start' : 'bracketed', steps)
    if (await tryRate(mid, 'bisection')) lo = mid
    else hi = mid
  }
}

function result<M extends StepMeasurement>(
  lo: number | null,
  hi: number | null,
  outcome: SearchResult['outcome'],
  steps: CapacityStep<M>[],
): SearchResult<M> {
  return { capacity: lo, outcome, ceiling: hi, steps }
}

/** The arrival rate of a step's warm-up: `fraction` of the target, at least 1 req/s. */
export function warmupRate(target: number, fraction: number): number {
  return Math.max(1, Math.round(target * fraction))
}
