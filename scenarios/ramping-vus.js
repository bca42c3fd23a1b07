// Closed model with a burst: by default a quarter of VUS (at least 1) for 30% of DURATION, a jump to VUS
// for 40%, then back, which shows how a gateway absorbs a sudden concurrency spike and recovers.
// STAGES (JSON [{ "target": vus, "duration": "2s" }]) replaces the default shape.
import { int, stages } from './lib/env.js'
import { buildOptions, splitDuration } from './lib/options.js'
import { buildChecks, validate } from './lib/checks.js'
import { BODY, send } from './lib/request.js'

export { setup } from './lib/request.js'
export { handleSummary } from './lib/summary.js'

const VUS = Math.max(1, int('VUS', 10))
const BASE = Math.max(1, int('START_VUS', Math.ceil(VUS / 4)))
const [before, burst, after] = splitDuration([0.3, 0.4, 0.3])
// Zero-length stages switch instantly: that is the burst.
const STAGES = stages('STAGES', [
  { target: BASE, duration: before },
  { target: VUS, duration: '0s' },
  { target: VUS, duration: burst },
  { target: BASE, duration: '0s' },
  { target: BASE, duration: after },
])

export const options = buildOptions({
  executor: 'ramping-vus',
  startVUs: BASE,
  stages: STAGES,
  gracefulRampDown: '5s',
  gracefulStop: '5s',
})

const checks = buildChecks(BODY)

export default function () {
  validate(send(), checks)
}
