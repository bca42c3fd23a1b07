/**
 * Renders Vega-Lite specs in-process: vega-lite compiles to Vega, a headless vega View (renderer "none")
 * writes SVG, and resvg (WebAssembly) rasterises that to PNG. No canvas, no native module, no network.
 *
 * resvg in wasm cannot see system fonts: without font buffers every text element silently disappears
 * from the PNG. So the shipped font is always passed, and the charts name exactly that family.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import * as vega from 'vega'
import { compile } from 'vega-lite'
import type { TopLevelSpec } from 'vega-lite'
import { readAsset } from './assets.js'
import { CHART_FONT, type ChartDefinition } from './charts/theme.js'
import { readFontMetrics, type FontMetrics } from './font-metrics.js'

export interface RenderedChart {
  id: string
  title: string
  svg: string
  png: Uint8Array
  /** PNG size in pixels (the SVG size times the scale). */
  width: number
  height: number
  /** Wall time to compile, draw the SVG and rasterise it. */
  renderMs: number
  /** vega-lite and vega warnings: a chart that renders with warnings may be missing marks. */
  warnings: string[]
}

export interface RenderOptions {
  /**
   * Font files for resvg. Default: the shipped DejaVu Sans. Tests pass [] to prove that text vanishes
   * without fonts, which is what the font check must catch.
   */
  fonts?: Uint8Array[]
  /** PNG pixels per SVG unit; 2 keeps text sharp on high-density screens. Default 2. */
  scale?: number
}

let resvgReady: Promise<void> | null = null
let shippedFonts: Promise<Uint8Array[]> | null = null
let textMetricsReady: Promise<void> | null = null

/** What vega-scenegraph exports as textMetrics (untyped in vega's typings). */
interface VegaTextMetrics {
  width: (item: { fontSize?: number | null; limit?: number | null }, text: unknown) => number
}

/** Initialises resvg's wasm once per process; initWasm throws if called twice. */
function ensureResvg(): Promise<void> {
  resvgReady ??= readAsset('resvgWasm').then((bytes) => initWasm(bytes))
  // A failed init must not poison later attempts (e.g. the asset appears after a build).
  resvgReady.catch(() => {
    resvgReady = null
  })
  return resvgReady
}

function loadShippedFonts(): Promise<Uint8Array[]> {
  shippedFonts ??= readAsset('font').then((font) => [font])
  shippedFonts.catch(() => {
    shippedFonts = null
  })
  return shippedFonts
}

/**
 * Makes vega measure text with the shipped font's advance widths (as vl-convert does with its fonts).
 * Without a canvas vega estimates 0.8 em per character, half again DejaVu Sans' width, and sizes the
 * SVG for text that is not there: blank margins and bands (see font-metrics.ts).
 *
 * A label with a limit (labelLimit) is cut by vega to fit: its width is at most the limit. vega's own
 * truncation asks this function for the widths of the pieces it tries, and compares them with the
 * limit, which the clamp keeps consistent.
 */
export function vegaTextWidth(
  font: FontMetrics,
): (item: { fontSize?: number | null; limit?: number | null }, text: unknown) => number {
  return (item, text) => {
    const size = item.fontSize ?? 11
    const line = text === null || text === undefined ? '' : String(text).trim()
    if (!(size > 0) || line === '') return 0
    const width = font.width(line, size)
    const limit = item.limit ?? 0
    return limit > 0 ? Math.min(width, limit) : width
  }
}

/** Installs the shipped font's text widths in vega once per process. */
function ensureTextMetrics(): Promise<void> {
  textMetricsReady ??= readAsset('font').then((bytes) => {
    const metrics = (vega as unknown as { textMetrics: VegaTextMetrics }).textMetrics
    metrics.width = vegaTextWidth(readFontMetrics(bytes))
  })
  textMetricsReady.catch(() => {
    textMetricsReady = null
  })
  return textMetricsReady
}

/** Collects warnings instead of printing them: library output must not bypass the action's logging. */
function collectingLogger(warnings: string[]): vega.LoggerInterface {
  let level = vega.Warn
  const logger = {
    level(value?: number) {
      if (value === undefined) return level
      level = value
      return logger
    },
    error(...args: readonly unknown[]) {
      warnings.push(`error: ${args.map(String).join(' ')}`)
      return logger
    },
    warn(...args: readonly unknown[]) {
      warnings.push(args.map(String).join(' '))
      return logger
    },
    info() {
      return logger
    },
    debug() {
      return logger
    },
  }
  return logger as vega.LoggerInterface
}

/** Compiles a Vega-Lite spec and draws it as an SVG document. */
export async function specToSvg(spec: TopLevelSpec, warnings: string[] = []): Promise<string> {
  await ensureTextMetrics()
  const logger = collectingLogger(warnings)
  const compiled = compile(spec, { logger }).spec
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger })
  try {
    return await view.toSVG()
  } finally {
    view.finalize()
  }
}

/** Rasterises an SVG to PNG with resvg, drawing text with the given (default: shipped) fonts. */
export async function svgToPng(
  svg: string,
  options: RenderOptions = {},
): Promise<{ png: Uint8Array; width: number; height: number }> {
  await ensureResvg()
  const fontBuffers = options.fonts ?? (await loadShippedFonts())
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: options.scale ?? 2 },
    font: {
      fontBuffers,
      defaultFontFamily: CHART_FONT,
      sansSerifFamily: CHART_FONT,
    },
  })
  try {
    const image = resvg.render()
    try {
      return { png: image.asPng(), width: image.width, height: image.height }
    } finally {
      image.free()
    }
  } finally {
    resvg.free()
  }
}

/** Renders one chart to SVG and PNG. */
export async function renderChart(
  chart: ChartDefinition,
  options: RenderOptions = {},
): Promise<RenderedChart> {
  const started = performance.now()
  const warnings: string[] = []
  const svg = await specToSvg(chart.spec, warnings)
  const { png, width, height } = await svgToPng(svg, options)
  return {
    id: chart.id,
    title: chart.title,
    svg,
    png,
    width,
    height,
    renderMs: performance.now() - started,
    warnings,
  }
}

/**
 * Renders every chart, one after another (rendering is CPU-bound; concurrency would only interleave).
 * Each result carries its own render time; the caller can sum them or time the whole call.
 */
export async function renderAll(
  charts: ChartDefinition[],
  options: RenderOptions = {},
): Promise<RenderedChart[]> {
  const rendered: RenderedChart[] = []
  for (const chart of charts) rendered.push(await renderChart(chart, options))
  return rendered
}
