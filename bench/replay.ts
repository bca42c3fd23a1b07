/**
 * Replayed gate decisions: each decision resamples real runs from the pool and hands them to the
 * gate's own comparison functions (comparePaired, compareStored), so the verdict logic measured is
 * exactly the shipped one. Pure: the pool in, counts out.
 *
 * Replayed decisions are not independent: they reuse a finite pool (a few stacks x a few rounds),
 * so hundreds of decisions estimate a rate with far less precision than hundreds of real gates
 * would. The table says how many stacks and rounds stand behind each rate.
 */
import type { RunResult, Verdict } from '../src/model.js'
import { seededRandom, shuffle } from '../src/plan/schedule.js'
import { comparePaired, compareStored, mean, median, sd, type StatsGate } from '../src/stats/index.js'
import type { PoolRun, VariantLabel } from './pool.js'

/** runs[stack][round][variant]: the pool's usable runs (no warm-up, no calibration, valid). */
export type PoolIndex = Map<number, Map<number, Map<VariantLabel, RunResult>>>

export function indexPool(runs: readonly PoolRun[]): PoolIndex {
  const index: PoolIndex = new Map()
  for (const entry of runs) {
    if (entry.purpose !== 'pool' || !entry.run.valid) continue
    let stack = index.get(entry.stack)
    if (!stack) index.set(entry.stack, (stack = new Map()))
    let round = stack.get(entry.round)
    if (!round) stack.set(entry.round, (round = new Map()))
    round.set(entry.variant, entry.run)
  }
  return index
}

export interface Tally {
  decisions: number
  regression: number
  inconclusive: number
  pass: number
  /** Pairs per decision (adaptive mode varies), for the table. */
  sizes: number[]
  skipped?: string
}

function tally(verdicts: readonly { verdict: Verdict; size: number }[], skipped?: string): Tally {
  return {
    decisions: verdicts.length,
    regression: verdicts.filter((v) => v.verdict === 'regression').length,
    inconclusive: verdicts.filter((v) => v.verdict === 'inconclusive').length,
    pass: verdicts.filter((v) => v.verdict === 'pass').length,
    sizes: verdicts.map((v) => v.size),
    ...(skipped ? { skipped } : {}),
  }
}

export interface ReplayContext {
  index: PoolIndex
  gate: StatsGate
  profile: string
  scenario: string
  random: () => number
}

/** A copy of a run that the paired comparison will match by this round number. */
function asRound(run: RunResult, round: number, variant: RunResult['variant']): RunResult {
  return { ...run, round, variant }
}

function roundsWith(stack: Map<number, Map<VariantLabel, RunResult>>, variants: VariantLabel[]): number[] {
  return [...stack.entries()]
    .filter(([, byVariant]) => variants.every((v) => byVariant.has(v)))
    .map(([round]) => round)
    .sort((a, b) => a - b)
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T
}

/**
 * The pairs of one paired gate, in the order the gate would measure them. A/B: A and X of the same
 * round. A/A: two A runs of distinct rounds of the same stack (the pool has one A per round), each
 * run used once, so no pair shares a run with another and the log ratios are not forced to cancel.
 */
function pairedSequence(
  ctx: ReplayContext,
  stack: Map<number, Map<VariantLabel, RunResult>>,
  setting: VariantLabel,
): { baseline: RunResult; candidate: RunResult }[] {
  if (setting === 'A') {
    const rounds = shuffle(roundsWith(stack, ['A']), ctx.random)
    const half = Math.floor(rounds.length / 2)
    return rounds.slice(0, half).map((round, i) => ({
      baseline: stack.get(rounds[half + i] as number)?.get('A') as RunResult,
      candidate: stack.get(round)?.get('A') as RunResult,
    }))
  }
  return shuffle(roundsWith(stack, ['A', setting]), ctx.random).map((round) => ({
    baseline: stack.get(round)?.get('A') as RunResult,
    candidate: stack.get(round)?.get(setting) as RunResult,
  }))
}

function pairedVerdict(
  ctx: ReplayContext,
  pairs: readonly { baseline: RunResult; candidate: RunResult }[],
): Verdict {
  return comparePaired({
    profile: ctx.profile,
    scenario: ctx.scenario,
    control: false,
    candidateRuns: pairs.map((p, i) => asRound(p.candidate, i, 'candidate')),
    baselineRuns: pairs.map((p, i) => asRound(p.baseline, i, 'baseline')),
    gate: ctx.gate,
  }).verdict
}

/**
 * Paired gates of a fixed size: n pairs from one stack (one runner), verdict from comparePaired.
 * `adaptive` mirrors run-gate: start with n pairs, add 2 while inconclusive, up to `maxPairs` or
 * what the stack holds.
 */
export function replayPaired(
  ctx: ReplayContext,
  setting: VariantLabel,
  n: number,
  decisions: number,
  adaptive?: { maxPairs: number },
): Tally {
  const stacks = [...ctx.index.values()].filter((stack) => pairedSequence(ctx, stack, setting).length >= n)
  if (stacks.length === 0) return tally([], `no stack holds ${n} ${setting === 'A' ? 'A/A' : 'A/B'} pairs`)
  const verdicts: { verdict: Verdict; size: number }[] = []
  for (let d = 0; d < decisions; d++) {
    const sequence = pairedSequence(ctx, pick(stacks, ctx.random), setting)
    let size = n
    let verdict = pairedVerdict(ctx, sequence.slice(0, size))
    if (adaptive) {
      const limit = Math.min(adaptive.maxPairs, sequence.length)
      while (verdict === 'inconclusive' && size + 2 <= limit) {
        size += 2
        verdict = pairedVerdict(ctx, sequence.slice(0, size))
      }
    }
    verdicts.push({ verdict, size })
  }
  return tally(verdicts)
}

