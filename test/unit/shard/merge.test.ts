import { describe, expect, it } from 'vitest'
import type { CellComparison, GateResults } from '../../../src/model.js'
import { mergePartials, mergeRefusals, type PartialResults } from '../../../src/shard/merge.js'
import { recordShard } from '../../../src/shard/record.js'
import { applyHolm } from '../../../src/stats/multiple-testing.js'
import { gatedCellsSorted, shareOf } from '../../../src/shard/share.js'
import { makeCell, passingGate } from '../../support/report-fixtures.js'

const profiles = ['control', 'nginx', 'envoy', 'caddy']
const scenarios = ['small', 'large', 'slow']
const matrix = {
  profiles: profiles.map((name) => ({ name, control: name === 'control' })),
  scenarios: scenarios.map((name) => ({ name })),
}
/** Raw (unadjusted) p-values of the gated cells; every p < 0.01 reads as a latency regression. */
const P: Record<string, number> = {
  'nginx/small': 0.001,
  'nginx/large': 0.0015,
  'nginx/slow': 0.004,
  'envoy/small': 0.3,
  'envoy/large': 0.5,
  'envoy/slow': 0.006,
  'caddy/small': 0.02,
  'caddy/large': 0.0008,
  'caddy/slow': 0.7,
}
const ALPHA_CONFIDENCE = 0.99

/** A cell as the comparison leaves it, before Holm. */
function raw(profile: string, scenario: string, seed: number): CellComparison {
  const control = profile === 'control'
  const p = control ? 0.5 : (P[`${profile}/${scenario}`] as number)
  const verdict = control ? 'pass' : p < 0.01 ? 'regression' : 'pass'
  const cell = makeCell(
    {
      profile,
      scenario,
      baselineP95: 2,
      candidateP95: verdict === 'regression' ? 2.6 : 2.02,
      verdict,
      control,
      paired: true,
    },
    seed,
  )
  return { ...cell, pValue: p, adjustedPValue: null, latencyVerdict: verdict, reasons: ['measured'] }
}

function allCells(): CellComparison[] {
  let seed = 1
  return profiles.flatMap((p) => scenarios.map((s) => raw(p, s, seed++)))
}

const DIGEST = 'ab'.repeat(32)
const SHA = 'c'.repeat(40)

/** Partial results of share i/N, as a share's gate writes them. */
function partial(
  index: number,
  count: number,
  overrides: Partial<NonNullable<GateResults['shard']>> = {},
  /** Gated cells in other shares, counted in the share's Holm family (what a sharded gate does). */
  elsewhere = 0,
): PartialResults {
  const share = shareOf(matrix, { index, count })
  const mine = new Set([...share.gated, ...share.controls].map((c) => `${c.profile}/${c.scenario}`))
  const cells = applyHolm(
    allCells().filter((c) => mine.has(c.cell)),
    ALPHA_CONFIDENCE,
    elsewhere,
  )
  const base = passingGate()
  const results: GateResults = {
    ...base,
    method: 'paired',
    evidence: 'paired',
    cells,
    verdict: cells.some((c) => !c.control && c.verdict === 'regression') ? 'regression' : 'pass',
    notes: [`share ${index} note`],
    shard: {
      index,
      count,
      configDigest: DIGEST,
      commit: SHA,
      event: 'pull_request',
      cells: share.gated.map((c) => `${c.profile}/${c.scenario}`),
      blockConfidence: ALPHA_CONFIDENCE,
      onInconclusive: 'warn',
      ...overrides,
    },
  }
  return { file: `shard-${index}/results.json`, results }
}

const shards = (count: number) => Array.from({ length: count }, (_, i) => partial(i + 1, count))

