/**
 * A run of load: one k6 process running a built-in script or a user's own, for one variant, or for
 * both variants of a pair at the same moment (a duet: one k6 scenario per target).
 */
import { durationMs } from '../../config/schema.js'
import { runK6Scenarios } from '../../load/k6.js'
import { k6Wrap, scenarioDurationS, scenarioEnv, scriptPath } from '../../load/scenario-env.js'
import type { RunningStack } from '../../stack/running-stack.js'
import type { KindRunContext, KindRunOutcome, KindRunSide } from '../kind.js'

/**
 * The Docker networks of the stacks a run measures, which the sandbox of an own script joins to reach
 * them (src/load/k6-sandbox.ts). Never the host's or none: a compose file does not choose those for k6.
 */
function networksOf(stacks: readonly RunningStack[]): string[] {
  const names = stacks.flatMap((stack) =>
    [...stack.services.values()].flatMap((service) => service.container.getNetworkNames()),
  )
  return [...new Set(names)].filter((name) => name !== 'host' && name !== 'none')
}

/** The k6 environment of one side, or of a duet's targets with their headers. */
function loadEnv(ctx: KindRunContext): Record<string, string> {
  const { profile, scenario, sides } = ctx
  if (sides.length === 1) {
    const side = sides[0] as KindRunSide
    return scenarioEnv(profile, scenario, side.targetUrl, side.headers)
  }
  const env: Record<string, string> = {
    ...scenarioEnv(profile, scenario, ''),
    TARGETS: JSON.stringify(Object.fromEntries(sides.map((s) => [s.variant, s.targetUrl]))),
    // A duet's stacks may hold different captured values (keys): headers per target.
    TARGET_HEADERS: JSON.stringify(Object.fromEntries(sides.map((s) => [s.variant, s.headers]))),
  }
  delete env.TARGET_URL
  return env
}

/** Runs the scenario's script once, on one side or a duet's two. */
export async function runLoad(ctx: KindRunContext): Promise<KindRunOutcome> {
  const { scenario } = ctx
  const durationS = scenarioDurationS(scenario)
  return runK6Scenarios(
    {
      k6: ctx.k6,
      script: scriptPath(scenario),
      wrap: k6Wrap(scenario),
      env: loadEnv(ctx),
      durationS,
      timeoutMs: durationS * 1000 + durationMs(scenario.warmup) + 120_000,
      signal: ctx.signal,
      timeline: ctx.config.gate.timeline,
      flags: ctx.config.k6.flags,
      networks: networksOf(ctx.sides.map((s) => s.stack)),
      segments: ctx.config.k6.segments,
      progress: (message) => ctx.log.info(`${ctx.label}: ${message}`),
    },
    ctx.names,
  )
}
