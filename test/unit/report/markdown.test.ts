import { describe, expect, it } from 'vitest'
import type { GateResults } from '../../../src/model.js'
import { commentMarker, renderJobSummary, renderMarkdown } from '../../../src/report/markdown.js'
import {
  baselineModeGate,
  hugeGate,
  pairedGate,
  passingGate,
  regressedGate,
} from '../../support/report-fixtures.js'

function inconclusiveGate(): GateResults {
  const results = regressedGate()
  results.cells = results.cells.map((cell) =>
    cell.verdict === 'regression' ? { ...cell, verdict: 'pass', latencyVerdict: 'pass' } : cell,
  )
  results.verdict = 'inconclusive'
  return results
}

/** Checks what GitHub needs to render the comment as intended. */
function expectWellFormed(markdown: string): void {
  const count = (re: RegExp): number => (markdown.match(re) ?? []).length
  expect(count(/<details[ >]/g)).toBe(count(/<\/details>/g))
  expect(count(/<summary>/g)).toBe(count(/<\/summary>/g))
  expect(count(/^```/gm) % 2).toBe(0)
  // Every table row has as many columns as its header.
  const lines = markdown.split('\n')
  let columns: number | null = null
  for (const line of lines) {
    if (!line.startsWith('|')) {
      columns = null
      continue
    }
    const cells = line.replace(/\\\|/g, '').split('|').length
    columns ??= cells
    expect(cells, line).toBe(columns)
  }
}

function tableRows(markdown: string): string[] {
  return markdown.split('\n').filter((line) => line.startsWith('| `'))
}

describe('commentMarker', () => {
  it('is a hidden HTML comment keyed per gate job', () => {
    expect(commentMarker()).toBe('<!-- perf-gate:default -->')
    expect(commentMarker('api-latency')).toBe('<!-- perf-gate:api-latency -->')
  })

  it('cannot be broken out of by the key', () => {
    expect(commentMarker('a --> b <!-- c')).toBe('<!-- perf-gate:a-b-c -->')
    expect(commentMarker('  ')).toBe('<!-- perf-gate:default -->')
  })
})

describe('renderMarkdown', () => {
  it('starts with the marker, then the verdict', () => {
    const lines = renderMarkdown(regressedGate(), { markerKey: 'nightly' }).split('\n')
    expect(lines[0]).toBe('<!-- perf-gate:nightly -->')
    expect(lines[2]).toBe('### ❌ perf-gate: regression in 2 of 6 cells')
  })

  it.each([
    ['pass', passingGate, '### ✅ perf-gate: pass (1 cell within +10%)'],
    ['regression', regressedGate, '### ❌ perf-gate: regression in 2 of 6 cells'],
    ['inconclusive', inconclusiveGate, '### ⚠️ perf-gate: inconclusive in 1 of 6 cells'],
    ['baseline mode', baselineModeGate, '### 📦 perf-gate: baseline recorded for 2 cells'],
  ])('headline for %s', (_name, fixture, expected) => {
    expect(renderMarkdown(fixture())).toContain(`\n${expected}\n`)
  })

  it('names the regressed cells under the headline', () => {
    expect(renderMarkdown(regressedGate())).toContain(
      'Regressed: `key-auth/vus-50` +16.1%, `rate-limit/vus-50` +23.7%',
    )
  })

  it('has one table row per cell, regressions first, with CIs, error rate and accuracy', () => {
    const md = renderMarkdown(regressedGate())
    const rows = tableRows(md)
    expect(rows).toHaveLength(8)
    expect(rows[0]).toContain('`key-auth/vus-50`')
    expect(rows[0]).toMatch(
      /\| 4\.80 ms \[4\.70, 4\.86\] \| 5\.63 ms \[5\.31, 5\.79\] \| \+16\.1% \[\+11\.4%, \+20\.7%\] \|/,
    )
    expect(rows[1]).toContain('**2.30%** ❗')
    expect(rows[1]).toContain('97.7%')
    expect(rows.find((row) => row.includes('no-gateway/vus-10'))).toContain('control (not gated)')
  })

  it('falls back to a Mermaid chart of the change per cell with the threshold line', () => {
    const md = renderMarkdown(regressedGate())
    expect(md).toContain('```mermaid\nxychart-beta\n')
    expect(md).toContain('  bar [-1.5, 2.8, 1.2, -0.6, 2.9, 16.1, 11.7, 23.7]')
    expect(md).toContain('  line [10, 10, 10, 10, 10, 10, 10, 10]')
  })

  it('shows published images instead of the Mermaid chart, and links the artifacts', () => {
    const md = renderMarkdown(regressedGate(), {
      images: [
        { url: 'https://github.com/o/r/blob/abc/perf-gate/p95.png?raw=true', alt: 'P95 [per profile]' },
      ],
      artifactsUrl: 'https://github.com/o/r/actions/runs/42',
    })
    expect(md).not.toContain('```mermaid')
    expect(md).toContain('![P95 per profile](https://github.com/o/r/blob/abc/perf-gate/p95.png?raw=true)')
    expect(md).toContain('(https://github.com/o/r/actions/runs/42)')
  })

  it('shows the first two charts and folds the rest into a details block that names them', () => {
    const images = ['Decision', 'Comparison', 'CDF', 'Timeline'].map((alt, i) => ({
      url: `https://github.com/o/r/blob/abc/perf-gate/${i}.png?raw=true`,
      alt,
    }))
    const md = renderMarkdown(regressedGate(), { images })
    const details = md.indexOf('<details><summary>2 more charts: CDF, Timeline</summary>')
    expect(details).toBeGreaterThan(0)
    expect(md.indexOf('(https://github.com/o/r/blob/abc/perf-gate/1.png?raw=true)')).toBeLessThan(details)
    expect(md.indexOf('(https://github.com/o/r/blob/abc/perf-gate/2.png?raw=true)')).toBeGreaterThan(details)
    expect(md.indexOf('(https://github.com/o/r/blob/abc/perf-gate/3.png?raw=true)')).toBeGreaterThan(details)
  })

  it('puts the change in ms beside the change in percent', () => {
    const md = renderMarkdown(regressedGate())
    expect(md).toContain('| Change (CI) | Change ms |')
    const cell = regressedGate().cells.find((c) => c.cell === 'key-auth/vus-50')!
    // The difference of the geometric means, the statistic the columns beside it show.
    const ms = (cell.candidate.mean - cell.baseline!.mean).toFixed(3)
    expect(md).toMatch(new RegExp(`\\| \\+16\\.1% \\[[^\\]]+\\] \\| \\+${ms.replace('.', '\\.')} ms \\|`))
  })

  it('has no chart without a baseline to compare with', () => {
    expect(renderMarkdown(baselineModeGate())).not.toContain('mermaid')
  })

  it('puts reasons, statistics, runs, environment, baseline and notes in collapsible blocks', () => {
    const md = renderMarkdown(regressedGate())
    expect(md).toContain('<details><summary>❌ regression: key-auth/vus-50, +16.1%</summary>')
    expect(md).toContain('- P95 ratio lower bound is above 1 and the estimate exceeds 1 + threshold')
    expect(md).toContain('| Ratio (95% CI) | 1.161 [1.114, 1.207] |')
    expect(md).toContain('| candidate | 1 | 3.05 | 4.72 | 5.55 | 8.05 | 17.8 | 13509 | 0% | yes |')
    expect(md).toContain('<sub>1 warm-up run discarded.</sub>')
    expect(md).toContain('| k6 | v1.8.1 |')
    expect(md).toContain('| Git SHA | 3f2c9a1d5e7b4c6a8f0e1d2c3b4a59687f6e5d4c |')
    expect(md).toContain('| Source | baselines/nginx.json |')
    expect(md).toContain('| Age | 3.4 days |')
    expect(md).toContain('<details open><summary>Notes (1)</summary>')
    expectWellFormed(md)
  })

  it('lists statistics it does not know by name and ignores what it cannot show', () => {
    const results = regressedGate()
    Object.assign(results.cells[0]!, { futureScore: 0.5, callback: () => 1, nested: { a: [1, 2] } })
    const md = renderMarkdown(results)
    expect(md).toContain('| wilcoxon p-value | 0.3125 |')
    expect(md).toContain('| sigma log ratio | 0.0581 |')
    expect(md).toContain('| other ratios | p50 1.010 [0.980, 1.040] |')
    expect(md).toContain('| future score | 0.5 |')
    expect(md).not.toContain('callback')
    expect(md).not.toContain('nested')
  })

  it('shows the baseline runs of a paired gate in the runs table', () => {
    const md = renderMarkdown(pairedGate())
    expect(md).toContain('paired A/B on this runner (duet, 6 pairs in 6 blocks of fresh stacks)')
    // Which evidence decided, and what the gate could have seen at all.
    expect(md).toContain('Decided by paired A/B blocks on this runner: every gated cell passes after 6 pairs')
    // Every cell passed: no detectable change is shown (it would read as a second verdict).
    expect(md).not.toMatch(/Could detect|would block/)
    // Req/s: this fixture's cells carry no achieved load.
    expect(md).toMatch(/ ms \| — \| 0% \|/)
    expect(md).toMatch(/\| baseline \| 1 \|/)
    expect(md).not.toContain('Baseline per-run values')
  })

  it('escapes text that would break the markup', () => {
    const results = passingGate()
    results.notes = ['a </details> b | c']
    const md = renderMarkdown(results)
    expect(md).toContain('- a &lt;/details&gt; b | c')
    expectWellFormed(md)
  })

  it('matches the snapshot for a regressed gate', () => {
    expect(renderMarkdown(regressedGate())).toMatchSnapshot()
  })
})

describe('size cap', () => {
  const huge = hugeGate()

  it('keeps a huge report under the default cap, well formed, and says what was left out', () => {
    const md = renderMarkdown(huge, { artifactsUrl: 'https://github.com/o/r/actions/runs/42' })
    expect(renderMarkdown(huge, { maxChars: 10_000_000 }).length).toBeGreaterThan(65_000)
    expect(md.length).toBeLessThanOrEqual(65_000)
    expect(md.split('\n')[0]).toBe('<!-- perf-gate:default -->')
    expect(md).toContain('### ❌ perf-gate: regression in')
    expect(md).not.toContain('<details><summary>')
    expect(md).toMatch(
      /… \d+ more cells, see the \[full report\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/42\)\./,
    )
    const shown = tableRows(md).length
    const hidden = Number(/… (\d+) more cells/.exec(md)?.[1])
    expect(shown + hidden).toBe(huge.cells.length)
    // Regressions come first, so they are the rows that survive.
    expect(tableRows(md)[0]).toContain('❌ regression')
    expectWellFormed(md)
  })

  it('drops per-run tables first, then the details blocks, then rows', () => {
    const results = regressedGate()
    const full = renderMarkdown(results, { maxChars: 1_000_000 })
    expect(full).toContain('| Variant | Round |')

    const withoutRuns = renderMarkdown(results, { maxChars: full.length - 1 })
    expect(withoutRuns).not.toContain('| Variant | Round |')
    expect(withoutRuns).toContain('<details><summary>❌ regression: key-auth/vus-50')
    expect(withoutRuns.length).toBeLessThan(full.length)

    const withoutDetails = renderMarkdown(results, { maxChars: withoutRuns.length - 1 })
    expect(withoutDetails).not.toContain('<details><summary>')
    expect(withoutDetails).toContain("Per-cell details omitted to fit GitHub's size limit")
    expect(tableRows(withoutDetails)).toHaveLength(8)

    const fewerRows = renderMarkdown(results, { maxChars: withoutDetails.length - 1 })
    expect(fewerRows.length).toBeLessThan(withoutDetails.length)
    expect(tableRows(fewerRows)).toHaveLength(7)
    expect(fewerRows).toContain('… 1 more cell, see the full report.')
    for (const md of [withoutRuns, withoutDetails, fewerRows]) expectWellFormed(md)
  })

  it('never cuts markup even when the cap is absurdly small', () => {
    const md = renderMarkdown(regressedGate(), { maxChars: 50 })
    expect(md).toContain('### ❌ perf-gate: regression in 2 of 6 cells')
    expect(md).not.toContain('```')
    expectWellFormed(md)
  })
})

describe('renderJobSummary', () => {
  it('is the same report without the marker and with room for every detail', () => {
    const summary = renderJobSummary(hugeGate(10, 4))
    expect(summary.startsWith('### ❌ perf-gate')).toBe(true)
    expect(summary).not.toContain('<!-- perf-gate:')
    expect(summary).toContain('| Variant | Round |')
  })

  it("stays under GitHub's 1 MiB summary limit in bytes, not characters", () => {
    const gate = hugeGate(10, 4)
    // Reasons in a script whose characters take three bytes each: about 0.6 M characters, 1.8 MB.
    for (const cell of gate.cells) cell.reasons = [...cell.reasons, '性能'.repeat(7_500)]
    const summary = renderJobSummary(gate)
    expect(new TextEncoder().encode(summary).length).toBeLessThanOrEqual(1024 * 1024)
    expect(summary.startsWith('### ❌ perf-gate')).toBe(true)
  })
})

describe('a config that can never block', () => {
  it('is said plainly beside the decision, and not at all when it can block', () => {
    const results = inconclusiveGate()
    results.cannotBlock = [
      'no baselineVariant and no stored baseline (x.json): there is nothing to compare with',
    ]
    const md = renderMarkdown(results)
    expect(md).toContain(
      '**This config can never block a pull request:** no baselineVariant and no stored baseline (x.json)',
    )
    expectWellFormed(md)
    expect(renderMarkdown(inconclusiveGate())).not.toContain('can never block')
  })
})
