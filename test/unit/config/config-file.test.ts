import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { configFile, DEFAULT_CONFIG_FILE } from '../../../src/config/config-file.js'
import { ConfigError } from '../../../src/errors.js'

describe('configFile (--config and its default)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-config-file-'))

  it('defaults to perf-gate.yml in the current directory', () => {
    expect(DEFAULT_CONFIG_FILE).toBe('perf-gate.yml')
    writeFileSync(path.join(dir, 'perf-gate.yml'), 'name: x\n')
    expect(configFile(undefined, dir)).toBe(path.join(dir, 'perf-gate.yml'))
  })

  it('takes --config as given, whether or not a default file exists', () => {
    expect(configFile('other.yml', dir)).toBe('other.yml')
  })

  it('without --config and without perf-gate.yml: exit 2, suggesting perf-gate init', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'perf-gate-config-none-'))
    let caught: unknown
    try {
      configFile(undefined, empty)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect((caught as ConfigError).exitCode).toBe(2)
    expect((caught as ConfigError).problems).toEqual([
      `no --config given and no perf-gate.yml in ${empty}: pass --config FILE, or write one with "perf-gate init --image IMAGE" (or "perf-gate init --compose FILE")`,
    ])
  })

  it('optional (doctor): undefined when there is no default file', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'perf-gate-config-none-'))
    expect(configFile(undefined, empty, { optional: true })).toBeUndefined()
    expect(configFile(undefined, dir, { optional: true })).toBe(path.join(dir, 'perf-gate.yml'))
  })
})
