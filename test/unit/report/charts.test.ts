import { describe, expect, it } from 'vitest'
import { compile, type TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../../src/model.js'
import { cdfChart } from '../../../src/report/charts/cdf.js'
import { concurrencyChart } from '../../../src/report/charts/concurrency.js'
import { decisionChart } from '../../../src/report/charts/decision.js'
import { latencyComparisonChart } from '../../../src/report/charts/latency-comparison.js'
import { nightTrendChart } from '../../../src/report/charts/night-trend.js'
import { cellConcurrency, cellLoadModel, scenarioOrder } from '../../../src/report/charts/order.js'
import { overheadChart, ratioTicks, referenceProfile } from '../../../src/report/charts/overhead.js'
import { buildCharts } from '../../../src/kinds/charts.js'
import { CHART_FONT } from '../../../src/report/charts/theme.js'
import { timelineChart } from '../../../src/report/charts/timeline.js'
import {
  baselineModeGate,
  historyGate,
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
  history: historyGate,
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
    ['passing', ['decision', 'latency-comparison', 'cdf', 'overhead', 'latency-distribution']],
    [
      'regressed',
      [
        'decision',
        'latency-comparison',
        'cdf',
        'timeline',
        'concurrency',
        'overhead',
        'latency-distribution',
      ],
    ],
    ['paired', ['decision', 'latency-comparison', 'cdf', 'overhead', 'latency-distribution']],
    ['resources', ['decision', 'latency-comparison', 'cdf', 'overhead', 'latency-distribution', 'resources']],
    ['baseline-mode', ['latency-comparison', 'overhead', 'latency-distribution']],
    [
      'history',
      [
        'decision',
        'latency-comparison',
        'cdf',
        'night-trend',
        'timeline',
        'arrival-rate',
        'overhead',
        'latency-distribution',
      ],
    ],
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
    expect(comparison.title).toBe(`P95 latency: baseline vs candidate (60 of ${results.cells.length} cells)`)
    const cells = new Set(rows(comparison.spec).map((row) => row.cell))
    expect(cells.size).toBe(60)
    const regressions = results.cells.filter((cell) => cell.verdict === 'regression')
    expect(regressions.length).toBeGreaterThan(60)
    for (const cell of cells) expect(regressions.map((c) => c.cell)).toContain(cell)
  })
})

describe('latencyComparisonChart', () => {
  const results = regressedGate()
  const spec = latencyComparisonChart(results)!.spec

  it('labels each candidate with its change in % and in ms (difference of the geometric means)', () => {
    const changes = rows(spec).filter((row) => row.kind === 'change')
    expect(changes.map((row) => row.cell)).toEqual(results.cells.map((cell) => cell.cell))
    const cell = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    const row = changes.find((r) => r.cell === 'key-auth/vus-50')!
    expect(row.deltaMs).toBeCloseTo(cell.candidate.mean - cell.baseline!.mean, 4)
    expect(row.pct).toBe(`+${Math.round(cell.changePct!)}%`)
    expect(row.ms).toMatch(/^\+\d\.\d+ ms$/)
    expect(layers(spec).filter((layer) => markType(layer) === 'text')).toHaveLength(2)
  })

  it('draws no threshold tick: the threshold applies to the ratio, which the decision chart shows', () => {
    expect(layers(spec).some((layer) => markType(layer) === 'tick')).toBe(false)
  })

  it('draws 95% CI error bars from each summary', () => {
    const rule = layers(spec).find((layer) => markType(layer) === 'rule')
    expect((rule?.encoding as Row).y).toMatchObject({ field: 'lower' })
    expect((rule?.encoding as Row).y2).toMatchObject({ field: 'upper' })
    const keyAuth = rows(spec).find((row) => row.cell === 'key-auth/vus-50' && row.variant === 'candidate')
    const cell = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    expect(keyAuth).toMatchObject({
      mean: cell.candidate.mean,
      lower: cell.candidate.lower,
      upper: cell.candidate.upper,
    })
  })

  it('facets by scenario only when there are several', () => {
    expect(spec).toHaveProperty('facet.column.sort', ['vus-10', 'vus-50'])
    expect(latencyComparisonChart(passingGate())!.spec).not.toHaveProperty('facet')
  })

  it('has no change labels and no baseline legend entry in baseline mode', () => {
    const baselineSpec = latencyComparisonChart(baselineModeGate())!.spec
    expect(rows(baselineSpec).some((row) => row.kind === 'change')).toBe(false)
    expect(JSON.stringify(baselineSpec)).not.toContain('"baseline"')
  })
})

