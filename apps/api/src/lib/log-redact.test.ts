import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redact'

describe('redactUrl', () => {
  it('hides the reset token and the payment session id, and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc-DEF_1')).toBe('/reset-password?token=[redacted]')
    expect(redactUrl('/deposit?payment_session_id=s3cr3t&x=1')).toBe(
      '/deposit?payment_session_id=[redacted]&x=1',
    )
    expect(redactUrl('/api/payments/payu/checkout?a=1&payment_session_id=s')).toBe(
      '/api/payments/payu/checkout?a=1&payment_session_id=[redacted]',
    )
    expect(redactUrl('/shop/listing?category=electronics&page=2')).toBe(
      '/shop/listing?category=electronics&page=2',
    )
  })
})
