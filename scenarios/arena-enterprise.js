// One dimension of the Gateway Arena's layer 1 (seed 002, STOA: enterprise readiness), chosen by
// ENTERPRISE_DIMENSION; the engine runs the configured dimensions one after the other, one k6 process
// each. 1 VU runs ITERATIONS iterations (shared-iterations). An iteration sends the dimension's
// requests in order (ENTERPRISE_SPEC, relative to TARGET_URL) and passes when every response passes
// its checks; `valid_responses` records one value per iteration, so its rate is the availability.
// A rate-limit dimension (spec.rateLimit) instead sends its first request `burst` times as a fresh
// consumer: the first `limit` must pass their checks, the rest must answer 429; `valid_responses`
// records one value per request (the enforcement accuracy).
// `{{jwt}}` in a path, header or body is an HS256 token signed with JWT.secret, fresh per iteration;
// `{{consumer}}` is unique per iteration (a rate limiter's key starts empty every time).
import http from 'k6/http'
import crypto from 'k6/crypto'
import encoding from 'k6/encoding'
import exec from 'k6/execution'
import { check } from 'k6'
import { Rate } from 'k6/metrics'
import { int, jsonObject, jsonValue, required, str } from './lib/env.js'
import { buildOptions } from './lib/options.js'

export { handleSummary } from './lib/summary.js'

const DIMENSION = required('ENTERPRISE_DIMENSION')
const SPEC = jsonValue('ENTERPRISE_SPEC', null)
if (!SPEC || !Array.isArray(SPEC.requests) || SPEC.requests.length === 0)
  throw new Error('ENTERPRISE_SPEC must be a dimension with at least one request')
const ITERATIONS = int('ITERATIONS', 10)
const TARGET_URL = required('TARGET_URL')
const COMMON_HEADERS = jsonObject('HEADERS')
const JWT = jsonValue('JWT', null)
const RUN_ID = str('RUN_ID', String(Date.now()))

export const options = buildOptions({
  executor: 'shared-iterations',
  vus: 1,
  iterations: ITERATIONS,
  maxDuration: '300s',
})

const validResponses = new Rate('valid_responses')

function base64url(text) {
  return encoding.b64encode(text, 'rawurl')
}

/** An HS256 JSON Web Token for the configured claims, issued now. */
function signJwt() {
  const now = Math.floor(Date.now() / 1000)
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64url(JSON.stringify({ ...JWT.claims, iat: now, exp: now + JWT.ttlSeconds }))
  const signature = crypto.hmac('sha256', JWT.secret, `${header}.${payload}`, 'base64rawurl')
  return `${header}.${payload}.${signature}`
}

function fill(text, values) {
  return text.replace(/\{\{(jwt|consumer)\}\}/g, (_, name) => {
    if (name === 'jwt' && values.jwt === undefined)
      throw new Error(`dimension ${DIMENSION} uses {{jwt}} but enterprise.jwt is not configured`)
    return values[name]
  })
}

const ORIGIN = (TARGET_URL.match(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i) ?? [TARGET_URL])[0]
const DIRECTORY = TARGET_URL.replace(/[?#].*$/, '').replace(/[^/]*$/, '')

/**
 * A request's path against the target URL, as a browser resolves a link (k6 has no URL class); the
 * schema refuses absolute URLs, so every request stays on the profile's gateway.
 */
function resolve(path) {
  if (path.startsWith('/')) return ORIGIN + path
  return DIRECTORY + path
}

function header(res, name) {
  const wanted = name.toLowerCase()
  for (const key in res.headers) if (key.toLowerCase() === wanted) return res.headers[key]
  return undefined
}

function statusOk(expected, status) {
  if (expected === '2xx') return status >= 200 && status < 300
  if (expected === '4xx') return status >= 400 && status < 500
  return status === expected
}

/** Sends one configured request; returns the response and whether every check of it passed. */
function sendOne(request, values, rpcId) {
  const url = resolve(fill(request.path, values))
  const headers = {}
  for (const [name, value] of Object.entries({ ...COMMON_HEADERS, ...request.headers }))
    headers[name] = fill(String(value), values)
  let body = request.body === undefined ? null : fill(request.body, values)
  let method = request.method
  if (request.jsonRpc) {
    method = 'POST'
    headers['Content-Type'] = headers['Content-Type'] ?? 'application/json'
    headers.Accept = headers.Accept ?? 'application/json, text/event-stream'
    body = JSON.stringify({
      jsonrpc: '2.0',
      id: rpcId,
      method: request.jsonRpc.method,
      ...(request.jsonRpc.params ? { params: request.jsonRpc.params } : {}),
    })
  }
  const res = http.request(method, url, body, { headers, responseType: 'text', timeout: '10s' })
  return { res, ok: checkResponse(request, res, rpcId) }
}

function checkResponse(request, res, rpcId) {
  const expect = request.expect
  const checks = {}
  checks[`${DIMENSION}: status ${expect.status}`] = (r) => statusOk(expect.status, r.status)
  for (const s of expect.bodyContains)
    checks[`${DIMENSION}: body contains ${JSON.stringify(s)}`] = (r) =>
      typeof r.body === 'string' && r.body.includes(s)
  for (const s of expect.bodyExcludes)
    checks[`${DIMENSION}: body lacks ${JSON.stringify(s)}`] = (r) =>
      typeof r.body === 'string' && !r.body.includes(s)
  for (const name of expect.headers)
    checks[`${DIMENSION}: header ${name}`] = (r) => header(r, name) !== undefined
  if (request.jsonRpc)
    checks[`${DIMENSION}: JSON-RPC result`] = (r) => {
      try {
        const answer = JSON.parse(r.body)
        return answer.jsonrpc === '2.0' && answer.id === rpcId && 'result' in answer && !('error' in answer)
      } catch {
        return false
      }
    }
  return check(res, checks)
}

function rateLimitIteration(values) {
  const { limit, burst, headers } = SPEC.rateLimit
  const request = SPEC.requests[0]
  for (let i = 0; i < burst; i++) {
    const { res, ok } = sendOne(request, values, i + 1)
    const withHeaders = headers.every((name) => header(res, name) !== undefined)
    // Within the limit: the request's own checks; beyond it: a 429, nothing else.
    const expected = i < limit ? ok : res.status === 429
    validResponses.add(
      check(res, {
        [`${DIMENSION}: ${i < limit ? 'within the limit, served' : 'beyond the limit, 429'}`]: () => expected,
        [`${DIMENSION}: rate-limit headers`]: () => withHeaders,
      }),
    )
  }
}

export default function () {
  const iteration = exec.scenario.iterationInTest
  const values = {
    consumer: `arena-${RUN_ID}-${iteration}`,
    ...(JWT ? { jwt: signJwt() } : {}),
  }
  if (SPEC.rateLimit) {
    rateLimitIteration(values)
    return
  }
  let passed = true
  SPEC.requests.forEach((request, i) => {
    // Every request runs even after a failure, so each dimension's latency counts a full iteration.
    const { ok } = sendOne(request, values, iteration * 100 + i + 1)
    passed = passed && ok
  })
  validResponses.add(passed)
}
