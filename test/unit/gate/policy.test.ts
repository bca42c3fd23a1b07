import { describe, expect, it } from 'vitest'
import { gatedVerdict, nextBlockMs, nextStep, type PolicyInput } from '../../../src/gate/decision/policy.js'
import type { RunnerCheck } from '../../../src/stats/runner-check.js'
import { policyCell } from '../../support/policy-fixtures.js'

const SAME: RunnerCheck = { status: 'same', reasons: ['control within the band'] }
const DIFFERS: RunnerCheck = { status: 'differs', reasons: ['control +64%: markedly slower'] }
const UNKNOWN: RunnerCheck = { status: 'unknown', reasons: ['control not shown within the band'] }

const control = policyCell('no-gateway/s', 'pass', { control: true })
const cells = (verdict: 'pass' | 'regression' | 'inconclusive') => [control, policyCell('gw/s', verdict)]

function input(over: Partial<PolicyInput>): PolicyInput {
  return {
    start: 'stored',
    hasVariant: true,
    stored: null,
    paired: null,
    minPairs: 5,
    maxPairs: 20,
    pairsPerBlock: 1,
    elapsedMs: 60_000,
    budgetMs: 480_000,
    blockMs: [],
    ...over,
  }
}

describe('nextStep: the stored phase', () => {
  it('measures the stored baseline first when the gate starts stored', () => {
    expect(nextStep(input({}))).toEqual({ action: 'measure-stored' })
  })

  it('lets a stored pass decide on a runner shown to match the baseline', () => {
    const step = nextStep(input({ stored: { cells: cells('pass'), runner: SAME } }))
    expect(step).toMatchObject({ action: 'stop', verdict: 'pass', evidence: 'stored' })
  })

  it('never blocks on a stored regression when the runner differs: it escalates to paired blocks', () => {
    const step = nextStep(input({ stored: { cells: cells('regression'), runner: DIFFERS } }))
    expect(step.action).toBe('add-block')
    expect(step.action === 'add-block' && step.why).toMatch(/runner differs/)
  })

  it('without a baseline variant, a stored regression on a differing runner is inconclusive, with how to decide', () => {
    for (const runner of [DIFFERS, UNKNOWN]) {
      const step = nextStep(input({ hasVariant: false, stored: { cells: cells('regression'), runner } }))
      expect(step).toMatchObject({ action: 'stop', verdict: 'inconclusive', evidence: 'stored' })
      expect(step.action === 'stop' && step.reason).toMatch(/set baselineVariant/)
    }
  })

  it('escalates a stored alarm even on a matching runner when a variant can confirm it', () => {
    const step = nextStep(input({ stored: { cells: cells('regression'), runner: SAME } }))
    expect(step.action).toBe('add-block')
  })

  it('blocks on a stored alarm only on a matching runner and with nothing to confirm with', () => {
    const step = nextStep(input({ hasVariant: false, stored: { cells: cells('regression'), runner: SAME } }))
    expect(step).toMatchObject({ action: 'stop', verdict: 'regression', evidence: 'stored' })
  })

  it('escalates an inconclusive stored comparison, and a pass on a runner it cannot vouch for', () => {
    expect(nextStep(input({ stored: { cells: cells('inconclusive'), runner: SAME } })).action).toBe(
      'add-block',
    )
    expect(nextStep(input({ stored: { cells: cells('pass'), runner: UNKNOWN } })).action).toBe('add-block')
  })

  it('starts with paired blocks when there is no stored baseline, and says how to decide without a variant', () => {
    expect(nextStep(input({ start: 'paired' })).action).toBe('add-block')
    const step = nextStep(input({ start: 'paired', hasVariant: false }))
    expect(step).toMatchObject({ action: 'stop', verdict: 'inconclusive', evidence: 'none' })
  })
})

