/**
 * The trend page: the nightly history of the baseline file as one self-contained HTML page, one
 * Vega-Lite chart per cell over the nights. Each night shows the geometric mean of the metric over its
 * measured runs with its t interval (the same summary the gate compares with), and each change point
 * of the cell (stats/change-points.ts) is a rule between the last night before it and the first night
 * after it, labelled with its size and commit range.
 *
 * Why a page of its own: a PR gate sees one change at a time, and the report's `night-trend` chart
 * shows the nights only next to one run. Drift that arrived in small steps is seen here, over the
 * whole history, the way github-action-benchmark's and Bencher's pages show it.
 *
 * Pure: the caller passes the history, its change points and the vega library sources (assets.ts).
 */
import type { TopLevelSpec } from 'vega-lite'
import type { BaselineFile } from '../baseline/format.js'
import type { ChangePoint, ChangePointReport } from '../model.js'
import { summarize } from '../stats/descriptive.js'
import { selectRuns } from '../stats/run-selection.js'
import {
  CHART_CONFIG,
  CHART_SCHEMA,
  MUTED,
  THRESHOLD_COLOR,
  tidy,
  VARIANT_COLORS,
  VERDICT_COLORS,
  type ChartDefinition,
} from './charts/theme.js'
import { formatSignedPct, metricLabel } from './format.js'
import { EMBED_SCRIPT, escapeHtml, inlineJson, inlineScript, type VegaLibraries } from './html.js'

export interface TrendPageOptions {
  /**
   * Profiles that are no-gateway controls (config `control: true`): their cells are drawn too,
   * labelled as controls, after the gated ones. The baseline file does not record which they are.
   */
  controlProfiles?: readonly string[]
  /** Confidence of each night's interval (default 0.95). */
  confidence?: number
}

/** One cell of the page: its nights and change points. */
export interface TrendCell {
  cell: string
  control: boolean
  nights: Array<{
    night: number
    createdAt: string
    gitSha: string | null
    runs: number
    mean: number
    lower: number
    upper: number
  }>
  changePoints: ChangePoint[]
}

/** A commit as shown on the page: the short form of a full SHA. */
function shortSha(sha: string | null): string {
  if (sha === null) return 'unknown'
  return /^[0-9a-f]{40}$/i.test(sha) ? sha.slice(0, 7) : sha
}

/** "c12..c13": the commits a change point appeared between. */
export function commitRange(point: Pick<ChangePoint, 'fromSha' | 'toSha'>): string {
  return `${shortSha(point.fromSha)}..${shortSha(point.toSha)}`
}

/** A ratio as a signed percentage change: 1.08 -> +8.0%. */
function formatPercentChange(ratio: number): string {
  return formatSignedPct((ratio - 1) * 100)
}

function day(iso: string): string {
  return iso.slice(0, 10)
}

/**
 * Every cell of the history with its per-night summaries (nights without a measured run of the cell
 * are skipped), gated cells first in the order they first appear, then the controls.
 */
export function trendCells(
  history: BaselineFile,
  changePoints: ChangePointReport | undefined,
  options: TrendPageOptions = {},
): TrendCell[] {
  const confidence = options.confidence ?? 0.95
  const controls = new Set(options.controlProfiles ?? [])
  const cells = new Map<string, boolean>()
  for (const night of history.nights) {
    for (const run of night.runs) if (!cells.has(run.cell)) cells.set(run.cell, controls.has(run.profile))
  }
  const all = [...cells].map(([cell, control]): TrendCell => {
    const nights: TrendCell['nights'] = []
    history.nights.forEach((night, index) => {
      const measured = selectRuns(
        night.runs.filter((run) => run.cell === cell),
        history.metric,
      ).measured
      if (measured.length === 0) return
      const summary = summarize(
        measured.map((run) => run.metrics[history.metric]),
        confidence,
      )
      nights.push({
        night: index,
        createdAt: night.createdAt,
        gitSha: night.gitSha,
        runs: summary.n,
        mean: summary.mean,
        lower: summary.lower,
        upper: summary.upper,
      })
    })
    const points = (changePoints?.points ?? []).filter((point) => point.cell === cell)
    return { cell, control, nights, changePoints: points }
  })
  return [...all.filter((c) => !c.control), ...all.filter((c) => c.control)]
}

type Row = Record<string, string | number | boolean>

/** Halfway between the last night before a change point and its first night: where the rule goes. */
function changeDate(cell: TrendCell, point: ChangePoint): string {
  const at = cell.nights.findIndex((night) => night.night === point.night)
  const first = new Date(point.createdAt).getTime()
  const previous = at > 0 ? new Date(cell.nights[at - 1]!.createdAt).getTime() : first
  return new Date((previous + first) / 2).toISOString()
}