/**
 * Stored-baseline gates: k nights, each `perNight` A runs of one stack, and a candidate of `runs`
 * runs of the setting's variant on a held-out stack (the PR's runner), verdict from compareStored.
 */
export function replayStored(
  ctx: ReplayContext,
  setting: VariantLabel,
  nights: number,
  perNight: number,
  runs: number,
  decisions: number,
): Tally {
  const stackIds = [...ctx.index.keys()]
  if (stackIds.length < nights + 1)
    return tally([], `needs ${nights + 1} stacks, the pool has ${stackIds.length}`)
  const draw = (stack: number, variant: VariantLabel, count: number): RunResult[] | null => {
    const byRound = ctx.index.get(stack) as Map<number, Map<VariantLabel, RunResult>>
    const rounds = roundsWith(byRound, [variant])
    if (rounds.length < count) return null
    return shuffle(rounds, ctx.random)
      .slice(0, count)
      .map((round, i) => asRound(byRound.get(round)?.get(variant) as RunResult, i, 'candidate'))
  }
  const verdicts: { verdict: Verdict; size: number }[] = []
  for (let d = 0, attempts = 0; d < decisions && attempts < decisions * 10; attempts++) {
    const [heldOut, ...others] = shuffle(stackIds, ctx.random) as [number, ...number[]]
    const candidateRuns = draw(heldOut, setting, runs)
    const baselineNights = others.slice(0, nights).map((stack) => draw(stack, 'A', perNight))
    if (!candidateRuns || baselineNights.some((night) => night === null)) continue
    const verdict = compareStored({
      profile: ctx.profile,
      scenario: ctx.scenario,
      control: false,
      candidateRuns,
      baselineNights: baselineNights as RunResult[][],
      gate: ctx.gate,
    }).verdict
    verdicts.push({ verdict, size: runs })
    d++
  }
  return tally(verdicts)
}

export interface PoolNoise {
  /** Pooled within-stack sd of the same-round log ratio log(X / A), per variant. */
  sigmaPair: Record<string, number>
  /** Sd of log(A_r / A_r') over distinct rounds of one stack: what the A/A replay pairs. */
  sigmaAA: number
  /** Pooled within-stack sd of log P95 of A runs. */
  sdRun: number
  /** Sd between the stacks' mean log P95 of A: the runner-to-runner part. */
  sdBetweenStacks: number
  /** Median within-round ratio X / A over every stack and round. */
  realisedRatio: Record<string, number>
  /** Same, per stack, to show how stable the injected effect is. */
  realisedRatioByStack: Record<string, number[]>
  medianP95A: number
}

/** Noise and effect sizes straight from the pool, independent of any resampling. */
export function poolNoise(index: PoolIndex, variants: readonly VariantLabel[]): PoolNoise {
  const sigmaPair: Record<string, number> = {}
  const realisedRatio: Record<string, number> = {}
  const realisedRatioByStack: Record<string, number[]> = {}
  for (const v of variants) {
    if (v === 'A') continue
    const centred: number[] = []
    const all: number[] = []
    realisedRatioByStack[v] = []
    for (const stack of index.values()) {
      const logs = roundsWith(stack, ['A', v]).map((round) => {
        const byVariant = stack.get(round) as Map<VariantLabel, RunResult>
        return Math.log(
          (byVariant.get(v) as RunResult).metrics.p95 / (byVariant.get('A') as RunResult).metrics.p95,
        )
      })
      if (logs.length === 0) continue
      const m = mean(logs)
      centred.push(...logs.map((x) => x - m))
      all.push(...logs)
      realisedRatioByStack[v].push(Math.exp(median(logs)))
    }
    sigmaPair[v] = pooledSd(centred, index.size)
    realisedRatio[v] = Math.exp(median(all))
  }
  const aaLogs: number[] = []
  const runCentred: number[] = []
  const stackMeans: number[] = []
  const allA: number[] = []
  for (const stack of index.values()) {
    const values = roundsWith(stack, ['A']).map((r) => (stack.get(r)?.get('A') as RunResult).metrics.p95)
    if (values.length < 2) continue
    const logs = values.map(Math.log)
    const m = mean(logs)
    stackMeans.push(m)
    runCentred.push(...logs.map((x) => x - m))
    allA.push(...values)
    for (let i = 0; i < logs.length; i++)
      for (let j = i + 1; j < logs.length; j++) aaLogs.push((logs[i] as number) - (logs[j] as number))
  }
  return {
    sigmaPair,
    // Every pair of distinct rounds: var(log A_i - log A_j) = 2 var(log A) when rounds are independent.
    sigmaAA: aaLogs.length > 1 ? Math.sqrt(mean(aaLogs.map((x) => x * x))) : Number.NaN,
    sdRun: pooledSd(runCentred, stackMeans.length),
    sdBetweenStacks: stackMeans.length > 1 ? sd(stackMeans) : Number.NaN,
    realisedRatio,
    realisedRatioByStack,
    medianP95A: allA.length > 0 ? median(allA) : Number.NaN,
  }
}

/** Sd from values centred on their group means (one degree of freedom lost per group). */
function pooledSd(centred: readonly number[], groups: number): number {
  const df = centred.length - groups
  if (df <= 0) return Number.NaN
  return Math.sqrt(centred.reduce((sum, x) => sum + x * x, 0) / df)
}

/** A seeded generator for the replay, separate from the collection's so replays are repeatable. */
export function replayRandom(seed: number): () => number {
  return seededRandom(seed * 7919 + 17)
}
