import type { ChangePasswordInput, SessionUser } from '@techbazaar/shared'
import type { loginBody, registerBody } from '@techbazaar/shared'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppDeps } from '../../app'
import { otpRequests, users, vendorProfiles } from '../../db/schema'
import { AppError, badRequest, conflict, tooMany } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password'
import {
  generateOtp,
  hashOtp,
  OTP_MAX_ATTEMPTS,
  OTP_PER_EMAIL_PER_HOUR,
  OTP_PER_IP_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  otpMail,
  otpMatches,
} from './otp'
import { newDeviceId, type KnownDevice } from './devices'
import { createSession, revokeAllSessions, toSessionUser, userColumns } from './sessions'
import { takeSignInAttempt } from './sign-in-throttle'

type RegisterInput = z.output<typeof registerBody>
type LoginInput = z.output<typeof loginBody>

/** What verifying creates the account from (the password is already hashed). */
interface PendingRegistration {
  userName: string
  email: string
  passwordHash: string
  mobile: string
  gstNumber?: string
  role: 'user' | 'admin'
  type: 'user' | 'vendor'
}

async function assertFree(deps: AppDeps, email: string, gstNumber?: string) {
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken) throw conflict('An account with this email already exists. Please sign in.')
  if (gstNumber) {
    const [gstTaken] = await deps.db
      .select({ id: vendorProfiles.userId })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.gstNumber, gstNumber))
    if (gstTaken) throw conflict('A seller with this GST Number is already registered')
  }
}

/**
 * Step 1: validates, checks the email (and GSTIN) are free, stores the pending registration and
 * mails a 6-digit code. Resends: 1 a minute and 5 an hour per email, 30 an hour per IP.
 */
export async function requestRegistration(deps: AppDeps, input: RegisterInput, ip: string) {
  await assertFree(deps, input.email, input.gstNumber)
  const now = deps.now()
  const hourAgo = new Date(now.getTime() - 3_600_000)
  const recent = await deps.db
    .select({ createdAt: otpRequests.createdAt })
    .from(otpRequests)
    .where(and(eq(otpRequests.email, input.email), gt(otpRequests.createdAt, hourAgo)))
    .orderBy(desc(otpRequests.createdAt))
  const last = recent[0]
  if (last) {
    const wait = OTP_RESEND_SECONDS - Math.floor((now.getTime() - last.createdAt.getTime()) / 1000)
    if (wait > 0) throw tooMany(`Please wait ${wait} seconds before requesting another OTP.`, wait)
  }
  const oldest = recent[recent.length - 1]
  if (recent.length >= OTP_PER_EMAIL_PER_HOUR && oldest) {
    const wait = Math.ceil((oldest.createdAt.getTime() + 3_600_000 - now.getTime()) / 1000)
    throw tooMany('Too many OTP requests for this email. Please try again later.', wait)
  }
  const perIp = await deps.counters.hit(`otp-ip:${ip}`, 3600)
  if (perIp.count > OTP_PER_IP_PER_HOUR) {
    throw tooMany(
      'Too many OTP requests from your network. Please try again later.',
      perIp.resetSeconds,
    )
  }

  const pending: PendingRegistration = {
    userName: input.userName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    mobile: input.mobile,
    gstNumber: input.gstNumber,
    role: input.role,
    type: input.type,
  }
  const code = generateOtp()
  const id = crypto.randomUUID()
  await deps.db.insert(otpRequests).values({
    id,
    email: input.email,
    codeHash: hashOtp(id, code),
    pending: { ...pending },
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    ip,
    createdAt: now,
  })
  await deps.mailer.send({ to: input.email, ...otpMail(deps.config.shopName, code) })
  return { message: `OTP sent to ${input.email}. It is valid for ${OTP_TTL_MINUTES} minutes.` }
}

/**
 * Step 2: checks the code against the newest pending registration for the email. Five wrong
 * codes kill it; a used or expired code never works again. Creates the account and a session.
 */
