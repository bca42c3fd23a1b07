/**
 * What a sweep is made of: the swept keys, every combination of their levels, and how many cells a
 * config makes once they are expanded (what MAX_CELLS bounds, checked by the schema). Naming and
 * expansion are config/sweep.ts, above the schema.
 */
import type { ProfileConfig } from './profiles.js'
import type { RawScenarioConfig } from './scenarios.js'

/** The swept keys in naming order, with the short label each level uses. */
export const SWEPT = [
  ['vus', 'vus'],
  ['rate', 'rate'],
  ['payloadBytes', 'bytes'],
] as const
export type SweptKey = (typeof SWEPT)[number][0]

type Levels = Array<Partial<Record<SweptKey, number>>>

/** Every combination of the scenario's swept levels, in config order; [{}] when nothing is swept. */
export function combinations(scenario: Pick<RawScenarioConfig, SweptKey>): Levels {
  let out: Levels = [{}]
  for (const [key] of SWEPT) {
    const value = scenario[key]
    if (!Array.isArray(value)) continue
    out = out.flatMap((combo) => value.map((level) => ({ ...combo, [key]: level })))
  }
  return out
}

/** How many scenarios one configured scenario expands into. */
export function levelCount(scenario: Pick<RawScenarioConfig, SweptKey>): number {
  return combinations(scenario).length
}

/** Does this scenario run on this profile (its `profiles` list, or every profile)? */
export function appliesTo(scenario: { profiles?: string[] | undefined }, profile: string): boolean {
  return scenario.profiles === undefined || scenario.profiles.includes(profile)
}

/** Cells the config makes, sweeps expanded: what MAX_CELLS bounds. */
export function countCells(
  profiles: readonly Pick<ProfileConfig, 'name'>[],
  scenarios: readonly RawScenarioConfig[],
): number {
  return scenarios.reduce(
    (sum, s) => sum + levelCount(s) * profiles.filter((p) => appliesTo(s, p.name)).length,
    0,
  )
}
