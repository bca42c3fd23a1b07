/** Helpers for integration tests: what Docker has now, so tests can prove nothing leaked. */
import { execFileSync } from 'node:child_process'
import { RUN_LABEL } from '../../src/stack/stack.js'

function labelled(kind: 'ps' | 'network', prefix: string): string[] {
  const args =
    kind === 'ps'
      ? ['ps', '-a', '--filter', `label=${RUN_LABEL}`, '--format', `{{.ID}} {{.Label "${RUN_LABEL}"}}`]
      : ['network', 'ls', '--filter', `label=${RUN_LABEL}`, '--format', `{{.ID}} {{.Label "${RUN_LABEL}"}}`]
  return execFileSync('docker', args, { encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' })
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string])
    .filter(([, run]) => run.startsWith(prefix))
    .map(([id]) => id)
}

/**
 * Containers (running or not) of perf-gate runs whose run id starts with `prefix`. Tests give their
 * runs their own ids (PERF_GATE_RUN_ID) so that other gates on the machine do not count.
 */
export function perfGateContainers(prefix = ''): string[] {
  return labelled('ps', prefix)
}

/** Networks of perf-gate runs whose run id starts with `prefix`. */
export function perfGateNetworks(prefix = ''): string[] {
  return labelled('network', prefix)
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
