import type { ChangePasswordInput, SessionUser, VerifyOtpBody } from '@techbazaar/shared'
import type { loginBody, registerBody } from '@techbazaar/shared'
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppDeps } from '../../app-types'
import { consents, otpRequests, users, vendorProfiles } from '../../db/schema'
import { AppError, badRequest, conflict, tooMany } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password'
import {
  generateOtp,
  hashOtp,
  hashRegistrationToken,
  newRegistrationToken,
  NO_CODE,
  OTP_PER_EMAIL_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  otpMail,
  otpMatches,
  SIGNUP_RESEND_WINDOW_MINUTES,
  takenEmailMail,
} from './otp'
import { newDeviceId, type KnownDevice } from './devices'
import { createSession, revokeAllSessions, toSessionUser, userColumns } from './sessions'
import { takeSignInAttempt } from './sign-in-throttle'
import { wrongCode } from './wrong-code'
import { enqueue } from '../../jobs/outbox'
import { smsText } from '../../sms'

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
  /** The privacy notice agreed to at step 1, and the optional purpose if ticked (decision 076). */
  noticeVersion?: string
  consentMarketing?: boolean
}

const EMAIL_TAKEN = 'An account with this email already exists. Please sign in.'

/** Step 1 and resends from one IP, counted before anything else so every answer costs the same. */
async function takeIpBudget(deps: AppDeps, ip: string) {
  const perIp = await deps.counters.hit(`otp-ip:${ip}`, 3600)
  if (perIp.count > deps.config.registerPerIpPerHour) {
    throw tooMany(
      'Too many OTP requests from your network. Please try again later.',
      perIp.resetSeconds,
    )
  }
}

/** At most one mail a minute and five an hour to one address, counted from the stored codes. */
async function assertEmailBudget(deps: AppDeps, email: string) {
  const now = deps.now()
  const hourAgo = new Date(now.getTime() - 3_600_000)
  const recent = await deps.db
    .select({ createdAt: otpRequests.createdAt })
    .from(otpRequests)
    .where(and(eq(otpRequests.email, email), gt(otpRequests.createdAt, hourAgo)))
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
}

/**
 * Stores a fresh code for the pending sign-up named by `tokenHash` and mails it. When the email
 * already has an account, the same work is done (the same answer, in about the same time), but
 * the stored code matches nothing and the owner gets a notice instead of a code.
 */
async function sendCode(
  deps: AppDeps,
  pending: PendingRegistration,
  tokenHash: string,
  ip: string,
) {
  const now = deps.now()
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, pending.email))
  const code = generateOtp()
  // A second code goes by SMS to the mobile given: either completes the sign-up, and this one
  // also proves the mobile (decision 093). None when the email is taken (no code is sent).
  const smsCode = taken ? null : generateOtp()
  const id = crypto.randomUUID()
  await deps.db.insert(otpRequests).values({
    id,
    email: pending.email,
    codeHash: taken ? NO_CODE : hashOtp(id, code),
    smsCodeHash: smsCode ? hashOtp(id, smsCode) : null,
    tokenHash,
    pending: { ...pending },
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    ip,
    createdAt: now,
  })
  const { shopName, appUrl } = deps.config
  await deps.mailer.send({
    to: pending.email,
    ...(taken ? takenEmailMail(shopName, appUrl) : otpMail(shopName, code)),
  })
  if (smsCode) {
    const text = smsText('signup_otp', { shop: shopName, code: smsCode, minutes: OTP_TTL_MINUTES })
    await enqueue(deps.db, 'sms', { sms: { to: pending.mobile, kind: 'signup_otp', text } })
  }
  return { message: `OTP sent to ${pending.email}. It is valid for ${OTP_TTL_MINUTES} minutes.` }
}

/**
 * Step 1: validates, stores the pending registration and mails a
 * 6-digit code. Answers the token step 2 must present: it names this sign-up alone, so a later
 * sign-up for the same email (by anyone) never changes what this one creates. A taken email is
 * answered exactly like a new one (see `sendCode`).
 */
export async function requestRegistration(deps: AppDeps, input: RegisterInput, ip: string) {
  await takeIpBudget(deps, ip)
  await assertEmailBudget(deps, input.email)
  const pending: PendingRegistration = {
    userName: input.userName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    mobile: input.mobile,
    gstNumber: input.gstNumber,
    role: input.role,
    type: input.type,
    noticeVersion: input.noticeVersion,
    consentMarketing: input.consentMarketing,
  }
  const { token, tokenHash } = newRegistrationToken()
  const { message } = await sendCode(deps, pending, tokenHash, ip)
  return { message, registrationToken: token }
}

/** The newest code mailed for the sign-up the token names (older ones no longer count). */
async function newestCode(deps: AppDeps, tokenHash: string) {
  const [row] = await deps.db
    .select()
    .from(otpRequests)
    .where(eq(otpRequests.tokenHash, tokenHash))
    .orderBy(desc(otpRequests.createdAt))
    .limit(1)
  return row
}

/**
 * Another code for the same pending sign-up, with the details step 1 sent. The same limits as
 * step 1 apply; a sign-up whose last code is over an hour old, or that is done, must start again.
 */
