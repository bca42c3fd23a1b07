/**
 * The PR comment and job summary as GitHub-flavoured markdown. Pure: the publisher decides where it goes.
 *
 * Layout: hidden marker, verdict headline, chart (image or Mermaid fallback), compact table, then
 * everything else in collapsible blocks. The comment must stay under GitHub's 65,536-character limit,
 * so it is assembled from whole sections and, when too long, loses the least useful ones first; it is
 * never cut inside markup.
 */
import type { GateResults } from '../model.js'
import { formatSignedPct, metricLabel } from './format.js'
import { breakAutolinks, escapeLinkSyntax } from './inert-markdown.js'
import {
  buildReportContent,
  summaryLabel,
  type ArenaTable,
  type Attention,
  type CellDetail,
  type CellRow,
  type FigureTable,
  type ChangePointSection,
  type ReportContent,
} from './report-content.js'

/** A chart already published somewhere GitHub can fetch it (e.g. the assets branch). */
export interface ChartImage {
  url: string
  alt: string
  /**
   * Shown open in the comment (charts/registry.ts decides); the others fold into a details block.
   * Images without it: the first IMAGES_SHOWN are open.
   */
  shownInComment?: boolean
}

export interface MarkdownOptions {
  /** Tells several gate jobs in one PR apart: each keeps its own sticky comment. Default "default". */
  markerKey?: string
  /** The sticky comment needs the marker; a job summary does not. Default true. */
  includeMarker?: boolean
  /** Upper bound on the output's length in characters. Default 65,000 (GitHub allows 65,536). */
  maxChars?: number
  /** Published chart images; when absent a Mermaid chart stands in. */
  images?: ChartImage[]
  /** The workflow run's artifacts (HTML report, charts, results.json). */
  artifactsUrl?: string
  /**
   * Most bars the Mermaid fallback draws; more are unreadable. Default 30, so a seed-000 matrix (5
   * profiles x 5 levels) keeps every cell.
   */
  maxChartCells?: number
}

export const DEFAULT_MARKER_KEY = 'default'
/** Bars of the Mermaid fallback chart by default. */
export const MERMAID_MAX_CELLS = 30
/** Charts shown open in a comment (the decision and the comparison); the rest are in a details block. */
export const IMAGES_SHOWN = 2
export const DEFAULT_MAX_CHARS = 65_000
/** GitHub's job summary limit is 1 MiB per step, counted in bytes; stay clear of it. */
export const JOB_SUMMARY_MAX_BYTES = 1_000_000

/**
 * The hidden first line by which the publisher finds its own sticky comment. Characters that could end
 * or corrupt an HTML comment are replaced, so any input key yields a valid, stable marker.
 */
export function commentMarker(key: string = DEFAULT_MARKER_KEY): string {
  const safe = key
    .trim()
    .replace(/[^A-Za-z0-9._:/-]+/g, '-')
    .replace(/-{2,}/g, '-')
  return `<!-- perf-gate:${safe === '' ? DEFAULT_MARKER_KEY : safe} -->`
}

/** Which sections a rendering includes; each degradation step turns one off. */
interface Layout {
  runs: boolean
  details: boolean
  /** The figure tables (overhead, per-hook, payload, resources): dropped after the cell details. */
  figures: boolean
  chart: boolean
  /** How many table rows to show; the rest become one "… N more cells" line. */
  rows: number
}

/**
 * Renders the gate results as markdown for the sticky PR comment (and, with includeMarker false and a
 * larger maxChars, for the job summary). The output is at most maxChars long whenever the headline
 * itself fits: per-run tables go first, then the details blocks, then table rows, then the chart.
 */
export function renderMarkdown(results: GateResults, options: MarkdownOptions = {}): string {
  return fitMarkdown(results, options, options.maxChars ?? DEFAULT_MAX_CHARS, (text) => text.length)
}

/** The job summary: same content, no marker, GitHub's larger summary limit (bytes, not characters). */
export function renderJobSummary(results: GateResults, options: MarkdownOptions = {}): string {
  const utf8 = new TextEncoder()
  return fitMarkdown(
    results,
    { ...options, includeMarker: false },
    JOB_SUMMARY_MAX_BYTES,
    (text) => utf8.encode(text).length,
  )
}

