import { describe, expect, it } from 'vitest'
import { readAsset } from '../../../src/report/assets.js'
import { FontFormatError, readFontMetrics } from '../../../src/report/font-metrics.js'

describe('readFontMetrics (the shipped DejaVu Sans)', async () => {
  const font = readFontMetrics(await readAsset('font'))

  // Expected values from fontTools 4 (TTFont: head.unitsPerEm, getBestCmap(), hmtx) on the same file.
  it('reads units per em and advance widths as fontTools does', () => {
    expect(font.unitsPerEm).toBe(2048)
    const advances: Array<[string, number]> = [
      ['a', 1255],
      ['M', 1767],
      [' ', 651],
      ['0', 1303],
      ['%', 1946],
      ['≤', 1716],
      ['…', 2048],
      ['✓', 1716],
    ]
    for (const [char, units] of advances) expect(font.width(char, 2048), char).toBeCloseTo(units, 9)
    expect(font.width('aM', 11)).toBeCloseTo(((1255 + 1767) / 2048) * 11, 9)
  })

  it('maps exactly the code points the font covers (5918, fontTools getBestCmap)', () => {
    let covered = 0
    for (let cp = 0; cp <= 0x10ffff; cp++) if (font.has(cp)) covered++
    expect(covered).toBe(5918)
    expect(font.has('⚠'.codePointAt(0)!)).toBe(true)
    // Emoji the report uses in markdown: DejaVu Sans has no glyph, resvg would draw a box.
    expect(font.has('✅'.codePointAt(0)!)).toBe(false)
    expect(font.has('❌'.codePointAt(0)!)).toBe(false)
    expect(font.glyph('❌'.codePointAt(0)!)).toBe(0)
  })

  it('refuses what is not a font', () => {
    expect(() => readFontMetrics(new Uint8Array(8))).toThrow(FontFormatError)
  })
})
