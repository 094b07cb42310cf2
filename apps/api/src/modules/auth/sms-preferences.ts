import {
  messageResponse,
  mobileVerificationBody,
  SMS_NOTICE_KINDS,
  smsPreferences,
  smsPreferencesResponse,
  type SmsPreferences,
} from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { App } from '../../app-types'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { assertSelf } from '../../plugins/auth'
import { requestMobileVerification, verifyAccountMobile } from './mobile-verification'

async function readPreferences(db: Db, userId: string) {
  const [row] = await db
    .select({ muted: users.smsMuted, mobile: users.mobile, verifiedAt: users.mobileVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) throw notFound('Account not found')
  const preferences = Object.fromEntries(
    SMS_NOTICE_KINDS.map((kind) => [kind, !row.muted.includes(kind)]),
  ) as SmsPreferences
  return {
    success: true as const,
    preferences,
    mobile: row.mobile,
    mobileVerified: row.verifiedAt !== null,
  }
}

/**
 * The shopper's choice of order messages by SMS (decision 093). Both routes work on the
 * session's own account, so there is no one else's to name; OTPs are not a choice.
 */
export async function smsPreferencesRoutes(app: App) {
  const { db } = app.deps
  const tags = ['account']
  const config = { access: 'shopper' as const }

  app.get(
    '/account/sms-preferences',
    {
      schema: {
        tags,
        summary: 'Which order messages go to the shopper’s mobile by SMS, and that mobile',
        response: { 200: smsPreferencesResponse },
      },
      config,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return readPreferences(db, assertSelf(request, undefined).id)
    },
  )

  app.put(
    '/account/sms-preferences',
    {
      schema: {
        tags,
        summary: 'Turns order messages by SMS on or off, one kind at a time (OTPs always go)',
        body: smsPreferences,
        response: { 200: smsPreferencesResponse },
      },
      config,
    },
    async (request) => {
      const { id } = assertSelf(request, undefined)
      const muted = SMS_NOTICE_KINDS.filter((kind) => !request.body[kind])
      await db
        .update(users)
        .set({ smsMuted: muted, updatedAt: app.deps.now() })
        .where(eq(users.id, id))
      return readPreferences(db, id)
    },
  )

  app.post(
    '/account/mobile/request-otp',
    {
      schema: {
        tags,
        summary: 'Sends a code by SMS to the account’s own mobile, to verify it (while unverified)',
        response: { 200: messageResponse },
      },
      config,
    },
    async (request) => ({
      success: true as const,
      ...(await requestMobileVerification(app.deps, assertSelf(request, undefined).id, request.ip)),
    }),
  )

  app.post(
    '/account/mobile/verify',
    {
      schema: {
        tags,
        summary: 'Checks the code from the SMS; the account’s mobile is then verified',
        body: mobileVerificationBody,
        response: { 200: smsPreferencesResponse },
      },
      config: { ...config, rateLimit: { max: 60, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const { id } = assertSelf(request, undefined)
      await verifyAccountMobile(app.deps, id, request.body.otp)
      return readPreferences(db, id)
    },
  )
}
