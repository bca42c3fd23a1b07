/**
 * The exports against the documented shapes: github-action-benchmark's customSmallerIsBetter input
 * (an array of { name, unit, value, range?, extra? }, range and extra free text) and Bencher Metric
 * Format (its JSON schema: benchmark -> measure -> { value (required), lower_value?, upper_value? },
 * numbers only). The schemas below transcribe those documents, strictly: an extra key fails.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { writeArtifacts } from '../../../src/gate/artifacts.js'
import { silentLogger } from '../../../src/log.js'
import { benchmarkActionJson, bencherJson } from '../../../src/report/exports.js'
import { historyGate, passingGate, regressedGate } from '../../support/report-fixtures.js'

const customSmallerIsBetter = z.array(
  z.strictObject({
    name: z.string().min(1),
    unit: z.string(),
    value: z.number().finite(),
    range: z.string().optional(),
    extra: z.string().optional(),
  }),
)

const bencherMetricFormat = z.record(
  z.string().min(1),
  z.record(
    z.string().min(1),
    z.strictObject({
      value: z.number().finite(),
      lower_value: z.number().finite().optional(),
      upper_value: z.number().finite().optional(),
    }),
  ),
)

describe('github-action-benchmark customSmallerIsBetter export', () => {
  it('has the documented shape, one latency and one error-rate entry per measured cell', () => {
    for (const results of [passingGate(), regressedGate(), historyGate()]) {
      const entries = benchmarkActionJson(results)
      expect(customSmallerIsBetter.safeParse(entries).error).toBeUndefined()
      const measured = results.cells.filter((c) => c.candidate.n > 0)
      expect(entries).toHaveLength(2 * measured.length)
      expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length)
    }
  })

  it('reports the candidate geometric mean in ms with the CI as range text', () => {
    const results = passingGate()
    const cell = results.cells[0]!
    const entry = benchmarkActionJson(results).find((e) => e.name === `${cell.cell} P95`)!
    expect(entry.unit).toBe('ms')
    expect(entry.value).toBeCloseTo(cell.candidate.mean, 3)
    expect(entry.range).toBe(
      `± ${Math.round(((cell.candidate.upper - cell.candidate.lower) / 2) * 1000) / 1000}`,
    )
    expect(entry.extra).toContain(`verdict ${cell.verdict}`)
  })
})

describe('Bencher Metric Format export', () => {
  it('has the documented shape: benchmark -> latency (ns, with interval) and throughput', () => {
    for (const results of [passingGate(), regressedGate(), historyGate()]) {
      const bmf = bencherJson(results)
      expect(bencherMetricFormat.safeParse(bmf).error).toBeUndefined()
      for (const cell of results.cells.filter((c) => c.candidate.n > 0)) {
        const latency = bmf[`${cell.cell} P95`]!.latency!
        expect(latency.value).toBe(Math.round(cell.candidate.mean * 1e6))
        expect(latency.lower_value!).toBeLessThanOrEqual(latency.value)
        expect(latency.upper_value!).toBeGreaterThanOrEqual(latency.value)
        expect(Object.keys(bmf[`${cell.cell} P95`]!)).toEqual(
          expect.arrayContaining(['latency', 'throughput']),
        )
      }
    }
  })
})

describe('writeArtifacts', () => {
  it('writes benchmark-action.json and bencher.json next to results.json', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-exports-'))
    const results = passingGate()
    const artifacts = await writeArtifacts(results, dir, silentLogger)
    expect(artifacts.failed).toEqual([])
    const action = JSON.parse(readFileSync(path.join(dir, 'benchmark-action.json'), 'utf8')) as unknown
    const bencher = JSON.parse(readFileSync(path.join(dir, 'bencher.json'), 'utf8')) as unknown
    expect(action).toEqual(benchmarkActionJson(results))
    expect(bencher).toEqual(bencherJson(results))
  }, 60_000)
})
