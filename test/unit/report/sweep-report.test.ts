// The seed-000 matrix end to end through the pure parts: a config with a sweep, runs, the comparison,
// the figures, and what the report and the charts make of them.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { configCells } from '../../../src/config/sweep.js'
import { compareCells, figuresOf } from '../../../src/gate/compare.js'
import { cellId, gateResultsSchema, type GateResults, type RunResult } from '../../../src/model.js'
import { buildCharts } from '../../../src/kinds/charts.js'
import { renderHtml } from '../../../src/report/html.js'
import { mermaidChangeChart, renderMarkdown } from '../../../src/report/markdown.js'
import { specToSvg } from '../../../src/report/render.js'
import { parseUntrustedResults } from '../../../src/report/untrusted-results.js'
import { passingGate } from '../../support/report-fixtures.js'

const PROFILES = ['no-gateway', 'no-policies', 'native', 'scripted', 'mixed']
const config = parseConfig(
  {
    name: 'seed-000',
    services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
    profiles: PROFILES.map((name, i) => ({
      name,
      target: `http://gw:80/${name}`,
      control: i === 0,
      ...(i >= 2 ? { hooks: 4 } : {}),
    })),
    scenarios: [{ name: 'c', script: 'constant-vus', vus: [1, 2, 5, 10, 20], payloadBytes: 50 }],
    gate: { rounds: 3, warmupRounds: 0 },
  },
  'perf-gate.yml',
  {},
)

/** Three measured runs per cell; latency grows with the profile's hooks and the level; "mixed" fails some checks. */
function runsFor(): RunResult[] {
  return configCells(config).flatMap(({ profile, scenario }, c) => {
    const p = PROFILES.indexOf(profile)
    const vus = config.scenarios.find((s) => s.name === scenario)?.vus ?? 1
    return [0, 1, 2].map((round) => {
      const p95 = (1 + p * 0.4) * (1 + vus / 20) * (1 + ((c + round) % 3) * 0.01)
      return {
        cell: cellId(profile, scenario),
        profile,
        scenario,
        variant: 'candidate' as const,
        round,
        warmup: false,
        startedAt: '2026-11-21T23:00:00Z',
        durationS: 8,
        metrics: {
          p50: p95 / 2,
          p90: p95 * 0.9,
          p95,
          p99: p95 * 1.5,
          max: p95 * 4,
          mean: p95 * 0.6,
          rps: 1000 / p95,
          requests: 8000,
          errorRate: 0,
          failedRequests: 0,
          checkAccuracy: profile === 'mixed' ? 0.992 : 1,
          droppedIterations: 0,
        },
        valid: true,
        resources: [],
      }
    })
  })
}

function results(): GateResults {
  const { cells, notes } = compareCells({
    runs: runsFor(),
    config,
    gate: config.gate,
    baseline: null,
    method: 'stored',
    now: new Date('2026-11-22T00:00:00Z'),
  })
  return {
    ...passingGate(),
    name: 'seed-000',
    verdict: 'regression',
    cells,
    notes,
    figures: figuresOf(config, cells, 0.95),
  }
}

