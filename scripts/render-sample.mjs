// Renders every chart for two sample results (see below) and prints PNG sizes and render times.
// Usage: node scripts/render-sample.mjs [OUT_DIR]   (default .cache/render-sample)
//
// It bundles the renderer the way scripts/build.mjs bundles dist/ (ESM, code splitting, assets copied
// next to the bundle, no node_modules at run time), so it also proves that the bundled renderer finds
// its wasm and font from a chunk. OUT_DIR/out/ receives the SVG, PNG and HTML files to look at.
// A Node script outside the TypeScript project: declare the Node globals it uses for eslint.
/* global process, console, performance */
import { build } from 'esbuild'
import { nodeEsmOptions } from './esbuild-node.mjs'
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { copyReportAssets } from './report-assets.mjs'

const dir = resolve(process.argv[2] ?? '.cache/render-sample')
await rm(dir, { recursive: true, force: true })

const entry = `
import { buildCharts } from './src/kinds/charts.ts'
import { renderAll } from './src/report/render.ts'
import { renderHtml } from './src/report/html.ts'
import { readVegaLibraries, assetCandidates } from './src/report/assets.ts'
import { renderMarkdown } from './src/report/markdown.ts'
import { escalatedGate, historyGate, regressedGate } from './test/support/report-fixtures.ts'
export { buildCharts, renderAll, renderHtml, readVegaLibraries, renderMarkdown, regressedGate, historyGate, escalatedGate, assetCandidates }
`
await build({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
  // A second entry forces the shared code into dist-like chunks/, the layout the action ships.
  entryPoints: { other: 'src/report/render.ts' },
  outdir: dir,
  entryNames: '[name]',
  ...nodeEsmOptions,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
})
await copyReportAssets(dir)

const sample = await import(pathToFileURL(join(dir, 'stdin.js')).href)
// The copies next to the bundle must win over any node_modules fallback, as on a runner.
for (const asset of ['font', 'resvgWasm', 'vega', 'vegaLite', 'vegaEmbed']) {
  const used = sample.assetCandidates(asset).find((path) => existsSync(path))
  if (!used?.startsWith(join(dir, 'assets'))) throw new Error(`${asset} resolved outside the bundle: ${used}`)
}
// Three samples: a four-profile VU sweep against one stored night (regressed), open-model arrival
// rates against a seven-night history (history), which between them produce every chart, and the
// sweep's stored alarm on a runner unlike the baseline's, escalated to paired blocks (escalated),
// whose report.md carries the gate's notes.
for (const [name, results] of [
  ['regressed', sample.regressedGate()],
  ['history', sample.historyGate()],
  ['escalated', sample.escalatedGate()],
]) {
  const charts = sample.buildCharts(results)
  const started = performance.now()
  const rendered = await sample.renderAll(charts)
  const totalMs = performance.now() - started

  const out = join(dir, 'out', name)
  await mkdir(out, { recursive: true })
  const profiles = new Set(results.cells.map((cell) => cell.profile)).size
  console.log(
    `${name}: ${results.cells.length} cells, ${profiles} profiles: ${rendered.length} charts in ${totalMs.toFixed(0)} ms`,
  )
  for (const chart of rendered) {
    await writeFile(join(out, `${chart.id}.svg`), chart.svg)
    await writeFile(join(out, `${chart.id}.png`), chart.png)
    const warn = chart.warnings.length > 0 ? `  warnings: ${chart.warnings.join('; ')}` : ''
    console.log(
      `  ${chart.id.padEnd(22)} ${String(chart.png.length).padStart(7)} B PNG  ${chart.width}x${chart.height}  ` +
        `${String(chart.svg.length).padStart(7)} B SVG  ${chart.renderMs.toFixed(0).padStart(5)} ms${warn}`,
    )
  }
  const html = sample.renderHtml(results, charts, await sample.readVegaLibraries())
  await writeFile(join(out, 'report.html'), html)
  await writeFile(join(out, 'report.md'), sample.renderMarkdown(results))
  console.log(`  report.html ${html.length} B; files in ${out}`)
}
