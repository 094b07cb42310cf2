import { lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { otpRequests } from '../../db/schema'
import { SIGNUP_RESEND_WINDOW_MINUTES } from './otp'
import { deleteExpiredPasswordResets } from './password-reset'
import { deleteExpiredSessions } from './sessions'

/**
 * Deletes what no rule reads any more: expired sessions, expired reset links, and sign-up codes
 * older than the window in which they can be resent or count against their email's hourly limit.
 */
export async function purgeExpiredAuthRows(db: Db, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now)
  await deleteExpiredPasswordResets(db, now)
  const codesBefore = new Date(now.getTime() - SIGNUP_RESEND_WINDOW_MINUTES * 60_000)
  await db.delete(otpRequests).where(lt(otpRequests.createdAt, codesBefore))
}
