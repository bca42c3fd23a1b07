import { describe, expect, it } from 'vitest'
import { gateResultsSchema } from '../../../src/model.js'
import { buildCharts } from '../../../src/kinds/charts.js'
import { capacityChart } from '../../../src/kinds/capacity/chart.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { renderChart } from '../../../src/report/render.js'
import { capacityGate } from '../../support/capacity-fixtures.js'

describe('capacity in the report', () => {
  it('shows a capacity table whose verdict is the capacity drop, and the latency percentiles', () => {
    const results = capacityGate(0.7)
    expect(gateResultsSchema.safeParse(results).success).toBe(true)
    const md = renderMarkdown(results)
    expect(md).toContain('**Capacity**')
    expect(md).toMatch(
      /\| `p\/cap-1kb` \| 30\d\d \[\d+, \d+\] \| 2\d\d\d \[\d+, \d+\] \| -29\.\d% .*\| 4 \| 2\.00 ms \| ❌ regression \|/,
    )
    expect(md).toMatch(/Regressed: `p\/cap-1kb` capacity -29\.\d%/)
    expect(md).toContain('Capacity verdict (decides the cell) | regression')
    expect(md).toContain('avg 1.20 ms, P90 1.60 ms, P95 2.00 ms, P99 3.00 ms')
  })

  it('passes an unchanged capacity', () => {
    const results = capacityGate(1)
    expect(results.cells[0]?.capacity?.verdict).toBe('pass')
    expect(renderMarkdown(results)).toMatch(/✅ pass \|/)
  })

  it('charts achieved vs target for every step with the pass region, and renders without warnings', async () => {
    const results = capacityGate(0.7)
    expect(buildCharts(results).map((c) => c.id)).toContain('capacity')
    const chart = capacityChart(results)!
    const values = (chart.spec as unknown as { data: { values: Array<Record<string, unknown>> } }).data.values
    const steps = values.filter((v) => v.layer === 'step')
    const totalSteps = results.cells[0]!.runs.reduce((n, r) => n + (r.capacity?.steps.length ?? 0), 0)
    expect(steps).toHaveLength(totalSteps)
    expect(steps.some((s) => s.result === 'fail')).toBe(true)
    // The band spans the targets tried, at +/- the tolerance.
    const band = values.filter((v) => v.layer === 'band')
    expect(band[0]).toMatchObject({ target: 500, lower: 475, upper: 525 })
    expect(values.filter((v) => v.layer === 'capacity')).toHaveLength(8)
    const rendered = await renderChart(chart)
    expect(rendered.warnings).toEqual([])
    expect(rendered.svg).toContain('Target rate (req/s)')
  })
})
