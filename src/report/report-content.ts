/**
 * What a report says, independent of how it is written: the headline, the table rows, each cell's
 * details, the environment. The markdown and HTML renderers both read this, so the PR comment and the
 * HTML report can never disagree on a number.
 */
import type { FigureTable } from './format.js'
import {
  arenaDimensionNames,
  type AcceptedRegression,
  type CellComparison,
  type ChangePoint,
  type GateResults,
  type RunResult,
  type SampleSummary,
  type Verdict,
} from '../model.js'
import { welchPValue } from '../stats/arena-comparison.js'
import { ENTERPRISE_DIMENSIONS } from '../config/schema/arena-enterprise.js'

const ARENA_DIMENSION_ORDER = arenaDimensionNames
import {
  formatDeltaMs,
  formatMs,
  formatPValue,
  formatRate,
  formatRps,
  formatSignedPct,
  metricLabel,
  roundForDisplay,
  verdictIcon,
  verdictSeverity,
} from './format.js'
import { growthStatement } from '../stats/resources.js'
import { cpuPerRequestLine, cpuPerRequestTable } from './cpu-content.js'
import { formatChange } from '../stats/reason-text.js'
import { headline } from './headline.js'

export interface CellRow {
  cell: string
  profile: string
  scenario: string
  control: boolean
  verdict: Verdict
  /**
   * The geometric mean over runs with its 95% CI, e.g. "1.82 ms [1.75, 1.90]" (the interval is one of
   * that geometric mean, so the two belong together; a baseline of nights gives a prediction interval
   * for a new night), or "—" without a baseline.
   */
  baseline: string
  candidate: string
  /** e.g. "+12.3% [+8.1, +16.4]": the change with the ratio's CI in percent. */
  change: string
  /** The change in ms (candidate geometric mean - baseline geometric mean), e.g. "+0.42 ms", or "—". */
  deltaMs: string
  errorRate: string
  /** True when the error rate fails the cell (above the ceiling or significantly up). */
  errorRateFails: boolean
  accuracy: string
  /** True when accuracy is below gate.minAccuracy: the cell fails on it, apart from latency. */
  accuracyFails: boolean
  /** Achieved throughput (median of runs), against the target rate of an open model: "998 / 1000 req/s". */
  throughput: string
  verdictLabel: string
}

export interface RunRow {
  variant: string
  round: number
  p50: string
  p90: string
  p95: string
  p99: string
  max: string
  rps: string
  errorRate: string
  /** "yes", or "no: <reason>". */
  valid: string
}

export interface CellDetail {
  row: CellRow
  reasons: string[]
  /** Label/value pairs: location estimates, ratio, p-values, and any statistic the engine added. */
  statistics: Array<[string, string]>
  runs: RunRow[]
  warmupRuns: number
  /** A stored baseline keeps per-run values only for the gated metric. */
  baselineValues: string | null
}

export interface Attention {
  label: 'Regressed' | 'Inconclusive'
  cells: Array<{ cell: string; change: string | null }>
  /** Cells of this kind not listed, to keep the line short. */
  more: number
}

export type { FigureTable }

/** One capacity-search cell: capacities in req/s over its searches. */
export interface CapacityRow {
  cell: string
  /** e.g. "2400 [2310, 2490]", or "—" without a baseline. */
  baseline: string
  candidate: string
  /** e.g. "-12.3% [-16.0, -8.4]". */
  change: string
  /** Candidate searches, and how many only found a lower bound or nothing. */
  searches: string
  /** The median P95 of the candidate's capacity steps. */
  p95AtCapacity: string
  verdictLabel: string
}

/** One gateway (profile) of an arena scenario, ranked by its median score. */
export interface ArenaRow {
  rank: number
  profile: string
  /** "87.3 [85.1, 89.4]": median, and the t CI of the mean over runs (seed 002's CI95). */
  score: string
  runs: number
  /** Median score per dimension, in ARENA order. */
  dimensions: string[]
  /** Against the baseline, when there is one: "-3.2 points [-5.0, -1.4]". */
  change: string
  verdictLabel: string
}

/** The ranking of one arena scenario across profiles, and which differences are significant. */
export interface ArenaTable {
  scenario: string
  /** What the score is: layer 0's composite score, or layer 1's Enterprise Readiness Index. */
  index: 'score' | 'ERI'
  dimensions: string[]
  rows: ArenaRow[]
  /** For each pair of neighbours in the ranking, the dimensions whose scores differ (Welch, p < 0.05). */
  significant: string[]
}