/** The fullest layout whose size (as `size` counts it) is at most `max`. */
function fitMarkdown(
  results: GateResults,
  options: MarkdownOptions,
  max: number,
  size: (text: string) => number,
): string {
  const content = buildReportContent(results)
  const render = (layout: Layout): string => assemble(results, content, options, layout)
  const all = content.rows.length
  const steps: Layout[] = [
    { runs: true, details: true, figures: true, chart: true, rows: all },
    { runs: false, details: true, figures: true, chart: true, rows: all },
    { runs: false, details: false, figures: true, chart: true, rows: all },
    { runs: false, details: false, figures: false, chart: true, rows: all },
  ]
  for (const layout of steps) {
    const text = render(layout)
    if (size(text) <= max) return text
  }
  for (const chart of [true, false]) {
    const rows = largestFitting(
      all,
      (n) => size(render({ runs: false, details: false, figures: false, chart, rows: n })) <= max,
    )
    if (rows !== null) return render({ runs: false, details: false, figures: false, chart, rows })
  }
  return render({ runs: false, details: false, figures: false, chart: false, rows: 0 })
}

/** Largest n in [0, max] with fits(n), assuming fits is monotone; null when even 0 does not fit. */
function largestFitting(max: number, fits: (n: number) => boolean): number | null {
  if (!fits(0)) return null
  let lo = 0
  let hi = max
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  return lo
}

function assemble(
  results: GateResults,
  content: ReportContent,
  options: MarkdownOptions,
  layout: Layout,
): string {
  const blocks: string[] = []
  if (options.includeMarker ?? true) blocks.push(commentMarker(options.markerKey))
  blocks.push(`### ${content.headline}`)
  const lines = [[`**${escapeText(content.gateName)}**`, ...content.context.map(escapeText)].join(' · ')]
  if (content.attention) lines.push(attentionLine(content.attention))
  if (content.decision) lines.push(escapeText(content.decision))
  if (content.changePoints?.openLine) lines.push(escapeText(content.changePoints.openLine))
  if (content.cpuLine) lines.push(escapeText(content.cpuLine))
  // A gate that can never block is green on every run: the reader must not take that for a pass.
  if (results.cannotBlock && results.cannotBlock.length > 0)
    lines.push(
      `**This config can never block a pull request:** ${results.cannotBlock.map(escapeText).join(' ')}`,
    )
  blocks.push(lines.join('<br>\n'))
  if (layout.chart) {
    const chart = chartBlock(results, options)
    if (chart !== null) blocks.push(chart)
  }
  if (options.artifactsUrl) {
    blocks.push(`📎 [Charts, HTML report and results.json](${options.artifactsUrl}) in the run's artifacts`)
  }
  blocks.push(table(content, layout.rows, options))
  if (content.capacity.length > 0) blocks.push(capacityTable(content))
  for (const arena of content.arena) blocks.push(arenaTable(arena))
  if (content.notes.length > 0)
    blocks.push(notesBlock(content.notes, Math.floor((options.maxChars ?? DEFAULT_MAX_CHARS) / 4), options))
  if (content.mode === 'baseline' && content.changePoints) blocks.push(changePointBlock(content.changePoints))
  if (layout.figures) blocks.push(...content.figures.map(figureBlock))
  else if (content.figures.length > 0)
    blocks.push(`<sub>Figure tables omitted to fit GitHub's size limit; ${seeFullReport(options)}.</sub>`)
  if (layout.details) {
    blocks.push(...content.details.map((detail) => cellDetailsBlock(detail, layout.runs)))
    blocks.push(keyValueDetails('Environment', content.environment))
    if (content.baseline) blocks.push(keyValueDetails('Baseline', content.baseline))
  } else if (content.details.length > 0) {
    blocks.push(`<sub>Per-cell details omitted to fit GitHub's size limit; ${seeFullReport(options)}.</sub>`)
  }
  return `${blocks.join('\n\n')}\n`
}

