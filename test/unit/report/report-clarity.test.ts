/**
 * What a gateway engineer reading the comment misread (issue 17): a detectable change beside a pass,
 * a median paired with a geometric-mean interval, and the runner mismatch said three times.
 */
import { describe, expect, it } from 'vitest'
import { concurrencyChart } from '../../../src/report/charts/concurrency.js'
import { latencyComparisonChart } from '../../../src/report/charts/latency-comparison.js'
import { nightTrendChart } from '../../../src/report/charts/night-trend.js'
import { renderHtml } from '../../../src/report/html.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { formatMs, roundForDisplay } from '../../../src/report/format.js'
import { overheadFigures } from '../../../src/stats/overhead.js'
import {
  escalatedGate,
  pairedGate,
  historyGate,
  regressedGate,
  runnerDiffersGate,
} from '../../support/report-fixtures.js'

const NO_LIBS = { vega: '', vegaLite: '', vegaEmbed: '' }

function countOf(text: string, needle: string): number {
  return text.split(needle).length - 1
}

describe('the smallest detectable change', () => {
  it('is not shown beside cells that passed or regressed: it would read as a second verdict', () => {
    const md = renderMarkdown(pairedGate())
    expect(md).not.toContain('Could detect')
    expect(md).not.toContain('+12%')
    expect(md).not.toMatch(/detect/i)
    const html = renderHtml(pairedGate(), [], NO_LIBS)
    expect(html).not.toContain('Could detect')
    expect(html).not.toMatch(/detect/i)
  })

  it('is shown for inconclusive cells only, as what more runs would resolve', () => {
    const md = renderMarkdown(escalatedGate())
    expect(md).not.toContain('Could detect')
    // The gate's note lists every cell; the report keeps only the inconclusive one.
    expect(md).not.toContain('Smallest regression this gate could have detected')
    expect(md).toContain(
      'Inconclusive cells, the smallest change these runs would block (80% power): `rate-limit/vus-10` +13%. A smaller change may still be real; more runs resolve it.',
    )
    expect(countOf(md, '+13.2%')).toBe(1)
    const inconclusive = md.slice(md.indexOf('<details><summary>⚠️ inconclusive: rate-limit/vus-10'))
    expect(inconclusive.slice(0, inconclusive.indexOf('</details>'))).toContain(
      '| Smallest change these runs would block (80% power) | +13.2% (more runs lower it) |',
    )
    const html = renderHtml(escalatedGate(), [], NO_LIBS)
    expect(html).not.toContain('Could detect')
    expect(html).toContain(
      'the smallest change these runs would block (80% power): <code>rate-limit/vus-10</code> +13%.',
    )
  })
})

describe('baseline and candidate columns', () => {
  it('pair the geometric mean with its own interval, and say so', () => {
    const results = regressedGate()
    const md = renderMarkdown(results)
    expect(md).toContain('| Baseline P95, geo. mean [95% CI] | Candidate P95, geo. mean [95% CI] |')
    const cell = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    const row = md.split('\n').find((line) => line.startsWith('| `key-auth/vus-50` |'))!
    const [, baseline, candidate, , deltaMs] = row.split(' | ')
    const summary = (s: { mean: number; lower: number; upper: number }) =>
      `${formatMs(s.mean)} [${roundForDisplay(s.lower)}, ${roundForDisplay(s.upper)}]`
    expect(cell.candidate.median).not.toBeCloseTo(cell.candidate.mean, 3)
    expect(candidate).toBe(summary(cell.candidate))
    expect(baseline).toBe(summary(cell.baseline!))
    // The change in ms is the difference of the same statistic.
    const diff = cell.candidate.mean - cell.baseline!.mean
    expect(deltaMs).toBe(`+${roundForDisplay(diff)} ms`)
    const html = renderHtml(results, [], NO_LIBS)
    expect(html).toContain('Candidate P95, geo. mean [95% CI]')
  })
})

describe('charts of baseline and candidate', () => {
  type Row = Record<string, unknown>
  const values = (spec: unknown): Row[] => (spec as { data: { values: Row[] } }).data.values

  it('draw the geometric mean between the ends of its own interval, and say so', () => {
    const results = regressedGate()
    const cell = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    const comparison = latencyComparisonChart(results)!
    const bar = values(comparison.spec).find(
      (row) => row.kind === 'value' && row.cell === cell.cell && row.variant === 'candidate',
    )!
    expect(bar.mean).toBeCloseTo(cell.candidate.mean, 3)
    expect(bar).not.toHaveProperty('median')
    const text = JSON.stringify(comparison.spec)
    expect(text).toContain('geometric mean')
    expect(text).not.toMatch(/median/i)
    const change = values(comparison.spec).find((row) => row.kind === 'change' && row.cell === cell.cell)!
    expect(change.deltaMs).toBeCloseTo(cell.candidate.mean - cell.baseline!.mean, 3)

    const sweep = concurrencyChart(results)!
    const point = values(sweep.spec).find((row) => row.cell === cell.cell && row.variant === 'candidate')!
    expect(point.latency).toBeCloseTo(cell.candidate.mean, 3)
    expect(JSON.stringify(sweep.spec)).toContain('geometric mean')

    const history = historyGate()
    const trend = nightTrendChart(history)!
    const gated = history.cells.find((c) => c.cell === 'key-auth/rate-2000')!
    const pr = values(trend.spec).find((row) => row.kind === 'candidate' && row.cell === gated.cell)!
    expect(pr.latency).toBeCloseTo(gated.candidate.mean, 3)
    expect(JSON.stringify(trend.spec)).not.toContain("this run's median")
  })
})

describe('the runner mismatch', () => {
  it('is stated once when paired blocks decided after a stored alarm', () => {
    const md = renderMarkdown(escalatedGate())
    expect(countOf(md, 'markedly slower')).toBe(1)
    expect(countOf(md, '2 x Intel(R) Xeon(R)')).toBe(1)
    expect(md).not.toContain('runner differs.')
    // The decision line says what decided; a note repeating it is left out.
    expect(countOf(md, 'Decided by')).toBe(1)
    expect(md).toContain('CPU placement: split')
  })

  it('is stated once when it is why the stored comparison could not decide', () => {
    const results = runnerDiffersGate()
    const md = renderMarkdown(results)
    expect(countOf(md, 'markedly slower')).toBe(1)
    expect(countOf(md, '2 x Intel(R) Xeon(R)')).toBe(1)
    expect(countOf(md, 'Decided by')).toBe(1)
    const html = renderHtml(results, [], NO_LIBS)
    expect(countOf(html, 'markedly slower')).toBe(1)
  })
})

describe('the overhead table', () => {
  it('gives the gateway its cost over the no-gateway control instead of a control "overhead" below 1x', () => {
    const results = regressedGate()
    results.figures = overheadFigures({ cells: results.cells, reference: null, confidence: 0.95, hooks: {} })
    const md = renderMarkdown(results, { maxChars: 1_000_000 })
    const table = md.slice(md.indexOf('<details><summary>Overhead vs no-policies'))
    const rows = table.slice(0, table.indexOf('</details>')).split('\n')
    expect(rows.some((row) => row.includes('| no-gateway |'))).toBe(false)
    expect(rows.some((row) => /×0\./.test(row))).toBe(false)
    const gateway = rows.find((row) =>
      row.startsWith('| `vus-10` | no-policies vs no-gateway (the gateway itself) | ×'),
    )
    expect(gateway).toBeDefined()
  })
})
