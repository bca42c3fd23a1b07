/**
 * Synthetic recordings for loop tests: runs the way a gate would have measured them, drawn from a
 * seeded RNG (as bench/ draws its replays), so runGate's real loop and final verdict run over them
 * with the replay measurer and no Docker. Noise is on the scale measured here (per-run sd of log P95
 * about 0.06 between stacks, much less within a pair: DESIGN.md).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appendNight, type BaselineFile } from '../../src/baseline/format.js'
import { loadConfig, type LoadedConfig } from '../../src/config/load.js'
import { configCells } from '../../src/config/sweep.js'
import type { Recording } from '../../src/gate/decision/replay-measurer.js'
import { cellId, type MachineFingerprint, type RunResult, type VariantName } from '../../src/model.js'
import { seededRandom } from '../../src/plan/schedule.js'

/**
 * A gate of two profiles (a no-gateway control and a gateway) on one open-model scenario, with a
 * baseline variant (so it can run paired blocks) unless `variant` is false.
 */
export function loopConfigYaml(gate: Record<string, string | number>, extra = '', variant = true): string {
  const gateLines = Object.entries(gate)
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n')
  return `version: 1
name: loop
services:
  echo:
    image: perf-gate/echo:local
    ports: [8080]
  gw:
    image: perf-gate/nginx:local
    ports: [8080]
    dependsOn: [echo]
${variant ? 'baselineVariant:\n  services:\n    gw: { image: perf-gate/nginx:main }\n' : ''}profiles:
  - name: no-gateway
    control: true
    target: http://echo:8080/echo
  - name: gw
    target: http://gw:8080/echo
scenarios:
  - name: rate-200
    script: constant-arrival-rate
    rate: 200
    duration: 10s
    warmup: 1s
gate:
${gateLines}
baseline:
  path: baseline.json
${extra}`
}

/**
 * A matrix of 9 cells: a no-gateway control and two gateways (gw, gw2) x three open-model scenarios,
 * with a baseline variant, as issue 20's matrix.
 */
export function matrixConfigYaml(gate: Record<string, string | number>): string {
  const gateLines = Object.entries(gate)
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n')
  const scenarios = [100, 200, 300]
    .map(
      (rate) => `  - name: rate-${rate}
    script: constant-arrival-rate
    rate: ${rate}
    duration: 10s
    warmup: 1s`,
    )
    .join('\n')
  return `version: 1
name: matrix
services:
  echo:
    image: perf-gate/echo:local
    ports: [8080]
  gw:
    image: perf-gate/nginx:local
    ports: [8080]
    dependsOn: [echo]
  gw2:
    image: perf-gate/nginx:local
    ports: [8080]
    dependsOn: [echo]
baselineVariant:
  services:
    gw: { image: perf-gate/nginx:main }
    gw2: { image: perf-gate/nginx:main }
profiles:
  - name: no-gateway
    control: true
    target: http://echo:8080/echo
  - name: gw
    target: http://gw:8080/echo
  - name: gw2
    target: http://gw2:8080/echo
scenarios:
${scenarios}
gate:
${gateLines}
baseline:
  path: baseline.json
`
}

/** Writes the config into a fresh folder and loads it as the CLI would (no container starts). */
export function loadLoopConfig(yaml: string): { loaded: LoadedConfig; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'perf-gate-loop-'))
  mkdirSync(path.join(dir, 'out'))
  const file = path.join(dir, 'perf-gate.yml')
  writeFileSync(file, yaml)
  return { loaded: loadConfig(file, {}, { root: dir }), dir }
}

export interface Synthetic {
  seed: number
  /** This runner's P95 over the baseline's, every profile alike (default 1: the same runner). */
  runner?: number
  /** The candidate's P95 over the baseline's, per profile (default 1: unchanged code). */
  effect?: Record<string, number>
  /** The candidate's check accuracy, per profile (default 1). */
  accuracy?: Record<string, number>
  /**
   * Within-pair noise (sd of log P95 per run), by cell id or profile (default 0.015): a noisy cell
   * needs more pairs than a quiet one.
   */
  noise?: Record<string, number>
  /** Paired blocks recorded (default 12). */
  blocks?: number
  /** Seconds one run took (default 12). */
  runS?: number
  /** The k6 thresholds of a user's script, as every candidate run reports them. */
  thresholds?: { metric: string; threshold: string; ok: boolean }[]
}

