/**
 * A cell's statistics in its details, as label/value pairs in reading order: latency, then the kind's
 * own figures (capacity, arena), what the runs could detect, errors, the load shape, accuracy, a user
 * script's thresholds and endpoints, and any statistic the engine added that the report does not know.
 */
import type { CellComparison } from '../../model.js'
import { formatMs, formatPValue, formatRate, formatRps, formatSignedPct } from '../format.js'
import { arenaStatistics } from './arena.js'
import { capacityStatistics } from './capacity.js'
import { describeExtra, describeRatio, describeSummary, humanizeKey } from './describe.js'

type Statistics = Array<[string, string]>

/** Label/value pairs for a cell's details; `metric` names the gated latency metric. */
export function statistics(cell: CellComparison, metric: string): Statistics {
  return [
    ...latencyStatistics(cell, metric),
    ...(cell.capacity ? capacityStatistics(cell.capacity) : []),
    ...(cell.arena ? arenaStatistics(cell.arena) : []),
    ...detectableStatistic(cell),
    errorRateStatistic(cell),
    ...loadStatistics(cell),
    accuracyStatistic(cell),
    ...scriptStatistics(cell),
    ...extraStatistics(cell),
  ]
}

function latencyStatistics(cell: CellComparison, metric: string): Statistics {
  const stats: Statistics = [['Method', cell.method === 'paired' ? 'paired A/B' : 'stored baseline']]
  stats.push([`Candidate ${metric}`, describeSummary(cell.candidate)])
  if (cell.baseline) stats.push([`Baseline ${metric}`, describeSummary(cell.baseline)])
  if (cell.ratio) {
    stats.push([`Ratio (${Math.round(cell.ratio.confidence * 100)}% CI)`, describeRatio(cell.ratio)])
  }
  if (cell.pValue !== null) {
    const adjusted =
      cell.adjustedPValue === null ? '' : ` (Holm-adjusted ${formatPValue(cell.adjustedPValue)})`
    stats.push(['p-value', `${formatPValue(cell.pValue)}${adjusted}`])
  }
  stats.push(['Latency verdict', cell.latencyVerdict])
  const latency = latencyMedians(cell)
  if (latency) stats.push(['Latency, median over candidate runs', latency])
  return stats
}

/** Average, P90, P95 and P99 of the candidate's measured runs (medians over runs), seed 001's columns. */
function latencyMedians(cell: CellComparison): string | null {
  const runs = cell.runs.filter(
    (r) => !r.warmup && r.valid && r.variant === 'candidate' && r.metrics.requests > 0,
  )
  if (runs.length === 0) return null
  const mid = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b)
    const m = Math.floor(sorted.length / 2)
    return sorted.length % 2 === 1
      ? (sorted[m] as number)
      : ((sorted[m - 1] as number) + (sorted[m] as number)) / 2
  }
  const of = (key: 'mean' | 'p90' | 'p95' | 'p99') => formatMs(mid(runs.map((r) => r.metrics[key])))
  return `avg ${of('mean')}, P90 ${of('p90')}, P95 ${of('p95')}, P99 ${of('p99')}, ${formatRps(mid(runs.map((r) => r.metrics.rps)))} req/s`
}

/** Only where the runs did not decide: beside a verdict it reads as a second one. */
function detectableStatistic(cell: CellComparison): Statistics {
  const undecided = cell.verdict === 'inconclusive' && !cell.control && !cell.capacity && !cell.arena
  if (!undecided || cell.minDetectablePct === undefined || cell.minDetectablePct === null) return []
  return [
    [
      'Smallest change these runs would block (80% power)',
      `${formatSignedPct(cell.minDetectablePct, 1)} (more runs lower it)`,
    ],
  ]
}

