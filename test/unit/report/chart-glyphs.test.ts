/**
 * Every character a chart can draw must be in the shipped font: resvg has no other font, and draws a
 * character the font lacks (an emoji such as a verdict icon) as an empty box in the PNG.
 */
import { describe, expect, it } from 'vitest'
import type { GateResults } from '../../../src/model.js'
import { readAsset } from '../../../src/report/assets.js'
import { buildCharts } from '../../../src/kinds/charts.js'
import type { ChartDefinition } from '../../../src/report/charts/theme.js'
import { readFontMetrics, type FontMetrics } from '../../../src/report/font-metrics.js'
import { specToSvg } from '../../../src/report/render.js'
import { arenaGate } from '../../support/arena-fixtures.js'
import { capacityGate } from '../../support/capacity-fixtures.js'
import * as reports from '../../support/report-fixtures.js'

const fixtures: Array<[string, () => GateResults]> = [
  ['passing', reports.passingGate],
  ['regressed', reports.regressedGate],
  ['history', reports.historyGate],
  ['paired', reports.pairedGate],
  ['resources', reports.resourcesGate],
  ['baseline-mode', reports.baselineModeGate],
  ['escalated', reports.escalatedGate],
  ['runner-differs', reports.runnerDiffersGate],
  ['capacity', () => capacityGate(0.8)],
  ['arena', () => arenaGate(10)],
]

/** The text of every <text> and <tspan> in an SVG, entities decoded. */
function svgText(svg: string): string[] {
  const decode = (text: string) =>
    text
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
  return [...svg.matchAll(/<(?:text|tspan)\b[^>]*>([^<]*)/g)].map((m) => decode(m[1] ?? ''))
}

/** Every string in a spec: titles, labels, data that marks draw, label expressions' literals. */
function specStrings(node: unknown): string[] {
  if (typeof node === 'string') return [node]
  if (Array.isArray(node)) return node.flatMap(specStrings)
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(specStrings)
  return []
}

/** Characters of `texts` the font has no glyph for, each with where it was found. */
function missingGlyphs(font: FontMetrics, texts: string[], where: string): string[] {
  const missing = new Set<string>()
  for (const text of texts) {
    for (const char of text) {
      const cp = char.codePointAt(0) as number
      // Line breaks and tabs are layout, not glyphs.
      if (cp === 0x0a || cp === 0x0d || cp === 0x09) continue
      if (!font.has(cp))
        missing.add(`${where}: U+${cp.toString(16).toUpperCase().padStart(4, '0')} "${char}" in "${text}"`)
    }
  }
  return [...missing]
}

async function chartMissing(font: FontMetrics, chart: ChartDefinition, where: string): Promise<string[]> {
  const svg = await specToSvg(chart.spec)
  return [
    ...missingGlyphs(font, svgText(svg), `${where} ${chart.id} (drawn)`),
    ...missingGlyphs(font, [chart.title, ...specStrings(chart.spec)], `${where} ${chart.id} (spec)`),
  ]
}

describe('chart text and the shipped font', async () => {
  const font = readFontMetrics(await readAsset('font'))

  it.each(fixtures)(
    '%s: every character of every chart has a glyph in DejaVu Sans',
    async (name, fixture) => {
      const charts = buildCharts(fixture())
      expect(charts.length).toBeGreaterThan(0)
      const missing: string[] = []
      for (const chart of charts) missing.push(...(await chartMissing(font, chart, name)))
      expect(missing).toEqual([])
    },
  )

  it('catches a verdict emoji in a chart (what the check above guards against)', async () => {
    const [chart] = buildCharts(reports.regressedGate())
    const spec = { ...chart!.spec, title: '❌ regression' } as ChartDefinition['spec']
    const missing = await chartMissing(font, { ...chart!, spec }, 'planted')
    expect(missing.some((line) => line.includes('U+274C'))).toBe(true)
  })
})
