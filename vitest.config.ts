import { availableParallelism } from 'node:os'
import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'

// Four projects, one command: `npm test` runs them all. Integration and end-to-end tests run the built
// CLI and action: their global setup builds dist/ from src/ once per run.
const BUILD_DIST = ['test/support/build-dist.ts']

// End-to-end files that never start a container or k6 (bad input, publish mode, the HTML report in a
// browser, the packed package). Most of their time is spent waiting (GitHub's write spacing and
// backoff in the action), so they run beside the unit tests, before any gate measures anything. A new
// e2e file lands in the one-at-a-time `e2e` project unless it is listed here.
const OFFLINE_E2E = [
  'test/e2e/action-faults.test.ts',
  'test/e2e/action-publish.test.ts',
  'test/e2e/artifact-upload.test.ts',
  'test/e2e/bad-input.test.ts',
  'test/e2e/hostile-config.test.ts',
  'test/e2e/html-report.test.ts',
  'test/e2e/merge.test.ts',
  'test/e2e/package.test.ts',
  'test/e2e/preflight.test.ts',
]

// Integration files that start no container and run no load: the CLI's verbs and its refusals of bad
// configs (Docker is only asked about images and Compose files). They run beside the unit tests too;
// the integration project below leaves them out.
const OFFLINE_INTEGRATION = ['test/integration/cli-verbs.test.ts', 'test/integration/config-errors.test.ts']

// Integration files whose assertions rest on what a run measured (a 1 ms slowdown found, a JVM's
// first warm-up window slower than its last, a capacity bracket, CPU time per request): they run one at
// a time with nothing beside them. Every other Docker integration file runs two at a time.
const MEASURING_INTEGRATION = [
  'test/integration/cli-gate.test.ts',
  'test/integration/cpu-per-request.test.ts',
  'test/integration/jitgw.test.ts',
  'test/integration/measurement-modes.test.ts',
]

// The adoption end-to-end file: a fresh repository from `init` to gated pull requests.
const ADOPTION_E2E = 'test/e2e/adoption.test.ts'

// Docker integration files that may run at once: each starts its own stacks under its own run id.
const DOCKER_WORKERS = 2

// Projects in one sequence group share its workers (vitest requires the same maxWorkers). One more
// than the cores, at least three: the offline end-to-end files mostly wait (on a child CLI, on
// GitHub's write spacing), so on a 2-core runner two workers left a core idle behind them.
const OFFLINE_WORKERS = Math.max(3, availableParallelism() + 1)

export default defineConfig({
  test: {
    // testcontainers' Ryuk reaper needs an image from Docker Hub, which machines without registry
    // access cannot pull; the tests remove what they start (perf-gate does too). As the engine does,
    // keep it off unless asked for, so `npm test` works on such a machine without extra setup.
    env: {
      TESTCONTAINERS_RYUK_DISABLED: process.env.TESTCONTAINERS_RYUK_DISABLED ?? 'true',
      // Node's on-disk compile cache for the workers and the CLIs the tests start (hundreds of them):
      // parsing dist/'s 7 MB vendor chunk again in every child was a third of its start-up time.
      NODE_COMPILE_CACHE:
        process.env.NODE_COMPILE_CACHE ??
        path.join(import.meta.dirname, 'node_modules/.cache/node-compile-cache'),
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          maxWorkers: OFFLINE_WORKERS,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e-offline',
          globalSetup: BUILD_DIST,
          include: OFFLINE_E2E,
          sequence: { groupOrder: 0 },
          maxWorkers: OFFLINE_WORKERS,
          // These cases run the built CLI through test/support/cli-process.ts, which kills a stuck
          // child's process group at its deadline. One CI run stalled for 85 minutes on a single such
          // case (spawnSync waited on a child that never went away), so on CI a case that fails that way
          // gets one more try instead of failing the whole run; locally nothing is retried.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 300_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'integration-offline',
          globalSetup: BUILD_DIST,
          include: OFFLINE_INTEGRATION,
          sequence: { groupOrder: 0 },
          maxWorkers: OFFLINE_WORKERS,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: BUILD_DIST,
          include: ['test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OFFLINE_INTEGRATION, ...MEASURING_INTEGRATION],
          // Two files at a time, after the group above: what these assert (exit codes, accuracy, the
          // journal, clean-up, the report) does not depend on how fast a run was, and most of their time
          // is spent waiting on Docker (containers starting, readiness, time-outs), not on the CPU.
          sequence: { groupOrder: 1 },
          maxWorkers: DOCKER_WORKERS,
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'integration-measuring',
          globalSetup: BUILD_DIST,
          include: MEASURING_INTEGRATION,
          // One file at a time, with nothing beside it: two gates measuring at once on two cores would
          // measure each other.
          sequence: { groupOrder: 2 },
          testTimeout: 600_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: BUILD_DIST,
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OFFLINE_E2E, ADOPTION_E2E],
          // Two at a time: each gates a change far larger than a neighbour's noise (a 20 ms or 500 ms
          // delay), or asserts only that the exit code follows whatever verdict the runner gave.
          sequence: { groupOrder: 3 },
          maxWorkers: DOCKER_WORKERS,
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'e2e-adoption',
          globalSetup: BUILD_DIST,
          include: [ADOPTION_E2E],
          // Last and alone: it removes perf-gate/echo:local so that the action must build it (and it
          // does, so the image is back afterwards), which would break any file running beside it.
          sequence: { groupOrder: 4 },
          testTimeout: 600_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
