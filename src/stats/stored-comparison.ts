/**
 * Candidate runs on this runner against a stored baseline (the nightly runs on the default branch).
 * The method depends on how much history the baseline has:
 * - 3 or more nights: the candidate against a prediction interval for a new night (see history.ts),
 *   which accounts for runner-to-runner spread;
 * - 1 or 2 nights: Welch t on log(metric) of the candidate's runs vs the baseline's pooled runs. The
 *   spread between runners cannot be estimated yet, so the reasons say the verdict ignores it.
 */
import type { CellComparison, LatencyMetric, RatioEstimate, RunResult, SampleSummary } from '../model.js'
import { assembleCell, otherMetrics, type LatencyResult, type StatsGate } from './cell-comparison.js'
import { mean, median, summarize } from './descriptive.js'
import { HISTORY_MIN_NIGHTS, historyEstimate, nightLogMeans, predictionInterval } from './history.js'
import { tInterval, toRatio, welchEstimate, type LogEstimate } from './intervals.js'
import { detectablePct } from './detectable.js'
import { formatChange } from './reason-text.js'
import {
  excludedCount,
  emptySelection,
  exclusionReason,
  hasUsableMetric,
  selectRuns,
  type RunSelection,
} from './run-selection.js'
import { decideRatio, MIN_RUNS } from './verdict.js'

export interface StoredComparisonInput {
  profile: string
  scenario: string
  /** A control (no-gateway) profile: compared and reported, never gated. */
  control: boolean
  /** This cell's runs on this runner (warm-up and invalid runs may be included; they are excluded). */
  candidateRuns: readonly RunResult[]
  /** This cell's baseline runs, one array per night, oldest first; null or empty: no baseline. */
  baselineNights: readonly (readonly RunResult[])[] | null
  gate: StatsGate
}

/**
 * Compares one cell's candidate runs with the stored baseline and decides its verdict.
 *
 * The latency p-value is two-sided (see intervals.tInterval) and the ratio CI is exp(d +/- t * se) of
 * the log-scale difference d; adjustedPValue is filled later by applyHolm across cells.
 */
export function compareStored(input: StoredComparisonInput): CellComparison {
  const { gate } = input
  const candidate = selectRuns(input.candidateRuns, gate.metric)
  const nights = (input.baselineNights ?? []).map((runs) => selectRuns(runs, gate.metric))
  const baselineEligible = nights.flatMap((night) => night.eligible)
  const reasons: string[] = []
  const candidateExclusion = exclusionReason('candidate', candidate, gate.metric)
  if (candidateExclusion) reasons.push(candidateExclusion)
  const baselineExclusion = exclusionReason('baseline', mergeSelections(nights), gate.metric)
  if (baselineExclusion) reasons.push(baselineExclusion)

  const latency = storedLatency(candidate, nights, gate)
  latency.reasons.unshift(...reasons)
  // Stored baseline runs were recorded by baseline mode as the "candidate" of their night; relabel the
  // copies so charts can tell the two sides apart.
  const baselineRuns = (input.baselineNights ?? [])
    .flat()
    .map((run) => ({ ...run, variant: 'baseline' as const }))
  return assembleCell({
    profile: input.profile,
    scenario: input.scenario,
    control: input.control,
    method: 'stored',
    gate,
    latency,
    candidateEligible: candidate.eligible,
    baselineEligible: baselineEligible.length > 0 ? baselineEligible : null,
    runs: [...input.candidateRuns, ...baselineRuns],
    excludedRuns: excludedCount(candidate) + nights.reduce((sum, night) => sum + excludedCount(night), 0),
  })
}

/** A stored latency result that decides nothing. */
function undecided(candidate: SampleSummary) {
  return { candidate, ratio: null, pValue: null, verdict: 'inconclusive' as const, latencyTest: null }
}

/** The latency part of a stored cell: the candidate against the baseline's nights. */
function storedLatency(
  candidate: RunSelection,
  nights: readonly RunSelection[],
  gate: StatsGate,
): LatencyResult {
  const { metric, confidence } = gate
  const candidateValues = valuesOf(candidate.measured, metric)
  const nightValues = nights
    .map((night) => valuesOf(night.measured, metric))
    .filter((values) => values.length > 0)
  const candidateSummary = summarize(candidateValues, confidence)
  if (nightValues.length === 0) {
    return {
      ...undecided(candidateSummary),
      baseline: null,
      changePct: null,
      reasons: ['no baseline for this cell'],
    }
  }

  const history = nightValues.length >= HISTORY_MIN_NIGHTS
  const baselineSummary = history
    ? historySummary(nightValues, confidence)
    : summarize(nightValues.flat(), confidence)
  const latencyTest = history ? 'history' : 'welch'
  const method = methodText(nightValues, history)
  const tooFew = tooFewRuns(candidateValues.length, nightValues, history)
  const estimate = storedEstimate(candidateValues, nightValues)
  if (tooFew.length > 0 || estimate === null) {
    return {
      ...undecided(candidateSummary),
      baseline: baselineSummary,
      ...pointEstimate(candidateValues, nightValues, history, method, tooFew),
      latencyTest,
    }
  }

  const { interval, ratio, decision } = decideRatio(estimate, gate)
  const reasons = [method]
  if (interval.se === 0) reasons.push('no spread between runs (all equal): the interval has zero width')
  reasons.push(decision.reason)
  return {
    candidate: candidateSummary,
    baseline: baselineSummary,
    ratio,
    changePct: (ratio.estimate - 1) * 100,
    pValue: interval.pValue,
    verdict: decision.verdict,
    reasons,
    latencyTest,
    otherRatios: otherStoredRatios(candidate, nights, gate),
    minDetectablePct: detectablePct(interval, gate),
  }
}

