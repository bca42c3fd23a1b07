/**
 * From runs to per-cell comparisons and report notes: chooses the stored or paired comparison for
 * every cell, corrects for multiple cells (Holm), and adds what the reader must know (noise monitor,
 * stale or missing baseline, invalid runs). Pure: no I/O.
 */
import { baselineAgeDays, cellHistory, type BaselineFile } from '../baseline/format.js'
import type { Config, GateConfig } from '../config/schema.js'
import { configCells } from '../config/sweep.js'
import { cellId, type CellComparison, type GateResults, type RunResult } from '../model.js'
import {
  applyHolm,
  comparePaired,
  compareStored,
  noiseMonitor,
  overheadFigures,
  payloadFigures,
  resourceFigures,
} from '../stats/index.js'

export type ComparisonMethod = 'stored' | 'paired' | 'none'

export interface CompareInput {
  runs: readonly RunResult[]
  config: Config
  gate: GateConfig
  baseline: BaselineFile | null
  method: ComparisonMethod
  now: Date
}

/** Compares every cell and collects notes for the report. */
export function compareCells(input: CompareInput): { cells: CellComparison[]; notes: string[] } {
  const { runs, config, gate, baseline, method } = input
  const notes: string[] = []
  const compared: CellComparison[] = []
  for (const ref of configCells(config)) {
    {
      const profile = config.profiles.find((p) => p.name === ref.profile) as Config['profiles'][number]
      const scenario = config.scenarios.find((s) => s.name === ref.scenario) as Config['scenarios'][number]
      const cell = cellId(profile.name, scenario.name)
      const mine = runs.filter((r) => r.cell === cell)
      const candidateRuns = mine.filter((r) => r.variant === 'candidate')
      const common = { profile: profile.name, scenario: scenario.name, control: profile.control, gate }
      const comparison =
        method === 'paired'
          ? comparePaired({
              ...common,
              candidateRuns,
              baselineRuns: mine.filter((r) => r.variant === 'baseline'),
            })
          : compareStored({
              ...common,
              candidateRuns,
              baselineNights: method === 'stored' && baseline ? cellHistory(baseline, cell) : null,
            })
      // Open model: the arrival rate is the load level (its VUs are only a pool); closed: the VUs.
      const open = scenario.rate !== undefined || scenario.script.endsWith('arrival-rate')
      compared.push({
        ...comparison,
        concurrency: open ? scenario.rate : scenario.vus,
        loadModel: open ? 'open' : 'closed',
        payloadBytes: scenario.payloadBytes,
        ...(scenario.sweep
          ? { sweep: { scenario: scenario.sweep.scenario, level: scenario.sweep.label } }
          : {}),
        // An open model's configured rate, to read the achieved throughput against.
        ...(comparison.achieved && open && scenario.rate !== undefined
          ? { achieved: { ...comparison.achieved, targetRps: scenario.rate } }
          : {}),
      })
    }
  }
  const cells = applyHolm(compared)

  if (method === 'stored') {
    if (!baseline) {
      notes.push(
        `No baseline file at ${config.baseline.path}: every cell is inconclusive. Run \`perf-gate run --mode baseline\` (the nightly workflow) on the default branch to create one.`,
      )
    } else {
      const age = baselineAgeDays(baseline, input.now)
      if (age > gate.maxBaselineAgeDays) {
        notes.push(
          `The baseline is ${age.toFixed(1)} days old (limit ${gate.maxBaselineAgeDays}): is the nightly baseline workflow running?`,
        )
      }
      const noise = noiseMonitor(
        cells.filter((c) => c.control),
        gate,
      )
      if (noise) notes.push(noise)
    }
  }
  const invalid = runs.filter((r) => !r.valid && !r.warmup)
  if (invalid.length > 0) {
    // Reasons that differ only in their numbers (dropped 46 vs 19 iterations) are one kind of reason.
    const kinds = new Map<string, string>()
    for (const run of invalid) {
      const reason = run.invalidReason ?? 'invalid'
      const kind = reason.replace(/\d+(\.\d+)?/g, 'N')
      if (!kinds.has(kind)) kinds.set(kind, reason)
    }
    notes.push(
      `${invalid.length} run(s) were invalid and excluded: ${[...kinds.values()].join('; ')}${invalid.length > kinds.size ? ' (and similar)' : ''}`,
    )
  }
  return { cells, notes }
}

/** Overhead over the reference profile per level, and per-hook cost (report.reference, profile hooks). */
export function figuresOf(
  config: Pick<Config, 'profiles' | 'report'>,
  cells: readonly CellComparison[],
  confidence: number,
): NonNullable<GateResults['figures']> {
  const payload = payloadFigures(cells, confidence)
  const resources = resourceFigures(cells, confidence)
  return {
    ...overheadFigures({
      cells,
      reference: config.report.reference ?? null,
      confidence,
      hooks: Object.fromEntries(config.profiles.map((p) => [p.name, p.hooks])),
    }),
    ...(payload.length > 0 ? { payload } : {}),
    ...(resources.length > 0 ? { resources } : {}),
  }
}
