/**
 * Arena comparison (seed 002): the composite score over runs, summarised as the seed does (median,
 * and mean +/- t(alpha/2, n-1) x sd / sqrt(n)), and compared with the baseline's on the score's own
 * scale (points: a score can be 0, so no log ratio): Welch t against stored runs, paired t over A/B
 * pairs. Higher is better:
 * - pass: the lower bound of candidate - baseline is above -threshold x the baseline's mean;
 * - regression: the upper bound is below 0 and the estimate below -threshold x the baseline's mean;
 * - inconclusive otherwise. Pure.
 */
import type { ArenaComparison, RunResult, SampleSummary, Verdict } from '../model.js'
import { arenaDimensionNames } from '../model.js'
import { mean, median, sd } from './descriptive.js'
import { tCritical } from './distributions.js'
import { meanEstimate, tInterval, welchEstimate, type LogInterval } from './intervals.js'
import { formatP } from './reason-text.js'
import { MIN_RUNS } from './verdict.js'

/** Median, mean and the t interval of the mean, on the values' own (arithmetic) scale. */
export function arithmeticSummary(values: readonly number[], confidence: number): SampleSummary {
  if (values.length === 0)
    return { n: 0, median: 0, mean: 0, lower: 0, upper: 0, values: [], unit: 'run', interval: 'none' }
  const m = mean(values)
  if (values.length < 2)
    return {
      n: 1,
      median: m,
      mean: m,
      lower: m,
      upper: m,
      values: [...values],
      unit: 'run',
      interval: 'none',
    }
  const half = tCritical(confidence, values.length - 1) * (sd(values) / Math.sqrt(values.length))
  return {
    n: values.length,
    median: median(values),
    mean: m,
    lower: m - half,
    upper: m + half,
    values: [...values],
    unit: 'run',
    interval: 'confidence',
  }
}

function arenaRuns(runs: readonly RunResult[]): RunResult[] {
  return runs.filter((r) => !r.warmup && r.valid && r.arena !== undefined)
}

export interface ArenaComparisonInput {
  method: 'stored' | 'paired'
  candidateRuns: readonly RunResult[]
  baselineRuns: readonly RunResult[] | null
  threshold: number
  confidence: number
}

/** The verdict on a score difference (points) given the baseline's mean score. */
export function scoreVerdict(
  difference: { estimate: number; lower: number; upper: number },
  baselineMean: number,
  threshold: number,
): { verdict: Verdict; reason: string } {
  const limit = -threshold * baselineMean
  const what = `score ${difference.estimate >= 0 ? '+' : ''}${difference.estimate.toFixed(1)} points [${difference.lower.toFixed(1)}, ${difference.upper.toFixed(1)}]`
  const limitText = `${limit.toFixed(1)} points (-${(threshold * 100).toFixed(0)}% of the baseline's ${baselineMean.toFixed(1)})`
  if (difference.lower > limit)
    return { verdict: 'pass', reason: `${what}: the lower bound is above ${limitText}` }
  if (difference.upper < 0 && difference.estimate < limit) {
    return {
      verdict: 'regression',
      reason: `${what}: significantly lower and the estimate is below ${limitText}`,
    }
  }
  return {
    verdict: 'inconclusive',
    reason: `${what}: the interval reaches below ${limitText} without a drop beyond it being shown`,
  }
}

/** Compares an arena cell's scores; returns the comparison and its reasons. */
export function compareArena(input: ArenaComparisonInput): { arena: ArenaComparison; reasons: string[] } {
  const candidate = arenaRuns(input.candidateRuns)
  const baseline = input.baselineRuns === null ? null : arenaRuns(input.baselineRuns)
  const scores = (runs: readonly RunResult[]) => runs.map((r) => r.arena?.score ?? 0)
  const candidateScores = scores(candidate)
  const baselineScores = baseline ? scores(baseline) : []
  const dimensions: ArenaComparison['dimensions'] = {}
  for (const d of arenaDimensionNames) {
    const values = candidate
      .map((r) => r.arena?.dimensions[d]?.score)
      .filter((v): v is number => v !== undefined)
    if (values.length === 0) continue
    const s = arithmeticSummary(values, input.confidence)
    dimensions[d] = { median: s.median, lower: s.lower, upper: s.upper, values }
  }
  const base: ArenaComparison = {
    candidate: arithmeticSummary(candidateScores, input.confidence),
    baseline: baselineScores.length > 0 ? arithmeticSummary(baselineScores, input.confidence) : null,
    dimensions,
    difference: null,
    changePct: null,
    pValue: null,
    test: null,
    verdict: 'inconclusive',
  }
  if (!baseline || baselineScores.length === 0) {
    return { arena: base, reasons: ['arena: no baseline runs for this cell'] }
  }
  let interval: LogInterval | null = null
  let test: ArenaComparison['test']
  if (input.method === 'paired') {
    test = 'paired-t'
    const byKey = new Map(baseline.map((r) => [r.block ?? r.round, r.arena?.score ?? 0]))
    const diffs = candidate
      .filter((r) => byKey.has(r.block ?? r.round))
      .map((r) => (r.arena?.score ?? 0) - (byKey.get(r.block ?? r.round) as number))
    if (diffs.length >= MIN_RUNS) interval = tInterval(meanEstimate(diffs), input.confidence)
  } else {
    test = 'welch'
    if (candidateScores.length >= MIN_RUNS && baselineScores.length >= MIN_RUNS)
      interval = tInterval(welchEstimate(candidateScores, baselineScores), input.confidence)
  }
  const baselineMean = mean(baselineScores)
  const changePct =
    baselineMean > 0 && candidateScores.length > 0
      ? ((mean(candidateScores) - baselineMean) / baselineMean) * 100
      : null
  if (interval === null) {
    return {
      arena: { ...base, test, changePct },
      reasons: [
        `arena: fewer than ${MIN_RUNS} runs (or pairs) per side: no interval for the score difference`,
      ],
    }
  }
  const difference = {
    estimate: interval.estimate,
    lower: interval.lower,
    upper: interval.upper,
    confidence: input.confidence,
  }
  const decision = scoreVerdict(difference, baselineMean, input.threshold)
  return {
    arena: { ...base, difference, changePct, pValue: interval.pValue, test, verdict: decision.verdict },
    reasons: [
      `arena (${test === 'paired-t' ? 'paired t' : 'Welch t'}, p ${formatP(interval.pValue)}): ${decision.reason}`,
    ],
  }
}

/** Two-sided Welch p-value of two samples' means (arithmetic), or null with fewer than 2 values a side. */
export function welchPValue(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 2 || b.length < 2) return null
  return tInterval(welchEstimate(a, b), 0.95).pValue
}
