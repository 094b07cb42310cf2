import { CONSENT_PURPOSES } from '@techbazaar/shared'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { id } from './columns'
import { users } from './users'

/**
 * The record of consent (DPDP Act 2023 s.6): who agreed to what purpose, under which version of
 * the notice, when, and when it was withdrawn. A withdrawal closes the row; giving consent again
 * adds a new one, so the history is kept. Deleted with the account (decision 076): an erased
 * account has no one left to prove consent for.
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    noticeVersion: text('notice_version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.purpose, t.givenAt)],
)

/**
 * A shopper account's last sign-in or order as the inactivity erasure last saw it (DPDP Rules
 * 2025 r.8 and the Third Schedule; decision 82), kept because sessions are deleted once they
 * expire, and when the 48-hour notice before erasure was mailed. A notice older than the last
 * activity no longer counts: the person came back.
 */
export const accountActivity = pgTable(
  'account_activity',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    erasureNoticeAt: timestamp('erasure_notice_at', { withTimezone: true }),
  },
  (t) => [index('account_activity_notice_idx').on(t.erasureNoticeAt)],
)
