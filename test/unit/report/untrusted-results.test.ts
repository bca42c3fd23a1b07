import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readResults } from '../../../src/publish.js'
import { ConfigError } from '../../../src/errors.js'
import { MAX_TIMELINE_BUCKETS } from '../../../src/model.js'
import { defang, parseUntrustedResults } from '../../../src/report/untrusted-results.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { regressedGate } from '../../support/report-fixtures.js'

const clone = () => structuredClone(regressedGate()) as unknown as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- tampering with JSON

describe('parseUntrustedResults', () => {
  it('accepts results written by a real gate', () => {
    const results = parseUntrustedResults(JSON.parse(JSON.stringify(regressedGate())), 'results.json')
    expect(results.cells.length).toBe(regressedGate().cells.length)
  })

  it("keeps the runs' timelines, and refuses one beyond the bound", () => {
    const results = parseUntrustedResults(clone(), 'results.json')
    const run = results.cells[0]!.runs.find((r) => !r.warmup)!
    expect(run.timeline?.length).toBeGreaterThan(0)
    expect(run.timeline).toEqual(regressedGate().cells[0]!.runs.find((r) => !r.warmup)!.timeline)
    const raw = clone()
    raw.cells[0].runs[1].timeline = Array.from({ length: MAX_TIMELINE_BUCKETS + 1 }, (_, t) => ({
      t,
      requests: 1,
    }))
    expect(() => parseUntrustedResults(raw, 'results.json')).toThrow(/cells\.0\.runs\.1\.timeline/)
  })

  it('defangs links, images, HTML and mentions in free text before they reach a comment', () => {
    const raw = clone()
    raw.notes = ['![x](https://evil.example/p.png) <img src=x> [click](https://evil.example) @octocat']
    const results = parseUntrustedResults(raw, 'results.json')
    const markdown = renderMarkdown(results)
    expect(markdown).not.toContain('](https://evil.example')
    expect(markdown).not.toContain('<img')
    expect(markdown).not.toMatch(/@octocat/)
  })

  it('rejects names that are not config names and non-numbers, naming the path', () => {
    const raw = clone()
    raw.cells[0].profile = '[x](https://evil.example)'
    raw.threshold = 'lots'
    try {
      parseUntrustedResults(raw, 'results.json')
      throw new Error('expected rejection')
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const text = (error as Error).message
      expect(text).toContain('results.json: threshold')
      expect(text).toContain('results.json: cells.0.profile: expected a config name')
    }
  })

  it('rejects a file that is not results at all', () => {
    expect(() => parseUntrustedResults({ hello: 'world' }, 'r.json')).toThrow(/r\.json: schemaVersion/)
  })
})

describe('defang', () => {
  it('escapes markdown link syntax and HTML', () => {
    expect(defang('[a](b) <c>')).toBe('\\[a\\]\\(b\\) &lt;c&gt;')
  })

  it('leaves no math, heading or block syntax for GitHub to render', () => {
    expect(defang('$x^2$ and $$\\sum$$')).not.toMatch(/(^|[^\\])\$/)
    expect(defang('# Approved by security')).toMatch(/^\\#/)
    expect(defang('> quoted')).toMatch(/^&gt;/)
    expect(defang('- [x] done')).toMatch(/^\\-/)
  })

  it('drops bidirectional controls that reorder what a reader sees', () => {
    const tricky = 'ok\u202Egnp.exe\u2066x\u2069\u200Fy\u061C'
    expect(defang(tricky)).toBe('okgnp.exexy')
  })
})

/** Every key path in a JSON value (array indexes collapsed), to compare shapes. */
function keyPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keyPaths(item, `${at}[]`))
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [`${at}.${k}`, ...keyPaths(v, `${at}.${k}`)])
  return []
}

describe('one schema for gate and publish', () => {
  it('keeps every field the gate writes (nothing silently dropped in publish mode)', () => {
    const written = JSON.parse(JSON.stringify(regressedGate()))
    const read = parseUntrustedResults(structuredClone(written), 'results.json')
    expect([...new Set(keyPaths(read))].sort()).toEqual([...new Set(keyPaths(written))].sort())
  })
})

