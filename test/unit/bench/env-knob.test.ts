import { InvalidArgumentError } from 'commander'
import { describe, expect, it } from 'vitest'
import { envKnob } from '../../../bench/env-knob.js'

describe('envKnob (gates --env NAME=VALUE)', () => {
  it('collects repeated knobs, keeping = and empty values', () => {
    const first = envKnob('EXTRA_FILTER=1')
    expect(envKnob('ADMIN_LOG_LEVEL=', envKnob('A=b=c', first))).toEqual({
      EXTRA_FILTER: '1',
      A: 'b=c',
      ADMIN_LOG_LEVEL: '',
    })
  })

  it('refuses what is not NAME=VALUE', () => {
    expect(() => envKnob('EXTRA_FILTER')).toThrow(InvalidArgumentError)
    expect(() => envKnob('1X=2')).toThrow(/expected NAME=VALUE, got "1X=2"/)
  })

  it('refuses the variables the benchmark sets itself', () => {
    expect(() => envKnob('WORK_ITERATIONS=5')).toThrow(/--work/)
    expect(() => envKnob('PERF_GATE_METHOD=auto')).toThrow(/set by the benchmark/)
  })
})
