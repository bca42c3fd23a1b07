/**
 * Pool collection: real k6 runs against real stacks. Each stack is started fresh (its own network
 * and containers), as a CI runner would; within a stack every round runs A, B5, B10 and B20 once in
 * a random order, so a round's runs share the machine's state of that minute and a within-round
 * ratio B/A is what a paired gate sees. The regressions are injected per request through the
 * X-Echo-Delay-Us header (the echo backend sleeps that long), so one stack serves every variant.
 */
import os from 'node:os'
import type { ProfileConfig, ScenarioConfig } from '../src/config/schema.js'
import type { Config } from '../src/config/schema.js'
import { invalidReason, type Cleanup } from '../src/gate/measure.js'
import { runK6, type K6Binary } from '../src/load/k6.js'
import { scenarioDurationS, scenarioEnv, scriptPath } from '../src/load/scenario-env.js'
import type { Logger } from '../src/log.js'
import { cellId, type RunResult } from '../src/model.js'
import { seededRandom, shuffle } from '../src/plan/schedule.js'
import { setUpProfile } from '../src/stack/profile-setup.js'
import { startStack, type RunningStack } from '../src/stack/stack.js'
import { median, sd } from '../src/stats/index.js'
import { EFFECTS, VARIANTS, type PoolRun, type VariantLabel } from './pool.js'

export interface CollectOptions {
  config: Config
  profile: ProfileConfig
  scenario: ScenarioConfig
  k6: K6Binary
  /** Repository root, where scenarios/ lives. */
  root: string
  stacks: number
  /** Rounds per stack; unset: as many as the budget allows. */
  rounds: number | undefined
  budgetMs: number
  /**
   * Delay every variant pays (A included); B adds its increment on top. The echo backend's sleep has
   * a wake-up cost of about a millisecond on a busy machine, so any delay at all (61 us as much as
   * 484 us) raised P95 by 50-160% in the first trial: the increment is only proportional once every
   * variant already sleeps.
   */
  baseDelayUs: number
  seed: number
  log: Logger
  cleanup: Cleanup
  signal: AbortSignal
}

export interface CollectedPool {
  baseDelayUs: number
  p95AMs: number
  initialDelayUs: Record<string, number>
  verificationRatio: Record<string, number>
  delayUs: Record<VariantLabel, number>
  stacks: { index: number; startedAt: string; startS: number; rounds: number }[]
  loadAverages: number[]
  runs: PoolRun[]
}

/** Fewest rounds per stack: fewer cannot give a paired decision of the config's size. */
const MIN_ROUNDS = 5
const CALIBRATION_RUNS = 3
const VERIFICATION_ROUNDS = 3

