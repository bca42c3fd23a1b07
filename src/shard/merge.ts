/**
 * Joining the partial results of a sharded gate into one: the checks that the partials belong
 * together, then one verdict with Holm across the cells of every share. Pure: the caller reads the
 * files (as untrusted input, src/session.ts) and writes the report.
 *
 * Why Holm again: each share corrected only across its own cells, and the adjusted p-values of a
 * family are not those of its parts (with more cells, each must show more). So every cell goes back
 * to its verdict before Holm (stats/multiple-testing.ts beforeHolm) and the correction runs once over
 * the whole family, exactly as the gate would have run it unsharded.
 */
import { ConfigError } from '../errors.js'
import type { CellComparison, GateResults, RunnerCheckResult, ShardRecord, Verdict } from '../model.js'
import { applyHolm, beforeHolm } from '../stats/multiple-testing.js'
import { overheadFigures, payloadFigures } from '../stats/overhead.js'
import { resourceFigures } from '../stats/resources.js'
import { PARTIAL_NOTE } from './record.js'

/** One partial results.json as read: its file (named in every refusal) and its results. */
export interface PartialResults {
  file: string
  results: GateResults
}

/** The merged results, and the exit code the whole gate would have had (before any acceptance). */
export interface Merged {
  results: GateResults
  /** Whether the verdict fails the job: a regression, or inconclusive under onInconclusive: fail. */
  fails: boolean
}

type Shard = ShardRecord

/** Every reason the partials cannot be merged, each naming its file; empty when they can. */
export function mergeRefusals(
  partials: readonly PartialResults[],
  /** The commit this merge is for (GITHUB_SHA in the action): every partial must have measured it. */
  expectedCommit?: string,
): string[] {
  if (partials.length === 0) return ['no partial results given']
  const problems: string[] = []
  const sharded = partials.filter((p) => {
    if (p.results.shard) return true
    problems.push(`${p.file}: not a partial result (no "shard" field): written by a run without --shard`)
    return false
  })
  const first = sharded[0]
  if (!first) return problems
  const f = first.results.shard as Shard
  const same: [string, (p: PartialResults) => unknown][] = [
    ['config digest', (p) => p.results.shard?.configDigest],
    ['commit', (p) => p.results.shard?.commit],
    ['mode', (p) => p.results.mode],
    ['event', (p) => p.results.shard?.event],
    ['shard count', (p) => p.results.shard?.count],
    ['config name', (p) => p.results.name],
    ['metric', (p) => p.results.metric],
  ]
  for (const p of sharded.slice(1)) {
    for (const [what, of] of same) {
      if (of(p) !== of(first))
        problems.push(
          `${p.file}: ${what} ${String(of(p))} differs from ${first.file}'s ${String(of(first))}: partials of different ${what === 'commit' ? 'commits' : 'gates'} cannot be merged`,
        )
    }
  }
  if (expectedCommit !== undefined && f.commit !== expectedCommit)
    problems.push(
      `${first.file}: commit ${String(f.commit)} is not the commit this merge runs for (${expectedCommit}): partials of another run or push cannot be merged`,
    )
  if (problems.length > 0) return problems
  const seen = new Map<number, string>()
  for (const p of sharded) {
    const index = (p.results.shard as Shard).index
    const other = seen.get(index)
    if (other) problems.push(`${p.file}: shard ${index}/${f.count} is also in ${other} (a duplicated shard)`)
    else seen.set(index, p.file)
  }
  for (let i = 1; i <= f.count; i++)
    if (!seen.has(i))
      problems.push(
        `shard ${i}/${f.count} is missing: got ${[...seen.keys()].sort((a, b) => a - b).join(', ')} of ${f.count} (from ${sharded.map((p) => p.file).join(', ')})`,
      )
  if (problems.length > 0) return problems
  const owner = new Map<string, string>()
  for (const p of sharded) {
    const shard = p.results.shard as Shard
    for (const cell of shard.cells) {
      const other = owner.get(cell)
      if (other) problems.push(`${p.file}: cell ${cell} is also in ${other} (each cell belongs to one shard)`)
      else owner.set(cell, p.file)
    }
    // The cells a partial says it measured are the gated cells it holds: anything else is not its output.
    const held = p.results.cells.filter((c) => !c.control).map((c) => c.cell)
    const listed = new Set(shard.cells)
    const stray = held.filter((c) => !listed.has(c))
    const lacking = shard.cells.filter((c) => !held.includes(c))
    if (stray.length > 0 || lacking.length > 0)
      problems.push(
        `${p.file}: its gated cells do not match its shard's cell list${stray.length > 0 ? ` (not listed: ${stray.join(', ')})` : ''}${lacking.length > 0 ? ` (listed, not measured: ${lacking.join(', ')})` : ''}`,
      )
  }
  return problems
}

