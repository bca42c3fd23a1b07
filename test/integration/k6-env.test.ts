// A k6 script may come from a pull request, and k6 hands every variable it inherits to the script as
// __ENV. This runs real k6 on a probe script with the secrets of a GitHub job in perf-gate's own
// environment and checks the script sees none of them.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findK6, runK6 } from '../../src/load/k6.js'
import { trustedPath } from '../../src/trusted-path.js'

const PROBE = path.resolve(import.meta.dirname, '../fixtures/k6-scripts/env-probe.js')

const SECRETS: Record<string, string> = {
  'INPUT_GITHUB-TOKEN': 'ghs_input_token_value',
  GITHUB_TOKEN: 'ghs_github_token_value',
  ACTIONS_RUNTIME_TOKEN: 'actions-runtime-token-value',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'id-token-value',
  ACTIONS_CACHE_URL: 'https://cache.invalid/',
  RUNNER_TEMP: '/runner/temp',
  RUNNER_TOOL_CACHE: '/runner/tool-cache',
  GITHUB_REPOSITORY: 'owner/repo',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
  K6_CLOUD_TOKEN: 'k6-cloud-token-value',
}

describe('k6 environment', () => {
  const saved: Record<string, string | undefined> = {}
  beforeEach(() => {
    for (const [name, value] of Object.entries(SECRETS)) {
      saved[name] = process.env[name]
      process.env[name] = value
    }
  })
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('a k6 script sees PATH, HOME, TMPDIR, what the config passes and our K6_* settings, and no secret', async () => {
    const k6 = await findK6()
    expect(k6, 'k6 must be installed for this test').not.toBeNull()
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'perf-gate-k6-env-')), 'env.json')
    await runK6({
      k6: k6!,
      script: PROBE,
      env: { PROBE_OUT: out, TARGET_URL: 'http://127.0.0.1:9/' },
      durationS: 1,
      timeoutMs: 60_000,
    })
    const seen = JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(seen, name).not.toHaveProperty(name)
      expect(Object.values(seen)).not.toContain(value)
    }
    expect(Object.keys(seen).filter((k) => /^(GITHUB|ACTIONS|RUNNER|INPUT)_/i.test(k))).toEqual([])
    // The trusted PATH (src/trusted-path.ts): this worktree's node_modules/.bin is not in it.
    expect(seen.PATH).toBe(trustedPath())
    expect((seen.PATH ?? '').split(path.delimiter)).not.toContain(path.resolve('node_modules/.bin'))
    expect(seen.TARGET_URL).toBe('http://127.0.0.1:9/')
    expect(seen.K6_NO_USAGE_REPORT).toBe('true')
    const allowed = new Set([
      'PATH',
      'HOME',
      'TMPDIR',
      'PROBE_OUT',
      'TARGET_URL',
      'SUMMARY_PATH',
      'K6_NO_USAGE_REPORT',
    ])
    expect(Object.keys(seen).filter((k) => !allowed.has(k))).toEqual([])
  })
})
