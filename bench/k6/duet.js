// Duet for bench/designs.ts on a checkout whose built-in scenarios predate TARGETS support: one k6
// process drives every target of TARGETS='{"baseline":"http://…","candidate":"http://…"}' at the same
// time, each in its own constant-arrival-rate scenario named after its key, at RATE per second each.
// Both variants then share the same moment of the machine, so what they share cancels in their ratio.
// Checks and the summary file are the built-in scenarios' own (scenarios/lib).
import http from 'k6/http'
import exec from 'k6/execution'
import { int, jsonObject, str } from '../../scenarios/lib/env.js'
import { openModelVUs } from '../../scenarios/lib/options.js'
import { buildChecks, needsBody, validate } from '../../scenarios/lib/checks.js'
import { makePayload } from '../../scenarios/lib/payload.js'

export { handleSummary } from '../../scenarios/lib/summary.js'

const TARGETS = jsonObject('TARGETS')
const NAMES = Object.keys(TARGETS)
if (NAMES.length === 0) throw new Error('TARGETS must name at least one target')
const RATE = int('RATE', 500)
const DURATION = str('DURATION', '8s')
const METHOD = str('METHOD', 'POST').toUpperCase()
const BODY = METHOD === 'GET' ? null : makePayload(int('PAYLOAD_BYTES', 1024))
const params = { headers: jsonObject('HEADERS'), responseType: needsBody ? 'text' : 'none' }
const checks = buildChecks(BODY)

const thresholds = { dropped_iterations: ['count>=0'] }
for (const name of NAMES) {
  // A submetric only appears in the summary when a threshold names it; these always pass.
  for (const metric of ['http_req_duration', 'http_req_failed', 'checks', 'valid_responses', 'http_reqs'])
    thresholds[`${metric}{scenario:${name}}`] = [
      metric === 'http_req_duration' ? 'max>=0' : metric === 'http_reqs' ? 'count>=0' : 'rate>=0',
    ]
  thresholds[`dropped_iterations{scenario:${name}}`] = ['count>=0']
}

export const options = {
  scenarios: Object.fromEntries(
    NAMES.map((name) => [
      name,
      {
        executor: 'constant-arrival-rate',
        exec: 'default',
        rate: RATE,
        timeUnit: '1s',
        duration: DURATION,
        ...openModelVUs(RATE),
        gracefulStop: '5s',
      },
    ]),
  ),
  thresholds,
  summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(50)', 'p(90)', 'p(95)', 'p(99)', 'count'],
  discardResponseBodies: false,
  userAgent: 'perf-gate (k6)',
}

export default function () {
  validate(http.request(METHOD, TARGETS[exec.scenario.name], BODY, params), checks)
}
