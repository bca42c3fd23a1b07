import { describe, expect, it } from 'vitest'
import type { CellComparison, RatioEstimate } from '../../../src/model.js'
import { noiseMonitor } from '../../../src/stats/noise-monitor.js'

function control(ratio: RatioEstimate | null, isControl = true): CellComparison {
  return { cell: 'no-gateway/steady', control: isControl, metric: 'p95', ratio } as CellComparison
}

const r = (estimate: number, lower: number, upper: number): RatioEstimate => ({
  estimate,
  lower,
  upper,
  confidence: 0.95,
})

describe('noise monitor (threshold 10%)', () => {
  it('says nothing when the control looks like the baseline runner or cannot tell', () => {
    expect(noiseMonitor([control(r(1.03, 0.98, 1.08))], { threshold: 0.1 })).toBeNull()
    // Significantly slower, but not by more than the band: not "markedly" different.
    expect(noiseMonitor([control(r(1.08, 1.04, 1.12))], { threshold: 0.1 })).toBeNull()
    expect(noiseMonitor([control(null)], { threshold: 0.1 })).toBeNull()
    expect(noiseMonitor([], { threshold: 0.1 })).toBeNull()
  })

  it('flags a runner markedly slower than the baseline (CI entirely above 1.1)', () => {
    const note = noiseMonitor([control(r(1.3, 1.2, 1.4))], { threshold: 0.1 })
    expect(note).toMatch(
      /^Noise monitor: .*no-gateway\/steady P95 \+30\.0% \(95% CI \+20\.0% to \+40\.0%\): this runner is markedly slower/,
    )
  })

  it('flags a runner markedly faster (CI entirely below 1 / 1.1 = 0.909)', () => {
    expect(noiseMonitor([control(r(0.85, 0.8, 0.9))], { threshold: 0.1 })).toMatch(/markedly faster/)
    // 0.92 is within the band on the log scale even though 1 - 0.92 < 0.1.
    expect(noiseMonitor([control(r(0.88, 0.85, 0.92))], { threshold: 0.1 })).toBeNull()
  })

  it('ignores cells that are not control cells', () => {
    expect(noiseMonitor([control(r(1.5, 1.4, 1.6), false)], { threshold: 0.1 })).toBeNull()
  })
})
