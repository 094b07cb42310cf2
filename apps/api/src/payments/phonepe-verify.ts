import { createHash } from 'node:crypto'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** X-VERIFY: sha256hex(payload + saltKey) + "###" + saltIndex (payload includes the path for calls). */
export function phonepeVerify(payload: string, saltKey: string, saltIndex: string): string {
  return `${sha256(payload + saltKey)}###${saltIndex}`
}
