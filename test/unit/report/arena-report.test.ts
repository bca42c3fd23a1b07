import { describe, expect, it } from 'vitest'
import { gateResultsSchema } from '../../../src/model.js'
import { buildReportContent } from '../../../src/report/report-content.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { arenaGate } from '../../support/arena-fixtures.js'

describe('arena in the report', () => {
  it('ranks the gateways by median score with CIs and per-dimension scores', () => {
    const results = arenaGate(0)
    expect(gateResultsSchema.safeParse(results).success).toBe(true)
    const [table] = buildReportContent(results).arena
    expect(table?.rows.map((r) => r.profile)).toEqual(['fast', 'mid', 'slow'])
    expect(table?.rows[0]).toMatchObject({ rank: 1, runs: 4 })
    expect(table?.rows[0]?.score).toMatch(/^9[45]\.\d \[9\d\.\d, 9\d\.\d\]$/)
    expect(table?.dimensions).toEqual([
      'Sequential',
      'Burst 50',
      'Burst 100',
      'Availability',
      'Error rate',
      'Consistency',
      'Ramp-up',
    ])
    // fast vs mid differ in Burst 100 (90 vs 40) only; mid vs slow in nothing.
    expect(table?.significant[0]).toContain('fast vs mid')
    expect(table?.significant[0]).toContain('differs in Burst 100')
    expect(table?.significant[0]).not.toContain('Sequential')
    expect(table?.significant[1]).toContain('no dimension differs significantly')
    const md = renderMarkdown(results)
    expect(md).toContain('**Arena arena**')
    expect(md).toMatch(/\| 1 \| fast \| 9[45]\.\d/)
  })

  it('gates on a score drop: the dropped gateway regresses, the others pass', () => {
    const results = arenaGate(15)
    const byProfile = Object.fromEntries(results.cells.map((c) => [c.profile, c]))
    expect(byProfile.fast?.verdict).toBe('regression')
    expect(byProfile.mid?.verdict).toBe('pass')
    expect(renderMarkdown(results)).toContain('Arena verdict (decides the cell) | regression')
  })
})

describe('arena chart', () => {
  it('draws every gateway score and dimension with its CI, and renders without warnings', async () => {
    const { arenaChart } = await import('../../../src/kinds/arena/chart.js')
    const { renderChart } = await import('../../../src/report/render.js')
    const chart = arenaChart(arenaGate(0))!
    const values = (chart.spec as unknown as { data: { values: Array<Record<string, unknown>> } }).data.values
    // 3 gateways x (score + 7 dimensions).
    expect(values).toHaveLength(24)
    expect(values[0]).toMatchObject({ gateway: 'fast', dimension: 'Score' })
    const rendered = await renderChart(chart)
    expect(rendered.warnings).toEqual([])
    expect(rendered.svg).toContain('Burst 100')
  })

  it("marks the baseline's median score on each score bar and keeps every interval inside 0..100", async () => {
    const { arenaChart } = await import('../../../src/kinds/arena/chart.js')
    const { renderChart } = await import('../../../src/report/render.js')
    const results = arenaGate(15)
    const chart = arenaChart(results)!
    const values = (chart.spec as unknown as { data: { values: Array<Record<string, number | string>> } })
      .data.values
    const scores = values.filter((v) => v.dimension === 'Score')
    for (const row of scores) {
      const cell = results.cells.find((c) => c.profile === row.gateway)
      expect(row.baseline).toBeCloseTo(cell?.arena?.baseline?.median as number, 3)
    }
    // The dropped gateway's tick sits above its bar.
    const fast = scores.find((v) => v.gateway === 'fast')!
    expect(fast.baseline as number).toBeGreaterThan(fast.median as number)
    for (const v of values) {
      expect(v.lower as number).toBeGreaterThanOrEqual(0)
      expect(v.upper as number).toBeLessThanOrEqual(100)
    }
    const rendered = await renderChart(chart)
    expect(rendered.warnings).toEqual([])
    // Without a baseline (a first run) there is no tick layer to draw.
    const first = {
      ...results,
      cells: results.cells.map((c) => (c.arena ? { ...c, arena: { ...c.arena, baseline: null } } : c)),
    }
    const plain = arenaChart(first)!.spec as unknown as { layer: unknown[]; title: { subtitle: string[] } }
    expect(plain.layer).toHaveLength(2)
    expect(plain.title.subtitle.join(' ')).not.toContain('baseline')
  })
})
