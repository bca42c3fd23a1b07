/**
 * Whether a config can ever block a pull request, and if not, why. Pure. A gate that cannot block
 * ends inconclusive on every run and its job stays green, which looks like a passing gate: `validate`,
 * `doctor`, the gate's log, results.json (`cannotBlock`) and the report all say so, from this one
 * function. Only configs that can never block are named here; one that blocks rarely (a stored
 * baseline that decides only on a runner shown to match it) is the report's business.
 */
import type { Config } from './schema.js'

export interface CanBlockFacts {
  /** A stored baseline file is there to compare with (read, or present on disk). */
  baselineExists: boolean
  /** Where that baseline was looked for, for the sentence. */
  baselinePath: string
}

const SET_VARIANT =
  'set baselineVariant (e.g. the gateway built from the merge base: baselineVariant.services.<gateway>.build.ref: merge-base) so the gate can run paired A/B blocks on the runner'

/**
 * The reasons a config in gate mode can never block, each a sentence that says how to fix it; empty
 * when it can block.
 */
export function cannotBlockReasons(
  config: Pick<Config, 'profiles' | 'baselineVariant' | 'gate'>,
  facts: CanBlockFacts,
): string[] {
  const reasons: string[] = []
  const gated = config.profiles.filter((p) => !p.control)
  if (gated.length === 0) {
    reasons.push(
      'every profile is a control (control: true): controls watch the runner and are never gated; add a profile that targets the gateway',
    )
  }
  // gate.method "stored" never runs paired blocks, so a configured baselineVariant is unused.
  const paired = config.baselineVariant !== undefined && config.gate.method !== 'stored'
  if (!paired) {
    const why =
      config.baselineVariant !== undefined
        ? 'gate.method is "stored" (baselineVariant unused)'
        : 'no baselineVariant'
    if (!facts.baselineExists) {
      reasons.push(
        `${why} and no stored baseline (${facts.baselinePath}): there is nothing to compare with, so every gate ends inconclusive; ${SET_VARIANT}, or record a baseline (perf-gate run --mode baseline, e.g. nightly)`,
      )
    } else if (!config.profiles.some((p) => p.control)) {
      reasons.push(
        `${why} and no control profile (control: true): a stored baseline decides alone only on a runner the control shows to match the baseline's, so it can never block; add a no-gateway control profile, or ${SET_VARIANT}`,
      )
    }
  }
  return reasons
}
