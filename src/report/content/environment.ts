/** Where and when the gate ran, and the stored baseline it compared against. */
import type { GateResults } from '../../model.js'

export function environment(results: GateResults): Array<[string, string]> {
  const m = results.machine
  const env: Array<[string, string]> = [
    ['Machine', `${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB`],
    ['OS', `${m.os} (kernel ${m.kernel})`],
  ]
  if (m.runner) env.push(['Runner', m.runner])
  env.push(['k6', results.k6Version ?? 'unknown'])
  if (results.k6Flags?.length) env.push(['k6 flags', results.k6Flags.join(' ')])
  env.push(['Git SHA', results.gitSha ?? 'unknown'])
  env.push(['Started', results.startedAt])
  env.push(['Finished', results.finishedAt])
  const seconds = (Date.parse(results.finishedAt) - Date.parse(results.startedAt)) / 1000
  if (Number.isFinite(seconds) && seconds >= 0) env.push(['Duration', `${Math.round(seconds)} s`])
  return env
}

/** The stored baseline's source, age and commit; null without one. */
export function baselineRows(results: GateResults): Array<[string, string]> | null {
  return results.baseline
    ? [
        ['Source', results.baseline.path],
        ['Created', results.baseline.createdAt],
        ['Age', `${results.baseline.ageDays.toFixed(1)} days`],
        ['Git SHA', results.baseline.gitSha ?? 'unknown'],
      ]
    : null
}
