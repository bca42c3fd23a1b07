/**
 * results.json from another workflow (the two-stage fork flow) is untrusted input: a fork controls
 * it, and the publish stage posts it with a write token. It is validated against the same schema the
 * gate writes (model.ts), with stricter string rules: names must look like config names, and every
 * free-text field is capped and defanged so it cannot smuggle links, images, HTML, mentions or issue
 * references into the comment.
 */
import { z } from 'zod'
import { SWEPT_NAME_SUFFIX } from '../config/sweep.js'
import { ConfigError } from '../errors.js'
import { buildResultsSchema, type GateResults } from '../model.js'

/**
 * Why JSON.parse refused untrusted text, in words of our own: where it broke (V8 says so for most
 * errors), never what is there. V8's messages can quote the text around the error, and a fork chose
 * those bytes (a link, a mention, a terminal escape, a workflow command) for a log or a comment.
 */
export function jsonSyntaxReason(error: unknown): string {
  const message = error instanceof Error ? error.message : ''
  const at = /\bat position (\d+)(?: \(line (\d+) column (\d+)\))?/.exec(message)
  if (at) return `not valid JSON at position ${at[1]}${at[2] ? ` (line ${at[2]}, column ${at[3]})` : ''}`
  if (/^Unexpected end of JSON input/.test(message)) return 'not valid JSON (it ends too early)'
  return 'not valid JSON'
}

/** Zero-width space: breaks GitHub's autolinking without changing what a reader sees. */
const ZWSP = '\u200b'

/** Bidirectional controls: they reorder what a reader sees (`exe.png` shown as `png.exe`). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/**
 * Neutralises markdown and HTML that could link, embed, ping or break out of the report's layout:
 * bidirectional controls, backslashes first (so an input `\[` cannot undo our escape), entities
 * (`&#64;` would become `@`), HTML, markdown link, emphasis and `$` math syntax, bare URLs and `www.`
 * links (GitHub autolinks them), `@` mentions, `#123` / `GH-123` issue references, line breaks, and a
 * leading `#`, `-`, `+` or `=` that would start a heading or a list where the text opens a line.
 */
export function defang(text: string): string {
  return text
    .replace(BIDI, '')
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))
    .replace(/[[\]()!`|*_~$]/g, (c) => `\\${c}`)
    .replace(/:\/\//g, `:/${ZWSP}/`)
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
    .replace(/@(?=\w)/g, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 2)}${ZWSP}-`)
    .replace(/\r?\n|\r/g, ' ')
    .replace(/^(\s*)([#+=-])/, '$1\\$2')
}

/** A config name, optionally with a sweep level suffix. */
const NAME = `[a-z0-9][a-z0-9_.-]*(?:${SWEPT_NAME_SUFFIX.source.replace(/\$$/, '')})?`

const UNTRUSTED = {
  text: (max: number) => z.string().max(max).transform(defang),
  // A swept scenario's name carries its level (`closed@vus=10`, see config/sweep.ts): the suffix is
  // as strict as the name, so it can neither mention anyone nor link anywhere.
  name: z
    .string()
    .regex(new RegExp(`^${NAME}$`, 'i'), 'expected a config name')
    .max(200),
  cell: z
    .string()
    .regex(new RegExp(`^${NAME}/${NAME}$`, 'i'), 'expected "profile/scenario"')
    .max(401),
  sha: z.string().regex(/^[0-9a-f]{7,40}$/, 'expected a git commit SHA'),
}

const untrustedResultsSchema = buildResultsSchema(UNTRUSTED)

/** Validates and defangs results.json written by another workflow. `source` names it in errors. */
export function parseUntrustedResults(json: unknown, source: string): GateResults {
  const parsed = untrustedResultsSchema.safeParse(json)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${source}: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`),
    )
  }
  return parsed.data
}