function attentionLine(attention: Attention): string {
  const named = attention.cells.map(
    ({ cell, change }) => `\`${escapeText(cell)}\`${change === null ? '' : ` ${change}`}`,
  )
  const more = attention.more > 0 ? ` and ${attention.more} more` : ''
  return `${attention.label}: ${named.join(', ')}${more}`
}

function seeFullReport(options: MarkdownOptions): string {
  return options.artifactsUrl ? `see the [full report](${options.artifactsUrl})` : 'see the full report'
}

/**
 * Escapes text for markdown outside tables: it must not open HTML tags or entities of its own, nor
 * (whoever wrote it: a PR's threshold names and k6 output reach here) link, embed, mention or
 * reference anything. Only the entities escaping itself writes are kept (`&commat;` would be an `@`).
 */
function escapeText(text: string): string {
  return escapeLinkSyntax(
    breakAutolinks(text.replace(/\r?\n|\r/g, ' '))
      .replace(/&(?!(?:amp|lt|gt|quot);)/gi, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;'),
  )
}

/** Escapes text for a table cell, where a pipe would start a new column. */
function escapeCell(text: string): string {
  return escapeText(text).replace(/\|/g, '\\|')
}

function table(content: ReportContent, rowCount: number, options: MarkdownOptions): string {
  const m = content.metric
  const label = summaryLabel(content.confidence)
  const lines = [
    `| Cell | Baseline ${m}, ${label} | Candidate ${m}, ${label} | Change (CI) | Change ms | Req/s | Errors | Accuracy | Verdict |`,
    '| :-- | --: | --: | --: | --: | --: | --: | --: | :-- |',
    ...content.rows.slice(0, rowCount).map(tableRow),
  ]
  const hidden = content.rows.length - rowCount
  if (hidden > 0) {
    lines.push('', `… ${hidden} more ${hidden === 1 ? 'cell' : 'cells'}, ${seeFullReport(options)}.`)
  }
  // Markdown escaping only: the text quotes cell names in backticks on purpose.
  const below = [content.intervalNote, content.inconclusiveResolution].filter((t) => t !== null)
  if (below.length > 0) lines.push('', `<sub>${below.join('<br>')}</sub>`)
  return lines.join('\n')
}

/** Capacity-search cells: the capacity decides them, so it gets a table of its own. */
/** Baseline mode: every change point of the history, newest state of each cell marked open. */
function changePointBlock(section: ChangePointSection): string {
  const head = `**Change points on the main branch** (${escapeText(section.method)})`
  if (section.rows.length === 0) return `${head}: none.`
  return [
    head,
    '',
    '| Cell | Night | Size (after / before, 95% CI) | Commits | Open |',
    '| :-- | :-- | --: | :-- | :-- |',
    ...section.rows.map(
      (row) =>
        `| ${[`\`${row.cell}\``, row.night, row.size, row.commits, row.open ? 'open' : ''].map(escapeCell).join(' | ')} |`,
    ),
  ].join('\n')
}

function capacityTable(content: ReportContent): string {
  return [
    '**Capacity** (highest constant rate meeting the pass rule, req/s, median [CI] over searches)',
    '',
    '| Cell | Baseline | Candidate | Change (CI) | Searches | P95 at capacity | Verdict |',
    '| :-- | --: | --: | --: | --: | --: | :-- |',
    ...content.capacity.map(
      (row) =>
        `| ${[`\`${row.cell}\``, row.baseline, row.candidate, row.change, row.searches, row.p95AtCapacity, row.verdictLabel].map(escapeCell).join(' | ')} |`,
    ),
  ].join('\n')
}

/** An arena ranking: score with its CI over runs, each dimension's median, the change. */
function arenaTable(arena: ArenaTable): string {
  const what = arena.index === 'ERI' ? 'ERI' : 'Score'
  const head = ['#', 'Gateway', `${what} (CI)`, 'Runs', ...arena.dimensions, 'vs baseline', 'Verdict']
  const index = arena.index === 'ERI' ? 'layer 1 Enterprise Readiness Index' : 'score'
  return [
    `**Arena ${escapeText(arena.scenario)}** (seed 002 ${index} 0..100: median [t CI of the mean] over runs; dimensions: median scores)`,
    '',
    `| ${head.map(escapeCell).join(' | ')} |`,
    `| ${head.map((_, i) => (i === 1 || i === head.length - 1 ? ':--' : '--:')).join(' | ')} |`,
    ...arena.rows.map(
      (row) =>
        `| ${[String(row.rank), row.profile, row.score, String(row.runs), ...row.dimensions, row.change, row.verdictLabel].map(escapeCell).join(' | ')} |`,
    ),
    ...(arena.significant.length > 0
      ? ['', ...arena.significant.map((line) => `- ${escapeText(line)}`)]
      : []),
  ].join('\n')
}

function tableRow(row: CellRow): string {
  const cells = [
    `\`${row.cell}\``,
    row.baseline,
    row.candidate,
    row.change,
    row.deltaMs,
    row.throughput,
    row.errorRateFails ? `**${row.errorRate}** ❗` : row.errorRate,
    row.accuracyFails ? `**${row.accuracy}** ❗` : row.accuracy,
    row.verdictLabel,
  ]
  return `| ${cells.map(escapeCell).join(' | ')} |`
}

