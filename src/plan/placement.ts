/**
 * CPU placement of a gate's processes: which CPUs k6 and each service may run on. Pure: from the
 * config, the CPU count and whether `taskset` exists, the plan the stack and the k6 runner apply.
 *
 * Why: on a small shared runner the gateway under test, the backend and the load generator compete
 * for the same cores, and which of them wins a given millisecond is noise in P95. Measured side by
 * side on a 2-core machine (bench/designs.ts, two identical nginx stacks, duet runs), putting the
 * gateways on their own CPU and k6 with the backends on the other ("split") gave the smallest
 * sigma of the per-pair log P95 ratio of all designs: 0.036 vs 0.062 unpinned (quiet machine) and
 * 0.055 vs 0.071 (load 8-12); see docs/injector-and-designs.md. So `gate.placement: auto` splits.
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
 * The placement for this gate. `auto` splits when the machine has at least 2 CPUs, taskset exists
 * and the gateways can be told from the rest; `split` asks for it (and says why it cannot when it
 * cannot); `none` leaves every process on every CPU.
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
