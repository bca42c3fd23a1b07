// k6.flags reach the real k6 process: a request probe sends the user agent the flag sets.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findK6, runK6 } from '../../src/load/k6.js'

const PROBE = path.resolve(import.meta.dirname, '../fixtures/k6-scripts/request-probe.js')

describe('k6 flags', () => {
  const agents: string[] = []
  let server: Server
  let url = ''
  beforeAll(async () => {
    server = createServer((req, res) => {
      agents.push(req.headers['user-agent'] ?? '')
      res.end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('passes the allowed flags to k6 run', async () => {
    const k6 = await findK6()
    expect(k6, 'k6 must be installed for this test').not.toBeNull()
    await runK6({ k6: k6!, script: PROBE, env: { TARGET_URL: url }, durationS: 1, timeoutMs: 60_000 })
    expect(agents.pop()).toMatch(/^Grafana k6\//)
    await runK6({
      k6: k6!,
      script: PROBE,
      env: { TARGET_URL: url },
      durationS: 1,
      timeoutMs: 60_000,
      flags: ['--user-agent=perf-gate-flags-it', '--discard-response-bodies'],
    })
    expect(agents.pop()).toBe('perf-gate-flags-it')
  }, 120_000)
})
