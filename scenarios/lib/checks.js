// Per-request validation (seed 000 section 6): status, expected headers, body prefix/contains and an
// exact echo of the payload. Accuracy is per request: the `valid_responses` Rate records whether every
// check of a response passed (`checks` alone counts checks, several per request). Everything is decided
// once in the init stage; an iteration only runs the predicates.
import { check } from 'k6'
import { Rate } from 'k6/metrics'
import { int, jsonObject, str } from './env.js'

const EXPECT_STATUS = int('EXPECT_STATUS', 200)
const EXPECT_HEADERS = jsonObject('EXPECT_HEADERS')
const EXPECT_BODY_PREFIX = str('EXPECT_BODY_PREFIX', undefined)
const EXPECT_BODY_CONTAINS = str('EXPECT_BODY_CONTAINS', undefined)
const EXPECT_ECHO = str('EXPECT_ECHO', 'false') === 'true'

/** True when some check reads the response body, so bodies must not be discarded. */
export const needsBody = EXPECT_BODY_PREFIX !== undefined || EXPECT_BODY_CONTAINS !== undefined || EXPECT_ECHO

/** k6 canonicalises header names (x-echo -> X-Echo); expectations may be written in any case. */
function header(res, name) {
  const wanted = name.toLowerCase()
  for (const key in res.headers) {
    if (key.toLowerCase() === wanted) return res.headers[key]
  }
  return undefined
}

/** Builds the named predicates for this run; `sent` is the request body (null for GET). */
export function buildChecks(sent) {
  const checks = {}
  checks[`status is ${EXPECT_STATUS}`] = (r) => r.status === EXPECT_STATUS
  for (const [name, substring] of Object.entries(EXPECT_HEADERS)) {
    checks[`header ${name} contains ${JSON.stringify(substring)}`] = (r) => {
      const v = header(r, name)
      return v !== undefined && v.includes(substring)
    }
  }
  if (EXPECT_BODY_PREFIX !== undefined) {
    checks[`body starts with ${JSON.stringify(EXPECT_BODY_PREFIX)}`] = (r) =>
      typeof r.body === 'string' && r.body.startsWith(EXPECT_BODY_PREFIX)
  }
  if (EXPECT_BODY_CONTAINS !== undefined) {
    checks[`body contains ${JSON.stringify(EXPECT_BODY_CONTAINS)}`] = (r) =>
      typeof r.body === 'string' && r.body.includes(EXPECT_BODY_CONTAINS)
  }
  if (EXPECT_ECHO) {
    const expected = sent === null ? '' : sent
    checks['body echoes payload'] = (r) => r.body === expected
  }
  return checks
}

const validResponses = new Rate('valid_responses')

/** Runs every check on one response; failures count in `checks`, they do not stop the run. */
export function validate(res, checks) {
  const ok = check(res, checks)
  validResponses.add(ok)
  return ok
}
