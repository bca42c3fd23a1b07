// Where the load goes. One target (TARGET_URL) runs the load in one k6 scenario named `load`. A duet
// (TARGETS='{"baseline":"http://…","candidate":"http://…"}') runs one scenario per key, named after
// it, with the same executor and at the same time in one k6 process: both variants of a paired
// comparison then see the same moment of the machine (its neighbours, its thermal state), so what the
// two share cancels in their ratio. Metrics are told apart by the `scenario` tag.
import { jsonObject, required } from './env.js'

const DUET = jsonObject('TARGETS')

/** Scenario name -> target URL. */
export const TARGETS = Object.keys(DUET).length > 0 ? DUET : { load: required('TARGET_URL') }

for (const name of Object.keys(TARGETS)) {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`TARGETS key "${name}" is not a valid k6 scenario name`)
}

/** The k6 scenarios that carry load, one per target. */
export const LOAD_SCENARIOS = Object.keys(TARGETS)

/** The target of a k6 scenario: a load scenario's own, or for `warmup_NAME` the target of NAME. */
export function targetOf(scenarioName) {
  const name = scenarioName.startsWith('warmup_') ? scenarioName.slice('warmup_'.length) : scenarioName
  return TARGETS[name]
}

/**
 * Why setup() stops at this answer from a target: a redirect (other than the expected status) would
 * make every request of the run a failed check, since perf-gate follows none (options.js). Undefined
 * otherwise. The Location is not quoted: the target chooses its bytes.
 */
export function redirectProblem(res, expectStatus) {
  if (res.status < 300 || res.status > 399 || res.status === expectStatus) return undefined
  return `answers ${res.status}, a redirect; perf-gate follows none (a target could send the load generator off the stack, docs/security.md)`
}

/**
 * Request headers per target in a duet (TARGET_HEADERS='{"baseline":{…},"candidate":{…}}'): values a
 * profile's setup captured (an API key) differ between the two stacks. Absent: HEADERS for every target.
 */
const TARGET_HEADERS = jsonObjectOfObjects('TARGET_HEADERS')

/** The headers to send to a k6 scenario's target, given the common ones. */
export function headersOf(scenarioName, common) {
  const name = scenarioName.startsWith('warmup_') ? scenarioName.slice('warmup_'.length) : scenarioName
  return TARGET_HEADERS[name] ?? common
}

function jsonObjectOfObjects(name) {
  const v = __ENV[name]
  if (v === undefined || v === '') return {}
  let parsed
  try {
    parsed = JSON.parse(v)
  } catch (e) {
    throw new Error(`${name} must be a JSON object: ${e.message}`)
  }
  const isMap = (o) => o !== null && typeof o === 'object' && !Array.isArray(o)
  if (
    !isMap(parsed) ||
    !Object.values(parsed).every((h) => isMap(h) && Object.values(h).every((x) => typeof x === 'string'))
  )
    throw new Error(`${name} must map target names to objects of header strings`)
  return parsed
}
