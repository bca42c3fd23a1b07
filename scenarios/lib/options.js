// The options every built-in scenario shares. The load runs in named scenarios (`load`, or one per
// variant in a duet, see targets.js), so their metrics can be told apart from setup()'s requests and
// from each other through `{scenario:NAME}` submetrics. A submetric only appears in the summary when a
// threshold names it; these thresholds always pass and exist for that.
import { durationSeconds, formatDuration, int, str } from './env.js'
import { LOAD_SCENARIOS } from './targets.js'

export const DURATION = str('DURATION', '8s')
export const DURATION_SECONDS = durationSeconds('DURATION', DURATION)
/** Warm-up inside the run, before the load phase (0 for none); its requests never reach the metrics. */
export const WARMUP_SECONDS = durationSeconds('WARMUP', str('WARMUP', '0s'))

/** Splits DURATION by `fractions` (summing to 1) into k6 duration strings, for default stages. */
export function splitDuration(fractions) {
  return fractions.map((f) => formatDuration(DURATION_SECONDS * f))
}

/** Full k6 options for a scenario config (executor and its parameters), one k6 scenario per target. */
export function buildOptions(scenario) {
  const scenarios = {}
  const thresholds = {
    // Open-model runs that drop iterations are invalid for comparison; keep the metric visible.
    dropped_iterations: ['count>=0'],
  }
  const warmup = WARMUP_SECONDS > 0 ? warmupScenario(scenario) : null
  LOAD_SCENARIOS.forEach((name, index) => {
    const offset = duetOffsetSeconds(scenario, index)
    // The warm-up is a scenario of its own (tagged `warmup_NAME`), so the `{scenario:NAME}`
    // submetrics the engine reads hold the load phase only.
    if (warmup)
      scenarios[`warmup_${name}`] = {
        exec: 'default',
        ...warmup,
        ...(offset > 0 ? { startTime: formatMs(offset) } : {}),
      }
    scenarios[name] = {
      exec: 'default',
      ...scenario,
      ...(warmup || offset > 0 ? { startTime: formatMs(WARMUP_SECONDS + offset) } : {}),
    }
    thresholds[`http_req_duration{scenario:${name}}`] = ['max>=0']
    thresholds[`http_req_failed{scenario:${name}}`] = ['rate>=0']
    thresholds[`checks{scenario:${name}}`] = ['rate>=0']
    thresholds[`valid_responses{scenario:${name}}`] = ['rate>=0']
    thresholds[`http_reqs{scenario:${name}}`] = ['count>=0']
    thresholds[`iterations{scenario:${name}}`] = ['count>=0']
    thresholds[`dropped_iterations{scenario:${name}}`] = ['count>=0']
  })
  return {
    scenarios,
    thresholds,
    summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(50)', 'p(90)', 'p(95)', 'p(99)', 'count'],
    // Never true: body checks need the bodies. When no check reads them, request.js asks for
    // responseType 'none' per request instead, which has the same saving.
    discardResponseBodies: false,
    setupTimeout: '60s',
    userAgent: 'perf-gate (k6)',
    // A target is the pull request's and k6 runs on the host: a redirect could send the load generator
    // anywhere the runner reaches (a metadata address, a service on localhost). A 3xx is an answer to
    // check, never followed; src/load/k6.ts also passes --max-redirects=0, so k6.flags cannot undo it.
    maxRedirects: 0,
  }
}

/**
 * How late the `index`-th target of a duet starts, in seconds. A constant-arrival-rate executor fires
 * its iterations at fixed instants from its start, so two scenarios started together send their
 * requests at the same instants: on a shared core one variant's request then always queues behind
 * the other's. Spreading the targets evenly over one arrival period interleaves the two streams
 * instead. No target keeps the period's start (offset 0): measured here at 100 req/s, the stream
 * left there read +9-11% CPU per request and +10-13% P95 against the other one of the same gateway
 * (both signs, as the offsets were swapped), and with both moved off it the difference was gone
 * (-1.1% CPU, +3.9% P95, 13 pairs; docs/accuracy.md, "The duet's position effect"). Which variant
 * is listed second is drawn per pair (src/plan/schedule.ts), so the offsets favour neither.
 * DUET_STAGGER=0 turns it off (for side-by-side measurements of the design).
 */
function duetOffsetSeconds(scenario, index) {
  if (LOAD_SCENARIOS.length < 2 || scenario.executor !== 'constant-arrival-rate') return 0
  if (str('DUET_STAGGER', '1') === '0') return 0
  const periodS = timeUnitSeconds(scenario.timeUnit ?? '1s') / scenario.rate
  return (periodS * (index + 0.5)) / LOAD_SCENARIOS.length
}

/** A k6 time unit ('1s', '100ms', '1m') in seconds. */
function timeUnitSeconds(unit) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(String(unit))
  if (!m) throw new Error(`timeUnit "${unit}" is not a duration k6 reads (e.g. 1s, 100ms)`)
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2]]
}

/** Seconds as a k6 duration in whole microseconds ('1002.5ms'), exact for sub-millisecond offsets. */
function formatMs(seconds) {
  return `${Math.round(seconds * 1e6) / 1000}ms`
}

/**
 * The warm-up phase for a load scenario: the same load for constant executors; for ramps, a constant
 * load at their start (VUs) or at a tenth of their peak (arrival rate, as seed 004 warms up at 10% of
 * the target), so the ramp itself is measured from a warm gateway.
 */
function warmupScenario(scenario) {
  const duration = formatDuration(WARMUP_SECONDS)
  const common = { duration, gracefulStop: '0s' }
  switch (scenario.executor) {
    case 'constant-arrival-rate': {
      // A capacity-search step warms up at a fraction of its target (WARMUP_RATE, seed 004: 10%).
      const rate = int('WARMUP_RATE', scenario.rate)
      return { ...scenario, ...common, rate: Math.max(1, rate) }
    }
    case 'constant-vus':
      return { ...scenario, ...common }
    case 'ramping-arrival-rate': {
      const peak = Math.max(1, ...scenario.stages.map((s) => s.target))
      return {
        executor: 'constant-arrival-rate',
        rate: Math.max(1, Math.round(peak / 10)),
        timeUnit: scenario.timeUnit,
        preAllocatedVUs: scenario.preAllocatedVUs,
        maxVUs: scenario.maxVUs,
        ...common,
      }
    }
    case 'ramping-vus':
      return { executor: 'constant-vus', vus: Math.max(1, scenario.startVUs ?? 1), ...common }
    default:
      throw new Error(`no warm-up defined for executor ${scenario.executor}`)
  }
}

/**
 * VUs of an open-model run at `peakRate` per second: enough up front to ride out a 100 ms stall (a VU
 * is only allocated after an iteration found none free and was dropped, so a run that relies on
 * MAX_VUS has already lost iterations, and a busy runner stalls that long); MAX_VUS is headroom for
 * longer stalls. VUS and MAX_VUS override.
 */
export function openModelVUs(peakRate) {
  const preAllocatedVUs = int('VUS', Math.max(100, Math.ceil(peakRate / 10)))
  const maxVUs = Math.max(preAllocatedVUs, int('MAX_VUS', Math.max(400, preAllocatedVUs * 4)))
  return { preAllocatedVUs, maxVUs }
}
