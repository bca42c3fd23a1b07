/**
 * Gateway CPU per request: the CPU time the service a profile targets spends per request, from its
 * container's cumulative cgroup CPU counter (docker stats) over the load window, divided by the
 * requests over the same span. On a shared runner P95 is made of scheduling stalls; the work the
 * gateway does per request is not, so the same regression shows with far less noise.
 *
 * Compared like latency, on the log scale: paired t over blocks in paired mode, Welch against the
 * stored baseline's runs (pooled over its nights) otherwise, with the same three-way rule and the same
 * block confidence. Pure: no I/O.
 */
import type { CellComparison, ResourceSample, RunCpu, RunResult, SampleSummary, Verdict } from '../model.js'
import type { StatsGate } from './cell-comparison.js'
import { mean, sd, summarize } from './descriptive.js'
import { detectablePct } from './detectable.js'
import { meanEstimate, welchEstimate, type LogEstimate } from './intervals.js'
import { logRatios, pairSummaries } from './paired-comparison.js'
import { formatChange, formatRatio } from './reason-text.js'
import { cellVerdict, decideRatio, MIN_RUNS } from './verdict.js'

export type CpuPerRequestComparison = NonNullable<CellComparison['cpuPerRequest']>

/** The service a profile's target names: the host of its URL (a stack service's network alias). */
export function targetService(target: string): string {
  return new URL(target).hostname
}

/**
 * One run's CPU per request of `service`: the CPU seconds its samples counted (each from the
 * cumulative counter between two reads inside the load window) over the requests in the seconds those
 * samples cover, at the run's load-phase rate. Undefined when nothing was counted (no samples with
 * counters, no requests).
 */
export function runCpuPerRequest(
  samples: readonly ResourceSample[],
  service: string,
  rps: number,
): RunCpu | undefined {
  let cpuSeconds = 0
  let spanS = 0
  for (const s of samples) {
    if (s.service !== service || s.cpuSeconds === undefined || s.intervalS === undefined) continue
    cpuSeconds += s.cpuSeconds
    spanS += s.intervalS
  }
  const requests = rps * spanS
  if (!(spanS > 0) || !(requests > 0) || !(cpuSeconds > 0)) return undefined
  return { service, usPerRequest: (cpuSeconds * 1e6) / requests, cpuSeconds, spanS }
}

/** The cell's verdict over two gated metrics: a regression of either regresses, pass needs both. */
export function combinedVerdict(latency: Verdict, cpu: Verdict): Verdict {
  if (latency === 'regression' || cpu === 'regression') return 'regression'
  return latency === 'pass' && cpu === 'pass' ? 'pass' : 'inconclusive'
}

export interface CpuComparisonInput {
  method: 'paired' | 'stored'
  /** The cell's candidate runs (warm-up and invalid runs are left out here). */
  candidateRuns: readonly RunResult[]
  /** Paired: the baseline variant's runs; stored: the baseline file's runs of every night; null: none. */
  baselineRuns: readonly RunResult[] | null
  gate: StatsGate
  /** gate.cpuPerRequest is `gate` or `only` and the cell is not a control. */
  gated: boolean
  /** gate.cpuPerRequest is `only`: CPU per request decides the cell's performance verdict alone. */
  only?: boolean
}

function usable(runs: readonly RunResult[]): RunResult[] {
  return runs.filter((r) => !r.warmup && r.valid && r.cpuPerRequest !== undefined)
}

function valueOf(run: RunResult): number {
  return (run.cpuPerRequest as RunCpu).usPerRequest
}

/** Paired: the geometric mean per block (or per round without blocks), as latency pairs them. */
function byBlock(runs: readonly RunResult[]): Map<number, number> {
  const groups = new Map<number, number[]>()
  for (const run of runs) {
    const key = run.block ?? run.round
    groups.set(key, [...(groups.get(key) ?? []), Math.log(valueOf(run))])
  }
  return new Map([...groups].map(([key, logs]) => [key, Math.exp(mean(logs))]))
}