describe('mergePartials', () => {
  it('gives every cell the Holm adjusted p-value and verdict of the unsharded family', () => {
    const whole = applyHolm(allCells(), ALPHA_CONFIDENCE)
    for (const count of [2, 3, 9]) {
      const { results } = mergePartials(shards(count))
      const gated = results.cells.filter((c) => !c.control)
      expect(gated.map((c) => c.cell).sort()).toEqual(
        gatedCellsSorted(matrix)
          .map((c) => `${c.profile}/${c.scenario}`)
          .sort(),
      )
      for (const cell of gated) {
        const expected = whole.find((c) => c.cell === cell.cell) as CellComparison
        expect(cell.adjustedPValue, cell.cell).toBeCloseTo(expected.adjustedPValue as number, 12)
        expect(cell.latencyVerdict, cell.cell).toBe(expected.latencyVerdict)
        expect(cell.verdict, cell.cell).toBe(expected.verdict)
        // One Holm reason at most, naming the whole family.
        const holm = cell.reasons.filter((r) => r.includes('Holm'))
        expect(holm).toEqual(expected.reasons.filter((r) => r.includes('Holm')))
      }
    }
  })

  it('downgrades a share’s regression that the whole family does not confirm', () => {
    // nginx/large (p 0.0015) survives Holm within its share of 3 cells but not across 9 at alpha 0.01.
    const parts = shards(3)
    const holder = parts.find((p) => p.results.shard?.cells.includes('nginx/large')) as PartialResults
    expect(holder.results.cells.find((c) => c.cell === 'nginx/large')?.verdict).toBe('regression')
    const merged = mergePartials(parts).results.cells.find((c) => c.cell === 'nginx/large')
    expect(merged?.verdict).toBe('inconclusive')
    expect(merged?.reasons.at(-1)).toMatch(/Holm correction across 9 cells/)
  })

  it('a share that counts the other shares’ cells blocks only where the whole family would', () => {
    const whole = applyHolm(allCells(), ALPHA_CONFIDENCE)
    for (const count of [2, 3, 4]) {
      const parts = Array.from({ length: count }, (_, i) => {
        const gated = shareOf(matrix, { index: i + 1, count }).gated.length
        return partial(i + 1, count, {}, gatedCellsSorted(matrix).length - gated)
      })
      const merged = mergePartials(parts).results.cells
      for (const part of parts)
        for (const cell of part.results.cells.filter((c) => !c.control)) {
          const wholeCell = whole.find((c) => c.cell === cell.cell) as CellComparison
          // Padded: never below the whole family's adjusted p, so a share's block stands after the merge.
          expect(cell.adjustedPValue as number).toBeGreaterThanOrEqual(
            (wholeCell.adjustedPValue as number) - 1e-15,
          )
          if (cell.verdict === 'regression')
            expect(merged.find((c) => c.cell === cell.cell)?.verdict, cell.cell).toBe('regression')
        }
      for (const cell of merged.filter((c) => !c.control))
        expect(cell.verdict).toBe(whole.find((c) => c.cell === cell.cell)?.verdict)
    }
  })

  it('with the layout: the unsharded gate’s cell order, and overhead over every share’s cells', () => {
    const layout = {
      profiles: profiles.map((name) => ({ name })),
      scenarios,
      reference: 'nginx',
    }
    // Two shares: envoy/large is in one, nginx/large (its reference) in the other.
    const parts = shards(2).map((p) => ({
      ...p,
      results: { ...p.results, shard: { ...(p.results.shard as NonNullable<GateResults['shard']>), layout } },
    }))
    const { results } = mergePartials(parts)
    expect(results.cells.map((c) => c.cell)).toEqual(
      profiles.flatMap((p) => scenarios.map((s) => `${p}/${s}`)),
    )
    expect(results.figures?.reference).toBe('nginx')
    // Every level has the gateway over the control and envoy and caddy over nginx, though no share
    // held all of a level's profiles.
    const figures = (results.figures?.overhead ?? []).map((o) => `${o.profile}:${o.reference}:${o.scenario}`)
    for (const s of scenarios)
      for (const f of [`nginx:control:${s}`, `envoy:nginx:${s}`, `caddy:nginx:${s}`])
        expect(figures).toContain(f)
    expect(parts.map((p) => p.results.shard?.cells.includes('envoy/large'))).toEqual([false, true])
  })

  it('joins into one verdict, one control per scenario, and notes from every share', () => {
    const { results, fails } = mergePartials(shards(3))
    expect(results.verdict).toBe('regression')
    expect(fails).toBe(true)
    expect(results.shard).toBeUndefined()
    const controls = results.cells.filter((c) => c.control).map((c) => c.cell)
    expect(controls.sort()).toEqual(['control/large', 'control/slow', 'control/small'])
    expect(results.notes[0]).toMatch(/Merged from 3 shards/)
    expect(results.notes.filter((n) => /^shard \d\/3: share \d note$/.test(n))).toHaveLength(3)
  })

  it('reports the pairs of the share with the fewest, and the slowest share’s wall time', () => {
    const parts = shards(2)
    parts[0]!.results = {
      ...parts[0]!.results,
      paired: { blocks: 6, pairs: 6, pairing: 'duet' },
      wallTimeS: 168,
    }
    parts[1]!.results = {
      ...parts[1]!.results,
      paired: { blocks: 5, pairs: 5, pairing: 'duet' },
      wallTimeS: 142,
    }
    const { results } = mergePartials(parts)
    expect(results.paired).toEqual({ blocks: 5, pairs: 5, pairing: 'duet' })
    expect(results.wallTimeS).toBe(168)
  })

  it('a share’s results say they are partial; the merged ones do not', () => {
    const parts = shards(2).map((p) => {
      const { shard, ...rest } = p.results
      const { commit, ...record } = shard as NonNullable<GateResults['shard']>
      const results = recordShard({ ...rest, gitSha: commit }, record)
      expect(results.shard).toEqual(shard)
      expect(results.notes[0]).toMatch(/^Partial results: shard \d\/2, \d of the gate's gated cells/)
      return { ...p, results }
    })
    expect(mergePartials(parts).results.notes.filter((n) => n.includes('Partial results'))).toEqual([])
  })

  it('passes when every gated cell passes, and follows onInconclusive', () => {
    const passing = shards(2).map((p) => ({
      ...p,
      results: {
        ...p.results,
        cells: p.results.cells.map((c) => ({
          ...c,
          pValue: 0.5,
          latencyVerdict: 'pass' as const,
          verdict: 'pass' as const,
          reasons: [],
        })),
      },
    }))
    expect(mergePartials(passing).results.verdict).toBe('pass')
    expect(mergePartials(passing).fails).toBe(false)
  })
})

describe('mergeRefusals', () => {
  const refuse = (parts: PartialResults[]) => () => mergePartials(parts)

  it('refuses partials of different configs, naming the file', () => {
    const parts = [partial(1, 2), partial(2, 2, { configDigest: 'cd'.repeat(32) })]
    expect(refuse(parts)).toThrow(
      /shard-2\/results.json: config digest cdcd.* differs from shard-1\/results.json/,
    )
  })

  it('refuses different commits, events, counts and modes', () => {
    expect(mergeRefusals([partial(1, 2), partial(2, 2, { commit: 'd'.repeat(40) })])[0]).toMatch(
      /shard-2\/results.json: commit d{40} differs.*different commits/,
    )
    expect(mergeRefusals([partial(1, 2), partial(2, 2, { event: 'push' })])[0]).toMatch(
      /shard-2\/results.json: event push differs/,
    )
    const three = partial(2, 3)
    expect(mergeRefusals([partial(1, 2), { ...three, file: 'x.json' }])[0]).toMatch(
      /x.json: shard count 3 differs/,
    )
    const baseline = partial(2, 2)
    baseline.results = { ...baseline.results, mode: 'baseline' }
    expect(mergeRefusals([partial(1, 2), baseline])[0]).toMatch(
      /shard-2\/results.json: mode baseline differs/,
    )
  })

  it('refuses partials of a commit other than the one the merge runs for', () => {
    expect(mergeRefusals(shards(2), SHA)).toEqual([])
    expect(mergeRefusals(shards(2), 'e'.repeat(40))).toEqual([
      expect.stringMatching(
        /^shard-1\/results.json: commit c{40} is not the commit this merge runs for \(e{40}\)/,
      ),
    ])
  })

  it('refuses a missing or a duplicated shard', () => {
    expect(mergeRefusals([partial(1, 3), partial(3, 3)])).toEqual([
      expect.stringMatching(/^shard 2\/3 is missing: got 1, 3 of 3/),
    ])
    expect(mergeRefusals([partial(1, 2), { ...partial(1, 2), file: 'again.json' }, partial(2, 2)])).toEqual([
      expect.stringMatching(
        /^again.json: shard 1\/2 is also in shard-1\/results.json \(a duplicated shard\)/,
      ),
    ])
  })

  it('refuses a results.json that is no partial, and a partial whose cells are not its list', () => {
    const whole = { file: 'whole.json', results: passingGate() }
    expect(mergeRefusals([partial(1, 2), whole])[0]).toMatch(/whole.json: not a partial result/)
    const lying = partial(2, 2)
    lying.results = {
      ...lying.results,
      shard: { ...(lying.results.shard as NonNullable<GateResults['shard']>), cells: ['nginx/small'] },
    }
    expect(mergeRefusals([partial(1, 2), lying]).join('\n')).toMatch(
      /shard-2\/results.json: cell nginx\/small is also in shard-1|do not match its shard's cell list/,
    )
  })

  it('refuses nothing', () => {
    expect(mergeRefusals([])).toEqual(['no partial results given'])
  })
})
