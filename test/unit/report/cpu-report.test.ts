import { describe, expect, it } from 'vitest'
import type { CellComparison, GateResults } from '../../../src/model.js'
import { decisionChart } from '../../../src/report/charts/decision.js'
import { cpuPerRequestLine, cpuPerRequestTable } from '../../../src/report/cpu-content.js'
import { renderHtml } from '../../../src/report/html.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { pairedGate } from '../../support/report-fixtures.js'

type Cpu = NonNullable<CellComparison['cpuPerRequest']>

function cpu(gated: boolean, verdict: Cpu['verdict'], estimate: number): Cpu {
  return {
    service: 'nginx',
    gated,
    test: 'paired-t',
    candidate: { n: 6, median: 41, mean: 41.2, lower: 40.1, upper: 42.3, values: [41, 41, 41, 41, 42, 41] },
    baseline: { n: 6, median: 40.5, mean: 40.6, lower: 39.9, upper: 41.4, values: [40, 41, 40, 41, 41, 40] },
    ratio: { estimate, lower: estimate - 0.02, upper: estimate + 0.03, confidence: 0.95 },
    changePct: (estimate - 1) * 100,
    pValue: 0.2,
    adjustedPValue: null,
    verdict,
    sigmaLogRatio: 0.021,
    minDetectablePct: 11.6,
    reasons: [],
  }
}

function withCpu(gated: boolean): GateResults {
  const results = pairedGate()
  return {
    ...results,
    cells: results.cells.map((cell, i) => ({ ...cell, cpuPerRequest: cpu(gated, 'pass', 1.01 + i / 100) })),
  }
}

describe('CPU per request in the report', () => {
  it('a table row per cell: both sides with intervals, the change, its verdict, sigma and detectable change', () => {
    const table = cpuPerRequestTable(withCpu(false))
    expect(table?.title).toMatch(/reported, not gated/)
    expect(table?.rows[0]).toEqual([
      'rate-1000',
      'no-policies',
      'nginx',
      '40.6 µs [39.9, 41.4]',
      '41.2 µs [40.1, 42.3]',
      '+1.0% [-1.0%, +4.0%]',
      'pass (reported)',
      '0.021',
      '+12%',
    ])
    expect(cpuPerRequestTable(pairedGate())).toBeNull()
  })

  it('one line in the comment head, naming the cells and whether CPU is gated', () => {
    const markdown = renderMarkdown(withCpu(true))
    const line =
      'Gateway CPU per request (gated): `no-policies/rate-1000` 41.2 µs, +1.0% [-1.0%, +4.0%] pass; `key-auth/rate-1000` 41.2 µs, +2.0% [+0.0%, +5.0%] pass'
    expect(cpuPerRequestLine(withCpu(true))).toBe(line)
    const head = markdown.split('\n\n').slice(0, 3).join('\n\n')
    expect(head).toContain(line)
    expect(markdown).toContain('Gateway CPU per request: CPU µs of the target service')
    expect(renderHtml(withCpu(true), [], { vega: '', vegaLite: '', vegaEmbed: '' })).toContain(
      'Gateway CPU per request (gated)',
    )
  })

  it('counts verdicts instead when more cells than fit one line', () => {
    const results = withCpu(true)
    const many = {
      ...results,
      cells: [...results.cells, ...results.cells].map((c, i) => ({ ...c, cell: `p${i}/s` })),
    }
    expect(cpuPerRequestLine(many)).toBe('Gateway CPU per request (gated): 4 pass of 4 cells (table below).')
  })

  it('with gate.cpuPerRequest only, says CPU decides and P95 is shown, in the head, the line and the table', () => {
    const base = withCpu(true)
    const only = {
      ...base,
      cells: base.cells.map((c) => ({
        ...c,
        cpuPerRequest: { ...(c.cpuPerRequest as Cpu), only: true as const },
      })),
    }
    const markdown = renderMarkdown(only)
    expect(markdown).toContain('CPU per request (P95 shown, not gated) · threshold')
    expect(cpuPerRequestLine(only)).toMatch(
      /^Gateway CPU per request \(gated in latency's place: the verdicts are its, the table's change is P95's\): /,
    )
    expect(cpuPerRequestTable(only)?.title).toMatch(/; gated in latency's place$/)
    // The decision chart draws the CPU comparison that decided, not P95's.
    const chart = decisionChart(only)
    expect(chart?.title).toBe('CPU per request change against the +10% threshold')
    const rows = (chart?.spec as { data: { values: Record<string, unknown>[] } }).data.values
    expect(rows[1]).toMatchObject({ cell: only.cells[1]?.cell, estimatePct: 2, region: 'pass' })
    expect(rows[1]?.deltaUs).toBeCloseTo(0.6, 6)
    // The main table's verdict column names what decided the row, beside P95's columns.
    const gatedRow = markdown.split('\n').find((l) => l.startsWith(`| \`${only.cells[1]?.cell}\``))
    expect(gatedRow).toMatch(/\| ✅ pass by CPU\/request \+2\.0% \|$/)
    expect(renderMarkdown(base)).not.toContain('by CPU/request')
    // Gated beside latency (gate), the head names the latency metric alone.
    expect(renderMarkdown(base)).not.toContain('not gated) · threshold')
  })
})
