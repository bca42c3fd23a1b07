/**
 * Files a gate leaves behind: results.json (machine-readable, the input of the publish stage),
 * report.md (the comment's content without GitHub-specific parts), the charts as SVG and PNG, and a
 * self-contained HTML report. The action uploads the folder; the CLI prints where it is.
 */
import { constants } from 'node:fs'
import { access, lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ConfigError } from '../errors.js'
import { makeDirectory, writeFileAtomic } from '../files.js'
import type { Logger } from '../log.js'
import type { GateResults } from '../model.js'
import { readVegaLibraries } from '../report/assets.js'
import { buildCharts } from '../kinds/charts.js'
import { renderHtml } from '../report/html.js'
import { benchmarkActionJson, bencherJson } from '../report/exports.js'
import { renderMarkdown } from '../report/markdown.js'
import { renderTrendPage } from '../report/trend-page.js'
import type { BaselineFile } from '../baseline/format.js'
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
  /** trend.html, when a history was given (baseline mode). */
  trendPath?: string
  /** Files that could not be written, each with the reason (already logged as warnings). */
  failed: string[]
}

async function isSymlink(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isSymbolicLink()
  } catch {
    return false
  }
}

/**
 * A pull request can commit a symlink where the out dir goes (perf-gate-results -> /home/runner):
 * perf-gate would write through it and upload everything under its target. Refused: the out dir
 * itself, each of its parents below the workspace root, and anything already inside it. Symlinks
 * above the workspace are the runner's own layout and are left alone.
 */
async function refuseSymlinks(out: string, root: string, dir: string, what: string): Promise<void> {
  const refuse = (link: string) =>
    new ConfigError([
      `${what}: ${dir}: ${link} is a symlink; perf-gate writes and uploads its output folder, so it refuses one that leads elsewhere (remove the link or choose another folder)`,
    ])
  const relative = path.relative(root, out)
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
  const chain = inside
    ? relative.split(path.sep).map((_, i, parts) => path.join(root, ...parts.slice(0, i + 1)))
    : [out]
  for (const link of chain) if (await isSymlink(link)) throw refuse(link)
  let entries: import('node:fs').Dirent[]
  try {
    entries = await readdir(out, { withFileTypes: true, recursive: true })
  } catch {
    return // not there yet (or not a folder: reported by the caller)
  }
  for (const entry of entries) {
    if (entry.isSymbolicLink()) throw refuse(path.join(entry.parentPath, entry.name))
  }
}

/**
 * Creates the output folder and proves it is writable, before anything is measured: a gate that
 * finds out after twenty minutes of runs that it cannot write its report has lost them. `what` names
 * the input in the message (`--out`, `input "out-dir"`). Returns the absolute path.
 */
export async function prepareOutDir(
  dir: string,
  what = 'output folder',
  options: { root?: string } = {},
): Promise<string> {
  const out = path.resolve(dir)
  await refuseSymlinks(out, path.resolve(options.root ?? process.cwd()), dir, what)
  try {
    await makeDirectory(path.join(out, 'charts'))
    await access(out, constants.W_OK)
    const probe = path.join(out, `.perf-gate-write-check-${process.pid}`)
    await writeFile(probe, '')
    await rm(probe, { force: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'a file is in the way of the folder'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'permission denied'
          : (code ?? (error as Error).message)
    throw new ConfigError([`${what}: ${dir}: cannot create or write the output folder (${reason})`])
  }
  return out
}

/**
 * Writes results.json, its exports for github-action-benchmark (benchmark-action.json) and Bencher
 * (bencher.json), report.md, the charts (SVG + PNG) and report.html into `dir`. The JSON files and
 * report.md are written atomically. A file that cannot be written is a warning and is listed in
 * `failed`: the verdict was measured and must not be lost or changed because a report file failed.
 */
export async function writeArtifacts(
  results: GateResults,
  dir: string,
  log: Logger,
  /** Baseline mode: the history just written, drawn as trend.html (report/trend-page.ts). */
  history?: BaselineFile,
): Promise<Artifacts> {
  const out = path.resolve(dir)
  const resultsPath = path.join(out, 'results.json')
  const reportPath = path.join(out, 'report.md')
  const htmlPath = path.join(out, 'report.html')
  const failed: string[] = []
  const attempt = async (what: string, write: () => Promise<void>): Promise<boolean> => {
    try {
      await write()
      return true
    } catch (error) {
      const reason = `${what}: ${(error as Error).message.split('\n')[0]}`
      failed.push(reason)
      log.warning(`could not write ${reason}`)
      return false
    }
  }
  await attempt(path.join(out, 'charts'), async () => {
    await mkdir(path.join(out, 'charts'), { recursive: true })
  })
  await attempt(resultsPath, () => writeFileAtomic(resultsPath, `${JSON.stringify(results, null, 2)}\n`))
  // The same run for trend dashboards: github-action-benchmark and Bencher (report/exports.ts).
  const exportsWritten = [
    await attempt(path.join(out, 'benchmark-action.json'), () =>
      writeFileAtomic(
        path.join(out, 'benchmark-action.json'),
        `${JSON.stringify(benchmarkActionJson(results), null, 2)}\n`,
      ),
    ),
    await attempt(path.join(out, 'bencher.json'), () =>
      writeFileAtomic(path.join(out, 'bencher.json'), `${JSON.stringify(bencherJson(results), null, 2)}\n`),
    ),
  ]
  await attempt(reportPath, () =>
    writeFileAtomic(reportPath, renderMarkdown(results, { includeMarker: false, maxChars: 1_000_000 })),
  )

  const definitions = buildCharts(results)
  const began = Date.now()
  const charts: WrittenChart[] = []
  await attempt('charts', async () => {
    const rendered = await renderAll(definitions)
    for (const chart of rendered) {
      const svgPath = path.join(out, 'charts', `${chart.id}.svg`)
      const pngPath = path.join(out, 'charts', `${chart.id}.png`)
      for (const warning of chart.warnings) log.warning(`chart ${chart.id}: ${warning}`)
      // The PNG goes to the assets branch whether or not the local copy could be written.
      charts.push({ id: chart.id, title: chart.title, svgPath, pngPath, png: chart.png })
      await attempt(svgPath, () => writeFile(svgPath, chart.svg))
      await attempt(pngPath, () => writeFile(pngPath, chart.png))
    }
  })
  await attempt(htmlPath, async () =>
    writeFile(htmlPath, renderHtml(results, definitions, await readVegaLibraries())),
  )
  const trendPath = history ? path.join(out, 'trend.html') : undefined
  if (history && trendPath)
    await attempt(trendPath, async () => {
      const controlProfiles = results.cells.filter((c) => c.control).map((c) => c.profile)
      const libraries = await readVegaLibraries()
      await writeFile(
        trendPath,
        renderTrendPage(history, results.changePoints, libraries, { controlProfiles }),
      )
    })
  log.info(
    `wrote ${reportPath}, ${resultsPath}, ${htmlPath}${trendPath ? `, ${trendPath}` : ''}${exportsWritten.every(Boolean) ? ', benchmark-action.json, bencher.json' : ''} and ${charts.length} chart(s) (rendered in ${Date.now() - began} ms)` +
      (failed.length > 0 ? `; ${failed.length} file(s) failed` : ''),
  )
  return { dir: out, resultsPath, reportPath, charts, htmlPath, ...(trendPath ? { trendPath } : {}), failed }
}
