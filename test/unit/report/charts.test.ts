import { describe, expect, it } from 'vitest'
import { compile, type TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../../src/model.js'
import {
  buildCharts,
  cellConcurrency,
  CHART_FONT,
  concurrencyChart,
  latencyComparisonChart,
  overheadChart,
  referenceProfile,
} from '../../../src/report/charts.js'
import {
  baselineModeGate,
  hugeGate,
  pairedGate,
  passingGate,
  regressedGate,
  resourcesGate,
} from '../../support/report-fixtures.js'

const fixtures: Record<string, () => GateResults> = {
  passing: passingGate,
  regressed: regressedGate,
  paired: pairedGate,
  resources: resourcesGate,
  'baseline-mode': baselineModeGate,
}

type Row = Record<string, unknown>
/** Inline rows of a spec (every builder puts its data at the top level). */
function rows(spec: TopLevelSpec): Row[] {
  const data = (spec as { data?: { values?: Row[] } }).data
  return data?.values ?? []
}

/** Every layer of a spec, looking through facets and concats. */
function layers(spec: unknown): Row[] {
  const node = spec as Row
  const found: Row[] = []
  if (Array.isArray(node.layer)) found.push(...(node.layer as Row[]).flatMap(layers))
  if (node.mark !== undefined) found.push(node)
  if (node.spec !== undefined) found.push(...layers(node.spec))
  for (const key of ['hconcat', 'vconcat', 'concat']) {
    if (Array.isArray(node[key])) found.push(...(node[key] as Row[]).flatMap(layers))
  }
  return found
}

function markType(layer: Row): string {
  const mark = layer.mark
  return typeof mark === 'string' ? mark : String((mark as Row).type)
}

describe('buildCharts', () => {
  it.each([
    ['passing', ['latency-comparison', 'overhead', 'latency-distribution']],
    ['regressed', ['latency-comparison', 'concurrency', 'overhead', 'latency-distribution']],
    ['paired', ['latency-comparison', 'overhead', 'latency-distribution']],
    ['resources', ['latency-comparison', 'overhead', 'latency-distribution', 'resources']],
    ['baseline-mode', ['latency-comparison', 'overhead', 'latency-distribution']],
  ])('picks the charts that apply to the %s fixture', (name, ids) => {
    expect(buildCharts(fixtures[name]!()).map((chart) => chart.id)).toEqual(ids)
  })

  it.each(Object.keys(fixtures))('%s: every spec compiles with vega-lite without warnings', (name) => {
    for (const chart of buildCharts(fixtures[name]!())) {
      const warnings: string[] = []
      const logger = {
        level: () => logger,
        warn: (...args: unknown[]) => (warnings.push(args.join(' ')), logger),
        info: () => logger,
        debug: () => logger,
        error: (...args: unknown[]) => (warnings.push(args.join(' ')), logger),
      }
      compile(chart.spec, { logger: logger as never })
      expect(warnings, chart.id).toEqual([])
    }
  })

  it.each(Object.keys(fixtures))('%s: specs carry their data inline and name the shipped font', (name) => {
    for (const chart of buildCharts(fixtures[name]!())) {
      const json = JSON.stringify(chart.spec)
      expect(json).not.toContain('"url"')
      expect((chart.spec as { config?: { font?: string } }).config?.font).toBe(CHART_FONT)
    }
  })

  it.each(Object.keys(fixtures))('%s: specs match their file snapshots', async (name) => {
    for (const chart of buildCharts(fixtures[name]!())) {
      await expect(`${JSON.stringify(chart.spec, null, 2)}\n`).toMatchFileSnapshot(
        `__snapshots__/charts/${name}.${chart.id}.vl.json`,
      )
    }
  })
})

describe('many cells', () => {
  it('charts only the most important cells and says so in the title', () => {
    const results = hugeGate()
    const charts = buildCharts(results)
    const comparison = charts.find((chart) => chart.id === 'latency-comparison')!
    expect(comparison.title).toBe(`P95 latency: baseline vs candidate (24 of ${results.cells.length} cells)`)
    const cells = new Set(rows(comparison.spec).map((row) => row.cell))
    expect(cells.size).toBe(24)
    const regressions = results.cells.filter((cell) => cell.verdict === 'regression')
    expect(regressions.length).toBeGreaterThan(24)
    for (const cell of cells) expect(regressions.map((c) => c.cell)).toContain(cell)
  })
})

describe('latencyComparisonChart', () => {
  const results = regressedGate()
  const spec = latencyComparisonChart(results)!.spec

  it('marks the threshold at baseline x (1 + threshold) for every gated cell, not for controls', () => {
    const limits = rows(spec).filter((row) => row.kind === 'limit')
    const gated = results.cells.filter((cell) => !cell.control)
    expect(limits.map((row) => row.cell)).toEqual(gated.map((cell) => cell.cell))
    for (const cell of gated) {
      const limit = limits.find((row) => row.cell === cell.cell)?.limit as number
      expect(limit).toBeCloseTo(cell.baseline!.median * 1.1, 4)
    }
    const tick = layers(spec).find((layer) => markType(layer) === 'tick')
    expect(tick?.transform).toEqual([{ filter: "datum.kind === 'limit'" }])
  })

  it('draws 95% CI error bars from each summary', () => {
    const rule = layers(spec).find((layer) => markType(layer) === 'rule')
    expect((rule?.encoding as Row).y).toMatchObject({ field: 'lower' })
    expect((rule?.encoding as Row).y2).toMatchObject({ field: 'upper' })
    const keyAuth = rows(spec).find((row) => row.cell === 'key-auth/vus-50' && row.variant === 'candidate')
    const cell = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    expect(keyAuth).toMatchObject({
      median: cell.candidate.median,
      lower: cell.candidate.lower,
      upper: cell.candidate.upper,
    })
  })

  it('facets by scenario only when there are several', () => {
    expect(spec).toHaveProperty('facet.column.sort', ['vus-10', 'vus-50'])
    expect(latencyComparisonChart(passingGate())!.spec).not.toHaveProperty('facet')
  })

  it('has no threshold and no baseline legend entry in baseline mode', () => {
    const baselineSpec = latencyComparisonChart(baselineModeGate())!.spec
    expect(rows(baselineSpec).some((row) => row.kind === 'limit')).toBe(false)
    expect(JSON.stringify(baselineSpec)).not.toContain('"baseline"')
  })
})

describe('concurrencyChart', () => {
  it('plots latency and throughput per profile against the concurrency level', () => {
    const spec = concurrencyChart(regressedGate())!.spec
    expect(spec).toHaveProperty('hconcat.length', 2)
    const points = rows(spec).filter((row) => row.profile === 'key-auth' && row.variant === 'candidate')
    expect(points.map((row) => row.concurrency)).toEqual([10, 50])
    expect(points.every((row) => typeof row.rps === 'number')).toBe(true)
  })

  it('needs at least two load levels', () => {
    expect(concurrencyChart(passingGate())).toBeNull()
  })

  it('reads the level from scenario names when the engine did not set it', () => {
    const results = regressedGate()
    for (const cell of results.cells) delete cell.concurrency
    expect(results.cells.map(cellConcurrency)).toEqual([10, 50, 10, 50, 10, 50, 10, 50])
    expect(concurrencyChart(results)).not.toBeNull()
    expect(cellConcurrency({ ...results.cells[0]!, scenario: 'smoke' })).toBeUndefined()
  })
})

describe('overheadChart', () => {
  it('measures against no-policies by default, else the control profile', () => {
    expect(referenceProfile(regressedGate())).toBe('no-policies')
    expect(referenceProfile(passingGate())).toBe('no-gateway')
    expect(referenceProfile(pairedGate())).toBe('no-policies')
  })

  it('computes each profile P95 relative to the reference in the same scenario', () => {
    const results = regressedGate()
    const spec = overheadChart(results)!.spec
    const keyAuth = results.cells.find((cell) => cell.cell === 'key-auth/vus-10')!
    const reference = results.cells.find((cell) => cell.cell === 'no-policies/vus-10')!
    const row = rows(spec).find((r) => r.cell === 'key-auth/vus-10' && r.variant === 'candidate')
    expect(row?.overheadPct as number).toBeCloseTo(
      (keyAuth.candidate.median / reference.candidate.median - 1) * 100,
      3,
    )
    expect(rows(spec).some((r) => r.profile === 'no-policies')).toBe(false)
  })

  it('takes a configured reference profile, and has no chart when it is absent', () => {
    const results = regressedGate()
    expect(overheadChart(results, { referenceProfile: 'no-gateway' })!.title).toBe(
      'P95 overhead vs no-gateway',
    )
    expect(overheadChart(results, { referenceProfile: 'missing' })).toBeNull()
    expect(buildCharts(results, { referenceProfile: 'missing' }).map((c) => c.id)).not.toContain('overhead')
  })
})

describe('resource chart', () => {
  it('plots CPU and memory per service over each measured run', () => {
    const chart = buildCharts(resourcesGate()).find((c) => c.id === 'resources')!
    const data = rows(chart.spec)
    expect(new Set(data.map((row) => row.service))).toEqual(new Set(['gateway', 'echo']))
    // 2 cells x 3 measured runs x 9 samples x 2 services; warm-up runs are left out.
    expect(data).toHaveLength(2 * 3 * 9 * 2)
    expect(chart.spec).toHaveProperty('vconcat.length', 2)
  })
})
