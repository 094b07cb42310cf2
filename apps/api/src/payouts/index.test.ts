import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { PRODUCTION_ENV } from '../../test/production-env'
import { createPayoutRails } from './index'

const CASHFREE = {
  CASHFREE_PAYOUTS_CLIENT_ID: 'cf-id',
  CASHFREE_PAYOUTS_CLIENT_SECRET: 'cf-secret',
}
const RAZORPAYX = {
  RAZORPAYX_KEY_ID: 'rzp_live_x',
  RAZORPAYX_KEY_SECRET: 'secret',
  RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
}
const railsOf = (env: Record<string, string>) => createPayoutRails(loadConfig(env))
const names = (rails: ReturnType<typeof railsOf>) =>
  ['cashfree', 'razorpayx', 'bank', 'bank_file', 'sandbox'].filter((n) => rails.rail(n))

describe('createPayoutRails', () => {
  it('pays by the sandbox in demo mode when nothing is configured', () => {
    const rails = railsOf({})
    expect(rails.default).toBe(rails.sandbox.rail)
    expect(rails.default?.sandbox).toBe(true)
    expect(names(rails)).toEqual(['sandbox'])
  })

  it('has no rail outside demo mode without keys, and never the sandbox there', () => {
    const rails = railsOf({ ...PRODUCTION_ENV })
    expect(rails.default).toBeUndefined()
    expect(names(rails)).toEqual([])
    expect(rails.rail('SANDBOX')).toBeUndefined()
  })

  it('pays by Cashfree, else RazorpayX; both answer for their own payouts', () => {
    const both = railsOf({ ...PRODUCTION_ENV, ...CASHFREE, ...RAZORPAYX })
    expect(both.default?.name).toBe('CASHFREE')
    expect(names(both)).toEqual(['cashfree', 'razorpayx'])
    expect(both.rail('RazorpayX')?.name).toBe('RAZORPAYX')
    expect(railsOf({ ...PRODUCTION_ENV, ...RAZORPAYX }).default?.name).toBe('RAZORPAYX')
    const chosen = railsOf({
      ...PRODUCTION_ENV,
      ...CASHFREE,
      ...RAZORPAYX,
      PAYOUT_RAIL: 'razorpayx',
    })
    expect(chosen.default?.name).toBe('RAZORPAYX')
  })

  it('has the bank-file rail only when PAYOUT_RAIL=bank, named bank or bank_file', () => {
    const bank = railsOf({ ...PRODUCTION_ENV, ...CASHFREE, PAYOUT_RAIL: 'bank' })
    expect(bank.default?.name).toBe('BANK_FILE')
    expect(bank.rail('bank')).toBe(bank.default)
    expect(bank.rail('bank-file')).toBe(bank.default)
    expect(names(bank)).toEqual(['cashfree', 'bank', 'bank_file'])
    expect(railsOf({ ...PRODUCTION_ENV, ...CASHFREE }).rail('bank')).toBeUndefined()
  })
})
