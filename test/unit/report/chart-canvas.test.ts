/**
 * Charts fill their canvas: vega sizes the SVG from its own layout of the text, and resvg draws the
 * text with the shipped font. When the two disagree on text width (vega estimated 0.8 em per
 * character), the image keeps blank bands where vega thought text would be.
 */
import { describe, expect, it } from 'vitest'
import { buildCharts } from '../../../src/kinds/charts.js'
import { renderAll } from '../../../src/report/render.js'
import { decodePng, type DecodedPng } from '../../support/png.js'
import { historyGate, passingGate, regressedGate, resourcesGate } from '../../support/report-fixtures.js'

/** Per row and per column of the PNG: whether anything but white is drawn there. */
function inked(png: DecodedPng): { rows: boolean[]; columns: boolean[] } {
  const rows = new Array<boolean>(png.height).fill(false)
  const columns = new Array<boolean>(png.width).fill(false)
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4
      if (png.rgba[i]! < 246 || png.rgba[i + 1]! < 246 || png.rgba[i + 2]! < 246) {
        rows[y] = true
        columns[x] = true
      }
    }
  }
  return { rows, columns }
}

/** Blank pixels before the first inked one, after the last, and the widest blank band between. */
function blanks(line: boolean[]): { before: number; after: number; inside: number } {
  const first = line.indexOf(true)
  const last = line.lastIndexOf(true)
  let inside = 0
  let run = 0
  for (let i = first; i <= last; i++) {
    run = line[i] ? 0 : run + 1
    inside = Math.max(inside, run)
  }
  return { before: first, after: line.length - 1 - last, inside }
}

// PNG pixels at the default scale 2. Vega pads 5 units (10 px) on each side; the gaps vega puts
// between facets, concatenated views and a title are below 30 units.
const EDGE_PX = 40
const INSIDE_PX = 80

describe('charts fill their canvas', () => {
  it.each([
    ['passing', passingGate],
    ['regressed', regressedGate],
    ['history', historyGate],
    ['resources', resourcesGate],
  ])('%s: no blank margin or band where vega expected text', async (_name, fixture) => {
    const rendered = await renderAll(buildCharts(fixture()))
    const found: string[] = []
    for (const chart of rendered) {
      const { rows, columns } = inked(decodePng(chart.png))
      const x = blanks(columns)
      const y = blanks(rows)
      const size = `${chart.width}x${chart.height}`
      if (x.after > EDGE_PX) found.push(`${chart.id} ${size}: ${x.after} px blank on the right`)
      if (y.after > EDGE_PX) found.push(`${chart.id} ${size}: ${y.after} px blank at the bottom`)
      if (x.before > EDGE_PX || y.before > EDGE_PX) found.push(`${chart.id}: blank before the ink`)
      if (y.inside > INSIDE_PX) found.push(`${chart.id} ${size}: a blank band of ${y.inside} px rows`)
      if (x.inside > INSIDE_PX) found.push(`${chart.id} ${size}: a blank band of ${x.inside} px columns`)
    }
    expect(found).toEqual([])
  })
})
