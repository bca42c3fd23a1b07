/** `gates --env NAME=VALUE` (bench/accuracy.ts): a variable a gate config reads, per gate. */
import { InvalidArgumentError } from 'commander'

/** Variables the benchmark sets for every gate itself (WORK_ITERATIONS through --work). */
export const RESERVED_ENV: ReadonlySet<string> = new Set([
  'WORK_ITERATIONS',
  'PERF_GATE_METHOD',
  'OC_BASELINE',
  'PERF_GATE_RUN_ID',
])

/**
 * Parses one `--env NAME=VALUE` into the knobs given so far (commander's repeatable-option reducer),
 * e.g. `EXTRA_FILTER=1` for bench/oc-envoy.yml's `${EXTRA_FILTER:-0}`. The value may be empty.
 */
export function envKnob(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(value)
  if (!match) throw new InvalidArgumentError(`expected NAME=VALUE, got "${value}"`)
  const name = match[1] as string
  if (RESERVED_ENV.has(name))
    throw new InvalidArgumentError(`${name} is set by the benchmark itself (use --work for WORK_ITERATIONS)`)
  return { ...previous, [name]: match[2] as string }
}
