import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createPayments, paymentCsp } from '.'
import { MARKETPLACE_ENV, PRODUCTION_ENV } from '../../test/production-env'

describe('createPayments', () => {
  it('plays providers without keys with the sandbox outside production', () => {
    const payments = createPayments(loadConfig({ NODE_ENV: 'development' }))
    expect(payments.provider('CASHFREE')?.sandbox).toBe(true)
    expect(payments.provider('PAYU')?.sandbox).toBe(true)
    expect(payments.provider('GATEPAY')?.sandbox).toBe(true)
    expect(payments.provider('PHONEPAY')?.sandbox).toBe(true)
    expect(payments.provider('BITCOIN')).toBeUndefined()
  })

  it('never offers the sandbox in production', () => {
    const payments = createPayments(loadConfig(PRODUCTION_ENV))
    expect(payments.provider('CASHFREE')).toBeUndefined()
    expect(payments.provider('PAYU')).toBeUndefined()
  })

  it('never offers the sandbox on a public address unless DEMO_MODE=true', () => {
    const onServer = createPayments(
      loadConfig({ ...MARKETPLACE_ENV, APP_URL: 'https://shop.example.in' }),
    )
    const openHost = createPayments(loadConfig({ ...MARKETPLACE_ENV, HOST: '0.0.0.0' }))
    for (const payments of [onServer, openHost]) {
      for (const name of ['CASHFREE', 'PAYU', 'GATEPAY', 'PHONEPAY']) {
        expect(payments.provider(name)).toBeUndefined()
      }
    }
    const asked = loadConfig({ APP_URL: 'https://demo.example.in', DEMO_MODE: 'true' })
    expect(createPayments(asked).provider('CASHFREE')?.sandbox).toBe(true)
  })

  it('uses the real adapters and opens the CSP for them only when keys are configured', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      CASHFREE_CLIENT_ID: 'id',
      CASHFREE_CLIENT_SECRET: 'secret',
      CASHFREE_ENV: 'production',
      PAYU_KEY: 'key',
      PAYU_SALT: 'salt',
      PAYU_ENV: 'production',
    })
    const payments = createPayments(config)
    expect(payments.provider('CASHFREE')?.sandbox).toBe(false)
    expect(config.payments.cashfree?.baseUrl).toBe('https://api.cashfree.com/pg')
    expect(paymentCsp(config)).toEqual({
      script: ['https://sdk.cashfree.com'],
      frame: ['https://sdk.cashfree.com', 'https://api.cashfree.com'],
      connect: ['https://sdk.cashfree.com', 'https://api.cashfree.com'],
      formAction: ['https://api.cashfree.com', 'https://secure.payu.in'],
    })
    expect(paymentCsp(loadConfig({}))).toEqual({
      script: [],
      frame: [],
      connect: [],
      formAction: [],
    })
  })
})
