import { describe, expect, it } from 'vitest'
import type { CellComparison, ResourceSample, RunResult } from '../../../src/model.js'
import {
  combinedVerdict,
  compareCpuPerRequest,
  decidedByCpu,
  decidingChangePct,
  runCpuPerRequest,
  targetService,
  withCpuPerRequest,
} from '../../../src/stats/cpu-per-request.js'
import { applyHolm } from '../../../src/stats/multiple-testing.js'
import { NO_ERRORS } from '../../support/stats-fixtures.js'
import { gate, run } from './run-fixture.js'

// The same scipy 1.17 references as paired-comparison.test.ts and stored-comparison.test.ts, here read
// as CPU microseconds per request:
//   ttest_rel(log(c), log(b)) and ttest_ind(log(cand), log(base), equal_var=False), 95% CI, exp'd.
const BASELINE = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4, 10.0, 10.3]
const CANDIDATE = [11.6, 11.0, 11.9, 11.5, 11.1, 11.8, 11.3, 11.7]
const PAIRED = { estimate: 1.1316581645539812, lower: 1.126132575460411, upper: 1.1372108660280082 }
const PAIRED_P = 9.653400776136715e-11
const PAIRED_SIGMA = 0.005854753502864764
const WELCH_CANDIDATE = [11.6, 11.9, 11.2, 12.1, 11.5]
const WELCH_BASELINE = [10.2, 9.8, 10.5, 10.1, 9.9, 10.4]
const WELCH = { estimate: 1.1487009875230072, lower: 1.1037266604660751, upper: 1.1955079151382784 }
const WELCH_P = 3.883491806040009e-5

/** A run of api/steady whose gateway spent `us` CPU microseconds per request (block = round). */
function cpuRun(us: number, round: number, variant: RunResult['variant'], block = true): RunResult {
  return {
    ...run({ p95: 10, round, variant }),
    ...(block ? { block: round } : {}),
    cpuPerRequest: { service: 'gateway', usPerRequest: us, cpuSeconds: 1, spanS: 4 },
  }
}

const sample = (t: number, cpuSeconds: number, intervalS: number, service = 'gateway'): ResourceSample => ({
  service,
  t,
  cpuPercent: (cpuSeconds / intervalS) * 100,
  cpuSeconds,
  intervalS,
  memoryMiB: 10,
})

describe('runCpuPerRequest: counter arithmetic', () => {
  it('divides the CPU seconds counted by the requests in the seconds those samples cover', () => {
    // 0.05 + 0.05 + 0.1 = 0.2 CPU s over 1 + 1 + 2 = 4 s at 500 req/s = 2,000 requests: 100 us each.
    const samples = [sample(3, 0.05, 1), sample(4, 0.05, 1), sample(6, 0.1, 2), sample(6, 9, 6, 'echo')]
    expect(runCpuPerRequest(samples, 'gateway', 500)).toEqual({
      service: 'gateway',
      usPerRequest: 100,
      cpuSeconds: 0.2,
      spanS: 4,
    })
  })

  it('counts nothing from samples without counters, other services, or a run without requests', () => {
    const old: ResourceSample = { service: 'gateway', t: 2, cpuPercent: 50, memoryMiB: 10 }
    expect(runCpuPerRequest([old], 'gateway', 500)).toBeUndefined()
    expect(runCpuPerRequest([sample(3, 0.05, 1, 'echo')], 'gateway', 500)).toBeUndefined()
    expect(runCpuPerRequest([sample(3, 0.05, 1)], 'gateway', 0)).toBeUndefined()
  })

  it('names the service by the host of the profile target', () => {
    expect(targetService('http://nginx:8080/echo')).toBe('nginx')
  })
})

