import { X509Certificate } from 'node:crypto'
import { TaskTimeoutError, TaskWorker } from '../task-worker'
import type { LoadedSigningKey } from './pkcs12'
import { assertPkcs12Bounded } from './pkcs12-limits'
import type { ReadReply, ReadRequest } from './pkcs12-worker'
import { SigningKeyError } from './signing-key-error'

/**
 * Opening a PKCS#12 file derives keys in JavaScript for as long as the file asks (issue 26.4):
 * the server does it in a worker thread, after the bounds of pkcs12-limits.ts, and gives up
 * after PKCS12_READ_TIMEOUT_MS (the thread is terminated), so no file holds the event loop.
 */

/** Real certificates open in well under a second; the bounds allow a few seconds at most. */
export const PKCS12_READ_TIMEOUT_MS = 10_000

const reader = new TaskWorker<ReadRequest, ReadReply>(
  new URL('./pkcs12-worker.ts', import.meta.url),
  PKCS12_READ_TIMEOUT_MS,
)

/** readPkcs12 (pkcs12.ts) off the event loop: the same key, or the same SigningKeyError. */
export async function readPkcs12OffThread(
  p12: Buffer,
  passphrase: string,
): Promise<LoadedSigningKey> {
  // Refused here at once, without waiting for the thread (the thread checks again).
  assertPkcs12Bounded(p12)
  let reply: ReadReply
  try {
    reply = await reader.run({ p12, passphrase })
  } catch (error) {
    if (!(error instanceof TaskTimeoutError)) throw error
    throw new SigningKeyError(
      'too-slow',
      `The file took longer than ${PKCS12_READ_TIMEOUT_MS / 1000} seconds to open: export it again with OpenSSL's defaults`,
    )
  }
  if ('problem' in reply) throw new SigningKeyError(reply.problem, reply.message)
  return {
    privateKey: reply.privateKey,
    chain: reply.chain.map((der) => new X509Certificate(der)),
    subject: reply.subject,
    validFrom: new Date(reply.validFrom),
    validTo: new Date(reply.validTo),
  }
}