/** One change point of the main branch's nightly history, as the report shows it. */
export interface ChangePointRow {
  cell: string
  /** "night 30 (2026-01-31)". */
  night: string
  /** "+8.2% [+6.0%, +10.4%]": after / before with its interval. */
  size: string
  /** "abc1234..def5678": the last commit before and the first after. */
  commits: string
  open: boolean
}

/** Change points over the nightly history (stats/change-points.ts). */
export interface ChangePointSection {
  /** "E-divisive over 60 nights, alpha 0.05 per test". */
  method: string
  rows: ChangePointRow[]
  /** Gate mode: the open change points in one line, or null when there is none. */
  openLine: string | null
}

export interface ReportContent {
  verdict: Verdict
  mode: GateResults['mode']
  headline: string
  /** Which evidence decided and why, in one line; null for results without a decision policy. */
  decision: string | null
  gateName: string
  /** Context for the headline after the gate's name: metric, threshold, confidence, baseline. */
  context: string[]
  /** The cells to look at first, or null when there are none. */
  attention: Attention | null
  metric: string
  /** The confidence level of every interval shown, e.g. 0.95. */
  confidence: number
  rows: CellRow[]
  /** Capacity-search cells, empty when the gate ran none. */
  capacity: CapacityRow[]
  /** Arena scenarios, one ranking each; empty when the gate ran none. */
  arena: ArenaTable[]
  details: CellDetail[]
  environment: Array<[string, string]>
  baseline: Array<[string, string]> | null
  /**
   * For inconclusive cells only, the smallest change their runs would block (80% power): what more
   * runs would resolve. Null when no inconclusive cell has one. Beside a pass or a regression such a
   * number reads as a second verdict, so it is never shown there.
   */
  inconclusiveResolution: string | null
  /** Said under the table when a baseline of nights gives a prediction interval, not a CI; else null. */
  intervalNote: string | null
  /** The gate's notes, less those that repeat what the report already says (see reportNotes). */
  notes: string[]
  /** Overhead vs the reference profile per level and per-hook cost; empty without figures. */
  figures: FigureTable[]
  /** Change points of the stored history; null when results.json has none. */
  changePoints: ChangePointSection | null
  /** The gateway CPU per request in one line for the comment's head; null without it. */
  cpuLine: string | null
}

/** Builds the report's content from the gate results; pure and deterministic. */
export function buildReportContent(results: GateResults): ReportContent {
  const metric = metricLabel(results.metric)
  // Regressions first: when the comment has to be cut, what gets cut is what needs no action.
  const cells = results.cells
    .map((cell, index) => ({ cell, index }))
    .sort((a, b) => verdictSeverity(a.cell.verdict) - verdictSeverity(b.cell.verdict) || a.index - b.index)
    .map(({ cell }) => cell)
  const rows = cells.map((cell) => buildRow(cell, results.mode))
  return {
    verdict: results.verdict,
    mode: results.mode,
    headline: headline(results),
    decision: decisionLine(results),
    gateName: results.name,
    context: context(results, metric),
    attention: attention(results),
    metric,
    confidence: results.confidence,
    rows,
    capacity: cells.filter((cell) => cell.capacity).map((cell) => capacityRow(cell, results.mode)),
    arena: arenaTables(results),
    details: cells.map((cell, i) => buildDetail(cell, rows[i] as CellRow, metric)),
    environment: environment(results),
    baseline: results.baseline
      ? [
          ['Source', results.baseline.path],
          ['Created', results.baseline.createdAt],
          ['Age', `${results.baseline.ageDays.toFixed(1)} days`],
          ['Git SHA', results.baseline.gitSha ?? 'unknown'],
        ]
      : null,
    inconclusiveResolution: inconclusiveResolution(results),
    intervalNote: results.cells.some((c) => c.baseline?.interval === 'prediction')
      ? `A baseline of nights: its interval is the ${Math.round(results.confidence * 100)}% prediction interval for a new night, around the nights' geometric mean.`
      : null,
    notes: reportNotes(results),
    figures: figureTables(results),
    changePoints: changePointSection(results),
    cpuLine: cpuPerRequestLine(results),
  }
}

function shortSha(sha: string | null): string {
  return sha === null ? 'unknown' : sha.slice(0, 7)
}

function changePointRow(point: ChangePoint): ChangePointRow {
  const r = point.ratio
  return {
    cell: point.cell,
    night: `night ${point.night} (${point.createdAt.slice(0, 10)})`,
    size: `${formatChange(r.estimate)} [${formatChange(r.lower)}, ${formatChange(r.upper)}]`,
    commits: `${shortSha(point.fromSha)}..${shortSha(point.toSha)}`,
    open: point.open,
  }
}

