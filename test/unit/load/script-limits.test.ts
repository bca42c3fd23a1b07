// A user's own k6 script sets its own length, which perf-gate learns from `k6 inspect`. Node's timers
// hold at most 2^31-1 ms (24.8 days): a longer delay fires after 1 ms, so a script declaring 30 days
// used to have k6 killed the moment it started. Such a script exceeds the 24 h cap on any plan anyway:
// it is refused as a config error naming the script, before `k6 run`.
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/errors.js'
import { runK6Scenarios } from '../../../src/load/k6.js'
import { killTimerMs, MAX_OWN_SCRIPT_MS } from '../../../src/load/script-limits.js'

/** A fake k6: `inspect` reports `declared`, `run` leaves a marker and fails. */
function fakeK6(declared: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-fake-k6-'))
  const k6 = path.join(dir, 'k6')
  const marker = path.join(dir, 'ran')
  writeFileSync(
    k6,
    `#!/bin/sh
if [ "$1" = inspect ]; then echo '{"totalDuration":"${declared}"}'; exit 0; fi
if [ "$1" = run ]; then touch '${marker}'; sleep 1; echo 'fake k6 run' >&2; exit 1; fi
echo "k6 v1.8.1 (fake)"
`,
  )
  chmodSync(k6, 0o755)
  const script = path.join(dir, 'own.js')
  writeFileSync(script, 'export const options = {}\nexport default function () {}\n')
  return { k6: { path: k6, version: '1.8.1' }, marker, script }
}

const run = (fake: ReturnType<typeof fakeK6>) =>
  runK6Scenarios(
    {
      k6: fake.k6,
      script: fake.script,
      env: {},
      durationS: 10,
      timeoutMs: 60_000,
      wrap: { latencyMetric: 'http_req_duration', endpointTag: 'name' },
    },
    ['load'],
  ).catch((error: unknown) => error)

describe('an own script longer than the 24 h cap', () => {
  it('declaring 30 days (beyond the timer limit) is a config error naming the script, and k6 run never starts', async () => {
    const fake = fakeK6('720h0m0s')
    const error = await run(fake)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toMatch(
      /own\.js: the script's scenarios last up to 720 h .*more than the 24 h/,
    )
    expect(existsSync(fake.marker)).toBe(false)
  })

  it('declaring 25 h is refused too', async () => {
    const error = await run(fakeK6('25h0m0s'))
    expect(error).toBeInstanceOf(ConfigError)
  })

  it('declaring 2 h runs (and here fails as the fake k6 does)', async () => {
    const fake = fakeK6('2h0m0s')
    const error = await run(fake)
    expect(error).not.toBeInstanceOf(ConfigError)
    expect(String(error)).toMatch(/fake k6 run/)
    expect(existsSync(fake.marker)).toBe(true)
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
