/**
 * The figures a gateway benchmark publishes (seed 000): each profile's overhead over a reference
 * profile (by default the first non-control one, e.g. "no-policies") at every level, as a ratio and
 * as added milliseconds at P50/P95/P99 with confidence intervals, and per policy hook when the profile
 * declares how many it runs. Pure: from the cells' candidate runs.
 *
 * The two cells are separate runs of separate profiles, so the comparison is unpaired: Welch's t on
 * log values for the ratio (latency acts multiplicatively, as in the gate's own comparisons) and on
 * the raw values for the added ms (a latency budget is written in ms). Per-hook cost is the added ms
 * divided by the hooks, interval included (the hook count is exact).
 */
import type { CellComparison, IntervalEstimate, LatencyMetric, OverheadFigure, RunResult } from '../model.js'
import { tInterval, toRatio, welchEstimate } from './intervals.js'
import { referenceProfile } from './profile-roles.js'

/** Percentiles the overhead table reports. */
export const OVERHEAD_METRICS = ['p50', 'p95', 'p99'] as const

export interface OverheadInput {
  cells: readonly CellComparison[]
  /** The reference profile; null picks the first non-control profile. */
  reference: string | null
  confidence: number
  /** Policy hooks per profile (profile `hooks`). */
  hooks: Readonly<Record<string, number | undefined>>
}

/** The profile overheads are measured against (the one rule: stats/profile-roles.ts). */
export const chooseReference = referenceProfile

function measured(cell: CellComparison, metric: LatencyMetric): number[] {
  return cell.runs
    .filter((r: RunResult) => r.variant === 'candidate' && !r.warmup && r.valid)
    .map((r) => r.metrics[metric])
    .filter((v) => Number.isFinite(v) && v > 0)
}

/** Added ms (profile - reference) with its Welch interval; null with fewer than two runs a side. */
export function addedMs(profile: readonly number[], reference: readonly number[], confidence: number) {
  if (profile.length < 2 || reference.length < 2) return null
  const interval = tInterval(welchEstimate(profile, reference), confidence)
  return { estimate: interval.estimate, lower: interval.lower, upper: interval.upper, confidence }
}

/** profile / reference on the log scale with its Welch interval; null with fewer than two runs a side. */
export function overheadRatio(profile: readonly number[], reference: readonly number[], confidence: number) {
  if (profile.length < 2 || reference.length < 2) return null
  return toRatio(
    tInterval(welchEstimate(profile.map(Math.log), reference.map(Math.log)), confidence),
    confidence,
  )
}

function perHook(added: IntervalEstimate, hooks: number): IntervalEstimate {
  return {
    estimate: added.estimate / hooks,
    lower: added.lower / hooks,
    upper: added.upper / hooks,
    confidence: added.confidence,
  }
}

/**
 * One figure per profile (other than the reference) and scenario the reference also ran, in the
 * cells' order grouped by scenario (level), so a sweep reads level by level. Cells without two
 * measured runs on both sides are left out of the figures (their cells still carry the verdict).
 *
 * A control profile (no gateway) is no policy chain with an overhead of its own: "no-gateway x0.66"
 * says only that the gateway is slower than no gateway, upside down. Its figure is the reference over
 * the control instead (profile = the reference, reference = the control), which is what the gateway
 * itself adds; it comes first in its level.
 */