/** Open change points named in the PR comment's head; more are counted, not listed. */
const OPEN_LINE_MAX = 3

/** The change points section; in gate mode only the open ones matter (one line). */
export function changePointSection(results: GateResults): ChangePointSection | null {
  const report = results.changePoints
  if (!report) return null
  const rows = report.points.map(changePointRow)
  const open = rows.filter((row) => row.open)
  const listed = open
    .slice(0, OPEN_LINE_MAX)
    .map((row) => `\`${row.cell}\` ${row.size} since ${row.night}, commits ${row.commits}`)
  const more = open.length > OPEN_LINE_MAX ? ` and ${open.length - OPEN_LINE_MAX} more` : ''
  return {
    method: `E-divisive over ${report.nights} nights, ${metricLabel(report.metric)}, alpha ${report.alpha} per test, at least ${report.minSize} nights per level`,
    rows,
    openLine:
      results.mode === 'gate' && open.length > 0
        ? `Open change point on the main branch (nightly history): ${listed.join('; ')}${more}.`
        : null,
  }
}

function ratioText(r: { estimate: number; lower: number; upper: number }): string {
  return `×${r.estimate.toFixed(3)} [${r.lower.toFixed(3)}, ${r.upper.toFixed(3)}]`
}

function addedText(a: { estimate: number; lower: number; upper: number }): string {
  const signed = (x: number) => formatDeltaMs(x).replace(/ ms$/, '')
  return `${formatDeltaMs(a.estimate)} [${signed(a.lower)}, ${signed(a.upper)}]`
}

/**
 * The figures as tables, rows grouped by level (scenario) as results.json orders them: overhead vs
 * the reference profile (ratio and added ms at P50/P95/P99, CIs), and per-hook cost where profiles
 * declare their hooks.
 */
export function figureTables(results: GateResults): FigureTable[] {
  const figures = results.figures
  const cpu = cpuPerRequestTable(results)
  if (!figures) return cpu ? [cpu] : []
  const confidence = `${Math.round(results.confidence * 100)}% CI`
  const metrics = ['p50', 'p95', 'p99'] as const
  const tables: FigureTable[] = []
  const payload = figures.payload ?? []
  if (payload.length > 0) {
    const pctText = (r: { estimate: number; lower: number; upper: number }) =>
      `${formatSignedPct((r.estimate - 1) * 100)} [${formatSignedPct((r.lower - 1) * 100)}, ${formatSignedPct((r.upper - 1) * 100)}]`
    tables.push({
      title: `Payload impact: each payload size against the smallest at the same load level, ${confidence}`,
      headers: [
        'Level',
        'Profile',
        'Payload',
        ...metrics.flatMap((m) => [`${metricLabel(m)} added`, `${metricLabel(m)} change`]),
      ],
      rows: payload.map((p) => [
        p.scenario,
        p.profile,
        `${p.payloadBytes} B vs ${p.referenceBytes} B`,
        ...metrics.flatMap((m) => {
          const f = p.metrics[m]
          return f ? [addedText(f.addedMs), pctText(f.ratio)] : ['—', '—']
        }),
      ]),
    })
  }
  const resources = figures.resources ?? []
  if (resources.length > 0) {
    tables.push({
      title: `Resources per profile and level (candidate runs; memory growth as MiB/min, ${confidence})`,
      headers: [
        'Level',
        'Profile',
        'Service',
        'CPU %',
        'Memory MiB',
        'PIDs',
        'Memory within runs',
        'Memory across runs',
      ],
      rows: resources.map((r) => [
        r.scenario,
        r.profile,
        r.service,
        r.cpuPercent.toFixed(1),
        roundForDisplay(r.memoryMiB),
        r.pids === undefined ? '—' : String(r.pids),
        growthStatement(r.growthInRun, 'in-run'),
        growthStatement(r.growthAcrossRuns, 'across-runs'),
      ]),
    })
  }
  if (cpu) tables.push(cpu)
  if (figures.overhead.length === 0 || figures.reference === null) return tables
  const cellOf = (m: (typeof metrics)[number], o: (typeof figures.overhead)[number]) => o.metrics[m]
  // The gateway's own cost: the reference measured against the control (stats/overhead.ts).
  const gatewayRow = (o: (typeof figures.overhead)[number]) => o.reference !== figures.reference
  const controls = [...new Set(figures.overhead.filter(gatewayRow).map((o) => o.reference))]
  tables.unshift({
    title: `Overhead vs ${figures.reference} per level: ratio (profile / reference) and added ms, ${confidence} (Welch over runs)${controls.length > 0 ? `; "${figures.reference} vs ${controls.join(', ')}" is what the gateway itself adds` : ''}`,
    headers: [
      'Level',
      'Profile',
      ...metrics.flatMap((m) => [`${metricLabel(m)} ratio`, `${metricLabel(m)} added`]),
    ],
    rows: figures.overhead.map((o) => [
      o.scenario,
      gatewayRow(o) ? `${o.profile} vs ${o.reference} (the gateway itself)` : o.profile,
      ...metrics.flatMap((m) => {
        const f = cellOf(m, o)
        return f ? [ratioText(f.ratio), addedText(f.addedMs)] : ['—', '—']
      }),
    ]),
  })
  const withHooks = figures.overhead.filter((o) => o.hooks !== undefined && o.perHookMs)
  if (withHooks.length > 0) {
    tables.splice(1, 0, {
      title: `Cost per policy hook (added ms over ${figures.reference} / hooks, ${confidence})`,
      headers: ['Level', 'Profile', 'Hooks', ...metrics.map((m) => `${metricLabel(m)} per hook`)],
      rows: withHooks.map((o) => [
        o.scenario,
        o.profile,
        String(o.hooks),
        ...metrics.map((m) => {
          const f = o.perHookMs?.[m]
          return f ? addedText(f) : '—'
        }),
      ]),
    })
  }
  return tables
}

