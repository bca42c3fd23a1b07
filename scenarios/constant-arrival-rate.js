// Open model: RATE iterations per second for DURATION whatever the latency, so a slower gateway does
// not hide behind fewer requests. If k6 runs out of VUs it drops iterations (`dropped_iterations`), and
// such a run is invalid for comparison: raise MAX_VUS or lower RATE.
import { int } from './lib/env.js'
import { buildOptions, DURATION } from './lib/options.js'
import { buildChecks, validate } from './lib/checks.js'
import { BODY, send } from './lib/request.js'

export { setup } from './lib/request.js'
export { handleSummary } from './lib/summary.js'

const RATE = int('RATE', 1000)
// Enough VUs up front to ride out a 50 ms stall at RATE: a VU is only allocated after an iteration
// found none free and was dropped, so a run that relies on MAX_VUS has already lost iterations;
// MAX_VUS is headroom for longer stalls.
const PRE_ALLOCATED = int('VUS', Math.max(50, Math.ceil(RATE / 20)))
const MAX_VUS = Math.max(PRE_ALLOCATED, int('MAX_VUS', Math.max(200, PRE_ALLOCATED * 4)))

export const options = buildOptions({
  executor: 'constant-arrival-rate',
  rate: RATE,
  timeUnit: '1s',
  duration: DURATION,
  preAllocatedVUs: PRE_ALLOCATED,
  maxVUs: MAX_VUS,
  gracefulStop: '5s',
})

const checks = buildChecks(BODY)

export default function () {
  validate(send(), checks)
}
