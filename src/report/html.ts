/**
 * The self-contained HTML report: the comment's content as HTML plus every chart, interactive through
 * vega-embed. vega, vega-lite and vega-embed are inlined, so the file opens from an artifact download,
 * offline, with no CDN. Pure: the caller passes the library sources (assets.ts reads them).
 */
import type { GateResults } from '../model.js'
import type { ChartDefinition } from './charts/theme.js'
import {
  buildReportContent,
  type ArenaTable,
  type Attention,
  type CellDetail,
  type FigureTable,
  type ReportContent,
  summaryLabel,
} from './report-content.js'

/** The UMD builds of the three libraries, as JavaScript source text. */
export interface VegaLibraries {
  vega: string
  vegaLite: string
  vegaEmbed: string
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * Makes library source safe inside a <script> element: "</script" would end the element early and
 * "<!--" can switch the parser into a mode where it never ends. Both only occur in strings or regexes,
 * where the escaped forms mean the same. Source map comments are dropped: the maps are not shipped and
 * a browser would try to fetch them.
 */
export function inlineScript(source: string): string {
  return source
    .replace(/^\/\/# sourceMappingURL=.*$/gm, '')
    .replace(/<\/script/gi, '<\\/script')
    .replace(/<!--/g, '<\\!--')
}

/** JSON that can sit in a <script type="application/json"> element without ending it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function table(headers: string[], rows: string[][], className = ''): string {
  const head = headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n')
  return `<table${className ? ` class="${className}"` : ''}><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`
}

function keyValueTable(pairs: Array<[string, string]>): string {
  const rows = pairs.map(
    ([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
  )
  return `<table class="kv"><tbody>\n${rows.join('\n')}\n</tbody></table>`
}

function summaryTable(content: ReportContent): string {
  const m = content.metric
  return table(
    [
      'Cell',
      `Baseline ${m}, ${summaryLabel(content.confidence)}`,
      `Candidate ${m}, ${summaryLabel(content.confidence)}`,
      'Change (CI)',
      'Change ms',
      'Req/s',
      'Errors',
      'Accuracy',
      'Verdict',
    ],
    content.rows.map((row) => [
      `<code>${escapeHtml(row.cell)}</code>`,
      escapeHtml(row.baseline),
      escapeHtml(row.candidate),
      escapeHtml(row.change),
      escapeHtml(row.deltaMs),
      escapeHtml(row.throughput),
      row.errorRateFails
        ? `<strong class="bad">${escapeHtml(row.errorRate)}</strong>`
        : escapeHtml(row.errorRate),
      row.accuracyFails
        ? `<strong class="bad">${escapeHtml(row.accuracy)}</strong>`
        : escapeHtml(row.accuracy),
      `<span class="verdict ${row.control ? 'control' : row.verdict}">${escapeHtml(row.verdictLabel)}</span>`,
    ]),
    'cells',
  )
}

/** A figure table (overhead, per-hook cost) under its title. */
function figureSection(figure: FigureTable): string {
  return `<h3>${escapeHtml(figure.title)}</h3>\n${table(
    figure.headers,
    figure.rows.map((row) => row.map(escapeHtml)),
    'figures',
  )}`
}

/** An arena ranking (seed 002). */
function arenaTable(arena: ArenaTable): string {
  const rows = arena.rows.map((row) =>
    [
      String(row.rank),
      row.profile,
      row.score,
      String(row.runs),
      ...row.dimensions,
      row.change,
      row.verdictLabel,
    ].map(escapeHtml),
  )
  const notes = arena.significant.map((line) => `<li>${escapeHtml(line)}</li>`).join('')
  return `<h2>Arena ${escapeHtml(arena.scenario)}</h2>\n${table(
    [
      '#',
      'Gateway',
      `${arena.index === 'ERI' ? 'ERI' : 'Score'} (CI)`,
      'Runs',
      ...arena.dimensions,
      'vs baseline',
      'Verdict',
    ],
    rows,
    'arena',
  )}${notes ? `\n<ul>${notes}</ul>` : ''}`
}

/** Capacity-search cells, whose capacity decides them. */
function capacityTable(content: ReportContent): string {
  return `<h2>Capacity</h2>\n${table(
    [
      'Cell',
      'Baseline req/s (CI)',
      'Candidate req/s (CI)',
      'Change (CI)',
      'Searches',
      'P95 at capacity',
      'Verdict',
    ],
    content.capacity.map((row) => [
      `<code>${escapeHtml(row.cell)}</code>`,
      escapeHtml(row.baseline),
      escapeHtml(row.candidate),
      escapeHtml(row.change),
      escapeHtml(row.searches),
      escapeHtml(row.p95AtCapacity),
      escapeHtml(row.verdictLabel),
    ]),
    'capacity',
  )}`
}

function cellDetails(detail: CellDetail): string {
  const row = detail.row
  const parts = [`<details><summary>${escapeHtml(`${row.verdictLabel}: ${row.cell}`)}</summary>`]
  if (detail.reasons.length > 0) {
    parts.push(`<ul>${detail.reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')}</ul>`)
  }
  parts.push(keyValueTable(detail.statistics))
  if (detail.runs.length > 0) {
    parts.push(
      table(
        ['Variant', 'Round', 'P50 ms', 'P90 ms', 'P95 ms', 'P99 ms', 'Max ms', 'RPS', 'Errors', 'Valid'],
        detail.runs.map((run) =>
          [
            run.variant,
            String(run.round),
            run.p50,
            run.p90,
            run.p95,
            run.p99,
            run.max,
            run.rps,
            run.errorRate,
            run.valid,
          ].map(escapeHtml),
        ),
        'runs',
      ),
    )
  }
  if (detail.warmupRuns > 0) parts.push(`<p class="muted">${detail.warmupRuns} warm-up run(s) discarded.</p>`)
  if (detail.baselineValues !== null) {
    parts.push(`<p>Baseline per-run values (ms): ${escapeHtml(detail.baselineValues)}</p>`)
  }
  parts.push('</details>')
  return parts.join('\n')
}

function attentionParagraph(attention: Attention): string {
  const named = attention.cells.map(
    ({ cell, change }) =>
      `<code>${escapeHtml(cell)}</code>${change === null ? '' : ` ${escapeHtml(change)}`}`,
  )
  const more = attention.more > 0 ? ` and ${attention.more} more` : ''
  return `<p><strong>${attention.label}:</strong> ${named.join(', ')}${more}</p>`
}

const STYLE = `
body { font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif;
  color: #1f2328; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
.muted { color: #59636e; }
table { border-collapse: collapse; margin: .75rem 0; }
th, td { border: 1px solid #d1d9e0; padding: .3rem .6rem; text-align: right; }
th { background: #f6f8fa; }
td:first-child, th:first-child, table.kv td { text-align: left; }
.verdict.regression, .bad { color: #d1242f; }
.verdict.inconclusive { color: #9a6700; }
.verdict.pass { color: #1a7f37; }
.verdict.control { color: #59636e; }
figure { margin: 1.5rem 0; }
figcaption { color: #59636e; }
details { margin: .5rem 0; }
summary { cursor: pointer; }
.chart-error { color: #d1242f; }
`

// Runs in the page: embeds every chart, reports failures on the console and in the page, and publishes
// the number rendered so a headless browser test can wait for it. The trend page embeds its charts the same way.
export const EMBED_SCRIPT = `
(async () => {
  const charts = JSON.parse(document.getElementById('perf-gate-charts').textContent)
  let rendered = 0
  for (const chart of charts) {
    const target = document.getElementById('chart-' + chart.id)
    try {
      await vegaEmbed(target, chart.spec, {
        renderer: 'svg',
        actions: { export: true, source: true, compiled: false, editor: false },
      })
      rendered += 1
    } catch (error) {
      console.error('perf-gate: chart ' + chart.id + ' failed to render', error)
      target.textContent = 'This chart failed to render: ' + (error && error.message ? error.message : String(error))
      target.className = 'chart-error'
    }
  }
  window.__perfGateRendered = rendered
})()
`

/** Renders the complete HTML report; the page sets window.__perfGateRendered once all charts are drawn. */
export function renderHtml(
  results: GateResults,
  charts: ChartDefinition[],
  libraries: VegaLibraries,
): string {
  const content = buildReportContent(results)
  const figures = charts.map(
    (chart) =>
      `<figure><div class="chart" id="chart-${escapeHtml(chart.id)}"></div><figcaption>${escapeHtml(chart.title)}</figcaption></figure>`,
  )
  const body = [
    `<h1>${escapeHtml(content.headline)}</h1>`,
    `<p class="muted"><strong>${escapeHtml(content.gateName)}</strong> · ${content.context.map(escapeHtml).join(' · ')}</p>`,
    content.decision === null ? '' : `<p class="decision">${escapeHtml(content.decision)}</p>`,
    content.attention === null ? '' : attentionParagraph(content.attention),
    summaryTable(content),
    // The texts quote cell names in markdown backticks: code spans here too.
    ...[content.intervalNote, content.inconclusiveResolution, content.cpuLine].map((text) =>
      text === null
        ? ''
        : `<p class="muted">${escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`,
    ),
    content.capacity.length > 0 ? capacityTable(content) : '',
    ...content.arena.map(arenaTable),
    content.notes.length > 0
      ? `<h2>Notes</h2><ul>${content.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>`
      : '',
    content.figures.length > 0 ? `<h2>Figures</h2>\n${content.figures.map(figureSection).join('\n')}` : '',
    charts.length > 0 ? `<h2>Charts</h2>\n${figures.join('\n')}` : '',
    '<h2>Cells</h2>',
    ...content.details.map(cellDetails),
    '<h2>Environment</h2>',
    keyValueTable(content.environment),
    content.baseline ? `<h2>Baseline</h2>\n${keyValueTable(content.baseline)}` : '',
  ].filter((part) => part !== '')
  const chartData = charts.map((chart) => ({ id: chart.id, spec: chart.spec }))
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`perf-gate: ${results.name}`)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    `<script type="application/json" id="perf-gate-charts">${inlineJson(chartData)}</script>`,
    `<script>${inlineScript(libraries.vega)}</script>`,
    `<script>${inlineScript(libraries.vegaLite)}</script>`,
    `<script>${inlineScript(libraries.vegaEmbed)}</script>`,
    `<script>${EMBED_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
