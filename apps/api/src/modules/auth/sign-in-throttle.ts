import type { AppDeps } from '../../app-types'
import { tooMany } from '../../lib/errors'
import type { KnownDevice } from './devices'

/** What one password check is charged to. */
export interface SignInAttempt {
  /** The password was right: the attempt does not count. */
  giveBack(): Promise<void>
}

/**
 * Takes one password check from the budgets of this request BEFORE the password is checked:
 * counters answer each simultaneous request its own count, so of any number of parallel guesses
 * at most the limit get checked (reading the count first and adding failures after let 278 of
 * 300 through). Failed checks keep their attempt until the window ends; refused requests are
 * answered 429 without a check.
 *
 * Budgets: the client address, and then either the account (unknown browsers) or, for a browser
 * that signed in to this account before, that device alone. So wrong passwords from elsewhere
 * lock the account for strangers but never for its owner's devices, and each device still gets
 * only its own few guesses.
 */
export async function takeSignInAttempt(
  deps: AppDeps,
  who: { email: string; ip: string; device: KnownDevice | null },
): Promise<SignInAttempt> {
  const { perIp, perAccount, perDevice, windowSeconds } = deps.config.signInLimits
  const budgets = [
    { key: `login-fail:ip:${who.ip}`, limit: perIp },
    who.device
      ? { key: `login-fail:device:${who.device.deviceId}`, limit: perDevice }
      : { key: `login-fail:acct:${who.email}`, limit: perAccount },
  ]
  const taken: string[] = []
  // One after the other: a request the address budget refuses takes nothing from the account.
  for (const { key, limit } of budgets) {
    const { count, resetSeconds } = await deps.counters.hit(key, windowSeconds)
    if (count > limit) {
      throw tooMany('Too many failed sign-in attempts. Please try again later.', resetSeconds)
    }
    taken.push(key)
  }
  return {
    async giveBack() {
      await Promise.all(taken.map((key) => deps.counters.giveBack(key)))
    },
  }
}
