/**
 * A synthetic 30-night baseline history of three cells for the trend page: jwt/steady steps up 8% at
 * night 20 (commit c20), no-policies/steady and the control direct/steady stay flat. Each night has
 * three runs per cell; the night's level has sd 0.01 on the log scale and each run sd 0.01 around it.
 */
import type { BaselineFile } from '../../src/baseline/format.js'
import { cellId } from '../../src/model.js'
import { seededRandom } from '../../src/plan/schedule.js'
import { run } from '../unit/stats/run-fixture.js'

const machine = { cpus: 4, cpuModel: 'test', memoryGiB: 16, os: 'linux', kernel: '6', runner: 'test' }
export const STEP_NIGHT = 20
const CELLS = [
  { profile: 'jwt', level: 20, step: true },
  { profile: 'no-policies', level: 12, step: false },
  { profile: 'direct', level: 4, step: false },
] as const

function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** 30 nights, three runs per cell a night; night i has commit c<i>. */
export function trendHistory(seed = 7): BaselineFile {
  const normal = gaussian(seededRandom(seed))
  return {
    schemaVersion: 1,
    name: 'luagw',
    metric: 'p95',
    nights: Array.from({ length: 30 }, (_, i) => ({
      createdAt: new Date(Date.UTC(2026, 0, 1 + i, 2)).toISOString(),
      gitSha: `c${i}`,
      k6Version: 'v1.8.1',
      machine,
      runs: CELLS.flatMap(({ profile, level, step }) => {
        const night = (step && i >= STEP_NIGHT ? Math.log(1.08) : 0) + 0.01 * normal()
        return [1, 2, 3].map((round) => ({
          ...run({ p95: level * Math.exp(night + 0.01 * normal()), round }),
          cell: cellId(profile, 'steady'),
          profile,
        }))
      }),
    })),
  }
}
