/**
 * The Gateway Arena's layer 1 (seed 002, STOA): the Enterprise Readiness Index. Eight dimensions,
 * each measured by its own requests and scored 0..100:
 *
 *   dimension    = 0.6 x availability + 0.4 x latency score
 *   availability = passes / total x 100          (rate limiting: requests answered as expected)
 *   latency      = max(0, 100 x (1 - P95 / cap))
 *   ERI          = sum of weight_i x dimension_i  (weights sum to 1: 0..100)
 *
 * A dimension the gateway does not offer scores 0, not n/a (the seed): one left out of the config, and
 * one whose every iteration failed, whose latency would otherwise earn 40 points for fast 404s.
 * Weights and caps are configuration; the defaults are the seed's. Pure.
 */
import {
  DEFAULT_ENTERPRISE_CAPS_MS,
  DEFAULT_ENTERPRISE_WEIGHTS,
  ENTERPRISE_DIMENSIONS,
  type EnterpriseDimension,
} from '../config/schema.js'
import { cappedScore, type DimensionScore } from './score.js'

export { ENTERPRISE_DIMENSIONS, type EnterpriseDimension }

/** The seed's split of a dimension between availability and latency. */
export const AVAILABILITY_SHARE = 0.6
export const LATENCY_SHARE = 0.4

/** What one dimension measured in one run. */
export interface DimensionMeasurement {
  /** Share of iterations (rate limiting: of requests) that passed, 0..1. */
  passRate: number
  /** P95 of the dimension's request durations, ms. */
  p95: number
}

export interface EnterpriseScore {
  /** The ERI, 0..100. */
  score: number
  /** Per dimension: value = the availability share (0..1), score = the dimension's 0..100. */
  dimensions: Record<EnterpriseDimension, DimensionScore>
}

/** One dimension's score: 0.6 x availability + 0.4 x latency score; 0 without a single pass. */
export function dimensionScore(m: DimensionMeasurement, capMs: number): number {
  if (!(m.passRate > 0)) return 0
  const availability = 100 * Math.min(1, m.passRate)
  return AVAILABILITY_SHARE * availability + LATENCY_SHARE * cappedScore(m.p95, capMs)
}

/** Scores one run; a dimension without a measurement (not configured) scores 0. */
export function scoreEnterprise(
  measured: Partial<Record<EnterpriseDimension, DimensionMeasurement>>,
  weights: Record<EnterpriseDimension, number> = DEFAULT_ENTERPRISE_WEIGHTS,
  capsMs: Record<EnterpriseDimension, number> = DEFAULT_ENTERPRISE_CAPS_MS,
): EnterpriseScore {
  const dimensions = {} as Record<EnterpriseDimension, DimensionScore>
  let score = 0
  for (const d of ENTERPRISE_DIMENSIONS) {
    const m = measured[d]
    const s = m ? dimensionScore(m, capsMs[d]) : 0
    dimensions[d] = { value: m ? m.passRate : 0, score: s }
    score += (weights[d] ?? 0) * s
  }
  return { score: Math.min(100, Math.max(0, score)), dimensions }
}
