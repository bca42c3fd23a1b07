/**
 * Error rate of a cell, reported separately from latency: an absolute ceiling and a significant
 * increase over the baseline.
 *
 * The increase test compares Wilson score intervals: significant when the candidate's lower bound is
 * above the baseline's upper bound. That is stricter than a two-proportion z-test at the same level
 * (non-overlap of two equally wide 95% intervals needs z > 1.96 * sqrt(2) = 2.77, about a 0.6%
 * two-sided test), on purpose: the binomial model treats
 * every request as independent, but errors come in bursts (a restarting upstream fails a run's worth
 * of requests), so the real variance is larger than the binomial one and a z-test over tens of
 * thousands of requests would call noise an increase. Wilson intervals also behave at 0 errors,
 * the common case, where a Wald interval collapses to [0, 0].
 */
import type { GateConfig } from '../config/schema.js'
import type { ErrorRateComparison, RunResult } from '../model.js'
import { wilsonInterval } from './intervals.js'
import { formatRate } from './reason-text.js'

interface Counts {
  failed: number
  requests: number
}

function count(runs: readonly RunResult[]): Counts {
  let failed = 0
  let requests = 0
  for (const run of runs) {
    // A summary claiming more failures than requests is corrupt; cap it rather than report a rate above 1.
    failed += Math.min(run.metrics.failedRequests, run.metrics.requests)
    requests += run.metrics.requests
  }
  return { failed, requests }
}

/**
 * Compares the candidate's error rate (failed / requests pooled over its runs, so long runs weigh
 * more) with the ceiling and with the baseline's. Pass the runs the statistics use (valid, not
 * warm-up). `baselineRuns` null or without requests: no baseline rate, no increase test.
 * `aboveCeiling` uses the point estimate: the ceiling is a budget the team set, not a hypothesis.
 */
export function compareErrorRates(
  candidateRuns: readonly RunResult[],
  baselineRuns: readonly RunResult[] | null,
  gate: Pick<GateConfig, 'errorRateCeiling' | 'confidence'>,
): ErrorRateComparison {
  const candidate = count(candidateRuns)
  const candidateRate = candidate.requests === 0 ? 0 : candidate.failed / candidate.requests
  const candidateInterval = wilsonInterval(candidate.failed, candidate.requests, gate.confidence)
  const baseline = baselineRuns === null ? null : count(baselineRuns)
  const hasBaseline = baseline !== null && baseline.requests > 0
  const baselineRate = hasBaseline ? baseline.failed / baseline.requests : null
  const baselineUpper = hasBaseline
    ? wilsonInterval(baseline.failed, baseline.requests, gate.confidence)[1]
    : null
  return {
    candidate: candidateRate,
    candidateInterval,
    baseline: baselineRate,
    ceiling: gate.errorRateCeiling,
    aboveCeiling: candidateRate > gate.errorRateCeiling,
    significantIncrease: baselineUpper !== null && candidateInterval[0] > baselineUpper,
  }
}

/** The reasons an error rate fails a cell, in words; empty when it does not. */
export function errorRateReasons(errorRate: ErrorRateComparison): string[] {
  const reasons: string[] = []
  const [lower, upper] = errorRate.candidateInterval
  const rate = `error rate ${formatRate(errorRate.candidate)} (interval ${formatRate(lower)} to ${formatRate(upper)})`
  if (errorRate.aboveCeiling) {
    reasons.push(`${rate} is above the ${formatRate(errorRate.ceiling)} ceiling`)
  }
  if (errorRate.significantIncrease && errorRate.baseline !== null) {
    reasons.push(
      `${rate} is significantly above the baseline's ${formatRate(errorRate.baseline)} (the Wilson intervals do not overlap)`,
    )
  }
  return reasons
}
