import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../src/config/load.js'
import type { ScenarioConfig } from '../../../src/config/schema.js'
import { applyScriptThresholds, verdictWithThresholds } from '../../../src/gate/script-thresholds.js'
import type { CellComparison } from '../../../src/model.js'
import { makeCell } from '../../support/report-fixtures.js'

function scenario(thresholds?: 'report' | 'fail'): ScenarioConfig {
  const config = parseConfig(
    {
      name: 'byo',
      services: { echo: { image: 'perf-gate/echo:local', ports: [8080] } },
      profiles: [{ name: 'echo', target: 'http://echo:8080' }],
      scenarios: [{ name: 'mine', script: './mine.js', ...(thresholds ? { thresholds } : {}) }],
    },
    'perf-gate.yml',
    {},
  )
  return config.scenarios[0] as ScenarioConfig
}

/** A cell of the user's script whose measured candidate runs crossed `p(95)<1` in `crossedRuns` of them. */
function cellWith(crossedRuns: number, control = false): CellComparison {
  const cell = makeCell({
    profile: 'echo',
    scenario: 'mine',
    baselineP95: 2,
    candidateP95: 2,
    verdict: 'pass',
    control,
  })
  let measured = 0
  return {
    ...cell,
    runs: cell.runs.map((run) => {
      const crossed = run.variant === 'candidate' && !run.warmup && measured++ < crossedRuns
      return {
        ...run,
        metrics: {
          ...run.metrics,
          thresholds: [
            { metric: 'http_req_duration', threshold: 'p(95)<1', ok: !crossed },
            { metric: 'checks', threshold: 'rate>0.99', ok: true },
          ],
          endpoints: [
            { tag: 'name', value: 'echo', requests: 10, p50: 1, p95: run.metrics.p95, p99: 3, errorRate: 0 },
          ],
        },
      }
    }),
  }
}

describe('applyScriptThresholds', () => {
  it('fails the cell with the threshold in its reasons when the scenario says thresholds: fail', () => {
    const [cell] = applyScriptThresholds([cellWith(2)], [scenario('fail')])
    expect(cell?.verdict).toBe('regression')
    expect(cell?.reasons).toContain(
      'k6 threshold http_req_duration: p(95)<1 crossed in 2 of 5 runs (thresholds: fail)',
    )
    expect(cell?.scriptThresholds).toEqual([
      { metric: 'http_req_duration', threshold: 'p(95)<1', crossed: 2, runs: 5, fails: true },
      { metric: 'checks', threshold: 'rate>0.99', crossed: 0, runs: 5, fails: false },
    ])
    expect(verdictWithThresholds('inconclusive', [cell as CellComparison])).toBe('regression')
  })

  it('fails the cell by default, as k6 itself does when a threshold is crossed', () => {
    const [cell] = applyScriptThresholds([cellWith(1)], [scenario()])
    expect(cell?.verdict).toBe('regression')
    expect(cell?.reasons.at(-1)).toBe(
      'k6 threshold http_req_duration: p(95)<1 crossed in 1 of 5 runs (thresholds: fail)',
    )
    expect(verdictWithThresholds('pass', [cell as CellComparison])).toBe('regression')
  })

  it('only reports a crossed threshold with thresholds: report, and never fails a control profile', () => {
    const [reported] = applyScriptThresholds([cellWith(1)], [scenario('report')])
    expect(reported?.verdict).toBe('pass')
    expect(reported?.reasons.at(-1)).toBe(
      'k6 threshold http_req_duration: p(95)<1 crossed in 1 of 5 runs (reported only; thresholds: report)',
    )
    const [control] = applyScriptThresholds([cellWith(5, true)], [scenario('fail')])
    expect(control?.verdict).toBe('pass')
    expect(verdictWithThresholds('pass', [reported as CellComparison, control as CellComparison])).toBe(
      'pass',
    )
  })

  it('gathers the endpoints of the measured candidate runs', () => {
    const [cell] = applyScriptThresholds([cellWith(0)], [scenario('report')])
    expect(cell?.endpoints).toHaveLength(1)
    expect(cell?.endpoints?.[0]).toMatchObject({ tag: 'name', value: 'echo', runs: 5, requests: 50 })
  })
})

describe('scenario options of a user script', () => {
  it('a built-in scenario gets no thresholds mode by default, and refuses "fail" (it sets no thresholds)', () => {
    const config = parseConfig(
      {
        name: 'x',
        services: { echo: { image: 'perf-gate/echo:local', ports: [8080] } },
        profiles: [{ name: 'echo', target: 'http://echo:8080' }],
        scenarios: [{ name: 's', script: 'constant-vus' }],
      },
      'perf-gate.yml',
      {},
    )
    expect(config.scenarios[0]?.thresholds).toBeUndefined()
    // Configs and journals written when "report" was the default still parse.
    expect(() =>
      parseConfig(
        {
          name: 'x',
          services: { echo: { image: 'perf-gate/echo:local', ports: [8080] } },
          profiles: [{ name: 'echo', target: 'http://echo:8080' }],
          scenarios: [{ name: 's', script: 'constant-vus', thresholds: 'report' }],
        },
        'perf-gate.yml',
        {},
      ),
    ).not.toThrow()
    expect(() =>
      parseConfig(
        {
          name: 'x',
          services: { echo: { image: 'perf-gate/echo:local', ports: [8080] } },
          profiles: [{ name: 'echo', target: 'http://echo:8080' }],
          scenarios: [{ name: 's', script: 'constant-vus', thresholds: 'fail' }],
        },
        'perf-gate.yml',
        {},
      ),
    ).toThrow(/scenarios\[0\]\.thresholds: thresholds applies to your own k6 script/)
  })

  it('refuses latencyMetric and thresholds on a built-in scenario, naming the key', () => {
    expect(() =>
      parseConfig(
        {
          name: 'x',
          services: { echo: { image: 'perf-gate/echo:local', ports: [8080] } },
          profiles: [{ name: 'echo', target: 'http://echo:8080' }],
          scenarios: [
            { name: 's', script: 'constant-vus', latencyMetric: 'grpc_req_duration', thresholds: 'fail' },
          ],
        },
        'perf-gate.yml',
        {},
      ),
    ).toThrow(/scenarios\[0\]\.latencyMetric: latencyMetric applies to your own k6 script/)
  })
})