export async function verifyRegistration(
  deps: AppDeps,
  input: { email: string; otp: string },
  meta: { ip: string; userAgent?: string },
): Promise<{ user: SessionUser; token: string }> {
  const now = deps.now()
  const [request] = await deps.db
    .select()
    .from(otpRequests)
    .where(and(eq(otpRequests.email, input.email), isNull(otpRequests.consumedAt)))
    .orderBy(desc(otpRequests.createdAt))
    .limit(1)
  if (!request) throw badRequest('No pending registration for this email. Please request an OTP.')
  if (request.attempts >= OTP_MAX_ATTEMPTS) {
    throw badRequest('Too many wrong codes. Please request a new OTP.')
  }
  if (request.expiresAt <= now) throw badRequest('OTP has expired. Please request a new one.')
  if (!otpMatches(request.id, input.otp, request.codeHash)) {
    const [updated] = await deps.db
      .update(otpRequests)
      .set({ attempts: sql`${otpRequests.attempts} + 1` })
      .where(eq(otpRequests.id, request.id))
      .returning({ attempts: otpRequests.attempts })
    const left = OTP_MAX_ATTEMPTS - (updated?.attempts ?? OTP_MAX_ATTEMPTS)
    throw badRequest(
      left > 0
        ? `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'Too many wrong codes. Please request a new OTP.',
    )
  }
  const pending = request.pending as unknown as PendingRegistration
  return deps.db.transaction(async (tx) => {
    // Consuming is conditional, so two concurrent verifications cannot both create the account.
    const consumed = await tx
      .update(otpRequests)
      .set({ consumedAt: now })
      .where(and(eq(otpRequests.id, request.id), isNull(otpRequests.consumedAt)))
      .returning({ id: otpRequests.id })
    if (consumed.length === 0) throw badRequest('This OTP has already been used.')
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, pending.email))
    if (taken) throw conflict('An account with this email already exists. Please sign in.')
    const [created] = await tx
      .insert(users)
      .values({
        userName: pending.userName,
        email: pending.email,
        passwordHash: pending.passwordHash,
        mobile: pending.mobile,
        role: pending.role,
        type: pending.type,
      })
      .returning({ id: users.id })
    if (!created) throw new Error('user insert returned nothing')
    if (pending.type === 'vendor') {
      await tx.insert(vendorProfiles).values({
        userId: created.id,
        gstNumber: pending.gstNumber,
        status: 'Pending',
      })
    }
    const token = await createSession(tx, {
      userId: created.id,
      days: deps.config.sessionDays,
      now,
      ...meta,
    })
    const user = toSessionUser({
      id: created.id,
      userName: pending.userName,
      email: pending.email,
      mobile: pending.mobile,
      role: pending.role,
      type: pending.type,
      vendorStatus: pending.type === 'vendor' ? 'Pending' : null,
    })
    return { user, token }
  })
}

/** A real argon2id hash of a random password: unknown emails cost as much as known ones. */
let dummyHash: Promise<string> | undefined

/**
 * Signs in by email and password. The attempt is taken from the limits first (see
 * sign-in-throttle.ts): over them, 429 with Retry-After whatever the password, and never a
 * hint whether the email exists. Answers the device id for this browser's device cookie.
 */
export async function login(
  deps: AppDeps,
  input: LoginInput,
  meta: { ip: string; userAgent?: string; device: KnownDevice | null },
): Promise<{ user: SessionUser; token: string; deviceId: string }> {
  const [row] = await deps.db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.email, input.email))
  // A device cookie only speaks for the account it signed in to.
  const device = row && meta.device?.userId === row.id ? meta.device : null
  const attempt = await takeSignInAttempt(deps, { email: input.email, ip: meta.ip, device })
  dummyHash ??= hashPassword(crypto.randomUUID())
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash), input.password)
  if (!row || !ok) throw new AppError(401, 'Invalid email or password')
  await attempt.giveBack()
  const token = await createSession(deps.db, {
    userId: row.id,
    days: deps.config.sessionDays,
    now: deps.now(),
    ip: meta.ip,
    userAgent: meta.userAgent,
  })
  return { user: toSessionUser(row), token, deviceId: device?.deviceId ?? newDeviceId() }
}

/**
 * Changes a signed-in user's password. Checking the current password takes an attempt from the
 * same limits as sign-in (account or device, and address), so a stolen session cannot guess the
 * password faster than the login form. Success ends every session of the user, this one
 * included, and answers a fresh session token for this device.
 */
export async function changePassword(
  deps: AppDeps,
  user: Pick<SessionUser, 'id' | 'email'>,
  input: ChangePasswordInput,
  meta: { ip: string; userAgent?: string; device: KnownDevice | null },
): Promise<{ token: string }> {
  const device = meta.device?.userId === user.id ? meta.device : null
  const attempt = await takeSignInAttempt(deps, { email: user.email, ip: meta.ip, device })
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    const message = 'Your current password is not correct'
    throw badRequest(message, [{ path: 'currentPassword', message }])
  }
  await attempt.giveBack()
  // Hashed before the transaction: argon2 takes tens of milliseconds and must not hold a lock.
  const passwordHash = await hashPassword(input.newPassword)
  return deps.db.transaction(async (tx) => {
    // Only over the hash just verified: of two changes racing, the second one fails here
    // instead of silently undoing the first one's new password.
    const changed = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: deps.now() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, row.passwordHash)))
      .returning({ id: users.id })
    if (changed.length === 0) {
      throw conflict('Your password was changed a moment ago. Please sign in again.')
    }
    await revokeAllSessions(tx, user.id)
    const token = await createSession(tx, {
      userId: user.id,
      days: deps.config.sessionDays,
      now: deps.now(),
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
    return { token }
  })
}
