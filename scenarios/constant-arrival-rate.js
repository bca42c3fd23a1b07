// Open model: RATE iterations per second for DURATION whatever the latency, so a slower gateway does
// not hide behind fewer requests. If k6 runs out of VUs it drops iterations (`dropped_iterations`), and
// such a run is invalid for comparison: raise MAX_VUS or lower RATE.
import { int } from './lib/env.js'
import { buildOptions, DURATION, openModelVUs } from './lib/options.js'
import { buildChecks, validate } from './lib/checks.js'
import { BODY, send } from './lib/request.js'

export { setup } from './lib/request.js'
export { handleSummary } from './lib/summary.js'

const RATE = int('RATE', 1000)

export const options = buildOptions({
  executor: 'constant-arrival-rate',
  rate: RATE,
  timeUnit: '1s',
  duration: DURATION,
  ...openModelVUs(RATE),
  gracefulStop: '5s',
})

const checks = buildChecks(BODY)

export default function () {
  validate(send(), checks)
}
