import { describe, expect, it } from 'vitest'
import type { ScenarioConfig } from '../../../src/config/schema.js'
import {
  finalVerdict,
  type FinalVerdictInput,
  type StopStep,
} from '../../../src/gate/decision/final-verdict.js'
import type { CellComparison, RunResult } from '../../../src/model.js'
import type { RunnerCheck } from '../../../src/stats/runner-check.js'
import { policyCell } from '../../support/policy-fixtures.js'

const matches: RunnerCheck = { status: 'same', reasons: ['control within its history'] }
const differs: RunnerCheck = { status: 'differs', reasons: ['control +64%'] }
const gate = { minAccuracy: 0.99, onInconclusive: 'warn' as const }

function stop(verdict: StopStep['verdict'], evidence: StopStep['evidence'], reason = 'the reason'): StopStep {
  return { action: 'stop', verdict, evidence, reason }
}

function input(overrides: Partial<FinalVerdictInput>): FinalVerdictInput {
  return {
    mode: 'gate',
    step: stop('pass', 'stored'),
    stored: null,
    paired: null,
    scenarios: [],
    gate,
    ...overrides,
  }
}

const control = policyCell('no-gateway/load', 'pass', { control: true })

describe('finalVerdict', () => {
  it('keeps the policy verdict, its reason and exit 0 for a pass', () => {
    const final = finalVerdict(
      input({ stored: { cells: [policyCell('gw/load', 'pass'), control], notes: ['n1'], runner: matches } }),
    )
    expect(final).toMatchObject({ method: 'stored', verdict: 'pass', decision: 'the reason', exitCode: 0 })
    expect(final.notes[0]).toBe('Decided by the stored baseline: the reason.')
    expect(final.notes).toContain('Runner check against the baseline: same (control within its history).')
    expect(final.notes).toContain('n1')
  })

  it('shows a stored alarm the policy did not accept as inconclusive, with the reason', () => {
    const final = finalVerdict(
      input({
        step: stop('inconclusive', 'stored', 'stored evidence cannot decide'),
        stored: { cells: [policyCell('gw/load', 'regression'), control], notes: [], runner: differs },
      }),
    )
    expect(final.verdict).toBe('inconclusive')
    expect(final.cells[0]?.verdict).toBe('inconclusive')
    expect(final.cells[0]?.reasons).toContain('not blocking: stored evidence cannot decide')
    expect(final.exitCode).toBe(0)
  })

  it('fails on wrong answers whatever latency decided, and says why', () => {
    const inaccurate: CellComparison = {
      ...policyCell('gw/load', 'pass'),
      accuracy: { min: 0.9, fails: true },
    }
    const final = finalVerdict(
      input({
        step: stop('pass', 'paired', 'every gated cell passes'),
        paired: { cells: [inaccurate], notes: [] },
      }),
    )
    expect(final).toMatchObject({ method: 'paired', verdict: 'regression', exitCode: 1 })
    expect(final.decision).toBe(
      'accuracy below gate.minAccuracy (99%) in gw/load; the latency comparison: every gated cell passes',
    )
  })

  it("fails on a script's failing threshold (thresholds: fail), not on a reported one", () => {
    const run = {
      variant: 'candidate',
      warmup: false,
      valid: true,
      metrics: { thresholds: [{ metric: 'http_req_failed', threshold: 'rate<0.01', ok: false }] },
    } as unknown as RunResult
    const cell = { ...policyCell('gw/own', 'pass'), runs: [run] }
    const own = (thresholds: 'fail' | 'report') => ({ name: 'own', thresholds }) as unknown as ScenarioConfig
    const failing = finalVerdict(
      input({ paired: { cells: [cell], notes: [] }, step: stop('pass', 'paired'), scenarios: [own('fail')] }),
    )
    expect(failing.verdict).toBe('regression')
    expect(failing.decision).toMatch(
      /^a k6 threshold of the script failed \(thresholds: fail\) in gw\/own; the comparison: the reason$/,
    )
    expect(failing.exitCode).toBe(1)
    const reported = finalVerdict(
      input({
        paired: { cells: [cell], notes: [] },
        step: stop('pass', 'paired'),
        scenarios: [own('report')],
      }),
    )
    expect(reported).toMatchObject({ verdict: 'pass', exitCode: 0 })
  })

  it('fails an inconclusive gate only with onInconclusive: fail', () => {
    const paired = { cells: [policyCell('gw/load', 'inconclusive')], notes: [] }
    const step = stop('inconclusive', 'paired')
    expect(finalVerdict(input({ step, paired })).exitCode).toBe(0)
    expect(finalVerdict(input({ step, paired, gate: { ...gate, onInconclusive: 'fail' } })).exitCode).toBe(1)
  })

  it('accepts a regression on request (exit 0), but never wrong answers', () => {
    const paired = { cells: [policyCell('gw/load', 'regression')], notes: [] }
    const step = stop('regression', 'paired')
    const acceptance = { by: 'flag' as const, reason: 'adds JWT on purpose' }
    expect(finalVerdict(input({ step, paired })).exitCode).toBe(1)
    const accepted = finalVerdict(input({ step, paired, acceptance }))
    expect(accepted).toMatchObject({ verdict: 'regression', exitCode: 0 })
    expect(accepted.acceptedRegression).toEqual({ ...acceptance, cells: ['gw/load'] })
    const wrong = {
      cells: [{ ...policyCell('gw/load', 'regression'), accuracy: { min: 0.5, fails: true } }],
      notes: [],
    }
    const refused = finalVerdict(input({ step, paired: wrong, acceptance }))
    expect(refused.exitCode).toBe(1)
    expect(refused.acceptedRegression).toBeUndefined()
    expect(refused.acceptanceRefused).toMatch(/wrong answers/)
  })

  it('baseline mode: pass, nothing compared, exit 0 even with a regressed-looking cell', () => {
    const final = finalVerdict(
      input({
        mode: 'baseline',
        step: stop('pass', 'none', 'baseline mode: measured, nothing compared'),
        measured: { cells: [policyCell('gw/load', 'inconclusive')], notes: ['m'] },
      }),
    )
    expect(final).toMatchObject({ method: 'none', verdict: 'pass', exitCode: 0, notes: ['m'] })
    expect(final.decision).toBe('baseline mode: measured, nothing compared')
  })

  it('says the stored phase did not decide when paired blocks did, and the power note', () => {
    const stored = { cells: [policyCell('gw/load', 'regression')], notes: ['stored note'], runner: differs }
    const paired = { cells: [{ ...policyCell('gw/load', 'pass'), minDetectablePct: 4.2 }], notes: [] }
    const final = finalVerdict(input({ step: stop('pass', 'paired'), stored, paired }))
    expect(final.notes[0]).toBe('Decided by paired A/B blocks on this runner: the reason.')
    expect(final.notes[1]).toMatch(
      /^Stored comparison \(not deciding\): regression; gw\/load \+0(\.0)?% regression; runner differs\.$/,
    )
    expect(final.notes.some((n) => n.startsWith('Smallest regression this gate could have detected'))).toBe(
      true,
    )
    expect(final.notes).toContain('stored note')
  })
})
