import { describe, expect, it } from 'vitest'
import { assetCandidates, readAsset } from '../../../src/report/assets.js'
import { latencyComparisonChart } from '../../../src/report/charts/latency-comparison.js'
import { buildCharts } from '../../../src/kinds/charts.js'
import { renderAll, renderChart } from '../../../src/report/render.js'
import { countDarkPixels, decodePng, isPng } from '../../support/png.js'
import { regressedGate, resourcesGate } from '../../support/report-fixtures.js'

// The chart title sits in the top-left corner, above every mark: at scale 2, about 30 x 400 SVG units.
const titleRegion = { x: 0, y: 0, width: 800, height: 60 }

describe('assets', () => {
  it('finds the wasm binary and the font when running from src', async () => {
    expect(assetCandidates('font').at(-1)).toMatch(/assets\/fonts\/DejaVuSans\.ttf$/)
    const font = await readAsset('font')
    // "\0\1\0\0": a TrueType outline font, the format resvg reads.
    expect([...font.subarray(0, 4)]).toEqual([0, 1, 0, 0])
    const wasm = await readAsset('resvgWasm')
    expect(new TextDecoder().decode(wasm.subarray(1, 4))).toBe('asm')
  })
})

describe('renderAll', () => {
  it('renders every chart of a four-profile sweep to SVG and PNG without warnings', async () => {
    const charts = buildCharts(regressedGate())
    const started = performance.now()
    const rendered = await renderAll(charts)
    const totalMs = performance.now() - started
    expect(rendered.map((chart) => chart.id)).toEqual(charts.map((chart) => chart.id))
    for (const chart of rendered) {
      expect(chart.svg.startsWith('<svg')).toBe(true)
      expect(isPng(chart.png)).toBe(true)
      expect(chart.width).toBeGreaterThan(400)
      expect(chart.warnings).toEqual([])
    }
    // Figures for the report: PNG sizes and render time on this machine.
    console.log(
      `rendered ${rendered.length} charts in ${totalMs.toFixed(0)} ms: ` +
        rendered
          .map((c) => `${c.id} ${c.width}x${c.height} ${c.png.length} B ${c.renderMs.toFixed(0)} ms`)
          .join('; '),
    )
  })

  it('renders resource timelines when samples exist', async () => {
    const resources = buildCharts(resourcesGate()).find((chart) => chart.id === 'resources')
    expect(resources).toBeDefined()
    const rendered = await renderChart(resources!)
    expect(rendered.warnings).toEqual([])
    expect(rendered.svg).toContain('CPU (%)')
  })
})

describe('PNG text', () => {
  const chart = latencyComparisonChart(regressedGate())!

  it('draws the title with the shipped font (fails if the PNG has no text)', async () => {
    const rendered = await renderChart(chart)
    const png = decodePng(rendered.png)
    expect(countDarkPixels(png, titleRegion)).toBeGreaterThan(500)
  })

  it('has no text at all without a font, which is what the check above catches', async () => {
    const rendered = await renderChart(chart, { fonts: [] })
    // The SVG still names the text; only the raster lost it, silently.
    expect(rendered.svg).toContain('P95 latency: baseline vs candidate')
    expect(countDarkPixels(decodePng(rendered.png), titleRegion)).toBe(0)
  })
})
