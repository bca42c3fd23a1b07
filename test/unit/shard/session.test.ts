import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config/load.js'
import { configCells } from '../../../src/config/sweep.js'
import { configDigest, eventName, gateSession } from '../../../src/session.js'

const CONFIG = `name: s
services:
  gw: { image: gw, ports: [80], wait: { log: up } }
baselineVariant: { services: { gw: { image: gw:main } } }
profiles:
  - { name: control, target: "http://gw:80/", control: true }
  - { name: a, target: "http://gw:80/", hooks: 2 }
  - { name: b, target: "http://gw:80/" }
scenarios:
  - { name: x, script: constant-vus, vus: 2 }
  - { name: y, script: constant-vus, vus: 4 }
`

function load(text = CONFIG) {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-session-'))
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, text)
  return loadConfig(file, {}, { root: dir })
}

describe('gateSession', () => {
  it('is the whole config without a shard', () => {
    const loaded = load()
    expect(gateSession(loaded, undefined, { threshold: undefined, event: 'local', what: '--shard' })).toEqual(
      {
        loaded,
      },
    )
  })

  it('narrows to the share and records what the merge checks', () => {
    const loaded = load()
    const session = gateSession(
      loaded,
      { index: 2, count: 2 },
      { threshold: 0.05, event: 'push', what: '--shard' },
    )
    // Gated cells by name: a/x, a/y, b/x, b/y; share 2 of 2 takes a/y and b/y, with y's control.
    expect(configCells(session.loaded.config).map((c) => `${c.profile}/${c.scenario}`)).toEqual([
      'control/y',
      'a/y',
      'b/y',
    ])
    expect(session.shard).toMatchObject({
      index: 2,
      count: 2,
      event: 'push',
      cells: ['a/y', 'b/y'],
      configDigest: configDigest(loaded, 0.05),
      blockConfidence: 0.99,
      onInconclusive: 'warn',
      layout: {
        profiles: [{ name: 'control' }, { name: 'a', hooks: 2 }, { name: 'b' }],
        scenarios: ['x', 'y'],
        reference: null,
      },
    })
  })

  it('digests the config file and the overrides: equal for equal, different otherwise', () => {
    const a = load()
    expect(configDigest(a, undefined)).toMatch(/^[0-9a-f]{64}$/)
    expect(configDigest(load(), undefined)).toBe(configDigest(a, undefined))
    expect(configDigest(a, 0.2)).not.toBe(configDigest(a, undefined))
    expect(configDigest(load(CONFIG.replace('vus: 4', 'vus: 5')), undefined)).not.toBe(
      configDigest(a, undefined),
    )
    const flags = { ...a, config: { ...a.config, k6: { ...a.config.k6, flags: ['--throw'] } } }
    expect(configDigest(flags, undefined)).not.toBe(configDigest(a, undefined))
  })

  it('names the event, or "local"', () => {
    expect(eventName({ GITHUB_EVENT_NAME: 'pull_request' })).toBe('pull_request')
    expect(eventName({})).toBe('local')
    expect(eventName({ GITHUB_EVENT_NAME: 'Bad Name!' })).toBe('local')
  })
})
