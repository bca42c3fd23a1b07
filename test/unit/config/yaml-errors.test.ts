import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { failureText } from '../../../src/cli/failure-text.js'
import { loadConfig } from '../../../src/config/load.js'
import { ConfigError } from '../../../src/errors.js'

const EXAMPLE = readFileSync(
  path.resolve(import.meta.dirname, '../../../examples/nginx/perf-gate.yml'),
  'utf8',
)
const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-yaml-errors-'))

/** The example config with line `n` (1-based) replaced. */
function exampleWith(n: number, edit: (line: string) => string): string {
  const lines = EXAMPLE.split('\n')
  lines[n - 1] = edit(lines[n - 1] as string)
  const file = path.join(dir, `edited-${n}.yml`)
  writeFileSync(file, lines.join('\n'))
  return file
}

function failure(file: string): ConfigError {
  try {
    loadConfig(file, {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected the config to be rejected')
}

describe('YAML syntax errors', () => {
  const versionLine = EXAMPLE.split('\n').findIndex((l) => l.startsWith('version:')) + 1

  it('one indented line (which cascades into ~200 parser errors) prints one short message', () => {
    const file = exampleWith(versionLine, (l) => ` ${l}`)
    const error = failure(file)
    expect(error.exitCode).toBe(2)
    expect(error.problems).toHaveLength(1)
    const text = failureText(error).text
    // The message, a frame of at most 3 lines, and one line saying how many errors followed.
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(5)
    expect(text).toMatch(
      new RegExp(
        `^perf-gate: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${versionLine + 1}:1: invalid YAML: `,
      ),
    )
    expect(text).toMatch(/more YAML errors? after it/)
    expect(error.locations[0]).toEqual({ file, line: versionLine + 1, column: 1 })
  })

  it("shows the yaml library's message and a code frame with a caret under the column", () => {
    const file = path.join(dir, 'quote.yml')
    writeFileSync(file, 'name: demo\nservices:\n  gw: { image: gw, ports: [80 }\nprofiles: []\n')
    const error = failure(file)
    expect(error.problems).toHaveLength(1)
    const [first, ...rest] = (error.problems[0] as string).split('\n')
    const frame = rest.filter((l) => !l.startsWith('('))
    expect(first).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: invalid YAML: \\S`),
    )
    // yaml's own wording, without its "at line X, column Y" suffix (the prefix says where).
    expect(first).not.toMatch(/at line \d+/)
    expect(frame.length).toBeGreaterThanOrEqual(2)
    expect(frame.length).toBeLessThanOrEqual(3)
    expect(frame).toContain('   3 |   gw: { image: gw, ports: [80 }')
    expect(frame.at(-1)).toMatch(/^ {5}\| +\^$/)
    // The location is not repeated by the CLI's "(line, column)" suffix.
    expect(failureText(error).text).not.toMatch(/\(line \d+, column \d+\)/)
  })
})

describe('YAML syntax errors in stack.compose', () => {
  it('are one message with a frame too', () => {
    const compose = path.join(dir, 'compose.yml')
    writeFileSync(
      compose,
      'services:\n  gw:\n   image: gw\n    ports: ["8080:80"]\n  echo:\n    image: echo\n',
    )
    const config = path.join(dir, 'compose-config.yml')
    writeFileSync(
      config,
      `name: demo\nstack: { compose: compose.yml, wait: { gw: { log: up } } }\nprofiles: [{ name: p, target: "http://gw:80/" }]\nscenarios: [{ name: s, script: constant-vus }]\n`,
    )
    const error = failure(config)
    expect(error.problems).toHaveLength(1)
    expect(error.problems[0]).toMatch(
      /compose\.yml:3:11: invalid YAML: [^\n]+\n {3}2 \| {3}gw:\n {3}3 \| {4}image: gw\n {5}\| {11}\^\n\(1 more YAML error after it/,
    )
  })
})

describe('an unclosed quote', () => {
  it('is located where the quote opens, not at the end of the file where the parser noticed it', () => {
    const file = path.join(dir, 'unclosed.yml')
    writeFileSync(
      file,
      'name: demo\nservices:\n  gw: { image: gw, ports: [80], wait: { log: up } }\nprofiles:\n  - name: p\n    target: "http://gw:80/\nscenarios: [{ name: s, script: constant-vus }]\n',
    )
    const error = failure(file)
    expect(error.problems).toHaveLength(1)
    const lines = (error.problems[0] as string).split('\n')
    expect(lines[0]).toBe(`${file}:6:13: invalid YAML: Missing closing "quote (opened here)`)
    expect(lines).toContain('   6 |     target: "http://gw:80/')
    expect(error.locations[0]).toEqual({ file, line: 6, column: 13 })
  })

  it('a double quote escaped by a backslash does not close it', () => {
    const file = path.join(dir, 'escaped.yml')
    writeFileSync(file, 'name: demo\nservices: {}\nprofiles: []\nscenarios: []\nbaseline: { path: "a\\"\n')
    expect(failure(file).problems[0]).toMatch(/escaped\.yml:5:19: invalid YAML: .* \(opened here\)/)
  })
})
