// Profile setup against a real local HTTP server standing in for a gateway's admin API.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import { InfrastructureError } from '../../../src/errors.js'
import { captureValue, profileHeaders, setUpProfile } from '../../../src/stack/profile-setup.js'

let server: Server
let base: string
const received: { method: string; url: string; body: string }[] = []
let apiCreated = false
let adminFailuresLeft = 2

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body })
      if (req.url === '/admin/apis') {
        // The admin API is not up yet for the first two calls, as right after a gateway starts.
        if (adminFailuresLeft-- > 0) return void res.writeHead(503).end('starting')
        apiCreated = true
        return void res.writeHead(201).end('{}')
      }
      if (req.url === '/admin/broken') return void res.writeHead(500).end('boom')
      if (req.url === '/admin/chatty')
        return void res
          .writeHead(500)
          .end(
            `error for key adm-9f8e7d6c5b4a, token ghp_0123456789abcdefghijABCDEFGHIJ0123 ${'x'.repeat(300)}`,
          )
      if (req.url === '/admin/redirect')
        return void res.writeHead(302, { location: `${base}/admin/redirected` }).end()
      // Creating route N answers with its id and a key, as admin APIs return what they created.
      const route = /^\/admin\/routes\/(\d+)$/.exec(req.url ?? '')
      if (route)
        return void res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `r${route[1]}`, data: { key: `key-${route[1]}`, list: [1] } }))
      if (req.url === '/admin/consumers') return void res.writeHead(201).end('{}')
      // The route answers only once the API exists, like a gateway that propagates config.
      if (req.url === '/api/echo') return void res.writeHead(apiCreated ? 200 : 404).end()
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const profileWith = (setup: unknown[], readinessTimeout = '5s', headers: Record<string, string> = {}) =>
  parseConfig(
    {
      name: 't',
      services: { gw: { image: 'gw', ports: [80], wait: { log: 'up' } } },
      profiles: [
        {
          name: 'jwt',
          target: 'http://gw:80/api/echo',
          setup,
          readiness: { timeout: readinessTimeout },
          headers,
        },
      ],
      scenarios: [{ name: 's', script: 'constant-vus' }],
    },
    'perf-gate.yml',
    {},
  ).profiles[0]!

// The stack rewrites service hosts to container addresses; here "gw" is the local server.
const resolve = (url: string) => url.replace('http://gw:80', base)
// The hosts setup may call: the stack's one service.
const guard = { hosts: new Set(['gw']), mask: (text: string) => text }

describe('setUpProfile', () => {
  it('retries admin calls until they succeed, sends the JSON body, then waits for the route', async () => {
    const profile = profileWith([
      { url: 'http://gw:80/admin/apis', body: { name: 'echo', policies: ['jwt'] } },
    ])
    await setUpProfile(profile, resolve, guard)
    const calls = received.filter((r) => r.url === '/admin/apis')
    expect(calls).toHaveLength(3)
    expect(JSON.parse(calls[2]!.body)).toEqual({ name: 'echo', policies: ['jwt'] })
    expect(received.some((r) => r.url === '/api/echo')).toBe(true)
  })

  it('names the profile, the call and the last answer when setup keeps failing', async () => {
    const profile = profileWith([{ url: 'http://gw:80/admin/broken', retries: 1 }])
    const error = await setUpProfile(profile, resolve, guard).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as Error).message).toBe(
      'profile "jwt" setup[0]: POST http://gw:80/admin/broken failed after 2 attempts (HTTP 500: boom)',
    )
  })

  it('gives up on readiness after its timeout', async () => {
    const profile = {
      ...profileWith([], '600ms'),
      target: 'http://gw:80/missing',
    }
    await expect(setUpProfile(profile, resolve, guard)).rejects.toThrow(
      /profile "jwt": http:\/\/127\.0\.0\.1:\d+\/missing did not answer 200 within 600ms \(last: HTTP 404\)/,
    )
  })
})

