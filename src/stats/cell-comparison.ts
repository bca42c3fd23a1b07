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

/** The gate settings the comparisons read. */
export type StatsGate = Pick<GateConfig, 'metric' | 'threshold' | 'confidence' | 'errorRateCeiling'>

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

/** Builds the cell's comparison; adjustedPValue stays null until applyHolm sees all cells. */
export function assembleCell(parts: CellParts): CellComparison {
  const { latency, gate } = parts
  const errorRate = compareErrorRates(parts.candidateEligible, parts.baselineEligible, gate)
  const reasons = [...latency.reasons, ...errorRateReasons(errorRate)]
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
    verdict: cellVerdict(latency.verdict, errorRate),
    reasons,
    runs: parts.runs,
    checkAccuracy: checkAccuracy(parts.candidateEligible),
    latencyTest: latency.latencyTest,
    excludedRuns: parts.excludedRuns,
  }
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
