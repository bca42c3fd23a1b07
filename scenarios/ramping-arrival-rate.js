// Open model with a changing rate: by default it ramps from START_RATE to RATE over the first quarter of
// DURATION, holds RATE for half and ramps back down, which shows where latency bends as load grows.
// STAGES (JSON [{ "target": iterations/s, "duration": "2s" }]) replaces the default shape.
import { int, stages } from './lib/env.js'
import { buildOptions, openModelVUs, splitDuration } from './lib/options.js'
import { buildChecks, validate } from './lib/checks.js'
import { BODY, send } from './lib/request.js'

export { setup } from './lib/request.js'
export { handleSummary } from './lib/summary.js'

const RATE = int('RATE', 1000)
const [up, hold, down] = splitDuration([0.25, 0.5, 0.25])
const STAGES = stages('STAGES', [
  { target: RATE, duration: up },
  { target: RATE, duration: hold },
  { target: 0, duration: down },
])
const PEAK = Math.max(...STAGES.map((s) => s.target))

export const options = buildOptions({
  executor: 'ramping-arrival-rate',
  startRate: int('START_RATE', 0),
  timeUnit: '1s',
  stages: STAGES,
  // Sized for the peak rate: dropped iterations invalidate the run.
  ...openModelVUs(PEAK),
  gracefulStop: '5s',
})

const checks = buildChecks(BODY)

export default function () {
  validate(send(), checks)
}
