import { createHmac, timingSafeEqual } from 'node:crypto'
import { PaymentSignatureError } from './types'

/** Cashfree's signature: base64(HMAC-SHA256(secret, timestamp + raw body)). */
export function cashfreeSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64')
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function header(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Checks a notification's `x-webhook-signature` over its timestamp and raw bytes (payment and
 * refund notifications alike); throws PaymentSignatureError when it is missing or wrong.
 */
export function verifyCashfreeSignature(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): void {
  const signature = header(headers, 'x-webhook-signature')
  const timestamp = header(headers, 'x-webhook-timestamp')
  if (!signature || !timestamp) throw new PaymentSignatureError('signature headers missing')
  if (!safeEqual(signature, cashfreeSignature(secret, timestamp, rawBody))) {
    throw new PaymentSignatureError('signature mismatch')
  }
}
