/** Pieces of CellComparison that stats tests share. */
import type { ErrorRateComparison } from '../../src/model.js'

/** An error-rate comparison with no errors on either side: latency alone decides the cell. */
export const NO_ERRORS: ErrorRateComparison = {
  candidate: 0,
  candidateInterval: [0, 0.001],
  baseline: 0,
  ceiling: 0.01,
  aboveCeiling: false,
  significantIncrease: false,
}
