import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

/**
 * One pending registration and the OTP that confirms it. The account only exists once the OTP is
 * verified; `pending` holds the validated details (with the password already hashed).
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register'] })
      .notNull()
      .default('register'),
    codeHash: text('code_hash').notNull(),
    pending: jsonb('pending').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_requests_email_idx').on(t.email, t.createdAt)],
)
