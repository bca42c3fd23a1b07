/**
 * Extra `k6 run` flags from the config (`k6.flags`) or the action input `k6-flags`. Both can come from
 * a pull request, so only flags on an allowlist pass: ones that tune how k6 sends requests. Nothing
 * that exposes the runner's environment to the script, writes files, sends results or logs to another
 * host, opens a port, or changes the load shape and the summary perf-gate reads. Pure.
 */
import { DURATION_PATTERN } from './schema.js'

const INT = /^\d{1,9}$/
const DURATION = DURATION_PATTERN

/** Flags k6 takes that perf-gate passes on, with the form of their value (none: a switch). */
export const SAFE_K6_FLAGS: Readonly<Record<string, { value?: RegExp; expected?: string }>> = {
  '--batch': { value: INT, expected: 'a number' },
  '--batch-per-host': { value: INT, expected: 'a number' },
  '--blacklist-ip': { value: /^[0-9a-fA-F.:/,]{1,500}$/, expected: 'CIDR ranges such as 10.0.0.0/8' },
  '--block-hostnames': { value: /^[\w.*,-]{1,500}$/, expected: 'host names such as *.example.com' },
  '--compatibility-mode': {
    value: /^(base|extended|experimental_enhanced)$/,
    expected: 'base, extended or experimental_enhanced',
  },
  '--discard-response-bodies': {},
  '--dns': {
    value: /^[\w=.,-]{1,200}$/,
    expected: 'settings such as ttl=1m,select=random,policy=preferIPv4',
  },
  '--insecure-skip-tls-verify': {},
  '--max-redirects': { value: INT, expected: 'a number' },
  '--min-iteration-duration': { value: DURATION, expected: 'a duration such as 100ms or 1s500ms' },
  '--no-connection-reuse': {},
  '--no-vu-connection-reuse': {},
  '--rps': { value: INT, expected: 'a number' },
  '--system-tags': { value: /^[\w,]{1,500}$/, expected: 'tag names separated by commas' },
  '--tag': { value: /^\w{1,64}=[\w.:/@-]{0,200}$/, expected: 'NAME=VALUE' },
  '--throw': {},
  '--user-agent': { value: /^[\x20-\x7e]{1,200}$/, expected: 'printable text' },
  '--verbose': {},
}

/** Short forms of allowed switches. */
const ALIASES: Readonly<Record<string, string>> = { '-w': '--throw', '-v': '--verbose' }

/** Why some flags people reach for are refused (the rest: not on the list). */
const REFUSED: readonly [RegExp, string][] = [
  [
    /^(--out|-o)$/,
    'k6 outputs could send the results to any host or write files outside the results folder; perf-gate writes its own results (and per-second timelines with gate.timeline)',
  ],
  [
    /^(--include-system-env-vars|--env|-e|--secret-source)$/,
    "it would hand the runner's environment or secrets to the script; pass values with scenarios[].params",
  ],
  [
    /^(--summary-export|--log-output|--console-output|--traces-output|--config|-c|--address|-a)$/,
    'it reads or writes files, sends logs elsewhere or opens a port',
  ],
  [
    /^(--no-thresholds|--no-summary|--summary-trend-stats|--summary-mode|--summary-time-unit|--quiet|-q|--no-color|--log-format)$/,
    'perf-gate reads its results through the summary and the thresholds it sets',
  ],
  [
    /^(--vus|-u|--duration|-d|--iterations|-i|--stage|-s|--execution-segment|--execution-segment-sequence|--paused|-p|--linger|-l|--no-setup|--no-teardown|--max|-m)$/,
    'the load is set by scenarios[] (vus, rate, duration), the same for every run',
  ],
]

/** Most extra flags one config may give. */
export const MAX_K6_FLAGS = 30 // also in schema.ts (k6.flags max)

/**
 * Checks one flag, given as `--name` or `--name=value`. Returns the problem, or undefined when the
 * flag is allowed.
 */
