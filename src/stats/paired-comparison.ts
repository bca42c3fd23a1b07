/**
 * Paired A/B comparison on one runner: the baseline variant (default branch) and the candidate run
 * in interleaved pairs, one pair per round (AB or BA at random). Pairing removes what the two runs
 * of a round share (the runner, its neighbours, the minute's noise), so the per-pair log ratio is
 * far less noisy than either side alone; the paired t on log(candidate / baseline) gives the ratio CI.
 */
import wilcoxon from '@stdlib/stats-wilcoxon'
import type { CellComparison, LatencyMetric, RatioEstimate, RunResult, SampleSummary } from '../model.js'
import { assembleCell, otherMetrics, type LatencyResult, type StatsGate } from './cell-comparison.js'
import { mean, sd, summarize } from './descriptive.js'
import { meanEstimate, tInterval, toRatio } from './intervals.js'
import { detectablePct } from './detectable.js'
import { formatChange, formatP } from './reason-text.js'
import {
  excludedCount,
  exclusionReason,
  hasUsableMetric,
  selectRuns,
  type RunSelection,
} from './run-selection.js'
import { decideRatio, MIN_RUNS } from './verdict.js'

export interface PairedComparisonInput {
  profile: string
  scenario: string
  control: boolean
  /** This cell's candidate-variant runs; `round` pairs them with the baseline's. */
  candidateRuns: readonly RunResult[]
  /** This cell's baseline-variant runs from the same rounds on the same runner. */
  baselineRuns: readonly RunResult[]
  gate: StatsGate
}

/** One round's pair of values of one metric. */
export interface RunPair {
  round: number
  candidate: number
  baseline: number
}

/** Runs matched by round, and what could not be matched. */
export interface Pairing {
  pairs: RunPair[]
  /** Runs whose round has no usable run of the other variant. */
  unpaired: number
  /** Rounds with more than one run of a variant; their runs were combined by geometric mean. */
  duplicateRounds: number[]
}

/**
 * Matches candidate and baseline runs by round, using only runs with a usable value of `metric`.
 * Runs measured in paired blocks (freshly started stacks) are matched by block instead: the runs of
 * one block share their stack instances' offsets, so the block, not the round, is the independent unit
 * and its runs are combined by geometric mean. Without blocks, a round with two runs of one variant
 * should not happen (the schedule runs each variant once per round); if it does, its runs are combined
 * by geometric mean rather than paired arbitrarily.
 */
export function pairByRound(
  candidateRuns: readonly RunResult[],
  baselineRuns: readonly RunResult[],
  metric: LatencyMetric,
): Pairing {
  const duplicates = new Set<number>()
  const byRound = (runs: readonly RunResult[]): Map<number, number[]> => {
    const map = new Map<number, number[]>()
    for (const run of runs) {
      if (!hasUsableMetric(run, metric)) continue
      const key = run.block ?? run.round
      const values = map.get(key)
      if (values) {
        values.push(run.metrics[metric])
        if (run.block === undefined) duplicates.add(run.round)
      } else {
        map.set(key, [run.metrics[metric]])
      }
    }
    return map
  }
  const candidate = byRound(candidateRuns)
  const baseline = byRound(baselineRuns)
  const pairs: RunPair[] = []
  let unpaired = 0
  for (const [round, values] of candidate) {
    const partner = baseline.get(round)
    if (partner) pairs.push({ round, candidate: geometricMean(values), baseline: geometricMean(partner) })
    else unpaired += values.length
  }
  for (const [round, values] of baseline) if (!candidate.has(round)) unpaired += values.length
  pairs.sort((a, b) => a.round - b.round)
  return { pairs, unpaired, duplicateRounds: [...duplicates].sort((a, b) => a - b) }
}

/** Geometric mean; a single value is returned as it is (exp(log(x)) need not be exactly x). */
function geometricMean(values: readonly number[]): number {
  return values.length === 1 ? (values[0] as number) : Math.exp(mean(values.map(Math.log)))
}

