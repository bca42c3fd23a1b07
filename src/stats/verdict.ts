/**
 * Verdicts: the three-way latency verdict of one cell (as Chromium's Pinpoint decides), how latency
 * and error rate combine into the cell's verdict, and the gate's overall verdict.
 */
import type { GateConfig } from '../config/schema.js'
import type { CellComparison, ErrorRateComparison, LatencyMetric, RatioEstimate, Verdict } from '../model.js'
import { tInterval, toRatio, type LogEstimate, type LogInterval } from './intervals.js'
import { formatChange, formatRatio } from './reason-text.js'

/**
 * Fewest runs (or pairs) per side for a verdict. Two runs give a t interval with one degree of
 * freedom (t_0.975 = 12.7), so wide that it only ever says "inconclusive" while looking like an
 * answer; three is the least that estimates a spread at all.
 */
export const MIN_RUNS = 3

/** A verdict with the sentence that explains it. */
export interface Decision {
  verdict: Verdict
  reason: string
}

/** The interval the block rule reads: the same estimate at `gate.blockConfidence`. */
export interface BlockBound {
  /** Lower bound of the ratio at `confidence`. */
  lower: number
  confidence: number
}

/**
 * The three-way latency verdict from the ratio candidate/baseline and its interval:
 * - pass: upper < 1 + threshold. Even the pessimistic end of the interval is within what the team
 *   said it tolerates.
 * - regression: lower > 1 AND estimate > 1 + threshold. The lower bound says the candidate is slower
 *   at all (significant); the estimate condition says the best guess of how much slower exceeds the
 *   threshold. When `block` is given, its lower bound (a stricter confidence, gate.blockConfidence)
 *   is the one that must exceed 1: the gate looks again after every block of pairs, and each look is
 *   another chance to block unchanged code, so blocking asks for more than the shown 95%. Without it, a tiny but real change (+2% measured very precisely) would block a PR
 *   the team explicitly allowed; requiring lower > 1 + threshold instead would need so many runs that
 *   a real +15% would almost never block.
 * - inconclusive: everything else (the interval straddles 1 + threshold, or the change is real but
 *   probably below the threshold); more runs narrow it.
 */
export function latencyVerdict(
  ratio: RatioEstimate,
  threshold: number,
  metric: LatencyMetric,
  block?: BlockBound,
): Decision {
  const limit = 1 + threshold
  const what = `${metric.toUpperCase()} ${formatRatio(ratio)}`
  const thresholdText = formatChange(limit)
  if (ratio.upper < limit) {
    return { verdict: 'pass', reason: `${what}: the upper bound is below the ${thresholdText} threshold` }
  }
  const blockLower = block ? Math.min(block.lower, ratio.lower) : ratio.lower
  if (blockLower > 1 && ratio.estimate > limit) {
    return {
      verdict: 'regression',
      reason: block
        ? `${what}: significantly slower (lower bound above +0% at ${pctText(block.confidence)} too) and the estimate exceeds the ${thresholdText} threshold`
        : `${what}: significantly slower (lower bound above +0%) and the estimate exceeds the ${thresholdText} threshold`,
    }
  }
  if (block && ratio.lower > 1 && ratio.estimate > limit) {
    return {
      verdict: 'inconclusive',
      reason: `${what}: slower beyond the ${thresholdText} threshold, but not yet at the ${pctText(block.confidence)} confidence a block needs (lower bound ${formatChange(block.lower)} at ${pctText(block.confidence)}); more pairs would decide`,
    }
  }
  if (ratio.lower > 1) {
    return {
      verdict: 'inconclusive',
      reason: `${what}: significantly slower, but the estimate is within the ${thresholdText} threshold while the interval reaches above it; more runs would decide`,
    }
  }
  return {
    verdict: 'inconclusive',
    reason: `${what}: the interval reaches above the ${thresholdText} threshold but does not show a significant slowdown; more runs would decide`,
  }
}