/** One line for the log and the report: what was accepted, by what, and why. */
export function acceptanceText(accepted: AcceptedRegression): string {
  const what = accepted.cells.length > 0 ? ` in ${accepted.cells.join(', ')}` : ''
  const by = accepted.by === 'label' ? `the label "${accepted.label ?? ''}"` : '--accept-regression'
  return `Regression${what} accepted by ${by}: ${accepted.reason}. It is measured and shown; the gate does not fail.`
}

const EVIDENCE_LABEL = {
  stored: 'the stored baseline',
  paired: 'paired A/B blocks on this runner',
  none: 'no evidence',
} as const

/**
 * "Decided by paired A/B blocks on this runner: …", or null before the decision policy existed;
 * led by what accepted a regression and why, when one was accepted on purpose.
 */
export function decisionLine(results: GateResults): string | null {
  const accepted = results.acceptedRegression ? acceptanceText(results.acceptedRegression) : null
  if (results.mode === 'baseline' || !results.evidence || !results.decision) return accepted
  const decided = `Decided by ${EVIDENCE_LABEL[results.evidence]}: ${results.decision}`
  return accepted ? `${accepted} ${decided}` : decided
}

/** Cells that the gate judges: control profiles only monitor the runner's noise. */
export function gatedCells(results: GateResults): CellComparison[] {
  return results.cells.filter((cell) => !cell.control)
}

function context(results: GateResults, metric: string): string[] {
  const parts = [
    metric,
    `threshold ${formatSignedPct(results.threshold * 100, 0)}`,
    `${Math.round(results.confidence * 100)}% confidence`,
  ]
  if (results.method === 'paired' && results.paired) {
    parts.push(
      `paired A/B on this runner (${results.paired.pairing}, ${results.paired.pairs} pairs in ${results.paired.blocks} blocks of fresh stacks)`,
    )
  } else if (results.method === 'paired') parts.push('paired A/B runs on this runner')
  else if (results.method === 'stored' && results.baseline) {
    parts.push(`stored baseline, ${results.baseline.ageDays.toFixed(1)} days old`)
  } else if (results.method === 'stored') parts.push('stored baseline')
  return parts
}

function attention(results: GateResults): Attention | null {
  const limit = 10
  for (const verdict of ['regression', 'inconclusive'] as const) {
    const cells = gatedCells(results).filter((cell) => cell.verdict === verdict)
    if (cells.length === 0) continue
    return {
      label: verdict === 'regression' ? 'Regressed' : 'Inconclusive',
      cells: cells.slice(0, limit).map((cell) => ({
        cell: cell.cell,
        // A capacity cell is decided by its capacity: name that change, not latency at capacity.
        change: cell.capacity
          ? cell.capacity.changePct === null
            ? null
            : `capacity ${formatSignedPct(cell.capacity.changePct)}`
          : cell.changePct === null
            ? null
            : formatSignedPct(cell.changePct),
      })),
      more: Math.max(0, cells.length - limit),
    }
  }
  return null
}

