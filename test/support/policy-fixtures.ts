/** Small CellComparisons for the decision policy and runner-check tests. */
import type { CellComparison, Verdict } from '../../src/model.js'
import { NO_ERRORS } from './stats-fixtures.js'

/** A cell with a verdict and, optionally, a ratio interval [lower, upper] around `estimate`. */
export function policyCell(
  cell: string,
  verdict: Verdict,
  options: { control?: boolean; ratio?: [number, number, number] | null } = {},
): CellComparison {
  const [lower, estimate, upper] = options.ratio ?? [0.95, 1, 1.05]
  const [profile, scenario] = cell.split('/') as [string, string]
  return {
    cell,
    profile,
    scenario,
    control: options.control ?? false,
    metric: 'p95',
    method: 'stored',
    candidate: { n: 5, median: 1, mean: 1, lower: 0.9, upper: 1.1, values: [1, 1, 1, 1, 1] },
    baseline: null,
    ratio: options.ratio === null ? null : { estimate, lower, upper, confidence: 0.95 },
    changePct: options.ratio === null ? null : (estimate - 1) * 100,
    pValue: 0.5,
    adjustedPValue: null,
    latencyVerdict: verdict,
    errorRate: NO_ERRORS,
    verdict,
    reasons: [],
    runs: [],
    checkAccuracy: 1,
  }
}