function errorRateStatistic(cell: CellComparison): [string, string] {
  const e = cell.errorRate
  const errorParts = [
    `${formatRate(e.candidate)} [${formatRate(e.candidateInterval[0])}, ${formatRate(e.candidateInterval[1])}]`,
    e.baseline === null ? null : `baseline ${formatRate(e.baseline)}`,
    `ceiling ${formatRate(e.ceiling)}`,
    e.aboveCeiling ? 'above the ceiling' : null,
    e.significantIncrease ? 'significant increase' : null,
  ].filter((part): part is string => part !== null)
  return ['Error rate', errorParts.join(', ')]
}

/** The load's shape: arrival rate or VUs, payload, sweep level, and what was achieved. */
function loadStatistics(cell: CellComparison): Statistics {
  const stats: Statistics = []
  if (cell.concurrency !== undefined) {
    // An arrival rate and a number of VUs are different things; say which this is.
    if (cell.loadModel === 'open') stats.push(['Arrival rate', `${cell.concurrency} req/s`])
    else if (cell.loadModel === 'closed') stats.push(['Virtual users', String(cell.concurrency)])
    else stats.push(['Concurrency', String(cell.concurrency)])
  }
  if (cell.payloadBytes !== undefined) stats.push(['Payload', `${cell.payloadBytes} bytes`])
  if (cell.sweep) stats.push(['Sweep', `${cell.sweep.scenario}, level ${cell.sweep.level}`])
  if (cell.achieved) {
    const a = cell.achieved
    stats.push([
      'Achieved',
      `mean ${formatMs(a.meanMs)}, max ${formatMs(a.maxMs)}, ${formatRps(a.rps)} req/s${a.targetRps !== undefined ? ` of ${formatRps(a.targetRps)} planned` : ''} (medians of ${a.runs} run(s); max of all)`,
    ])
  }
  return stats
}

function accuracyStatistic(cell: CellComparison): [string, string] {
  return [
    'Accuracy',
    `${formatRate(cell.checkAccuracy)} of requests passed every check${
      cell.accuracy
        ? `; minimum ${formatRate(cell.accuracy.min)}${cell.accuracy.fails ? ': fails the cell' : ''}`
        : ''
    }`,
  ]
}

/** A user's own k6 script: its thresholds, and its endpoints (tag values), one row each. */
function scriptStatistics(cell: CellComparison): Statistics {
  const stats: Statistics = []
  for (const t of cell.scriptThresholds ?? []) {
    const outcome =
      t.crossed === 0
        ? `kept in all ${t.runs} run(s)`
        : `crossed in ${t.crossed} of ${t.runs} run(s)${t.fails ? ', fails the cell' : ', reported only'}`
    stats.push([`k6 threshold ${t.metric}: ${t.threshold}`, outcome])
  }
  for (const e of cell.endpoints ?? []) {
    stats.push([
      `Endpoint ${e.tag}=${e.value}`,
      `P95 ${formatMs(e.p95)}, P50 ${formatMs(e.p50)}, P99 ${formatMs(e.p99)} (medians of ${e.runs} run(s)), ${e.requests} requests, errors ${formatRate(e.errorRate)}`,
    ])
  }
  return stats
}

// Fields the report already shows; anything else the stats engine adds is listed generically.
const knownCellFields = new Set([
  'cell',
  'profile',
  'scenario',
  'control',
  'metric',
  'method',
  'candidate',
  'baseline',
  'ratio',
  'changePct',
  'pValue',
  'adjustedPValue',
  'latencyVerdict',
  'errorRate',
  'verdict',
  'reasons',
  'runs',
  'checkAccuracy',
  'concurrency',
  'loadModel',
  'payloadBytes',
  'minDetectablePct',
  'scriptThresholds',
  'endpoints',
  'sweep',
  'accuracy',
  'achieved',
  'capacity',
  'arena',
])

/** Any statistic the engine added that the report does not know by name, with a readable form. */
function extraStatistics(cell: CellComparison): Statistics {
  const stats: Statistics = []
  for (const [key, value] of Object.entries(cell)) {
    if (knownCellFields.has(key) || value === undefined || value === null) continue
    const text = describeExtra(value)
    if (text !== null) stats.push([humanizeKey(key), text])
  }
  return stats
}