function changeRows(cell: TrendCell): Row[] {
  return cell.changePoints.map((point) => {
    const size = formatPercentChange(point.ratio.estimate)
    return {
      kind: 'change',
      date: changeDate(cell, point),
      label: `${size} ${commitRange(point)}${point.open ? ' (open)' : ''}`,
      size,
      interval: `${formatPercentChange(point.ratio.lower)} to ${formatPercentChange(point.ratio.upper)}`,
      commits: commitRange(point),
      firstNight: day(point.createdAt),
      nights: `${point.nightsBefore} before, ${point.nightsAfter} after`,
      open: point.open ? 'yes' : 'no',
      up: point.ratio.estimate > 1,
    }
  })
}

/** One cell's chart: the band, the nights, then the change points on top. */
export function trendChart(
  cell: TrendCell,
  index: number,
  history: BaselineFile,
  confidence: number,
): ChartDefinition {
  const metric = metricLabel(history.metric)
  const title = cell.control ? `${cell.cell} (control)` : cell.cell
  const values: Row[] = [...nightRows(cell), ...changeRows(cell)]
  const percent = Math.round(confidence * 100)
  const layers: unknown[] = nightLayers(cell, metric, percent)
  if (cell.changePoints.length > 0) layers.push(...changeLayers(percent))
  const spec = {
    $schema: CHART_SCHEMA,
    title: { text: `${metric}: ${title}`, subtitle: trendSubtitle(cell, percent) },
    width: 760,
    height: 200,
    data: { values },
    layer: layers,
    config: CHART_CONFIG,
  }
  // Ids are file-name and element-id safe; cell names hold '/'.
  const id = `trend-${index + 1}-${cell.cell.replace(/[^A-Za-z0-9_-]+/g, '-')}`
  return { id, title: spec.title.text, spec: spec as TopLevelSpec }
}

function nightRows(cell: TrendCell): Row[] {
  return cell.nights.map((night) => ({
    kind: 'night',
    date: night.createdAt,
    commit: shortSha(night.gitSha),
    runs: night.runs,
    latency: tidy(night.mean),
    lower: tidy(night.lower),
    upper: tidy(night.upper),
  }))
}

/** The nights along x (a fresh object per chart: specs are handed on and need not share parts). */
function nightAxis() {
  return { field: 'date', type: 'temporal', title: 'Night', axis: { format: '%b %d', grid: false } }
}

/** The layers draw only the rows of one kind ('night' or 'change'). */
function rowsOf(kind: string) {
  return [{ filter: `datum.kind === '${kind}'` }]
}

/** The nights' interval band, and their line with a tooltip per night. */
function nightLayers(cell: TrendCell, metric: string, percent: number): unknown[] {
  const x = nightAxis()
  const y = { type: 'quantitative', scale: { zero: false } }
  return [
    {
      transform: rowsOf('night'),
      mark: { type: 'area', color: VARIANT_COLORS.candidate, opacity: 0.15 },
      encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' } },
    },
    {
      transform: rowsOf('night'),
      mark: {
        type: 'line',
        color: cell.control ? MUTED : VARIANT_COLORS.candidate,
        point: { color: cell.control ? MUTED : VARIANT_COLORS.candidate, size: 20 },
        strokeWidth: 1.5,
      },
      encoding: {
        x,
        y: { ...y, field: 'latency', title: `${metric} (ms)` },
        tooltip: [
          { field: 'date', type: 'temporal', title: 'Night', format: '%Y-%m-%d %H:%M' },
          { field: 'commit', title: 'Commit' },
          { field: 'runs', title: 'Runs' },
          { field: 'latency', title: `${metric} geometric mean (ms)` },
          { field: 'lower', title: `${percent}% CI lower` },
          { field: 'upper', title: `${percent}% CI upper` },
        ],
      },
    },
  ]
}

/** Each change point as a dashed rule with its size and commit range beside it, red up, green down. */
function changeLayers(percent: number): unknown[] {
  const x = nightAxis()
  const changeColor = {
    condition: { test: 'datum.up', value: THRESHOLD_COLOR },
    value: VERDICT_COLORS.pass,
  }
  const changeTooltip = [
    { field: 'size', title: 'Change point: size' },
    { field: 'interval', title: `${percent}% CI` },
    { field: 'commits', title: 'Commit range' },
    { field: 'firstNight', title: 'First night of the new level' },
    { field: 'nights', title: 'Nights' },
    { field: 'open', title: 'Open' },
  ]
  return [
    {
      transform: rowsOf('change'),
      mark: { type: 'rule', strokeWidth: 2, strokeDash: [5, 3] },
      encoding: { x, color: changeColor, tooltip: changeTooltip },
    },
    {
      transform: rowsOf('change'),
      mark: { type: 'text', align: 'left', baseline: 'top', dx: 4, y: 4, fontSize: 11 },
      encoding: { x, text: { field: 'label' }, color: changeColor, tooltip: changeTooltip },
    },
  ]
}