/**
 * Two-sided Wilcoxon signed-rank p-value of log ratios (stdlib: exact distribution up to 50
 * non-zero differences without ties, normal approximation with continuity correction otherwise;
 * zero differences dropped, as in R and scipy). No non-zero difference at all is no evidence of a
 * shift: 1. Null when the test cannot be computed (fewer than two pairs).
 */
export function wilcoxonPValue(logRatios: readonly number[]): number | null {
  if (logRatios.length < 2) return null
  if (logRatios.every((d) => d === 0)) return 1
  try {
    return wilcoxon([...logRatios]).pValue
  } catch {
    // stdlib refuses degenerate inputs it cannot rank; the t result still stands on its own.
    return null
  }
}

/**
 * Compares one cell's candidate and baseline variants from paired rounds and decides its verdict.
 * Paired t on d_i = log(candidate_i / baseline_i): ratio CI exp(mean(d) +/- t_{n-1} sd(d) / sqrt(n)),
 * two-sided p-value. Also reports Wilcoxon signed-rank on the same d_i, sd(d) as sigmaLogRatio, and
 * the P50 / P99 ratios from the same pairs. adjustedPValue is filled later by applyHolm.
 */
export function comparePaired(input: PairedComparisonInput): CellComparison {
  const { gate } = input
  const { metric } = gate
  const candidate = selectRuns(input.candidateRuns, metric)
  const baseline = selectRuns(input.baselineRuns, metric)
  const reasons: string[] = []
  for (const [side, selection] of [
    ['candidate', candidate],
    ['baseline', baseline],
  ] as const) {
    const excluded = exclusionReason(side, selection, metric)
    if (excluded) reasons.push(excluded)
  }
  const pairing = pairByRound(candidate.measured, baseline.measured, metric)
  if (pairing.unpaired > 0) {
    reasons.push(
      `${pairing.unpaired} run${pairing.unpaired === 1 ? '' : 's'} without a partner in the same round left out of the pairs`,
    )
  }
  if (pairing.duplicateRounds.length > 0) {
    reasons.push(
      `rounds ${pairing.duplicateRounds.join(', ')} had more than one run of a variant; combined by geometric mean`,
    )
  }

  const latency = pairedLatency(pairing, candidate, baseline, gate)
  latency.reasons.unshift(...reasons)
  return assembleCell({
    profile: input.profile,
    scenario: input.scenario,
    control: input.control,
    method: 'paired',
    gate,
    latency,
    candidateEligible: candidate.eligible,
    baselineEligible: baseline.eligible.length > 0 ? baseline.eligible : null,
    runs: [...input.candidateRuns, ...input.baselineRuns],
    excludedRuns: excludedCount(candidate) + excludedCount(baseline) + pairing.unpaired,
  })
}

/** A pair of one metric's values, matched by round or block. */
type ValuePair = Pick<RunPair, 'candidate' | 'baseline'>

/** Each side of the pairs summarized (the values are what the pairs hold: geometric means per block). */
export function pairSummaries(
  pairs: readonly ValuePair[],
  confidence: number,
): { candidate: SampleSummary; baseline: SampleSummary } {
  return {
    candidate: summarize(
      pairs.map((p) => p.candidate),
      confidence,
    ),
    baseline: summarize(
      pairs.map((p) => p.baseline),
      confidence,
    ),
  }
}

/** log(candidate / baseline) of each pair: the differences a paired t reads. */
export function logRatios(pairs: readonly ValuePair[]): number[] {
  return pairs.map((p) => Math.log(p.candidate / p.baseline))
}

/** A paired latency result that decides nothing. */
const UNDECIDED = {
  ratio: null,
  pValue: null,
  verdict: 'inconclusive' as const,
  latencyTest: 'paired-t' as const,
}