/** How the baseline and candidate columns are summarised, for both renderers' headers. */
export function summaryLabel(confidence: number): string {
  return `geo. mean [${Math.round(confidence * 100)}% CI]`
}

/** The geometric mean and its own interval: the median would pair a centre with another's interval. */
function summaryWithCi(summary: SampleSummary | null): string {
  if (!summary) return '—'
  return `${formatMs(summary.mean)} [${roundForDisplay(summary.lower)}, ${roundForDisplay(summary.upper)}]`
}

/** Latency cells still undecided that carry a detectable change (capacity and arena cells have none). */
function undecidedWithDetectable(results: GateResults): Array<{ cell: string; pct: number }> {
  return gatedCells(results)
    .filter((c) => c.verdict === 'inconclusive' && !c.capacity && !c.arena)
    .flatMap((c) =>
      c.minDetectablePct === undefined || c.minDetectablePct === null
        ? []
        : [{ cell: c.cell, pct: c.minDetectablePct }],
    )
}

/**
 * "Inconclusive cells, the smallest change these runs would block (80% power): `a` +13%. ...": said
 * of inconclusive cells only, as a property of the runs, not of the code.
 */
export function inconclusiveResolution(results: GateResults): string | null {
  const cells = undecidedWithDetectable(results)
  if (cells.length === 0) return null
  const limit = 10
  const listed = cells
    .slice(0, limit)
    .map(({ cell, pct }) => `\`${cell}\` ${formatSignedPct(pct, 0)}`)
    .join(', ')
  const more = cells.length > limit ? ` and ${cells.length - limit} more` : ''
  return `Inconclusive cells, the smallest change these runs would block (80% power): ${listed}${more}. A smaller change may still be real; more runs resolve it.`
}

// Notes the gate writes (src/gate/run-gate.ts, src/gate/compare.ts, src/stats/noise-monitor.ts) that
// the report states elsewhere or in another form, by their fixed openings.
const DECIDED_NOTE = 'Decided by '
const DETECTABLE_NOTE = 'Smallest regression this gate could have detected'
const RUNNER_NOTE = 'Runner check against the baseline:'
const NOISE_NOTE = 'Noise monitor: the control profile differs'
const STORED_NOTE = 'Stored comparison (not deciding):'

/**
 * The gate's notes, each thing said once. Left out: the "Decided by" note (the decision line above
 * says it), the detectable change of every cell (said for inconclusive cells only), and restatements
 * of the runner mismatch: when the decision names it, the runner check and noise monitor notes go;
 * otherwise the runner check (which includes the control's finding) stays and the noise monitor goes,
 * and the stored comparison's note loses its "runner differs" tail.
 */
export function reportNotes(results: GateResults): string[] {
  const decision = decisionLine(results)
  const decisionNamesRunner =
    decision !== null && /runner (differs from|is not shown to match) the baseline's/.test(decision)
  const hasRunnerNote = results.notes.some((n) => n.startsWith(RUNNER_NOTE))
  return results.notes.flatMap((note) => {
    if (decision !== null && note.startsWith(DECIDED_NOTE)) return []
    if (note.startsWith(DETECTABLE_NOTE)) return []
    if (decisionNamesRunner && note.startsWith(RUNNER_NOTE)) return []
    if ((decisionNamesRunner || hasRunnerNote) && note.startsWith(NOISE_NOTE)) return []
    if ((decisionNamesRunner || hasRunnerNote) && note.startsWith(STORED_NOTE))
      return [note.replace(/; runner (differs|unknown|same)\.$/, '.')]
    return [note]
  })
}

function buildRow(cell: CellComparison, mode: GateResults['mode']): CellRow {
  const ratioCi = cell.ratio
    ? ` [${formatSignedPct((cell.ratio.lower - 1) * 100)}, ${formatSignedPct((cell.ratio.upper - 1) * 100)}]`
    : ''
  const errorRateFails = cell.errorRate.aboveCeiling || cell.errorRate.significantIncrease
  return {
    cell: cell.cell,
    profile: cell.profile,
    scenario: cell.scenario,
    control: cell.control,
    verdict: cell.verdict,
    baseline: summaryWithCi(cell.baseline),
    candidate: summaryWithCi(cell.candidate),
    change: cell.changePct === null ? '—' : `${formatSignedPct(cell.changePct)}${ratioCi}`,
    deltaMs: cell.baseline ? formatDeltaMs(cell.candidate.mean - cell.baseline.mean) : '—',
    errorRate: formatRate(cell.errorRate.candidate),
    errorRateFails,
    accuracy:
      cell.accuracy?.fails === true
        ? `${formatRate(cell.checkAccuracy)} < ${formatRate(cell.accuracy.min)}`
        : formatRate(cell.checkAccuracy),
    accuracyFails: cell.accuracy?.fails === true,
    throughput: cell.achieved
      ? `${formatRps(cell.achieved.rps)}${cell.achieved.targetRps !== undefined ? ` / ${formatRps(cell.achieved.targetRps)}` : ''}`
      : '—',
    verdictLabel: cell.control
      ? 'control (not gated)'
      : mode === 'baseline'
        ? '📦 recorded'
        : `${verdictIcon(cell.verdict)} ${cell.verdict}`,
  }
}

