/** CPU and memory of each container over each run, when the stack sampled them. */
import type { TopLevelSpec } from 'vega-lite'
import type { GateResults } from '../../model.js'
import { measuredRuns } from './order.js'
import { CHART_CONFIG, CHART_SCHEMA, tidy, type ChartDefinition } from './theme.js'

/** A CPU and a memory panel per cell, a line per container and run; null without samples. */
export function resourceChart(results: GateResults): ChartDefinition | null {
  const values: Array<Record<string, string | number>> = []
  for (const cell of results.cells) {
    for (const run of measuredRuns(cell)) {
      for (const sample of run.resources) {
        values.push({
          cell: cell.cell,
          service: sample.service,
          run: `${run.variant} #${run.round}`,
          t: sample.t,
          cpuPercent: tidy(sample.cpuPercent),
          memoryMiB: tidy(sample.memoryMiB),
        })
      }
    }
  }
  if (values.length === 0) return null
  const cells = [...new Set(values.map((row) => row.cell as string))]
  const panel = (field: string, title: string) => ({
    facet: { field: 'cell', sort: cells, title: null },
    columns: 4,
    spec: {
      width: 150,
      height: 110,
      mark: { type: 'line', opacity: 0.6, strokeWidth: 1 },
      encoding: {
        x: { field: 't', type: 'quantitative', title: 'Seconds into the run' },
        y: { field, type: 'quantitative', title },
        color: { field: 'service', type: 'nominal', title: 'Service' },
        detail: { field: 'run' },
        tooltip: [
          { field: 'cell', title: 'Cell' },
          { field: 'service', title: 'Service' },
          { field: 'run', title: 'Run' },
          { field: 't', title: 'Second' },
          { field, title },
        ],
      },
    },
  })
  const title = {
    text: 'Resource usage per container',
    subtitle: "Docker stats during each measured run's load phase",
  }
  const spec = {
    $schema: CHART_SCHEMA,
    title,
    data: { values },
    vconcat: [panel('cpuPercent', 'CPU (%)'), panel('memoryMiB', 'Memory (MiB)')],
    config: CHART_CONFIG,
  }
  return { id: 'resources', title: title.text, spec: spec as TopLevelSpec }
}
