// What README.md and docs/accuracy.md ("After the fix: 10 A/A and 10 +20% gates") say of the real
// 9-cell gates on CPU per request, checked against the records those gates wrote
// (bench/results/oc-matrix-cpu/gates.jsonl): the figures are measured once, by the benchmark; this
// keeps the docs from drifting away from them.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../support/cli.js'

interface GateRecord {
  label: string
  startedAt: string
  exitCode: number
  verdict: string
  wallTimeS: number
  pairs: number
  cells: { cell: string; verdict: string; cpuChangePct: number }[]
}

const records = readFileSync(path.join(ROOT, 'bench/results/oc-matrix-cpu/gates.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as GateRecord)
// The gates after the duet fix (35aa1f2).
const after = records.filter((r) => r.startedAt >= '2026-11-28T02:44:00Z')
const aa = after.filter((r) => r.label === 'A/A')
const changed = after.filter((r) => r.label === 'work 700')
const inTestgw = (cell: string) => cell.startsWith('testgw/')

describe('the recorded 9-cell gates after the duet fix', () => {
  it('10 A/A gates, every one a pass with every gated cell passed, within 8 minutes', () => {
    expect(aa).toHaveLength(10)
    for (const gate of aa) {
      expect(gate.verdict, gate.startedAt).toBe('pass')
      expect(gate.exitCode).toBe(0)
      expect(gate.wallTimeS).toBeLessThanOrEqual(480)
      expect(gate.cells.filter((c) => c.verdict !== 'pass')).toEqual([])
    }
  })

  it("10 gates with work in testgw, every one blocked in testgw's cells only, within 8 minutes", () => {
    expect(changed).toHaveLength(10)
    for (const gate of changed) {
      expect(gate.verdict, gate.startedAt).toBe('regression')
      expect(gate.exitCode).toBe(1)
      expect(gate.wallTimeS).toBeLessThanOrEqual(480)
      expect(gate.cells.filter((c) => c.verdict === 'regression' && !inTestgw(c.cell))).toEqual([])
    }
    // All three of testgw's cells regressed in 9 (the first gate stopped at its first regression).
    const allThree = changed.filter((g) =>
      g.cells.filter((c) => inTestgw(c.cell)).every((c) => c.verdict === 'regression'),
    )
    expect(allThree).toHaveLength(9)
    const realised = changed.flatMap((g) =>
      g.cells.filter((c) => inTestgw(c.cell)).map((c) => c.cpuChangePct),
    )
    expect(Math.min(...realised)).toBeGreaterThan(14.9)
    expect(Math.max(...realised)).toBeLessThan(35)
  })
})