function capacityWithCi(summary: SampleSummary | null): string {
  if (!summary || summary.n === 0) return '—'
  return `${formatRps(summary.median)} [${formatRps(summary.lower)}, ${formatRps(summary.upper)}]`
}

function capacityRow(cell: CellComparison, mode: GateResults['mode']): CapacityRow {
  const c = cell.capacity as NonNullable<CellComparison['capacity']>
  const ratioCi = c.ratio
    ? ` [${formatSignedPct((c.ratio.lower - 1) * 100)}, ${formatSignedPct((c.ratio.upper - 1) * 100)}]`
    : ''
  const searches = cell.runs.filter((r) => !r.warmup && r.capacity && r.variant === 'candidate')
  const p95s = searches.map((r) => r.metrics.p95).sort((a, b) => a - b)
  const flags = [
    c.atMax.candidate > 0 ? `${c.atMax.candidate} at max` : '',
    c.noCapacity.candidate > 0 ? `${c.noCapacity.candidate} none` : '',
  ].filter(Boolean)
  return {
    cell: cell.cell,
    baseline: capacityWithCi(c.baseline),
    candidate: capacityWithCi(c.candidate),
    change: c.changePct === null ? '—' : `${formatSignedPct(c.changePct)}${ratioCi}`,
    searches: `${searches.length}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`,
    p95AtCapacity: p95s.length > 0 ? formatMs(p95s[Math.floor((p95s.length - 1) / 2)] as number) : '—',
    verdictLabel: cell.control
      ? 'control (not gated)'
      : mode === 'baseline'
        ? '📦 recorded'
        : `${verdictIcon(c.verdict)} ${c.verdict}`,
  }
}

const ARENA_LABELS: Record<string, string> = {
  sequential: 'Sequential',
  burst50: 'Burst 50',
  burst100: 'Burst 100',
  availability: 'Availability',
  errorRate: 'Error rate',
  consistency: 'Consistency',
  rampUp: 'Ramp-up',
  mcpDiscovery: 'MCP discovery',
  mcpToolExec: 'MCP tool exec',
  authChain: 'Auth chain',
  policyEngine: 'Policy engine',
  guardrails: 'Guardrails',
  rateLimiting: 'Rate limiting',
  resilience: 'Resilience',
  governance: 'Governance',
}

