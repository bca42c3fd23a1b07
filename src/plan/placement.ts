/**
 * CPU placement of a gate's processes: which CPUs k6 and each service may run on. Pure: from the
 * config, the CPU count and whether `taskset` exists, the plan the stack and the k6 runner apply.
 *
 * Why it is a choice and not the default: measured side by side on a 2-core machine
 * (bench/designs.ts, two identical nginx stacks, duet runs at 500 req/s each), "split" (gateways on
 * CPU 1, k6 and the backends on CPU 0) gave the smallest sigma of the per-pair log P95 ratio (0.036
 * against 0.062 unpinned), but its P95s were 25-330 ms against 2-6 ms unpinned: k6 and two backends
 * saturated their one core, and a ratio of two saturated P95s is steady but blind (the example's
 * 1 ms backend slowdown read as +5.7%). At a rate that core can carry (the accuracy benchmark's
 * 2 x 250 req/s of testgw) split measures the gateway. See docs/injector-and-designs.md.
 */
import type { Config } from '../config/schema.js'

export type Placement =
  | {
      mode: 'split'
      /** taskset CPU list for k6, e.g. "0". */
      k6Cpus: string
      /** docker cpuset per service, e.g. { gateway: "1", echo: "0" }. */
      services: Record<string, string>
      /** One line for the log and the report's notes. */
      summary: string
    }
  | { mode: 'none'; summary: string }

/** "0-2" for [0, 1, 2], "3" for [3]. */
function cpuList(first: number, last: number): string {
  return first === last ? String(first) : `${first}-${last}`
}

/** The services that gated (non-control) profiles send their load to: the gateways under test. */
export function gatewayServices(config: Config): string[] {
  const names = new Set<string>()
  for (const profile of config.profiles) {
    if (profile.control) continue
    let host: string
    try {
      host = new URL(profile.target).hostname
    } catch {
      continue
    }
    if (host in config.services) names.add(host)
  }
  return [...names].sort()
}

/**
 * The placement for this gate: `split` when asked for and possible (at least 2 CPUs, taskset, and
 * gateways that can be told from the rest), with the reason when not; `none` leaves every process on
 * every CPU.
 */
export function planPlacement(config: Config, cpuCount: number, hasTaskset: boolean): Placement {
  const wanted = config.gate.placement
  if (wanted === 'none') return { mode: 'none', summary: 'CPU placement: none (gate.placement: none)' }
  const gateways = gatewayServices(config)
  const others = Object.keys(config.services)
    .filter((name) => !gateways.includes(name))
    .sort()
  const why =
    cpuCount < 2
      ? `this machine has ${cpuCount} CPU`
      : !hasTaskset
        ? 'taskset (util-linux) is not installed'
        : gateways.length === 0
          ? 'no non-control profile targets a service'
          : null
  if (why !== null)
    return { mode: 'none', summary: `CPU placement: none (gate.placement: ${wanted}, but ${why})` }
  // The gateways get the upper half of the CPUs, k6 and everything else the lower half (rounded
  // up: k6 and the backends together usually need more than the gateway).
  const lower = Math.ceil(cpuCount / 2)
  const k6Cpus = cpuList(0, lower - 1)
  const gatewayCpus = cpuList(lower, cpuCount - 1)
  const services: Record<string, string> = {}
  for (const name of gateways) services[name] = gatewayCpus
  for (const name of others) services[name] = k6Cpus
  return {
    mode: 'split',
    k6Cpus,
    services,
    summary: `CPU placement: split (gate.placement: ${wanted}): ${gateways.join(', ')} on CPU ${gatewayCpus}; k6${others.length > 0 ? ` and ${others.join(', ')}` : ''} on CPU ${k6Cpus}`,
  }
}
