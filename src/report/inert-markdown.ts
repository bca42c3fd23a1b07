/**
 * Text a pull request controls, made inert for GitHub-flavoured markdown. In gate mode the PR owns the
 * config and its own k6 script, so names (thresholds, endpoint tags, the gate's name) and every line a
 * report quotes from k6 or a setup call are its text; in the sticky comment they must stay text.
 *
 * Unlike publish mode's defang (untrusted-results.ts), which escapes every markdown character once at
 * parse time, this runs on all text the markdown renderer writes, ours included, so it only breaks what
 * could act: links and images (`](`, `][`, `]:`), autolinks (`://`, `www.`, e-mail addresses), @mentions,
 * issue and commit references, `$` math, a heading at the start of a list item, and bidirectional
 * controls. It is idempotent: a backslash escape already in the text is kept as a pair, so defanged
 * text passes through unchanged. HTML is escaped by the caller; the HTML report never calls this.
 */

/** Zero-width space: breaks GitHub's autolinking and mentions without changing what a reader sees. */
const ZWSP = '\u200b'

/** Bidirectional controls: they reorder what a reader sees (`exe.png` shown as `png.exe`). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/**
 * An `@` GitHub would act on: a mention (not preceded by a word character), an e-mail address
 * (followed by a dotted domain) or a commit reference (`repo@<sha>`). `closed@vus=10` is none of them.
 */
function needsBreak(text: string, at: number): boolean {
  const before = text[at - 1] ?? ''
  const after = text.slice(at + 1)
  if (!/\w/.test(after[0] ?? '')) return false
  if (!/[A-Za-z0-9_]/.test(before)) return true
  return /^[\w-]+\.\w/.test(after) || /^[0-9a-f]{7,}\b/i.test(after)
}

/** Breaks autolinks, mentions and references with a zero-width space; removes bidi controls. */
export function breakAutolinks(text: string): string {
  return text
    .replace(BIDI, '')
    .replace(/:\/\//g, `:/${ZWSP}/`)
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
    .replace(/@/g, (m, at: number, whole: string) => (needsBreak(whole, at) ? `@${ZWSP}` : m))
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 2)}${ZWSP}-`)
}

/**
 * Escapes what would start a link, an image, a link definition or math, keeping backslash escapes the
 * text already has (a pair is always literal) and doubling a lone trailing backslash, which would
 * otherwise escape the markup that follows the text. A leading `#` would make a list item a heading.
 */
export function escapeLinkSyntax(text: string): string {
  return text
    .replace(/\\[\s\S]|\\$|\](?=[([:])|\$/g, (m) => (m.length === 2 ? m : m === '\\' ? '\\\\' : `\\${m}`))
    .replace(/^(\s*)#/, '$1\\#')
}
