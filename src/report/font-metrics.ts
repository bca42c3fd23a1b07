/**
 * The shipped chart font's character map and advance widths, read from the TrueType file itself.
 *
 * Why: without a canvas, vega sizes every chart from an estimate of text width (0.8 em per character),
 * about half again as wide as DejaVu Sans really is. Every title, label and legend was laid out too
 * wide, rotated labels and axis titles too tall, and charts filled only part of their canvas. With the
 * font's own advance widths vega lays text out as resvg then draws it. The same character map tells a
 * test which characters the font can draw at all (an emoji cannot: resvg draws a box).
 *
 * Only what that needs is read: `head` (units per em), `hhea` and `hmtx` (advance widths), `cmap`
 * (format 4 or 12, Unicode). Kerning is not applied; it moves a label by a pixel or two.
 * No font library is in package.json and these four tables are a few dozen lines; see the OpenType
 * specification (https://learn.microsoft.com/typography/opentype/spec/) for the layouts.
 */

export interface FontMetrics {
  unitsPerEm: number
  /** The glyph a code point maps to; 0 (.notdef, drawn as a box) when the font lacks it. */
  glyph(codePoint: number): number
  /** Whether the font has a glyph for the code point. */
  has(codePoint: number): boolean
  /** Width of a string in pixels at a font size, from the glyphs' advance widths. */
  width(text: string, fontSize: number): number
}

export class FontFormatError extends Error {}

interface Reader {
  u16(offset: number): number
  i16(offset: number): number
  u32(offset: number): number
}

function reader(bytes: Uint8Array): Reader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const check = (offset: number, size: number): number => {
    if (offset < 0 || offset + size > bytes.byteLength)
      throw new FontFormatError(`font file truncated: read of ${size} bytes at ${offset}`)
    return offset
  }
  return {
    u16: (o) => view.getUint16(check(o, 2)),
    i16: (o) => view.getInt16(check(o, 2)),
    u32: (o) => view.getUint32(check(o, 4)),
  }
}

function tableOffsets(r: Reader): Map<string, number> {
  const count = r.u16(4)
  const tables = new Map<string, number>()
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16
    const tag =
      String.fromCharCode(r.u16(record) >> 8, r.u16(record) & 0xff) +
      String.fromCharCode(r.u16(record + 2) >> 8, r.u16(record + 2) & 0xff)
    tables.set(tag, r.u32(record + 8))
  }
  return tables
}

/** A code point -> glyph lookup from a format 4 (BMP) or format 12 (full Unicode) cmap subtable. */
function cmapLookup(r: Reader, cmap: number): (codePoint: number) => number {
  const count = r.u16(cmap + 2)
  const subtables: Array<{ platform: number; encoding: number; offset: number; format: number }> = []
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8
    const offset = cmap + r.u32(record + 4)
    subtables.push({ platform: r.u16(record), encoding: r.u16(record + 2), offset, format: r.u16(offset) })
  }
  // Windows Unicode full repertoire (3, 10) first, then BMP (3, 1), then the Unicode platform.
  const pick =
    subtables.find((s) => s.platform === 3 && s.encoding === 10 && s.format === 12) ??
    subtables.find((s) => s.platform === 0 && s.format === 12) ??
    subtables.find((s) => s.platform === 3 && s.encoding === 1 && s.format === 4) ??
    subtables.find((s) => s.platform === 0 && s.format === 4)
  if (!pick) throw new FontFormatError('font has no Unicode cmap subtable of format 4 or 12')
  const t = pick.offset
  if (pick.format === 12) {
    const groups = r.u32(t + 12)
    return (cp) => {
      let lo = 0
      let hi = groups - 1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        const group = t + 16 + mid * 12
        const start = r.u32(group)
        const end = r.u32(group + 4)
        if (cp < start) hi = mid - 1
        else if (cp > end) lo = mid + 1
        else return r.u32(group + 8) + (cp - start)
      }
      return 0
    }
  }
  const segments = r.u16(t + 6) / 2
  const ends = t + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (cp) => {
    if (cp > 0xffff) return 0
    for (let i = 0; i < segments; i++) {
      if (cp > r.u16(ends + i * 2)) continue
      const start = r.u16(starts + i * 2)
      if (cp < start) return 0
      const delta = r.i16(deltas + i * 2)
      const rangeOffset = r.u16(rangeOffsets + i * 2)
      if (rangeOffset === 0) return (cp + delta) & 0xffff
      const glyph = r.u16(rangeOffsets + i * 2 + rangeOffset + (cp - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}

/** Reads the metrics of a TrueType/OpenType font file. Throws FontFormatError on what it cannot read. */
export function readFontMetrics(bytes: Uint8Array): FontMetrics {
  const r = reader(bytes)
  const tables = tableOffsets(r)
  const table = (tag: string): number => {
    const offset = tables.get(tag)
    if (offset === undefined) throw new FontFormatError(`font has no ${tag} table`)
    return offset
  }
  const unitsPerEm = r.u16(table('head') + 18)
  const metricsCount = r.u16(table('hhea') + 34)
  const hmtx = table('hmtx')
  const lookup = cmapLookup(r, table('cmap'))
  // Glyphs past the last long metric share its advance width.
  const advance = (glyph: number): number => r.u16(hmtx + Math.min(glyph, metricsCount - 1) * 4)
  const glyphs = new Map<number, number>()
  const glyph = (codePoint: number): number => {
    let found = glyphs.get(codePoint)
    if (found === undefined) {
      found = lookup(codePoint)
      glyphs.set(codePoint, found)
    }
    return found
  }
  return {
    unitsPerEm,
    glyph,
    has: (codePoint) => glyph(codePoint) !== 0,
    width(text, fontSize) {
      let units = 0
      for (const char of text) units += advance(glyph(char.codePointAt(0) as number))
      return (units / unitsPerEm) * fontSize
    },
  }
}
