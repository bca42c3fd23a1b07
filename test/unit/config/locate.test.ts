import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LineCounter, parseDocument } from 'yaml'
import { loadConfig } from '../../../src/config/load.js'
import { locatePath } from '../../../src/config/locate.js'
import { ConfigError } from '../../../src/errors.js'

const CONFIG = `name: demo
services:
  echo:
    image: perf-gate/echo:local
    ports: [8080]
  gateway:
    image: gw
    ports: [8080]
    dependsOn: [echo, backend]
profiles:
  - name: no-gateway
    target: http://echo:8080/echo
  - name: passthrough
    target: gateway:8080
scenarios:
  - { name: rate, script: constant-arrival-rate, rate: fast }
gate:
  treshold: 0.1
`

/** 1-based line and column of the first occurrence of `needle` in the text. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const offset = text.indexOf(needle)
  expect(offset).toBeGreaterThanOrEqual(0)
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }
}

function problemsOf(text: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-locate-'))
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, text)
  try {
    loadConfig(file, {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    const e = error as ConfigError
    return { file, all: e.problems.map((problem, i) => ({ problem, at: e.locations[i] })) }
  }
  throw new Error('expected the config to be rejected')
}

describe('locatePath', () => {
  const lineCounter = new LineCounter()
  const doc = parseDocument(CONFIG, { lineCounter })

  it('finds map entries at their key and list items at the item, in block and flow style', () => {
    expect(locatePath(doc, lineCounter, ['profiles', 1, 'target'])).toEqual(
      positionOf(CONFIG, 'target: gateway:8080'),
    )
    expect(locatePath(doc, lineCounter, ['scenarios', 0, 'rate'])).toEqual(positionOf(CONFIG, 'rate: fast'))
    expect(locatePath(doc, lineCounter, ['services', 'gateway', 'dependsOn', 1])).toEqual(
      positionOf(CONFIG, 'backend'),
    )
  })

  it('finds a block at its key and a missing key at its closest parent', () => {
    expect(locatePath(doc, lineCounter, ['services', 'gateway'])).toEqual(positionOf(CONFIG, 'gateway:\n'))
    expect(locatePath(doc, lineCounter, ['profiles', 0, 'expect', 'status'])).toEqual(
      positionOf(CONFIG, 'name: no-gateway'),
    )
  })
})

describe('loadConfig locations', () => {
  it('gives each schema problem the line and column it is on', () => {
    const { file, all } = problemsOf(CONFIG)
    const find = (pattern: RegExp) => all.find((p) => pattern.test(p.problem))
    expect(find(/profiles\[1\]\.target: expected a URL/)?.at).toEqual({
      file,
      ...positionOf(CONFIG, 'target: gateway:8080'),
    })
    expect(find(/scenarios\[0\]\.rate: expected number/)?.at).toEqual({
      file,
      ...positionOf(CONFIG, 'rate: fast'),
    })
    expect(find(/gate: unknown key "treshold"/)?.at).toEqual({ file, ...positionOf(CONFIG, 'treshold') })
  })

  it('locates an unset environment variable', () => {
    const text = CONFIG.replace('image: gw', 'image: gw:${NOT_SET_ANYWHERE}')
    const { file, all } = problemsOf(text)
    expect(all).toEqual([
      {
        problem: expect.stringMatching(/services\.gateway\.image: environment variable NOT_SET_ANYWHERE/),
        at: { file, ...positionOf(text, 'image: gw:') },
      },
    ])
  })

  it('locates a cross-field problem and a YAML syntax error', () => {
    const valid = CONFIG.replace('gateway:8080', 'http://gateway:8080/')
      .replace('rate: fast', 'rate: 100')
      .replace('treshold', 'threshold')
    const { file, all } = problemsOf(valid)
    expect(all).toEqual([
      {
        problem: expect.stringMatching(/services\.gateway\.dependsOn\[1\]: unknown service "backend"/),
        at: { file, ...positionOf(valid, 'backend') },
      },
    ])
    const broken = valid.replace('  - name: passthrough', '  - name: passthrough\n   bad: [')
    const syntax = problemsOf(broken)
    expect(syntax.all[0]?.problem).toMatch(/invalid YAML/)
    expect(syntax.all[0]?.at?.line).toBe(positionOf(broken, 'bad: [').line)
  })
})