function verdictReason(verdict: Verdict, text: string, threshold: number): string {
  const limit = formatChange(1 + threshold)
  if (verdict === 'pass') return `CPU per request ${text}: the upper bound is below the ${limit} threshold`
  if (verdict === 'regression')
    return `CPU per request ${text}: significantly higher and the estimate exceeds the ${limit} threshold`
  return `CPU per request ${text}: not decided at the ${limit} threshold; more runs would decide`
}

/**
 * Compares the cell's CPU per request; undefined when no candidate run has a value and the metric is
 * not gated (nothing to report). A gated cell without values gets an inconclusive comparison saying
 * why, so it cannot pass on latency alone.
 */
export function compareCpuPerRequest(input: CpuComparisonInput): CpuPerRequestComparison | undefined {
  const { gate } = input
  const candidate = usable(input.candidateRuns)
  const baseline = input.baselineRuns ? usable(input.baselineRuns) : []
  if (candidate.length === 0 && !input.gated) return undefined
  const test = input.method === 'paired' ? 'paired-t' : 'welch'
  const empty = emptyComparison(input, candidate, baseline)
  if (candidate.length === 0) return { ...empty, reasons: [noCandidateReason(input.candidateRuns)] }
  if (baseline.length === 0) return { ...empty, reasons: ['no baseline CPU per request for this cell'] }

  const sample =
    input.method === 'paired'
      ? pairedSample(candidate, baseline, gate.confidence)
      : storedSample(candidate, baseline, gate.confidence)
  if ('shortfall' in sample) {
    return {
      ...empty,
      ...sample.summaries,
      test,
      changePct: sample.changePct,
      reasons: [sample.shortfall],
    }
  }
  const { interval, ratio, decision } = decideRatio(sample.estimate, gate)
  // The same three-way rule as latency (verdict.ts), read as "more CPU" rather than "slower".
  const verdict = decision.verdict
  return {
    ...empty,
    ...sample.summaries,
    test,
    ratio,
    changePct: (ratio.estimate - 1) * 100,
    pValue: interval.pValue,
    verdict,
    ...(sample.sigma !== null ? { sigmaLogRatio: sample.sigma } : {}),
    minDetectablePct: detectablePct(interval, gate),
    reasons: [sample.what, verdictReason(verdict, formatRatio(ratio), gate.threshold)],
  }
}

/** The comparison before anything is decided: each side's values summarized, no ratio, inconclusive. */
function emptyComparison(
  input: CpuComparisonInput,
  candidate: readonly RunResult[],
  baseline: readonly RunResult[],
): CpuPerRequestComparison {
  const service = [...input.candidateRuns, ...(input.baselineRuns ?? [])].find((r) => r.cpuPerRequest)
    ?.cpuPerRequest?.service
  return {
    service: service ?? 'unknown',
    gated: input.gated,
    ...(input.gated && input.only ? { only: true } : {}),
    test: null,
    candidate: summarize(candidate.map(valueOf), input.gate.confidence),
    baseline: baseline.length > 0 ? summarize(baseline.map(valueOf), input.gate.confidence) : null,
    ratio: null,
    changePct: null,
    pValue: null,
    adjustedPValue: null,
    verdict: 'inconclusive',
    reasons: [],
  }
}

/** Why no candidate run has a CPU per request: all left out, or never sampled. */
function noCandidateReason(candidateRuns: readonly RunResult[]): string {
  const left = candidateRuns.filter((r) => r.cpuPerRequest && (r.warmup || !r.valid)).length
  return left > 0
    ? `no valid measured run with CPU counters (${left} warm-up or invalid run${left === 1 ? '' : 's'} left out)`
    : 'no CPU counters were sampled (gate.sampleResources, docker stats)'
}

type Summaries = { candidate: SampleSummary; baseline: SampleSummary }

/** What one test makes of the runs: the log-scale estimate it decides on, or why it cannot yet. */
type CpuSample =
  | { summaries: Summaries; changePct: number | null; shortfall: string }
  | { summaries: Summaries; estimate: LogEstimate; sigma: number | null; what: string }