export function k6FlagProblem(flag: string): string | undefined {
  const eq = flag.indexOf('=')
  const rawName = eq === -1 ? flag : flag.slice(0, eq)
  const name = ALIASES[rawName] ?? rawName
  const value = eq === -1 ? undefined : flag.slice(eq + 1)
  const refused = REFUSED.find(([pattern]) => pattern.test(rawName))
  if (refused) return `"${rawName}" is not allowed: ${refused[1]}`
  const rule = SAFE_K6_FLAGS[name]
  if (!rule) {
    return `"${rawName}" is not on perf-gate's list of safe k6 flags (${Object.keys(SAFE_K6_FLAGS).join(', ')})`
  }
  if (!rule.value) return value === undefined ? undefined : `"${name}" takes no value`
  if (value === undefined) return `"${name}" needs a value: ${name}=<${rule.expected}>`
  if (!rule.value.test(value)) return `"${name}": expected ${rule.expected}`
  return undefined
}

/** Characters that a shell reads as an operator when unquoted: refused rather than taken literally. */
const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')'])
/** Characters that start a substitution in a shell (outside single quotes). */
const SUBSTITUTIONS = new Set(['$', '`'])

/**
 * Splits the action input `k6-flags` into flags the way a POSIX shell splits words, without a shell:
 * spaces and new lines separate flags; 'single quotes' keep everything literally; "double quotes"
 * keep spaces, with \" \\ \$ \` as escapes; a backslash outside quotes keeps the next character (and
 * joins lines); `#` at the start of a word comments out the rest of its line. Nothing is expanded:
 * `*` and `~` stay as written. What a shell would run or substitute (| & ; < > ( ), $ and backquotes
 * outside single quotes) is refused, so a flag never means something other than what it shows.
 * Hand-written because the shell parsers on npm expand $VAR from the environment (shell-quote) or
 * keep quotes and operators as text (string-argv).
 */
export function splitK6Flags(text: string): { flags: string[] } | { problem: string } {
  const flags: string[] = []
  let word: string | null = null
  const at = (i: number) => `at character ${i + 1}`
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (word !== null) flags.push(word)
      word = null
    } else if (c === '#' && word === null) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1)
      if (end === -1) return { problem: `unterminated ' quote ${at(i)}` }
      word = (word ?? '') + text.slice(i + 1, end)
      i = end
    } else if (c === '"') {
      let value = ''
      let j = i + 1
      for (; j < text.length && text[j] !== '"'; j++) {
        const d = text[j] as string
        if (d === '\\' && j + 1 < text.length && '"\\$`\n'.includes(text[j + 1] as string)) {
          j++
          if (text[j] !== '\n') value += text[j]
        } else if (SUBSTITUTIONS.has(d)) {
          return { problem: substitution(d, j) }
        } else value += d
      }
      if (j >= text.length) return { problem: `unterminated " quote ${at(i)}` }
      word = (word ?? '') + value
      i = j
    } else if (c === '\\') {
      if (i + 1 >= text.length) return { problem: `ends in a backslash ${at(i)} that escapes nothing` }
      i++
      // A backslash before a line break joins the lines, as in a shell.
      if (text[i] !== '\n') word = (word ?? '') + text[i]
    } else if (OPERATORS.has(c)) {
      return {
        problem: `"${c}" ${at(i)} is a shell operator; perf-gate runs no shell and passes flags as they are: quote it ('...') if it is part of a value`,
      }
    } else if (SUBSTITUTIONS.has(c)) {
      return { problem: substitution(c, i) }
    } else word = (word ?? '') + c
  }
  if (word !== null) flags.push(word)
  return { flags }
}

function substitution(c: string, i: number): string {
  return `"${c}" at character ${i + 1} would be a substitution in a shell; perf-gate runs no shell and expands nothing: put a literal ${c} in single quotes ('...')`
}

/** A k6 release version such as "1.8.1" (a leading "v" is accepted and dropped). */
export const K6_VERSION_PATTERN = /^v?\d{1,3}\.\d{1,3}\.\d{1,3}$/

/** "v1.8.1" -> "1.8.1". */
export function normalizeK6Version(version: string): string {
  return version.replace(/^v/, '')
}
