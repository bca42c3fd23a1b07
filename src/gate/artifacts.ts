/**
 * Files a gate leaves behind: results.json (machine-readable, the input of the publish stage),
 * report.md (the comment's content without GitHub-specific parts), the charts as SVG and PNG, and a
 * self-contained HTML report. The action uploads the folder; the CLI prints where it is.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../log.js'
import type { GateResults } from '../model.js'
import { readVegaLibraries } from '../report/assets.js'
import { buildCharts } from '../report/charts.js'
import { renderHtml } from '../report/html.js'
import { renderMarkdown } from '../report/markdown.js'
import { renderAll } from '../report/render.js'

export interface WrittenChart {
  id: string
  title: string
  svgPath: string
  pngPath: string
  png: Uint8Array
}

export interface Artifacts {
  dir: string
  resultsPath: string
  reportPath: string
  /** Rendered charts, for the assets branch. */
  charts: WrittenChart[]
  htmlPath: string
}

/** Writes results.json, report.md, the charts (SVG + PNG) and report.html into `dir`. */
export async function writeArtifacts(results: GateResults, dir: string, log: Logger): Promise<Artifacts> {
  const out = path.resolve(dir)
  await mkdir(path.join(out, 'charts'), { recursive: true })
  const resultsPath = path.join(out, 'results.json')
  const reportPath = path.join(out, 'report.md')
  const htmlPath = path.join(out, 'report.html')
  await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`)
  await writeFile(reportPath, renderMarkdown(results, { includeMarker: false, maxChars: 1_000_000 }))

  const definitions = buildCharts(results)
  const began = Date.now()
  const rendered = await renderAll(definitions)
  const charts: WrittenChart[] = []
  for (const chart of rendered) {
    const svgPath = path.join(out, 'charts', `${chart.id}.svg`)
    const pngPath = path.join(out, 'charts', `${chart.id}.png`)
    await writeFile(svgPath, chart.svg)
    await writeFile(pngPath, chart.png)
    for (const warning of chart.warnings) log.warning(`chart ${chart.id}: ${warning}`)
    charts.push({ id: chart.id, title: chart.title, svgPath, pngPath, png: chart.png })
  }
  await writeFile(htmlPath, renderHtml(results, definitions, await readVegaLibraries()))
  log.info(
    `wrote ${reportPath}, ${resultsPath}, ${htmlPath} and ${charts.length} chart(s) (rendered in ${Date.now() - began} ms)`,
  )
  return { dir: out, resultsPath, reportPath, charts, htmlPath }
}
