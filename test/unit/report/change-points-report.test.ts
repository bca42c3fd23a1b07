/** The change points of the nightly history in the report: a section in baseline mode, one line in a PR. */
import { describe, expect, it } from 'vitest'
import type { ChangePointReport, GateResults } from '../../../src/model.js'
import { gateResultsSchema } from '../../../src/model.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { baselineModeGate, passingGate } from '../../support/report-fixtures.js'

function changePoints(open: boolean): ChangePointReport {
  return {
    method: 'e-divisive',
    metric: 'p95',
    alpha: 0.05,
    permutations: 199,
    minSize: 3,
    nights: 60,
    points: [
      {
        cell: 'api/steady',
        night: 30,
        createdAt: '2026-01-31T02:00:00.000Z',
        nightsBefore: 30,
        nightsAfter: 22,
        ratio: { estimate: 1.082, lower: 1.06, upper: 1.104, confidence: 0.95 },
        fromSha: 'aaaaaaa1111111111111111111111111111111111',
        toSha: 'bbbbbbb2222222222222222222222222222222222',
        open,
      },
    ],
  }
}

function withChangePoints(results: GateResults, open: boolean): GateResults {
  return { ...results, changePoints: changePoints(open) }
}

describe('change points in the report', () => {
  it('results.json accepts the changePoints field', () => {
    expect(gateResultsSchema.safeParse(withChangePoints(baselineModeGate(), true)).success).toBe(true)
  })

  it('baseline mode: a "Change points on the main branch" table with night, size, interval and commits', () => {
    const md = renderMarkdown(withChangePoints(baselineModeGate(), true))
    expect(md).toContain('**Change points on the main branch** (E-divisive over 60 nights')
    expect(md).toContain(
      '| `api/steady` | night 30 (2026-01-31) | +8.2% [+6.0%, +10.4%] | aaaaaaa..bbbbbbb | open |',
    )
  })

  it('baseline mode without change points says none', () => {
    const md = renderMarkdown({ ...baselineModeGate(), changePoints: { ...changePoints(false), points: [] } })
    expect(md).toMatch(/\*\*Change points on the main branch\*\* \([^)]*\): none\./)
  })

  it('gate mode: one line naming the open change point, no table', () => {
    const md = renderMarkdown(withChangePoints(passingGate(), true))
    expect(md).toContain(
      'Open change point on the main branch (nightly history): `api/steady` +8.2% [+6.0%, +10.4%] since night 30 (2026-01-31), commits aaaaaaa..bbbbbbb.',
    )
    expect(md).not.toContain('Change points on the main branch**')
  })

  it('gate mode: nothing when no change point is open', () => {
    const md = renderMarkdown(withChangePoints(passingGate(), false))
    expect(md).not.toContain('change point')
  })

  it('results without changePoints render as before', () => {
    expect(renderMarkdown(passingGate())).not.toMatch(/change point/i)
  })
})
