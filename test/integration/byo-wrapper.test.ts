// Real k6 runs of users' scripts through the wrapper (runK6Scenarios with `wrap`), against servers
// started here: a script with two scenarios, a setup() request and its own handleSummary (an HTTP
// server that counts what it receives), and a WebSocket script measured by ws_connecting.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findK6, runK6Scenarios, type K6Binary } from '../../src/load/k6.js'

const BYO = path.resolve(import.meta.dirname, '../fixtures/k6/byo')
let k6: K6Binary
let server: http.Server
let base: string
const received: string[] = []
const upgraded = new Set<import('node:stream').Duplex>()

beforeAll(async () => {
  const found = await findK6()
  expect(found, 'k6 must be installed for this test').not.toBeNull()
  k6 = found as K6Binary
  server = http.createServer((req, res) => {
    received.push(req.url ?? '')
    req.resume()
    req.on('end', () => res.end('ok'))
  })
  // A minimal WebSocket handshake, then a close frame in answer to the client's.
  server.on('upgrade', (req, socket) => {
    received.push(req.url ?? '')
    upgraded.add(socket)
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC11B85`)
      .digest('base64')
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    )
    socket.on('data', () => socket.end(Buffer.from([0x88, 0x00])))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
// Upgraded and kept-alive sockets would hold close() open.
afterAll(async () => {
  for (const socket of upgraded) socket.destroy()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('a wrapped user script', () => {
  it("counts all of its scenarios but not setup(), reports a crossed threshold, and confines the script's handleSummary to its run folder", async () => {
    received.length = 0
    const userDir = mkdtempSync(path.join(tmpdir(), 'perf-gate-byo-user-'))
    const {
      metrics: { load },
      warnings,
    } = await runK6Scenarios(
      {
        k6,
        script: path.join(BYO, 'two-scenarios.js'),
        env: { BASE_URL: base, USER_SUMMARY_DIR: userDir },
        durationS: 2,
        timeoutMs: 60_000,
        wrap: { latencyMetric: 'http_req_duration', endpointTag: 'name' },
        // The sandbox reaches this file's server on the host's loopback.
        networks: ['host'],
      },
      ['load'],
    )
    const m = load!
    const setupRequests = received.filter((url) => url === '/setup-probe').length
    expect(setupRequests).toBe(1)
    expect(m.requests).toBe(received.length - setupRequests)
    expect(m.errorRate).toBe(0)
    // k6 exited 99 (the script's impossible threshold): a finished run, reported threshold by threshold.
    expect(m.thresholds).toEqual([
      { metric: 'http_req_duration{name:read}', threshold: 'p(95)<0.001', ok: false },
      { metric: 'http_req_duration', threshold: 'p(99)<1500', ok: true },
    ])
    const byName = Object.fromEntries((m.endpoints ?? []).map((e) => [e.value, e.requests]))
    expect(byName).toEqual({
      read: received.filter((url) => url === '/read').length,
      write: received.filter((url) => url === '/write').length,
    })
    // The script's handleSummary ran, but its output outside the run folder was not written.
    expect(warnings).toEqual([
      `handleSummary output "${userDir}/user-summary.json" is outside the run folder; not written`,
    ])
    expect(existsSync(path.join(userDir, 'user-summary.json'))).toBe(false)
  })

  it('measures a WebSocket script by ws_connecting', async () => {
    received.length = 0
    const {
      metrics: { load },
    } = await runK6Scenarios(
      {
        k6,
        script: path.join(BYO, 'ws/ws-connect.js'),
        env: { WS_URL: `${base.replace('http', 'ws')}/ws` },
        durationS: 2,
        timeoutMs: 60_000,
        wrap: { latencyMetric: 'ws_connecting', endpointTag: 'name' },
        networks: ['host'],
      },
      ['load'],
    )
    const m = load!
    expect(m.requests).toBe(received.length)
    expect(m.requests).toBeGreaterThan(0)
    expect(m.checkAccuracy).toBe(1)
    expect(m.p95).toBeGreaterThan(0)
    expect(m.thresholds).toEqual([{ metric: 'ws_connecting', threshold: 'p(95)<1000', ok: true }])
    expect(m.endpoints?.map((e) => [e.value, e.requests])).toEqual([['connect', m.requests]])
  })
})
