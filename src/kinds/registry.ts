/**
 * The scenario kinds, in reading order, and the one question the gate asks about a scenario: which
 * kind is it? A new kind is a folder beside these and one line here (and its config block, if any,
 * one entry in src/config/schema/scenario-blocks.ts; test/unit/kinds/registry.test.ts holds the two
 * lists together).
 */
import { isBuiltInScenario, type ScenarioConfig } from '../config/schema.js'
import { arenaEnterpriseKind } from './arena-enterprise/kind.js'
import { arenaKind } from './arena/kind.js'
import { capacityKind } from './capacity/kind.js'
import type { ScenarioKind } from './kind.js'
import { builtInLoadKind, ownScriptKind } from './load/kind.js'
import { startupKind } from './startup/kind.js'

export const SCENARIO_KINDS: readonly ScenarioKind[] = [
  builtInLoadKind,
  ownScriptKind,
  capacityKind,
  arenaKind,
  arenaEnterpriseKind,
  startupKind,
]

/** The kind of a scenario: the one whose script it runs, else a built-in load or the user's own script. */
export function kindOf(scenario: Pick<ScenarioConfig, 'script'>): ScenarioKind {
  const named = SCENARIO_KINDS.find((kind) => kind.script === scenario.script)
  if (named) return named
  return isBuiltInScenario(scenario.script) ? builtInLoadKind : ownScriptKind
}
