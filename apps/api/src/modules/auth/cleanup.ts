import { lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mobileSignInCodes, otpRequests } from '../../db/schema'
import { SIGNUP_RESEND_WINDOW_MINUTES } from './otp'
import { deleteExpiredPasswordResets } from './password-reset'
import { deleteExpiredSessions } from './sessions'

/** How long each kind is kept (the retention settings, decision 076). */
export interface AuthRetention {
  /** Sign-up codes, from when they were mailed; never under the resend window. */
  otpMinutes: number
  /** Sessions, from when they expired. */
  sessionDays: number
}

/**
 * Deletes what no rule reads any more: expired sessions, expired reset links, and sign-up and mobile sign-in codes
 * older than the window in which they can be resent or count against their email's hourly limit.
 */
export async function purgeExpiredAuthRows(
  db: Db,
  now: Date,
  keep: AuthRetention = { otpMinutes: SIGNUP_RESEND_WINDOW_MINUTES, sessionDays: 0 },
): Promise<void> {
  await deleteExpiredSessions(db, new Date(now.getTime() - keep.sessionDays * 86_400_000))
  await deleteExpiredPasswordResets(db, now)
  const minutes = Math.max(keep.otpMinutes, SIGNUP_RESEND_WINDOW_MINUTES)
  const codesBefore = new Date(now.getTime() - minutes * 60_000)
  await db.delete(otpRequests).where(lt(otpRequests.createdAt, codesBefore))
  await db.delete(mobileSignInCodes).where(lt(mobileSignInCodes.createdAt, codesBefore))
}