describe('compareCpuPerRequest: intervals', () => {
  it('paired: reproduces scipy ttest_rel on the per-block log ratio', () => {
    const cpu = compareCpuPerRequest({
      method: 'paired',
      candidateRuns: CANDIDATE.map((us, i) => cpuRun(us, i + 1, 'candidate')),
      baselineRuns: BASELINE.map((us, i) => cpuRun(us, i + 1, 'baseline')),
      gate,
      gated: true,
    })
    expect(cpu?.test).toBe('paired-t')
    expect(cpu?.ratio?.estimate).toBeCloseTo(PAIRED.estimate, 10)
    expect(cpu?.ratio?.lower).toBeCloseTo(PAIRED.lower, 10)
    expect(cpu?.ratio?.upper).toBeCloseTo(PAIRED.upper, 10)
    expect(cpu?.pValue).toBeCloseTo(PAIRED_P, 15)
    expect(cpu?.sigmaLogRatio).toBeCloseTo(PAIRED_SIGMA, 12)
    // +13% with a tight interval above +10%: a regression by the latency rule.
    expect(cpu?.verdict).toBe('regression')
    expect(cpu?.reasons.at(-1)).toMatch(/^CPU per request \+13\.2% .*significantly higher/)
  })

  it('paired: combines two runs of one block by geometric mean and leaves unmatched blocks out', () => {
    const cpu = compareCpuPerRequest({
      method: 'paired',
      candidateRuns: [
        ...CANDIDATE.map((us, i) => cpuRun(us, i + 1, 'candidate')),
        cpuRun(CANDIDATE[0] as number, 1, 'candidate'),
        cpuRun(50, 99, 'candidate'),
      ],
      baselineRuns: BASELINE.map((us, i) => cpuRun(us, i + 1, 'baseline')),
      gate,
      gated: false,
    })
    expect(cpu?.candidate.n).toBe(8)
    expect(cpu?.ratio?.estimate).toBeCloseTo(PAIRED.estimate, 10)
  })

  it('stored: reproduces scipy Welch on log values against the pooled baseline runs', () => {
    const cpu = compareCpuPerRequest({
      method: 'stored',
      candidateRuns: WELCH_CANDIDATE.map((us, i) => cpuRun(us, i + 1, 'candidate', false)),
      baselineRuns: WELCH_BASELINE.map((us, i) => cpuRun(us, i + 1, 'baseline', false)),
      gate,
      gated: false,
    })
    expect(cpu?.test).toBe('welch')
    expect(cpu?.ratio?.estimate).toBeCloseTo(WELCH.estimate, 10)
    expect(cpu?.ratio?.lower).toBeCloseTo(WELCH.lower, 10)
    expect(cpu?.ratio?.upper).toBeCloseTo(WELCH.upper, 10)
    expect(cpu?.pValue).toBeCloseTo(WELCH_P, 12)
    expect(cpu?.gated).toBe(false)
  })

  it('leaves warm-up and invalid runs out, and says why there is no interval', () => {
    const warm = { ...cpuRun(11, 1, 'candidate'), warmup: true }
    const bad = { ...cpuRun(11, 2, 'candidate'), valid: false }
    expect(
      compareCpuPerRequest({
        method: 'paired',
        candidateRuns: [warm, bad],
        baselineRuns: [],
        gate,
        gated: false,
      }),
    ).toBeUndefined()
    const gated = compareCpuPerRequest({
      method: 'paired',
      candidateRuns: [warm, bad],
      baselineRuns: [],
      gate,
      gated: true,
    })
    expect(gated?.verdict).toBe('inconclusive')
    expect(gated?.service).toBe('gateway')
    expect(gated?.reasons).toEqual([
      'no valid measured run with CPU counters (2 warm-up or invalid runs left out)',
    ])
    const twoBlocks = compareCpuPerRequest({
      method: 'paired',
      candidateRuns: [cpuRun(11, 1, 'candidate'), cpuRun(11, 2, 'candidate')],
      baselineRuns: [cpuRun(10, 1, 'baseline'), cpuRun(10, 2, 'baseline')],
      gate,
      gated: true,
    })
    expect(twoBlocks?.ratio).toBeNull()
    expect(twoBlocks?.changePct).toBeCloseTo(10, 10)
    expect(twoBlocks?.verdict).toBe('inconclusive')
  })
})

