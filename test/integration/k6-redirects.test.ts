// A target is the pull request's: it can answer with a redirect to a host outside the stack (a metadata
// address, a service on the runner). Built-in scenarios run k6 on the host, so k6 must not follow it.
// Real k6 against two local servers: the target redirects to the second, which must see no request.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findK6, runK6 } from '../../src/load/k6.js'

const CONSTANT_VUS = path.resolve(import.meta.dirname, '../../scenarios/constant-vus.js')

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

describe('k6 and redirects from a target', () => {
  let outsideRequests = 0
  let targetRequests = 0
  /** How many requests the target answers with 200 before it starts redirecting. */
  let answerFirst = 0
  let outside: Server
  let target: Server
  let targetUrl = ''
  beforeAll(async () => {
    outside = createServer((_req, res) => {
      outsideRequests++
      res.end('outside')
    })
    const outsideUrl = await listen(outside)
    target = createServer((_req, res) => {
      targetRequests++
      if (targetRequests <= answerFirst) res.end('ok')
      else res.writeHead(302, { location: `${outsideUrl}latest/meta-data/` }).end()
    })
    targetUrl = await listen(target)
  })
  afterAll(async () => {
    await close(target)
    await close(outside)
  })
  beforeEach(() => {
    outsideRequests = 0
    targetRequests = 0
  })

  const run = async (flags: string[] = []) => {
    const k6 = await findK6()
    expect(k6, 'k6 must be installed for this test').not.toBeNull()
    return runK6({
      k6: k6!,
      script: CONSTANT_VUS,
      env: { TARGET_URL: targetUrl, DURATION: '1s', VUS: '1', METHOD: 'GET' },
      durationS: 1,
      timeoutMs: 60_000,
      flags,
    })
  }

  it('a target that redirects from the start stops the run with the reason', async () => {
    answerFirst = 0
    await expect(run()).rejects.toThrow(/TARGET_URL .* answers 302, a redirect; perf-gate follows none/)
    expect(outsideRequests).toBe(0)
  }, 120_000)

  it('a redirect after setup fails the check and is not followed, whatever k6.flags say', async () => {
    answerFirst = 1
    const metrics = await run(['--max-redirects=5'])
    expect(targetRequests).toBeGreaterThan(1)
    expect(metrics.checkAccuracy).toBe(0)
    expect(outsideRequests).toBe(0)
  }, 120_000)
})
