/**
 * The data that flows between modules: one run's metrics, the comparison of a cell, the results of a
 * gate. Persisted shapes (runs, results.json) are zod schemas so that files read back are validated.
 * The shapes live under model/ by section; this file is the one place the rest of the code imports
 * them from.
 */
export * from './model/runs.js'
export { TEXT_LIMITS, type LatencyMetric, type ResultsStrings, type Verdict } from './model/results-parts.js'
export * from './model/results.js'
