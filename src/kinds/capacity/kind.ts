/**
 * The capacity-search kind (script: capacity-search): every run is a whole search for the highest
 * arrival rate the stack sustains; the cell is decided by the capacity, in a Holm family of its own.
 */
import type { ScenarioConfig } from '../../config/schema.js'
import { formatChange } from '../../stats/reason-text.js'
import { describeLatencyRun, onlySide, singleOutcome, withInterval, type ScenarioKind } from '../kind.js'
import { loadRunKeys, loadRunSeconds } from '../run-length.js'
import { capacityChart } from './chart.js'
import { capacityVerdicts, compareCapacity } from './comparison.js'
import { runCapacitySearch } from './run.js'

/**
 * k6 steps of one search: its doublings up to max plus the bisection to the resolution, at most
 * maxSteps: an upper estimate.
 */
function searchSteps(scenario: ScenarioConfig): number {
  const c = scenario.capacity
  if (!c) return 1
  const doublings = Math.ceil(Math.log2(c.max / c.start)) + 1
  const bisections = Math.ceil(Math.log2(1 / c.resolution))
  return Math.min(c.maxSteps, doublings + bisections)
}

export const capacityKind: ScenarioKind = {
  name: 'capacity search',
  script: 'capacity-search',
  async run(ctx) {
    const side = onlySide(ctx)
    const search = await runCapacitySearch({
      k6: ctx.k6,
      log: ctx.log,
      signal: ctx.signal,
      profile: ctx.profile,
      scenario: ctx.scenario,
      targetUrl: side.targetUrl,
      label: ctx.label,
    })
    return singleOutcome(ctx, search.metrics, { capacity: search.capacity })
  },
  // Steps above capacity drop iterations by design: a search is a result, never invalid.
  invalidReason: () => undefined,
  duet: false,
  warmable: false,
  loadWindow: false,
  cpuPerRequest: false,
  runSeconds: (_config, scenario) => loadRunSeconds(scenario) * searchSteps(scenario),
  runLengthKeys: (scenario) =>
    `${loadRunKeys(scenario)} x up to capacity.maxSteps ${scenario.capacity?.maxSteps} steps`,
  compare(input) {
    const { capacity, reasons } = compareCapacity({
      method: input.method,
      candidateRuns: input.candidateRuns,
      baselineRuns: input.baselineRuns,
      threshold: input.gate.threshold,
      confidence: input.gate.confidence,
    })
    return {
      fields: { capacity, loadModel: 'open' },
      reasons: [
        ...reasons,
        'latency and error rate below are those of the capacity step: reported, not gated (the search holds them to its pass rule)',
      ],
    }
  },
  settle: (cells) => capacityVerdicts(cells),
  charts: [{ id: 'capacity', build: capacityChart, shownInComment: true }],
  // The capacity (geometric mean of the searches, with their CI) and the ratio to the baseline's.
  progressLine(cell) {
    const c = cell.capacity
    if (!c) return undefined
    const base = c.baseline && c.baseline.n > 0 ? `, baseline ${withInterval(c.baseline, 0)}` : ''
    const ratio = c.ratio
      ? `: x${c.ratio.estimate.toFixed(3)} [${c.ratio.lower.toFixed(3)}, ${c.ratio.upper.toFixed(3)}]`
      : c.changePct !== null
        ? `: ${formatChange(1 + c.changePct / 100)}`
        : ''
    const found = c.candidate.n > 0 ? withInterval(c.candidate, 0) : 'none found'
    return `${cell.cell} capacity ${found} req/s${base}${ratio} ${cell.verdict}`
  },
  describeRun(run) {
    const c = run.capacity
    if (!c) return describeLatencyRun(run)
    return `round ${run.round} ${run.cell} [${run.variant}]: capacity ${c.capacity === null ? 'none' : `${c.capacity} req/s`} (${c.outcome}, ${c.steps.length} steps), p95 at capacity ${run.metrics.p95.toFixed(2)} ms`
  },
}
