/**
 * Resources per container at every profile and level (seed 000 section 5.7): CPU %, memory, PIDs, and
 * whether memory grows, as a measured statement with a confidence interval rather than a glance at a
 * chart. Pure: from the resource samples the runs carry (docker stats, once a second).
 *
 * Memory growth is measured twice:
 * - within a run: the least-squares slope of memory over the run's samples, per run; the runs' slopes
 *   give a mean with a t interval (MiB per minute);
 * - across the gate: the slope of each run's mean memory over the run's start time, for the runs that
 *   shared one stack (the stored or baseline phase: one stack per cell under every isolation), with
 *   the regression's t interval (MiB per minute of the gate).
 * An interval above 0 reads "grows"; otherwise the statement is the upper bound the data allow.
 * Either needs at least MIN_GROWTH_SPAN_S of samples: over a few seconds, allocator and connection
 * warm-up look like a leak of many MiB per minute (issue 17 saw "+15 MiB/min" from 4-second runs).
 */
import type { CellComparison, IntervalEstimate, RunResult } from '../model.js'
import { tCritical } from './distributions.js'
import { meanEstimate, tInterval } from './intervals.js'

/** Seconds of samples a memory-growth statement needs, within one run or across one stack's runs. */
export const MIN_GROWTH_SPAN_S = 60

export interface ResourceFigure {
  profile: string
  scenario: string
  service: string
  /** Runs with samples of this service. */
  runs: number
  /** Median over runs of the run's mean CPU % (100 = one core). */
  cpuPercent: number
  /** Largest memory seen, MiB. */
  memoryMiB: number
  /** Largest PID count seen, when the engine reported it. */
  pids?: number
  /**
   * Memory slope within runs, MiB/min (mean of per-run slopes, t CI), from the runs with at least
   * MIN_GROWTH_SPAN_S of samples; absent with fewer than 2 such runs.
   */
  growthInRun?: IntervalEstimate
  /**
   * Memory slope across the runs of one stack, MiB/min of the gate (regression CI); needs 3 runs whose
   * starts span at least MIN_GROWTH_SPAN_S.
   */
  growthAcrossRuns?: IntervalEstimate
}

/** Least-squares slope of y over x with its standard error and df; null with fewer than 3 points. */
export function olsSlope(
  x: readonly number[],
  y: readonly number[],
): { slope: number; se: number; df: number } | null {
  const n = x.length
  if (n < 3 || y.length !== n) return null
  const mx = x.reduce((a, b) => a + b, 0) / n
  const my = y.reduce((a, b) => a + b, 0) / n
  let sxx = 0
  let sxy = 0
  for (let i = 0; i < n; i++) {
    sxx += ((x[i] as number) - mx) ** 2
    sxy += ((x[i] as number) - mx) * ((y[i] as number) - my)
  }
  if (sxx === 0) return null
  const slope = sxy / sxx
  let sse = 0
  for (let i = 0; i < n; i++) sse += ((y[i] as number) - my - slope * ((x[i] as number) - mx)) ** 2
  return { slope, se: Math.sqrt(sse / (n - 2) / sxx), df: n - 2 }
}

function interval(estimate: number, se: number, df: number, confidence: number): IntervalEstimate {
  const half = se === 0 ? 0 : tCritical(confidence, df) * se
  return { estimate, lower: estimate - half, upper: estimate + half, confidence }
}

function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** Per cell and service, from the candidate's measured runs. */
export function resourceFigures(cells: readonly CellComparison[], confidence: number): ResourceFigure[] {
  const out: ResourceFigure[] = []
  for (const cell of cells) {
    const runs = cell.runs.filter((r: RunResult) => r.variant === 'candidate' && !r.warmup && r.valid)
    const services = [...new Set(runs.flatMap((r) => r.resources.map((s) => s.service)))]
    for (const service of services) {
      const perRun = runs
        .map((run) => ({ run, samples: run.resources.filter((s) => s.service === service) }))
        .filter((r) => r.samples.length > 0)
      if (perRun.length === 0) continue
      const all = perRun.flatMap((r) => r.samples)
      const pids = all.map((s) => s.pids).filter((p): p is number => p !== undefined)
      const figure: ResourceFigure = {
        profile: cell.profile,
        scenario: cell.scenario,
        service,
        runs: perRun.length,
        cpuPercent: middle(
          perRun.map((r) => r.samples.reduce((a, s) => a + s.cpuPercent, 0) / r.samples.length),
        ),
        memoryMiB: Math.max(...all.map((s) => s.memoryMiB)),
        ...(pids.length > 0 ? { pids: Math.max(...pids) } : {}),
      }
      // Within runs: MiB per minute from each run's samples (t in seconds), long runs only.
      const span = (times: number[]) => Math.max(...times) - Math.min(...times)
      const slopes = perRun
        .filter((r) => span(r.samples.map((sample) => sample.t)) >= MIN_GROWTH_SPAN_S)
        .map((r) =>
          olsSlope(
            r.samples.map((s) => s.t / 60),
            r.samples.map((s) => s.memoryMiB),
          ),
        )
        .filter((s): s is NonNullable<typeof s> => s !== null)
        .map((s) => s.slope)
      if (slopes.length >= 2) {
        const ci = tInterval(meanEstimate(slopes), confidence)
        figure.growthInRun = { estimate: ci.estimate, lower: ci.lower, upper: ci.upper, confidence }
      }
      // Across the runs that shared one stack: the stored (or baseline) phase.
      const sameStack = perRun.filter((r) => r.run.phase !== 'paired')
      const starts = sameStack.map((r) => Date.parse(r.run.startedAt) / 1000)
      const across =
        sameStack.length < 3 || span(starts) < MIN_GROWTH_SPAN_S
          ? null
          : olsSlope(
              sameStack.map((r) => Date.parse(r.run.startedAt) / 60_000),
              sameStack.map((r) => r.samples.reduce((a, s) => a + s.memoryMiB, 0) / r.samples.length),
            )
      if (across) figure.growthAcrossRuns = interval(across.slope, across.se, across.df, confidence)
      out.push(figure)
    }
  }
  return out
}

/**
 * "grows +1.2 MiB/min [0.8, 1.6]" or "no growth shown (at most +0.05 MiB/min)": the leak statement;
 * without a measurement, what one would need (`kind` says which of the two growths it is).
 */
export function growthStatement(
  growth: IntervalEstimate | undefined,
  kind: 'in-run' | 'across-runs' = 'in-run',
): string {
  if (!growth)
    return kind === 'in-run'
      ? `not measured (needs 2 runs with at least ${MIN_GROWTH_SPAN_S} s of samples each)`
      : `not measured (needs 3 runs of one stack spanning at least ${MIN_GROWTH_SPAN_S} s)`
  const f = (x: number) => `${x >= 0 ? '+' : ''}${Number(x.toPrecision(2))}`
  if (growth.lower > 0) return `grows ${f(growth.estimate)} MiB/min [${f(growth.lower)}, ${f(growth.upper)}]`
  return `no growth shown (at most ${f(Math.max(0, growth.upper))} MiB/min, ${Math.round(growth.confidence * 100)}% CI)`
}
