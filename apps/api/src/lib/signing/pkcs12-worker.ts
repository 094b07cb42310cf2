import type { KeyObject } from 'node:crypto'
import { serveTasks } from '../task-worker'
import { readPkcs12, SigningKeyError, type SigningKeyProblem } from './pkcs12'

/** The worker thread of pkcs12-reader.ts: reads one PKCS#12 file per task. */

export interface ReadRequest {
  p12: Uint8Array
  passphrase: string
}

/** A key read, as it crosses threads (KeyObjects clone; certificates go as DER). */
export type ReadReply =
  | {
      privateKey: KeyObject
      chain: Uint8Array[]
      subject: string
      validFrom: string
      validTo: string
    }
  | { problem: SigningKeyProblem; message: string }

serveTasks<ReadRequest, ReadReply>(({ p12, passphrase }) => {
  try {
    const key = readPkcs12(Buffer.from(p12), passphrase)
    return {
      privateKey: key.privateKey,
      chain: key.chain.map((cert) => cert.raw),
      subject: key.subject,
      validFrom: key.validFrom.toISOString(),
      validTo: key.validTo.toISOString(),
    }
  } catch (error) {
    if (error instanceof SigningKeyError) return { problem: error.problem, message: error.message }
    throw error
  }
})