/** The overall verdict of the gated cells: any regression, else any inconclusive, else pass. */
function gatedVerdict(cells: readonly CellComparison[]): Verdict {
  const gated = cells.filter((c) => !c.control)
  if (gated.length === 0) return 'inconclusive'
  if (gated.some((c) => c.verdict === 'regression')) return 'regression'
  if (gated.some((c) => c.verdict === 'inconclusive')) return 'inconclusive'
  return 'pass'
}

/** Holm across every gated cell of every share; a cell's kind and script thresholds still decide it. */
export function mergedCells(
  cellsByShard: readonly (readonly CellComparison[])[],
  blockConfidence?: number,
  layout?: Layout,
) {
  const gated = cellsByShard.flatMap((cells) => cells.filter((c) => !c.control).map(beforeHolm))
  // A control runs in every share that needs it: the first share's stands in the table (the others
  // checked their own runners, which their partials' notes report).
  const controls = new Map<string, CellComparison>()
  for (const cells of cellsByShard)
    for (const c of cells) if (c.control && !controls.has(c.cell)) controls.set(c.cell, c)
  const corrected = applyHolm([...controls.values(), ...gated], blockConfidence).map((cell) => {
    if (cell.control) return cell
    let verdict = cell.capacity ? cell.capacity.verdict : cell.arena ? cell.arena.verdict : cell.verdict
    if (cell.accuracy?.fails || cell.scriptThresholds?.some((t) => t.fails)) verdict = 'regression'
    return { ...cell, verdict }
  })
  return corrected.sort(layoutOrder(layout))
}

type Layout = NonNullable<Shard['layout']>

/**
 * The unsharded gate's order: profile by profile, scenarios in config order (config/sweep.ts
 * configCells). Without a layout (partials written before it), controls first, then by name.
 */
function layoutOrder(layout: Layout | undefined) {
  const byName = (a: CellComparison, b: CellComparison) => (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0)
  if (!layout)
    return (a: CellComparison, b: CellComparison) =>
      a.control !== b.control ? (a.control ? -1 : 1) : byName(a, b)
  const profile = new Map(layout.profiles.map((p, i) => [p.name, i]))
  const scenario = new Map(layout.scenarios.map((s, i) => [s, i]))
  const at = (map: Map<string, number>, key: string) => map.get(key) ?? Number.MAX_SAFE_INTEGER
  return (a: CellComparison, b: CellComparison) =>
    at(profile, a.profile) - at(profile, b.profile) ||
    at(scenario, a.scenario) - at(scenario, b.scenario) ||
    byName(a, b)
}

/** The shares' own overhead figures, each profile, reference and level once (partials without a layout). */
function joinedOverhead(parts: readonly GateResults[]) {
  const overhead = new Map<string, NonNullable<GateResults['figures']>['overhead'][number]>()
  for (const r of parts)
    for (const o of r.figures?.overhead ?? []) {
      const key = `${o.profile}\u0000${o.reference}\u0000${o.scenario}`
      if (!overhead.has(key)) overhead.set(key, o)
    }
  return { reference: parts[0]?.figures?.reference ?? null, overhead: [...overhead.values()] }
}

/** The least reassuring runner check of the shares (each checked its own runner). */
function worstRunner(runners: readonly RunnerCheckResult[]): RunnerCheckResult {
  const rank = { same: 0, unknown: 1, differs: 2 } as const
  const worst = runners.reduce((a, b) => (rank[b.status] > rank[a.status] ? b : a))
  return {
    status: worst.status,
    reasons: runners.flatMap((r, i) => r.reasons.map((x) => `shard ${i + 1}: ${x}`)),
  }
}

/** Joins partial results that mergeRefusals accepted. Throws a ConfigError listing every refusal. */
export function mergePartials(input: readonly PartialResults[], expectedCommit?: string): Merged {
  const problems = mergeRefusals(input, expectedCommit)
  if (problems.length > 0) throw new ConfigError(problems)
  const partials = [...input].sort(
    (a, b) => (a.results.shard as Shard).index - (b.results.shard as Shard).index,
  )
  const parts = partials.map((p) => p.results)
  const first = parts[0] as GateResults
  const shard = first.shard as Shard
  const cells = mergedCells(
    parts.map((r) => r.cells),
    shard.blockConfidence,
    shard.layout,
  )
  const verdict = first.mode === 'baseline' ? 'pass' : gatedVerdict(cells)
  const method = parts.some((r) => r.method === 'paired') ? 'paired' : first.method
  const evidence = parts.some((r) => r.evidence === 'paired') ? 'paired' : first.evidence
  const startedAt = parts.map((r) => r.startedAt).sort()[0] as string
  const finishedAt = parts.map((r) => r.finishedAt).sort()[parts.length - 1] as string
  const results: GateResults = {
    schemaVersion: 1,
    name: first.name,
    mode: first.mode,
    method,
    verdict,
    threshold: first.threshold,
    confidence: first.confidence,
    metric: first.metric,
    startedAt,
    finishedAt,
    gitSha: first.gitSha,
    k6Version: first.k6Version,
    ...(first.k6Flags ? { k6Flags: first.k6Flags } : {}),
    machine: first.machine,
    baseline: parts.find((r) => r.baseline)?.baseline ?? null,
    cells,
    notes: mergedNotes(parts, cells, shard.count),
    ...(evidence ? { evidence } : {}),
    decision: mergedDecision(verdict, cells, shard.count),
    ...(first.cannotBlock ? { cannotBlock: first.cannotBlock } : {}),
    storedPhase: mergedStoredPhase(parts),
    paired: mergedPaired(parts),
    // The shards ran side by side: the gate took as long as its slowest share.
    wallTimeS: Math.max(...parts.map((r) => r.wallTimeS ?? 0)),
    ...(first.changePoints ? { changePoints: first.changePoints } : {}),
    figures: mergedFigures(parts, cells, shard.layout, first.confidence),
  }
  const fails =
    first.mode === 'gate' &&
    (verdict === 'regression' || (verdict === 'inconclusive' && shard.onInconclusive === 'fail'))
  return { results, fails }
}

