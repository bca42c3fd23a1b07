/** When a run of load (a built-in script or a user's own) cannot be compared. */
import { isOpenModel, type ScenarioConfig } from '../../config/schema.js'
import type { RunMetrics } from '../../model.js'

/**
 * Most iterations an open-model run may drop and still be compared: a busy runner stalls now and then
 * and k6 drops the iterations that found no free VU. Up to 1% of the load leaves P95 essentially
 * unbiased; more means the planned load was not delivered.
 */
export const MAX_DROPPED_FRACTION = 0.01

/**
 * Why a run cannot be compared, if it cannot: no request completed (every percentile reads 0), or an
 * open-model run dropped more than 1% of its iterations and so did not deliver the planned load.
 */
export function invalidReason(scenario: ScenarioConfig, metrics: RunMetrics): string | undefined {
  if (metrics.requests === 0) return 'no request completed during the load phase'
  const droppedIterations = metrics.droppedIterations
  const openModel = isOpenModel(scenario)
  const fraction = droppedIterations / (droppedIterations + metrics.requests)
  if (openModel && fraction > MAX_DROPPED_FRACTION) {
    return `dropped ${droppedIterations} iterations (${(fraction * 100).toFixed(1)}% of the load, more than ${MAX_DROPPED_FRACTION * 100}%): the open-model load was not delivered (raise maxVUs or lower rate)`
  }
  return undefined
}