describe('nextStep: paired blocks', () => {
  const paired = (verdict: 'pass' | 'regression' | 'inconclusive', pairs: number) => ({
    cells: cells(verdict),
    pairs,
    blocks: pairs,
  })
  const stored = { cells: cells('regression'), runner: DIFFERS }

  it('adds blocks until the least number of pairs, even when every cell already looks decided', () => {
    const step = nextStep(input({ stored, paired: paired('pass', 3), blockMs: [20_000] }))
    expect(step).toMatchObject({ action: 'add-block' })
  })

  it('stops on a paired verdict once it has enough pairs: the paired evidence decides', () => {
    expect(nextStep(input({ stored, paired: paired('pass', 5), blockMs: [20_000] }))).toMatchObject({
      action: 'stop',
      verdict: 'pass',
      evidence: 'paired',
    })
    expect(nextStep(input({ stored, paired: paired('regression', 5), blockMs: [20_000] }))).toMatchObject({
      action: 'stop',
      verdict: 'regression',
      evidence: 'paired',
    })
  })

  describe('gate.onRegression', () => {
    // One cell regressed, one still undecided, one passed.
    const mixed = {
      cells: [
        control,
        policyCell('gw/a', 'regression'),
        policyCell('gw/b', 'inconclusive'),
        policyCell('gw/c', 'pass'),
      ],
      pairs: 5,
      blocks: 5,
    }

    it('stop (the default) blocks at the first regression and leaves the rest undecided', () => {
      const step = nextStep(input({ start: 'paired', paired: mixed, blockMs: [20_000] }))
      expect(step).toEqual({
        action: 'stop',
        verdict: 'regression',
        evidence: 'paired',
        reason: 'gw/a regressed after 5 pairs',
      })
    })

    it('decide-rest keeps measuring while a gated cell is undecided and a block fits', () => {
      const step = nextStep(input({ start: 'paired', paired: mixed, blockMs: [20_000], decideRest: true }))
      expect(step).toEqual({
        action: 'add-block',
        why: 'gw/a regressed; deciding gw/b too (gate.onRegression: decide-rest)',
      })
    })

    it('decide-rest stops as a regression, naming the undecided, at the pair limit or the budget', () => {
      const capped = nextStep(
        input({ start: 'paired', paired: { ...mixed, pairs: 20 }, blockMs: [20_000], decideRest: true }),
      )
      expect(capped).toEqual({
        action: 'stop',
        verdict: 'regression',
        evidence: 'paired',
        reason:
          'gw/a regressed after 20 pairs; gw/b still inconclusive, the most this gate runs (gate.maxRounds)',
      })
      const late = nextStep(
        input({ start: 'paired', paired: mixed, blockMs: [20_000], elapsedMs: 470_000, decideRest: true }),
      )
      expect(late).toMatchObject({ action: 'stop', verdict: 'regression' })
      expect(late.action === 'stop' && late.reason).toMatch(/gw\/b still inconclusive when the time budget/)
    })

    it('decide-rest stops once every gated cell is decided', () => {
      const decided = {
        ...mixed,
        cells: [control, policyCell('gw/a', 'regression'), policyCell('gw/c', 'pass')],
      }
      const step = nextStep(input({ start: 'paired', paired: decided, blockMs: [20_000], decideRest: true }))
      expect(step).toMatchObject({
        action: 'stop',
        verdict: 'regression',
        reason: 'gw/a regressed after 5 pairs',
      })
    })
  })

  it('keeps adding blocks while inconclusive, until the pair limit or the time budget', () => {
    expect(nextStep(input({ stored, paired: paired('inconclusive', 8), blockMs: [20_000] })).action).toBe(
      'add-block',
    )
    const capped = nextStep(input({ stored, paired: paired('inconclusive', 20), blockMs: [20_000] }))
    expect(capped).toMatchObject({ action: 'stop', verdict: 'inconclusive', evidence: 'paired' })
    expect(capped.action === 'stop' && capped.reason).toMatch(/maxRounds/)
    const late = nextStep(
      input({ stored, paired: paired('inconclusive', 8), elapsedMs: 470_000, blockMs: [20_000] }),
    )
    expect(late).toMatchObject({ action: 'stop', verdict: 'inconclusive' })
    expect(late.action === 'stop' && late.reason).toMatch(/timeBudget/)
  })

  it('assumes the next block is as slow as the slowest so far, not the mean, so a slowing runner stays in budget', () => {
    // Blocks of 20, 20 and 60 s: the mean (33 s) would fit in the 40 s left, the slowest does not.
    const blockMs = [20_000, 20_000, 60_000]
    const step = nextStep(input({ stored, paired: paired('inconclusive', 8), elapsedMs: 440_000, blockMs }))
    expect(step).toMatchObject({ action: 'stop', verdict: 'inconclusive', evidence: 'paired' })
    expect(step.action === 'stop' && step.reason).toMatch(/timeBudget/)
    expect(
      nextStep(input({ stored, paired: paired('inconclusive', 8), elapsedMs: 410_000, blockMs })).action,
    ).toBe('add-block')
  })

  it('plans the next block from the cells it measures (adaptive blocks): a block of fewer cells fits', () => {
    // Blocks of 9 cells took 60 s; 50 s are left. The next block of all 9 would not fit, of 3 it does.
    const blockMs = [60_000, 60_000]
    const base = {
      stored,
      paired: paired('inconclusive', 8),
      elapsedMs: 430_000,
      blockMs,
      blockCells: [9, 9],
    }
    expect(nextStep(input({ ...base, nextBlockCells: 9 }))).toMatchObject({ action: 'stop' })
    expect(nextStep(input({ ...base, nextBlockCells: 3 })).action).toBe('add-block')
    // Per cell as slow as the slowest block so far: a 3-cell block of 30 s makes the next 3 cells 30 s.
    expect(nextBlockMs({ blockMs: [60_000, 30_000], blockCells: [9, 3], nextBlockCells: 3 })).toBe(30_000)
  })

  it('a stored gate whose control is outside the band never stops with a regression without paired evidence', () => {
    // Every combination of stored verdict and variant availability, on a runner that differs.
    for (const verdict of ['pass', 'regression', 'inconclusive'] as const) {
      for (const hasVariant of [true, false]) {
        const step = nextStep(input({ hasVariant, stored: { cells: cells(verdict), runner: DIFFERS } }))
        if (step.action === 'stop') {
          expect(step.verdict).not.toBe('regression')
          expect(step.evidence).not.toBe('paired')
        }
      }
    }
  })
})