describe('decisionChart', () => {
  const results = regressedGate()
  const spec = decisionChart(results)!.spec

  it('draws each ratio interval in % against 0% and the threshold', () => {
    for (const cell of results.cells) {
      const row = rows(spec).find((r) => r.cell === cell.cell)!
      expect(row.lowerPct).toBeCloseTo((cell.ratio!.lower - 1) * 100, 3)
      expect(row.upperPct).toBeCloseTo((cell.ratio!.upper - 1) * 100, 3)
      expect(row.estimatePct).toBeCloseTo((cell.ratio!.estimate - 1) * 100, 3)
    }
    const lines = layers(spec)
      .filter((layer) => markType(layer) === 'rule')
      .map((layer) => ((layer.encoding as Row).x as Row).datum)
    expect(lines).toContain(0)
    expect(lines).toContain(10)
  })

  it('colours each interval by the region that decided and says which bound decided', () => {
    const byCell = (name: string) => rows(spec).find((row) => row.cell === name)!
    expect(byCell('key-auth/vus-50')).toMatchObject({ region: 'regression' })
    expect(byCell('key-auth/vus-50').rule).toMatch(
      /^regression: lower \+[\d.]+% > 0%, estimate \+[\d.]+% > \+10%$/,
    )
    expect(byCell('no-policies/vus-10')).toMatchObject({ region: 'pass' })
    expect(byCell('no-policies/vus-10').rule).toMatch(/^pass: upper [+-][\d.]+% < \+10%$/)
    expect(byCell('rate-limit/vus-10')).toMatchObject({ region: 'inconclusive' })
    expect(byCell('rate-limit/vus-10').rule).toMatch(/^inconclusive: upper \+[\d.]+% ≥ \+10%, lower ≤ 0%$/)
    expect(byCell('no-gateway/vus-10')).toMatchObject({ region: 'control' })
    // An error-rate regression is named: latency alone passed or was undecided there.
    expect(byCell('rate-limit/vus-50').rule).toMatch(/^regression: /)
  })

  it('says why an inconclusive cell above the threshold did not block, never "estimate <= threshold"', () => {
    // Above the threshold and significant at 95%, yet inconclusive: Holm's correction or the stricter
    // block confidence (gate.blockConfidence) did not let it block.
    const held = regressedGate()
    const cell = held.cells.find((c) => c.cell === 'key-auth/vus-50')!
    Object.assign(cell, {
      ratio: { estimate: 1.14, lower: 1.02, upper: 1.27, confidence: 0.95 },
      latencyVerdict: 'inconclusive',
      verdict: 'inconclusive',
    })
    const row = rows(decisionChart(held)!.spec).find((r) => r.cell === 'key-auth/vus-50')!
    expect(row.region).toBe('inconclusive')
    expect(row.rule).not.toMatch(/≤ \+10%/)
    expect(row.rule).toBe('inconclusive: estimate +14.0% > +10%, not yet significant enough to block')
    // Significant but with the estimate within the threshold: that is what "≤" describes.
    Object.assign(cell, { ratio: { estimate: 1.08, lower: 1.02, upper: 1.15, confidence: 0.95 } })
    const within = rows(decisionChart(held)!.spec).find((r) => r.cell === 'key-auth/vus-50')!
    expect(within.rule).toBe('inconclusive: estimate +8.0% ≤ +10%, upper +15.0% above')
  })

  it('keeps 0% and the threshold in view whatever the intervals', () => {
    const x = ((layers(spec)[0]!.encoding as Row).x as Row).scale as { domain: number[] }
    expect(x.domain[0]).toBeLessThan(0)
    expect(x.domain[1]).toBeGreaterThan(10)
    const wide = regressedGate()
    for (const cell of wide.cells) cell.ratio = { estimate: 1.5, lower: 1.4, upper: 1.6, confidence: 0.95 }
    const domain = (
      ((layers(decisionChart(wide)!.spec)[0]!.encoding as Row).x as Row).scale as { domain: number[] }
    ).domain
    expect(domain[0]).toBeLessThanOrEqual(0)
    expect(domain[1]).toBeGreaterThanOrEqual(60)
  })

  it('has no chart without a ratio', () => {
    expect(decisionChart(baselineModeGate())).toBeNull()
  })
})

