// A user's own k6 script sets its own length, which perf-gate learns from `k6 inspect`. Node's timers
// hold at most 2^31-1 ms (24.8 days): a longer delay fires after 1 ms, so a script declaring 30 days
// used to have k6 killed the moment it started. Such a script exceeds the 24 h cap on any plan anyway:
// it is refused as a config error naming the script, before `k6 run`.
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/errors.js'
import {
  killTimerMs,
  MAX_OWN_SCRIPT_MS,
  OWN_SCRIPT_GRACE_MS,
  ownScriptTimeoutMs,
} from '../../../src/load/script-limits.js'

describe('an own script longer than the 24 h cap', () => {
  // The real path (k6 inspect in the sandbox, then no k6 run) is in test/integration/k6-sandbox.test.ts.
  it('declaring 30 days (beyond the timer limit) is a config error naming the script', () => {
    const declare = () => ownScriptTimeoutMs(60_000, 720 * 3_600_000, 'perf/own.js')
    expect(declare).toThrow(ConfigError)
    expect(declare).toThrow(/perf\/own\.js: the script's scenarios last up to 720 h .*more than the 24 h/)
  })

  it('declaring 25 h is refused too', () => {
    expect(() => ownScriptTimeoutMs(60_000, 25 * 3_600_000, 'own.js')).toThrow(ConfigError)
  })

  it('declaring 2 h gets its length plus grace, within what setTimeout holds', () => {
    expect(ownScriptTimeoutMs(60_000, 2 * 3_600_000, 'own.js')).toBe(2 * 3_600_000 + OWN_SCRIPT_GRACE_MS)
    expect(ownScriptTimeoutMs(600_000, 0, 'own.js')).toBe(600_000)
    expect(ownScriptTimeoutMs(2 ** 40, 0, 'own.js')).toBe(2 ** 31 - 1)
  })
})

describe('killTimerMs', () => {
  it('never exceeds what setTimeout can hold', () => {
    expect(killTimerMs(2 ** 40)).toBe(2 ** 31 - 1)
    expect(killTimerMs(Number.POSITIVE_INFINITY)).toBe(2 ** 31 - 1)
    expect(killTimerMs(60_000)).toBe(60_000)
    expect(MAX_OWN_SCRIPT_MS).toBe(24 * 3_600_000)
  })
})
