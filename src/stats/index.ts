/**
 * The statistics of the gate: pure functions from runs to comparisons and verdicts. No I/O, no
 * GitHub, no containers; everything here is unit-tested against independently computed values.
 */
export { mean, median, quantile, sd, summarize } from './descriptive.js'
export { tCritical, tTwoSidedPValue, zCritical } from './distributions.js'
export {
  meanEstimate,
  satterthwaiteDf,
  tInterval,
  toRatio,
  welchEstimate,
  wilsonInterval,
  type LogEstimate,
  type LogInterval,
} from './intervals.js'
export {
  HISTORY_MIN_NIGHTS,
  historyEstimate,
  nightLogMeans,
  predictionInterval,
  type NightPrediction,
} from './history.js'
export { compareStored, type StoredComparisonInput } from './stored-comparison.js'
export {
  comparePaired,
  pairByRound,
  wilcoxonPValue,
  type PairedComparisonInput,
  type Pairing,
  type RunPair,
} from './paired-comparison.js'
export { compareErrorRates, errorRateReasons } from './error-rate.js'
export { applyHolm, holmAdjust } from './multiple-testing.js'
export { noiseMonitor } from './noise-monitor.js'
export { checkRunner, type RunnerCheck, type RunnerStatus } from './runner-check.js'
export { DETECTION_POWER, detectablePct, minimumDetectableChange } from './detectable.js'
export {
  cellVerdict,
  errorRateFails,
  latencyVerdict,
  MIN_RUNS,
  overallVerdict,
  type Decision,
  type OverallVerdict,
} from './verdict.js'
export { selectRuns, type RunSelection } from './run-selection.js'
export type { StatsGate } from './cell-comparison.js'
export {
  addedMs,
  chooseReference,
  OVERHEAD_METRICS,
  overheadFigures,
  overheadRatio,
  payloadFigures,
  type OverheadInput,
  type PayloadFigure,
} from './overhead.js'
export { growthStatement, olsSlope, resourceFigures, type ResourceFigure } from './resources.js'