/** The latency part of a paired cell: paired t over the log ratios of its pairs. */
function pairedLatency(
  pairing: Pairing,
  candidate: RunSelection,
  baseline: RunSelection,
  gate: StatsGate,
): LatencyResult {
  const n = pairing.pairs.length
  if (n === 0) return unpairedLatency(candidate, baseline, gate)
  const summaries = pairSummaries(pairing.pairs, gate.confidence)
  const ratios = logRatios(pairing.pairs)
  if (n < MIN_RUNS) {
    const point = Math.exp(mean(ratios))
    return {
      ...UNDECIDED,
      ...summaries,
      changePct: (point - 1) * 100,
      reasons: [
        `only ${n} pair${n === 1 ? '' : 's'}: at least ${MIN_RUNS} are needed for a confidence interval (point estimate ${formatChange(point)})`,
      ],
    }
  }
  const { interval, ratio, decision } = decideRatio(meanEstimate(ratios), gate)
  const wilcoxonP = wilcoxonPValue(ratios)
  const sigma = sd(ratios)
  const blocks = candidate.measured.some((run) => run.block !== undefined)
  const reasons = [
    `paired t over ${n} ${blocks ? 'blocks of freshly started stacks' : 'pairs'} (sd of log ratio ${sigma.toFixed(3)})`,
  ]
  if (interval.se === 0) reasons.push('every pair has the same ratio: the interval has zero width')
  reasons.push(decision.reason)
  const note = wilcoxonNote(decision.verdict, wilcoxonP, n, 1 - gate.confidence)
  if (note) reasons.push(note)
  return {
    ...summaries,
    ratio,
    changePct: (ratio.estimate - 1) * 100,
    pValue: interval.pValue,
    verdict: decision.verdict,
    reasons,
    latencyTest: 'paired-t',
    wilcoxonPValue: wilcoxonP,
    sigmaLogRatio: sigma,
    minDetectablePct: detectablePct(interval, gate),
    otherRatios: otherPairedRatios(candidate.eligible, baseline.eligible, gate),
  }
}

/** Nothing to pair: still describe the candidate's own runs for the report. */
function unpairedLatency(candidate: RunSelection, baseline: RunSelection, gate: StatsGate): LatencyResult {
  return {
    ...UNDECIDED,
    candidate: summarize(
      candidate.measured.map((run) => run.metrics[gate.metric]),
      gate.confidence,
    ),
    baseline: null,
    changePct: null,
    reasons: [
      baseline.measured.length === 0
        ? 'no baseline for this cell'
        : 'no complete pairs (no round has both variants)',
    ],
  }
}

/**
 * Says when the rank-based cross-check does not back a regression the t interval found. It does not
 * change the verdict (with few pairs Wilcoxon is weaker than t), but a disagreement often means one
 * outlier pair drives the mean. With n pairs the exact two-sided p-value cannot go below 2 / 2^n, so
 * with 5 pairs or fewer it can never confirm at alpha = 0.05; the note says that rather than "no".
 */
function wilcoxonNote(verdict: string, p: number | null, n: number, alpha: number): string | null {
  if (verdict !== 'regression' || p === null || p < alpha) return null
  const smallest = 2 / 2 ** n
  if (smallest >= alpha) {
    return `Wilcoxon signed-rank p ${formatP(p)}: with ${n} pairs it cannot go below ${Number(smallest.toPrecision(3))}, so it cannot confirm; more pairs would`
  }
  return `Wilcoxon signed-rank p ${formatP(p)} does not confirm the t interval; an outlier pair may drive the mean`
}

function otherPairedRatios(
  candidateRuns: readonly RunResult[],
  baselineRuns: readonly RunResult[],
  gate: StatsGate,
): Partial<Record<LatencyMetric, RatioEstimate>> {
  const ratios: Partial<Record<LatencyMetric, RatioEstimate>> = {}
  for (const metric of otherMetrics(gate.metric)) {
    const { pairs } = pairByRound(candidateRuns, baselineRuns, metric)
    if (pairs.length < MIN_RUNS) continue
    ratios[metric] = toRatio(tInterval(meanEstimate(logRatios(pairs)), gate.confidence), gate.confidence)
  }
  return ratios
}