describe('cdfChart', () => {
  it('steps once per compared value, baseline and candidate, for gated cells only', () => {
    const results = regressedGate()
    const spec = cdfChart(results)!.spec
    const cell = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    for (const [variant, summary] of [
      ['candidate', cell.candidate],
      ['baseline', cell.baseline!],
    ] as const) {
      const steps = rows(spec).filter((row) => row.cell === cell.cell && row.variant === variant)
      // One starting point at 0, then one step per value, up to 1.
      expect(steps).toHaveLength(summary.values.length + 1)
      expect(steps.map((row) => row.fraction)).toEqual([
        0,
        ...summary.values.map((_, i) => Number(((i + 1) / summary.values.length).toPrecision(6))),
      ])
      expect(steps.slice(1).map((row) => row.value)).toEqual([...summary.values].sort((a, b) => a - b))
    }
    expect(rows(spec).some((row) => row.cell === 'no-gateway/vus-10')).toBe(false)
  })

  it('says when the baseline steps per night', () => {
    const spec = cdfChart(historyGate())!.spec
    expect(rows(spec).find((row) => row.variant === 'baseline')?.unit).toBe('night')
    expect(JSON.stringify(spec)).toContain('once per night')
  })
})

describe('nightTrendChart', () => {
  it('plots each night of a stored history oldest first, its prediction band and this run', () => {
    const results = historyGate()
    const spec = nightTrendChart(results)!.spec
    const cell = results.cells.find((c) => c.cell === 'key-auth/rate-2000')!
    const nights = rows(spec).filter((row) => row.cell === cell.cell && row.kind === 'night')
    expect(nights.map((row) => row.night)).toEqual([-6, -5, -4, -3, -2, -1, 0])
    expect(nights.map((row) => row.latency)).toEqual(cell.baseline!.values)
    const band = rows(spec).filter((row) => row.cell === cell.cell && row.kind === 'band')
    expect(band.map((row) => [row.lower, row.upper])).toEqual([
      [cell.baseline!.lower, cell.baseline!.upper],
      [cell.baseline!.lower, cell.baseline!.upper],
    ])
    expect(rows(spec).find((row) => row.cell === cell.cell && row.kind === 'candidate')).toMatchObject({
      night: 1,
      latency: cell.candidate.mean,
    })
    expect(rows(spec).some((row) => String(row.cell).endsWith('(ctrl)'))).toBe(true)
  })

  it('needs a baseline of nights', () => {
    expect(nightTrendChart(regressedGate())).toBeNull()
    expect(nightTrendChart(pairedGate())).toBeNull()
  })
})

