/**
 * Assembles a CellComparison from the latency result and the error rate, so stored and paired
 * comparisons fill every field the same way and in the same reason order: what was excluded, how
 * latency was decided, the error rate, the control note.
 */
import type { GateConfig } from '../config/schema.js'
import {
  cellId,
  type CellComparison,
  type LatencyMetric,
  type RatioEstimate,
  type RunResult,
  type SampleSummary,
  type Verdict,
} from '../model.js'
import { compareErrorRates, errorRateReasons } from './error-rate.js'
import { cellVerdict } from './verdict.js'

/**
 * The gate settings the comparisons read. `minAccuracy` (gate.minAccuracy, default 1 in a config)
 * fails a cell whose checks pass on fewer requests; absent, accuracy is reported and never fails.
 */
export type StatsGate = Pick<GateConfig, 'metric' | 'threshold' | 'confidence' | 'errorRateCeiling'> & {
  minAccuracy?: number | undefined
  /** gate.blockConfidence (default 0.99 in a config); absent, a block needs `confidence` only. */
  blockConfidence?: number | undefined
}

/** What a latency comparison decided, before the error rate is folded in. */
export interface LatencyResult {
  candidate: SampleSummary
  baseline: SampleSummary | null
  ratio: RatioEstimate | null
  changePct: number | null
  pValue: number | null
  verdict: Verdict
  reasons: string[]
  latencyTest: CellComparison['latencyTest']
  otherRatios?: Partial<Record<LatencyMetric, RatioEstimate>>
  wilcoxonPValue?: number | null
  sigmaLogRatio?: number | null
  minDetectablePct?: number | null
}

export interface CellParts {
  profile: string
  scenario: string
  control: boolean
  method: CellComparison['method']
  gate: StatsGate
  latency: LatencyResult
  /** Runs the error rate and accuracy use (valid, not warm-up). */
  candidateEligible: readonly RunResult[]
  baselineEligible: readonly RunResult[] | null
  /** Every run given, for charts and details. */
  runs: RunResult[]
  excludedRuns: number
}

/** Check accuracy over runs, weighted by requests; 0 when nothing was requested (nothing was validated). */
export function checkAccuracy(runs: readonly RunResult[]): number {
  let passed = 0
  let requests = 0
  for (const run of runs) {
    passed += run.metrics.checkAccuracy * run.metrics.requests
    requests += run.metrics.requests
  }
  return requests === 0 ? 0 : passed / requests
}

/** "accuracy 99.2% < 100%": how an accuracy failure reads in reasons and tables. */
export function accuracyReason(accuracy: number, min: number): string {
  // Enough digits that a failing value never rounds up to the minimum it failed.
  let digits = 1
  while (digits < 4 && Number((accuracy * 100).toFixed(digits)) >= min * 100) digits++
  const pct = (x: number, d: number) => `${Number((x * 100).toFixed(d))}%`
  return `accuracy ${pct(accuracy, digits)} < ${pct(min, 4)}: fewer requests than required passed every check`
}

/**
 * Medians over the candidate's measured runs of mean latency and throughput, and the largest max:
 * the figures a benchmark publishes beside the percentiles. Undefined without a measured run.
 */
export function achievedLoad(
  runs: readonly RunResult[],
): NonNullable<CellComparison['achieved']> | undefined {
  if (runs.length === 0) return undefined
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
  }
  return {
    meanMs: middle(runs.map((r) => r.metrics.mean)),
    maxMs: Math.max(...runs.map((r) => r.metrics.max)),
    rps: middle(runs.map((r) => r.metrics.rps)),
    runs: runs.length,
  }
}

/** Builds the cell's comparison; adjustedPValue stays null until applyHolm sees all cells. */
export function assembleCell(parts: CellParts): CellComparison {
  const { latency, gate } = parts
  const errorRate = compareErrorRates(parts.candidateEligible, parts.baselineEligible, gate)
  const reasons = [...latency.reasons, ...errorRateReasons(errorRate)]
  const accuracyValue = checkAccuracy(parts.candidateEligible)
  // Only measured requests can fail accuracy: a cell with no eligible run is inconclusive already.
  const accuracyFails =
    gate.minAccuracy !== undefined && parts.candidateEligible.length > 0 && accuracyValue < gate.minAccuracy
  if (accuracyFails) reasons.push(accuracyReason(accuracyValue, gate.minAccuracy as number))
  if (parts.control) reasons.push('control profile: measures the runner, never gates')
  const cell: CellComparison = {
    cell: cellId(parts.profile, parts.scenario),
    profile: parts.profile,
    scenario: parts.scenario,
    control: parts.control,
    metric: gate.metric,
    method: parts.method,
    candidate: latency.candidate,
    baseline: latency.baseline,
    ratio: latency.ratio,
    changePct: latency.changePct,
    pValue: latency.pValue,
    adjustedPValue: null,
    latencyVerdict: latency.verdict,
    errorRate,
    // A request that fails its checks is a wrong answer: fast wrong answers are no improvement.
    verdict: accuracyFails ? 'regression' : cellVerdict(latency.verdict, errorRate),
    reasons,
    runs: parts.runs,
    checkAccuracy: accuracyValue,
    latencyTest: latency.latencyTest,
    excludedRuns: parts.excludedRuns,
  }
  if (gate.minAccuracy !== undefined) cell.accuracy = { min: gate.minAccuracy, fails: accuracyFails }
  const achieved = achievedLoad(parts.candidateEligible.filter((r) => r.variant === 'candidate'))
  if (achieved) cell.achieved = achieved
  if (latency.otherRatios !== undefined) cell.otherRatios = latency.otherRatios
  if (latency.wilcoxonPValue !== undefined) cell.wilcoxonPValue = latency.wilcoxonPValue
  if (latency.sigmaLogRatio !== undefined) cell.sigmaLogRatio = latency.sigmaLogRatio
  if (latency.minDetectablePct !== undefined) cell.minDetectablePct = latency.minDetectablePct
  return cell
}

/** The other percentiles reported next to the gated one. */
export function otherMetrics(metric: LatencyMetric): LatencyMetric[] {
  return (['p50', 'p95', 'p99'] as const).filter((m) => m !== metric)
}
