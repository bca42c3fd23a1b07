/**
 * The Gateway Arena's composite score (seed 002, STOA, layer 0): seven dimensions measured by the
 * arena's k6 phases, each scored 0..100, weighted into one 0..100 score:
 *
 *   Score = 0.10 x Sequential + 0.20 x Burst50 + 0.20 x Burst100 + 0.15 x Availability
 *         + 0.10 x ErrorRate + 0.10 x Consistency + 0.15 x Ramp-up
 *
 * - latency dimensions (sequential, burst50, burst100): max(0, 100 x (1 - P95 / cap)), caps 400 ms,
 *   2.5 s and 4 s;
 * - availability: the health check's success rate x 100;
 * - error rate: the success rate of the 10-VU burst x 100;
 * - consistency: the IQR coefficient of variation (P75 - P25) / P50 of the sustained phase, scored
 *   max(0, 100 x (1 - CV / cap)). The seed names "IQR CV" as the cap without a number; ours defaults
 *   to 1.0 and is configuration;
 * - ramp-up: effective throughput x success rate against a 100 req/s cap. The seed does not define
 *   "effective throughput" further; we read it as the fraction of the ramp's scheduled requests that
 *   were delivered, times its 100 req/s peak, so a gateway that keeps up with the whole ramp scores 100.
 * Weights and caps are configuration (scenario.arena); the defaults are the seed's. Pure.
 */
import { DEFAULT_ARENA_CAPS as SEED_CAPS, DEFAULT_ARENA_WEIGHTS as SEED_WEIGHTS } from '../config/schema.js'

/** The seven scored dimensions, in the seed's order. */
export const ARENA_DIMENSIONS = [
  'sequential',
  'burst50',
  'burst100',
  'availability',
  'errorRate',
  'consistency',
  'rampUp',
] as const
export type ArenaDimension = (typeof ARENA_DIMENSIONS)[number]

/** The k6 phases of one arena run, in order; `warmup` is run and discarded. */
export const ARENA_PHASES = [
  'warmup',
  'health',
  'sequential',
  'burst10',
  'burst50',
  'burst100',
  'sustained',
  'rampup',
] as const
export type ArenaPhase = (typeof ARENA_PHASES)[number]

export const DEFAULT_ARENA_WEIGHTS: Record<ArenaDimension, number> = SEED_WEIGHTS

export interface ArenaCaps {
  sequentialP95Ms: number
  burst50P95Ms: number
  burst100P95Ms: number
  /** IQR coefficient of variation that scores 0. */
  consistencyCv: number
  rampUpRps: number
}

export const DEFAULT_ARENA_CAPS: ArenaCaps = SEED_CAPS

/** What one phase measured (from its k6 summary). */
export interface PhaseMeasurement {
  requests: number
  errorRate: number
  p25?: number | undefined
  p50: number
  p75?: number | undefined
  p95: number
  /** Requests the phase scheduled (the ramp's), for ramp-up; absent for other phases. */
  scheduled?: number | undefined
}

/** Raw value and score of one dimension. */
export interface DimensionScore {
  /** The measured value the score comes from (ms, a rate, a CV, req/s). */
  value: number
  score: number
}

export interface ArenaScore {
  score: number
  dimensions: Record<ArenaDimension, DimensionScore>
}

/** max(0, 100 x (1 - value / cap)): the seed's latency score, also used for consistency. */
export function cappedScore(value: number, cap: number): number {
  if (!(cap > 0)) throw new RangeError('a cap must be positive')
  if (!Number.isFinite(value)) return 0
  return Math.max(0, 100 * (1 - value / cap))
}

/** The IQR coefficient of variation (P75 - P25) / P50; 0 when P50 is 0 (nothing measured). */
export function iqrCv(p25: number, p50: number, p75: number): number {
  return p50 > 0 ? (p75 - p25) / p50 : 0
}

function successRate(m: PhaseMeasurement): number {
  return m.requests > 0 ? 1 - m.errorRate : 0
}

/** Scores one arena run from its phases' measurements. Throws when a scored phase is missing. */
export function scoreArena(
  phases: Partial<Record<ArenaPhase, PhaseMeasurement>>,
  weights: Record<ArenaDimension, number> = DEFAULT_ARENA_WEIGHTS,
  caps: ArenaCaps = DEFAULT_ARENA_CAPS,
): ArenaScore {
  const need = (phase: ArenaPhase): PhaseMeasurement => {
    const m = phases[phase]
    if (!m) throw new RangeError(`arena phase "${phase}" was not measured`)
    return m
  }
  const latency = (phase: ArenaPhase, cap: number): DimensionScore => {
    const m = need(phase)
    // A phase where nothing succeeded has no latency worth scoring.
    if (successRate(m) === 0) return { value: m.p95, score: 0 }
    return { value: m.p95, score: cappedScore(m.p95, cap) }
  }
  const sustained = need('sustained')
  const cv =
    sustained.p25 !== undefined && sustained.p75 !== undefined
      ? iqrCv(sustained.p25, sustained.p50, sustained.p75)
      : Number.POSITIVE_INFINITY
  const ramp = need('rampup')
  const delivered = ramp.scheduled && ramp.scheduled > 0 ? Math.min(1, ramp.requests / ramp.scheduled) : 0
  // The ramp's peak is 100 req/s: delivering all of it at full success is 100 req/s effective.
  const effective = delivered * 100 * successRate(ramp)
  const dimensions: Record<ArenaDimension, DimensionScore> = {
    sequential: latency('sequential', caps.sequentialP95Ms),
    burst50: latency('burst50', caps.burst50P95Ms),
    burst100: latency('burst100', caps.burst100P95Ms),
    availability: { value: successRate(need('health')), score: 100 * successRate(need('health')) },
    errorRate: { value: need('burst10').errorRate, score: 100 * successRate(need('burst10')) },
    consistency: {
      value: cv,
      score: successRate(sustained) === 0 ? 0 : cappedScore(cv, caps.consistencyCv),
    },
    rampUp: { value: effective, score: Math.min(100, (100 * effective) / caps.rampUpRps) },
  }
  let score = 0
  for (const d of ARENA_DIMENSIONS) score += (weights[d] ?? 0) * dimensions[d].score
  return { score, dimensions }
}