/** A cell decided on latency, to attach a CPU comparison to. */
function cell(name: string, latency: CellComparison['latencyVerdict'], pValue: number): CellComparison {
  return {
    cell: name,
    control: false,
    pValue,
    adjustedPValue: null,
    latencyVerdict: latency,
    verdict: latency,
    ratio: { estimate: 1.2, lower: 1.05, upper: 1.35, confidence: 0.95 },
    errorRate: NO_ERRORS,
    reasons: [],
  } as unknown as CellComparison
}

function cpu(verdict: CellComparison['latencyVerdict'], pValue: number, gated = true, only = false) {
  return {
    service: 'gateway',
    gated,
    ...(only ? { only: true as const } : {}),
    test: 'paired-t' as const,
    candidate: { n: 0, median: 0, mean: 0, lower: 0, upper: 0, values: [] },
    baseline: null,
    ratio: { estimate: 1.2, lower: 1.05, upper: 1.35, confidence: 0.95 },
    changePct: 20,
    pValue,
    adjustedPValue: null,
    verdict,
    reasons: [],
  }
}

describe('gating rule: a regression of either metric regresses, pass needs both', () => {
  it.each([
    ['pass', 'pass', 'pass'],
    ['pass', 'inconclusive', 'inconclusive'],
    ['inconclusive', 'pass', 'inconclusive'],
    ['pass', 'regression', 'regression'],
    ['regression', 'pass', 'regression'],
    ['inconclusive', 'regression', 'regression'],
  ] as const)('latency %s, CPU %s: %s', (latency, cpuVerdict, expected) => {
    expect(combinedVerdict(latency, cpuVerdict)).toBe(expected)
    expect(withCpuPerRequest(cell('a/s', latency, 0.5), cpu(cpuVerdict, 0.5)).verdict).toBe(expected)
  })

  it('report mode and control cells: CPU is shown, the verdict stays latency', () => {
    expect(withCpuPerRequest(cell('a/s', 'pass', 0.5), cpu('regression', 0.001, false)).verdict).toBe('pass')
    const control = { ...cell('c/s', 'pass', 0.5), control: true }
    expect(withCpuPerRequest(control, cpu('regression', 0.001)).verdict).toBe('pass')
  })

  it('an error-rate failure still regresses a cell that passes on both metrics', () => {
    const failing = { ...cell('a/s', 'pass', 0.5), errorRate: { ...NO_ERRORS, aboveCeiling: true } }
    expect(withCpuPerRequest(failing, cpu('pass', 0.5)).verdict).toBe('regression')
  })
})

describe('Holm over one hypothesis per cell per gated metric', () => {
  it('corrects latency and CPU p-values as one family (R p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm"))', () => {
    // Cell a: latency p 0.01, CPU p 0.04; cell b: latency p 0.03, CPU p 0.005.
    // Adjusted: 0.03, 0.06, 0.06, 0.02; at alpha 0.05 a's CPU and b's latency do not stand.
    const cells = [
      withCpuPerRequest(cell('a/s', 'regression', 0.01), cpu('regression', 0.04)),
      withCpuPerRequest(cell('b/s', 'regression', 0.03), cpu('regression', 0.005)),
    ]
    const [a, b] = applyHolm(cells, 0.95)
    expect(a?.adjustedPValue).toBeCloseTo(0.03, 12)
    expect(a?.cpuPerRequest?.adjustedPValue).toBeCloseTo(0.06, 12)
    expect(b?.adjustedPValue).toBeCloseTo(0.06, 12)
    expect(b?.cpuPerRequest?.adjustedPValue).toBeCloseTo(0.02, 12)
    expect([a?.latencyVerdict, a?.cpuPerRequest?.verdict]).toEqual(['regression', 'inconclusive'])
    expect([b?.latencyVerdict, b?.cpuPerRequest?.verdict]).toEqual(['inconclusive', 'regression'])
    // Each cell still regresses on the metric that survived.
    expect([a?.verdict, b?.verdict]).toEqual(['regression', 'regression'])
    expect(a?.reasons.at(-1)).toMatch(
      /^CPU per request not significant after Holm correction across 4 hypotheses/,
    )
  })

  it('a cell whose only regression does not survive becomes inconclusive', () => {
    const cells = [
      withCpuPerRequest(cell('a/s', 'pass', 0.9), cpu('regression', 0.03)),
      withCpuPerRequest(cell('b/s', 'pass', 0.9), cpu('pass', 0.9)),
    ]
    // Family 0.9, 0.03, 0.9, 0.9: 0.03 x 4 = 0.12 >= 0.05.
    expect(applyHolm(cells, 0.95).map((c) => c.verdict)).toEqual(['inconclusive', 'pass'])
  })

  it('a reported (ungated) CPU p-value does not enlarge the family', () => {
    const cells = [
      withCpuPerRequest(cell('a/s', 'regression', 0.02), cpu('pass', 0.001, false)),
      withCpuPerRequest(cell('b/s', 'pass', 0.9), cpu('pass', 0.001, false)),
    ]
    const [a] = applyHolm(cells, 0.95)
    expect(a?.adjustedPValue).toBeCloseTo(0.04, 12)
    expect(a?.cpuPerRequest?.adjustedPValue).toBeNull()
    expect(a?.verdict).toBe('regression')
  })
})

