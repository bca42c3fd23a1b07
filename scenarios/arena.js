// One phase of the Gateway Arena (seed 002, STOA layer 0), chosen by ARENA_PHASE; the engine runs the
// eight phases in order, one k6 process each, so every phase starts when the one before has ended.
// Published shapes (k6 executors and parameters as the seed lists them):
//   warmup      shared-iterations    10 VUs, 50 iterations   (discarded)
//   health      shared-iterations    1 VU, 1 iteration       GET HEALTH_URL -> availability
//   sequential  shared-iterations    1 VU, 20 iterations     -> P95 latency
//   burst10     shared-iterations    10 VUs, 10 iterations   -> error rate
//   burst50     ramping-vus          0 -> 50 VUs over 18 s   -> P95 latency
//   burst100    ramping-vus          0 -> 100 VUs over 18 s  -> P95 latency
//   sustained   shared-iterations    1 VU, 100 iterations    -> IQR consistency
//   rampup      ramping-arrival-rate 10 -> 100 req/s, 60 s   -> throughput
// ARENA_TIME_SCALE (0 < s <= 1) shortens the timed phases for a quicker arena; 1 is the published one.
import http from 'k6/http'
import { formatDuration, required, str } from './lib/env.js'
import { buildOptions } from './lib/options.js'
import { buildChecks, validate } from './lib/checks.js'
import { BODY, send } from './lib/request.js'
import { TARGETS } from './lib/targets.js'

export { setup } from './lib/request.js'
export { handleSummary } from './lib/summary.js'

const PHASE = required('ARENA_PHASE')
const SCALE = Number(str('ARENA_TIME_SCALE', '1'))
if (!(SCALE > 0 && SCALE <= 1)) throw new Error(`ARENA_TIME_SCALE must be in (0, 1], got ${SCALE}`)
const HEALTH_URL = str('HEALTH_URL', TARGETS.load)

const scaled = (seconds) => formatDuration(seconds * SCALE)
const PHASES = {
  warmup: { executor: 'shared-iterations', vus: 10, iterations: 50, maxDuration: '60s' },
  health: { executor: 'shared-iterations', vus: 1, iterations: 1, maxDuration: '30s' },
  sequential: { executor: 'shared-iterations', vus: 1, iterations: 20, maxDuration: '60s' },
  burst10: { executor: 'shared-iterations', vus: 10, iterations: 10, maxDuration: '60s' },
  burst50: {
    executor: 'ramping-vus',
    startVUs: 0,
    stages: [{ duration: scaled(18), target: 50 }],
    gracefulRampDown: '0s',
  },
  burst100: {
    executor: 'ramping-vus',
    startVUs: 0,
    stages: [{ duration: scaled(18), target: 100 }],
    gracefulRampDown: '0s',
  },
  sustained: { executor: 'shared-iterations', vus: 1, iterations: 100, maxDuration: '120s' },
  rampup: {
    executor: 'ramping-arrival-rate',
    startRate: 10,
    timeUnit: '1s',
    preAllocatedVUs: 50,
    maxVUs: 200,
    stages: [{ duration: scaled(60), target: 100 }],
  },
}
const phase = PHASES[PHASE]
if (!phase) throw new Error(`ARENA_PHASE must be one of ${Object.keys(PHASES).join(', ')}, got "${PHASE}"`)

export const options = {
  ...buildOptions(phase),
  // P25 and P75 for the IQR consistency score.
  summaryTrendStats: [
    'avg',
    'min',
    'med',
    'max',
    'p(25)',
    'p(50)',
    'p(75)',
    'p(90)',
    'p(95)',
    'p(99)',
    'count',
  ],
}

const checks = buildChecks(BODY)
const healthChecks = { 'health answers 2xx': (r) => r.status >= 200 && r.status < 300 }

export default function () {
  if (PHASE === 'health') {
    // Availability: the health endpoint answers; a 5xx or no answer counts as a failed request.
    validate(http.get(HEALTH_URL), healthChecks)
    return
  }
  validate(send(), checks)
}
