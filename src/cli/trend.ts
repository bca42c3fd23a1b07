/**
 * `perf-gate trend`: the trend page of a baseline history (report/trend-page.ts), written as
 * `<out>/trend.html`. The nightly writes the same page beside report.html; this verb builds it from
 * a baseline file checked out of the data branch, on any machine, without running anything.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readBaseline } from '../baseline/store.js'
import { configFile } from '../config/config-file.js'
import { loadConfig } from '../config/load.js'
import { ConfigError } from '../errors.js'
import { makeDirectory } from '../files.js'
import { readVegaLibraries } from '../report/assets.js'
import { renderTrendPage } from '../report/trend-page.js'
import { changePointReport } from '../stats/change-points.js'

/** The file name of the trend page in an out folder. */
export const TREND_PAGE_FILE = 'trend.html'

export interface TrendOptions {
  baseline: string
  out: string
  /**
   * A config whose control profiles are labelled as controls on the page; default perf-gate.yml in
   * the current directory when there is one (the baseline file does not record which are controls).
   */
  config?: string
}

/**
 * Reads the baseline, finds its change points and writes the page; returns its path. A missing or
 * invalid baseline, config or out folder is a ConfigError naming it (exit 2).
 */
export async function writeTrendPage(options: TrendOptions): Promise<string> {
  const history = await readBaseline(options.baseline, undefined, '--baseline')
  if (history === null) throw new ConfigError([`--baseline: ${options.baseline}: baseline file not found`])
  const config = configFile(options.config, undefined, { optional: true })
  const controlProfiles = config
    ? loadConfig(config, process.env, { root: process.cwd() })
        .config.profiles.filter((profile) => profile.control)
        .map((profile) => profile.name)
    : []
  const html = renderTrendPage(history, changePointReport(history), await readVegaLibraries(), {
    controlProfiles,
  })
  const file = path.join(path.resolve(options.out), TREND_PAGE_FILE)
  try {
    await makeDirectory(path.dirname(file))
    await writeFile(file, html)
  } catch (error) {
    throw new ConfigError([
      `--out: ${options.out}: cannot write ${TREND_PAGE_FILE} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    ])
  }
  return file
}
