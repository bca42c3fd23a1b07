/** A service's `deploy` resources and its lifecycle hooks (`post_start`, `pre_stop`). */
import { isMapping, type Refuse } from './compose-scope.js'

/** Resource limits and reservations: CPUs, memory and PIDs only (devices reach the runner). */
export function deployProblems(value: unknown, at: string, refuse: Refuse): void {
  if (!isMapping(value)) return
  const resources = value.resources
  if (!isMapping(resources)) return
  for (const kind of ['limits', 'reservations'] as const) {
    const section = resources[kind]
    if (!isMapping(section)) continue
    for (const key of Object.keys(section)) {
      if (!['cpus', 'memory', 'pids'].includes(key))
        refuse(`${at}.resources.${kind}.${key}`, "not allowed: it hands the container the runner's devices")
    }
  }
}

/** A hook runs a command in the container: never privileged, and only the keys checked here. */
export function hookProblems(value: unknown, at: string, refuse: Refuse): void {
  ;(Array.isArray(value) ? value : []).forEach((hook, i) => {
    if (!isMapping(hook)) return
    for (const [key, v] of Object.entries(hook)) {
      if (key === 'privileged') {
        if (v !== false)
          refuse(`${at}[${i}].privileged`, 'not allowed: a privileged hook controls the runner')
      } else if (!['command', 'user', 'working_dir', 'environment'].includes(key)) {
        refuse(`${at}[${i}].${key}`, 'not allowed')
      }
    }
  })
}
