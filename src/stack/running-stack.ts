/**
 * What a started stack is, whoever started it: the services of perf-gate.yml (stack.ts) or the user's
 * compose file (compose-stack.ts). Both backends return this shape, so it sits below both.
 */
import type { StartedTestContainer } from 'testcontainers'
import type { VariantConfig } from '../config/schema.js'
import type { Logger } from '../log.js'
import type { VariantName } from '../model.js'

export interface RunningService {
  name: string
  container: StartedTestContainer
  /** Address k6 and the admin calls use: the container IP, or host + mapped port as a fallback. */
  address(port: number): { host: string; port: number }
  /**
   * Re-reads the address after the container was stopped and started again (a start-up measurement);
   * absent where the backend cannot (a compose stack).
   */
  reattach?(): Promise<void>
}

export interface RunningStack {
  variant: VariantName
  networkName: string
  services: Map<string, RunningService>
  /** Rewrites a URL whose host is a service name to an address reachable from this host. */
  resolveUrl(url: string): string
  /** Stops every container and removes the network. Safe to call twice. */
  stop(): Promise<void>
}

export interface StartStackOptions {
  runId: string
  variant: VariantName
  /** Service overrides of the baseline variant (paired mode). */
  overrides?: VariantConfig | undefined
  /** Tells apart the networks of successive instances of one variant (fresh stacks per paired block). */
  instance?: string | undefined
  /** Docker cpuset per service ("1", "0-3"): the gate's CPU placement (src/plan/placement.ts). */
  cpusets?: Readonly<Record<string, string>> | undefined
  log: Logger
}