export async function collectPool(options: CollectOptions): Promise<CollectedPool> {
  const { config, profile, scenario, log } = options
  const began = Date.now()
  const deadline = began + options.budgetMs
  const random = seededRandom(options.seed)
  const runs: PoolRun[] = []
  const stacks: CollectedPool['stacks'] = []
  const loadAverages: number[] = []
  const durationS = scenarioDurationS(scenario)
  // Refined from measured runs; the first guess only sizes the first stack.
  let runSeconds = durationS + 2
  const base = options.baseDelayUs
  let delayUs: Record<VariantLabel, number> = { A: base, B5: base, B10: base, B20: base }
  let p95AMs = 0
  let initialDelayUs: Record<string, number> = {}
  let verificationRatio: Record<string, number> = {}

  for (let s = 0; s < options.stacks; s++) {
    const startedAt = new Date()
    loadAverages.push(Number((os.loadavg()[0] ?? 0).toFixed(2)))
    const stack = await startStack(config, {
      runId: `bench-${options.seed}-${s}-${startedAt.getTime().toString(36)}`,
      variant: 'candidate',
      log,
    })
    const unregister = options.cleanup.add(() => stack.stop())
    try {
      await setUpProfile(profile, stack.resolveUrl)
      const startS = (Date.now() - startedAt.getTime()) / 1000
      const one = async (
        variant: VariantLabel,
        round: number,
        purpose: PoolRun['purpose'],
        delay: number,
      ) => {
        const t0 = Date.now()
        const run = await measureRun(options, stack, Math.max(0, round), delay, purpose === 'warmup')
        runSeconds = 0.7 * runSeconds + 0.3 * ((Date.now() - t0) / 1000)
        const entry: PoolRun = { stack: s, variant, round, delayUs: delay, purpose, run }
        runs.push(entry)
        log.info(
          `stack ${s} ${purpose} round ${round} ${variant} (delay ${delay} us): p95 ${run.metrics.p95.toFixed(3)} ms` +
            (run.valid ? '' : ` INVALID: ${run.invalidReason ?? ''}`),
        )
        return entry
      }
      // The first run of a fresh stack warms connections, caches and the JIT-less Go/nginx paths alike.
      await one('A', -1, 'warmup', base)

      if (s === 0) {
        const calibration = []
        for (let i = 0; i < CALIBRATION_RUNS; i++)
          calibration.push(await one('A', -2 - i, 'calibration', base))
        p95AMs = median(calibration.map((c) => c.run.metrics.p95))
        // A fixed delay shifts every latency by about its length, so +x% of P95 needs about x * P95.
        delayUs = Object.fromEntries(
          VARIANTS.map((v) => [v, base + Math.round(EFFECTS[v] * p95AMs * 1000)]),
        ) as Record<VariantLabel, number>
        initialDelayUs = { ...delayUs }
        log.info(`calibration: A p95 ${p95AMs.toFixed(3)} ms -> delays ${JSON.stringify(delayUs)} us`)
        // Verify once: sleep jitter and queueing make the realised effect differ from the target.
        const ratios: Record<string, number[]> = {}
        for (let r = 0; r < VERIFICATION_ROUNDS; r++) {
          const round = -10 - r
          const byVariant = new Map<VariantLabel, PoolRun>()
          for (const v of shuffle(VARIANTS, random))
            byVariant.set(v, await one(v, round, 'calibration', delayUs[v]))
          const a = byVariant.get('A')?.run.metrics.p95 ?? 0
          for (const v of VARIANTS.slice(1)) {
            const b = byVariant.get(v)?.run.metrics.p95 ?? 0
            if (a > 0) (ratios[v] ??= []).push(b / a)
          }
        }
        verificationRatio = Object.fromEntries(
          Object.entries(ratios).map(([v, values]) => [v, median(values)]),
        )
        delayUs = Object.fromEntries(
          VARIANTS.map((v) => {
            const logs = (ratios[v] ?? []).map(Math.log)
            const realised = (verificationRatio[v] ?? 1 + EFFECTS[v]) - 1
            // Correct only when the verification measured the effect at all: on the first recorded
            // pool (2 rounds, sd of the log ratio ~0.17) the "correction" halved B5 and B10 on noise.
            const se = logs.length > 1 ? sd(logs) / Math.sqrt(logs.length) : Number.POSITIVE_INFINITY
            if (v === 'A' || realised <= 0 || se > EFFECTS[v] / 2) return [v, delayUs[v]]
            // One proportional correction of the increment, bounded so that it cannot swing wildly.
            const factor = Math.min(2, Math.max(0.5, EFFECTS[v] / realised))
            return [v, base + Math.round((delayUs[v] - base) * factor)]
          }),
        ) as Record<VariantLabel, number>
        log.info(
          `verification ratios ${JSON.stringify(verificationRatio)} -> delays ${JSON.stringify(delayUs)} us`,
        )
      }

      const remainingStacks = options.stacks - s
      const perRound = runSeconds * VARIANTS.length
      const stackOverheadS = 15 + runSeconds
      const affordable = Math.floor(
        ((deadline - Date.now()) / 1000 / remainingStacks - stackOverheadS * (remainingStacks > 1 ? 1 : 0)) /
          perRound,
      )
      const rounds = Math.max(MIN_ROUNDS, Math.min(options.rounds ?? Number.POSITIVE_INFINITY, affordable))
      if (affordable < MIN_ROUNDS)
        log.warning(`budget allows ${affordable} rounds on stack ${s}; running the minimum ${MIN_ROUNDS}`)
      log.info(`stack ${s}: ${rounds} rounds of ${VARIANTS.join(', ')} (~${perRound.toFixed(0)} s per round)`)
      for (let round = 0; round < rounds; round++) {
        for (const v of shuffle(VARIANTS, random)) await one(v, round, 'pool', delayUs[v])
      }
      stacks.push({ index: s, startedAt: startedAt.toISOString(), startS, rounds })
    } finally {
      unregister()
      await stack.stop()
    }
  }
  return { baseDelayUs: base, p95AMs, initialDelayUs, verificationRatio, delayUs, stacks, loadAverages, runs }
}

/** One k6 run of the gated profile with a per-request delay; invalid open-model runs are re-run like the gate does. */
async function measureRun(
  options: CollectOptions,
  stack: RunningStack,
  round: number,
  delayUs: number,
  warmup: boolean,
): Promise<RunResult> {
  const { profile, scenario } = options
  // Every variant sends the header, so A and B differ only in the delay, not in bytes.
  const withDelay: ProfileConfig = {
    ...profile,
    headers: { ...profile.headers, 'X-Echo-Delay-Us': String(delayUs) },
  }
  const durationS = scenarioDurationS(scenario)
  let result: RunResult | undefined
  for (let attempt = 0; attempt <= 2; attempt++) {
    const startedAt = new Date()
    const metrics = await runK6({
      k6: options.k6,
      script: scriptPath(scenario, options.root),
      env: scenarioEnv(withDelay, scenario, stack.resolveUrl(profile.target)),
      durationS,
      timeoutMs: durationS * 1000 + 120_000,
      signal: options.signal,
    })
    const reason = invalidReason(scenario, metrics)
    result = {
      cell: cellId(profile.name, scenario.name),
      profile: profile.name,
      scenario: scenario.name,
      variant: 'candidate',
      round,
      warmup,
      startedAt: startedAt.toISOString(),
      durationS: (Date.now() - startedAt.getTime()) / 1000,
      metrics,
      valid: reason === undefined,
      ...(reason ? { invalidReason: reason } : {}),
      resources: [],
    }
    if (result.valid || warmup) break
  }
  return result as RunResult
}
