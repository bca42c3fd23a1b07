/**
 * Capacity comparison: the capacities found by repeated searches (one per run) of the candidate
 * against the baseline's. Capacity is higher-is-better, so the verdict mirrors the latency one: the
 * ratio candidate/baseline on the log scale (Welch t against a stored baseline's searches, paired t
 * over A/B pairs on this runner), and
 * - pass: the ratio's lower bound is above 1 - threshold (even the pessimistic end lost less than
 *   the team tolerates);
 * - regression: the upper bound is below 1 (a significant drop) and the estimate below 1 - threshold;
 * - inconclusive otherwise.
 * Pure: no I/O.
 */
import type { CapacityComparison, CellComparison, RatioEstimate, RunResult, Verdict } from '../../model.js'
import { holmAdjust } from '../../stats/multiple-testing.js'
import { mean, summarize } from '../../stats/descriptive.js'
import { meanEstimate, tInterval, toRatio, welchEstimate, type LogInterval } from '../../stats/intervals.js'
import { formatP } from '../../stats/reason-text.js'
import { MIN_RUNS } from '../../stats/verdict.js'

export interface CapacityComparisonInput {
  method: 'stored' | 'paired'
  /** The cell's candidate runs (warm-up and invalid ones are left out here). */
  candidateRuns: readonly RunResult[]
  /** Stored: every baseline night's runs of the cell; paired: the baseline variant's runs. */
  baselineRuns: readonly RunResult[] | null
  threshold: number
  confidence: number
}

/** Measured capacity searches: not warm-up, valid, carrying a search result. */
function searches(runs: readonly RunResult[]): RunResult[] {
  return runs.filter((r) => !r.warmup && r.valid && r.capacity !== undefined)
}

function capacityOf(run: RunResult): number | null {
  return run.capacity?.capacity ?? null
}

/** The three-way verdict on a capacity ratio candidate/baseline (higher is better). */
export function capacityVerdict(
  ratio: RatioEstimate,
  threshold: number,
): { verdict: Verdict; reason: string } {
  const limit = 1 - threshold
  const what = `capacity x${ratio.estimate.toFixed(3)} [${ratio.lower.toFixed(3)}, ${ratio.upper.toFixed(3)}]`
  const dropText = `-${(threshold * 100).toFixed(0)}%`
  if (ratio.lower > limit) {
    return { verdict: 'pass', reason: `${what}: the lower bound is above the ${dropText} threshold` }
  }
  if (ratio.upper < 1 && ratio.estimate < limit) {
    return {
      verdict: 'regression',
      reason: `${what}: significantly lower (upper bound below x1) and the estimate is beyond the ${dropText} threshold`,
    }
  }
  return {
    verdict: 'inconclusive',
    reason: `${what}: the interval reaches below the ${dropText} threshold without a drop beyond it being shown; more searches would decide`,
  }
}

/** Pairs of (candidate, baseline) capacities matched by block (paired blocks) or round. */
function pairs(candidate: readonly RunResult[], baseline: readonly RunResult[]): [number, number][] {
  const byKey = (runs: readonly RunResult[]) => {
    const map = new Map<number, number[]>()
    for (const run of runs) {
      const value = capacityOf(run)
      if (value === null) continue
      const key = run.block ?? run.round
      map.set(key, [...(map.get(key) ?? []), value])
    }
    return map
  }
  const geo = (values: number[]) => Math.exp(mean(values.map(Math.log)))
  const c = byKey(candidate)
  const b = byKey(baseline)
  const out: [number, number][] = []
  for (const [key, values] of c) {
    const other = b.get(key)
    if (other) out.push([geo(values), geo(other)])
  }
  return out
}

/** The capacities the searches found (a search that found no passing rate has none). */
function capacities(runs: readonly RunResult[]): number[] {
  return runs.map(capacityOf).filter((v): v is number => v !== null)
}

/** The comparison before anything is decided: the capacities summarized, the searches counted. */
function undecided(
  candidate: readonly RunResult[],
  baseline: readonly RunResult[] | null,
  confidence: number,
): CapacityComparison {
  const baselineValues = baseline ? capacities(baseline) : []
  const count = (runs: readonly RunResult[] | null, outcome: string) =>
    (runs ?? []).filter((r) => r.capacity?.outcome === outcome).length
  return {
    candidate: summarize(capacities(candidate), confidence),
    baseline: baseline && baselineValues.length > 0 ? summarize(baselineValues, confidence) : null,
    ratio: null,
    changePct: null,
    pValue: null,
    adjustedPValue: null,
    test: null,
    verdict: 'inconclusive',
    noCapacity: {
      candidate: candidate.filter((r) => capacityOf(r) === null).length,
      baseline: (baseline ?? []).filter((r) => capacityOf(r) === null).length,
    },
    atMax: { candidate: count(candidate, 'at-max'), baseline: count(baseline, 'at-max') },
  }
}

