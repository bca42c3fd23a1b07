import { describe, expect, it } from 'vitest'
import type { GateResults } from '../../../src/model.js'
import { concurrencyChart } from '../../../src/report/charts/concurrency.js'
import { measuredRuns } from '../../../src/report/charts/order.js'
import { buildCharts, REPORT_CHARTS, shownInComment } from '../../../src/kinds/charts.js'
import { IMAGES_SHOWN } from '../../../src/report/markdown.js'
import { achievedLoad } from '../../../src/stats/cell-comparison.js'
import * as fixtures from '../../support/report-fixtures.js'

const gates: Record<string, () => GateResults> = {
  passing: fixtures.passingGate,
  regressed: fixtures.regressedGate,
  history: fixtures.historyGate,
  paired: fixtures.pairedGate,
  resources: fixtures.resourcesGate,
  'baseline-mode': fixtures.baselineModeGate,
  escalated: fixtures.escalatedGate,
}

describe('the chart registry', () => {
  it.each(Object.keys(gates))('%s: lists every chart it builds, in reading order', (name) => {
    const ids = buildCharts(gates[name]!()).map((chart) => chart.id)
    const order = REPORT_CHARTS.entries.map((entry) => entry.id)
    expect(ids.every((id) => order.includes(id))).toBe(true)
    expect([...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(ids)
  })

  it.each(Object.keys(gates))('%s: each entry builds the chart its id names', (name) => {
    for (const entry of REPORT_CHARTS.entries) {
      const chart = entry.build(gates[name]!(), {})
      if (chart) expect(chart.id).toBe(entry.id)
    }
  })

  it.each(Object.keys(gates))('%s: the comment opens the charts the markdown shows open', (name) => {
    const ids = buildCharts(gates[name]!()).map((chart) => chart.id)
    expect([...shownInComment(ids)]).toEqual(ids.slice(0, IMAGES_SHOWN))
  })

  it('opens the headline charts that exist, then the next in reading order', () => {
    expect([...shownInComment(['latency-comparison', 'timeline', 'overhead'])]).toEqual([
      'latency-comparison',
      'timeline',
    ])
    expect([...shownInComment(['decision', 'capacity', 'latency-comparison'])]).toEqual([
      'decision',
      'capacity',
    ])
  })
})

describe('the concurrency chart reads the engine figure', () => {
  it('draws the same chart from cell.achieved as from the runs when they agree', () => {
    const plain = fixtures.regressedGate()
    const withFigures: GateResults = {
      ...plain,
      cells: plain.cells.map((cell) => {
        const achieved = achievedLoad(measuredRuns(cell).filter((run) => run.variant === 'candidate'))
        return achieved ? { ...cell, achieved } : cell
      }),
    }
    expect(withFigures.cells.every((cell) => cell.achieved !== undefined)).toBe(true)
    expect(concurrencyChart(withFigures)).toEqual(concurrencyChart(plain))
  })

  it("takes the candidate's requests/s from cell.achieved", () => {
    const results = fixtures.regressedGate()
    const cell = results.cells[0]!
    cell.achieved = { meanMs: 1, maxMs: 2, rps: 4321, runs: 3 }
    const values = (concurrencyChart(results)!.spec as { data: { values: Array<Record<string, unknown>> } })
      .data.values
    const row = values.find((v) => v.cell === cell.cell && v.variant === 'candidate')
    expect(row?.rps).toBe(4321)
  })
})

describe('the comment shows open what the registry says', () => {
  it('opens the images marked shownInComment and folds the rest', async () => {
    const { renderMarkdown } = await import('../../../src/report/markdown.js')
    const images = ['Comparison', 'CDF', 'Timeline'].map((alt, i) => ({
      url: `https://github.com/o/r/blob/abc/perf-gate/${i}.png?raw=true`,
      alt,
      shownInComment: i === 0,
    }))
    const md = renderMarkdown(fixtures.regressedGate(), { images })
    const details = md.indexOf('<details><summary>2 more charts: CDF, Timeline</summary>')
    expect(details).toBeGreaterThan(0)
    expect(md.indexOf('perf-gate/0.png')).toBeLessThan(details)
    expect(md.indexOf('perf-gate/1.png')).toBeGreaterThan(details)
  })
})
