import { createSign, createVerify, type KeyObject } from 'node:crypto'

/**
 * The IRP's signed QR code: a JWT (RS256) whose `data` claim is the invoice's key facts as JSON,
 * signed with the IRP's key so anyone can check it offline with NIC's public key. The sandbox
 * signs its own with a local key the same way.
 */

const b64url = (data: Buffer | string) =>
  (typeof data === 'string' ? Buffer.from(data) : data).toString('base64url')

export function signQr(data: object, key: KeyObject, issuer = 'NIC'): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))
  const body = b64url(JSON.stringify({ data: JSON.stringify(data), iss: issuer }))
  const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(key)
  return `${header}.${body}.${b64url(signature)}`
}

/** The `data` claim of a signed QR when its signature holds under `key`, else null. */
export function verifiedQrData(
  jwt: string,
  key: KeyObject | string,
): Record<string, unknown> | null {
  const [header, body, signature] = jwt.split('.')
  if (!header || !body || !signature) return null
  const ok = createVerify('RSA-SHA256')
    .update(`${header}.${body}`)
    .verify(key, Buffer.from(signature, 'base64url'))
  if (!ok) return null
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { data?: string }
  return claims.data ? (JSON.parse(claims.data) as Record<string, unknown>) : null
}