/** Per arena scenario, its profiles ranked by median score (the seed's statistic). */
function arenaTables(results: GateResults): ArenaTable[] {
  const byScenario = new Map<string, CellComparison[]>()
  for (const cell of results.cells) {
    if (!cell.arena) continue
    byScenario.set(cell.scenario, [...(byScenario.get(cell.scenario) ?? []), cell])
  }
  return [...byScenario].map(([scenario, cells]) => {
    // A layer's own dimensions: layer 0's seven, or layer 1's eight.
    const order = ARENA_DIMENSION_ORDER.filter((dim) => cells.some((c) => c.arena?.dimensions[dim]))
    const ranked = [...cells].sort(
      (a, b) => (b.arena?.candidate.median ?? 0) - (a.arena?.candidate.median ?? 0),
    )
    const rows = ranked.map((cell, i) => {
      const a = cell.arena as NonNullable<CellComparison['arena']>
      const d = a.difference
      return {
        rank: i + 1,
        profile: cell.profile,
        score:
          a.candidate.n === 0
            ? '—'
            : `${a.candidate.median.toFixed(1)} [${a.candidate.lower.toFixed(1)}, ${a.candidate.upper.toFixed(1)}]`,
        runs: a.candidate.n,
        dimensions: order.map((dim) => a.dimensions[dim]?.median.toFixed(1) ?? '—'),
        change: d
          ? `${d.estimate >= 0 ? '+' : ''}${d.estimate.toFixed(1)} points [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]`
          : '—',
        verdictLabel: cell.control
          ? 'control (not gated)'
          : results.mode === 'baseline'
            ? '📦 recorded'
            : `${verdictIcon(a.verdict)} ${a.verdict}`,
      }
    })
    const significant: string[] = []
    for (let i = 0; i + 1 < ranked.length; i++) {
      const upper = ranked[i]?.arena
      const lower = ranked[i + 1]?.arena
      if (!upper || !lower) continue
      const differing = order.filter((dim) => {
        const p = welchPValue(upper.dimensions[dim]?.values ?? [], lower.dimensions[dim]?.values ?? [])
        return p !== null && p < 0.05
      })
      const scoreP = welchPValue(upper.candidate.values, lower.candidate.values)
      significant.push(
        `${ranked[i]?.profile} vs ${ranked[i + 1]?.profile}: score ${scoreP === null ? 'n/a' : `p ${formatPValue(scoreP)}`}; ${differing.length === 0 ? 'no dimension differs significantly' : `differs in ${differing.map((dim) => ARENA_LABELS[dim]).join(', ')}`} (Welch t per dimension, p < 0.05, uncorrected)`,
      )
    }
    return {
      scenario,
      index: order.some((dim) => (ENTERPRISE_DIMENSIONS as readonly string[]).includes(dim))
        ? 'ERI'
        : 'score',
      dimensions: order.map((dim) => ARENA_LABELS[dim] as string),
      rows,
      significant,
    }
  })
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

/** The geometric mean with its own interval first, then the median for readers who want the middle run. */
function describeSummary(summary: SampleSummary): string {
  const interval = summary.interval === 'prediction' ? 'prediction interval for a new night' : 'CI'
  const unit = summary.unit === 'night' ? 'nights' : 'runs'
  return `geometric mean ${formatMs(summary.mean)} [${roundForDisplay(summary.lower)}, ${roundForDisplay(summary.upper)}] (${interval}), median ${roundForDisplay(summary.median)}, n = ${summary.n} ${unit}`
}

function isRatioLike(value: unknown): value is { estimate: number; lower: number; upper: number } {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.estimate === 'number' && typeof v.lower === 'number' && typeof v.upper === 'number'
}

function describeRatio(r: { estimate: number; lower: number; upper: number }): string {
  return `${r.estimate.toFixed(3)} [${r.lower.toFixed(3)}, ${r.upper.toFixed(3)}]`
}

/** Renders a statistic the report does not know by name, or returns null when it has no readable form. */
function describeExtra(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(4))) : null
  if (typeof value === 'string' || typeof value === 'boolean') return String(value)
  if (isRatioLike(value)) return describeRatio(value)
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const parts = Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => {
      const text = isRatioLike(inner)
        ? describeRatio(inner)
        : typeof inner === 'number'
          ? describeExtra(inner)
          : null
      return text === null ? [] : [`${key} ${text}`]
    })
    return parts.length > 0 ? parts.join('; ') : null
  }
  return null
}

/** "wilcoxonPValue" -> "wilcoxon p value": readable without a lookup table for fields added later. */
function humanizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bp value\b/g, 'p-value')
}