describe('timelineChart', () => {
  it('plots each second: the median P95 over measured runs and their range, per variant', () => {
    const results = regressedGate()
    const spec = timelineChart(results)!.spec
    const cell = results.cells.find((c) => c.cell === 'key-auth/vus-50')!
    const runs = cell.runs.filter((run) => !run.warmup && run.variant === 'candidate')
    const at5 = runs.map((run) => run.timeline!.find((bucket) => bucket.t === 5)!.p95!).sort((a, b) => a - b)
    const row = rows(spec).find((r) => r.cell === cell.cell && r.variant === 'candidate' && r.t === 5)!
    expect(row.p95).toBe(at5[Math.floor(at5.length / 2)])
    expect(row.p95Low).toBe(at5[0])
    expect(row.p95High).toBe(at5.at(-1))
    expect(row.runs).toBe(runs.length)
  })

  it('keeps a stalled second (no request completed) without a latency', () => {
    const results = regressedGate()
    const run = results.cells[0]!.runs.find((r) => !r.warmup)!
    for (const r of results.cells[0]!.runs) r.timeline = [{ t: 0, requests: 0 }]
    expect(run.timeline).toEqual([{ t: 0, requests: 0 }])
    const row = rows(timelineChart(results)!.spec).find((r) => r.cell === results.cells[0]!.cell)!
    expect(row).toMatchObject({ t: 0, requests: 0 })
    expect(row.p95).toBeUndefined()
  })

  it('needs runs with a timeline', () => {
    expect(timelineChart(passingGate())).toBeNull()
  })
})