describe('gatedVerdict', () => {
  it('ignores control cells and ranks regression over inconclusive over pass', () => {
    expect(
      gatedVerdict([policyCell('c/s', 'regression', { control: true }), policyCell('g/s', 'pass')]),
    ).toBe('pass')
    expect(gatedVerdict([policyCell('a/s', 'inconclusive'), policyCell('b/s', 'regression')])).toBe(
      'regression',
    )
    expect(gatedVerdict([policyCell('c/s', 'pass', { control: true })])).toBe('inconclusive')
  })
})

describe('nextStep: accuracy', () => {
  it('stops on a stored accuracy failure on any runner, without paired blocks', () => {
    const wrong = {
      ...policyCell('gw/s', 'regression'),
      checkAccuracy: 0.99,
      accuracy: { min: 1, fails: true },
    }
    const step = nextStep(input({ stored: { cells: [control, wrong], runner: DIFFERS } }))
    expect(step).toEqual({
      action: 'stop',
      verdict: 'regression',
      evidence: 'stored',
      reason: 'accuracy below gate.minAccuracy in gw/s',
    })
  })

  it('ignores an inaccurate control profile', () => {
    const wrongControl = { ...control, accuracy: { min: 1, fails: true } }
    const step = nextStep(
      input({ stored: { cells: [wrongControl, policyCell('gw/s', 'pass')], runner: SAME } }),
    )
    expect(step).toMatchObject({ action: 'stop', verdict: 'pass' })
  })
})
