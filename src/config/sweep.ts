/**
 * Sweeps: a scenario whose `vus`, `rate` or `payloadBytes` is a list expands into one scenario per
 * level (per combination when several keys are lists), each a cell of its own with every profile it
 * applies to. Pure; the loader expands right after validation, so everything downstream (schedule,
 * stacks, comparisons, baselines) sees plain scenarios with single numbers.
 *
 * Naming (stable, so a baseline recorded tonight matches tomorrow's gate): `<scenario>@<key>=<level>`,
 * keys in the order vus, rate, bytes, joined by ",": `closed@vus=10`, `open@rate=500,bytes=1024`.
 */
import type { ProfileConfig } from './schema/profiles.js'
import type { RawScenarioConfig, ScenarioConfig, SweepLevel } from './schema/scenarios.js'
import { appliesTo, combinations, SWEPT, type SweptKey } from './schema/sweep-levels.js'

export { appliesTo, countCells, levelCount } from './schema/sweep-levels.js'

/** A cell's scenario name suffix: "@" then `key=level` pairs. */
export const SWEEP_SEPARATOR = '@'
/** What a swept scenario's name looks like (used where names are validated strictly). */
export const SWEPT_NAME_SUFFIX = /@(?:vus|rate|bytes)=\d+(?:,(?:vus|rate|bytes)=\d+){0,2}$/

/** "vus=10,bytes=1024" for a level. */
export function levelLabel(values: Partial<Record<SweptKey, number>>): string {
  return SWEPT.filter(([key]) => values[key] !== undefined)
    .map(([key, short]) => `${short}=${values[key]}`)
    .join(',')
}

/** One configured scenario as the scenarios it stands for. */
export function expandScenario(scenario: RawScenarioConfig): ScenarioConfig[] {
  const swept = SWEPT.some(([key]) => Array.isArray(scenario[key]))
  const single = (value: number | number[] | undefined) => (Array.isArray(value) ? undefined : value)
  const base = {
    ...scenario,
    vus: single(scenario.vus),
    rate: single(scenario.rate),
    payloadBytes: single(scenario.payloadBytes) ?? 0,
  }
  if (!swept) {
    const { vus, rate, ...rest } = base
    return [{ ...rest, ...(vus !== undefined ? { vus } : {}), ...(rate !== undefined ? { rate } : {}) }]
  }
  return combinations(scenario).map((values) => {
    const label = levelLabel(values)
    const sweep: SweepLevel = { scenario: scenario.name, values, label }
    const merged = { ...base, ...values }
    const { vus, rate, ...rest } = merged
    return {
      ...rest,
      ...(vus !== undefined ? { vus } : {}),
      ...(rate !== undefined ? { rate } : {}),
      name: `${scenario.name}${SWEEP_SEPARATOR}${label}`,
      sweep,
    }
  })
}

/**
 * The config with every sweep expanded: for a RawConfig, the Config the engine runs (config/schema.ts
 * defines both from the sections this file reads, so it need not import the root).
 */
export function expandConfig<Raw extends { scenarios: RawScenarioConfig[] }>(
  raw: Raw,
): Omit<Raw, 'scenarios'> & { scenarios: ScenarioConfig[] } {
  return { ...raw, scenarios: raw.scenarios.flatMap(expandScenario) }
}

/** One cell of the matrix: a profile and a scenario that applies to it. */
export interface CellRef {
  profile: string
  scenario: string
}

/** The cells of an expanded config, profile by profile in config order. */
export function configCells(config: {
  profiles: readonly Pick<ProfileConfig, 'name'>[]
  scenarios: readonly Pick<ScenarioConfig, 'name' | 'profiles'>[]
}): CellRef[] {
  return config.profiles.flatMap((profile) =>
    config.scenarios
      .filter((scenario) => appliesTo(scenario, profile.name))
      .map((scenario) => ({ profile: profile.name, scenario: scenario.name })),
  )
}
