import type { FastifyBaseLogger } from 'fastify'
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

/** Runs the purge every `everyMs` (and once at start); answers a stop function for shutdown. */
export function startAuthCleanup(
  deps: { db: Db; now: () => Date },
  log: FastifyBaseLogger,
  everyMs = 3_600_000,
): () => void {
  const run = () =>
    purgeExpiredAuthRows(deps.db, deps.now()).catch((err: unknown) =>
      log.error({ err }, 'purging expired sessions and codes failed'),
    )
  void run()
  const timer = setInterval(() => void run(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