describe('setup reaches only the stack', () => {
  it('refuses a call to a host that is not a service, without sending it', async () => {
    const profile = profileWith([{ url: 'http://gw:80/admin/apis' }])
    const evil = {
      ...profile,
      setup: [{ ...profile.setup[0]!, url: 'http://169.254.169.254/latest/meta-data/' }],
    }
    const start = received.length
    await expect(setUpProfile(evil, (u) => u, guard)).rejects.toThrow(
      /profile "jwt" setup\[0\]: host "169\.254\.169\.254" is not a service of this stack/,
    )
    expect(received.length).toBe(start)
  })

  it('refuses a host a capture filled in', async () => {
    const profile = profileWith([
      { url: 'http://gw:80/admin/routes/1', capture: { host: 'id' } },
      { url: 'http://gw:80/admin/consumers' },
    ])
    const second = { ...profile.setup[1]!, url: 'http://{{host}}:80/admin/consumers' }
    await expect(
      setUpProfile({ ...profile, setup: [profile.setup[0]!, second] }, resolve, guard),
    ).rejects.toThrow(/setup\[1\]: host "r1" is not a service of this stack/)
  })

  it('follows no redirect', async () => {
    const profile = profileWith([{ url: 'http://gw:80/admin/redirect', retries: 0 }])
    const start = received.length
    await expect(setUpProfile(profile, resolve, guard)).rejects.toThrow(/HTTP 302/)
    expect(received.slice(start).map((r) => r.url)).not.toContain('/admin/redirected')
  })

  it('quotes at most 80 masked characters of a failing answer', async () => {
    const profile = profileWith([{ url: 'http://gw:80/admin/chatty', retries: 0 }])
    const masking = { hosts: guard.hosts, mask: (text: string) => text.split('adm-9f8e7d6c5b4a').join('***') }
    const message = ((await setUpProfile(profile, resolve, masking).catch((e: unknown) => e)) as Error)
      .message
    const quoted = /\(HTTP 500: (.*)\)$/.exec(message)?.[1] ?? ''
    expect(quoted.length).toBeGreaterThan(0)
    expect(quoted.length).toBeLessThanOrEqual(81) // 80 characters and an ellipsis
    expect(message).not.toContain('adm-9f8e7d6c5b4a')
    expect(message).not.toContain('ghp_0123456789')
  })
})

describe('setup repeat and capture', () => {
  it('repeats a call with {{i}}, captures from the JSON answer, and fills later calls and the headers', async () => {
    apiCreated = true
    const profile = profileWith(
      [
        {
          url: 'http://gw:80/admin/routes/{{i}}',
          body: { name: 'route-{{i}}' },
          repeat: 3,
          capture: { id: 'id' },
        },
        {
          url: 'http://gw:80/admin/consumers',
          headers: { 'x-route': '{{id}}' },
          body: { route: '{{id}}', n: 1 },
          capture: {},
        },
        { url: 'http://gw:80/admin/routes/7', capture: { key: 'data.key' } },
      ],
      '5s',
      { authorization: 'Key {{key}}', 'x-static': 'yes' },
    )
    const start = received.length
    const result = await setUpProfile(profile, resolve, guard)
    const calls = received.slice(start).filter((r) => r.url.startsWith('/admin/'))
    expect(calls.map((c) => c.url)).toEqual([
      '/admin/routes/0',
      '/admin/routes/1',
      '/admin/routes/2',
      '/admin/consumers',
      '/admin/routes/7',
    ])
    expect(JSON.parse(calls[1]!.body)).toEqual({ name: 'route-1' })
    // A repeated call's capture holds its last answer's value.
    expect(JSON.parse(calls[3]!.body)).toEqual({ route: 'r2', n: 1 })
    expect(result.headers).toEqual({ authorization: 'Key key-7', 'x-static': 'yes' })
  })

  it('names the call and the path when a capture finds nothing', async () => {
    const profile = profileWith([
      { url: 'http://gw:80/admin/routes/1', capture: { x: 'data.missing' }, retries: 0 },
    ])
    await expect(setUpProfile(profile, resolve, guard)).rejects.toThrow(
      'profile "jwt" setup[0]: capture x: no value at "data.missing"',
    )
  })
})

describe('captureValue', () => {
  it('reads dotted paths, array indexes included, as text', () => {
    expect(captureValue({ a: { b: [{ c: 5 }] } }, 'a.b.0.c')).toBe('5')
    expect(captureValue({ ok: true }, 'ok')).toBe('true')
  })

  it('refuses objects, nulls, inherited keys and values that could split a header', () => {
    expect(() => captureValue({ a: { b: 1 } }, 'a')).toThrow('is object, not a string or number')
    expect(() => captureValue({ a: null }, 'a')).toThrow('is null')
    expect(() => captureValue({}, 'constructor')).toThrow('no value at "constructor"')
    expect(() => captureValue({ a: 'x\r\nSet-Cookie: y' }, 'a')).toThrow('control characters')
    expect(() => captureValue({ a: 'k'.repeat(5000) }, 'a')).toThrow('longer than 4096')
  })

  it('fills only the profile headers with captured values', () => {
    expect(profileHeaders({ headers: { a: '{{k}}-{{k}}', b: 'plain' } }, { k: 'v', other: 'w' })).toEqual({
      a: 'v-v',
      b: 'plain',
    })
  })
})