/** Longest note shown; the full text is in results.json and the HTML report. */
export const NOTE_MAX_CHARS = 1000

/**
 * Notes (stale baseline, a noisy runner, invalid runs) change how to read the verdict: open by default.
 * They are bounded so the comment always fits: each note is cut at NOTE_MAX_CHARS and the block at
 * `budget` characters, the notes that do not fit summarised in one line.
 */
function notesBlock(notes: string[], budget: number, options: MarkdownOptions): string {
  const lines: string[] = []
  let used = 0
  for (const [i, note] of notes.entries()) {
    const text = escapeText(note)
    const line = `- ${text.length > NOTE_MAX_CHARS ? `${cutText(text, NOTE_MAX_CHARS)} …` : text}`
    if (used + line.length + 1 > budget) {
      lines.push(`- … ${notes.length - i} more note(s); ${seeFullReport(options)}`)
      break
    }
    lines.push(line)
    used += line.length + 1
  }
  return [`<details open><summary>Notes (${notes.length})</summary>`, '', ...lines, '', '</details>'].join(
    '\n',
  )
}

/** Cuts escaped text at `max` characters without splitting an HTML entity or a backslash escape. */
function cutText(text: string, max: number): string {
  let cut = text.slice(0, max)
  const amp = cut.lastIndexOf('&')
  if (amp > max - 10 && !cut.slice(amp).includes(';')) cut = cut.slice(0, amp)
  return cut.replace(/\\+$/, (slashes) => (slashes.length % 2 === 1 ? slashes.slice(0, -1) : slashes))
}

function keyValueDetails(title: string, pairs: Array<[string, string]>): string {
  return [
    `<details><summary>${escapeText(title)}</summary>`,
    '',
    '| | |',
    '| :-- | :-- |',
    ...pairs.map(([key, value]) => `| ${escapeCell(key)} | ${escapeCell(value)} |`),
    '',
    '</details>',
  ].join('\n')
}

