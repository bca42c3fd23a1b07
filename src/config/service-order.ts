/**
 * Start order of services from their dependsOn lists (a topological sort), grouped into waves: the
 * services of one wave depend only on earlier waves, so they can start together.
 */
export function serviceWaves(dependencies: Record<string, readonly string[]>): string[][] {
  const remaining = new Map(Object.entries(dependencies).map(([name, deps]) => [name, new Set(deps)]))
  const waves: string[][] = []
  while (remaining.size > 0) {
    const ready = [...remaining].filter(([, deps]) => deps.size === 0).map(([name]) => name)
    if (ready.length === 0) {
      throw new Error(`dependsOn has a cycle among: ${[...remaining.keys()].sort().join(', ')}`)
    }
    ready.sort()
    waves.push(ready)
    for (const name of ready) remaining.delete(name)
    for (const deps of remaining.values()) for (const name of ready) deps.delete(name)
  }
  return waves
}