describe('a hostile results.json', () => {
  it('cannot link, autolink, mention or reference issues', () => {
    const raw = clone()
    raw.notes = [
      'visit https://evil.example/x and www.evil.example now',
      'fixes #123 and GH-45 and other/repo#6',
      'ping &#64;octocat and @org/team',
      '\\[click](https://evil.example) \\<img src=x>',
      '<a href="https://evil.example">x</a>',
    ]
    raw.machine.cpuModel = 'https://evil.example/cpu'
    raw.cells[0].reasons = ['see www.evil.example #9']
    const results = parseUntrustedResults(raw, 'results.json')
    const markdown = renderMarkdown(results)
    expect(markdown).not.toMatch(/https?:\/\/evil/)
    expect(markdown).not.toMatch(/www\.evil/i)
    expect(markdown).not.toMatch(/#\d/)
    expect(markdown).not.toMatch(/GH-\d/)
    expect(markdown).not.toMatch(/@(octocat|org)/)
    expect(markdown).not.toContain('&#64;')
    expect(markdown).not.toContain('<a ')
    expect(markdown).not.toContain('<img')
    // The backslash trick: an input `\[` must not turn our escape into a literal backslash + live link.
    expect(markdown).not.toMatch(/(^|[^\\])(\\\\)*\[click\]/)
  })

  it('many long notes still give a comment under GitHub’s 65,536-character limit', () => {
    const raw = clone()
    raw.notes = Array.from({ length: 1000 }, (_, i) => `note ${i} ${'lorem ipsum '.repeat(1600)}`)
    const results = parseUntrustedResults(raw, 'results.json')
    const markdown = renderMarkdown(results)
    expect(markdown.length).toBeLessThan(65_536)
    expect(markdown).toContain('Notes (1000)')
    expect(markdown).toMatch(/more note\(s\)/)
    // The verdict table is still there.
    expect(markdown).toContain('| Cell |')
  })

  it('rejects free text over its cap and names the path', () => {
    const raw = clone()
    raw.notes = ['x'.repeat(20_001)]
    expect(() => parseUntrustedResults(raw, 'r.json')).toThrow(/r\.json: notes\.0: .*20000/)
    const raw2 = clone()
    raw2.machine.cpuModel = 'x'.repeat(257)
    expect(() => parseUntrustedResults(raw2, 'r.json')).toThrow(/r\.json: machine\.cpuModel/)
  })

  it('rejects a name longer than a config name may be', () => {
    const raw = clone()
    raw.name = 'a'.repeat(300)
    expect(() => parseUntrustedResults(raw, 'r.json')).toThrow(/r\.json: name/)
  })
})

describe('readResults', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-results-'))
  const problem = async (file: string) => {
    const error = await readResults(file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).exitCode).toBe(2)
    return (error as Error).message
  }

  it('refuses a file over 20 MB before parsing it, naming the input and the file', async () => {
    const file = path.join(dir, 'big.json')
    writeFileSync(file, `{"notes":["${'x'.repeat(20_000_100)}"]}`)
    expect(await problem(file)).toBe(`input "results": ${file}: file is 20 MB, larger than the 20 MB limit`)
  })

  it('refuses a missing file, a directory and non-JSON, naming the file', async () => {
    expect(await problem(path.join(dir, 'none.json'))).toMatch(
      /^input "results": .*none\.json: file not found/,
    )
    expect(await problem(dir)).toMatch(/^input "results": .*: is a directory/)
    const bad = path.join(dir, 'bad.json')
    writeFileSync(bad, '{"oops"')
    expect(await problem(bad)).toMatch(/^input "results": .*bad\.json: not valid JSON/)
  })

  it("names where the JSON breaks, never quoting the file's bytes (a fork writes them)", async () => {
    const cases: [string, string][] = [
      // V8 quotes the text around some errors, with no position: a link, a terminal escape, a mention.
      ['{"a": tru} [x](https://evil.example) \u001b]8;;x\u0007 @admin', 'not valid JSON'],
      ['{"notes": ["@admin"], ::set-output}', 'not valid JSON at position 22 (line 1, column 23)'],
      ['{\n  "a": 1,\n  x\n}', 'not valid JSON at position 14 (line 3, column 3)'],
      ['{"a": [1, 2', 'not valid JSON at position 11 (line 1, column 12)'],
      ['', 'not valid JSON (it ends too early)'],
    ]
    for (const [i, [text, expected]] of cases.entries()) {
      const file = path.join(dir, `broken-${i}.json`)
      writeFileSync(file, text)
      expect(await problem(file)).toBe(`input "results": ${file}: ${expected}`)
    }
  })
})
