import { constants, createCipheriv, createDecipheriv, publicEncrypt } from 'node:crypto'

/**
 * The encryption NIC's e-invoice and e-way bill APIs ask of a direct (or GSP) caller: the login's
 * password and app key are encrypted with the portal's RSA public key (PKCS#1 v1.5), the portal
 * answers a session key (SEK) encrypted with the app key, and every later payload is
 * AES-256-ECB (PKCS#7 padding) under the SEK, base64 on the wire.
 */

export function rsaEncrypt(publicKeyPem: string, data: Buffer | string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING },
    typeof data === 'string' ? Buffer.from(data) : data,
  ).toString('base64')
}

export function aesEncrypt(key: Buffer, data: Buffer | string): string {
  const cipher = createCipheriv('aes-256-ecb', key, null)
  const plain = typeof data === 'string' ? Buffer.from(data) : data
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64')
}

export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null)
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()])
}