function trendSubtitle(cell: TrendCell, percent: number): string[] {
  const first = cell.nights[0]
  const last = cell.nights[cell.nights.length - 1]
  const subtitle = [
    `${cell.nights.length} night(s)${first && last ? `, ${day(first.createdAt)} to ${day(last.createdAt)}` : ''}; line: each night's geometric mean; band: its ${percent}% t interval over the night's runs`,
    cell.changePoints.length === 0
      ? 'No change point'
      : `Dashed rules: ${cell.changePoints.length} change point(s), red up, green down, with size and commit range`,
  ]
  if (cell.control) subtitle.push('Control: a no-gateway noise monitor for the runner, never gated')
  return subtitle
}

/** Every cell's chart, gated cells first, then the controls. */
export function trendCharts(
  history: BaselineFile,
  changePoints: ChangePointReport | undefined,
  options: TrendPageOptions = {},
): ChartDefinition[] {
  const confidence = options.confidence ?? 0.95
  return trendCells(history, changePoints, options).map((cell, i) => trendChart(cell, i, history, confidence))
}

const STYLE = `
body { font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif;
  color: #1f2328; margin: 2rem auto; max-width: 1000px; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
.muted { color: #59636e; }
table { border-collapse: collapse; margin: .75rem 0; }
th, td { border: 1px solid #d1d9e0; padding: .3rem .6rem; text-align: left; }
th { background: #f6f8fa; }
figure { margin: 1.5rem 0; }
.chart-error { color: #d1242f; }
`

function changePointTable(cells: TrendCell[]): string {
  const rows = cells.flatMap((cell) =>
    cell.changePoints.map((point) =>
      [
        `<code>${escapeHtml(cell.cell)}</code>${cell.control ? ' (control)' : ''}`,
        escapeHtml(day(point.createdAt)),
        escapeHtml(
          `${formatPercentChange(point.ratio.estimate)} (${formatPercentChange(point.ratio.lower)} to ${formatPercentChange(point.ratio.upper)})`,
        ),
        `<code>${escapeHtml(commitRange(point))}</code>`,
        point.open ? 'open' : 'closed',
      ]
        .map((cellHtml) => `<td>${cellHtml}</td>`)
        .join(''),
    ),
  )
  if (rows.length === 0) return '<p>No change point in this history.</p>'
  return `<table><thead><tr><th>Cell</th><th>First night of the new level</th><th>Size (CI)</th><th>Commits</th><th>State</th></tr></thead><tbody>\n${rows.map((r) => `<tr>${r}</tr>`).join('\n')}\n</tbody></table>`
}

/**
 * Renders the trend page of a baseline history: title with the gate name and the date range, a table
 * of the change points, and one chart per cell (controls last, labelled). vega, vega-lite and
 * vega-embed are inlined, so the page opens offline; it sets window.__perfGateRendered once every
 * chart is drawn, as report.html does.
 */
export function renderTrendPage(
  history: BaselineFile,
  changePoints: ChangePointReport | undefined,
  libraries: VegaLibraries,
  options: TrendPageOptions = {},
): string {
  const cells = trendCells(history, changePoints, options)
  const confidence = options.confidence ?? 0.95
  const charts = cells.map((cell, i) => trendChart(cell, i, history, confidence))
  const from = day(history.nights[0]!.createdAt)
  const to = day(history.nights[history.nights.length - 1]!.createdAt)
  const title = `${history.name}: ${metricLabel(history.metric)} trend, ${from} to ${to}`
  const method = changePoints
    ? `Change points: E-divisive means, ${Math.round(changePoints.alpha * 100)}% per test, ${changePoints.permutations} permutations, at least ${changePoints.minSize} nights per segment.`
    : `No change-point test: the history has too few nights.`
  const figures = charts.map(
    (chart) =>
      // No caption: the chart's own title names the cell.
      `<figure><div class="chart" id="chart-${escapeHtml(chart.id)}"></div></figure>`,
  )
  const controls = cells.filter((c) => c.control).length
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`perf-gate trend: ${title}`)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">${history.nights.length} night(s) of the baseline history, ${cells.length - controls} gated cell(s)${controls > 0 ? ` and ${controls} control(s)` : ''}. ${escapeHtml(method)}</p>`,
    '<h2>Change points</h2>',
    changePointTable(cells),
    '<h2>Cells</h2>',
    ...figures,
    `<script type="application/json" id="perf-gate-charts">${inlineJson(charts.map((c) => ({ id: c.id, spec: c.spec })))}</script>`,
    `<script>${inlineScript(libraries.vega)}</script>`,
    `<script>${inlineScript(libraries.vegaLite)}</script>`,
    `<script>${inlineScript(libraries.vegaEmbed)}</script>`,
    `<script>${EMBED_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
