import type { SessionUser } from '@techbazaar/shared'
import type { mobileOtpRequestBody, mobileOtpVerifyBody } from '@techbazaar/shared'
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppDeps } from '../../app-types'
import type { Tx } from '../../db/client'
import { mobileSignInCodes, users, vendorProfiles } from '../../db/schema'
import { enqueue } from '../../jobs/outbox'
import { badRequest, tooMany } from '../../lib/errors'
import { smsText } from '../../sms'
import { newDeviceId, type KnownDevice } from './devices'
import {
  generateOtp,
  hashOtp,
  OTP_PER_EMAIL_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  otpMatches,
} from './otp'
import { createSession, toSessionUser, userColumns } from './sessions'
import { takeSignInAttempt } from './sign-in-throttle'
import { wrongCode } from './wrong-code'

type RequestInput = z.output<typeof mobileOtpRequestBody>

/** The one answer to every accepted request, whether or not the number has an account. */
export const MOBILE_CODE_SENT = `If this number is the verified mobile of a shopper's account, a sign-in code is on its way by SMS. It is valid for ${OTP_TTL_MINUTES} minutes.`

/** A shopper's account whose verified mobile this is (one at most: a unique index). */
async function accountOfMobile(deps: AppDeps, mobile: string) {
  const [row] = await deps.db
    .select({ ...userColumns })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(
      and(
        eq(users.mobile, mobile),
        isNotNull(users.mobileVerifiedAt),
        isNull(users.deletedAt),
        eq(users.role, 'user'),
        eq(users.type, 'user'),
      ),
    )
  return row
}

/**
 * The limits of OTP requests, on counters so a number without an account is limited exactly like
 * one with (a difference would tell them apart): per address as sign-up codes, and per number at
 * most one a minute and five an hour, as per email for sign-up codes.
 */
export async function takeRequestBudgets(deps: AppDeps, mobile: string, ip: string) {
  const perIp = await deps.counters.hit(`mobile-otp-ip:${ip}`, 3600)
  if (perIp.count > deps.config.registerPerIpPerHour) {
    throw tooMany(
      'Too many OTP requests from your network. Please try again later.',
      perIp.resetSeconds,
    )
  }
  const gap = await deps.counters.hit(`mobile-otp-gap:${mobile}`, OTP_RESEND_SECONDS)
  if (gap.count > 1) {
    throw tooMany(
      `Please wait ${gap.resetSeconds} seconds before requesting another OTP.`,
      gap.resetSeconds,
    )
  }
  const hourly = await deps.counters.hit(`mobile-otp:${mobile}`, 3600)
  if (hourly.count > OTP_PER_EMAIL_PER_HOUR) {
    throw tooMany(
      'Too many OTP requests for this number. Please try again later.',
      hourly.resetSeconds,
    )
  }
}

/**
 * "Sign in with mobile number", step 1: a code by SMS to the number when it is a shopper's
 * verified mobile; the same answer otherwise (decision 093).
 */
export async function requestMobileSignIn(deps: AppDeps, input: RequestInput, ip: string) {
  if (deps.config.sms.provider === 'off') {
    throw badRequest('Sign-in with a mobile number is not available. Please use your email.')
  }
  await takeRequestBudgets(deps, input.mobile, ip)
  const account = await accountOfMobile(deps, input.mobile)
  if (account) await sendCode(deps, { userId: account.id, mobile: input.mobile, ip }, 'sign_in_otp')
  return { message: MOBILE_CODE_SENT }
}

/**
 * Step 2: the newest code sent to the number, checked as sign-up codes are (attempts taken in
 * one conditional UPDATE, five at most, ten minutes), and charged to the sign-in limits like a
 * password. A number without a code is answered like a wrong code. Signs in as the password does.
 */