export async function resendRegistrationCode(deps: AppDeps, registrationToken: string, ip: string) {
  await takeIpBudget(deps, ip)
  const tokenHash = hashRegistrationToken(registrationToken)
  const row = await newestCode(deps, tokenHash)
  const windowStart = deps.now().getTime() - SIGNUP_RESEND_WINDOW_MINUTES * 60_000
  if (!row || row.consumedAt || row.createdAt.getTime() <= windowStart) {
    throw badRequest('This sign-up has expired. Please change details and request a new OTP.')
  }
  await assertEmailBudget(deps, row.email)
  return sendCode(deps, row.pending as unknown as PendingRegistration, tokenHash, ip)
}

/**
 * Step 2: finds the sign-up by the token from step 1 (never by email) and checks the code
 * against its newest one. The attempt is taken first, in one conditional UPDATE, so parallel
 * guesses cannot compare more codes than `OTP_MAX_ATTEMPTS`; a used or expired code never works
 * again. A token that names no pending sign-up is answered like a wrong code (counted in the
 * counters), so the answer never tells whether a sign-up is pending. Creates the account and a
 * session; an email or GSTIN that became an account meanwhile is a 409.
 */
export async function verifyRegistration(
  deps: AppDeps,
  input: VerifyOtpBody,
  meta: { ip: string; userAgent?: string },
): Promise<{ user: SessionUser; token: string }> {
  const now = deps.now()
  const max = deps.config.otpMaxAttempts
  const tokenHash = hashRegistrationToken(input.registrationToken)
  const notPending = async () => {
    const decoy = await deps.counters.hit(`otp-none:${tokenHash}`, OTP_TTL_MINUTES * 60)
    return wrongCode(max - Math.min(decoy.count, max))
  }
  const request = await newestCode(deps, tokenHash)
  if (!request || request.consumedAt) throw await notPending()
  if (request.expiresAt <= now) throw badRequest('OTP has expired. Please request a new one.')
  const [attempt] = await deps.db
    .update(otpRequests)
    .set({ attempts: sql`${otpRequests.attempts} + 1` })
    .where(
      and(
        eq(otpRequests.id, request.id),
        lt(otpRequests.attempts, max),
        isNull(otpRequests.consumedAt),
        gt(otpRequests.expiresAt, now),
      ),
    )
    .returning({ attempts: otpRequests.attempts })
  if (!attempt) {
    // No attempt left, or a parallel request used the code a moment ago.
    const [current] = await deps.db
      .select({ consumedAt: otpRequests.consumedAt })
      .from(otpRequests)
      .where(eq(otpRequests.id, request.id))
    throw current?.consumedAt ? await notPending() : wrongCode(0)
  }
  const bySms =
    request.smsCodeHash !== null && otpMatches(request.id, input.otp, request.smsCodeHash)
  if (!bySms && !otpMatches(request.id, input.otp, request.codeHash)) {
    throw wrongCode(max - attempt.attempts)
  }
  const pending = request.pending as unknown as PendingRegistration
  // A sign-up started before consent was recorded has none to record: it starts again.
  const noticeVersion = pending.noticeVersion
  if (!noticeVersion) {
    throw badRequest('This sign-up has expired. Please change details and request a new OTP.')
  }
  return deps.db.transaction(async (tx) => {
    // Consuming is conditional, so two concurrent verifications cannot both create the account.
    const consumed = await tx
      .update(otpRequests)
      .set({ consumedAt: now })
      .where(and(eq(otpRequests.id, request.id), isNull(otpRequests.consumedAt)))
      .returning({ id: otpRequests.id })
    if (consumed.length === 0) throw badRequest('This OTP has already been used.')
    // The code from the SMS proves the mobile; an older account that had it verified loses it
    // (numbers are recycled): one number signs in to one account.
    if (bySms) {
      await tx
        .update(users)
        .set({ mobileVerifiedAt: null })
        .where(and(eq(users.mobile, pending.mobile), isNotNull(users.mobileVerifiedAt)))
    }
    // ON CONFLICT instead of a look first: another sign-up for the same email or GSTIN may
    // commit between the look and the insert; the unique index then answers 409, never 500.
    const [created] = await tx
      .insert(users)
      .values({
        userName: pending.userName,
        email: pending.email,
        passwordHash: pending.passwordHash,
        mobile: pending.mobile,
        mobileVerifiedAt: bySms ? now : null,
        role: pending.role,
        type: pending.type,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (!created) throw conflict(EMAIL_TAKEN)
    // The record of consent, made with the account it is for (DPDP Act s.6).
    const purposes = pending.consentMarketing
      ? (['account', 'marketing'] as const)
      : ['account' as const]
    await tx
      .insert(consents)
      .values(
        purposes.map((purpose) => ({ userId: created.id, purpose, noticeVersion, givenAt: now })),
      )
    if (pending.type === 'vendor') {
      // A pending seller reserves no GSTIN: the admin's approval checks it
      // (docs/decisions/056-second-outside-attack.md, Issue 26.12).
      await tx
        .insert(vendorProfiles)
        .values({ userId: created.id, gstNumber: pending.gstNumber, status: 'Pending' })
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