/** Paired t over blocks (or rounds) that both variants have. */
function pairedSample(
  candidate: readonly RunResult[],
  baseline: readonly RunResult[],
  confidence: number,
): CpuSample {
  const a = byBlock(candidate)
  const b = byBlock(baseline)
  const keys = [...a.keys()].filter((k) => b.has(k)).sort((x, y) => x - y)
  const pairs = keys.map((k) => ({ candidate: a.get(k) as number, baseline: b.get(k) as number }))
  const summaries = pairSummaries(pairs, confidence)
  const ratios = logRatios(pairs)
  if (pairs.length < MIN_RUNS) {
    return {
      summaries,
      changePct: pairs.length > 0 ? (Math.exp(mean(ratios)) - 1) * 100 : null,
      shortfall: `only ${pairs.length} paired block(s) with CPU counters: at least ${MIN_RUNS} are needed`,
    }
  }
  const sigma = sd(ratios)
  return {
    summaries,
    estimate: meanEstimate(ratios),
    sigma,
    what: `CPU per request: paired t over ${pairs.length} blocks (sd of log ratio ${sigma.toFixed(3)})`,
  }
}

/** Welch t against the stored baseline's runs, pooled over its nights. */
function storedSample(
  candidate: readonly RunResult[],
  baseline: readonly RunResult[],
  confidence: number,
): CpuSample {
  const summaries = {
    candidate: summarize(candidate.map(valueOf), confidence),
    baseline: summarize(baseline.map(valueOf), confidence),
  }
  if (candidate.length < MIN_RUNS || baseline.length < MIN_RUNS) {
    return {
      summaries,
      changePct: (summaries.candidate.mean / summaries.baseline.mean - 1) * 100,
      shortfall: `${candidate.length} candidate and ${baseline.length} baseline runs with CPU counters: at least ${MIN_RUNS} per side are needed`,
    }
  }
  return {
    summaries,
    estimate: welchEstimate(
      candidate.map((r) => Math.log(valueOf(r))),
      baseline.map((r) => Math.log(valueOf(r))),
    ),
    sigma: null,
    what: `CPU per request: Welch t against ${baseline.length} stored runs (pooled over nights)`,
  }
}

/**
 * The cell with its CPU comparison attached. When gated (never on a control), the cell's verdict takes
 * it in: combinedVerdict of latency and CPU, then error rate and accuracy as before.
 */
export function withCpuPerRequest(
  cell: CellComparison,
  cpu: CpuPerRequestComparison | undefined,
): CellComparison {
  if (!cpu) return cell
  const next: CellComparison = { ...cell, cpuPerRequest: cpu }
  if (!cpu.gated || cell.control) return next
  const reasons = cpu.only
    ? [...cpu.reasons, `latency is shown, not gated (gate.cpuPerRequest: only): ${cell.latencyVerdict}`]
    : [...cell.reasons, ...cpu.reasons]
  return { ...next, verdict: gatedCellVerdict(next), reasons }
}

/**
 * The cell's verdict from its latency, gated CPU, error rate and accuracy. With gate.cpuPerRequest
 * `only`, CPU per request stands in for latency: latency is compared and shown, and does not decide.
 */
export function gatedCellVerdict(cell: CellComparison): Verdict {
  if (cell.accuracy?.fails) return 'regression'
  const cpu = cell.cpuPerRequest
  const performance = !cpu?.gated
    ? cell.latencyVerdict
    : cpu.only
      ? cpu.verdict
      : combinedVerdict(cell.latencyVerdict, cpu.verdict)
  return cellVerdict(performance, cell.errorRate)
}

/** gate.cpuPerRequest `only` on this cell: its CPU per request, not its latency, decides it. */
export function decidedByCpu(cell: CellComparison): boolean {
  return cell.cpuPerRequest?.gated === true && cell.cpuPerRequest.only === true
}

/**
 * The change (%) of the metric that decides the cell: CPU per request with gate.cpuPerRequest `only`,
 * else latency's.
 */
export function decidingChangePct(cell: CellComparison): number | null {
  return decidedByCpu(cell) ? (cell.cpuPerRequest?.changePct ?? null) : cell.changePct
}