export async function verifyMobileSignIn(
  deps: AppDeps,
  input: z.output<typeof mobileOtpVerifyBody>,
  meta: { ip: string; userAgent?: string; device: KnownDevice | null },
): Promise<{ user: SessionUser; token: string; deviceId: string }> {
  const now = deps.now()
  const max = deps.config.otpMaxAttempts
  const account = await accountOfMobile(deps, input.mobile)
  const device = account && meta.device?.userId === account.id ? meta.device : null
  const attempt = await takeSignInAttempt(deps, {
    email: account?.email ?? `mobile:${input.mobile}`,
    ip: meta.ip,
    device,
  })
  const notPending = async () => {
    const decoy = await deps.counters.hit(`mobile-otp-none:${input.mobile}`, OTP_TTL_MINUTES * 60)
    return wrongCode(max - Math.min(decoy.count, max))
  }
  const [code] = account
    ? await deps.db
        .select()
        .from(mobileSignInCodes)
        .where(
          and(eq(mobileSignInCodes.userId, account.id), eq(mobileSignInCodes.mobile, input.mobile)),
        )
        .orderBy(desc(mobileSignInCodes.createdAt))
        .limit(1)
    : []
  if (!account || !code || code.consumedAt) throw await notPending()
  await checkCode(deps, code, input.otp)
  const token = await deps.db.transaction(async (tx) => {
    await consumeCode(tx, code.id, now)
    return createSession(tx, {
      userId: account.id,
      days: deps.config.sessionDays,
      now,
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
  })
  await attempt.giveBack()
  return { user: toSessionUser(account), token, deviceId: device?.deviceId ?? newDeviceId() }
}

type CodeRow = typeof mobileSignInCodes.$inferSelect

/**
 * One try of a code sent by SMS, as sign-up codes are checked: refused when expired, the try
 * taken in one conditional UPDATE (five at most, so parallel guesses cannot pass the limit),
 * then compared. Throws the shop's answers; returns when the code is right.
 */
export async function checkCode(deps: AppDeps, code: CodeRow, otp: string) {
  const now = deps.now()
  const max = deps.config.otpMaxAttempts
  if (code.expiresAt <= now) throw badRequest('OTP has expired. Please request a new one.')
  const [taken] = await deps.db
    .update(mobileSignInCodes)
    .set({ attempts: sql`${mobileSignInCodes.attempts} + 1` })
    .where(
      and(
        eq(mobileSignInCodes.id, code.id),
        lt(mobileSignInCodes.attempts, max),
        isNull(mobileSignInCodes.consumedAt),
        gt(mobileSignInCodes.expiresAt, now),
      ),
    )
    .returning({ attempts: mobileSignInCodes.attempts })
  if (!taken) throw wrongCode(0)
  if (!otpMatches(code.id, otp, code.codeHash)) throw wrongCode(max - taken.attempts)
}

/** Marks a right code used, once: a second use of the same code is refused. */
export async function consumeCode(tx: Tx, id: string, now: Date) {
  const consumed = await tx
    .update(mobileSignInCodes)
    .set({ consumedAt: now })
    .where(and(eq(mobileSignInCodes.id, id), isNull(mobileSignInCodes.consumedAt)))
    .returning({ id: mobileSignInCodes.id })
  if (consumed.length === 0) throw badRequest('This OTP has already been used.')
}

/** Writes a new code for the account and queues its SMS, in one transaction. */
export async function sendCode(
  deps: AppDeps,
  to: { userId: string; mobile: string; ip: string },
  kind: 'sign_in_otp' | 'mobile_verify_otp',
) {
  const now = deps.now()
  const code = generateOtp()
  const id = crypto.randomUUID()
  await deps.db.transaction(async (tx) => {
    await tx.insert(mobileSignInCodes).values({
      id,
      userId: to.userId,
      mobile: to.mobile,
      codeHash: hashOtp(id, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      ip: to.ip,
      createdAt: now,
    })
    const text = smsText(kind, { shop: deps.config.shopName, code, minutes: OTP_TTL_MINUTES })
    await enqueue(tx, 'sms', { sms: { to: to.mobile, kind, text } })
  })
}
