import { describe, expect, it } from 'vitest'
import { disableReaperUnlessSet } from '../../../src/stack/reaper.js'

describe('disableReaperUnlessSet', () => {
  it('turns the reaper off when the environment says nothing', () => {
    const env: NodeJS.ProcessEnv = {}
    disableReaperUnlessSet(env)
    expect(env.TESTCONTAINERS_RYUK_DISABLED).toBe('true')
  })

  it('leaves a value the user set explicitly, including "false"', () => {
    const env: NodeJS.ProcessEnv = { TESTCONTAINERS_RYUK_DISABLED: 'false' }
    disableReaperUnlessSet(env)
    expect(env.TESTCONTAINERS_RYUK_DISABLED).toBe('false')
  })
})
