// The options every built-in scenario shares. The load runs in one named scenario, `load`, so its
// metrics can be told apart from setup()'s requests through `{scenario:load}` submetrics. A submetric
// only appears in the summary when a threshold names it; these thresholds always pass and exist for that.
import { durationSeconds, formatDuration, int, str } from './env.js'

export const DURATION = str('DURATION', '8s')
export const DURATION_SECONDS = durationSeconds('DURATION', DURATION)

/** Splits DURATION by `fractions` (summing to 1) into k6 duration strings, for default stages. */
export function splitDuration(fractions) {
  return fractions.map((f) => formatDuration(DURATION_SECONDS * f))
}

/** Full k6 options for a scenario config (executor and its parameters). */
export function buildOptions(scenario) {
  return {
    scenarios: {
      load: { exec: 'default', ...scenario },
    },
    thresholds: {
      'http_req_duration{scenario:load}': ['max>=0'],
      'http_req_failed{scenario:load}': ['rate>=0'],
      'checks{scenario:load}': ['rate>=0'],
      'valid_responses{scenario:load}': ['rate>=0'],
      'http_reqs{scenario:load}': ['count>=0'],
      'iterations{scenario:load}': ['count>=0'],
      // Open-model runs that drop iterations are invalid for comparison; keep the metric visible.
      dropped_iterations: ['count>=0'],
    },
    summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(50)', 'p(90)', 'p(95)', 'p(99)', 'count'],
    // Never true: body checks need the bodies. When no check reads them, request.js asks for
    // responseType 'none' per request instead, which has the same saving.
    discardResponseBodies: false,
    setupTimeout: '60s',
    userAgent: 'perf-gate (k6)',
  }
}

/**
 * VUs of an open-model run at `peakRate` per second: enough up front to ride out a 50 ms stall (a VU
 * is only allocated after an iteration found none free and was dropped, so a run that relies on
 * MAX_VUS has already lost iterations); MAX_VUS is headroom for longer stalls. VUS and MAX_VUS override.
 */
export function openModelVUs(peakRate) {
  const preAllocatedVUs = int('VUS', Math.max(50, Math.ceil(peakRate / 20)))
  const maxVUs = Math.max(preAllocatedVUs, int('MAX_VUS', Math.max(200, preAllocatedVUs * 4)))
  return { preAllocatedVUs, maxVUs }
}