function statistics(cell: CellComparison, metric: string): Array<[string, string]> {
  const stats: Array<[string, string]> = [
    ['Method', cell.method === 'paired' ? 'paired A/B' : 'stored baseline'],
  ]
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
  if (cell.capacity) {
    const c = cell.capacity
    stats.push(['Candidate capacity (req/s)', capacitySummary(c.candidate)])
    if (c.baseline) stats.push(['Baseline capacity (req/s)', capacitySummary(c.baseline)])
    if (c.ratio) {
      const p = c.pValue === null ? '' : `, p ${formatPValue(c.pValue)}`
      const adj = c.adjustedPValue === null ? '' : ` (Holm-adjusted ${formatPValue(c.adjustedPValue)})`
      stats.push([
        `Capacity ratio (${Math.round(c.ratio.confidence * 100)}% CI, ${c.test ?? ''})`,
        `${describeRatio(c.ratio)}${p}${adj}`,
      ])
    }
    stats.push(['Capacity verdict (decides the cell)', c.verdict])
  }
  if (cell.arena) {
    const a = cell.arena
    const line = (x: SampleSummary) =>
      `median ${x.median.toFixed(1)}, mean ${x.mean.toFixed(1)}, CI [${x.lower.toFixed(1)}, ${x.upper.toFixed(1)}], n = ${x.n}`
    stats.push(['Candidate arena score', line(a.candidate)])
    if (a.baseline) stats.push(['Baseline arena score', line(a.baseline)])
    for (const dim of ARENA_DIMENSION_ORDER) {
      const d = a.dimensions[dim]
      if (d)
        stats.push([
          `Arena ${ARENA_LABELS[dim]}`,
          `median ${d.median.toFixed(1)}, CI [${d.lower.toFixed(1)}, ${d.upper.toFixed(1)}]`,
        ])
    }
    stats.push(['Arena verdict (decides the cell)', a.verdict])
  }
  // Only where the runs did not decide: beside a verdict it reads as a second one.
  const undecided = cell.verdict === 'inconclusive' && !cell.control && !cell.capacity && !cell.arena
  if (undecided && cell.minDetectablePct !== undefined && cell.minDetectablePct !== null) {
    stats.push([
      'Smallest change these runs would block (80% power)',
      `${formatSignedPct(cell.minDetectablePct, 1)} (more runs lower it)`,
    ])
  }
  const e = cell.errorRate
  const errorParts = [
    `${formatRate(e.candidate)} [${formatRate(e.candidateInterval[0])}, ${formatRate(e.candidateInterval[1])}]`,
    e.baseline === null ? null : `baseline ${formatRate(e.baseline)}`,
    `ceiling ${formatRate(e.ceiling)}`,
    e.aboveCeiling ? 'above the ceiling' : null,
    e.significantIncrease ? 'significant increase' : null,
  ].filter((part): part is string => part !== null)
  stats.push(['Error rate', errorParts.join(', ')])
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
  stats.push([
    'Accuracy',
    `${formatRate(cell.checkAccuracy)} of requests passed every check${
      cell.accuracy
        ? `; minimum ${formatRate(cell.accuracy.min)}${cell.accuracy.fails ? ': fails the cell' : ''}`
        : ''
    }`,
  ])
  // A user's own k6 script: its thresholds, and its endpoints (tag values), one row each.
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
  for (const [key, value] of Object.entries(cell)) {
    if (knownCellFields.has(key) || value === undefined || value === null) continue
    const text = describeExtra(value)
    if (text !== null) stats.push([humanizeKey(key), text])
  }
  return stats
}

function capacitySummary(summary: SampleSummary): string {
  if (summary.n === 0) return 'none found'
  return `median ${formatRps(summary.median)}, geometric mean ${formatRps(summary.mean)}, CI [${formatRps(summary.lower)}, ${formatRps(summary.upper)}], n = ${summary.n} searches`
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

function runRow(run: RunResult): RunRow {
  const m = run.metrics
  return {
    variant: run.variant,
    round: run.round,
    p50: roundForDisplay(m.p50),
    p90: roundForDisplay(m.p90),
    p95: roundForDisplay(m.p95),
    p99: roundForDisplay(m.p99),
    max: roundForDisplay(m.max),
    rps: formatRps(m.rps),
    errorRate: formatRate(m.errorRate),
    valid: run.valid ? 'yes' : `no: ${run.invalidReason ?? 'invalid'}`,
  }
}

function buildDetail(cell: CellComparison, row: CellRow, metric: string): CellDetail {
  const measured = cell.runs.filter((run) => !run.warmup)
  const hasBaselineRuns = measured.some((run) => run.variant === 'baseline')
  return {
    row,
    reasons: cell.reasons,
    statistics: statistics(cell, metric),
    runs: measured.map(runRow),
    warmupRuns: cell.runs.length - measured.length,
    baselineValues:
      cell.baseline && !hasBaselineRuns && cell.baseline.values.length > 0
        ? cell.baseline.values.map(roundForDisplay).join(', ')
        : null,
  }
}

function environment(results: GateResults): Array<[string, string]> {
  const m = results.machine
  const env: Array<[string, string]> = [
    ['Machine', `${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB`],
    ['OS', `${m.os} (kernel ${m.kernel})`],
  ]
  if (m.runner) env.push(['Runner', m.runner])
  env.push(['k6', results.k6Version ?? 'unknown'])
  if (results.k6Flags?.length) env.push(['k6 flags', results.k6Flags.join(' ')])
  env.push(['Git SHA', results.gitSha ?? 'unknown'])
  env.push(['Started', results.startedAt])
  env.push(['Finished', results.finishedAt])
  const seconds = (Date.parse(results.finishedAt) - Date.parse(results.startedAt)) / 1000
  if (Number.isFinite(seconds) && seconds >= 0) env.push(['Duration', `${Math.round(seconds)} s`])
  return env
}