/** The log-scale interval of the test the method asks for (null with too few searches), and what it read. */
function capacityInterval(
  method: CapacityComparisonInput['method'],
  candidate: readonly RunResult[],
  baseline: readonly RunResult[],
  confidence: number,
): { interval: LogInterval | null; test: NonNullable<CapacityComparison['test']>; sample: string } {
  if (method === 'paired') {
    const matched = pairs(candidate, baseline)
    return {
      test: 'paired-t',
      sample: `${matched.length} pair(s) of searches`,
      interval:
        matched.length >= MIN_RUNS
          ? tInterval(meanEstimate(matched.map(([c, b]) => Math.log(c) - Math.log(b))), confidence)
          : null,
    }
  }
  const candidateValues = capacities(candidate)
  const baselineValues = capacities(baseline)
  return {
    test: 'welch',
    sample: `${candidateValues.length} candidate and ${baselineValues.length} baseline searches`,
    interval:
      candidateValues.length >= MIN_RUNS && baselineValues.length >= MIN_RUNS
        ? tInterval(welchEstimate(candidateValues.map(Math.log), baselineValues.map(Math.log)), confidence)
        : null,
  }
}

/**
 * Compares a capacity-search cell. Returns the comparison and the reasons, in order, that explain it.
 */
export function compareCapacity(input: CapacityComparisonInput): {
  capacity: CapacityComparison
  reasons: string[]
} {
  const candidate = searches(input.candidateRuns)
  const baseline = input.baselineRuns === null ? null : searches(input.baselineRuns)
  const base = undecided(candidate, baseline, input.confidence)
  const { atMax, noCapacity } = base
  const reasons: string[] = []
  if (atMax.candidate + atMax.baseline > 0) {
    reasons.push(
      `${atMax.candidate + atMax.baseline} search(es) passed at max: their capacity is a lower bound (raise capacity.max)`,
    )
  }
  // A candidate that sustains no rate at all while the baseline did is as regressed as it gets.
  if (noCapacity.candidate > candidate.length / 2 && base.baseline !== null) {
    reasons.push(
      `capacity: ${noCapacity.candidate} of ${candidate.length} candidate searches found no rate meeting the pass rule, while the baseline's found ${base.baseline.median.toFixed(0)} req/s`,
    )
    return { capacity: { ...base, verdict: 'regression' }, reasons }
  }
  if (noCapacity.candidate > 0) {
    reasons.push(`${noCapacity.candidate} candidate search(es) found no passing rate and are left out`)
  }
  if (!baseline || base.baseline === null) {
    reasons.push('capacity: no baseline searches for this cell')
    return { capacity: base, reasons }
  }
  const { interval, test, sample } = capacityInterval(input.method, candidate, baseline, input.confidence)
  if (interval === null) {
    reasons.push(`capacity: only ${sample}; at least ${MIN_RUNS} per side are needed for an interval`)
    const point = base.candidate.n > 0 ? base.candidate.mean / base.baseline.mean : null
    return {
      capacity: { ...base, test, changePct: point === null ? null : (point - 1) * 100 },
      reasons,
    }
  }
  const ratio = toRatio(interval, input.confidence)
  const decision = capacityVerdict(ratio, input.threshold)
  reasons.push(
    `capacity from ${sample} (${test === 'paired-t' ? 'paired t' : 'Welch t'}, p ${formatP(interval.pValue)}): ${decision.reason}`,
  )
  return {
    capacity: {
      ...base,
      ratio,
      changePct: (ratio.estimate - 1) * 100,
      pValue: interval.pValue,
      test,
      verdict: decision.verdict,
    },
    reasons,
  }
}

/**
 * Capacity cells are decided by their capacity, not by latency at capacity: Holm across the capacity
 * cells' p-values (a family of its own, as the latency family is), then the capacity verdict becomes
 * the cell's verdict. A drop that Holm does not confirm is inconclusive, with the reason.
 */
export function capacityVerdicts(cells: CellComparison[]): CellComparison[] {
  const family = cells.filter((c) => !c.control && c.capacity && c.capacity.pValue !== null)
  const adjusted = holmAdjust(family.map((c) => c.capacity?.pValue as number))
  const byCell = new Map(family.map((c, i) => [c, adjusted[i] as number]))
  return cells.map((cell) => {
    if (!cell.capacity) return cell
    const capacity = { ...cell.capacity, adjustedPValue: byCell.get(cell) ?? null }
    const reasons = [...cell.reasons]
    const alpha = 1 - (capacity.ratio?.confidence ?? 0.95)
    if (
      capacity.verdict === 'regression' &&
      capacity.adjustedPValue !== null &&
      capacity.adjustedPValue >= alpha
    ) {
      capacity.verdict = 'inconclusive'
      reasons.push(
        `capacity drop not significant after Holm correction across ${family.length} capacity cells (adjusted p ${formatP(capacity.adjustedPValue)}): downgraded to inconclusive`,
      )
    }
    return { ...cell, capacity, verdict: capacity.verdict, reasons }
  })
}
