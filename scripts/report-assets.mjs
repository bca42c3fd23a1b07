// Files the report renderer reads at run time, copied next to a bundle (src/report/assets.ts,
// DIST_ASSETS, names the same paths under assets/): the resvg wasm, the chart font with its licence,
// and the vega UMD builds that the HTML report inlines. Copied rather than imported, so the bundle's JS
// stays small and src/ runs under vitest without .wasm/.ttf loaders.
import { copyFile, mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'

export const reportAssets = [
  ['node_modules/@resvg/resvg-wasm/index_bg.wasm', 'resvg/index_bg.wasm'],
  ['assets/fonts/DejaVuSans.ttf', 'fonts/DejaVuSans.ttf'],
  ['assets/fonts/LICENSE-DejaVu.txt', 'fonts/LICENSE-DejaVu.txt'],
  ['node_modules/vega/build/vega.min.js', 'vega/vega.min.js'],
  ['node_modules/vega-lite/build/vega-lite.min.js', 'vega/vega-lite.min.js'],
  ['node_modules/vega-embed/build/vega-embed.min.js', 'vega/vega-embed.min.js'],
  // BSD-3 asks for the notices next to redistributed builds (the min.js files carry none).
  ['node_modules/vega/LICENSE', 'vega/LICENSE-vega.txt'],
  ['node_modules/vega-lite/LICENSE', 'vega/LICENSE-vega-lite.txt'],
  ['node_modules/vega-embed/LICENSE', 'vega/LICENSE-vega-embed.txt'],
]

/** Copies the report assets into OUTDIR/assets/. */
export async function copyReportAssets(outdir) {
  for (const [from, to] of reportAssets) {
    const target = join(outdir, 'assets', to)
    await mkdir(dirname(target), { recursive: true })
    await copyFile(from, target)
  }
}