function normal(random: () => number): number {
  // Box-Muller: two uniforms to one standard normal.
  const u = Math.max(random(), 1e-12)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

const BASE_P95_MS: Record<string, number> = { 'no-gateway': 1.2, gw: 2.5 }

function run(
  cell: { profile: string; scenario: string },
  variant: VariantName,
  p95: number,
  extra: Partial<RunResult> & {
    round: number
    accuracy: number
    runS: number
    thresholds?: Synthetic['thresholds']
  },
): RunResult {
  const { accuracy, runS, thresholds, ...rest } = extra
  const requests = 2000
  return {
    cell: cellId(cell.profile, cell.scenario),
    profile: cell.profile,
    scenario: cell.scenario,
    variant,
    warmup: false,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationS: runS,
    metrics: {
      p50: p95 * 0.6,
      p90: p95 * 0.9,
      p95,
      p99: p95 * 1.3,
      max: p95 * 2,
      mean: p95 * 0.65,
      rps: 200,
      requests,
      errorRate: 0,
      failedRequests: 0,
      checkAccuracy: accuracy,
      droppedIterations: 0,
      ...(thresholds ? { thresholds } : {}),
    },
    valid: true,
    resources: [],
    ...rest,
  }
}

/**
 * A recording of one gate: a stored phase (warm-up and gate.rounds rounds of the candidate) and
 * paired blocks (gate.pairsPerBlock pairs per cell each, both variants sharing the block's offset).
 */
export function syntheticRecording(loaded: LoadedConfig, s: Synthetic): Recording {
  const { config } = loaded
  const random = seededRandom(s.seed)
  const cells = configCells(config)
  const runS = s.runS ?? 12
  const factor = (profile: string) => (s.effect?.[profile] ?? 1) * (s.runner ?? 1)
  const accuracy = (profile: string) => s.accuracy?.[profile] ?? 1
  const base = (profile: string) => BASE_P95_MS[profile] ?? 2
  const stored: RunResult[] = []
  const rounds = config.gate.warmupRounds + config.gate.rounds
  for (let round = 0; round < rounds; round++)
    for (const cell of cells)
      stored.push(
        run(cell, 'candidate', base(cell.profile) * factor(cell.profile) * Math.exp(0.03 * normal(random)), {
          round,
          phase: 'stored',
          warmup: round < config.gate.warmupRounds,
          accuracy: accuracy(cell.profile),
          runS,
          thresholds: s.thresholds,
        }),
      )
  const blocks: RunResult[][] = []
  for (let block = 0; block < (s.blocks ?? 12); block++) {
    // Each block's fresh stacks sit at an offset of their own; within a pair both variants share it.
    const offset = Math.exp(0.06 * normal(random))
    const runs: RunResult[] = []
    for (let pair = 0; pair < config.gate.pairsPerBlock; pair++) {
      const round = block * config.gate.pairsPerBlock + pair
      for (const cell of cells)
        for (const variant of ['baseline', 'candidate'] as const) {
          const effect = variant === 'candidate' ? factor(cell.profile) : 1
          const id = cellId(cell.profile, cell.scenario)
          const sdRun = s.noise?.[id] ?? s.noise?.[cell.profile] ?? 0.015
          const p95 = base(cell.profile) * offset * effect * Math.exp(sdRun * normal(random))
          runs.push(
            run(cell, variant, p95, {
              round,
              block,
              phase: 'paired',
              accuracy: variant === 'candidate' ? accuracy(cell.profile) : 1,
              runS,
              thresholds: variant === 'candidate' ? s.thresholds : undefined,
            }),
          )
        }
    }
    blocks.push(runs)
  }
  return { stored, blocks }
}

/**
 * A stored baseline of `nights` nights of unchanged code, recorded on `machine`, written to the
 * config's baseline path (relative to `dir`); returns its path.
 */
export function writeSyntheticBaseline(
  loaded: LoadedConfig,
  dir: string,
  options: { seed: number; nights: number; machine: MachineFingerprint },
): string {
  const { config } = loaded
  let file: BaselineFile | null = null
  for (let night = 0; night < options.nights; night++) {
    const recording = syntheticRecording(loaded, { seed: options.seed * 100 + night, blocks: 0 })
    file = appendNight(
      file,
      {
        createdAt: new Date(Date.UTC(2025, 11, 31 - options.nights + night)).toISOString(),
        gitSha: null,
        k6Version: 'v1.8.1',
        machine: options.machine,
        runs: recording.stored
          .filter((r) => !r.warmup)
          .map((r) => ({ ...r, phase: 'baseline' as const, cell: cellId(r.profile, r.scenario) })),
      },
      { schemaVersion: 1, name: config.name, metric: config.gate.metric },
      config.gate.historyNights,
    )
  }
  const target = path.join(dir, 'baseline.json')
  writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`)
  return target
}
