/**
 * Load kinds: one of our k6 scripts (constant or ramping VUs or arrival rate, GraphQL), or a user's
 * own script. A run is one k6 process; latency decides.
 */
import { describeLatencyRun, type ScenarioKind } from '../kind.js'
import { loadRunKeys, loadRunSeconds } from '../run-length.js'
import { invalidReason } from './invalid-run.js'
import { runLoad } from './run.js'

const loadRun = {
  run: runLoad,
  invalidReason,
  loadWindow: true,
  cpuPerRequest: true,
  runSeconds: (_config, scenario) => loadRunSeconds(scenario),
  runLengthKeys: loadRunKeys,
  describeRun: describeLatencyRun,
} satisfies Partial<ScenarioKind>

/** Our scripts: they run one k6 scenario per target, so a pair can run as a duet and warm a block. */
export const builtInLoadKind: ScenarioKind = {
  name: 'built-in load',
  ...loadRun,
  duet: true,
  warmable: true,
}

/**
 * A user's own script defines its own scenarios and length: its pairs run one after the other, and a
 * warm-up window cannot be cut from it.
 */
export const ownScriptKind: ScenarioKind = {
  name: 'own script',
  ...loadRun,
  duet: false,
  warmable: false,
}
