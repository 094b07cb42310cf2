import { and, desc, eq, isNotNull, ne } from 'drizzle-orm'
import type { AppDeps } from '../../app-types'
import { mobileSignInCodes, users } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { OTP_TTL_MINUTES } from './otp'
import { checkCode, consumeCode, sendCode, takeRequestBudgets } from './mobile-sign-in'

/**
 * Verifying the mobile of an account made before sign-up codes went by SMS (decision 093): the
 * shopper asks for a code on the account page, the SMS brings it to the account's own number,
 * and the right code marks the number verified, so it signs in and gets order messages. The
 * codes are the sign-in codes' (same table, limits and tries); only the account's own number is
 * ever sent one, and only while it is unverified.
 */
async function unverifiedMobileOf(deps: AppDeps, userId: string): Promise<string> {
  const [account] = await deps.db
    .select({ mobile: users.mobile, verifiedAt: users.mobileVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
  if (!account) throw notFound('Account not found')
  if (!account.mobile) throw badRequest('Your account has no mobile number to verify.')
  if (account.verifiedAt) throw conflict('Your mobile number is already verified.')
  return account.mobile
}

export async function requestMobileVerification(deps: AppDeps, userId: string, ip: string) {
  if (deps.config.sms.provider === 'off') {
    throw badRequest('Verifying a mobile number is not available at the moment.')
  }
  const mobile = await unverifiedMobileOf(deps, userId)
  await takeRequestBudgets(deps, mobile, ip)
  await sendCode(deps, { userId, mobile, ip }, 'mobile_verify_otp')
  return {
    message: `A code is on its way by SMS to ${mobile}. It is valid for ${OTP_TTL_MINUTES} minutes.`,
  }
}

/**
 * The code from the SMS: the number is verified, and taken from any other account that had it
 * verified (numbers are recycled: one number signs in to one account, as at sign-up).
 */
export async function verifyAccountMobile(deps: AppDeps, userId: string, otp: string) {
  const mobile = await unverifiedMobileOf(deps, userId)
  const [code] = await deps.db
    .select()
    .from(mobileSignInCodes)
    .where(and(eq(mobileSignInCodes.userId, userId), eq(mobileSignInCodes.mobile, mobile)))
    .orderBy(desc(mobileSignInCodes.createdAt))
    .limit(1)
  if (!code || code.consumedAt) throw badRequest('Please ask for a code first.')
  await checkCode(deps, code, otp)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    await consumeCode(tx, code.id, now)
    await tx
      .update(users)
      .set({ mobileVerifiedAt: null })
      .where(and(eq(users.mobile, mobile), ne(users.id, userId), isNotNull(users.mobileVerifiedAt)))
    await tx
      .update(users)
      .set({ mobileVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
  })
}