/** The gate settings the three-way rule reads. */
export interface RuleGate {
  metric: LatencyMetric
  threshold: number
  confidence: number
  /** gate.blockConfidence; absent, a block needs `confidence` only. */
  blockConfidence?: number | undefined
}

/** The ratio's lower bound at gate.blockConfidence, which the block rule reads; none without one. */
export function blockBound(estimate: LogEstimate, gate: RuleGate): BlockBound | undefined {
  if (gate.blockConfidence === undefined) return undefined
  return {
    lower: Math.exp(tInterval(estimate, gate.blockConfidence).lower),
    confidence: gate.blockConfidence,
  }
}

/** A log-scale estimate of candidate/baseline read by the three-way rule. */
export interface RatioDecision {
  interval: LogInterval
  ratio: RatioEstimate
  decision: Decision
}

/**
 * The interval of `estimate` at gate.confidence, its ratio, and the latencyVerdict on it (with the
 * block bound): what every log-scale comparison (paired, stored, CPU per request) decides with.
 */
export function decideRatio(estimate: LogEstimate, gate: RuleGate): RatioDecision {
  const interval = tInterval(estimate, gate.confidence)
  const ratio = toRatio(interval, gate.confidence)
  const decision = latencyVerdict(ratio, gate.threshold, gate.metric, blockBound(estimate, gate))
  return { interval, ratio, decision }
}

function pctText(confidence: number): string {
  return `${Number((confidence * 100).toFixed(1))}%`
}

/** True when the error rate alone fails the cell: above the ceiling, or significantly above the baseline. */
export function errorRateFails(errorRate: ErrorRateComparison): boolean {
  return errorRate.aboveCeiling || errorRate.significantIncrease
}

/**
 * The cell's verdict: a failing error rate is a regression whatever latency says (fast errors are
 * not an improvement); otherwise the latency verdict stands.
 */
export function cellVerdict(latency: Verdict, errorRate: ErrorRateComparison): Verdict {
  return errorRateFails(errorRate) ? 'regression' : latency
}

/** The gate's decision over all cells. */
export interface OverallVerdict {
  verdict: Verdict
  /** Whether the gate fails the job: on a regression, and on inconclusive when onInconclusive is 'fail'. */
  fails: boolean
  /** Why, naming the cells that decided it. */
  reasons: string[]
}

/**
 * The overall verdict: control cells never gate (they measure the runner, not the change); any
 * regression -> regression; else any inconclusive -> inconclusive; else pass. No gated cell at all is
 * inconclusive, because nothing was shown to be fine. `fails` applies `onInconclusive`.
 */
export function overallVerdict(
  cells: readonly CellComparison[],
  gate: Pick<GateConfig, 'onInconclusive'>,
): OverallVerdict {
  const gated = cells.filter((cell) => !cell.control)
  const regressed = gated.filter((cell) => cell.verdict === 'regression')
  const undecided = gated.filter((cell) => cell.verdict === 'inconclusive')
  let verdict: Verdict
  const reasons: string[] = []
  if (gated.length === 0) {
    verdict = 'inconclusive'
    reasons.push('no gated cells (only control profiles were compared)')
  } else if (regressed.length > 0) {
    verdict = 'regression'
    reasons.push(`regression in ${regressed.map((cell) => cell.cell).join(', ')}`)
  } else if (undecided.length > 0) {
    verdict = 'inconclusive'
    reasons.push(`inconclusive in ${undecided.map((cell) => cell.cell).join(', ')}`)
  } else {
    verdict = 'pass'
    reasons.push(`all ${gated.length} gated cell${gated.length === 1 ? '' : 's'} pass`)
  }
  if (verdict === 'inconclusive') {
    reasons.push(
      gate.onInconclusive === 'fail'
        ? 'on-inconclusive is "fail": an undecided gate fails the job'
        : 'on-inconclusive is "warn": an undecided gate warns and does not fail the job',
    )
  }
  const fails = verdict === 'regression' || (verdict === 'inconclusive' && gate.onInconclusive === 'fail')
  return { verdict, fails, reasons }
}
