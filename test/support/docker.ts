/** Helpers for integration tests: what Docker has now, so tests can prove nothing leaked. */
import { execFileSync } from 'node:child_process'
import { RUN_LABEL } from '../../src/stack/stack.js'

/** Containers (running or not) that any perf-gate run started. */
export function perfGateContainers(): string[] {
  return execFileSync('docker', ['ps', '-aq', '--filter', `label=${RUN_LABEL}`], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
}

/** All network ids; compare before and after a run. */
export function networkIds(): string[] {
  return execFileSync('docker', ['network', 'ls', '-q', '--no-trunc'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .sort()
}

/** Fails fast with a clear message when the Docker engine or the local images are missing. */
export function requireImages(...images: string[]): void {
  for (const image of images) {
    try {
      execFileSync('docker', ['image', 'inspect', image], { stdio: 'ignore' })
    } catch {
      throw new Error(`image ${image} is missing: run scripts/setup.sh (or scripts/build-images.sh) first`)
    }
  }
}
