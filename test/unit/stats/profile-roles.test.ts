import { describe, expect, it } from 'vitest'
import { controlCells, gatedCells, isGated, referenceProfile } from '../../../src/stats/profile-roles.js'

const cells = [
  { profile: 'no-gateway', control: true },
  { profile: 'no-policies', control: false },
  { profile: 'key-auth', control: false },
]

describe('profile roles', () => {
  it('gates every profile but a control', () => {
    expect(isGated({ control: false })).toBe(true)
    expect(isGated({})).toBe(true)
    expect(isGated({ control: true })).toBe(false)
    expect(gatedCells(cells).map((c) => c.profile)).toEqual(['no-policies', 'key-auth'])
    expect(controlCells(cells).map((c) => c.profile)).toEqual(['no-gateway'])
  })

  it('measures overhead against the configured profile when it ran, else the first gated one', () => {
    expect(referenceProfile(cells, null)).toBe('no-policies')
    expect(referenceProfile(cells, 'key-auth')).toBe('key-auth')
    expect(referenceProfile(cells, 'ghost')).toBeNull()
    expect(referenceProfile([{ profile: 'no-gateway', control: true }], null)).toBeNull()
  })
})
