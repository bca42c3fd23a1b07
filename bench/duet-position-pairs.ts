/**
 * The duet pairs of recorded runs and their position effect (bench/duet-position.ts prints them). A
 * duet's two results are journaled in the order its targets were listed (src/gate/measure.ts), which
 * is how the position is read back.
 */
import type { RunResult } from '../src/model.js'

/** One duet pair of one metric: the log ratio candidate / baseline and where the candidate was listed. */
export interface PositionPair {
  logRatio: number
  /** +1: the candidate was listed first; -1: second. */
  candidateFirst: 1 | -1
}

export interface PositionRow {
  cell: string
  metric: 'p95' | 'cpu'
  pairs: number
  /** Mean of log(first listed / second listed), as a % change. */
  firstVsSecondPct: number
  firstVsSecondT: number
  /** sd of log(candidate / baseline): what a paired t reads. */
  sdRatio: number
  /** Residual sd of log(candidate / baseline) on an intercept and the candidate's position. */
  sdPositionFitted: number | null
}

const METRICS = {
  p95: (run: RunResult) => run.metrics.p95,
  cpu: (run: RunResult) => run.cpuPerRequest?.usPerRequest,
} as const

/**
 * The duet pairs of a journal's runs per cell and metric: measured, valid runs grouped by block (or
 * round) and cell, in journal order, keeping only groups of exactly one candidate and one baseline.
 */
export function duetPairs(runs: readonly RunResult[]): Map<string, PositionPair[]> {
  const groups = new Map<string, RunResult[]>()
  for (const run of runs) {
    if (run.warmup || !run.valid) continue
    const key = `${run.block ?? 'r'}|${run.round}|${run.cell}`
    groups.set(key, [...(groups.get(key) ?? []), run])
  }
  const out = new Map<string, PositionPair[]>()
  for (const group of groups.values()) {
    const [first, second] = group
    if (group.length !== 2 || !first || !second || first.variant === second.variant) continue
    for (const [metric, read] of Object.entries(METRICS)) {
      const a = read(first)
      const b = read(second)
      if (a === undefined || b === undefined || !(a > 0) || !(b > 0)) continue
      const candidateFirst = first.variant === 'candidate' ? 1 : -1
      const firstOverSecond = Math.log(a / b)
      const key = `${first.cell}|${metric}`
      out.set(key, [...(out.get(key) ?? []), { logRatio: candidateFirst * firstOverSecond, candidateFirst }])
    }
  }
  return out
}

function meanOf(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length
}

function sdOf(xs: readonly number[], df = xs.length - 1): number {
  const m = meanOf(xs)
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / df)
}

/** The row of one cell and metric (null with fewer than 3 pairs). */
export function positionRow(
  cell: string,
  metric: 'p95' | 'cpu',
  pairs: readonly PositionPair[],
): PositionRow | null {
  const n = pairs.length
  if (n < 3) return null
  const d = pairs.map((p) => p.logRatio)
  const s = pairs.map((p) => p.candidateFirst)
  const firstVsSecond = pairs.map((p) => p.candidateFirst * p.logRatio)
  const fm = meanOf(firstVsSecond)
  const fsd = sdOf(firstVsSecond)
  // Least squares of d on [1, s]: slope = cov(s, d) / var(s); residuals with n - 2 df.
  const sm = meanOf(s)
  const dm = meanOf(d)
  const sxx = s.reduce((acc, x) => acc + (x - sm) ** 2, 0)
  let fitted: number | null = null
  if (sxx > 0 && n > 2) {
    const slope = s.reduce((acc, x, i) => acc + (x - sm) * ((d[i] as number) - dm), 0) / sxx
    const residuals = d.map((y, i) => y - dm - slope * ((s[i] as number) - sm))
    fitted = Math.sqrt(residuals.reduce((acc, r) => acc + r * r, 0) / (n - 2))
  }
  return {
    cell,
    metric,
    pairs: n,
    firstVsSecondPct: (Math.exp(fm) - 1) * 100,
    firstVsSecondT: fsd > 0 ? fm / (fsd / Math.sqrt(n)) : 0,
    sdRatio: sdOf(d),
    sdPositionFitted: fitted,
  }
}
