/**
 * Global setup of the integration and end-to-end projects: builds dist/ from src/ once per test run,
 * before any file of these projects starts. Their tests run the built CLI and action (dist/cli.js,
 * dist/index.js) as users and GitHub do, so a stale bundle must not pass; one build serves them all
 * (each file used to build it again in its beforeAll, a few seconds each).
 *
 * vitest runs the projects' global setups in its main process, one after the other, so the marker
 * below makes the second and third project skip the build. A caller that has just built dist/ from
 * this src/ sets it too: CI builds dist/ to check that it is reproducible, then runs `npm test` with
 * PERF_GATE_TEST_DIST_BUILT=1, so dist/ is built once per CI run (.ci/run).
 */
import { execFileSync } from 'node:child_process'
import { ROOT } from './cli.js'

/** Set once dist/ is built in this vitest process, so that a second project's setup skips it. */
const BUILT = 'PERF_GATE_TEST_DIST_BUILT'

export default function setup(): void {
  if (process.env[BUILT] === '1') return
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' })
  process.env[BUILT] = '1'
}