/** How the candidate is compared with the baseline, and what that leaves out. */
function methodText(nightValues: readonly (readonly number[])[], history: boolean): string {
  const baselineRuns = nightValues.flat().length
  return history
    ? `compared with a prediction interval for a new night from ${nightValues.length} baseline nights, which includes the runner-to-runner spread`
    : `baseline has ${nightValues.length} night${nightValues.length === 1 ? '' : 's'}: Welch t against its ${baselineRuns} runs, which does not account for runner-to-runner differences (${HISTORY_MIN_NIGHTS} nights of history do)`
}

/** The sides with too few runs for an interval, as "2 candidate runs"; empty when both have enough. */
function tooFewRuns(
  candidateRuns: number,
  nightValues: readonly (readonly number[])[],
  history: boolean,
): string[] {
  const baselineRuns = nightValues.flat().length
  const tooFew: string[] = []
  if (candidateRuns < MIN_RUNS) tooFew.push(`${candidateRuns} candidate run${candidateRuns === 1 ? '' : 's'}`)
  if (!history && baselineRuns < MIN_RUNS)
    tooFew.push(`${baselineRuns} baseline run${baselineRuns === 1 ? '' : 's'}`)
  return tooFew
}

/** Without an interval: the point estimate (when the candidate has a run) and why there is no more. */
function pointEstimate(
  candidateValues: readonly number[],
  nightValues: readonly (readonly number[])[],
  history: boolean,
  method: string,
  tooFew: readonly string[],
): { changePct: number | null; reasons: string[] } {
  const point =
    candidateValues.length > 0
      ? Math.exp(mean(candidateValues.map(Math.log)) - logCentre(nightValues, history))
      : null
  return {
    changePct: point === null ? null : (point - 1) * 100,
    reasons: [
      method,
      `only ${tooFew.join(' and ')}: at least ${MIN_RUNS} per side are needed for a confidence interval${point === null ? '' : ` (point estimate ${formatChange(point)})`}`,
    ],
  }
}

/** The log-scale estimate of candidate vs baseline, or null when a side has too few values. */
function storedEstimate(
  candidateValues: readonly number[],
  nightValues: readonly (readonly number[])[],
): LogEstimate | null {
  if (candidateValues.length < MIN_RUNS || nightValues.length === 0) return null
  const candidateLogs = candidateValues.map(Math.log)
  if (nightValues.length >= HISTORY_MIN_NIGHTS) {
    return historyEstimate(candidateLogs, nightLogMeans(nightValues))
  }
  const baselineLogs = nightValues.flat().map(Math.log)
  if (baselineLogs.length < MIN_RUNS) return null
  return welchEstimate(candidateLogs, baselineLogs)
}

function otherStoredRatios(
  candidate: RunSelection,
  nights: readonly RunSelection[],
  gate: StatsGate,
): Partial<Record<LatencyMetric, RatioEstimate>> {
  const ratios: Partial<Record<LatencyMetric, RatioEstimate>> = {}
  for (const metric of otherMetrics(gate.metric)) {
    const candidateValues = usableValues(candidate.eligible, metric)
    const nightValues = nights
      .map((night) => usableValues(night.eligible, metric))
      .filter((values) => values.length > 0)
    const estimate = storedEstimate(candidateValues, nightValues)
    if (estimate) ratios[metric] = toRatio(tInterval(estimate, gate.confidence), gate.confidence)
  }
  return ratios
}

/** The baseline as nights: values are each night's geometric mean, the interval the prediction interval. */
function historySummary(nightValues: readonly (readonly number[])[], confidence: number): SampleSummary {
  const logMeans = nightLogMeans(nightValues)
  const prediction = predictionInterval(logMeans, confidence)
  const nightMeans = logMeans.map(Math.exp)
  return {
    n: logMeans.length,
    median: median(nightMeans),
    mean: Math.exp(prediction.centre),
    lower: Math.exp(prediction.lower),
    upper: Math.exp(prediction.upper),
    values: nightMeans,
    unit: 'night',
    interval: 'prediction',
  }
}

function logCentre(nightValues: readonly (readonly number[])[], history: boolean): number {
  return history ? mean(nightLogMeans(nightValues)) : mean(nightValues.flat().map(Math.log))
}

function valuesOf(runs: readonly RunResult[], metric: LatencyMetric): number[] {
  return runs.map((run) => run.metrics[metric])
}

function usableValues(runs: readonly RunResult[], metric: LatencyMetric): number[] {
  return valuesOf(
    runs.filter((run) => hasUsableMetric(run, metric)),
    metric,
  )
}

function mergeSelections(selections: readonly RunSelection[]): RunSelection {
  const merged = emptySelection()
  for (const s of selections) {
    merged.warmup += s.warmup
    merged.invalid += s.invalid
    merged.empty += s.empty
    for (const reason of s.invalidReasons)
      if (!merged.invalidReasons.includes(reason)) merged.invalidReasons.push(reason)
  }
  return merged
}
