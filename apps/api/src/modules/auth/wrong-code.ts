import { badRequest } from '../../lib/errors'

/** A wrong code's answer, with what is left of the attempts. */
export function wrongCode(left: number) {
  return badRequest(
    left > 0
      ? `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`
      : 'Too many wrong codes. Please request a new OTP.',
  )
}
