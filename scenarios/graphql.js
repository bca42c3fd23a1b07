// GraphQL load (seed 001): every iteration POSTs one query {query, variables} and checks that the
// response holds every top-level field it asked for. Closed model with VUS concurrent users (seed
// 001 sweeps 50..1000) for DURATION, or an open model at RATE requests per second when RATE is set.
import http from 'k6/http'
import exec from 'k6/execution'
import { sleep } from 'k6'
import { int, jsonObject, str } from './lib/env.js'
import { buildOptions, DURATION, openModelVUs } from './lib/options.js'
import { BODY, EXPECT_STATUS, FIELDS, validateGraphql } from './lib/graphql.js'
import { redirectProblem, targetOf, TARGETS } from './lib/targets.js'

export { handleSummary } from './lib/summary.js'

const RATE = int('RATE', 0)

export const options = buildOptions(
  RATE > 0
    ? {
        executor: 'constant-arrival-rate',
        rate: RATE,
        timeUnit: '1s',
        duration: DURATION,
        ...openModelVUs(RATE),
        gracefulStop: '5s',
      }
    : { executor: 'constant-vus', vus: int('VUS', 10), duration: DURATION, gracefulStop: '5s' },
)

const params = {
  headers: { 'Content-Type': 'application/json', ...jsonObject('HEADERS') },
  timeout: str('REQUEST_TIMEOUT', '60s'),
  // The checks read every body.
  responseType: 'text',
  tags: { operations: String(FIELDS.length) },
}

export default function () {
  validateGraphql(http.post(targetOf(exec.scenario.name), BODY, params))
}

/** Fails fast when a target does not answer or redirects; another wrong answer is what the per-request checks report. */
export function setup() {
  for (const [name, target] of Object.entries(TARGETS)) {
    let res
    for (let i = 1; i <= 5; i++) {
      res = http.post(target, BODY, { ...params, timeout: '5s' })
      if (res.status !== 0) break
      sleep(0.5)
    }
    const which = name === 'load' ? 'TARGET_URL' : `TARGETS.${name}`
    if (res.status === 0)
      exec.test.abort(`${which} ${target} does not answer: ${res.error} (error_code ${res.error_code})`)
    const redirect = redirectProblem(res, EXPECT_STATUS)
    if (redirect) exec.test.abort(`${which} ${target} ${redirect}`)
  }
  return { targets: TARGETS, operations: FIELDS.length, queryBytes: BODY.length }
}