describe('concurrencyChart', () => {
  it('names the axis after the load model: VUs (closed) or an arrival rate in req/s (open)', () => {
    const closed = concurrencyChart(regressedGate(), 'closed')!
    expect(closed.id).toBe('concurrency')
    expect(JSON.stringify(closed.spec)).toContain('"Virtual users (VUs)"')
    expect(concurrencyChart(regressedGate(), 'open')).toBeNull()
    const open = concurrencyChart(historyGate(), 'open')!
    expect(open.id).toBe('arrival-rate')
    expect(JSON.stringify(open.spec)).toContain('"Arrival rate (req/s)"')
    expect(JSON.stringify(open.spec)).not.toContain('Concurrency')
  })

  it('guesses the load model from the scenario name in results written before the field', () => {
    const cell = historyGate().cells[0]!
    delete cell.loadModel
    expect(cellLoadModel(cell)).toBe('open')
    expect(cellLoadModel({ ...cell, scenario: 'vus-50' })).toBe('closed')
  })

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
  it("measures against the reference the overhead table uses: the first gated profile, or the gate's", () => {
    expect(referenceProfile(regressedGate())).toBe('no-policies')
    // A control is measured as the reference over it (the gateway's own cost), not used as reference.
    expect(referenceProfile(passingGate())).toBe('nginx')
    expect(referenceProfile(pairedGate())).toBe('no-policies')
    const results = regressedGate()
    expect(referenceProfile({ ...results, figures: { reference: 'key-auth', overhead: [] } })).toBe(
      'key-auth',
    )
    // The gate found no reference (report.reference names no profile that ran): no chart either.
    expect(referenceProfile({ ...results, figures: { reference: null, overhead: [] } })).toBeNull()
  })

  it('computes each profile P95 relative to the reference in the same scenario', () => {
    const results = regressedGate()
    const spec = overheadChart(results)!.spec
    const keyAuth = results.cells.find((cell) => cell.cell === 'key-auth/vus-10')!
    const reference = results.cells.find((cell) => cell.cell === 'no-policies/vus-10')!
    const row = rows(spec).find((r) => r.cell === 'key-auth/vus-10' && r.variant === 'candidate')
    expect(row?.overheadPct as number).toBeCloseTo(
      (keyAuth.candidate.mean / reference.candidate.mean - 1) * 100,
      3,
    )
    expect(rows(spec).some((r) => r.profile === 'no-policies')).toBe(false)
  })

  it('shows what the gateway adds over the no-gateway control, not the control as an overhead below 1x', () => {
    const results = regressedGate()
    const chart = overheadChart(results)!
    const values = rows(chart.spec)
    expect(values.some((r) => r.profile === 'no-gateway')).toBe(false)
    expect(values.every((r) => (r.ratio as number) > 1)).toBe(true)
    const gateway = results.cells.find((cell) => cell.cell === 'no-policies/vus-10')!
    const control = results.cells.find((cell) => cell.cell === 'no-gateway/vus-10')!
    const row = values.find((r) => r.profile === 'no-policies vs no-gateway' && r.variant === 'candidate')!
    expect(row.cell).toBe('no-policies/vus-10')
    expect(row.ratio as number).toBeCloseTo(gateway.candidate.mean / control.candidate.mean, 3)
    const subtitle = JSON.stringify((chart.spec as { title: unknown }).title)
    expect(subtitle).toContain('no-policies vs no-gateway: what the gateway itself adds')
  })

  it('titles a chart holding only the gateway against the control as overhead over no gateway', () => {
    // The bundled example's shape: one gateway profile (the reference) and the no-gateway control.
    const results = regressedGate()
    results.cells = results.cells.filter((c) => c.control || c.profile === 'no-policies')
    const chart = overheadChart(results)!
    expect(chart.title).toBe('P95 overhead of no-policies over no gateway')
    const bar = layers(chart.spec).find((layer) => markType(layer) === 'bar')!
    expect(((bar.encoding as Row).y as { title: string }).title).toBe('P95 ratio to no gateway (log scale)')
    // With other profiles beside the reference, the reference stays the subject.
    expect(overheadChart(regressedGate())!.title).toBe('P95 overhead vs no-policies')
  })

  it('draws ratios on a log scale with bars from 1x, and the domain holds every bar and interval', () => {
    const spec = overheadChart(pairedGate())!.spec
    const bar = layers(spec).find((layer) => markType(layer) === 'bar')!
    const y = (bar.encoding as Row).y as { field: string; scale: { type: string; domain: [number, number] } }
    expect(y.field).toBe('ratio')
    expect(y.scale.type).toBe('log')
    expect((bar.encoding as Row).y2).toEqual({ datum: 1 })
    const [low, high] = y.scale.domain
    for (const row of rows(spec)) {
      for (const key of ['ratio', 'lowerRatio', 'upperRatio']) {
        const value = row[key] as number | undefined
        if (value === undefined) continue
        expect(value).toBeGreaterThanOrEqual(low)
        expect(value).toBeLessThanOrEqual(high)
      }
    }
    expect(low).toBeLessThanOrEqual(1)
    expect(high).toBeGreaterThanOrEqual(1)
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

describe('scenario facets', () => {
  // A sweep's five levels plus one scenario at the first level (the policy-chains example's shape).
  const sweep = (): GateResults => {
    const results = regressedGate()
    const template = results.cells[0]!
    const scenarios: Array<[string, number]> = [
      ['c@vus=1', 1],
      ['kib', 1],
      ['c@vus=2', 2],
      ['c@vus=5', 5],
      ['c@vus=10', 10],
    ]
    const cells = ['no-policies', 'key-auth'].flatMap((profile) =>
      scenarios.map(([scenario, concurrency]) => ({
        ...template,
        profile,
        // Two gated profiles (the template cell may be a control's).
        control: false,
        scenario,
        concurrency,
        cell: `${profile}/${scenario}`,
      })),
    )
    return { ...results, cells }
  }

  it("keeps a sweep's levels together in level order, then the other scenarios", () => {
    expect(scenarioOrder(sweep())).toEqual(['c@vus=1', 'c@vus=2', 'c@vus=5', 'c@vus=10', 'kib'])
  })

  it('wraps many scenarios into rows, each panel with its own x axis (no axis under an empty slot)', () => {
    const spec = overheadChart(sweep())!.spec as unknown as Row
    expect(spec.columns).toBe(3)
    expect(spec).toHaveProperty('facet.sort', ['c@vus=1', 'c@vus=2', 'c@vus=5', 'c@vus=10', 'kib'])
    expect(spec).toHaveProperty('resolve.axis.x', 'independent')
  })
})

describe('ratioTicks', () => {
  it('labels 1, 2 and 5 times powers of ten inside the range, else even steps', () => {
    expect(ratioTicks(0.08, 12)).toEqual([0.1, 0.2, 0.5, 1, 2, 5, 10])
    // Too narrow for 1-2-5: even steps, so the axis still has a scale.
    expect(ratioTicks(0.95, 1.7)).toEqual([1, 1.2, 1.4, 1.6])
    expect(ratioTicks(0.5, 2)).toEqual([0.5, 1, 2])
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