/** A figure table (overhead, per-hook cost) folded under its title. */
function figureBlock(figure: FigureTable): string {
  return [
    `<details><summary>${escapeText(figure.title)}</summary>`,
    '',
    `| ${figure.headers.map(escapeCell).join(' | ')} |`,
    `| ${figure.headers.map((_, i) => (i < 2 ? ':--' : '--:')).join(' | ')} |`,
    ...figure.rows.map(
      (row) =>
        `| ${row.map((cell, i) => (i === 0 ? `\`${escapeCell(cell)}\`` : escapeCell(cell))).join(' | ')} |`,
    ),
    '',
    '</details>',
  ].join('\n')
}

function cellDetailsBlock(detail: CellDetail, withRuns: boolean): string {
  const row = detail.row
  const change = row.change === '—' ? '' : `, ${row.change.split(' ')[0]}`
  const lines = [`<details><summary>${escapeText(`${row.verdictLabel}: ${row.cell}${change}`)}</summary>`, '']
  if (detail.reasons.length > 0) lines.push(...detail.reasons.map((reason) => `- ${escapeText(reason)}`), '')
  lines.push('| Statistic | Value |', '| :-- | :-- |')
  lines.push(...detail.statistics.map(([key, value]) => `| ${escapeCell(key)} | ${escapeCell(value)} |`), '')
  if (withRuns && detail.runs.length > 0) {
    lines.push('| Variant | Round | P50 ms | P90 ms | P95 ms | P99 ms | Max ms | RPS | Errors | Valid |')
    lines.push('| :-- | --: | --: | --: | --: | --: | --: | --: | --: | :-- |')
    for (const run of detail.runs) {
      const values = [run.variant, String(run.round), run.p50, run.p90, run.p95, run.p99, run.max, run.rps]
      lines.push(`| ${[...values, run.errorRate, run.valid].map(escapeCell).join(' | ')} |`)
    }
    lines.push('')
    if (detail.warmupRuns > 0) {
      lines.push(
        `<sub>${detail.warmupRuns} warm-up ${detail.warmupRuns === 1 ? 'run' : 'runs'} discarded.</sub>`,
        '',
      )
    }
  }
  if (withRuns && detail.baselineValues !== null) {
    lines.push(`Baseline per-run values (ms): ${escapeText(detail.baselineValues)}`, '')
  }
  lines.push('</details>')
  return lines.join('\n')
}

function chartBlock(results: GateResults, options: MarkdownOptions): string | null {
  if (options.images && options.images.length > 0) {
    const markdownImage = (image: ChartImage): string =>
      `![${escapeText(image.alt).replace(/[[\]]/g, '')}](${image.url})`
    const open = options.images.map((image, i) => image.shownInComment ?? i < IMAGES_SHOWN)
    const shown = options.images.filter((_, i) => open[i]).map(markdownImage)
    const more = options.images.filter((_, i) => !open[i])
    if (more.length === 0) return shown.join('\n')
    // The rest of the charts fold away: a comment that opens with nine charts buries the table.
    return [
      ...shown,
      '',
      `<details><summary>${more.length} more ${more.length === 1 ? 'chart' : 'charts'}: ${escapeText(more.map((image) => image.alt).join(', '))}</summary>`,
      '',
      ...more.map((image) => `${markdownImage(image)}\n`),
      '</details>',
    ].join('\n')
  }
  return mermaidChangeChart(results, options.maxChartCells ?? MERMAID_MAX_CELLS)
}

/**
 * A Mermaid xychart of the change per cell with the threshold as a line: GitHub renders it without any
 * image hosting, which is what a fork PR or a read-only token leaves us.
 */
export function mermaidChangeChart(results: GateResults, maxCells = MERMAID_MAX_CELLS): string | null {
  const withChange = results.cells.filter((cell) => cell.changePct !== null)
  if (withChange.length === 0) return null
  // Keep the largest changes, but in the results' order so related cells stay side by side.
  const kept = new Set(
    [...withChange]
      .sort((a, b) => Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0))
      .slice(0, maxCells),
  )
  const cells = withChange.filter((cell) => kept.has(cell))
  const values = cells.map((cell) => Math.round((cell.changePct ?? 0) * 10) / 10)
  const limit = Math.round(results.threshold * 1000) / 10
  const lo = Math.floor(Math.min(0, ...values) / 5) * 5
  const hi = Math.ceil((Math.max(limit, ...values) * 1.1) / 5) * 5
  const label = (text: string): string => `"${text.replace(/["\\]/g, "'")}"`
  const caption =
    cells.length < withChange.length
      ? `\n<sub>The ${cells.length} cells with the largest change of ${withChange.length}; the line marks the ${formatSignedPct(limit, 0)} threshold.</sub>`
      : ''
  return (
    [
      '```mermaid',
      'xychart-beta',
      `  title "${metricLabel(results.metric)} change vs baseline (%), threshold ${formatSignedPct(limit, 0)}"`,
      `  x-axis [${cells.map((cell) => label(cell.control ? `${cell.cell} (control)` : cell.cell)).join(', ')}]`,
      `  y-axis "Change (%)" ${lo} --> ${hi}`,
      `  bar [${values.join(', ')}]`,
      `  line [${cells.map(() => limit).join(', ')}]`,
      '```',
    ].join('\n') + caption
  )
}
