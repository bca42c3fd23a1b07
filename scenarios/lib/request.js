// The one request every built-in scenario sends, and the setup() that refuses to start a run against a
// target that does not answer (otherwise a typo in a URL becomes a run with a 100% error rate).
import http from 'k6/http'
import exec from 'k6/execution'
import { sleep } from 'k6'
import { int, jsonObject, str } from './env.js'
import { makePayload } from './payload.js'
import { EXPECT_STATUS, needsBody } from './checks.js'
import { headersOf, redirectProblem, targetOf, TARGETS } from './targets.js'

export const METHOD = str('METHOD', 'POST').toUpperCase()
if (!['GET', 'POST', 'PUT'].includes(METHOD))
  throw new Error(`METHOD must be GET, POST or PUT, got "${METHOD}"`)

export const PAYLOAD_BYTES = int('PAYLOAD_BYTES', 1024)
/** What is sent: GET carries no body, so an echo check then expects an empty body. */
export const BODY = METHOD === 'GET' ? null : makePayload(PAYLOAD_BYTES)

const params = {
  headers: jsonObject('HEADERS'),
  // A hung upstream must end as a timed-out (failed) request, not hold a VU for k6's default minute.
  timeout: str('REQUEST_TIMEOUT', '60s'),
  // Bodies are only kept when a check reads them: copying every response into the JS runtime costs
  // CPU on the load generator, which would otherwise show up in the latencies we measure.
  responseType: needsBody ? 'text' : 'none',
}

/** Sends the scenario's request once; the response is validated by the caller. */
export function send() {
  const name = exec.scenario.name
  return http.request(METHOD, targetOf(name), BODY, paramsOf(name))
}

// Per-target params are built once per scenario name, not per request.
const paramsByScenario = {}
function paramsOf(name) {
  let p = paramsByScenario[name]
  if (p === undefined) {
    p = { ...params, headers: headersOf(name, params.headers) }
    paramsByScenario[name] = p
  }
  return p
}

/** Tries every target a few times (a gateway may still be syncing routes), then aborts with the reason. */
export function setup() {
  const attempts = int('SETUP_ATTEMPTS', 5)
  const setupStatus = {}
  for (const [name, target] of Object.entries(TARGETS)) {
    let res
    for (let i = 1; i <= attempts; i++) {
      res = http.request(METHOD, target, BODY, { ...paramsOf(name), responseType: 'text', timeout: '5s' })
      if (res.status !== 0) break
      if (i < attempts) sleep(0.5)
    }
    const which = name === 'load' ? 'TARGET_URL' : `TARGETS.${name}`
    if (res.status === 0)
      exec.test.abort(`${which} ${target} does not answer: ${res.error} (error_code ${res.error_code})`)
    const redirect = redirectProblem(res, EXPECT_STATUS)
    if (redirect) exec.test.abort(`${which} ${target} ${redirect}`)
    // Not fatal: a wrong status is what the per-request checks measure and report as accuracy.
    setupStatus[name] = res.status
  }
  return { targets: TARGETS, method: METHOD, payloadBytes: PAYLOAD_BYTES, setupStatus }
}
