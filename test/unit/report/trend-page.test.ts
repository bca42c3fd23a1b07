/**
 * The trend page over a synthetic 30-night history of three cells: a gated cell with a +8% step at
 * night 20, a flat gated cell and a flat control. The page must be self-contained, hold one chart per
 * cell and mark the step; in headless Chromium (skipped where there is none) every chart must render.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { writeFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { readVegaLibraries } from '../../../src/report/assets.js'
import { renderTrendPage } from '../../../src/report/trend-page.js'
import { changePointReport } from '../../../src/stats/change-points.js'
import { trendHistory } from '../../support/trend-history.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Where the screenshot goes (gitignored). */
const SCREENSHOTS = join(process.cwd(), 'test-results')

interface ChartData {
  id: string
  spec: { title: { text: string; subtitle: string[] }; data: { values: Array<Record<string, unknown>> } }
}

function chartsOf(html: string): ChartData[] {
  const json = /<script type="application\/json" id="perf-gate-charts">(.*?)<\/script>/s.exec(html)?.[1]
  expect(json).toBeDefined()
  return JSON.parse(json!) as ChartData[]
}

async function page(): Promise<string> {
  const h = trendHistory()
  return renderTrendPage(h, changePointReport(h), await readVegaLibraries(), {
    controlProfiles: ['direct'],
  })
}

describe('trend page', () => {
  it('is self-contained, has one chart per cell (controls labelled) and marks the step', async () => {
    const html = await page()
    // Nothing is loaded from the network: no script or element source over http(s).
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i)
    expect(html).not.toMatch(/\ssrc=["']?https?:/i)
    expect(html).not.toMatch(/<link[^>]*href=["']?https?:/i)
    expect(html).toContain('<h1>luagw: P95 trend, 2026-01-01 to 2026-01-30</h1>')

    const charts = chartsOf(html)
    expect(charts.map((c) => c.spec.title.text)).toEqual([
      'P95: jwt/steady',
      'P95: no-policies/steady',
      'P95: direct/steady (control)',
    ])
    for (const chart of charts) {
      const nights = chart.spec.data.values.filter((row) => row.kind === 'night')
      expect(nights).toHaveLength(30)
      for (const night of nights) {
        expect(night.lower as number).toBeLessThanOrEqual(night.latency as number)
        expect(night.upper as number).toBeGreaterThanOrEqual(night.latency as number)
      }
    }
    expect(charts[2]!.spec.title.subtitle.join(' ')).toMatch(/Control: .*never gated/)

    // The step: one change point on jwt/steady, between the commits of nights 19 and 20, about +8%.
    const changes = charts.map((c) => c.spec.data.values.filter((row) => row.kind === 'change'))
    expect(changes[0]).toHaveLength(1)
    const step = changes[0]![0]!
    expect(step.commits).toBe('c19..c20')
    expect(step.firstNight).toBe('2026-01-21')
    expect(step.up).toBe(true)
    expect(Number.parseFloat(String(step.size))).toBeGreaterThan(6)
    expect(Number.parseFloat(String(step.size))).toBeLessThan(10)
    expect(step.label).toMatch(/^\+\d\.\d% c19\.\.c20/)
    // Drawn between the two nights.
    expect(String(step.date) > '2026-01-20T02:00').toBe(true)
    expect(String(step.date) < '2026-01-21T02:00').toBe(true)
    // The flat cells have none, and the page's table lists the step.
    expect(changes[1]).toEqual([])
    expect(changes[2]).toEqual([])
    expect(html).toMatch(/<code>jwt\/steady<\/code><\/td><td>2026-01-21<\/td><td>\+\d\.\d%/)
  })

  it.skipIf(!existsSync(CHROMIUM))(
    'renders every chart in headless Chromium (screenshot in test-results/)',
    async () => {
      await mkdir(SCREENSHOTS, { recursive: true })
      const file = join(SCREENSHOTS, 'trend-page.html')
      await writeFile(file, await page())
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      })
      try {
        const tab = await browser.newPage({ viewport: { width: 1100, height: 900 } })
        const problems: string[] = []
        const requests: string[] = []
        tab.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning')
            problems.push(`${message.type()}: ${message.text()}`)
        })
        tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
        await tab.route('**/*', async (route) => {
          const url = route.request().url()
          if (url === pathToFileURL(file).href) return route.continue()
          requests.push(url)
          return route.abort()
        })
        await tab.goto(pathToFileURL(file).href)
        await tab.waitForFunction(
          () => (globalThis as { __perfGateRendered?: number }).__perfGateRendered !== undefined,
          null,
          { timeout: 30_000 },
        )
        expect(
          await tab.evaluate(() => (globalThis as { __perfGateRendered?: number }).__perfGateRendered),
        ).toBe(3)
        const drawn = await tab.$$eval('div.chart', (divs) =>
          divs.map((div) => ({ id: div.id, svg: div.querySelector('svg, canvas') !== null })),
        )
        expect(drawn).toHaveLength(3)
        for (const chart of drawn) expect(chart, chart.id).toEqual({ id: chart.id, svg: true })
        // The step's label is drawn in the first chart.
        const firstText = await tab.$eval('div.chart', (div) => div.textContent ?? '')
        expect(firstText).toMatch(/\+\d\.\d% c19\.\.c20/)
        expect(problems).toEqual([])
        expect(requests).toEqual([])
        await tab.screenshot({ path: join(SCREENSHOTS, 'trend-page.png'), fullPage: true })
      } finally {
        await browser.close()
      }
    },
    60_000,
  )
})
