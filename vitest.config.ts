import { defineConfig } from 'vitest/config'

// Three projects, one command: `npm test` runs them all. Integration and end-to-end tests use a real
// Docker engine and real k6, so they run one file at a time with long timeouts. Both run the built
// CLI and action: their global setup builds dist/ from src/ once per run.
const BUILD_DIST = ['test/support/build-dist.ts']

export default defineConfig({
  test: {
    // testcontainers' Ryuk reaper needs an image from Docker Hub, which machines without registry
    // access cannot pull; the tests remove what they start (perf-gate does too). As the engine does,
    // keep it off unless asked for, so `npm test` works on such a machine without extra setup.
    env: { TESTCONTAINERS_RYUK_DISABLED: process.env.TESTCONTAINERS_RYUK_DISABLED ?? 'true' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: BUILD_DIST,
          include: ['test/integration/**/*.test.ts'],
          // Docker-heavy projects run one after the other: two gates measuring at once on two cores
          // would measure each other.
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 2 },
          testTimeout: 600_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
