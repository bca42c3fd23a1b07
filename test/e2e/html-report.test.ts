/**
 * Opens the self-contained HTML report in headless Chromium (Debian's, driven by playwright-core) and
 * checks that every chart rendered, nothing was fetched from the network, and the console stayed clean.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readVegaLibraries } from '../../src/report/assets.js'
import { buildCharts } from '../../src/kinds/charts.js'
import { renderHtml } from '../../src/report/html.js'
import { historyGate, regressedGate, resourcesGate } from '../support/report-fixtures.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

describe('HTML report in a browser', () => {
  let browser: Browser
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'perf-gate-html-'))
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    })
  })

  afterAll(async () => {
    await browser?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  async function open(
    name: string,
    html: string,
  ): Promise<{ page: Page; problems: string[]; requests: string[] }> {
    const file = join(dir, `${name}.html`)
    await writeFile(file, html)
    const page = await browser.newPage()
    const problems: string[] = []
    const requests: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`)
      }
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    // Self-contained means no request beyond the file itself: anything else is recorded and refused.
    await page.route('**/*', async (route) => {
      const url = route.request().url()
      if (url === pathToFileURL(file).href) return route.continue()
      requests.push(url)
      return route.abort()
    })
    await page.goto(pathToFileURL(file).href)
    await page.waitForFunction(
      () => (globalThis as { __perfGateRendered?: number }).__perfGateRendered !== undefined,
      null,
      {
        timeout: 30_000,
      },
    )
    return { page, problems, requests }
  }

  it('counts a chart that fails out and reports it, so the checks below can fail', async () => {
    const results = regressedGate()
    const charts = buildCharts(results)
    const broken = { id: 'broken', title: 'Broken', spec: { mark: 'no-such-mark' } as never }
    const { page, problems } = await open(
      'broken',
      renderHtml(results, [...charts, broken], await readVegaLibraries()),
    )
    try {
      expect(
        await page.evaluate(() => (globalThis as { __perfGateRendered?: number }).__perfGateRendered),
      ).toBe(charts.length)
      expect(problems.join('\n')).toContain('perf-gate: chart broken failed to render')
    } finally {
      await page.close()
    }
  })

  it.each([
    ['regressed', regressedGate],
    ['resources', resourcesGate],
    ['history', historyGate],
  ])('%s: renders every chart, offline, with no console errors', async (name, fixture) => {
    const results = fixture()
    const charts = buildCharts(results)
    const html = renderHtml(results, charts, await readVegaLibraries())
    const { page, problems, requests } = await open(name, html)
    try {
      const rendered = await page.evaluate(
        () => (globalThis as { __perfGateRendered?: number }).__perfGateRendered,
      )
      expect(rendered).toBe(charts.length)
      for (const chart of charts) {
        const marks = await page.locator(`#chart-${chart.id} svg.marks, #chart-${chart.id} canvas`).count()
        expect(marks, chart.id).toBe(1)
      }
      await expect(page.locator('h1').textContent()).resolves.toContain('perf-gate')
      expect(await page.locator('table.cells tbody tr').count()).toBe(results.cells.length)
      expect(problems).toEqual([])
      expect(requests).toEqual([])
    } finally {
      await page.close()
    }
  })
})
