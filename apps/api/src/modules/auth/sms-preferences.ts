import {
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
}