export function overheadFigures(input: OverheadInput): {
  reference: string | null
  overhead: OverheadFigure[]
} {
  const reference = chooseReference(input.cells, input.reference)
  if (reference === null) return { reference: null, overhead: [] }
  const scenarios = [...new Set(input.cells.map((c) => c.scenario))]
  const overhead: OverheadFigure[] = []
  for (const scenario of scenarios) {
    const ref = input.cells.find((c) => c.profile === reference && c.scenario === scenario)
    if (!ref) continue
    const others = input.cells.filter((c) => c.scenario === scenario && c.profile !== reference)
    // Controls first: the gateway's own cost, then what each policy chain adds to it.
    const ordered = [...others.filter((c) => c.control), ...others.filter((c) => !c.control)]
    for (const other of ordered) {
      // A control's figure is the reference measured against it; every other profile's is itself
      // measured against the reference.
      const [cell, base] = other.control ? [ref, other] : [other, ref]
      const metrics: OverheadFigure['metrics'] = {}
      const hooks = other.control ? undefined : input.hooks[cell.profile]
      const perHookMs: NonNullable<OverheadFigure['perHookMs']> = {}
      let runs = 0
      let referenceRuns = 0
      for (const metric of OVERHEAD_METRICS) {
        const mine = measured(cell, metric)
        const theirs = measured(base, metric)
        runs = Math.max(runs, mine.length)
        referenceRuns = Math.max(referenceRuns, theirs.length)
        const ratio = overheadRatio(mine, theirs, input.confidence)
        const added = addedMs(mine, theirs, input.confidence)
        if (ratio === null || added === null) continue
        metrics[metric] = { ratio, addedMs: added }
        if (hooks !== undefined) perHookMs[metric] = perHook(added, hooks)
      }
      if (Object.keys(metrics).length === 0) continue
      overhead.push({
        profile: cell.profile,
        reference: base.profile,
        scenario,
        ...(cell.sweep ? { sweep: cell.sweep } : {}),
        ...(cell.concurrency !== undefined ? { concurrency: cell.concurrency } : {}),
        ...(cell.loadModel !== undefined ? { loadModel: cell.loadModel } : {}),
        ...(cell.payloadBytes !== undefined ? { payloadBytes: cell.payloadBytes } : {}),
        runs,
        referenceRuns,
        metrics,
        ...(hooks !== undefined ? { hooks, perHookMs } : {}),
      })
    }
  }
  return { reference, overhead }
}

/** One profile's payload impact at one load level: a larger payload against the smallest one. */
export interface PayloadFigure {
  profile: string
  /** The cell with the larger payload, and the one it is compared with. */
  scenario: string
  referenceScenario: string
  payloadBytes: number
  referenceBytes: number
  concurrency?: number
  loadModel?: 'open' | 'closed'
  runs: number
  referenceRuns: number
  metrics: OverheadFigure['metrics']
}

/**
 * Payload impact (seed 000's "payload impact" table): per profile and load level (same load model and
 * VUs or rate), each payload size against the smallest measured at that level, as a ratio and added ms
 * with CIs. Cells of one level are matched across scenarios, so a separate `1 KiB at c=1` scenario
 * pairs with the sweep's c=1 level.
 */
export function payloadFigures(cells: readonly CellComparison[], confidence: number): PayloadFigure[] {
  const groups = new Map<string, CellComparison[]>()
  for (const cell of cells) {
    if (cell.payloadBytes === undefined) continue
    const key = `${cell.profile}\u0000${cell.loadModel ?? ''}\u0000${cell.concurrency ?? ''}`
    const group = groups.get(key) ?? []
    // One cell per payload size and level: the first in the results' order.
    if (!group.some((c) => c.payloadBytes === cell.payloadBytes)) group.push(cell)
    groups.set(key, group)
  }
  const out: PayloadFigure[] = []
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const sorted = [...group].sort((a, b) => (a.payloadBytes as number) - (b.payloadBytes as number))
    const ref = sorted[0] as CellComparison
    for (const cell of sorted.slice(1)) {
      const metrics: OverheadFigure['metrics'] = {}
      let runs = 0
      let referenceRuns = 0
      for (const metric of OVERHEAD_METRICS) {
        const mine = measured(cell, metric)
        const theirs = measured(ref, metric)
        runs = Math.max(runs, mine.length)
        referenceRuns = Math.max(referenceRuns, theirs.length)
        const ratio = overheadRatio(mine, theirs, confidence)
        const added = addedMs(mine, theirs, confidence)
        if (ratio !== null && added !== null) metrics[metric] = { ratio, addedMs: added }
      }
      if (Object.keys(metrics).length === 0) continue
      out.push({
        profile: cell.profile,
        scenario: cell.scenario,
        referenceScenario: ref.scenario,
        payloadBytes: cell.payloadBytes as number,
        referenceBytes: ref.payloadBytes as number,
        ...(cell.concurrency !== undefined ? { concurrency: cell.concurrency } : {}),
        ...(cell.loadModel !== undefined ? { loadModel: cell.loadModel } : {}),
        runs,
        referenceRuns,
        metrics,
      })
    }
  }
  return out
}
