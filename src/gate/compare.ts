/**
 * From runs to per-cell comparisons and report notes: chooses the stored or paired comparison for
 * every cell, corrects for multiple cells (Holm), and adds what the reader must know (noise monitor,
 * stale or missing baseline, invalid runs). Pure: no I/O.
 */
import { baselineAgeDays, cellHistory, type BaselineFile } from '../baseline/format.js'
import { isOpenModel, type Config, type GateConfig } from '../config/schema.js'
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
import { compareCpuPerRequest, withCpuPerRequest } from '../stats/cpu-per-request.js'
import { cellsElsewhere } from '../shard/share.js'
import { kindOf, SCENARIO_KINDS } from '../kinds/registry.js'

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
  const { runs, config, gate } = input
  const compared = configCells(config).map((ref) => compareCell(input, ref.profile, ref.scenario))
  // A share of a sharded gate counts the other shares' cells in its family (src/shard/share.ts).
  // Then each kind settles its own cells (a family of its own, a score's verdict, an absolute limit).
  const cells = SCENARIO_KINDS.reduce(
    (settled, kind) => kind.settle?.(settled, runs, config) ?? settled,
    applyHolm(compared, gate.blockConfidence, cellsElsewhere(config)),
  )
  return { cells, notes: [...baselineNotes(input, cells), ...invalidRunNotes(runs)] }
}

/** One cell: the stored or paired comparison, its load level and payload, and what its kind adds. */
function compareCell(input: CompareInput, profileName: string, scenarioName: string): CellComparison {
  const { runs, config, gate, baseline, method } = input
  const profile = config.profiles.find((p) => p.name === profileName) as Config['profiles'][number]
  const scenario = config.scenarios.find((s) => s.name === scenarioName) as Config['scenarios'][number]
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
  const open = isOpenModel(scenario)
  const cellResult: CellComparison = {
    ...comparison,
    concurrency: open ? scenario.rate : scenario.vus,
    loadModel: open ? 'open' : 'closed',
    payloadBytes: requestBytes(scenario),
    ...(scenario.sweep ? { sweep: { scenario: scenario.sweep.scenario, level: scenario.sweep.label } } : {}),
    // An open model's configured rate, to read the achieved throughput against.
    ...(comparison.achieved && open && scenario.rate !== undefined
      ? { achieved: { ...comparison.achieved, targetRps: scenario.rate } }
      : {}),
  }
  const kind = kindOf(scenario)
  if (kind.compare) {
    const own = kind.compare({
      scenario,
      method: method === 'paired' ? 'paired' : 'stored',
      candidateRuns,
      baselineRuns:
        method === 'paired'
          ? mine.filter((r) => r.variant === 'baseline')
          : method === 'stored' && baseline
            ? cellHistory(baseline, cell).flat()
            : null,
      gate,
    })
    Object.assign(cellResult, own.fields)
    cellResult.reasons = [...own.reasons, ...comparison.reasons]
  }
  return withCpuComparison(cellResult, gate, method, mine, baseline, scenario)
}

/** Stored comparisons only: a missing or stale baseline, and what the control profile's noise says. */
function baselineNotes(input: CompareInput, cells: readonly CellComparison[]): string[] {
  const { config, gate, baseline, method } = input
  if (method !== 'stored') return []
  if (!baseline)
    return [
      `No baseline file at ${config.baseline.path}: every cell is inconclusive. Run \`perf-gate run --mode baseline\` (the nightly workflow) on the default branch to create one.`,
    ]
  const notes: string[] = []
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
  return notes
}

/** One note for the invalid runs, each kind of reason once. */
function invalidRunNotes(runs: readonly RunResult[]): string[] {
  const invalid = runs.filter((r) => !r.valid && !r.warmup)
  if (invalid.length === 0) return []
  // Reasons that differ only in their numbers (dropped 46 vs 19 iterations) are one kind of reason.
  const kinds = new Map<string, string>()
  for (const run of invalid) {
    const reason = run.invalidReason ?? 'invalid'
    const kind = reason.replace(/\d+(\.\d+)?/g, 'N')
    if (!kinds.has(kind)) kinds.set(kind, reason)
  }
  return [
    `${invalid.length} run(s) were invalid and excluded: ${[...kinds.values()].join('; ')}${invalid.length > kinds.size ? ' (and similar)' : ''}`,
  ]
}

/**
 * The cell with its CPU per request compared (gate.cpuPerRequest report, gate or only), against the same
 * baseline its latency was: the baseline variant's runs, or the stored nights' runs.
 */
function withCpuComparison(
  cell: CellComparison,
  gate: GateConfig,
  method: ComparisonMethod,
  mine: readonly RunResult[],
  baseline: BaselineFile | null,
  scenario: Config['scenarios'][number],
): CellComparison {
  if (gate.cpuPerRequest === 'off' || !kindOf(scenario).cpuPerRequest) return cell
  const cpu = compareCpuPerRequest({
    method: method === 'paired' ? 'paired' : 'stored',
    candidateRuns: mine.filter((r) => r.variant === 'candidate'),
    baselineRuns:
      method === 'paired'
        ? mine.filter((r) => r.variant === 'baseline')
        : method === 'stored' && baseline
          ? cellHistory(baseline, cell.cell).flat()
          : null,
    gate,
    gated: (gate.cpuPerRequest === 'gate' || gate.cpuPerRequest === 'only') && !cell.control,
    only: gate.cpuPerRequest === 'only',
  })
  return withCpuPerRequest(cell, cpu)
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

/**
 * Bytes of one request body: a GraphQL scenario sends its query document (so charts draw one line per
 * query, e.g. per operation count), every other built-in the payload.
 */
function requestBytes(scenario: Config['scenarios'][number]): number {
  const g = scenario.graphql
  if (g?.query === undefined) return scenario.payloadBytes
  const body = JSON.stringify({
    query: g.query,
    variables: g.variables,
    ...(g.operationName ? { operationName: g.operationName } : {}),
  })
  return new TextEncoder().encode(body).length
}
