/**
 * The arena's layer 1 kind (script: arena-enterprise): every run is each configured dimension's
 * requests, one k6 process per dimension, scored as the Enterprise Readiness Index; gated like the
 * arena's score, and each configured dimension with it (./dimensions.ts).
 */
import type { ArenaComparison } from '../../model.js'
import { compareScores, describeScoredRun, scoreProgress } from '../arena/kind.js'
import { onlySide, singleOutcome, type ScenarioKind } from '../kind.js'
import { RUN_OVERHEAD_S } from '../run-length.js'
import { compareDimensions, gatedDimensions, settleEnterprise } from './dimensions.js'
import { runArenaEnterprise } from './run.js'

export const arenaEnterpriseKind: ScenarioKind = {
  name: 'arena layer 1',
  script: 'arena-enterprise',
  async run(ctx) {
    const side = onlySide(ctx)
    const run = await runArenaEnterprise({
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile: ctx.profile,
      scenario: ctx.scenario,
      targetUrl: side.targetUrl,
      headers: side.headers,
      label: ctx.label,
    })
    return singleOutcome(ctx, run.metrics, { arena: run.arena })
  },
  invalidReason: () => undefined,
  duet: false,
  // As before the kinds: the block warm-up took every built-in script but capacity and arena.
  warmable: true,
  loadWindow: false,
  cpuPerRequest: false,
  // One k6 process per configured dimension, each `iterations` short iterations (a rate-limit burst
  // sends `burst` requests per iteration); about 20 ms a request on a local stack.
  runSeconds(_config, scenario) {
    const enterprise = scenario.enterprise
    if (!enterprise) return 0
    const dims = Object.values(enterprise.dimensions).filter((d) => d !== undefined)
    const requests = dims.reduce((n, d) => n + (d.rateLimit?.burst ?? d.requests.length), 0)
    return dims.length * RUN_OVERHEAD_S + requests * enterprise.iterations * 0.02
  },
  runLengthKeys: () => 'enterprise.iterations',
  compare(input) {
    const gating = gatedDimensions(input.scenario).length > 0
    const eri = compareScores(
      input,
      `latency and error rate below are those of the first configured dimension: reported, the ERI ${gating ? 'and each configured dimension decide' : 'decides'}`,
    )
    const arena = eri.fields.arena as ArenaComparison
    const dimensions = compareDimensions(input, arena)
    const [latency] = eri.reasons.slice(-1)
    return {
      fields: { ...eri.fields, arena: dimensions.arena },
      reasons: [
        ...eri.reasons.slice(0, -1).map((r) => r.replace(/^arena \(/, 'ERI (')),
        ...dimensions.reasons,
        latency as string,
      ],
    }
  },
  settle: (cells, _runs, config) => settleEnterprise(cells, config),
  describeRun: describeScoredRun,
  progressLine: scoreProgress,
}
