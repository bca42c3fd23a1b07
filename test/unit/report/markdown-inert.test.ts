// In gate mode the pull request controls the config and its own k6 script, so every name and every
// line of output the report quotes is the PR's text. In the PR comment it must stay text: no link, no
// image, no @mention, no issue reference, however it is written. The HTML report shows it as written.
import { describe, expect, it } from 'vitest'
import type { GateResults } from '../../../src/model.js'
import { renderHtml } from '../../../src/report/html.js'
import { renderJobSummary, renderMarkdown } from '../../../src/report/markdown.js'
import { regressedGate } from '../../support/report-fixtures.js'

const HOSTILE = [
  'http_req_duration{url:https://evil.example/@octocat}',
  '[x](https://evil.example) ![i](https://evil.example/i.png) @octocat #12',
  '[ref]: https://evil.example/ref and [ref] and [y][ref] and <https://evil.example/a>',
  'www.evil.example owner/repo#7 GH-9 mail@evil.example @org/team',
  '\\[esc](https://evil.example/esc) \\\\[double](https://evil.example/double) trailing\\',
  '# heading $\\sqrt{x}$ `tick` ``two`` ](https://evil.example/after-tick)',
]

function hostileGate(): GateResults {
  const results = regressedGate()
  const [first, ...rest] = results.cells
  const cell = first!
  const runs = cell.runs.map((run, i) =>
    i === 0 ? { ...run, valid: false, invalidReason: HOSTILE[1] } : run,
  )
  results.cells = [
    {
      ...cell,
      runs,
      reasons: [...cell.reasons, ...HOSTILE],
      scriptThresholds: HOSTILE.map((text) => ({
        metric: text,
        threshold: text,
        crossed: 1,
        runs: 3,
        fails: true,
      })),
      endpoints: HOSTILE.map((text) => ({
        tag: text,
        value: text,
        runs: 3,
        requests: 100,
        p50: 1,
        p90: 2,
        p95: 3,
        p99: 4,
        errorRate: 0,
      })),
    },
    ...rest,
  ]
  results.notes = [...results.notes, ...HOSTILE]
  results.name = HOSTILE[3]!
  results.k6Flags = [HOSTILE[0]!]
  return results
}

/**
 * What GitHub would turn into a link, an image, a mention or a reference. Code spans are inert, so
 * they are removed first (a backtick run closes only a run of the same length).
 */
function liveConstructs(markdown: string): string[] {
  const text = markdown
    .replace(/^```mermaid[\s\S]*?^```/gm, '')
    .replace(/(?<!\\)(`+)([\s\S]*?[^`])\1(?!`)/g, ' ')
    // Backslash escape pairs are literal characters.
    .replace(/\\[!-/:-@[-`{-~]/g, '_')
  const found: string[] = []
  const patterns: [string, RegExp][] = [
    ['inline link or image', /\]\(/],
    ['reference link', /\]\[/],
    ['link definition', /\]:/],
    ['autolink', /<[a-z]+:/i],
    ['bare URL', /[a-z]:\/\//i],
    ['www autolink', /\bwww\./i],
    ['mention', /(^|[^\w])@\w/m],
    ['email autolink', /\w@[\w-]+\.\w/],
    ['issue reference', /#\d/],
    ['GH reference', /\bGH-\d/i],
    ['HTML tag', /<(a|img|picture|svg)\b/i],
    ['math', /\$\S/],
  ]
  for (const [what, pattern] of patterns) {
    const match = pattern.exec(text)
    if (match) found.push(`${what}: ${text.slice(Math.max(0, match.index - 30), match.index + 30)}`)
  }
  return found
}

describe('PR-controlled text in the markdown report', () => {
  it('the fixture itself renders no live construct (the check is fair)', () => {
    expect(liveConstructs(renderMarkdown(regressedGate()))).toEqual([])
  })

  it('threshold names, endpoint values, reasons, notes and the gate name cannot link, embed or mention', () => {
    const markdown = renderMarkdown(hostileGate(), { maxChars: 1_000_000 })
    // Everything is there, as text.
    expect(markdown).toContain('k6 threshold')
    expect(markdown).toContain('Endpoint')
    expect(markdown).toContain('octocat')
    expect(liveConstructs(markdown)).toEqual([])
    // Still readable: only zero-width spaces and backslash escapes were added.
    const threshold = HOSTILE[0]!.replace('://', ':/\u200b/').replace('@', '@\u200b')
    expect(markdown).toContain(`| k6 threshold ${threshold}: ${threshold} |`)
    expect(markdown).toContain(
      '[x\\](https:/\u200b/evil.example) ![i\\](https:/\u200b/evil.example/i.png) @\u200boctocat #\u200b12',
    )
    expect(liveConstructs(renderJobSummary(hostileGate()))).toEqual([])
  })

  it('does not start a heading in a list item', () => {
    const markdown = renderMarkdown(hostileGate(), { maxChars: 1_000_000 })
    expect(markdown).not.toMatch(/^- #/m)
  })

  it('the HTML report still shows the names as written', () => {
    const html = renderHtml(hostileGate(), [], { vega: '', vegaLite: '', vegaEmbed: '' })
    expect(html).toContain('http_req_duration{url:https://evil.example/@octocat}')
    expect(html).not.toContain('\u200b')
  })
})
