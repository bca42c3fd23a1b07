// Per-request validation (seed 000 section 6): status, expected headers (present with a value, or
// absent), body prefix/contains (several) and the payload preserved exactly or behind a prefix. Accuracy is per request: the `valid_responses` Rate records whether every
// check of a response passed (`checks` alone counts checks, several per request). Everything is decided
// once in the init stage; an iteration only runs the predicates.
import { check } from 'k6'
import { Rate } from 'k6/metrics'
import { int, jsonObject, jsonStringArray, str } from './env.js'

export const EXPECT_STATUS = int('EXPECT_STATUS', 200)
const EXPECT_HEADERS = jsonObject('EXPECT_HEADERS')
const EXPECT_HEADERS_ABSENT = jsonStringArray('EXPECT_HEADERS_ABSENT')
const EXPECT_BODY_PREFIX = str('EXPECT_BODY_PREFIX', undefined)
const EXPECT_BODY_CONTAINS = jsonStringArray('EXPECT_BODY_CONTAINS')
const EXPECT_ECHO = str('EXPECT_ECHO', 'false') === 'true'
// The payload behind a prefix a policy prepends; '' (unset) is the exact echo.
const EXPECT_ECHO_PREFIX = str('EXPECT_ECHO_PREFIX', '')

/** True when some check reads the response body, so bodies must not be discarded. */
export const needsBody = EXPECT_BODY_PREFIX !== undefined || EXPECT_BODY_CONTAINS.length > 0 || EXPECT_ECHO

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
  for (const name of EXPECT_HEADERS_ABSENT) {
    checks[`header ${name} absent`] = (r) => header(r, name) === undefined
  }
  if (EXPECT_BODY_PREFIX !== undefined) {
    checks[`body starts with ${JSON.stringify(EXPECT_BODY_PREFIX)}`] = (r) =>
      typeof r.body === 'string' && r.body.startsWith(EXPECT_BODY_PREFIX)
  }
  for (const substring of EXPECT_BODY_CONTAINS) {
    checks[`body contains ${JSON.stringify(substring)}`] = (r) =>
      typeof r.body === 'string' && r.body.includes(substring)
  }
  if (EXPECT_ECHO) {
    const expected = EXPECT_ECHO_PREFIX + (sent === null ? '' : sent)
    const name =
      EXPECT_ECHO_PREFIX === ''
        ? 'body echoes payload'
        : `body is ${JSON.stringify(EXPECT_ECHO_PREFIX)} + payload`
    checks[name] = (r) => r.body === expected
  }
  return checks
}

const validResponses = new Rate('valid_responses')

/**
 * Runs every check on one response; failures count in `checks`, they do not stop the run. Accuracy
 * (`valid_responses`) counts answered requests only: a transport error or an unexpected 4xx/5xx is
 * already a failed request in the error rate, which has its own ceiling, so it is not counted twice.
 */
export function validate(res, checks) {
  const ok = check(res, checks)
  // Status 0 is a transport error (timeout, reset); k6 also sets error_code for every 4xx/5xx, so an
  // expected 4xx (a policy that must reject) is read from the status, not from error_code.
  const failed = res.status === 0 || (res.status >= 400 && res.status !== EXPECT_STATUS)
  if (!failed) validResponses.add(ok)
  return ok
}