describe('a 5 x 5 sweep in the report', () => {
  const r = results()

  it('compares every cell, labelled by its level, and fails the inaccurate profile on accuracy', () => {
    expect(r.cells).toHaveLength(25)
    expect(r.cells.find((c) => c.cell === 'native/c@vus=10')?.sweep).toEqual({
      scenario: 'c',
      level: 'vus=10',
    })
    const mixed = r.cells.filter((c) => c.profile === 'mixed')
    expect(mixed.every((c) => c.verdict === 'regression' && c.accuracy?.fails)).toBe(true)
    expect(r.cells.filter((c) => c.profile !== 'mixed').every((c) => !c.accuracy?.fails)).toBe(true)
    expect(gateResultsSchema.safeParse(r).success).toBe(true)
  })

  it('measures overheads against the first non-control profile, level by level, with per-hook cost', () => {
    const figures = r.figures!
    expect(figures.reference).toBe('no-policies')
    // 4 other profiles x 5 levels, grouped by level.
    expect(figures.overhead).toHaveLength(20)
    expect(figures.overhead.slice(0, 4).map((o) => o.scenario)).toEqual(Array(4).fill('c@vus=1'))
    const native = figures.overhead.find((o) => o.profile === 'native' && o.scenario === 'c@vus=10')!
    // native runs at (1 + 0.8) / (1 + 0.4) of no-policies' latency, up to the 1% jitter.
    expect(native.metrics.p95!.ratio.estimate).toBeGreaterThan(1.2)
    expect(native.metrics.p95!.ratio.estimate).toBeLessThan(1.33)
    expect(native.perHookMs!.p95!.estimate).toBeCloseTo(native.metrics.p95!.addedMs.estimate / 4, 10)
  })

  it('renders the overhead and per-hook tables and the accuracy failure in report.md', () => {
    const md = renderMarkdown(r, { includeMarker: false, maxChars: 1_000_000 })
    expect(md).toContain('Overhead vs no-policies per level')
    expect(md).toContain('Cost per policy hook')
    expect(md).toContain('| `c@vus=20` | native | ×')
    expect(md.match(/^\| `c@vus=\d+` \| \w[\w-]* \| ×/gm)).toHaveLength(15)
    // The control's row is what the gateway itself adds over it.
    expect(
      md.match(/^\| `c@vus=\d+` \| no-policies vs no-gateway \(the gateway itself\) \| ×1\./gm),
    ).toHaveLength(5)
    expect(md).toMatch(/\| \*\*99\.2% &lt; 100%\*\* ❗ \|/)
    expect(md).toContain('accuracy 99.2% &lt; 100%')
  })

  it('charts all 25 cells, with the overhead measured against the same reference', () => {
    const charts = buildCharts(r)
    expect(charts.every((chart) => !/ of 25 cells\)$/.test(chart.title))).toBe(true)
    const overhead = charts.find((chart) => chart.id === 'overhead')!
    expect(overhead.title).toBe('P95 overhead vs no-policies')
    // The candidate's bars are the figures' ratios, with their CIs as error bars.
    const rows = (overhead.spec as { data: { values: Array<Record<string, unknown>> } }).data.values
    const native = rows.find((row) => row.cell === 'native/c@vus=10')!
    const figure = r.figures!.overhead.find((o) => o.profile === 'native' && o.scenario === 'c@vus=10')!
    expect(native.overheadPct).toBeCloseTo((figure.metrics.p95!.ratio.estimate - 1) * 100, 3)
    expect(native.lowerPct).toBeCloseTo((figure.metrics.p95!.ratio.lower - 1) * 100, 3)
    expect(JSON.stringify(overhead.spec)).toContain('"errorbar"')
    expect(charts.map((chart) => chart.id)).toContain('concurrency')
  })

  it('wraps the five levels into rows of three and draws every chart without warnings', async () => {
    const charts = buildCharts(r)
    for (const id of ['latency-comparison', 'overhead']) {
      const spec = charts.find((chart) => chart.id === id)?.spec as { columns?: number }
      expect(spec.columns, id).toBe(3)
    }
    for (const chart of charts) {
      const warnings: string[] = []
      const svg = await specToSvg(chart.spec, warnings)
      const width = Number(/<svg[^>]*width="(\d+(?:\.\d+)?)"/.exec(svg)?.[1])
      expect(warnings, chart.id).toEqual([])
      // Readable on a PR page: no chart wider than about two screens, whatever the matrix.
      expect(width, chart.id).toBeLessThan(2000)
    }
  }, 60_000)

  it('renders a payload impact table when a level was measured at two sizes', () => {
    const [cell] = r.cells
    const bigger = {
      ...cell!,
      cell: 'no-gateway/kib',
      scenario: 'kib',
      payloadBytes: 1024,
      runs: cell!.runs.map((run) => ({ ...run, metrics: { ...run.metrics, p95: run.metrics.p95 * 1.2 } })),
    }
    const withPayload = { ...r, figures: figuresOf(config, [...r.cells, bigger], 0.95) }
    expect(withPayload.figures.payload).toHaveLength(1)
    const md = renderMarkdown(withPayload, { includeMarker: false, maxChars: 1_000_000 })
    expect(md).toContain('Payload impact')
    expect(md).toMatch(/\| `kib` \| no-gateway \| 1024 B vs 50 B \| /)
    expect(gateResultsSchema.safeParse(withPayload).success).toBe(true)
  })

  it('keeps the figure tables in the PR comment after per-cell details no longer fit', () => {
    const comment = renderMarkdown(r)
    expect(comment.length).toBeLessThanOrEqual(65_000)
    expect(comment).toContain('Overhead vs no-policies per level')
    const tight = renderMarkdown(r, { maxChars: 12_000 })
    expect(tight.length).toBeLessThanOrEqual(12_000)
    expect(tight).toContain('Per-cell details omitted')
    expect(tight).toContain('Cost per policy hook')
  })

  it('keeps every cell in the Mermaid fallback chart', () => {
    const withChange = {
      ...r,
      cells: r.cells.map((c, i) => ({ ...c, changePct: i - 12 })),
    }
    const chart = mermaidChangeChart(withChange)!
    expect(chart).not.toContain('largest change')
    expect((/x-axis \[(.*)\]/.exec(chart)?.[1] ?? '').split('", "')).toHaveLength(25)
  })

  it('puts the figure tables and the accuracy failure in the HTML report', () => {
    const html = renderHtml(r, [], { vega: '', vegaLite: '', vegaEmbed: '' })
    expect(html).toContain('<h2>Figures</h2>')
    expect(html).toContain('Overhead vs no-policies per level')
    expect(html).toContain('<strong class="bad">99.2% &lt; 100%</strong>')
    expect(
      html.match(
        /<td>c@vus=\d+<\/td><td>(no-policies vs no-gateway \(the gateway itself\)|native|scripted|mixed)<\/td><td>×/g,
      ),
    ).toHaveLength(20)
  })

  it('keeps sweep names and figures through the untrusted (publish) schema', () => {
    const parsed = parseUntrustedResults(JSON.parse(JSON.stringify(r)), 'results.json')
    expect(parsed.cells[0]?.scenario).toMatch(/^c@vus=\d+$/)
    expect(parsed.figures?.overhead).toHaveLength(20)
    const bad = JSON.parse(JSON.stringify(r)) as GateResults
    bad.cells[0]!.scenario = 'c@vus=1 @octocat'
    expect(() => parseUntrustedResults(bad, 'results.json')).toThrow(/expected a config name/)
  })
})
