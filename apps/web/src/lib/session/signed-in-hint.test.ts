import { describe, expect, it } from 'vitest'
import { hasSignedInHint } from './signed-in-hint'

describe('hasSignedInHint', () => {
  it('reads the hint the API sets beside the session, in either spelling', () => {
    expect(hasSignedInHint('a=1; signed_in=1')).toBe(true)
    expect(hasSignedInHint('__Host-signed_in=1; device=x')).toBe(true)
  })

  it('is false without it, or with another value', () => {
    expect(hasSignedInHint('')).toBe(false)
    expect(hasSignedInHint('signed_in=0; not_signed_in=1')).toBe(false)
  })
})
