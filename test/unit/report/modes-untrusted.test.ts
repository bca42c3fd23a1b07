// Publish mode reads results.json written by a fork's workflow: capacity searches and arena runs must
// survive its stricter schema (nothing silently dropped) and their free text must be defanged.
import { describe, expect, it } from 'vitest'
import { parseUntrustedResults } from '../../../src/report/untrusted-results.js'
import { capacityGate } from '../../support/capacity-fixtures.js'
import { arenaGate } from '../../support/arena-fixtures.js'

describe('publish mode and the measurement modes', () => {
  it('keeps capacity searches and their verdict, and defangs a step reason', () => {
    const raw = JSON.parse(JSON.stringify(capacityGate(0.7)))
    const failing = raw.cells[0].runs[0].capacity.steps.find((s: { pass: boolean }) => !s.pass)
    failing.reason = '<img src=x onerror=alert(1)> @everyone'
    const results = parseUntrustedResults(raw, 'results.json')
    const cell = results.cells[0]!
    expect(cell.capacity?.verdict).toBe('regression')
    const steps = cell.runs[0]!.capacity!.steps
    expect(steps.length).toBe(raw.cells[0].runs[0].capacity.steps.length)
    const reason = steps.find((s) => !s.pass)!.reason!
    expect(reason).not.toContain('<img')
  })

  it('keeps arena scores and refuses an unknown arena dimension', () => {
    const raw = JSON.parse(JSON.stringify(arenaGate(15)))
    const results = parseUntrustedResults(raw, 'results.json')
    expect(results.cells.map((c) => c.arena?.verdict)).toContain('regression')
    expect(results.cells[0]!.runs[0]!.arena?.score).toBe(raw.cells[0].runs[0].arena.score)
    raw.cells[0].arena.dimensions.bogus = { median: 1, lower: 0, upper: 2, values: [1] }
    expect(() => parseUntrustedResults(raw, 'results.json')).toThrow()
  })
})
