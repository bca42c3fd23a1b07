// Not loaded at run time. A third build entry that imports every package src/ imports, so esbuild puts
// the packages in chunks of their own, apart from our code: a change in src/ then rewrites a few hundred
// kilobytes of dist/ instead of the 7 MB chunk it used to share with testcontainers, zod and vega.
// @actions/artifact is left out: src/ imports it dynamically, so it has a chunk of its own already.
// test/unit/scripts/vendor-chunk.test.ts fails when src/ imports a package this list lacks.
export * as actionsCore from '@actions/core'
export { default as dockerignore } from '@balena/dockerignore'
export * as actionsGithub from '@actions/github'
export * as actionsToolCache from '@actions/tool-cache'
export * as octokitRetry from '@octokit/plugin-retry'
export * as octokitThrottling from '@octokit/plugin-throttling'
export * as resvg from '@resvg/resvg-wasm'
export { default as normalQuantile } from '@stdlib/stats-base-dists-normal-quantile'
export { default as tCdf } from '@stdlib/stats-base-dists-t-cdf'
export { default as tQuantile } from '@stdlib/stats-base-dists-t-quantile'
export { default as wilcoxon } from '@stdlib/stats-wilcoxon'
export * as commander from 'commander'
export * as testcontainers from 'testcontainers'
export * as vega from 'vega'
export * as vegaLite from 'vega-lite'
export * as yaml from 'yaml'
export * as zod from 'zod'
