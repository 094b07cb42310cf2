import { createHmac, timingSafeEqual } from 'node:crypto'
import { PaymentSignatureError } from './types'

/** hex(HMAC-SHA512(secret, timestamp + "\n" + nonce + "\n" + body + "\n")). */
export function gatepaySignature(secret: string, timestamp: string, nonce: string, body: string) {
  return createHmac('sha512', secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest('hex')
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Checks a GatePay notification's X-GatePay-Signature over its timestamp, nonce and raw body
 * (PAY and PAY_REFUND alike); throws PaymentSignatureError when it is missing or wrong.
 */
export function verifyGatepaySignature(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): void {
  const timestamp = header(headers, 'x-gatepay-timestamp')
  const nonce = header(headers, 'x-gatepay-nonce')
  const signature = header(headers, 'x-gatepay-signature')
  if (!timestamp || !nonce || !signature) throw new PaymentSignatureError('headers missing')
  if (!safeEqual(signature, gatepaySignature(secret, timestamp, nonce, rawBody))) {
    throw new PaymentSignatureError('signature mismatch')
  }
}
