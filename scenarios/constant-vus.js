// Closed model: VUS virtual users send back to back for DURATION. It reproduces the seeds' concurrency
// sweeps; a slower gateway also sends fewer requests (coordinated omission), so prefer the open model
// (constant-arrival-rate.js) for gating.
import { int } from './lib/env.js'
import { buildOptions, DURATION } from './lib/options.js'
import { buildChecks, validate } from './lib/checks.js'
import { BODY, send } from './lib/request.js'

export { setup } from './lib/request.js'
export { handleSummary } from './lib/summary.js'

export const options = buildOptions({
  executor: 'constant-vus',
  vus: int('VUS', 10),
  duration: DURATION,
  gracefulStop: '5s',
})

const checks = buildChecks(BODY)

export default function () {
  validate(send(), checks)
}
