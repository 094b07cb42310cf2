import type {
  ForgotPasswordInput,
  ResetLinkCheckInput,
  ResetLinkState,
  ResetPasswordInput,
  SessionUser,
} from '@techbazaar/shared'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { AppDeps } from '../../app-types'
import type { Config } from '../../config'
import { enqueue } from '../../jobs/outbox'
import type { Mailer } from '../../lib/mail'
import type { Db } from '../../db/client'
import { passwordResets, users, vendorProfiles } from '../../db/schema'
import { badRequest, tooMany } from '../../lib/errors'
import { hashPassword } from '../../lib/password'
import {
  createSession,
  hashToken,
  newSecretToken,
  revokeAllSessions,
  toSessionUser,
  userColumns,
} from './sessions'

/** The page the mailed link opens (apps/web: features/auth/pages/reset-password-page.tsx). */
export const RESET_PASSWORD_PATH = '/reset-password'

const LINK_DEAD = 'This reset link has expired or was already used. Please ask for a new one.'

export function passwordResetMail(shopName: string, link: string, minutes: number) {
  return {
    subject: `Reset your ${shopName} password`,
    text: `Someone asked to reset the password of your ${shopName} account. To choose a new password, open ${link}\n\nThe link works once, for ${minutes} minutes. If you did not ask for it, ignore this mail: your password has not changed.`,
    html: `<p>Someone asked to reset the password of your <strong>${shopName}</strong> account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once, for ${minutes} minutes. If you did not ask for it, ignore this mail: your password has not changed.</p>`,
  }
}

/**
 * Requests per client address, then per email, taken before anything is looked up (as sign-in
 * does): every request costs the same budget whether or not the email has an account.
 */
async function takeResetBudget(deps: AppDeps, email: string, ip: string) {
  const { perIpPerHour, perEmailPerHour } = deps.config.passwordReset
  const budgets = [
    { key: `reset-ip:${ip}`, limit: perIpPerHour },
    { key: `reset-email:${email}`, limit: perEmailPerHour },
  ]
  for (const { key, limit } of budgets) {
    const { count, resetSeconds } = await deps.counters.hit(key, 3600)
    if (count > limit) {
      throw tooMany('Too many password reset requests. Please try again later.', resetSeconds)
    }
  }
}

/**
 * "Forgot password?": queues the request and answers. The answer is the same for an email without
 * an account, and so is the work before it: the budgets are taken and one outbox item is queued
 * either way; whether the email has an account is looked up by the worker (issuePasswordReset),
 * after the answer, so no timing of the request tells known emails from unknown ones.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: ForgotPasswordInput,
  meta: { ip: string },
): Promise<{ message: string }> {
  const { email } = input
  await takeResetBudget(deps, email, meta.ip)
  await enqueue(deps.db, 'auth.password-reset', { email, ip: meta.ip })
  const minutes = deps.config.passwordReset.ttlMinutes
  return {
    message: `If ${email} has an account, we have sent it a link to set a new password. The link works for ${minutes} minutes.`,
  }
}

/**
 * The worker's half of "Forgot password?": mails a single-use link to the account with this
 * email, valid for `PASSWORD_RESET_MINUTES`; the link of any earlier request stops working. No
 * account, no mail. The mail is sent here rather than queued, so the link never rests in the
 * outbox: only its hash is stored. A failed send throws, and the retry makes a new link.
 */
export async function issuePasswordReset(
  deps: { db: Db; now: () => Date; config: Config; mailer: Mailer },
  { email, ip }: { email: string; ip: string },
): Promise<void> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) return
  const minutes = deps.config.passwordReset.ttlMinutes
  const { token, tokenHash } = newSecretToken()
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    // Only the newest link works: the ones mailed before it are used up here.
    await tx
      .update(passwordResets)
      .set({ consumedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.consumedAt)))
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + minutes * 60_000),
      ip,
      createdAt: now,
    })
  })
  const { shopName, appUrl } = deps.config
  const link = `${appUrl}${RESET_PASSWORD_PATH}?token=${token}`
  await deps.mailer.send({ to: email, ...passwordResetMail(shopName, link, minutes) })
}

/**
 * Sets a new password from a mailed link. The link is used up by one conditional UPDATE (unused
 * and unexpired), so of two simultaneous uses one wins and the other is refused. Success ends every
 * session of the account, uses up its other links and answers a fresh session for this device.
 */
export async function resetPassword(
  deps: AppDeps,
  input: ResetPasswordInput,
  meta: { ip: string; userAgent?: string },
): Promise<{ user: SessionUser; token: string }> {
  const tokenHash = hashToken(input.token)
  const live = (now: Date) =>
    and(
      eq(passwordResets.tokenHash, tokenHash),
      isNull(passwordResets.consumedAt),
      gt(passwordResets.expiresAt, now),
    )
  // Looked at before the (slow) password hash, so a dead link costs no argon2 run.
  const [found] = await deps.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(live(deps.now()))
  if (!found) throw badRequest(LINK_DEAD)
  // Hashed outside the transaction: argon2 takes tens of milliseconds and must not hold a lock.
  const passwordHash = await hashPassword(input.newPassword)
  const now = deps.now()
  const { userId, token } = await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ consumedAt: now })
      .where(live(now))
      .returning({ userId: passwordResets.userId })
    if (!used) throw badRequest(LINK_DEAD)
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now })
      .where(eq(users.id, used.userId))
    await tx
      .update(passwordResets)
      .set({ consumedAt: now })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.consumedAt)))
    await revokeAllSessions(tx, used.userId)
    const sessionToken = await createSession(tx, {
      userId: used.userId,
      days: deps.config.sessionDays,
      now,
      ...meta,
    })
    return { userId: used.userId, token: sessionToken }
  })
  const [row] = await deps.db
    .select(userColumns)
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, userId))
  // The account was deleted between the commit and this read: it is gone, so is its password.
  if (!row) throw badRequest(LINK_DEAD)
  return { user: toSessionUser(row), token }
}

const LINK_WORDS: Record<ResetLinkState, string> = {
  valid: '',
  used: 'This reset link was already used, or a newer one was sent. Please ask for a new one.',
  expired: 'This reset link has expired. Please ask for a new one.',
  invalid: LINK_DEAD,
}

/**
 * What a mailed link is worth, for the reset page to say before its form (issue 31.5). It reads
 * only; the link is used up by `resetPassword` alone.
 */
export async function checkResetLink(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: ResetLinkCheckInput,
): Promise<{ state: ResetLinkState; message: string }> {
  const [row] = await deps.db
    .select({ expiresAt: passwordResets.expiresAt, consumedAt: passwordResets.consumedAt })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashToken(input.token)))
  const state: ResetLinkState = !row
    ? 'invalid'
    : row.consumedAt
      ? 'used'
      : row.expiresAt <= deps.now()
        ? 'expired'
        : 'valid'
  return { state, message: LINK_WORDS[state] }
}

/** Links past their time are of no use to anyone (used ones are kept until then, for support). */
export async function deleteExpiredPasswordResets(db: Db, now: Date): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now))
}
