/**
 * Results from a journal: what an interrupted gate (a crash, SIGKILL) measured, compared the way the
 * gate compares, so `perf-gate report` can render it. The verdict is what the finished runs say; the
 * report says plainly that the gate did not finish and that this is not its decision.
 */
import { readBaseline } from '../baseline/store.js'
import { expandedConfigSchema, type Config } from '../config/schema.js'
import { ConfigError } from '../errors.js'
import { machineFingerprint } from '../machine.js'
import type { GateResults } from '../model.js'
import { compareCells, figuresOf } from './compare.js'
import { readJournal } from './journal.js'
import { gatedVerdict } from './decision/policy.js'

/**
 * Journals written before allowPathsOutsideRepo moved from the config to the workflow hold the key
 * (as false by default); it says nothing about the runs, so it is dropped rather than refused.
 */
function withoutLegacyKeys(config: unknown): unknown {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return config
  const rest = { ...(config as Record<string, unknown>) }
  delete rest.allowPathsOutsideRepo
  return rest
}

/** Compares the runs of a journal and returns results.json-shaped results for the report. */
export async function resultsFromJournal(file: string, now: Date = new Date()): Promise<GateResults> {
  const { header, runs, torn } = await readJournal(file)
  // The journal holds the config as the gate ran it: sweeps expanded.
  const parsed = expandedConfigSchema.safeParse(withoutLegacyKeys(header.config))
  if (!parsed.success)
    throw new ConfigError([
      `${file}: the journal's config is not valid: ${parsed.error.issues[0]?.message ?? ''}`,
    ])
  const config: Config = parsed.data
  const gate = config.gate
  const baseline = header.baselinePath ? await readBaseline(header.baselinePath).catch(() => null) : null
  const paired = runs.filter((r) => r.phase === 'paired')
  const method = header.mode === 'baseline' ? 'none' : paired.length > 0 ? 'paired' : 'stored'
  const measured = method === 'paired' ? paired : runs.filter((r) => r.phase !== 'paired')
  const { cells, notes } = compareCells({ runs: measured, config, gate, baseline, method, now })
  const verdict = header.mode === 'baseline' ? 'pass' : gatedVerdict(cells)
  const interrupted =
    `Rendered from the journal ${file} of a gate that did not finish: ${runs.length} finished run${runs.length === 1 ? '' : 's'}` +
    `${torn > 0 ? ` (${torn} unreadable line${torn === 1 ? '' : 's'} skipped)` : ''}. ` +
    'The verdict below is what those runs show, not a decision of the gate.'
  const last = runs[runs.length - 1]
  return {
    schemaVersion: 1,
    name: config.name,
    mode: header.mode,
    method,
    verdict,
    threshold: gate.threshold,
    confidence: gate.confidence,
    metric: gate.metric,
    startedAt: header.startedAt,
    finishedAt: last ? last.startedAt : header.startedAt,
    gitSha: null,
    k6Version: null,
    machine: machineFingerprint({}),
    baseline: null,
    cells,
    notes: [interrupted, ...notes],
    evidence: method === 'paired' ? 'paired' : method === 'stored' ? 'stored' : 'none',
    decision: 'interrupted before the decision policy stopped; rendered from the journal',
    figures: figuresOf(config, cells, gate.confidence),
  }
}
