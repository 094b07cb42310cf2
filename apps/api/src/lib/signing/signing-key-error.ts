export type SigningKeyProblem =
  | 'not-pkcs12'
  | 'wrong-passphrase'
  | 'no-key'
  | 'no-certificate'
  | 'unsupported-key'
  | 'expired'
  | 'not-yet-valid'
  /** Iteration counts, derivations or bags beyond what a real certificate needs (issue 26.4). */
  | 'too-costly'
  /** Opening it outlasted the reader's time limit. */
  | 'too-slow'

/** Why a PKCS#12 file cannot sign; the message is meant for the admin who uploaded it. */
export class SigningKeyError extends Error {
  constructor(
    readonly problem: SigningKeyProblem,
    message: string,
  ) {
    super(message)
    this.name = 'SigningKeyError'
  }
}