describe("gate.cpuPerRequest only: CPU per request decides in latency's place", () => {
  it.each([
    ['regression', 'pass', 'pass'],
    ['pass', 'regression', 'regression'],
    ['inconclusive', 'pass', 'pass'],
    ['pass', 'inconclusive', 'inconclusive'],
  ] as const)('latency %s, CPU %s: %s', (latency, cpuVerdict, expected) => {
    const next = withCpuPerRequest(cell('a/s', latency, 0.5), cpu(cpuVerdict, 0.5, true, true))
    expect(next.verdict).toBe(expected)
    expect(decidedByCpu(next)).toBe(true)
    // The reasons say which metric decided, and that latency was only shown.
    expect(next.reasons.at(-1)).toBe(`latency is shown, not gated (gate.cpuPerRequest: only): ${latency}`)
  })

  it('reports the change of the metric that decides', () => {
    const latencyCell = { ...cell('a/s', 'pass', 0.5), changePct: 3 }
    expect(decidingChangePct(latencyCell)).toBe(3)
    expect(decidingChangePct(withCpuPerRequest(latencyCell, cpu('regression', 0.5)))).toBe(3)
    expect(decidingChangePct(withCpuPerRequest(latencyCell, cpu('regression', 0.5, true, true)))).toBe(20)
  })

  it('an error-rate failure still regresses the cell', () => {
    const failing = { ...cell('a/s', 'pass', 0.5), errorRate: { ...NO_ERRORS, aboveCeiling: true } }
    expect(withCpuPerRequest(failing, cpu('pass', 0.5, true, true)).verdict).toBe('regression')
  })

  it('Holm runs over the CPU hypotheses only (R p.adjust(c(0.02, 0.03), "holm") = 0.04, 0.04)', () => {
    // Latency p-values 0.001 would have been part of the family with `gate`: here they are not.
    const cells = [
      withCpuPerRequest(cell('a/s', 'regression', 0.001), cpu('regression', 0.02, true, true)),
      withCpuPerRequest(cell('b/s', 'regression', 0.001), cpu('regression', 0.03, true, true)),
    ]
    const [a, b] = applyHolm(cells, 0.95)
    expect(a?.adjustedPValue).toBeNull()
    expect(a?.cpuPerRequest?.adjustedPValue).toBeCloseTo(0.04, 12)
    expect(b?.cpuPerRequest?.adjustedPValue).toBeCloseTo(0.04, 12)
    expect([a?.verdict, b?.verdict]).toEqual(['regression', 'regression'])
    // At alpha 0.01 neither CPU regression stands, and latency's cannot rescue them.
    expect(applyHolm(cells, 0.99).map((c) => c.verdict)).toEqual(['inconclusive', 'inconclusive'])
  })
})
