/**
 * What a k6 scenario script receives: the profile's target and checks and the scenario's load shape,
 * as __ENV strings. The names are the contract with scenarios/lib/*.js.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { ProfileConfig, ScenarioConfig } from '../config/schema.js'
import { durationMs, isBuiltInScenario } from '../config/schema.js'

/** Builds the k6 environment for one run. `targetUrl` is already resolved to a reachable address. */
export function scenarioEnv(
  profile: ProfileConfig,
  scenario: ScenarioConfig,
  targetUrl: string,
  /**
   * The profile's request headers with `{{name}}` filled from its setup's captures (the only place
   * captured values reach k6); the configured headers when omitted.
   */
  headers: Record<string, string> = profile.headers,
): Record<string, string> {
  const expect = profile.expect
  const env: Record<string, string> = {
    TARGET_URL: targetUrl,
    METHOD: scenario.method,
    DURATION: scenario.duration,
    WARMUP: scenario.warmup,
    PAYLOAD_BYTES: String(scenario.payloadBytes),
    HEADERS: JSON.stringify(headers),
    EXPECT_STATUS: String(expect.status),
    EXPECT_HEADERS: JSON.stringify(expect.headers),
    EXPECT_ECHO: String(expect.echoesPayload || expect.payloadPrefix !== undefined),
  }
  if (scenario.vus !== undefined) env.VUS = String(scenario.vus)
  if (scenario.rate !== undefined) env.RATE = String(scenario.rate)
  if (scenario.maxVUs !== undefined) env.MAX_VUS = String(scenario.maxVUs)
  if (expect.bodyPrefix !== undefined) env.EXPECT_BODY_PREFIX = expect.bodyPrefix
  if (expect.bodyContains !== undefined)
    env.EXPECT_BODY_CONTAINS = JSON.stringify(
      Array.isArray(expect.bodyContains) ? expect.bodyContains : [expect.bodyContains],
    )
  if ((expect.headersAbsent ?? []).length > 0)
    env.EXPECT_HEADERS_ABSENT = JSON.stringify(expect.headersAbsent)
  if (expect.payloadPrefix !== undefined) env.EXPECT_ECHO_PREFIX = expect.payloadPrefix
  // A user's own script reads the target as BASE_URL, the convention of k6's own examples, which
  // append paths to it (`${BASE_URL}/login`): so without the trailing slash of a bare host.
  if (!isBuiltInScenario(scenario.script)) env.BASE_URL = targetUrl.replace(/\/$/, '')
  if (scenario.graphql?.query !== undefined) {
    env.GRAPHQL_QUERY = scenario.graphql.query
    env.GRAPHQL_VARIABLES = JSON.stringify(scenario.graphql.variables)
    if (scenario.graphql.operationName) env.GRAPHQL_OPERATION_NAME = scenario.graphql.operationName
  }
  for (const [key, value] of Object.entries(scenario.params)) env[key.toUpperCase()] = String(value)
  return env
}

/**
 * How k6 runs a scenario's script: a user's own script through the generated wrapper (src/load/
 * wrapper.ts), so it runs unchanged; a built-in one as it is.
 */
export function k6Wrap(
  scenario: ScenarioConfig,
): { latencyMetric: ScenarioConfig['latencyMetric']; endpointTag: string } | undefined {
  if (isBuiltInScenario(scenario.script)) return undefined
  return { latencyMetric: scenario.latencyMetric, endpointTag: scenario.endpointTag }
}

/** Length of the load phase in seconds (for throughput and k6's kill timeout). */
export function scenarioDurationS(scenario: ScenarioConfig): number {
  return durationMs(scenario.duration) / 1000
}

/** The perf-gate package root (holds scenarios/), found upward from this module in src/ or dist/. */
export function packageRoot(from: string = import.meta.dirname): string {
  let dir = from
  for (;;) {
    if (existsSync(path.join(dir, 'scenarios', 'lib')) && existsSync(path.join(dir, 'package.json')))
      return dir
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`perf-gate's scenarios/ folder was not found above ${from}`)
    dir = parent
  }
}

/** Absolute path of a scenario's script: a built-in name maps to scenarios/NAME.js. */
export function scriptPath(scenario: ScenarioConfig, root: string = packageRoot()): string {
  return isBuiltInScenario(scenario.script)
    ? path.join(root, 'scenarios', `${scenario.script}.js`)
    : scenario.script
}
