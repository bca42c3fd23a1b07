// One step of a capacity search (src/capacity): a constant arrival rate of RATE iterations per second
// for DURATION, after a warm-up at WARMUP_RATE (a fraction of RATE). The engine runs one k6 process per
// step and decides from its summary whether the step sustained the rate; a step above capacity drops
// iterations or fails requests, and that is its result, not an error.
import { int } from './lib/env.js'
import { buildOptions, DURATION, openModelVUs } from './lib/options.js'
import { buildChecks, validate } from './lib/checks.js'
import { BODY, send } from './lib/request.js'

export { setup } from './lib/request.js'
export { handleSummary } from './lib/summary.js'

const RATE = int('RATE', 100)

export const options = buildOptions({
  executor: 'constant-arrival-rate',
  rate: RATE,
  timeUnit: '1s',
  duration: DURATION,
  ...openModelVUs(RATE),
  // Short: requests still in flight after DURATION are a saturated step's backlog, and waiting long
  // for them would only stretch the search.
  gracefulStop: '2s',
})

const checks = buildChecks(BODY)

export default function () {
  validate(send(), checks)
}
