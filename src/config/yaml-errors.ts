/**
 * YAML syntax errors as one short message. The yaml library recovers after a syntax error and
 * reports every token that no longer fits, so one indented line in a 70-line config yields about 200
 * errors. All but the first are almost always consequences of it: report the first, where it is, with
 * a code frame, and only count the rest. Pure.
 */
import { CST, Parser, type LineCounter, type YAMLError } from 'yaml'
import type { ProblemLocation } from '../errors.js'

/** The message and its location (1-based line and column) for the first of `errors`. */
export function yamlSyntaxProblem(
  file: string,
  text: string,
  errors: readonly YAMLError[],
  lineCounter: LineCounter,
  /** The file as annotations name it (absolute); defaults to `file`. */
  locationFile: string = file,
): { problem: string; location: ProblemLocation } {
  const first = errors[0]
  if (!first) throw new Error('yamlSyntaxProblem needs at least one error')
  // The parser notices an unclosed quote where the text ends; the reader needs where it opened.
  const opened =
    first.code === 'MISSING_CHAR' && /quote/.test(first.message) ? unclosedQuote(text) : undefined
  const { line, col } = lineCounter.linePos(opened ?? first.pos[0])
  // With prettyErrors the library appends " at line X, column Y:" and its own frame; the prefix
  // below says where, so only its first sentence is kept either way.
  const message =
    (first.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?.*$/, '') +
    (opened === undefined ? '' : ' (opened here)')
  const rest = errors.length - 1
  const lines = [
    `${file}:${line}:${col}: invalid YAML: ${message}`,
    ...codeFrame(text, line, col),
    ...(rest > 0
      ? [
          `(${rest} more YAML error${rest === 1 ? '' : 's'} after it, usually caused by this one: fix it and check again)`,
        ]
      : []),
  ]
  return { problem: lines.join('\n'), location: { file: locationFile, line, column: col } }
}

/** The offset of the first quoted scalar that never closes, from the yaml library's syntax tree. */
function unclosedQuote(text: string): number | undefined {
  let found: number | undefined
  const check = (token: CST.Token | undefined) => {
    if (found !== undefined || !token) return
    if (token.type !== 'double-quoted-scalar' && token.type !== 'single-quoted-scalar') return
    const quote = token.type === 'double-quoted-scalar' ? '"' : "'"
    // A double quote escaped by an odd number of backslashes does not close the scalar.
    const trailing = /\\*(?=.$)/s.exec(token.source)?.[0].length ?? 0
    const closed =
      token.source.length > 1 && token.source.endsWith(quote) && (quote === "'" || trailing % 2 === 0)
    if (!closed) found = token.offset
  }
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue
    check(token.value)
    CST.visit(token, (item) => {
      check(item.key ?? undefined)
      check(item.value)
    })
  }
  return found
}

/** Longest source line shown in a frame; a minified one-line file would otherwise fill the screen. */
const MAX_FRAME_WIDTH = 120

/**
 * At most three lines: the line before (when there is one), the error's line and a caret under the
 * column, each prefixed by its line number.
 */
export function codeFrame(text: string, line: number, column: number): string[] {
  const source = text.split(/\r?\n/)
  const width = String(line).length < 4 ? 4 : String(line).length
  const show = (n: number) => {
    const content = (source[n - 1] ?? '').replace(/\t/g, ' ')
    return `${String(n).padStart(width)} | ${content.length > MAX_FRAME_WIDTH ? `${content.slice(0, MAX_FRAME_WIDTH)}…` : content}`
  }
  const frame = line > 1 ? [show(line - 1)] : []
  if (line <= source.length) frame.push(show(line))
  frame.push(`${' '.repeat(width)} | ${' '.repeat(Math.min(column - 1, MAX_FRAME_WIDTH))}^`)
  return frame
}
