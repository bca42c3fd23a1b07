import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/errors.js'
import { defang, parseUntrustedResults } from '../../../src/report/untrusted-results.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { regressedGate } from '../../support/report-fixtures.js'

const clone = () => structuredClone(regressedGate()) as unknown as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- tampering with JSON

describe('parseUntrustedResults', () => {
  it('accepts results written by a real gate', () => {
    const results = parseUntrustedResults(JSON.parse(JSON.stringify(regressedGate())), 'results.json')
    expect(results.cells.length).toBe(regressedGate().cells.length)
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
})