/** What was merged and how, a line per share, then each share's own notes once (partial notes left out). */
function mergedNotes(
  parts: readonly GateResults[],
  cells: readonly CellComparison[],
  count: number,
): string[] {
  const label = (r: GateResults) => `shard ${(r.shard as Shard).index}/${count}`
  const family = cells.filter((c) => !c.control && c.adjustedPValue !== null).length
  const notes = [
    `Merged from ${count} shards, each on its own runner; Holm applied once across the ${family} gated cell(s) with a p-value of all shards.`,
    ...parts.map(
      (r) =>
        `${label(r)}: ${r.shard?.cells.length ?? 0} gated cell(s), partial verdict ${r.verdict}${r.decision ? ` (${r.decision})` : ''}${r.wallTimeS !== undefined ? `, ${Math.round(r.wallTimeS)} s` : ''}, ${r.machine.cpus} x ${r.machine.cpuModel}.`,
    ),
  ]
  const seen = new Set<string>()
  for (const r of parts)
    for (const note of r.notes) {
      if (seen.has(note) || note.startsWith(PARTIAL_NOTE)) continue
      seen.add(note)
      notes.push(`${label(r)}: ${note}`)
    }
  return notes
}

/** The merged gate's decision sentence. */
function mergedDecision(verdict: Verdict, cells: readonly CellComparison[], count: number): string {
  const regressed = cells.filter((c) => !c.control && c.verdict === 'regression').map((c) => c.cell)
  const undecided = cells.filter((c) => !c.control && c.verdict === 'inconclusive').map((c) => c.cell)
  return verdict === 'regression'
    ? `${regressed.join(', ')} regressed (merged over ${count} shards, Holm across all cells)`
    : verdict === 'inconclusive'
      ? `still undecided: ${undecided.join(', ') || 'no gated cell'} (merged over ${count} shards)`
      : `every gated cell passes (merged over ${count} shards)`
}

/** The stored phases of the shares as one, when every share had one. */
function mergedStoredPhase(parts: readonly GateResults[]): GateResults['storedPhase'] {
  const stored = parts.map((r) => r.storedPhase)
  if (!stored.every((s) => s)) return null
  return {
    verdict: gatedVerdict(stored.flatMap((s) => s?.cells ?? []) as CellComparison[]),
    runner: worstRunner(stored.map((s) => (s as NonNullable<typeof s>).runner)),
    cells: stored.flatMap((s) => s?.cells ?? []),
  }
}

/**
 * The share with the fewest pairs per cell, as it ran them: the report never claims more pairs
 * than every cell had, and its blocks and pairs agree (the shares' blocks ran side by side).
 */
function mergedPaired(parts: readonly GateResults[]): GateResults['paired'] {
  const paired = parts.map((r) => r.paired)
  return paired.every((p) => p)
    ? (paired as NonNullable<(typeof paired)[number]>[]).reduce((a, b) => (b.pairs < a.pairs ? b : a))
    : null
}

/**
 * With the layout, the overhead figures over every share's cells, as the unsharded gate computes
 * them (a share may lack the reference profile's cells); without, the shares' own, joined. Payload
 * and resource figures are always over every cell.
 */
function mergedFigures(
  parts: readonly GateResults[],
  cells: CellComparison[],
  layout: Layout | undefined,
  confidence: number,
): NonNullable<GateResults['figures']> {
  const overhead = layout
    ? overheadFigures({
        cells,
        reference: layout.reference,
        confidence,
        hooks: Object.fromEntries(layout.profiles.map((p) => [p.name, p.hooks])),
      })
    : joinedOverhead(parts)
  const payload = payloadFigures(cells, confidence)
  const resources = resourceFigures(cells, confidence)
  return {
    ...overhead,
    ...(payload.length > 0 ? { payload } : {}),
    ...(resources.length > 0 ? { resources } : {}),
  }
}
